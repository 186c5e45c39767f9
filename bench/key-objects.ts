// Key objects in `npm run bench`: `wasm-key` and `portable-key` run encapsulation and
// decapsulation through EncapsulationKey / DecapsulationKey objects made once per key (their
// keygen row makes a DecapsulationKey from a fresh seed), beside the one-shot rows of the same
// backend; and a table of what making each key object costs and the bytes it holds.
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../src/index.js';
import type { EncapsulationKey, DecapsulationKey } from '../src/kem.js';
import { loadWasm } from '../src/wasm/index.js';
import { median } from './micro.js';

type Level = 512 | 768 | 1024;
type Kems = Record<Level, MlKem>;

interface KeyLevelOps {
  keygen(): { pk: EncapsulationKey; sk: DecapsulationKey };
  encaps(pk: EncapsulationKey): { ct: Uint8Array; ss: Uint8Array };
  decaps(ct: Uint8Array, sk: DecapsulationKey): Uint8Array;
}

function keyLevels(kems: Kems): Record<Level, KeyLevelOps> {
  const ops = (kem: MlKem): KeyLevelOps => ({
    keygen: () => {
      const seed = crypto.getRandomValues(new Uint8Array(64));
      const sk = kem.decapsulationKey(seed);
      return { pk: sk.encapsulationKey, sk };
    },
    encaps: (pk) => {
      const { ciphertext, sharedSecret } = pk.encapsulate();
      return { ct: ciphertext, ss: sharedSecret };
    },
    decaps: (ct, sk) => sk.decapsulate(ct),
  });
  return { 512: ops(kems[512]), 768: ops(kems[768]), 1024: ops(kems[1024]) };
}

const portableKems: Kems = { 512: MlKem512, 768: MlKem768, 1024: MlKem1024 };
async function wasmKems(): Promise<Kems> {
  const w = await loadWasm();
  return { 512: w.MlKem512, 768: w.MlKem768, 1024: w.MlKem1024 };
}

/** The two key-object implementations, for bench.ts's list. */
export const keyObjectImpls = [
  async () => ({
    name: 'wasm-key',
    note: 'wasm-key, portable-key: `kem.encapsulationKey(pk).encapsulate()` and `kem.decapsulationKey(seed).decapsulate(ct)` with the key objects reused; keygen = a DecapsulationKey from a fresh seed',
    levels: keyLevels(await wasmKems()),
  }),
  async () => ({ name: 'portable-key', levels: keyLevels(portableKems) }),
];

/**
 * Bytes a key object keeps, per level: an EncapsulationKey holds Âᵀ (k² polynomials of 256
 * int16), t̂ (k polynomials), ek and H(ek); a DecapsulationKey adds ŝ (k polynomials), dk and,
 * when made from it, the 64-byte seed.
 */
export function bytesHeld(k: number): { encapsulationKey: number; decapsulationKey: number } {
  const poly = 512;
  const ek = poly * k * k + poly * k + (384 * k + 32) + 32;
  return { encapsulationKey: ek, decapsulationKey: ek + poly * k + (768 * k + 96) + 64 };
}

/** A same-round ratio of bench.ts: peer µs / base µs at one level and operation. */
interface PairedRatio {
  peer: string;
  base: string;
  level: number;
  op: string;
  pairedMedian: number;
}

/** The targets: how many times faster the key objects must be than `peer`. */
const TARGETS: ReadonlyArray<{ peer: string; base: string; op: string; atLeast: number }> = [
  { peer: 'wasm', base: 'wasm-key', op: 'encaps', atLeast: 2 },
  { peer: 'portable', base: 'portable-key', op: 'encaps', atLeast: 2 },
  { peer: 'wasm', base: 'wasm-key', op: 'decaps', atLeast: 1.6 },
  { peer: 'portable', base: 'portable-key', op: 'decaps', atLeast: 1.6 },
  { peer: 'node', base: 'wasm-key', op: 'encaps', atLeast: 2.5 },
];

/** The key-object ratios of the run against their targets, ✗ marking a miss. */
export function keyObjectTargets(rs: readonly PairedRatio[], levels: readonly Level[]): string {
  const lines = [
    '## Key objects against their targets',
    '',
    `| target | ${levels.map((l) => `ML-KEM-${l}`).join(' | ')} |`,
    `| --- |${' ---: |'.repeat(levels.length)}`,
  ];
  for (const t of TARGETS) {
    const cells = levels.map((level) => {
      const r = rs.find((x) => x.peer === t.peer && x.base === t.base && x.op === t.op && x.level === level);
      return r === undefined ? '–' : `${r.pairedMedian.toFixed(2)}×${r.pairedMedian < t.atLeast ? ' ✗' : ''}`;
    });
    lines.push(`| ${t.op}: ${t.base} vs ${t.peer}, ≥ ${t.atLeast}× | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * µs per call of f: the median over rounds of batches of about 100 ms of CPU time. Making keys
 * allocates, and the garbage collection it causes (counted: it is CPU time of the process)
 * comes in bursts; batches of 20 ms gave medians up to 2× apart from run to run.
 */
export function cost(f: () => unknown, rounds: number): number {
  let n = 1;
  for (let t0 = process.cpuUsage(); process.cpuUsage(t0).user < 100_000; n++) f(); // warm-up, sizes the batch
  const per: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) f();
    const t = process.cpuUsage(t0);
    per.push((t.user + t.system) / n);
  }
  return median(per);
}

/** The markdown table of construction costs and bytes held, per backend and level. */
export async function keyObjectCosts(levels: readonly Level[], rounds: number): Promise<string> {
  const lines = [
    '## Key objects: construction cost and memory',
    '',
    '| backend | parameter set | encapsulationKey(pk) µs | decapsulationKey(seed) µs | decapsulationKey(dk) µs | … without pairwise check µs | bytes held: EncapsulationKey / DecapsulationKey |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [backend, kems] of [
    ['wasm', await wasmKems()],
    ['portable', portableKems],
  ] as const) {
    for (const level of levels) {
      const kem = kems[level];
      const { publicKey, secretKey, seed } = kem.keygen();
      const us = [
        cost(() => kem.encapsulationKey(publicKey), rounds),
        cost(() => kem.decapsulationKey(seed).dispose(), rounds),
        cost(() => kem.decapsulationKey(secretKey).dispose(), rounds),
        cost(() => kem.decapsulationKey(secretKey, { pairwiseCheck: false }).dispose(), rounds),
      ].map((x) => x.toFixed(1));
      const held = bytesHeld(level === 512 ? 2 : level === 768 ? 3 : 4);
      lines.push(
        `| ${backend} | ML-KEM-${level} | ${us.join(' | ')} | ${held.encapsulationKey} / ${held.decapsulationKey} |`,
      );
    }
  }
  lines.push('', '- µs: median over rounds of CPU time per call (dispose included for decapsulation keys).');
  return lines.join('\n');
}
