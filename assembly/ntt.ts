// The number-theoretic transform and the NTT-domain arithmetic (FIPS 203, §4.3) in 128-bit SIMD:
// eight int16 coefficients per i16x8 vector, 32 vectors a polynomial.
//
// Multiplying by a constant z uses i16x8.q15mulr_sat_s (Barrett-style): with z' = round(z·2^15/q),
// t = round(b·z'/2^15) is within 1 of b·z/q for every int16 b, so b·z - t·q, computed in wrapping
// 16-bit lanes, is the exact residue in (-q, q). The NTT-domain products are summed in int32 with
// i32x4.dot_i16x8_s and Montgomery-reduced once, leaving the factor R^-1 = 2^-16 that invNtt (or
// polyToMont in key generation) cancels, as in the portable kernels (src/portable/ntt.ts).
// Outputs are congruent to the portable ones and within the same documented ranges; where that
// range is the centered one, |x| ≤ (q-1)/2, they are equal. Nothing here branches on data.
// The helpers and tables exported below are for test/wasm/assembly/exhaustive.ts: assembly/index.ts
// decides what the module exports.

const Q: i32 = 3329;
/** q^-1 mod 2^16, as a signed 16-bit value. */
const QINV: i32 = -3327;

// Twiddle tables, written once at instantiation from the public constant ζ = 17.
/** i16[128]: ζ^BitRev7(i) mod q, centered; and round(ζ^BitRev7(i)·2^15/q). */
export const ZETA: usize = memory.data(256, 16);
export const ZETA_Q: usize = memory.data(256, 16);
/**
 * Lane twiddles of the two innermost layers, per group m of 16 coefficients, 64 bytes each:
 * the layer of length 4 (lanes: 4 × ζ of coefficients 16m..16m+7, 4 × ζ of 16m+8..), then of
 * length 2 (2 lanes per block of 4 coefficients), each as z then z'. INV_LANES: the same for
 * Algorithm 10's order of twiddles.
 */
export const NTT_LANES: usize = memory.data(16 * 64, 16);
export const INV_LANES: usize = memory.data(16 * 64, 16);
/** i16[256]: for coefficient j, γ = ζ^(2·BitRev7(j >> 1) + 1) of its pair (Algorithm 11); and γ'. */
export const GAMMA: usize = memory.data(512, 16);
export const GAMMA_Q: usize = memory.data(512, 16);

function bitRev7(i: i32): i32 {
  let r = 0;
  for (let b = 0; b < 7; b++) r |= ((i >> b) & 1) << (6 - b);
  return r;
}

/** i16[256]: 17^e mod q, centered, for e = 0 .. 255; read only while the tables are built. */
const POW17: usize = memory.data(512, 16);

/** 17^e mod q, centered, for 0 ≤ e < 256. */
function zetaPow(e: i32): i32 {
  return load<i16>(POW17 + (e << 1));
}

/** round(z·2^15/q) for a public constant z. */
export function q15(z: i32): i32 {
  return <i32>Math.round(<f64>z * 32768.0 / <f64>Q);
}

function storePair(table: usize, i: i32, z: i32): void {
  store<i16>(table + (i << 1), <i16>z);
  store<i16>(table + 256 + (i << 1), <i16>q15(z)); // ZETA_Q follows ZETA
}

function storeLane(at: usize, lane: i32, z: i32): void {
  store<i16>(at + (lane << 1), <i16>z);
  store<i16>(at + 16 + (lane << 1), <i16>q15(z));
}

function initTables(): void {
  // Powers of ζ = 17 by repeated multiplication: public constants, so the `%` touches no secret.
  for (let e = 0, r = 1; e < 256; e++, r = (r * 17) % Q) store<i16>(POW17 + (e << 1), <i16>(r > Q >> 1 ? r - Q : r));
  for (let i = 0; i < 128; i++) storePair(ZETA, i, zetaPow(bitRev7(i)));
  for (let m = 0; m < 16; m++) {
    const f = NTT_LANES + (m << 6);
    const v = INV_LANES + (m << 6);
    for (let l = 0; l < 8; l++) {
      // Algorithm 9: the block of length 4 holding coefficient c uses ζ index 32 + c/8 (c = 16m + ...).
      storeLane(f, l, zetaAt(32 + 2 * m + (l >> 2)));
      // length 2: block index 64 + c/4, lanes of P = [c0 c1 c4 c5 c8 c9 c12 c13].
      storeLane(f + 32, l, zetaAt(64 + 4 * m + (l >> 1)));
      // Algorithm 10: the layer of length len uses index 256/len - 1 - block.
      storeLane(v, l, zetaAt(127 - 4 * m - (l >> 1)));
      storeLane(v + 32, l, zetaAt(63 - 2 * m - (l >> 2)));
    }
  }
  for (let j = 0; j < 256; j++) {
    const g = zetaPow(2 * bitRev7(j >> 1) + 1);
    store<i16>(GAMMA + (j << 1), <i16>g);
    store<i16>(GAMMA_Q + (j << 1), <i16>q15(g));
  }
}

function zetaAt(i: i32): i32 {
  return load<i16>(ZETA + (i << 1));
}

initTables();

/** b·z mod q in (-q, q), lane-wise, for z' = round(z·2^15/q) (see the header). */
// @ts-ignore: decorator
@inline export function mulConst(b: v128, z: v128, zq: v128): v128 {
  return i16x8.sub(i16x8.mul(b, z), i16x8.mul(i16x8.q15mulr_sat_s(b, zq), i16x8.splat(<i16>Q)));
}

/**
 * Barrett reduction for any int16 lanes: r ≡ a (mod q) with |r| ≤ (q+1)/2, t = round(a/q) being
 * computed as round(round(a·20159/2^15)/2^11) (20159 = round(2^26/q)).
 */
// @ts-ignore: decorator
@inline export function barrett(a: v128): v128 {
  const t = i16x8.shr_s(i16x8.add(i16x8.q15mulr_sat_s(a, i16x8.splat(20159)), i16x8.splat(1024)), 11);
  return i16x8.sub(a, i16x8.mul(t, i16x8.splat(<i16>Q)));
}

/**
 * The centered residue, |r| ≤ (q-1)/2, for any int16 lanes: barrett's only value outside that
 * range is -(q+1)/2, which becomes (q-1)/2 (checked over every int16 in test/wasm/ntt.test.ts).
 */
// @ts-ignore: decorator
@inline export function reduceCentered(a: v128): v128 {
  const r = barrett(a);
  return i16x8.add(r, v128.and(i16x8.lt_s(r, i16x8.splat(-1664)), i16x8.splat(<i16>Q)));
}

/**
 * Implements FIPS 203, Algorithm 9 (NTT), in place on the polynomial at p.
 * Input |f[j]| < q; output |f[j]| ≤ (q-1)/2. Each layer grows |f[j]| by less than q (mulConst's
 * bound), so values stay below 8q < 2^15 without intermediate reduction.
 * Note: the layers of length 128 .. 8 pair whole vectors; the last two work inside vectors, on
 * 16 coefficients regrouped by shuffles so that each butterfly's operands sit in the same lane.
 */
export function ntt(p: usize): void {
  let k = 1;
  for (let len = 128; len >= 8; len >>= 1) {
    const step = <usize>(len << 1); // bytes between the butterfly's operands
    for (let start: usize = 0; start < 512; start += step << 1) {
      const z = i16x8.splat(load<i16>(ZETA + (k << 1)));
      const zq = i16x8.splat(load<i16>(ZETA_Q + (k << 1)));
      k++;
      for (let j = p + start, end = j + step; j < end; j += 16) {
        const a = v128.load(j);
        const t = mulConst(v128.load(j + step), z, zq);
        v128.store(j + step, i16x8.sub(a, t));
        v128.store(j, i16x8.add(a, t));
      }
    }
  }
  for (let m: usize = 0; m < 16; m++) {
    const at = p + (m << 5);
    const lanes = NTT_LANES + (m << 6);
    const A = v128.load(at);
    const B = v128.load(at, 16);
    // length 4: X = [c0..c3 c8..c11], Y = [c4..c7 c12..c15]
    let X = i64x2.shuffle(A, B, 0, 2);
    let Y = i64x2.shuffle(A, B, 1, 3);
    let t = mulConst(Y, v128.load(lanes), v128.load(lanes, 16));
    Y = i16x8.sub(X, t);
    X = i16x8.add(X, t);
    // length 2: P = [c0 c1 c4 c5 c8 c9 c12 c13], R = [c2 c3 c6 c7 c10 c11 c14 c15]
    let P = i32x4.shuffle(X, Y, 0, 4, 2, 6);
    let R = i32x4.shuffle(X, Y, 1, 5, 3, 7);
    t = mulConst(R, v128.load(lanes, 32), v128.load(lanes, 48));
    R = reduceCentered(i16x8.sub(P, t));
    P = reduceCentered(i16x8.add(P, t));
    v128.store(at, i32x4.shuffle(P, R, 0, 4, 1, 5));
    v128.store(at, i32x4.shuffle(P, R, 2, 6, 3, 7), 16);
  }
}

/**
 * Implements FIPS 203, Algorithm 10 (NTT^-1), in place, times R = 2^16 (see the header).
 * Input |f[j]| < q; output |f[j]| < q.
 * Note: sums double per layer, so all values are Barrett-reduced after the layers of length 8
 * and 64, keeping every operand below 8q < 2^15. The final factor 128^-1 becomes
 * R/128 = 512 (mod q), folded into the layer of length 128 (its twiddle becomes 512·ζ^BitRev7(1)).
 */
export function invNtt(p: usize): void {
  for (let m: usize = 0; m < 16; m++) {
    const at = p + (m << 5);
    const lanes = INV_LANES + (m << 6);
    const A = v128.load(at);
    const B = v128.load(at, 16);
    // length 2: P = [c0 c1 c4 c5 c8 c9 c12 c13], R = [c2 c3 c6 c7 c10 c11 c14 c15]
    let P = i32x4.shuffle(A, B, 0, 2, 4, 6);
    let R = i32x4.shuffle(A, B, 1, 3, 5, 7);
    let t = i16x8.sub(R, P);
    P = i16x8.add(P, R);
    R = mulConst(t, v128.load(lanes), v128.load(lanes, 16));
    // length 4: X = [c0..c3 c8..c11], Y = [c4..c7 c12..c15]
    let X = i32x4.shuffle(P, R, 0, 4, 2, 6);
    let Y = i32x4.shuffle(P, R, 1, 5, 3, 7);
    t = i16x8.sub(Y, X);
    X = i16x8.add(X, Y);
    Y = mulConst(t, v128.load(lanes, 32), v128.load(lanes, 48));
    v128.store(at, i64x2.shuffle(X, Y, 0, 2));
    v128.store(at, i64x2.shuffle(X, Y, 1, 3), 16);
  }
  let k = 31; // Algorithm 10's i at the layer of length 8
  for (let len = 8; len <= 64; len <<= 1) {
    const step = <usize>(len << 1);
    for (let start: usize = 0; start < 512; start += step << 1) {
      const z = i16x8.splat(load<i16>(ZETA + (k << 1)));
      const zq = i16x8.splat(load<i16>(ZETA_Q + (k << 1)));
      k--;
      for (let j = p + start, end = j + step; j < end; j += 16) {
        const a = v128.load(j);
        const b = v128.load(j + step);
        v128.store(j, i16x8.add(a, b));
        v128.store(j + step, mulConst(i16x8.sub(b, a), z, zq));
      }
    }
    if (len == 8 || len == 64) {
      for (let j = p, end = p + 512; j < end; j += 16) v128.store(j, barrett(v128.load(j)));
    }
  }
  // length 128 with the scaling: 512 = R/128 mod q, and 512·ζ^BitRev7(1) ≡ -266 (mod q).
  const s = i16x8.splat(512);
  const sq = i16x8.splat(<i16>q15(512));
  const z = i16x8.splat(-266);
  const zq = i16x8.splat(<i16>q15(-266));
  for (let j = p, end = p + 256; j < end; j += 16) {
    const a = v128.load(j);
    const b = v128.load(j, 256);
    v128.store(j, mulConst(i16x8.add(a, b), s, sq));
    v128.store(j, mulConst(i16x8.sub(b, a), z, zq), 256);
  }
}

/**
 * Implements FIPS 203, Algorithms 11 and 12 (MultiplyNTTs, BaseCaseMultiply), summed over k
 * polynomials: out = R^-1 · Σ_i a_i ∘ b_i (a and b hold k polynomials back to back).
 * Inputs |a|, |b| ≤ q; output |out| < q.
 * Note: for a pair (a0, a1), (b0, b1) with γ, c0 = a0·b0 + a1·(b1·γ) and c1 = a0·b1 + a1·b0 are
 * each one i32x4.dot_i16x8_s, against (b0, b1·γ mod q) and the swapped (b1, b0). Each sum is
 * below 2q^2, so k ≤ 4 of them stay below 8q^2, and Montgomery reduction of that leaves |out| < q.
 */
export function nttMultiplyAccumulate(out: usize, a: usize, b: usize, k: i32): void {
  const polyBytes: usize = 512;
  for (let j: usize = 0; j < 512; j += 32) {
    const g0 = v128.load(GAMMA + j);
    const gq0 = v128.load(GAMMA_Q + j);
    const g1 = v128.load(GAMMA + j, 16);
    const gq1 = v128.load(GAMMA_Q + j, 16);
    let c0lo = i32x4.splat(0), c0hi = i32x4.splat(0), c1lo = i32x4.splat(0), c1hi = i32x4.splat(0);
    for (let i = 0, o = j; i < k; i++, o += polyBytes) {
      const a0 = v128.load(a + o);
      const a1 = v128.load(a + o, 16);
      const b0 = v128.load(b + o);
      const b1 = v128.load(b + o, 16);
      // (b0, b1·γ) per pair: even lanes of b, odd lanes of b·γ
      const y0 = i16x8.shuffle(b0, mulConst(b0, g0, gq0), 0, 9, 2, 11, 4, 13, 6, 15);
      const y1 = i16x8.shuffle(b1, mulConst(b1, g1, gq1), 0, 9, 2, 11, 4, 13, 6, 15);
      c0lo = i32x4.add(c0lo, i32x4.dot_i16x8_s(a0, y0));
      c0hi = i32x4.add(c0hi, i32x4.dot_i16x8_s(a1, y1));
      c1lo = i32x4.add(c1lo, i32x4.dot_i16x8_s(a0, i16x8.shuffle(b0, b0, 1, 0, 3, 2, 5, 4, 7, 6)));
      c1hi = i32x4.add(c1hi, i32x4.dot_i16x8_s(a1, i16x8.shuffle(b1, b1, 1, 0, 3, 2, 5, 4, 7, 6)));
    }
    const c0 = i16x8.narrow_i32x4_s(montgomery(c0lo), montgomery(c0hi));
    const c1 = i16x8.narrow_i32x4_s(montgomery(c1lo), montgomery(c1hi));
    v128.store(out + j, i16x8.shuffle(c0, c1, 0, 8, 1, 9, 2, 10, 3, 11));
    v128.store(out + j, i16x8.shuffle(c0, c1, 4, 12, 5, 13, 6, 14, 7, 15), 16);
  }
}

/** Montgomery reduction of int32 lanes, |x| < q·2^15: x·2^-16 mod q, in (-q, q). */
// @ts-ignore: decorator
@inline export function montgomery(x: v128): v128 {
  const t = i32x4.shr_s(i32x4.shl(i32x4.mul(x, i32x4.splat(QINV)), 16), 16); // x·q^-1 mod 2^16, signed
  return i32x4.shr_s(i32x4.sub(x, i32x4.mul(t, i32x4.splat(Q))), 16);
}

/** f = f·R mod q, cancelling nttMultiplyAccumulate's R^-1. Input int16; output |f[j]| < q. */
export function polyToMont(f: usize): void {
  const z = i16x8.splat(-1044); // R mod q = 2285, centered
  const zq = i16x8.splat(<i16>q15(-1044));
  for (let j = f, end = f + 512; j < end; j += 16) v128.store(j, mulConst(v128.load(j), z, zq));
}

/** f = f + g, reduced to |x| ≤ (q-1)/2; inputs |f|, |g| < 2^14. */
export function polyAddReduce(f: usize, g: usize): void {
  for (let j: usize = 0; j < 512; j += 16) v128.store(f + j, reduceCentered(i16x8.add(v128.load(f + j), v128.load(g + j))));
}

/** f = f - g, reduced to |x| ≤ (q-1)/2; inputs |f|, |g| < 2^14. */
export function polySubReduce(f: usize, g: usize): void {
  for (let j: usize = 0; j < 512; j += 16) v128.store(f + j, reduceCentered(i16x8.sub(v128.load(f + j), v128.load(g + j))));
}
