/**
 * The drop-in rows of `npm run bench`: mlkem-ts/noble/ml-kem.js and /hybrid.js beside
 * @noble/post-quantum's own objects, through the same calls (noble's API): keygen, encapsulate,
 * decapsulate, and for ML-KEM prepare and a prepared key's encapsulate and decapsulate. Ours on
 * both backends: `portable` (the default) and `wasm` (after loadWasm(), which switches the same
 * objects). In one process, each round runs every implementation's batch of an operation in a fresh
 * random order, CPU time; reported: medians over rounds and the median of the per-round ratios
 * noble / ours ("4.2×": ours takes a quarter of noble's time), against the targets (≥ 4× portable,
 * ≥ 15× wasm).
 *
 * Alone: node --import tsx bench/noble.ts [--quick] [--rounds N]
 */
import { parseArgs } from 'node:util';

import * as nobleHybrid from '@noble/post-quantum/hybrid.js';
import * as nobleKem from '@noble/post-quantum/ml-kem.js';

import { registerLoadedBackend } from '../src/loaded-backend.js';
import * as oursHybrid from '../src/noble/hybrid.js';
import * as oursKem from '../src/noble/ml-kem.js';
import { loadWasm } from '../src/wasm/index.js';
import { median, shuffle } from './micro.js';

const KEMS = ['ml_kem512', 'ml_kem768', 'ml_kem1024'] as const;
const HYBRIDS = [
  'ml_kem768_x25519',
  'ml_kem768_p256',
  'ml_kem1024_p384',
  'QSF_ml_kem768_p256',
  'QSF_ml_kem1024_p384',
  'KitchenSink_ml_kem768_x25519',
] as const;
const IMPLS = ['noble', 'portable', 'wasm'] as const;
type Impl = (typeof IMPLS)[number];
const TARGETS: Record<Exclude<Impl, 'noble'>, number> = { portable: 4, wasm: 15 };

/** A noble-shaped KEM, as both sides have it. */
interface Kem {
  keygen(seed?: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array };
  encapsulate(publicKey: Uint8Array): { cipherText: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
  prepare?(publicKey: Uint8Array): {
    encapsulate(): { cipherText: Uint8Array; sharedSecret: Uint8Array };
    decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
  };
}

interface Task {
  impl: Impl;
  row: string;
  op: string;
  run: () => unknown;
  batch: number;
  us: number[];
}

let sink: unknown;

/** CPU µs of one batch of n calls. */
function cpuBatch(run: () => unknown, n: number): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) sink = run();
  const t = process.cpuUsage(t0);
  return t.user + t.system;
}

/** The operations of one object: inputs made outside the timed region, by that object itself. */
function operations(kem: Kem): Array<[string, () => unknown]> {
  const keys = kem.keygen();
  const { cipherText } = kem.encapsulate(keys.publicKey);
  const ops: Array<[string, () => unknown]> = [
    ['keygen', () => kem.keygen()],
    ['encapsulate', () => kem.encapsulate(keys.publicKey)],
    ['decapsulate', () => kem.decapsulate(cipherText, keys.secretKey)],
  ];
  if (kem.prepare !== undefined) {
    const prepared = kem.prepare(keys.publicKey);
    prepared.decapsulate(cipherText, keys.secretKey); // its first call expands the secret key
    ops.push(
      ['prepare', () => kem.prepare!(keys.publicKey)],
      ['prepared encapsulate', () => prepared.encapsulate()],
      ['prepared decapsulate', () => prepared.decapsulate(cipherText, keys.secretKey)],
    );
  }
  return ops;
}

/** The noble-shaped rows: noble's objects, and ours on each backend. */
export async function nobleBench(opts: { quick: boolean; rounds?: number }): Promise<string> {
  const wasm = await loadWasm();
  const useBackend = (impl: Impl) => registerLoadedBackend(impl === 'wasm' ? wasm : undefined);
  const tasks: Task[] = [];
  const rows: string[] = [];
  const add = (row: string, noble: Kem, ours: Kem) => {
    rows.push(row);
    for (const impl of IMPLS) {
      useBackend(impl);
      // Our prepared keys belong to the backend they were made on; each batch also switches to it.
      for (const [op, run] of operations(impl === 'noble' ? noble : ours)) {
        tasks.push({ impl, row, op, run: impl === 'noble' ? run : () => (useBackend(impl), run()), batch: 1, us: [] });
      }
    }
  };
  for (const name of KEMS) add(name, nobleKem[name] as Kem, oursKem[name] as Kem);
  for (const name of HYBRIDS) add(name, nobleHybrid[name] as Kem, oursHybrid[name] as Kem);

  const batchUs = opts.quick ? 5_000 : 25_000;
  for (const t of tasks) {
    // Warm-up, then a batch of about batchUs of CPU time.
    let n = 1;
    let us = cpuBatch(t.run, n);
    while (us < batchUs / 4 && n < 1e5) us = cpuBatch(t.run, (n *= 2));
    t.batch = Math.max(1, Math.round((n * batchUs) / Math.max(us, 1)));
  }
  const rounds = opts.rounds ?? (opts.quick ? 3 : 7);
  const cells = new Map<string, Task[]>();
  for (const t of tasks) cells.set(`${t.row} ${t.op}`, [...(cells.get(`${t.row} ${t.op}`) ?? []), t]);
  for (let r = 0; r < rounds; r++) {
    process.stderr.write(`noble rows: round ${r + 1}/${rounds}\n`);
    for (const cell of cells.values()) for (const t of shuffle(cell)) t.us.push(cpuBatch(t.run, t.batch) / t.batch);
  }
  registerLoadedBackend(undefined);

  const lines = [
    '## The noble drop-ins (mlkem-ts/noble/…) beside @noble/post-quantum',
    '',
    `${rounds} rounds, CPU time, µs/op (median over rounds); noble/ours: median of per-round ratios, ` +
      `targets ≥ ${TARGETS.portable}× (portable) and ≥ ${TARGETS.wasm}× (wasm), ✗ marks a miss.`,
    '',
    '| object | operation | noble µs/op | portable µs/op | wasm µs/op | noble/portable | noble/wasm |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const misses: string[] = [];
  for (const [, cell] of cells) {
    const by = (impl: Impl) => cell.find((t) => t.impl === impl)!;
    const noble = by('noble');
    const ratio = (impl: Exclude<Impl, 'noble'>) => {
      const ours = by(impl);
      const x = median(noble.us.map((u, i) => u / ours.us[i]!));
      const miss = x < TARGETS[impl];
      if (miss) misses.push(`${noble.row} ${noble.op} ${impl} ${x.toFixed(1)}×`);
      return `${x.toFixed(1)}×${miss ? ' ✗' : ''}`;
    };
    const us = (impl: Impl) => median(by(impl).us).toFixed(1);
    lines.push(
      `| ${noble.row} | ${noble.op} | ${us('noble')} | ${us('portable')} | ${us('wasm')} | ${ratio('portable')} | ${ratio('wasm')} |`,
    );
  }
  lines.push('', misses.length === 0 ? 'Every target met.' : `Targets missed: ${misses.join('; ')}.`, '');
  if (sink === undefined) lines.push('(nothing ran)');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, rounds: { type: 'string' } } });
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  process.stdout.write(await nobleBench({ quick: values.quick === true, ...(rounds === undefined ? {} : { rounds }) }));
}
