// Arithmetic in Z_q, q = 3329, on int32 values without `%` or `/` (FIPS 203, §2.3 and §4.2.1).
// Polynomial coefficients are stored in Int16Array; every helper states the input range it
// accepts, and test/field.test.ts checks each helper over that whole range.

export const Q = 3329;
/** q^-1 mod 2^16, as a signed 16-bit value. */
export const QINV = -3327;
/** Montgomery radix R = 2^16; R mod q and R^2 mod q. */
export const MONT = 2285;
export const MONT2 = 1353;

/**
 * Montgomery reduction: for |a| < q·2^15, returns r ≡ a·2^-16 (mod q) with |r| < q.
 */
export function montgomeryReduce(a: number): number {
  // t = a·q^-1 mod 2^16 as int16, so a - t·q is divisible by 2^16; |t·q| < 2^15·q keeps it in int32.
  const t = (Math.imul(a, QINV) << 16) >> 16;
  return (a - Math.imul(t, Q)) >> 16;
}

/** Montgomery multiplication: for |a·b| < q·2^15, returns r ≡ a·b·2^-16 (mod q), |r| < q. */
export function fieldMulMont(a: number, b: number): number {
  return montgomeryReduce(Math.imul(a, b));
}

/**
 * Barrett reduction: for a in int16 range, returns r ≡ a (mod q) with -(q-1)/2 ≤ r ≤ (q-1)/2.
 */
export function barrettReduce(a: number): number {
  // 20159 = round(2^26 / q); |20159·a| < 2^30 for |a| < 2^15.
  const t = (Math.imul(20159, a) + (1 << 25)) >> 26;
  return a - Math.imul(t, Q);
}

/** For -q < a < q, returns a mod q in [0, q): adds q when a is negative, without a branch. */
export function fieldToCanonical(a: number): number {
  return a + ((a >> 31) & Q);
}

/** For 0 ≤ a < 2q, returns a mod q in [0, q): subtracts q when a ≥ q, without a branch. */
export function fieldCsubq(a: number): number {
  a -= Q;
  return a + ((a >> 31) & Q);
}

/**
 * Compress_d (FIPS 203, §4.2.1, eq. 4.7) for 0 ≤ x < q and 1 ≤ d ≤ 11: round(2^d·x / q) mod 2^d.
 * Note: no division (KyberSlash). 2580335 = round(2^33 / q); x is split into its high six and low
 * six bits so that every product stays below 2^28. Exact for every x and d (test/field.test.ts).
 */
export function compress(x: number, d: number): number {
  const v = Math.imul(x >> 6, 2580335) + (Math.imul(x & 63, 2580335) >> 6) + (1 << (26 - d));
  return (v >> (27 - d)) & ((1 << d) - 1);
}

/** Decompress_d (FIPS 203, §4.2.1, eq. 4.8) for 0 ≤ y < 2^d: round(q·y / 2^d). */
export function decompress(y: number, d: number): number {
  // q·y < 2^23 for d ≤ 11.
  return (Math.imul(y, Q) + (1 << (d - 1))) >> d;
}
