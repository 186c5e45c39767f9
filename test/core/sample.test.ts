// Tests of src/portable/sample.ts against references of FIPS 203, Algorithm 7 (SampleNTT) and
// Algorithm 8 (SamplePolyCBD_eta) written here, fed by node:crypto's SHAKE128 / SHAKE256
// (independent of the Keccak in src/).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { sampleMatrix, sampleNoise, sampleNtt, samplePolyCbd } from '../../src/portable/sample.js';
import { Q, rng } from '../support/helpers.js';

const N = 256;

function randomSeed(next: () => number): Uint8Array {
  return Uint8Array.from({ length: 32 }, () => next() & 255);
}
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** PRF_eta(s, b) = SHAKE256(s ‖ b, 64·eta bytes) (FIPS 203, §4.1, eq. 4.3). */
function prf(eta: number, s: Uint8Array, b: number): Uint8Array {
  const h = createHash('shake256', { outputLength: 64 * eta });
  h.update(s);
  h.update(Uint8Array.of(b));
  return new Uint8Array(h.digest());
}

/** Algorithm 8 (SamplePolyCBD_eta), returning centered values x − y in [-eta, eta]. */
function refSamplePolyCbd(B: Uint8Array, eta: number): number[] {
  const b: number[] = [];
  for (const byte of B) for (let j = 0; j < 8; j++) b.push((byte >> j) & 1);
  const f: number[] = [];
  for (let i = 0; i < N; i++) {
    let x = 0;
    let y = 0;
    for (let j = 0; j < eta; j++) x += b[2 * i * eta + j]!;
    for (let j = 0; j < eta; j++) y += b[2 * i * eta + eta + j]!;
    f.push(x - y);
  }
  return f;
}

/**
 * Algorithm 7 (SampleNTT) on XOF = SHAKE128(rho ‖ j ‖ i), reading 3 bytes at a time.
 * Note: node:crypto gives a fixed-length output, not an incremental reader. As SHAKE128's output
 * of length L is a prefix of every longer one, reading from 1344 bytes (8 blocks of 168; 448
 * triples, 896 candidates, of which 256 must be < q, each with probability 3329/4096 ≈ 0.81,
 * mean 728) matches the incremental algorithm whenever it finishes within them; if not (a
 * probability far below 2^-100), the same algorithm is rerun on a doubled length.
 */
function refSampleNtt(rho: Uint8Array, j: number, i: number): number[] {
  for (let len = 1344; ; len *= 2) {
    const h = createHash('shake128', { outputLength: len });
    h.update(rho);
    h.update(Uint8Array.of(j, i));
    const C = new Uint8Array(h.digest());
    const a: number[] = [];
    let pos = 0;
    while (a.length < N && pos + 3 <= C.length) {
      const d1 = C[pos]! + 256 * (C[pos + 1]! % 16);
      const d2 = Math.floor(C[pos + 1]! / 16) + 16 * C[pos + 2]!;
      if (d1 < Q) a.push(d1);
      if (d2 < Q && a.length < N) a.push(d2);
      pos += 3;
    }
    if (a.length === N) return a;
  }
}

for (const eta of [2, 3] as const) {
  test(`samplePolyCbd eta=${eta} matches Algorithm 8 on PRF(sigma, nonce); output in [-eta, eta]`, () => {
    const next = rng(eta);
    let bad = 0;
    let cases = 0;
    let first = '';
    const out = new Int16Array(N);
    const sigmas: Uint8Array[] = [new Uint8Array(32), new Uint8Array(32).fill(0xff)];
    for (let t = 0; t < 60; t++) sigmas.push(randomSeed(next));
    for (const sigma of sigmas) {
      const sigmaCopy = sigma.slice();
      // Every nonce for the first sigmas, a few (including 0 and 255) for the others.
      const nonces =
        sigmas.indexOf(sigma) < 3 ? Array.from({ length: 256 }, (_, n) => n) : [0, 255, next() & 255, next() & 255];
      for (const nonce of nonces) {
        cases++;
        out.fill(99);
        samplePolyCbd(out, sigma, nonce, eta);
        const want = refSamplePolyCbd(prf(eta, sigma, nonce), eta);
        let err: string | undefined;
        for (let j = 0; j < N && err === undefined; j++) {
          if (out[j] !== want[j] || out[j]! < -eta || out[j]! > eta)
            err = `index ${j}: got ${out[j]} expected ${want[j]}`;
        }
        if (err === undefined && sigma.some((x, j) => x !== sigmaCopy[j])) err = 'modified sigma';
        if (err !== undefined && bad++ === 0) first = `sigma=${hex(sigma)} nonce=${nonce}: ${err}`;
      }
    }
    assert.ok(cases > 900);
    assert.equal(bad, 0, `samplePolyCbd eta=${eta} wrong on ${bad} of ${cases} cases; first ${first}`);
  });
}

test('samplePolyCbd: every value in [-eta, eta] occurs (the distribution is not truncated)', () => {
  for (const eta of [2, 3] as const) {
    const seen = new Set<number>();
    const out = new Int16Array(N);
    for (let nonce = 0; nonce < 8; nonce++) {
      samplePolyCbd(out, new Uint8Array(32).fill(nonce), nonce, eta);
      for (const x of out) seen.add(x);
    }
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      Array.from({ length: 2 * eta + 1 }, (_, i) => i - eta),
      `eta=${eta}`,
    );
  }
});

test('sampleNtt matches Algorithm 7 on SHAKE128(rho ‖ j ‖ i); coefficients in [0, q)', () => {
  const next = rng(7);
  let bad = 0;
  let cases = 0;
  let first = '';
  const out = new Int16Array(N);
  const rhos: Uint8Array[] = [new Uint8Array(32), new Uint8Array(32).fill(0xff)];
  for (let t = 0; t < 40; t++) rhos.push(randomSeed(next));
  for (const rho of rhos) {
    const rhoCopy = rho.slice();
    // All (j, i) of ML-KEM-1024's 4×4 matrix, plus the extreme byte values.
    const idx: [number, number][] = [
      [255, 255],
      [0, 255],
      [255, 0],
    ];
    for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) idx.push([j, i]);
    for (const [j, i] of idx) {
      cases++;
      out.fill(-1);
      sampleNtt(out, rho, j, i);
      const want = refSampleNtt(rho, j, i);
      let err: string | undefined;
      for (let c = 0; c < N && err === undefined; c++) {
        if (out[c] !== want[c] || out[c]! < 0 || out[c]! >= Q) err = `index ${c}: got ${out[c]} expected ${want[c]}`;
      }
      if (err === undefined && rho.some((x, c) => x !== rhoCopy[c])) err = 'modified rho';
      if (err !== undefined && bad++ === 0) first = `rho=${hex(rho)} j=${j} i=${i}: ${err}`;
    }
  }
  assert.equal(cases, rhos.length * 19);
  assert.equal(bad, 0, `sampleNtt wrong on ${bad} of ${cases} cases; first ${first}`);
});

test('sampleNtt: the argument order is rho ‖ b0 ‖ b1 (A[i][j] uses j then i)', () => {
  const rho = Uint8Array.from({ length: 32 }, (_, i) => i);
  const a = new Int16Array(N);
  const b = new Int16Array(N);
  sampleNtt(a, rho, 1, 2);
  sampleNtt(b, rho, 2, 1);
  assert.notDeepEqual(a, b);
  assert.deepEqual(Array.from(a), refSampleNtt(rho, 1, 2));
});

test('sampleMatrix: entry (i, j) is sampleNtt(rho, j, i), or (rho, i, j) transposed, for k = 2, 3, 4', () => {
  const next = rng(77);
  for (const k of [2, 3, 4]) {
    const rho = Uint8Array.from({ length: 32 }, () => next() & 0xff);
    for (const transposed of [false, true]) {
      const a = new Int16Array(256 * k * k).fill(-1);
      sampleMatrix(a, rho, k, transposed);
      const want = new Int16Array(256);
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          if (transposed) sampleNtt(want, rho, i, j);
          else sampleNtt(want, rho, j, i);
          assert.deepEqual(
            a.subarray(256 * (i * k + j), 256 * (i * k + j + 1)),
            want,
            `k=${k} transposed=${transposed} (${i}, ${j})`,
          );
        }
      }
    }
  }
});

test('sampleNoise: polynomial t is samplePolyCbd(sigma, t), eta1 below k and eta2 from k on; nothing written past count', () => {
  const next = rng(78);
  for (const [eta1, eta2] of [
    [2, 2],
    [3, 2],
    [2, 3],
    [3, 3],
  ] as const) {
    const sigma = Uint8Array.from({ length: 32 }, () => next() & 0xff);
    const out = new Int16Array(256 * 6).fill(99);
    sampleNoise(out, sigma, 5, 2, eta1, eta2);
    const want = new Int16Array(256);
    for (let t = 0; t < 5; t++) {
      const eta = t < 2 ? eta1 : eta2;
      samplePolyCbd(want, sigma, t, eta);
      assert.deepEqual(out.subarray(256 * t, 256 * (t + 1)), want, `eta=${eta} t=${t}`);
    }
    assert.ok(
      out.subarray(256 * 5).every((x) => x === 99),
      'past count untouched',
    );
  }
});
