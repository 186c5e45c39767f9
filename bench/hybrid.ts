/**
 * Hybrid KEM rows of `npm run bench` (also alone: `npm run bench:hybrid`): keygen, encapsulate and
 * decapsulate of every hybrid of mlkem-ts/hybrid — ours on each backend (wasm, portable) and each
 * curve path (native node:crypto, noble, and for X25519 the WebAssembly module's), against @noble/post-quantum's hybrids and, under
 * Node 26, Node's native Web Crypto hybrids (MLKEM768-X25519, MLKEM768-P256, MLKEM1024-P384) —
 * in one process, interleaved, medians over rounds, ratios measured within each round.
 *
 * Usage: npm run bench:hybrid -- [--quick] [--rounds N] [--batch-ms MS] [--filter NAME[,NAME]]
 *                                [--baseline PATH/TO/dist/hybrid/index.js] [--write]
 * --write (under Node 26, no --filter) puts docs/hybrid.md's speed table between its markers.
 * --baseline adds the hybrids of another build (for example the last release) as `before`.
 *
 * Timing: CPU time of the process (user + system, as bench/bench.ts; Web Crypto's work on libuv's
 * threads included), each operation awaited before the next. Warm-up runs every task twice and sizes its batch to about
 * --batch-ms; each round then runs one batch of every implementation of a (hybrid, op) in a fresh
 * random order. Inputs come from a pool of 8 key pairs and ciphertexts made beforehand by each
 * implementation; keygen and encapsulation draw fresh randomness in the timed region, as callers do.
 * Targets: with native curves, ours within 1.5× of Node's Web Crypto on the same
 * concrete KEM (the RFC 10024 groups: the concrete KEM on the same curve); ≥ 5× faster than noble.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

import { ml_kem1024_p384, ml_kem768_p256, ml_kem768_x25519 } from '@noble/post-quantum/hybrid.js';

import type { CurveChoice } from '../src/hybrid/curves/curve.js';
import type { HybridKem } from '../src/hybrid/index.js';
import { mlkem1024P384Over, mlkem768P256Over } from '../src/hybrid/nist-hybrids.js';
import { secP256r1MlKem768Over, secP384r1MlKem1024Over, x25519MlKem768Over } from '../src/hybrid/tls-hybrids.js';
import { xwingOver } from '../src/hybrid/xwing.js';
import { MlKem1024, MlKem768, type MlKem } from '../src/index.js';
import { loadWasm } from '../src/wasm/index.js';
import { hybridTable, writeBetween } from './doc-tables.js';
import { median, shuffle } from './micro.js';

type Op = 'keygen' | 'encaps' | 'decaps';
const OPS: readonly Op[] = ['keygen', 'encaps', 'decaps'];
/** The hybrids, by the name of the row; the curve says which native concrete KEM is their peer. */
const HYBRIDS = [
  'XWing',
  'MLKEM768-P256',
  'MLKEM1024-P384',
  'X25519MLKEM768',
  'SecP256r1MLKEM768',
  'SecP384r1MLKEM1024',
] as const;
type Hybrid = (typeof HYBRIDS)[number];
/** The concrete KEM (Web Crypto and noble name) on each hybrid's curve and ML-KEM level. */
const CONCRETE: Record<Hybrid, 'MLKEM768-X25519' | 'MLKEM768-P256' | 'MLKEM1024-P384'> = {
  XWing: 'MLKEM768-X25519',
  'MLKEM768-P256': 'MLKEM768-P256',
  'MLKEM1024-P384': 'MLKEM1024-P384',
  X25519MLKEM768: 'MLKEM768-X25519',
  SecP256r1MLKEM768: 'MLKEM768-P256',
  SecP384r1MLKEM1024: 'MLKEM1024-P384',
};
const POOL = 8;

/** One implementation of one hybrid: three operations over its own pool of inputs. */
interface Task {
  hybrid: Hybrid;
  impl: string;
  op: Op;
  run: () => unknown;
  batch: number;
}

interface Ops {
  keygen(): Promise<{ pk: unknown; sk: unknown }> | { pk: unknown; sk: unknown };
  encaps(pk: unknown): Promise<{ ct: unknown }> | { ct: unknown };
  decaps(ct: unknown, sk: unknown): unknown;
}

/**
 * Our key objects, the analogue of Web Crypto's CryptoKeys: keygen makes a decapsulation key from
 * a fresh seed (as generateKey makes a CryptoKey pair), encapsulation and decapsulation use keys
 * made once.
 */
function ourKeyOps(kem: HybridKem): Ops {
  return {
    keygen: () => {
      const dk = kem.decapsulationKey(globalThis.crypto.getRandomValues(new Uint8Array(kem.sizes.seed)));
      return { pk: dk.encapsulationKey, sk: dk };
    },
    encaps: (pk) => ({ ct: (pk as ReturnType<HybridKem['encapsulationKey']>).encapsulate().ciphertext }),
    decaps: (ct, sk) => (sk as ReturnType<HybridKem['decapsulationKey']>).decapsulate(ct as Uint8Array),
  };
}

function ourOps(kem: HybridKem): Ops {
  return {
    keygen: () => {
      const p = kem.keygen();
      return { pk: p.publicKey, sk: p.secretKey };
    },
    encaps: (pk) => ({ ct: kem.encapsulate(pk as Uint8Array).ciphertext }),
    decaps: (ct, sk) => kem.decapsulate(ct as Uint8Array, sk as Uint8Array),
  };
}

type NobleKem = typeof ml_kem768_p256;
function nobleOps(kem: NobleKem): Ops {
  return {
    keygen: () => {
      const p = kem.keygen();
      return { pk: p.publicKey, sk: p.secretKey };
    },
    encaps: (pk) => ({ ct: kem.encapsulate(pk as Uint8Array).cipherText }),
    decaps: (ct, sk) => kem.decapsulate(ct as Uint8Array, sk as Uint8Array),
  };
}

/** Node 26's Web Crypto KEM methods (newer than the DOM types). */
interface KemSubtle {
  generateKey(a: { name: string }, x: boolean, u: string[]): Promise<{ publicKey: object; privateKey: object }>;
  encapsulateBits(a: { name: string }, key: object): Promise<{ ciphertext: ArrayBuffer; sharedKey: ArrayBuffer }>;
  decapsulateBits(a: { name: string }, key: object, ct: ArrayBuffer): Promise<ArrayBuffer>;
}
const subtle = globalThis.crypto.subtle as unknown as KemSubtle;

/** Node's native Web Crypto hybrid (CryptoKeys made once per key, as Web Crypto callers do). */
function webCryptoOps(name: string): Ops {
  return {
    keygen: async () => {
      const k = await subtle.generateKey({ name }, false, ['encapsulateBits', 'decapsulateBits']);
      return { pk: k.publicKey, sk: k.privateKey };
    },
    encaps: async (pk) => ({ ct: (await subtle.encapsulateBits({ name }, pk as object)).ciphertext }),
    decaps: (ct, sk) => subtle.decapsulateBits({ name }, sk as object, ct as ArrayBuffer),
  };
}

async function hasWebCryptoHybrids(): Promise<boolean> {
  try {
    await subtle.generateKey({ name: 'MLKEM768-P256' }, false, ['encapsulateBits', 'decapsulateBits']);
    return true;
  } catch {
    return false;
  }
}

/** Every (hybrid, implementation): ours × backend × curve path, noble, Node's Web Crypto, a baseline build. */
async function implementations(
  baseline: string | undefined,
): Promise<Array<{ hybrid: Hybrid; impl: string; ops: Ops }>> {
  const wasm = await loadWasm();
  const backends: Array<[string, MlKem, MlKem]> = [
    ['wasm', wasm.MlKem768, wasm.MlKem1024],
    ['portable', MlKem768, MlKem1024],
  ];
  const ourKem = (h: Hybrid, k768: MlKem, k1024: MlKem, curves: CurveChoice): HybridKem =>
    ({
      XWing: () => xwingOver(k768, curves),
      'MLKEM768-P256': () => mlkem768P256Over(k768, curves),
      'MLKEM1024-P384': () => mlkem1024P384Over(k1024, curves),
      X25519MLKEM768: () => x25519MlKem768Over(k768, curves),
      SecP256r1MLKEM768: () => secP256r1MlKem768Over(k768, curves),
      SecP384r1MLKEM1024: () => secP384r1MlKem1024Over(k1024, curves),
    })[h]();
  const nobleKems = {
    'MLKEM768-X25519': ml_kem768_x25519,
    'MLKEM768-P256': ml_kem768_p256,
    'MLKEM1024-P384': ml_kem1024_p384,
  } as const;
  const webCrypto = await hasWebCryptoHybrids();
  const before = baseline === undefined ? undefined : ((await import(baseline)) as Record<string, HybridKem>);
  const out: Array<{ hybrid: Hybrid; impl: string; ops: Ops }> = [];
  for (const hybrid of HYBRIDS) {
    for (const [backend, k768, k1024] of backends) {
      // 'wasm' (the module's X25519) for the X25519 hybrids only: elsewhere it is noble.
      const paths =
        CONCRETE[hybrid] === 'MLKEM768-X25519'
          ? (['native', 'noble', 'wasm'] as const)
          : (['native', 'noble'] as const);
      for (const curves of paths)
        out.push({ hybrid, impl: `${backend}+${curves}`, ops: ourOps(ourKem(hybrid, k768, k1024, curves)) });
      out.push({ hybrid, impl: `${backend}+native keys`, ops: ourKeyOps(ourKem(hybrid, k768, k1024, 'native')) });
      if (paths.length === 3) {
        out.push({ hybrid, impl: `${backend}+wasm keys`, ops: ourKeyOps(ourKem(hybrid, k768, k1024, 'wasm')) });
        // What createXWing and the others take: native, or on OpenSSL 3.0 a choice per use of the two.
        out.push({ hybrid, impl: `${backend}+auto`, ops: ourOps(ourKem(hybrid, k768, k1024, 'auto')) });
        out.push({ hybrid, impl: `${backend}+auto keys`, ops: ourKeyOps(ourKem(hybrid, k768, k1024, 'auto')) });
      }
    }
    out.push({ hybrid, impl: `noble ${CONCRETE[hybrid]}`, ops: nobleOps(nobleKems[CONCRETE[hybrid]] as NobleKem) });
    if (webCrypto) out.push({ hybrid, impl: `webcrypto ${CONCRETE[hybrid]}`, ops: webCryptoOps(CONCRETE[hybrid]) });
    const old = before?.[hybrid.replace('-', '_')];
    if (old) out.push({ hybrid, impl: 'before', ops: ourOps(old) });
  }
  return out;
}

/** Results are kept here so that no call can be optimized away. */
let sink: unknown;

async function tasksOf(hybrid: Hybrid, impl: string, ops: Ops): Promise<Task[]> {
  const keys: Array<{ pk: unknown; sk: unknown }> = [];
  for (let i = 0; i < POOL; i++) keys.push(await ops.keygen());
  const cts: unknown[] = [];
  for (const k of keys) cts.push((await ops.encaps(k.pk)).ct);
  let i = 0;
  const runs: Record<Op, () => unknown> = {
    keygen: () => ops.keygen(),
    encaps: () => ops.encaps(keys[i++ & (POOL - 1)]!.pk),
    decaps: () => {
      const j = i++ & (POOL - 1);
      return ops.decaps(cts[j], keys[j]!.sk);
    },
  };
  return OPS.map((op) => ({ hybrid, impl, op, run: runs[op], batch: 1 }));
}

/**
 * CPU µs per operation over a batch, each operation awaited: user + system time of the whole
 * process, so Web Crypto's work on libuv's threads counts, and time spent waiting for a core on
 * this shared machine does not.
 */
async function timeBatch(task: Task, n: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < n; k++) sink = await task.run();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / n;
}

export interface HybridBenchOptions {
  quick: boolean;
  rounds?: number | undefined;
  batchMs?: number | undefined;
  filter?: readonly string[] | undefined;
  baseline?: string | undefined;
  /** Write docs/hybrid.md's speed table (bench/doc-tables.ts). */
  write?: boolean | undefined;
}

/** Runs the hybrid benchmark and returns its report (Markdown). */
export async function runHybridBench(opts: HybridBenchOptions): Promise<string> {
  const rounds = opts.rounds ?? (opts.quick ? 3 : 9);
  const batchMs = opts.batchMs ?? (opts.quick ? 10 : 40);
  const impls = (await implementations(opts.baseline)).filter(
    (x) => opts.filter === undefined || opts.filter.includes(x.hybrid),
  );
  const tasks: Task[] = [];
  for (const x of impls) tasks.push(...(await tasksOf(x.hybrid, x.impl, x.ops)));
  for (let pass = 1; pass <= 2; pass++) {
    for (const [i, t] of tasks.entries()) {
      process.stderr.write(`hybrid warm-up ${pass}/2: ${i + 1}/${tasks.length} ${t.impl} ${t.hybrid} ${t.op}\n`);
      const us = await timeBatch(t, t.batch);
      t.batch = Math.max(1, Math.round((batchMs * 1e3) / Math.max(us, 1)));
    }
  }
  const cells = new Map<string, Task[]>();
  for (const t of tasks) cells.set(`${t.hybrid} ${t.op}`, [...(cells.get(`${t.hybrid} ${t.op}`) ?? []), t]);
  const samples = new Map<Task, number[]>(tasks.map((t) => [t, []]));
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`hybrid round ${round}/${rounds}\n`);
    for (const cell of cells.values()) for (const t of shuffle(cell)) samples.get(t)!.push(await timeBatch(t, t.batch));
  }
  if (sink === undefined) throw new Error('nothing ran');
  if (opts.write === true) {
    if (opts.filter !== undefined || !tasks.some((t) => t.impl.startsWith('webcrypto ')))
      throw new Error(
        '--write: docs/hybrid.md records every hybrid beside Node 26 (run under $(scripts/install-node.sh), no --filter)',
      );
    const us = (hybrid: string, impl: string, op: string) => {
      const t = tasks.find((x) => x.hybrid === hybrid && x.impl === impl && x.op === op);
      return t === undefined ? undefined : median(samples.get(t)!);
    };
    const path = new URL('../docs/hybrid.md', import.meta.url);
    const command = [
      '$(scripts/install-node.sh) --import tsx',
      `bench/${basename(process.argv[1]!)}`,
      ...process.argv.slice(2),
    ];
    const intro = `\`${command.join(' ')}\`, node ${process.version}, ${new Date().toISOString().slice(0, 10)}:\n\n`;
    writeFileSync(path, writeBetween(readFileSync(path, 'utf8'), 'hybrid', intro + hybridTable(us)));
    process.stderr.write('wrote docs/hybrid.md\n');
  }
  return report(tasks, samples, rounds);
}

function report(tasks: readonly Task[], samples: Map<Task, number[]>, rounds: number): string {
  const find = (hybrid: string, impl: string, op: Op) =>
    tasks.find((t) => t.hybrid === hybrid && t.impl === impl && t.op === op);
  const us = (t: Task | undefined) => (t === undefined ? undefined : median(samples.get(t)!));
  /** Median over rounds of a / b measured in the same round. */
  const ratio = (a: Task | undefined, b: Task | undefined) =>
    a === undefined || b === undefined ? undefined : median(samples.get(a)!.map((x, r) => x / samples.get(b)!.at(r)!));
  const fmt = (x: number | undefined, digits = 0) =>
    x === undefined ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const lines = [`## Hybrid KEMs (CPU µs per operation, median of ${rounds} rounds; Node ${process.version})`, ''];
  lines.push('| hybrid | implementation | keygen | encaps | decaps |', '| --- | --- | ---: | ---: | ---: |');
  const implNames = [...new Set(tasks.map((t) => t.impl))];
  for (const h of HYBRIDS) {
    for (const impl of implNames) {
      if (!find(h, impl, 'keygen')) continue;
      lines.push(
        `| ${h === 'XWing' ? 'XWing (= MLKEM768-X25519)' : h} | ${impl} | ${OPS.map((op) => fmt(us(find(h, impl, op)))).join(' | ')} |`,
      );
    }
  }
  lines.push(
    '',
    '### Ratios (same round; targets, checked on the native rows: ours ÷ Web Crypto ≤ 1.5, noble ÷ ours ≥ 5)',
    '',
  );
  lines.push(
    '| hybrid | ours | op | ÷ webcrypto | noble ÷ ours | ÷ before |',
    '| --- | --- | --- | ---: | ---: | ---: |',
  );
  for (const h of HYBRIDS) {
    for (const ours of implNames.filter((i) => /^(wasm|portable)\+/.test(i))) {
      const native = ours.includes('+native');
      for (const op of OPS) {
        const t = find(h, ours, op);
        if (!t) continue;
        const web = ratio(t, find(h, `webcrypto ${CONCRETE[h]}`, op));
        const noble = ratio(find(h, `noble ${CONCRETE[h]}`, op), t);
        const before = ratio(t, find(h, 'before', op));
        const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? '' : ' ✗');
        lines.push(
          `| ${h} | ${ours} | ${op} | ${fmt(web, 2)}${mark(native && web !== undefined ? web <= 1.5 : undefined)} | ${fmt(noble, 1)}${mark(native && noble !== undefined ? noble >= 5 : undefined)} | ${fmt(before, 2)} |`,
        );
      }
    }
  }
  lines.push(
    '',
    'For the RFC 10024 groups the Web Crypto and noble peers are the concrete KEM on the same curve and ML-KEM level (noble and Node have no TLS groups). ✗ marks a missed target.',
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      'batch-ms': { type: 'string' },
      filter: { type: 'string' },
      baseline: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  process.stdout.write(
    await runHybridBench({
      quick: values.quick === true,
      rounds: values.rounds === undefined ? undefined : Number(values.rounds),
      batchMs: values['batch-ms'] === undefined ? undefined : Number(values['batch-ms']),
      filter: values.filter?.split(','),
      baseline: values.baseline,
      write: values.write,
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`hybrid bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
