// Tests of the WebAssembly Keccak and sampling kernels (assembly/keccak.ts, assembly/sample.ts)
// against the portable kernels (the reference) and node:crypto: SHA3-256 on every length up to
// three blocks and beyond, SHA3-512 on split inputs, SampleNTT on whole matrices and
// SamplePolyCBD on runs of polynomials (with J = SHAKE256(z ‖ c, 32) beside them, on c of every
// length around the rate's multiples). Every call must leave the module's static scratch as instantiation left it, and
// write nothing outside its output.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { portableKernels as P } from '../../src/portable/index.js';
import { rng } from '../support/helpers.js';
import { freshWasm } from '../support/wasm-harness.js';

const { kernels: W, assertScratchClean } = freshWasm();
const RATE = 136; // SHA3-256's
const MAX_OUT = 3 * RATE + 1;
const SENTINEL = 0xa5;

// Buffers live in the module's fixed memory: allocated once, used through subarrays (whose
// offsets are odd as often as not, to cover unaligned loads and stores).
const inA = W.alloc8(3200 + 16);
const inB = W.alloc8(3200 + 16);
const outBuf = W.alloc8(MAX_OUT + 32);
const matrix = W.alloc16(256 * 16 + 256);
const noise = W.alloc16(256 * 9 + 256);
const seedBuf = W.alloc8(32 + 16);

const next = rng(0x6b656363);
const fill = (b: Uint8Array): Uint8Array => {
  for (let i = 0; i < b.length; i++) b[i] = next() & 0xff;
  return b;
};
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** data of len random bytes at offset off of buf (a wasm view), and a plain copy. */
function input(buf: Uint8Array, off: number, len: number): [Uint8Array, Uint8Array] {
  const v = fill(buf.subarray(off, off + len));
  return [v, v.slice()];
}

/** out: n bytes of outBuf at off, with sentinels around it that a call must not touch. */
function output(off: number, n: number): Uint8Array {
  outBuf.fill(SENTINEL);
  return outBuf.subarray(off, off + n);
}
function assertSentinels(off: number, n: number, what: string): void {
  for (let i = 0; i < outBuf.length; i++) {
    if ((i < off || i >= off + n) && outBuf[i] !== SENTINEL)
      assert.fail(`${what}: wrote outside its output at ${i - off}`);
  }
}

function nodeHash(alg: string, data: Uint8Array, outputLength?: number): Uint8Array {
  const h = outputLength === undefined ? createHash(alg) : createHash(alg, { outputLength });
  return new Uint8Array(h.update(data).digest());
}

test('sha3_256 matches portable on every length 0 .. 3·136 + 1, and on 1568 and 3168 bytes', () => {
  const want = new Uint8Array(32);
  const lengths = [...Array.from({ length: MAX_OUT + 1 }, (_, n) => n), 1088, 1184, 1568, 3168];
  for (const len of lengths) {
    const off = len & 7;
    const [data, copy] = input(inA, off, len);
    const out = output(len % 3, 32);
    W.sha3_256(out, data);
    assertScratchClean(`sha3_256 len=${len}`);
    P.sha3_256(want, copy);
    assert.equal(hex(out), hex(want), `sha3_256 len=${len}`);
    assertSentinels(len % 3, 32, `sha3_256 len=${len}`);
    assert.equal(hex(data), hex(copy), `sha3_256 len=${len} modified its input`);
  }
});

test('sha3_512 of a ‖ b matches portable on split inputs, b of length 0 and 1 included', () => {
  const want = new Uint8Array(64);
  const lens = [0, 1, 7, 8, 31, 32, 33, 64, 71, 72, 73, 143, 144, 145, 200, 1184];
  let cases = 0;
  for (const aLen of lens) {
    for (const bLen of lens) {
      const [a, aCopy] = input(inA, (aLen + bLen) & 15, aLen);
      const [b, bCopy] = input(inB, bLen & 3, bLen);
      const out = output(1, 64);
      W.sha3_512(out, a, b);
      assertScratchClean(`sha3_512 ${aLen}+${bLen}`);
      P.sha3_512(want, aCopy, bCopy);
      assert.equal(hex(out), hex(want), `sha3_512 ${aLen}+${bLen}`);
      assertSentinels(1, 64, `sha3_512 ${aLen}+${bLen}`);
      cases++;
    }
  }
  assert.equal(cases, lens.length ** 2);
});

test('sha3_256 and sha3_512 match node:crypto', () => {
  for (const len of [0, 1, 33, 135, 136, 137, 1184, 3168]) {
    const [a, aCopy] = input(inA, 0, len);
    const empty = inB.subarray(0, 0);
    const out32 = output(0, 32);
    W.sha3_256(out32, a);
    assert.equal(hex(out32), hex(nodeHash('sha3-256', aCopy)), `sha3-256 len=${len}`);
    const out64 = output(0, 64);
    W.sha3_512(out64, a, empty);
    assert.equal(hex(out64), hex(nodeHash('sha3-512', aCopy)), `sha3-512 len=${len}`);
    assertScratchClean(`node:crypto len=${len}`);
  }
});

test('sampleMatrix matches portable for k = 2, 3, 4, both orientations; writes only k² entries', () => {
  const rho = seedBuf.subarray(0, 32);
  const want = new Int16Array(256 * 16);
  let cases = 0;
  for (const k of [2, 3, 4]) {
    for (let r = 0; r < 50; r++) {
      if (r === 0) rho.fill(0);
      else if (r === 1) rho.fill(0xff);
      else fill(rho);
      const rhoCopy = rho.slice();
      for (const transposed of [false, true]) {
        matrix.fill(-7);
        const a = matrix.subarray(0, 256 * k * k);
        W.sampleMatrix(a, rho, k, transposed);
        assertScratchClean(`sampleMatrix k=${k} transposed=${transposed}`);
        const w = want.subarray(0, 256 * k * k);
        P.sampleMatrix(w, rhoCopy, k, transposed);
        const what = `sampleMatrix k=${k} transposed=${transposed} rho=${hex(rhoCopy)}`;
        assert.deepEqual(a, w, what);
        assert.ok(
          matrix.subarray(256 * k * k).every((x) => x === -7),
          `${what}: wrote past the matrix`,
        );
        assert.equal(hex(rho), hex(rhoCopy), `${what}: modified rho`);
        cases++;
      }
    }
  }
  assert.equal(cases, 300);
});

/** How many 168-byte SHAKE128 blocks Algorithm 7 reads for XOF(rho ‖ b0 ‖ b1) (node:crypto). */
function blocksRead(rho: Uint8Array, b0: number, b1: number): number {
  const C = new Uint8Array(
    createHash('shake128', { outputLength: 5 * 168 })
      .update(rho)
      .update(Uint8Array.of(b0, b1))
      .digest(),
  );
  let n = 0;
  for (let pos = 0; pos < C.length; pos += 3) {
    const d1 = C[pos]! | ((C[pos + 1]! & 15) << 8);
    const d2 = (C[pos + 1]! >> 4) | (C[pos + 2]! << 4);
    n += d1 < 3329 ? 1 : 0;
    n += d2 < 3329 && n < 256 ? 1 : 0;
    if (n >= 256) return Math.floor(pos / 168) + 1; // 168 = 3 · 56: triples never straddle blocks
  }
  throw new Error('more than 5 blocks');
}

test('sampleMatrix: entries that need a fourth SHAKE128 block (p ≈ 0.8 %), paired and left over', () => {
  const rho = seedBuf.subarray(0, 32);
  const want = new Int16Array(256 * 9);
  // The odd entry of k = 3 (scalar path): Â[2][2] from rho ‖ 2 ‖ 2. A pair of k = 2 (i64x2
  // path): Â[0][0] and Â[0][1] from rho ‖ 0 ‖ 0 and rho ‖ 1 ‖ 0, one needing 4 blocks and the
  // other 3, both ways round.
  const wanted: [k: number, test: () => boolean][] = [
    [3, () => blocksRead(rho, 2, 2) === 4],
    [2, () => blocksRead(rho, 0, 0) === 4 && blocksRead(rho, 1, 0) === 3],
    [2, () => blocksRead(rho, 0, 0) === 3 && blocksRead(rho, 1, 0) === 4],
  ];
  for (const [k, found] of wanted) {
    let tries = 0;
    do {
      fill(rho);
      assert.ok(++tries < 100_000, 'no such rho found');
    } while (!found());
    const a = matrix.subarray(0, 256 * k * k);
    W.sampleMatrix(a, rho, k, false);
    assertScratchClean(`sampleMatrix k=${k}, four blocks`);
    P.sampleMatrix(want.subarray(0, 256 * k * k), rho.slice(), k, false);
    assert.deepEqual(a, want.subarray(0, 256 * k * k), `sampleMatrix k=${k} rho=${hex(rho)}`);
  }
});

test('sampleMatrixWithHash = sampleMatrix and sha3_256, for k = 2, 3, 4, both orientations, message lengths around the block boundaries', () => {
  const rho = seedBuf.subarray(0, 32);
  const wantA = new Int16Array(256 * 16);
  const wantH = new Uint8Array(32);
  let cases = 0;
  for (const k of [2, 3, 4]) {
    // ek's length at this k, and lengths that end on, just before and just after a block
    for (const len of [384 * k + 32, 0, 1, 135, 136, 137, 271, 272, 273, 1567, 1568, 3200]) {
      for (const transposed of [false, true]) {
        fill(rho);
        const [data, dataCopy] = input(inA, 1 + (len % 7), len);
        matrix.fill(-7);
        const a = matrix.subarray(0, 256 * k * k);
        const h = output(3, 32);
        W.sampleMatrixWithHash(a, rho, k, transposed, h, data);
        assertScratchClean(`sampleMatrixWithHash k=${k} len=${len}`);
        assertSentinels(3, 32, `sampleMatrixWithHash k=${k} len=${len}`);
        const what = `sampleMatrixWithHash k=${k} transposed=${transposed} len=${len} rho=${hex(rho)}`;
        P.sampleMatrixWithHash(wantA.subarray(0, 256 * k * k), rho.slice(), k, transposed, wantH, dataCopy);
        assert.deepEqual(a, wantA.subarray(0, 256 * k * k), what);
        assert.equal(hex(h), hex(wantH), what);
        assert.equal(hex(h), hex(nodeHash('sha3-256', dataCopy)), `${what}: node:crypto`);
        assert.ok(
          matrix.subarray(256 * k * k).every((x) => x === -7),
          `${what}: wrote past the matrix`,
        );
        assert.equal(hex(data), hex(dataCopy), `${what}: modified the data`);
        cases++;
      }
    }
  }
  assert.equal(cases, 72);
});

test('sampleNoise matches portable for eta1, eta2 in {2, 3}, count 1 .. 9, the eta1/eta2 split anywhere', () => {
  const sigma = seedBuf.subarray(0, 32);
  const want = new Int16Array(256 * 9);
  let cases = 0;
  for (let r = 0; r < 100; r++) {
    if (r === 0) sigma.fill(0);
    else if (r === 1) sigma.fill(0xff);
    else fill(sigma);
    const sigmaCopy = sigma.slice();
    for (const [eta1, eta2] of [
      [2, 2],
      [3, 2],
      [2, 3],
      [3, 3],
    ] as const) {
      for (let count = 1; count <= 9; count++) {
        const k = (r + count) % (count + 1);
        noise.fill(99);
        const out = noise.subarray(0, 256 * count);
        W.sampleNoise(out, sigma, count, k, eta1, eta2);
        assertScratchClean(`sampleNoise eta=${eta1},${eta2} count=${count}`);
        const w = want.subarray(0, 256 * count);
        P.sampleNoise(w, sigmaCopy, count, k, eta1, eta2);
        const what = `sampleNoise eta=${eta1},${eta2} count=${count} k=${k} sigma=${hex(sigmaCopy)}`;
        assert.deepEqual(out, w, what);
        assert.ok(
          noise.subarray(256 * count).every((x) => x === 99),
          `${what}: wrote past count`,
        );
        assert.equal(hex(sigma), hex(sigmaCopy), `${what}: modified sigma`);
        cases++;
      }
    }
  }
  assert.equal(cases, 3600);
});

test('sampleNoise with J(z ‖ c) matches portable for every parameter set, c of lengths around the block boundaries', () => {
  const r = seedBuf.subarray(0, 32);
  const z = inB.subarray(5, 37);
  const jOut = outBuf.subarray(1, 33);
  const want = new Int16Array(256 * 9);
  const wantJ = new Uint8Array(32);
  const params = [
    [2, 3, 2],
    [3, 2, 2],
    [4, 2, 2],
  ] as const;
  // 32 + cLen at, below and above multiples of the rate, and the three ciphertext lengths.
  const cLens = [0, 1, 103, 104, 105, 239, 240, 241, 768, 1088, 1568];
  let cases = 0;
  for (const [k, eta1, eta2] of params) {
    for (const cLen of [-1, ...cLens]) {
      fill(r);
      const rCopy = r.slice();
      noise.fill(99);
      const out = noise.subarray(0, 256 * (2 * k + 1));
      const w = want.subarray(0, out.length);
      const what = `sampleNoise k=${k} cLen=${cLen} r=${hex(rCopy)}`;
      if (cLen < 0) {
        W.sampleNoise(out, r, 2 * k + 1, k, eta1, eta2);
        P.sampleNoise(w, rCopy, 2 * k + 1, k, eta1, eta2);
      } else {
        fill(z);
        const [c, cCopy] = input(inA, cLen & 7, cLen);
        outBuf.fill(SENTINEL);
        W.sampleNoise(out, r, 2 * k + 1, k, eta1, eta2, { out: jOut, z, c });
        P.sampleNoise(w, rCopy, 2 * k + 1, k, eta1, eta2, { out: wantJ, z: z.slice(), c: cCopy });
        assert.equal(hex(jOut), hex(wantJ), `${what}: J`);
        assert.equal(
          hex(wantJ),
          hex(nodeHash('shake256', Buffer.concat([z, cCopy]), 32)),
          `${what}: J against node:crypto`,
        );
        assertSentinels(1, 32, what);
        assert.equal(hex(c), hex(cCopy), `${what}: modified c`);
      }
      assertScratchClean(what);
      assert.deepEqual(out, w, what);
      assert.ok(
        noise.subarray(out.length).every((x) => x === 99),
        `${what}: wrote past 2k + 1 polynomials`,
      );
      assert.equal(hex(r), hex(rCopy), `${what}: modified r`);
      cases++;
    }
  }
  assert.equal(cases, 36);
});

test('sampleNoise: every value in [-eta, eta] occurs', () => {
  for (const eta of [2, 3] as const) {
    const seen = new Set<number>();
    const out = noise.subarray(0, 1024);
    fill(seedBuf);
    W.sampleNoise(out, seedBuf.subarray(0, 32), 4, 4, eta, eta);
    for (const x of out) seen.add(x);
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      Array.from({ length: 2 * eta + 1 }, (_, i) => i - eta),
      `eta=${eta}`,
    );
  }
});
