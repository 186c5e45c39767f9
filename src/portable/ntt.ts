// The number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 203, §4.3).
// Coefficients are int16; twiddle factors are kept in Montgomery form (times R = 2^16), as in
// the Kyber reference implementation, so each product needs one Montgomery reduction.
import { MONT, MONT2, Q, QINV, barrettReduce, fieldMulMont, montgomeryReduce } from './field.js';

let zetaTable: Int16Array | undefined;

/** BitRev7: reverses the low 7 bits of i. */
export function bitRev7(i: number): number {
  let r = 0;
  for (let b = 0; b < 7; b++) r |= ((i >> b) & 1) << (6 - b);
  return r;
}

/**
 * zetas[i] = ζ^BitRev7(i)·R mod q for ζ = 17, centered in (-q/2, q/2); computed on first use.
 * Public constants, so the plain `%` here touches no secret.
 */
export function zetas(): Int16Array {
  if (zetaTable) return zetaTable;
  const pow = new Int32Array(128);
  pow[0] = 1;
  for (let i = 1; i < 128; i++) pow[i] = (pow[i - 1]! * 17) % Q;
  const table = new Int16Array(128);
  for (let i = 0; i < 128; i++) {
    const z = (pow[bitRev7(i)]! * MONT) % Q;
    table[i] = z > Q >> 1 ? z - Q : z;
  }
  return (zetaTable = table);
}

/**
 * Implements FIPS 203, Algorithm 9 (NTT), in place.
 * Input |f[j]| < q; output |f[j]| ≤ (q-1)/2 (Barrett-reduced), in the NTT domain.
 * Note: layers are done two at a time on four coefficients held in locals (fewer loads and
 * stores), and the last layer reduces as it stores. The butterflies and zetas are those of the
 * algorithm: layer ℓ (length 128/2^ℓ) uses zetas[2^ℓ + b] in its block b. Each layer grows
 * |f[j]| by less than q, so values stay below 8q < 2^15 and the Montgomery bound holds.
 * The Montgomery reduction is written out: V8 does not inline the helper in these loops.
 */
export function ntt(f: Int16Array): void {
  const z = zetas();
  for (let len = 128, k = 1; len >= 4; len >>= 2, k <<= 2) {
    const half = len >> 1;
    for (let b = 0; b < k; b++) {
      const z1 = z[k + b]!;
      const z2 = z[2 * k + 2 * b]!;
      const z3 = z[2 * k + 2 * b + 1]!;
      for (let j = 2 * len * b, end = j + half; j < end; j++) {
        let a0 = f[j]!, a1 = f[j + half]!, a2 = f[j + len]!, a3 = f[j + len + half]!;
        let x = Math.imul(z1, a2);
        let t = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        a2 = a0 - t;
        a0 += t;
        x = Math.imul(z1, a3);
        t = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        a3 = a1 - t;
        a1 += t;
        x = Math.imul(z2, a1);
        t = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        f[j + half] = a0 - t;
        f[j] = a0 + t;
        x = Math.imul(z3, a3);
        t = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        f[j + len + half] = a2 - t;
        f[j + len] = a2 + t;
      }
    }
  }
  for (let j = 0; j < 256; j += 4) {
    const zeta = z[64 + (j >> 2)]!; // last layer, length 2
    for (let i = j; i < j + 2; i++) {
      const x = Math.imul(zeta, f[i + 2]!);
      const t = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
      const a = f[i]!;
      const lo = a + t;
      const hi = a - t;
      f[i] = lo - Math.imul((Math.imul(20159, lo) + (1 << 25)) >> 26, Q); // barrettReduce
      f[i + 2] = hi - Math.imul((Math.imul(20159, hi) + (1 << 25)) >> 26, Q);
    }
  }
}

/**
 * Implements FIPS 203, Algorithm 10 (NTT^-1), in place, and multiplies by R = 2^16.
 * Input |f[j]| < q; output |f[j]| < q.
 * Note: layers are done two at a time as in ntt (layer of length len, block b uses
 * zetas[256/len - 1 - b]); sums are Barrett-reduced every second layer, which keeps them below
 * 4q < 2^15. The final factor is R^2/128 mod q (1441) instead of 128^-1 (3303): with one
 * Montgomery reduction it yields f·R/128, which cancels the R^-1 that nttMultiplyAccumulate
 * leaves. It is folded into the last layer (its zeta becomes zeta·1441·R^-1).
 */
export function invNtt(f: Int16Array): void {
  const z = zetas();
  for (let len = 2, nb = 64; len <= 32; len <<= 2, nb >>= 2) {
    for (let b = 0; b < nb >> 1; b++) {
      const zA = z[2 * nb - 1 - 2 * b]!;
      const zB = z[2 * nb - 2 - 2 * b]!;
      const zC = z[nb - 1 - b]!;
      for (let j = 4 * len * b, end = j + len; j < end; j++) {
        const a0 = f[j]!, a1 = f[j + len]!, a2 = f[j + 2 * len]!, a3 = f[j + 3 * len]!;
        const s0 = a0 + a1; // < 2q
        let x = Math.imul(zA, a1 - a0);
        const d0 = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16; // < q
        const s1 = a2 + a3;
        x = Math.imul(zB, a3 - a2);
        const d1 = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        const s = s0 + s1; // < 4q
        f[j] = s - Math.imul((Math.imul(20159, s) + (1 << 25)) >> 26, Q);
        x = Math.imul(zC, s1 - s0);
        f[j + 2 * len] = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
        const t = d0 + d1; // < 2q
        f[j + len] = t - Math.imul((Math.imul(20159, t) + (1 << 25)) >> 26, Q);
        x = Math.imul(zC, d1 - d0);
        f[j + 3 * len] = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
      }
    }
  }
  const zLast = montgomeryReduce(Math.imul(z[1]!, 1441)); // layer of length 128, scaled
  for (let j = 0; j < 128; j++) {
    const t = f[j]!;
    const u = f[j + 128]!;
    let x = Math.imul(t + u, 1441); // |t + u| < 2q
    f[j] = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
    x = Math.imul(zLast, u - t);
    f[j + 128] = (x - Math.imul((Math.imul(x, QINV) << 16) >> 16, Q)) >> 16;
  }
}

/**
 * Implements FIPS 203, Algorithms 11 and 12 (MultiplyNTTs, BaseCaseMultiply), summed over k
 * polynomials: out = R^-1 · Σ_i a_i ∘ b_i, where a and b hold k polynomials back to back.
 * Inputs |a|, |b| ≤ q; output |out| < q.
 * Note: the sums are accumulated in int32 and reduced once. Each term is below 2q^2 in absolute
 * value, so for k ≤ 4 the sum stays below 8q^2 < q·2^15, the Montgomery reduction's bound.
 */
export function nttMultiplyAccumulate(out: Int16Array, a: Int16Array, b: Int16Array, k: number): void {
  const z = zetas();
  for (let p = 0; p < 64; p++) {
    const gamma = z[64 + p]!; // γ = ζ^(2·BitRev7(2p)+1)·R; the odd pair uses -γ
    const j = 4 * p;
    let r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    for (let i = 0, o = j; i < k; i++, o += 256) {
      const a0 = a[o]!, a1 = a[o + 1]!, a2 = a[o + 2]!, a3 = a[o + 3]!;
      const b0 = b[o]!, b1 = b[o + 1]!, b2 = b[o + 2]!, b3 = b[o + 3]!;
      r0 += Math.imul(a0, b0) + Math.imul(montgomeryReduce(Math.imul(a1, b1)), gamma);
      r1 += Math.imul(a0, b1) + Math.imul(a1, b0);
      r2 += Math.imul(a2, b2) - Math.imul(montgomeryReduce(Math.imul(a3, b3)), gamma);
      r3 += Math.imul(a2, b3) + Math.imul(a3, b2);
    }
    out[j] = montgomeryReduce(r0);
    out[j + 1] = montgomeryReduce(r1);
    out[j + 2] = montgomeryReduce(r2);
    out[j + 3] = montgomeryReduce(r3);
  }
}

/** out[j] = out[j]·R mod q (leaves Montgomery's R^-1 behind); output |out[j]| < q. */
export function polyToMont(f: Int16Array): void {
  for (let j = 0; j < 256; j++) f[j] = fieldMulMont(f[j]!, MONT2);
}

/** f = f + g, then Barrett-reduced; inputs |f|, |g| < 2^14 so the sum fits int16. */
export function polyAddReduce(f: Int16Array, g: Int16Array): void {
  for (let j = 0; j < 256; j++) f[j] = barrettReduce(f[j]! + g[j]!);
}

/** f = f - g, then Barrett-reduced; inputs |f|, |g| < 2^14 so the difference fits int16. */
export function polySubReduce(f: Int16Array, g: Int16Array): void {
  for (let j = 0; j < 256; j++) f[j] = barrettReduce(f[j]! - g[j]!);
}
