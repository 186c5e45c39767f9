// Micro-benchmark of the WebAssembly Keccak and sampling kernels against the portable ones:
// ns per Keccak-f[1600] (scalar, and per state for the two-state i64x2 version), µs per
// sampleMatrix (k = 3), sampleNoise (3 polynomials, eta = 2) and sha3_256 of 1184 bytes.
//
//   node --import tsx bench/wasm-keccak-micro.ts [rounds] [keccak.ts]
//
// The permutations are not exported by the module, so this compiles assembly/keccak.ts (or the
// file given, to compare variants) on its own, with the module's flags, as the entry whose
// exports are measured. V8 first runs wasm in its baseline tier (Liftoff): every case is warmed
// up before timing, then the cases run interleaved round after round and each figure is the
// median over the rounds, because this machine is noisy.
import asc from 'assemblyscript/asc';

import { portableKernels as P } from '../src/portable/index.js';
import { keccakF1600 as portableKeccak } from '../src/sha3.js';
import { compileSync, instantiate } from '../src/wasm/instance.js';
import { wasmKernels } from '../src/wasm/kernels.js';
import { median, time } from './micro.js';

const ROUNDS = Number(process.argv[2] ?? 15);
const KECCAK_SOURCE = process.argv[3] ?? 'assembly/keccak.ts';

interface KeccakExports {
  memory: WebAssembly.Memory;
  keccakF1600(s: number): void;
  keccakF1600x2(s: number): void;
}

async function compileKeccak(): Promise<KeccakExports> {
  let binary: Uint8Array<ArrayBuffer> | undefined;
  const stderr = asc.createMemoryStream();
  const { error } = await asc.main(
    [
      KECCAK_SOURCE,
      '-O3',
      '--runtime',
      'stub',
      '--noAssert',
      '--enable',
      'simd',
      '--initialMemory',
      '3',
      '--outFile',
      'k.wasm',
    ],
    {
      stderr,
      writeFile: (name: string, contents: Uint8Array | string) => {
        if (name.endsWith('.wasm')) binary = new Uint8Array(contents as Uint8Array); // own ArrayBuffer, as WebAssembly.Module wants
      },
    },
  );
  if (error || !binary) throw new Error(`asc failed: ${error?.message}\n${stderr.toString()}`);
  return new WebAssembly.Instance(new WebAssembly.Module(binary), {}).exports as unknown as KeccakExports;
}

const kx = await compileKeccak();
const STATE_AT = 65536; // above the entry's static data; 400 bytes for two states
new Uint8Array(kx.memory.buffer, STATE_AT, 400).forEach((_, i, a) => (a[i] = (i * 151) & 0xff));
const portableState = new Int32Array(50).map((_, i) => Math.imul(i + 1, 0x9e3779b9));

const W = wasmKernels(instantiate(compileSync()));
const rho = W.alloc8(32).fill(7);
const matrixW = W.alloc16(256 * 9);
const matrixP = new Int16Array(256 * 9);
const noiseW = W.alloc16(256 * 3);
const noiseP = new Int16Array(256 * 3);
const ekW = W.alloc8(1184).fill(3);
const ekP = new Uint8Array(1184).fill(3);
const hW = W.alloc8(32);
const hP = new Uint8Array(32);

/** Each case runs n units of work; the result is ns per unit. */
const cases: Record<string, [perUnit: number, iterations: number, run: (n: number) => void]> = {
  'keccakF1600, wasm scalar (ns)': [
    1,
    20_000,
    (n) => {
      for (let i = 0; i < n; i++) kx.keccakF1600(STATE_AT);
    },
  ],
  'keccakF1600x2, wasm, per state (ns)': [
    2,
    10_000,
    (n) => {
      for (let i = 0; i < n; i++) kx.keccakF1600x2(STATE_AT);
    },
  ],
  'keccakF1600, portable (ns)': [
    1,
    10_000,
    (n) => {
      for (let i = 0; i < n; i++) portableKeccak(portableState);
    },
  ],
  'sampleMatrix k=3, wasm (µs)': [
    1000,
    1000,
    (n) => {
      for (let i = 0; i < n; i++) W.sampleMatrix(matrixW, rho, 3, false);
    },
  ],
  'sampleMatrix k=3, portable (µs)': [
    1000,
    300,
    (n) => {
      for (let i = 0; i < n; i++) P.sampleMatrix(matrixP, rho, 3, false);
    },
  ],
  'sampleNoise 3×eta2, wasm (µs)': [
    1000,
    3000,
    (n) => {
      for (let i = 0; i < n; i++) W.sampleNoise(noiseW, rho, 3, 3, 2, 2);
    },
  ],
  'sampleNoise 3×eta2, portable (µs)': [
    1000,
    1000,
    (n) => {
      for (let i = 0; i < n; i++) P.sampleNoise(noiseP, rho, 3, 3, 2, 2);
    },
  ],
  'sha3_256 1184 bytes, wasm (µs)': [
    1000,
    3000,
    (n) => {
      for (let i = 0; i < n; i++) W.sha3_256(hW, ekW);
    },
  ],
  'sha3_256 1184 bytes, portable (µs)': [
    1000,
    1000,
    (n) => {
      for (let i = 0; i < n; i++) P.sha3_256(hP, ekP);
    },
  ],
};

for (const [, n, run] of Object.values(cases)) for (let w = 0; w < 5; w++) time(run, n);

const samples: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, [unit, n, run]] of Object.entries(cases)) (samples[name] ??= []).push(time(run, n) / unit);
}

console.log(`node ${process.version}, ${KECCAK_SOURCE}, ${ROUNDS} rounds, medians (min–max)`);
for (const [name, xs] of Object.entries(samples)) {
  const fmt = (v: number): string => (v < 100 ? v.toFixed(2) : v.toFixed(0)).padStart(7);
  console.log(`${name.padEnd(44)} ${fmt(median(xs))}  (${fmt(Math.min(...xs))} – ${fmt(Math.max(...xs))})`);
}
