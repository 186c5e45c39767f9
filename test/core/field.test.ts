// Exhaustive tests of the field helpers of src/portable/ntt.ts and encode.ts and of the zeta table of
// src/portable/ntt.ts, each over the whole input range its doc comment states, against exact
// integer references written here (FIPS 203, §2.3, §4.2.1, §4.3).
//
// Loops are tight: each counts mismatches and records the first counterexample, then asserts once.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { compress, decompress, fieldCsubq, fieldToCanonical } from '../../src/portable/encode.js';
import { barrettReduce, bitRev7, montgomeryReduce, mulShoup, nttTwiddles, zetas } from '../../src/portable/ntt.js';
import { Q, modq } from '../support/helpers.js';

const QINV = -3327; // q^-1 mod 2^16, signed
const MONT = 2285; // 2^16 mod q

/** Montgomery multiplication as the kernels use it: a·b·2^-16 mod q for |a·b| < q·2^15. */
const fieldMulMont = (a: number, b: number): number => montgomeryReduce(Math.imul(a, b));
const MONT2 = 1353; // R^2 mod q

const R = 65536; // Montgomery radix 2^16
const HALF = (Q - 1) >> 1; // 1664

/** x^e mod m with BigInt (exact). */
function powMod(x: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  let b = ((x % m) + m) % m;
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
  }
  return r;
}

/** 2^-16 mod q, found by search (independent of the implementation's constants). */
const RINV = (() => {
  for (let x = 1; x < Q; x++) if ((R * x) % Q === 1) return x;
  throw new Error('2^16 has no inverse mod q');
})();

test('constants: q, q^-1 mod 2^16, R mod q, R^2 mod q, R^-1 mod q', () => {
  assert.equal(Q, 3329);
  // QINV·q ≡ 1 (mod 2^16) and QINV is a signed 16-bit value.
  assert.equal((((QINV * Q) % R) + R) % R, 1, 'QINV·q ≢ 1 (mod 2^16)');
  assert.ok(QINV >= -32768 && QINV <= 32767, 'QINV is not int16');
  assert.equal(MONT, Number(2n ** 16n % 3329n));
  assert.equal(MONT2, Number(2n ** 32n % 3329n));
  assert.equal(RINV, Number(powMod(2n ** 16n, 3329n - 2n, 3329n)));
  assert.equal(RINV, 169);
});

test('montgomeryReduce: exhaustive over |a| < q·2^15, r ≡ a·2^-16 (mod q), |r| < q', () => {
  // The whole accepted range: 2·q·2^15 - 1 ≈ 2.18e8 values. The reference is exact: e = a·R^-1
  // mod q in [0, q) is carried along incrementally (a → a+1 adds R^-1 mod q), started from a
  // BigInt value and re-checked against BigInt at the end, so it cannot drift unnoticed.
  const bound = Q * 32768; // q·2^15; accepted: -bound < a < bound
  const lo = -bound + 1;
  const hi = bound - 1;
  let e = Number(((((BigInt(lo) % 3329n) + 3329n) % 3329n) * BigInt(RINV)) % 3329n);
  let bad = 0;
  let first = '';
  let outOfRange = 0;
  let firstOut = '';
  for (let a = lo; a <= hi; a++) {
    const r = montgomeryReduce(a);
    if (r <= -Q || r >= Q) {
      if (outOfRange++ === 0) firstOut = `a=${a} r=${r}`;
    } else if ((r < 0 ? r + Q : r) !== e) {
      if (bad++ === 0) first = `a=${a} r=${r} expected ≡ ${e}`;
    }
    e += RINV;
    if (e >= Q) e -= Q;
  }
  // After the loop e corresponds to a = hi + 1; check the incremental reference did not drift.
  assert.equal(e, Number((BigInt(hi + 1) * BigInt(RINV)) % 3329n), 'incremental reference drifted');
  assert.equal(outOfRange, 0, `montgomeryReduce output out of (-q, q): first at ${firstOut}`);
  assert.equal(bad, 0, `montgomeryReduce wrong residue for ${bad} inputs; first ${first}`);
});

test('montgomeryReduce: bounds and multiples of 2^16 checked with BigInt', () => {
  // A second, independent reference (BigInt, direct formula) on the values near the bounds and
  // around every multiple of 2^16 in the range.
  const bound = Q * 32768;
  const samples: number[] = [];
  for (let d = 1; d <= 4096; d++) samples.push(-bound + d, bound - d);
  for (let m = -Math.floor(bound / R); m <= Math.floor(bound / R); m++) {
    for (let d = -2; d <= 2; d++) {
      const a = m * R + d;
      if (a > -bound && a < bound) samples.push(a);
    }
  }
  let bad = 0;
  let first = '';
  for (const a of samples) {
    const r = montgomeryReduce(a);
    const ok = r > -Q && r < Q && (BigInt(r) * 65536n - BigInt(a)) % 3329n === 0n;
    if (!ok && bad++ === 0) first = `a=${a} r=${r}`;
  }
  assert.ok(samples.length > 10000);
  assert.equal(bad, 0, `montgomeryReduce failed on ${bad} boundary samples; first ${first}`);
});

test('fieldMulMont: exhaustive over a in int16 × b in the zeta table and ±1441, ±1353, ±MONT', () => {
  const bs = new Set<number>(zetas());
  for (const c of [1441, -1441, 1353, -1353, MONT, -MONT, MONT2]) bs.add(c);
  // The scaled zeta of the last inverse-NTT layer (ntt.ts: zLast), as a further constant.
  bs.add(montgomeryReduce(zetas()[1]! * 1441));
  const bound = Q * 32768;
  let count = 0;
  let bad = 0;
  let first = '';
  for (const b of bs) {
    const bR = modq(b * RINV); // b·R^-1 mod q, so a·b·R^-1 ≡ a·bR
    for (let a = -32768; a <= 32767; a++) {
      if (Math.abs(a * b) >= bound) continue; // outside the accepted range (never for |b| < q)
      count++;
      const r = fieldMulMont(a, b);
      const e = modq(modq(a) * bR);
      if (r <= -Q || r >= Q || (r < 0 ? r + Q : r) !== e) {
        if (bad++ === 0) first = `a=${a} b=${b} r=${r} expected ≡ ${e}`;
      }
    }
  }
  assert.equal(count, bs.size * 65536, 'every int16 a should be in range for these b');
  assert.equal(bad, 0, `fieldMulMont failed on ${bad} pairs; first ${first}`);
});

test('barrettReduce: exhaustive over int16, r ≡ a (mod q), -(q-1)/2 ≤ r ≤ (q-1)/2', () => {
  let bad = 0;
  let first = '';
  for (let a = -32768; a <= 32767; a++) {
    const r = barrettReduce(a);
    if (r < -HALF || r > HALF || modq(r - a) !== 0) {
      if (bad++ === 0) first = `a=${a} r=${r}`;
    }
  }
  assert.equal(bad, 0, `barrettReduce failed on ${bad} inputs; first ${first}`);
});

test('fieldToCanonical: exhaustive over -q < a < q, result a mod q in [0, q)', () => {
  let bad = 0;
  let first = '';
  for (let a = -Q + 1; a < Q; a++) {
    const r = fieldToCanonical(a);
    if (r !== modq(a)) if (bad++ === 0) first = `a=${a} r=${r}`;
  }
  assert.equal(bad, 0, `fieldToCanonical failed on ${bad} inputs; first ${first}`);
});

test('fieldCsubq: exhaustive over 0 ≤ a < 2q, result a mod q in [0, q)', () => {
  let bad = 0;
  let first = '';
  for (let a = 0; a < 2 * Q; a++) {
    const r = fieldCsubq(a);
    if (r !== modq(a)) if (bad++ === 0) first = `a=${a} r=${r}`;
  }
  assert.equal(bad, 0, `fieldCsubq failed on ${bad} inputs; first ${first}`);
});

/** Compress_d(x) = round(2^d·x / q) mod 2^d, rounding half up, in exact integer arithmetic. */
function refCompress(x: number, d: number): number {
  return Math.floor((2 ** (d + 1) * x + Q) / (2 * Q)) % 2 ** d;
}

/** Decompress_d(y) = round(q·y / 2^d), rounding half up, in exact integer arithmetic. */
function refDecompress(y: number, d: number): number {
  return Math.floor((2 * Q * y + 2 ** d) / 2 ** (d + 1));
}

test('compress: exhaustive over d in 1..11 and 0 ≤ x < q against round(2^d·x/q) mod 2^d', () => {
  let bad = 0;
  let first = '';
  const failingD = new Set<number>();
  for (let d = 1; d <= 11; d++) {
    for (let x = 0; x < Q; x++) {
      const r = compress(x, d);
      const e = refCompress(x, d);
      if (r !== e) {
        failingD.add(d);
        if (bad++ === 0) first = `d=${d} x=${x} got ${r} expected ${e}`;
      }
    }
  }
  assert.equal(bad, 0, `compress wrong on ${bad} inputs (d in {${[...failingD].join(', ')}}); first ${first}`);
});

test('compress: output range [0, 2^d) (exhaustive)', () => {
  let bad = 0;
  let first = '';
  for (let d = 1; d <= 11; d++) {
    for (let x = 0; x < Q; x++) {
      const r = compress(x, d);
      if (!(r >= 0 && r < 1 << d)) if (bad++ === 0) first = `d=${d} x=${x} r=${r}`;
    }
  }
  assert.equal(bad, 0, `compress out of range on ${bad} inputs; first ${first}`);
});

test('decompress: exhaustive over d in 1..11 and 0 ≤ y < 2^d against round(q·y/2^d), in [0, q)', () => {
  let bad = 0;
  let first = '';
  for (let d = 1; d <= 11; d++) {
    for (let y = 0; y < 1 << d; y++) {
      const r = decompress(y, d);
      const e = refDecompress(y, d);
      if (r !== e || r < 0 || r >= Q) if (bad++ === 0) first = `d=${d} y=${y} got ${r} expected ${e}`;
    }
  }
  assert.equal(bad, 0, `decompress wrong on ${bad} inputs; first ${first}`);
});

test('decompress(compress(x)) is within round(q/2^(d+1)) of x mod± q (FIPS 203, eq. 4.9), exhaustive', () => {
  let bad = 0;
  let first = '';
  for (let d = 1; d <= 11; d++) {
    const bound = Math.floor((Q + 2 ** d) / 2 ** (d + 1)); // round(q / 2^(d+1))
    for (let x = 0; x < Q; x++) {
      const y = decompress(compress(x, d), d);
      let diff = modq(y - x);
      if (diff > HALF) diff -= Q;
      if (Math.abs(diff) > bound) if (bad++ === 0) first = `d=${d} x=${x} y=${y} |diff|=${Math.abs(diff)} > ${bound}`;
    }
  }
  assert.equal(bad, 0, `compression error bound violated on ${bad} inputs; first ${first}`);
});

/** BitRev7 from the binary string, independent of the implementation. */
function refBitRev7(i: number): number {
  return parseInt(i.toString(2).padStart(7, '0').split('').reverse().join(''), 2);
}

test('bitRev7: matches the bit-string reversal and is an involution on 0..127 (exhaustive)', () => {
  const seen = new Set<number>();
  for (let i = 0; i < 128; i++) {
    const r = bitRev7(i);
    assert.equal(r, refBitRev7(i), `bitRev7(${i})`);
    assert.equal(bitRev7(r), i, `bitRev7 is not an involution at ${i}`);
    seen.add(r);
  }
  assert.equal(seen.size, 128, 'bitRev7 is not a permutation of 0..127');
});

test('ζ = 17 is a primitive 256th root of unity mod q', () => {
  assert.equal(powMod(17n, 128n, 3329n), 3328n, '17^128 ≢ -1');
  assert.equal(powMod(17n, 256n, 3329n), 1n, '17^256 ≢ 1');
  // Order exactly 256: 17^128 = -1 ≠ 1 rules out every proper divisor of 256.
});

test('zetas: zetas()[i] = 17^BitRev7(i)·2^16 mod q, centered (exhaustive over the 128 entries)', () => {
  const z = zetas();
  assert.ok(z instanceof Int16Array);
  assert.equal(z.length, 128);
  for (let i = 0; i < 128; i++) {
    const v = Number((powMod(17n, BigInt(refBitRev7(i)), 3329n) * 65536n) % 3329n);
    const centered = v > HALF ? v - Q : v;
    assert.equal(z[i], centered, `zetas()[${i}]`);
    assert.ok(z[i]! >= -HALF && z[i]! <= HALF, `zetas()[${i}] = ${z[i]} not centered`);
  }
  assert.equal(zetas(), z, 'zetas() should return the cached table');
});

test('nttTwiddles: zeta[i] = 17^BitRev7(i) mod q centered, zetaShoup[i] = round(zeta[i]·2^16/q) (exhaustive over the 128 entries)', () => {
  const { zeta, zetaShoup } = nttTwiddles();
  for (let i = 0; i < 128; i++) {
    let v = 1;
    for (let e = 0; e < bitRev7(i); e++) v = (v * 17) % 3329;
    const centered = v > 1664 ? v - 3329 : v;
    assert.equal(zeta[i], centered, `zeta[${i}]`);
    assert.equal(zetaShoup[i], Math.round((centered * 65536) / 3329), `zetaShoup[${i}]`);
    assert.ok(Math.abs(zetaShoup[i]!) < 2 ** 15, `zetaShoup[${i}] fits int16`);
  }
});

test('mulShoup: exhaustive over a in (-2^15, 2^15) × every NTT twiddle and the constants of invNtt and polyToMont', () => {
  const { zeta, zetaShoup } = nttTwiddles();
  const pairs: Array<[number, number]> = [
    [512, 10079],
    [-266, -5237],
    [-1044, -20553],
  ];
  for (let i = 0; i < 128; i++) pairs.push([zeta[i]!, zetaShoup[i]!]);
  let bad = 0;
  let first = '';
  for (const [z, zs] of pairs) {
    if (zs !== Math.round((z * 65536) / Q))
      assert.fail(`Shoup constant of ${z} is ${Math.round((z * 65536) / Q)}, not ${zs}`);
    for (let a = -32767; a <= 32767; a++) {
      const r = mulShoup(a, z, zs);
      if (modq(r - a * z) !== 0 || r <= -Q || r >= Q) {
        if (bad++ === 0) first = `mulShoup(${a}, ${z}, ${zs}) = ${r}`;
      }
    }
  }
  assert.equal(bad, 0, `first counterexample: ${first}`);
});
