// The number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 203, §4.3).
// Coefficients are int16; twiddle factors are kept in Montgomery form (times R = 2^16), as in
// the Kyber reference implementation, so each product needs one Montgomery reduction.
import { MONT, MONT2, Q, barrettReduce, fieldMulMont, montgomeryReduce } from './field.js';

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
 * Note: the layers grow coefficients by less than q each, so after seven layers |f[j]| < 8q < 2^15
 * and no reduction is needed before the final one.
 */
export function ntt(f: Int16Array): void {
  const z = zetas();
  let k = 1;
  for (let len = 128; len >= 2; len >>= 1) {
    for (let start = 0; start < 256; start += 2 * len) {
      const zeta = z[k++]!;
      for (let j = start; j < start + len; j++) {
        const t = montgomeryReduce(Math.imul(zeta, f[j + len]!));
        const a = f[j]!;
        f[j + len] = a - t;
        f[j] = a + t;
      }
    }
  }
  for (let j = 0; j < 256; j++) f[j] = barrettReduce(f[j]!);
}

/**
 * Implements FIPS 203, Algorithm 10 (NTT^-1), in place, and multiplies by R = 2^16.
 * Input int16; output |f[j]| < q.
 * Note: the final factor is R^2/128 mod q (1441) instead of 128^-1 (3303): with one Montgomery
 * reduction it yields f·R/128, which cancels the R^-1 that nttMultiplyAccumulate leaves behind.
 */
export function invNtt(f: Int16Array): void {
  const z = zetas();
  let k = 127;
  for (let len = 2; len <= 128; len <<= 1) {
    for (let start = 0; start < 256; start += 2 * len) {
      const zeta = z[k--]!;
      for (let j = start; j < start + len; j++) {
        const t = f[j]!;
        const u = f[j + len]!;
        f[j] = barrettReduce(t + u);
        f[j + len] = montgomeryReduce(Math.imul(zeta, u - t));
      }
    }
  }
  for (let j = 0; j < 256; j++) f[j] = montgomeryReduce(Math.imul(f[j]!, 1441));
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
