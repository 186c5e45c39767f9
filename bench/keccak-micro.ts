// Micro-benchmark of Keccak-f[1600] (FIPS 202): ns per permutation for our bit-interleaved
// keccakF1600 and @noble/hashes' keccakP, and ns per 168-byte SHAKE128 block squeezed.
//
//   node --import tsx bench/keccak-micro.ts [rounds]
//
// Candidates run interleaved, round after round, after a warm-up that lets TurboFan optimize
// them; each figure is the median over the rounds, because this machine is noisy.

import { keccakP, shake128 as nobleShake128 } from '@noble/hashes/sha3.js';

import { keccakF1600, Sponge } from '../src/sha3.js';
import { median, time } from './micro.js';

const ROUNDS = Number(process.argv[2] ?? 15);
const ITERATIONS = 20_000;

const ours = new Int32Array(50).map((_, i) => Math.imul(i + 1, 0x9e3779b9));
const noble = new Uint32Array(50).map((_, i) => Math.imul(i + 1, 0x9e3779b9));
const sponge = new Sponge().init(168, 0x1f).absorb(new Uint8Array(34).fill(7));
const block = new Uint8Array(168);
const nobleXof = nobleShake128.create().update(new Uint8Array(34).fill(7));

/** Each case runs `n` units of work; the result is ns per unit. */
const cases: Record<string, (n: number) => void> = {
  'keccakF1600 (ours)': (n) => {
    for (let i = 0; i < n; i++) keccakF1600(ours);
  },
  'keccakP (@noble/hashes)': (n) => {
    for (let i = 0; i < n; i++) keccakP(noble);
  },
  'SHAKE128 168-byte squeeze (ours)': (n) => {
    for (let i = 0; i < n; i++) sponge.squeeze(block, 0, 168);
  },
  'SHAKE128 168-byte xofInto (@noble/hashes)': (n) => {
    for (let i = 0; i < n; i++) nobleXof.xofInto(block);
  },
};

for (const run of Object.values(cases)) for (let w = 0; w < 5; w++) time(run, ITERATIONS);

const samples: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, run] of Object.entries(cases)) (samples[name] ??= []).push(time(run, ITERATIONS));
}

console.log(`node ${process.version}, ${ROUNDS} rounds × ${ITERATIONS} iterations, medians (min–max)`);
for (const [name, xs] of Object.entries(samples)) {
  const fmt = (v: number): string => v.toFixed(0).padStart(6);
  console.log(`${name.padEnd(44)} ${fmt(median(xs))} ns  (${fmt(Math.min(...xs))} – ${fmt(Math.max(...xs))})`);
}
const ratio = median(samples['keccakP (@noble/hashes)']!) / median(samples['keccakF1600 (ours)']!);
console.log(`keccakF1600 is ${ratio.toFixed(2)}× faster than @noble/hashes keccakP`);
