// ByteEncode / ByteDecode (FIPS 203, Algorithms 5 and 6) fused with Compress / Decompress
// (§4.2.1), in 128-bit SIMD: the WebAssembly twin of src/portable/encode.ts, whose output these
// kernels reproduce byte for byte. Bits are packed little-endian: coefficient j occupies bits
// d·j .. d·j+d-1.
//
// Constant time: every function handles secret-derived data (ŝ, m, u, v; isCanonical12 checks ŝ
// too, in checkSecretKey), so nothing branches on it, indexes memory with it, divides it or takes a remainder of it;
// loop bounds and the code path depend only on d. There is no division at all (KyberSlash):
// Compress is a multiplication and a shift.
//
// Memory: polynomials (256 int16) are 16-byte aligned; byte arrays may start anywhere. Every
// kernel reads only its input bytes and leaves only its output bytes changed (a store may write
// bytes past its group that a later store of the same call rewrites, never past the output).
//
// Vector constants are loaded from read-only static tables once per call, before the loops:
// V8 (Node 20) rebuilds each v128.const from immediates inside the loop, three or four
// instructions per constant and iteration, which made these kernels up to twice as slow; a
// loaded value stays in a register. For the same reason the byte permutations inside loops are
// i8x16.swizzle with a loaded mask (an index ≥ 16 gives a zero byte), except interleaves and
// unzips, which V8 turns into unpack or pack instructions. Nothing writes the tables.

/** q (FIPS 203, §2.4). */
const Q: i16 = 3329;

/** q in each 16-bit lane. */
const Q_16 = memory.data<i16>([Q, Q, Q, Q, Q, Q, Q, Q], 16);

/**
 * x mod q in [0, q) per lane, for |x| < q; q holds q in each lane. As unsigned 16-bit values,
 * x < x + q when x ≥ 0, and x + q < x when x < 0 (x is then at least 2^16 - q + 1): the
 * unsigned minimum is x mod q.
 */
// @ts-ignore: decorator
@inline function canonical(x: v128, q: v128): v128 {
  return i16x8.min_u(x, i16x8.add(x, q));
}

/** y mod q per lane for 0 ≤ y < 2q: y - q wraps above y as unsigned exactly when y < q. */
// @ts-ignore: decorator
@inline function csubq(y: v128, q: v128): v128 {
  return i16x8.min_u(y, i16x8.sub(y, q));
}

// ---- d = 12 (Algorithms 5 and 6, no compression) ----

/** Pairs (a, b) of 16-bit lanes → a + b·2^12 in 32-bit lanes (pmaddwd). */
const DOT_12 = memory.data<i16>([1, 4096, 1, 4096, 1, 4096, 1, 4096], 16);
/** The low three bytes of each 32-bit lane, packed at the front; zeros after. */
const PACK_24 = memory.data<u8>([0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0x80, 0x80, 0x80, 0x80], 16);
/** Bytes 32..47 of a 48-byte block: packed bytes 8..11 of the third vector, then the fourth. */
const PACK_24_C = memory.data<u8>([10, 12, 13, 14, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80], 16);
const PACK_24_D = memory.data<u8>([0x80, 0x80, 0x80, 0x80, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14], 16);

/**
 * Implements FIPS 203, Algorithm 5 (ByteEncode_12) for one polynomial: 384 bytes at out.
 * Input |f[j]| < q, mapped to [0, q) first.
 */
export function byteEncode12(out: usize, f: usize): void {
  const q = v128.load(Q_16), w = v128.load(DOT_12), pack = v128.load(PACK_24);
  const packC = v128.load(PACK_24_C), packD = v128.load(PACK_24_D);
  for (let i = 0; i < 8; i++, f += 64, out += 48) {
    // 32 coefficients → 48 bytes: four vectors of 12 bytes. Each 16-byte store ends in four
    // zero bytes that the next store rewrites; the last one is assembled from two vectors so
    // that it ends at the end of the block.
    const p0 = i32x4.dot_i16x8_s(canonical(v128.load(f), q), w);
    const p1 = i32x4.dot_i16x8_s(canonical(v128.load(f, 16), q), w);
    const p2 = i32x4.dot_i16x8_s(canonical(v128.load(f, 32), q), w);
    const p3 = i32x4.dot_i16x8_s(canonical(v128.load(f, 48), q), w);
    v128.store(out, i8x16.swizzle(p0, pack));
    v128.store(out, i8x16.swizzle(p1, pack), 12);
    v128.store(out, i8x16.swizzle(p2, pack), 24);
    v128.store(out, v128.or(i8x16.swizzle(p2, packC), i8x16.swizzle(p3, packD)), 32);
  }
}

/** 3-byte groups → 16-bit lanes holding bytes (3i, 3i+1) and (3i+1, 3i+2). */
const UNPACK_24 = memory.data<u8>([0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11], 16);
/** The same for the groups in bytes 4..15. */
const UNPACK_24_HI = memory.data<u8>([4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15], 16);
/**
 * ×16 in even lanes drops the high nibble of (3i, 3i+1) and lifts the low 12 bits to the top;
 * odd lanes (3i+1, 3i+2) hold the value in their top 12 bits already.
 */
const MUL_12 = memory.data<i16>([16, 1, 16, 1, 16, 1, 16, 1], 16);

/** The 12-bit values of a vector unpacked with UNPACK_24. */
// @ts-ignore: decorator
@inline function twelveBits(x: v128, m: v128): v128 {
  return i16x8.shr_u(i16x8.mul(x, m), 4);
}

/**
 * Implements FIPS 203, Algorithm 6 (ByteDecode_12) for one polynomial, reading 384 bytes at src.
 * Each 12-bit value is reduced mod q (m = q in Algorithm 6), output in [0, q).
 */
export function byteDecode12(f: usize, src: usize): void {
  const q = v128.load(Q_16), m = v128.load(MUL_12), lo = v128.load(UNPACK_24), hi = v128.load(UNPACK_24_HI);
  for (let i = 0; i < 8; i++, src += 48, f += 64) {
    // 48 bytes → 32 coefficients, 12 bytes a vector; the last load is the block's last 16 bytes.
    v128.store(f, csubq(twelveBits(i8x16.swizzle(v128.load(src), lo), m), q));
    v128.store(f, csubq(twelveBits(i8x16.swizzle(v128.load(src, 12), lo), m), q), 16);
    v128.store(f, csubq(twelveBits(i8x16.swizzle(v128.load(src, 24), lo), m), q), 32);
    v128.store(f, csubq(twelveBits(i8x16.swizzle(v128.load(src, 32), hi), m), q), 48);
  }
}

/**
 * The modulus check of FIPS 203, §7.2: 1 when every 12-bit value in src[0, len) is below q, i.e.
 * ByteEncode_12(ByteDecode_12(src)) = src, else 0. len is a multiple of 3 (of 384 in ML-KEM).
 * It also checks ŝ (checkSecretKey), so nothing branches on the data, not even the verdict.
 */
export function isCanonical12(src: usize, len: i32): i32 {
  // Each lane of x·MUL_12 is 16·v plus less than 16, for the 12-bit value v of the lane, and
  // v ≥ q exactly when that is ≥ 16q: one unsigned maximum per vector, one test at the end.
  const end = src + <usize>len;
  const m = v128.load(MUL_12), lo = v128.load(UNPACK_24), hi = v128.load(UNPACK_24_HI);
  let max = i16x8.splat(0);
  for (; src + 48 <= end; src += 48) {
    const a = i16x8.mul(i8x16.swizzle(v128.load(src), lo), m);
    const b = i16x8.mul(i8x16.swizzle(v128.load(src, 12), lo), m);
    const c = i16x8.mul(i8x16.swizzle(v128.load(src, 24), lo), m);
    const e = i16x8.mul(i8x16.swizzle(v128.load(src, 32), hi), m);
    max = i16x8.max_u(max, i16x8.max_u(i16x8.max_u(a, b), i16x8.max_u(c, e)));
  }
  // The verdict without a branch on it: checkSecretKey runs this on ŝ, whose validity it then reports.
  let bad = <i32>v128.any_true(i16x8.ge_u(max, i16x8.splat(<i16>(16 * Q))));
  for (; src + 3 <= end; src += 3) { // a tail shorter than 48 bytes (never in ML-KEM)
    const b1 = <i32>load<u8>(src, 1);
    bad |= <i32>((<i32>load<u8>(src) | ((b1 & 15) << 8)) >= Q) | <i32>(((b1 >> 4) | (<i32>load<u8>(src, 2) << 4)) >= Q);
  }
  return bad ^ 1;
}

// ---- Compress_d then ByteEncode_d (Algorithm 5 after §4.2.1, eq. 4.7) ----
//
// Compress_d(x) = round(2^d·x / q) mod 2^d. Three multiply-shift forms, each exact over its whole
// input range (test/wasm/encode.test.ts sweeps every input in every lane):
// - d = 5: round(x·315 / 2^15) mod 2^5 (one q15mulr), for every -q < x < q;
// - d = 4: ((round(x·20165 / 2^15) + 63) >> 7) mod 2^4, for 0 ≤ x < q;
// - d = 10, 11: (x·M + 2^(31-d) - 2^10) mod 2^32 >> (32 - d) in 32-bit lanes, for 0 ≤ x < q,
//   with M = ⌈2^32/q⌉ = 1290168: 2^(31-d) rounds, and -2^10 recentres the overshoot
//   x·(M - 2^32/q) < 1976.
// The multipliers and offsets came from a search over all candidates, checked against every
// input; an error bound alone would not prove them exact. q15mulr is cheaper than widening to
// 32 bits, which d = 10, 11 need for precision. The mod 2^d is a mask (for d = 10, 11 the wrap
// mod 2^32), which also handles the negative inputs of d = 5 and round(...) = 2^d.

const C4_MUL = memory.data<i16>([20165, 20165, 20165, 20165, 20165, 20165, 20165, 20165], 16);
const C4_ADD = memory.data<i16>([63, 63, 63, 63, 63, 63, 63, 63], 16);
const C4_MASK = memory.data<i16>([15, 15, 15, 15, 15, 15, 15, 15], 16);
const C5_MUL = memory.data<i16>([315, 315, 315, 315, 315, 315, 315, 315], 16);
const C5_MASK = memory.data<i16>([31, 31, 31, 31, 31, 31, 31, 31], 16);
const CW_MUL = memory.data<i32>([1290168, 1290168, 1290168, 1290168], 16);
const C10_ADD = memory.data<i32>([(1 << 21) - 1024, (1 << 21) - 1024, (1 << 21) - 1024, (1 << 21) - 1024], 16);
const C11_ADD = memory.data<i32>([(1 << 20) - 1024, (1 << 20) - 1024, (1 << 20) - 1024, (1 << 20) - 1024], 16);

/** Compress_4 per lane, |x| < q. */
// @ts-ignore: decorator
@inline function compress4v(x: v128, q: v128, mul: v128, add: v128, mask: v128): v128 {
  const t = i16x8.q15mulr_sat_s(canonical(x, q), mul);
  return v128.and(i16x8.shr_u(i16x8.add(t, add), 7), mask);
}

/** Compress_5 per lane, |x| < q (no reduction needed first). */
// @ts-ignore: decorator
@inline function compress5v(x: v128, mul: v128, mask: v128): v128 {
  return v128.and(i16x8.q15mulr_sat_s(x, mul), mask);
}

/** Compress_d per lane for d = 10 or 11, |x| < q; add holds 2^(31-d) - 2^10. */
// @ts-ignore: decorator
@inline function compressWide(x: v128, d: i32, q: v128, mul: v128, add: v128): v128 {
  const c = canonical(x, q);
  const lo = i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.extend_low_i16x8_u(c), mul), add), 32 - d);
  const hi = i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.extend_high_i16x8_u(c), mul), add), 32 - d);
  return i16x8.narrow_i32x4_u(lo, hi);
}

// Bit packing: pmaddwd joins pairs of d-bit lanes into 2d bits in 32-bit lanes; in each 64-bit
// lane a shift moves the upper 32-bit half down next to the lower one (bitselect keeps the
// lower one's bits), giving 4d bits.

const DOT_4 = memory.data<i16>([1, 16, 1, 16, 1, 16, 1, 16], 16);
const DOT_5 = memory.data<i16>([1, 32, 1, 32, 1, 32, 1, 32], 16);
const DOT_10 = memory.data<i16>([1, 1024, 1, 1024, 1, 1024, 1, 1024], 16);
const DOT_11 = memory.data<i16>([1, 2048, 1, 2048, 1, 2048, 1, 2048], 16);
/** Bits 20..63 (22..63) of each 64-bit lane. */
const HIGH_20 = memory.data<i64>([-1 << 20, -1 << 20], 16);
const HIGH_22 = memory.data<i64>([-1 << 22, -1 << 22], 16);
/** The low 64-bit lane. */
const LOW_64 = memory.data<i64>([-1, 0], 16);
/** Output bytes 5..7 and 7..10 of an 11-byte group from y (see compressEncode11). */
const PACK_88 = memory.data<u8>([0x80, 0x80, 0x80, 0x80, 0x80, 8, 9, 10, 0x80, 0x80, 0x80, 0x80, 10, 11, 12, 13], 16);

/**
 * Stores the two 40-bit values in the 64-bit lanes of t as 10 bytes at out. Unless `exact`,
 * each 8-byte store also writes three zero bytes after its five, which the next store rewrites:
 * the caller goes up the output and makes only its last store exact.
 */
// @ts-ignore: decorator
@inline function store40x2(out: usize, t: v128, exact: bool): void {
  if (exact) {
    v128.store32_lane(out, t, 0);
    v128.store8_lane(out, t, 4, 4);
    v128.store32_lane(out, t, 2, 5);
    v128.store8_lane(out, t, 12, 9);
  } else {
    v128.store64_lane(out, t, 0);
    v128.store64_lane(out, t, 1, 5);
  }
}

/** ByteEncode_4 ∘ Compress_4: 128 bytes, 32 coefficients and 16 bytes per step. */
function compressEncode4(out: usize, f: usize): void {
  const q = v128.load(Q_16), mul = v128.load(C4_MUL), add = v128.load(C4_ADD), mask = v128.load(C4_MASK);
  const w = v128.load(DOT_4);
  for (let i = 0; i < 8; i++, f += 64, out += 16) {
    // Pairs → bytes in 32-bit lanes; two narrowing steps put 16 of them in order.
    const p0 = i32x4.dot_i16x8_s(compress4v(v128.load(f), q, mul, add, mask), w);
    const p1 = i32x4.dot_i16x8_s(compress4v(v128.load(f, 16), q, mul, add, mask), w);
    const p2 = i32x4.dot_i16x8_s(compress4v(v128.load(f, 32), q, mul, add, mask), w);
    const p3 = i32x4.dot_i16x8_s(compress4v(v128.load(f, 48), q, mul, add, mask), w);
    v128.store(out, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(p0, p1), i16x8.narrow_i32x4_u(p2, p3)));
  }
}

/** ByteEncode_5 ∘ Compress_5: 160 bytes, 16 coefficients and 10 bytes per step. */
function compressEncode5(out: usize, f: usize): void {
  const mul = v128.load(C5_MUL), mask = v128.load(C5_MASK);
  const w5 = v128.load(DOT_5), w10 = v128.load(DOT_10), high = v128.load(HIGH_20);
  for (let i = 0; i < 16; i++, f += 32, out += 10) {
    // 5-bit values → 10-bit pairs → narrowed to 16-bit lanes → 20-bit quads → 40-bit octets.
    const a = i32x4.dot_i16x8_s(compress5v(v128.load(f), mul, mask), w5);
    const b = i32x4.dot_i16x8_s(compress5v(v128.load(f, 16), mul, mask), w5);
    const u = i32x4.dot_i16x8_s(i16x8.narrow_i32x4_u(a, b), w10);
    store40x2(out, v128.bitselect(i64x2.shr_u(u, 12), u, high), i == 15);
  }
}

/** ByteEncode_10 ∘ Compress_10: 320 bytes, 8 coefficients and 10 bytes per step. */
function compressEncode10(out: usize, f: usize): void {
  const q = v128.load(Q_16), mul = v128.load(CW_MUL), add = v128.load(C10_ADD);
  const w = v128.load(DOT_10), high = v128.load(HIGH_20);
  for (let i = 0; i < 32; i++, f += 16, out += 10) {
    const u = i32x4.dot_i16x8_s(compressWide(v128.load(f), 10, q, mul, add), w);
    store40x2(out, v128.bitselect(i64x2.shr_u(u, 12), u, high), i == 31);
  }
}

/** ByteEncode_11 ∘ Compress_11: 352 bytes, 8 coefficients and 11 bytes per step. */
function compressEncode11(out: usize, f: usize): void {
  const q = v128.load(Q_16), mul = v128.load(CW_MUL), add = v128.load(C11_ADD);
  const w = v128.load(DOT_11), high = v128.load(HIGH_22), low = v128.load(LOW_64), pack = v128.load(PACK_88);
  for (let i = 0; i < 32; i++, f += 16, out += 11) {
    // Two 44-bit values in the 64-bit lanes of t. The upper one belongs at bit 4 of byte 5:
    // shifted left by 4 (y), bytes 8..13 of y are output bytes 5..10, byte 5 shared with t
    // (whose bytes 6, 7 are zero). The result holds output bytes 0..7 in its low lane and a
    // copy of bytes 7..10 in its last 32-bit lane: two stores, exactly 11 bytes.
    const u = i32x4.dot_i16x8_s(compressWide(v128.load(f), 11, q, mul, add), w);
    const t = v128.bitselect(i64x2.shr_u(u, 10), u, high);
    const b = v128.or(v128.and(t, low), i8x16.swizzle(i64x2.shl(t, 4), pack));
    v128.store64_lane(out, b, 0);
    v128.store32_lane(out, b, 3, 7);
  }
}

/**
 * ByteEncode_d(Compress_d(f)) (FIPS 203, Algorithm 5 and §4.2.1, eq. 4.7) for one polynomial,
 * 32·d bytes at out, d in {4, 5, 10, 11} (du and dv of every parameter set). Input |f[j]| < q.
 * Any other d traps (portable throws a RangeError).
 */
export function compressEncode(out: usize, f: usize, d: i32): void {
  if (d == 4) compressEncode4(out, f);
  else if (d == 5) compressEncode5(out, f);
  else if (d == 10) compressEncode10(out, f);
  else if (d == 11) compressEncode11(out, f);
  else unreachable();
}

// ---- ByteDecode_d then Decompress_d (Algorithm 6, then §4.2.1, eq. 4.8) ----
//
// Decompress_d(y) = round(q·y / 2^d) = (q·y + 2^(d-1)) >> d equals
// q15mulr(y·2^(15-d), q) = (y·2^(15-d)·q + 2^14) >> 15 exactly, and y·2^(15-d) < 2^15 fits a
// signed lane. Each lane first gets the bytes that hold its coefficient; a multiplication by a
// power of two per lane (a per-lane shift) moves the coefficient to bits 15-d .. 14, and a mask
// clears the neighbours' bits.

/** Lane j holds byte j/2 (both halves): ×2^11 keeps a low nibble at bits 11..14, ×2^7 a high one. */
const D4_MUL = memory.data<i16>([2048, 128, 2048, 128, 2048, 128, 2048, 128], 16);
const D4_MASK = memory.data<i16>([0x7800, 0x7800, 0x7800, 0x7800, 0x7800, 0x7800, 0x7800, 0x7800], 16);
/** Coefficient j of a 5-byte group is at bit s = 5j mod 8 of byte 5j/8: lane j holds that byte and the next. */
const D5_UNPACK = memory.data<u8>([0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5], 16);
const D5_UNPACK_HI = memory.data<u8>([5, 6, 5, 6, 6, 7, 6, 7, 7, 8, 8, 9, 8, 9, 9, 0x80], 16);
/** ×2^(10-s): to bits 10..14. */
const D5_MUL = memory.data<i16>([1024, 32, 256, 8, 64, 512, 16, 128], 16);
const D5_MASK = memory.data<i16>([0x7c00, 0x7c00, 0x7c00, 0x7c00, 0x7c00, 0x7c00, 0x7c00, 0x7c00], 16);
/** Coefficient j of a 5-byte group of d = 10 is at bit s = 0, 2, 4, 6 of byte 10j/8: that byte and the next. */
const D10_UNPACK = memory.data<u8>([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9], 16);
/** ×2^(6-s) lifts it to bits 6..15; then >> 1 and the mask leave bits 5..14. */
const D10_MUL = memory.data<i16>([64, 16, 4, 1, 64, 16, 4, 1], 16);
const D10_MASK = memory.data<i16>([0x7fe0, 0x7fe0, 0x7fe0, 0x7fe0, 0x7fe0, 0x7fe0, 0x7fe0, 0x7fe0], 16);
/**
 * d = 11: coefficient j starts at bit s = 11j mod 8 of byte b = 11j/8 and may span three bytes,
 * so 32-bit lanes hold bytes b..b+2 (the load puts source bytes 7..10 at 8..11; see below).
 */
const D11_UNPACK_A = memory.data<u8>([0, 1, 2, 0x80, 1, 2, 3, 0x80, 2, 3, 4, 0x80, 4, 5, 6, 0x80], 16);
const D11_UNPACK_B = memory.data<u8>([5, 6, 7, 0x80, 6, 7, 9, 0x80, 9, 10, 11, 0x80, 10, 11, 12, 0x80], 16);
/** ×2^(20-s) lifts coefficient j to bits 20..30; the high 16-bit halves are then y·2^4. */
const D11_MUL_A = memory.data<i32>([1 << 20, 1 << 17, 1 << 14, 1 << 19], 16);
const D11_MUL_B = memory.data<i32>([1 << 16, 1 << 13, 1 << 18, 1 << 15], 16);
const D11_MASK = memory.data<i16>([0x7ff0, 0x7ff0, 0x7ff0, 0x7ff0, 0x7ff0, 0x7ff0, 0x7ff0, 0x7ff0], 16);

/** Decompress_4 ∘ ByteDecode_4: 128 bytes, 16 bytes and 32 coefficients per step. */
function decodeDecompress4(f: usize, src: usize): void {
  const q = v128.load(Q_16), m = v128.load(D4_MUL), mask = v128.load(D4_MASK);
  for (let i = 0; i < 8; i++, src += 16, f += 64) {
    // Byte j/2 into lane j by two interleaves (unpack instructions): bytes with themselves, then
    // 16-bit lanes with themselves.
    const v = v128.load(src);
    const l = i8x16.shuffle(v, v, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
    const h = i8x16.shuffle(v, v, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15);
    const x0 = i8x16.shuffle(l, l, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7);
    const x1 = i8x16.shuffle(l, l, 8, 9, 8, 9, 10, 11, 10, 11, 12, 13, 12, 13, 14, 15, 14, 15);
    const x2 = i8x16.shuffle(h, h, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7);
    const x3 = i8x16.shuffle(h, h, 8, 9, 8, 9, 10, 11, 10, 11, 12, 13, 12, 13, 14, 15, 14, 15);
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(x0, m), mask), q));
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(x1, m), mask), q), 16);
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(x2, m), mask), q), 32);
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(x3, m), mask), q), 48);
  }
}

/** Decompress_5 ∘ ByteDecode_5: 160 bytes, 10 bytes and 16 coefficients per step. */
function decodeDecompress5(f: usize, src: usize): void {
  const q = v128.load(Q_16), m = v128.load(D5_MUL), mask = v128.load(D5_MASK);
  const lo = v128.load(D5_UNPACK), hi = v128.load(D5_UNPACK_HI);
  for (let i = 0; i < 16; i++, src += 10, f += 32) {
    const v = v128.load16_lane(src, v128.load64_zero(src), 4, 8); // exactly the 10 bytes
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(i8x16.swizzle(v, lo), m), mask), q));
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(i16x8.mul(i8x16.swizzle(v, hi), m), mask), q), 16);
  }
}

/** Decompress_10 ∘ ByteDecode_10: 320 bytes, 10 bytes and 8 coefficients per step. */
function decodeDecompress10(f: usize, src: usize): void {
  const q = v128.load(Q_16), m = v128.load(D10_MUL), mask = v128.load(D10_MASK), u = v128.load(D10_UNPACK);
  for (let i = 0; i < 32; i++, src += 10, f += 16) {
    const v = v128.load16_lane(src, v128.load64_zero(src), 4, 8);
    const x = i16x8.shr_u(i16x8.mul(i8x16.swizzle(v, u), m), 1);
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(x, mask), q));
  }
}

/** Decompress_11 ∘ ByteDecode_11: 352 bytes, 11 bytes and 8 coefficients per step. */
function decodeDecompress11(f: usize, src: usize): void {
  const q = v128.load(Q_16), mask = v128.load(D11_MASK);
  const ua = v128.load(D11_UNPACK_A), ub = v128.load(D11_UNPACK_B);
  const ma = v128.load(D11_MUL_A), mb = v128.load(D11_MUL_B);
  for (let i = 0; i < 32; i++, src += 11, f += 16) {
    // Exactly the 11 bytes: src[0, 8) in bytes 0..7 and src[7, 11) in bytes 8..11, so source
    // byte k ≥ 8 is at k + 1. The shuffle takes the high halves of the 32-bit lanes (V8: two
    // shifts and a pack).
    const v = v128.load32_lane(src, v128.load64_zero(src), 2, 7);
    const a = i32x4.mul(i8x16.swizzle(v, ua), ma);
    const b = i32x4.mul(i8x16.swizzle(v, ub), mb);
    const x = i8x16.shuffle(a, b, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31);
    v128.store(f, i16x8.q15mulr_sat_s(v128.and(x, mask), q));
  }
}

/**
 * Decompress_d(ByteDecode_d(src)) (FIPS 203, Algorithm 6 and §4.2.1, eq. 4.8) for one
 * polynomial, reading 32·d bytes at src, d in {4, 5, 10, 11}. Output in [0, q). Any other d traps.
 */
export function decodeDecompress(f: usize, src: usize, d: i32): void {
  if (d == 4) decodeDecompress4(f, src);
  else if (d == 5) decodeDecompress5(f, src);
  else if (d == 10) decodeDecompress10(f, src);
  else if (d == 11) decodeDecompress11(f, src);
  else unreachable();
}

// ---- d = 1: the message ----

/** Bit j of the first byte, then of the second byte, of a 16-bit lane. */
const BITS_LO = memory.data<i16>([1, 2, 4, 8, 16, 32, 64, 128], 16);
const BITS_HI = memory.data<i16>([256, 512, 1024, 2048, 4096, 8192, 16384, -32768], 16);
const HALF_Q = memory.data<i16>([1665, 1665, 1665, 1665, 1665, 1665, 1665, 1665], 16);
const M_LOW = memory.data<i16>([832, 832, 832, 832, 832, 832, 832, 832], 16);
const M_HIGH = memory.data<i16>([2496, 2496, 2496, 2496, 2496, 2496, 2496, 2496], 16);

/**
 * Decompress_1(ByteDecode_1(m)) (FIPS 203, Algorithm 14, line 20): bit b ↦ b·⌈q/2⌋ = b·1665,
 * for the 32-byte message at m. Two bytes at a time are splat to every 16-bit lane: lane j
 * tests bit j of the first byte for one vector, bit j of the second byte for the next.
 */
export function messageToPoly(f: usize, m: usize): void {
  const lo = v128.load(BITS_LO), hi = v128.load(BITS_HI), half = v128.load(HALF_Q);
  for (let i = 0; i < 16; i++, m += 2, f += 32) {
    const b = v128.load16_splat(m);
    v128.store(f, v128.and(i16x8.eq(v128.and(b, lo), lo), half));
    v128.store(f, v128.and(i16x8.eq(v128.and(b, hi), hi), half), 16);
  }
}

/** Lanes of all ones where Compress_1(x) = 1, for |x| < q: 832 < |x| ≤ 2496 (see below). */
// @ts-ignore: decorator
@inline function message1(x: v128, low: v128, high: v128): v128 {
  const a = i16x8.abs(x);
  return v128.andnot(i16x8.gt_s(a, low), i16x8.gt_s(a, high));
}

/**
 * ByteEncode_1(Compress_1(f)) (FIPS 203, Algorithm 15, line 7): 32 bytes at out. Input |f[j]| < q.
 * Compress_1(x mod q) = round(2x/q) mod 2 is 1 exactly when 833 ≤ x mod q ≤ 2496, i.e. when
 * 833 ≤ |x| ≤ 2496 (x mod q = x + q for x < 0, and the interval is symmetric about q/2). The lane
 * masks become bits by narrowing and bitmask (pmovmskb, no data-dependent timing).
 */
export function polyToMessage(out: usize, f: usize): void {
  const low = v128.load(M_LOW), high = v128.load(M_HIGH);
  for (let i = 0; i < 8; i++, f += 64, out += 4) {
    const m0 = message1(v128.load(f), low, high), m1 = message1(v128.load(f, 16), low, high);
    const m2 = message1(v128.load(f, 32), low, high), m3 = message1(v128.load(f, 48), low, high);
    const lo = i8x16.bitmask(i8x16.narrow_i16x8_s(m0, m1));
    const hi = i8x16.bitmask(i8x16.narrow_i16x8_s(m2, m3));
    store<u32>(out, lo | (hi << 16));
  }
}
