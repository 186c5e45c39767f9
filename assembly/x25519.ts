// X25519 (RFC 7748, §5) for the WebAssembly kernels: the Montgomery ladder over GF(2^255 - 19)
// on ten signed limbs of 26 and 25 bits alternately (radix 2^25.5), products in i64; and for the
// public key X25519(k, 9) a fixed-base multiplication on edwards25519 with a table (below).
//
// Limb i of an element f holds bits [P_i, P_i+1) with P = 0, 26, 51, 77, 102, 128, 153, 179, 204,
// 230, so f = Σ f_i·2^P_i; limbs may be negative. Every product of two limbs is one i64.mul: no
// 128-bit emulation, which radix 2^51 would need for its 102-bit products (wasm has no
// 64×64 → 128 multiply). The ladder and the fixed-base additions take their multiplications
// two at a time in SIMD lanes (feMul2, feSq2 below), about 1.4 times as fast as one by one.
//
// Secret data flows through here (the scalar, and the shared secret): no branch, memory index,
// division or remainder depends on it. The ladder's conditional swaps are masks; the scalar's
// bits are read at positions fixed by the loop counter; the inversion is a fixed addition chain;
// the fixed-base code reads every entry of a table row and masks one in.
// Loops run the same number of times for every input. The scratch is zeroed before returning.

/** Bytes of one field element in scratch: ten i64 limbs. */
const FE: usize = 80;

/**
 * Scratch: the clamped scalar (32 bytes), then 23 elements or pairs of 80 bytes: u and 19·u, the ladder's
 * pairs, x_2 and z_2 at its end, and the temporaries of the inversion.
 */
const SCRATCH_BYTES: usize = 32 + 23 * 80;
const SCRATCH: usize = memory.data(1872, 16);
const K: usize = SCRATCH;
const X1: usize = SCRATCH + 32;
const X1_19: usize = X1 + FE; // 19·u
const XZ2: usize = X1_19 + FE; // the pair (x_2, z_2)
const XZ3: usize = XZ2 + FE; // the pair (x_3, z_3)
const PAB: usize = XZ3 + FE; // (A, B)
const PDC: usize = PAB + FE; // (D, C)
const PAABB: usize = PDC + FE; // (AA, BB)
const PDACB: usize = PAABB + FE; // (DA, CB)
const PSUM: usize = PDACB + FE; // (DA + CB, DA - CB)
const PF: usize = PSUM + FE; // (AA, E)
const PG: usize = PF + FE; // (BB, AA + a24·E)
const X2: usize = PG + FE;
const Z2: usize = X2 + FE;
const TT: usize = Z2 + FE;
const TA: usize = TT + FE;
const TAA: usize = TA + FE;
const TB: usize = TAA + FE;
const TBB: usize = TB + FE;
const TE: usize = TBB + FE;
const TC: usize = TE + FE;
const TD: usize = TC + FE;
const TDA: usize = TD + FE;
const TCB: usize = TDA + FE;

const M26: i64 = 0x3ffffff;
const M25: i64 = 0x1ffffff;

// Bounds (exercised at their edges by test/wasm/x25519.test.ts): every carried element has
// |f_i| < 2^26 at even i and < 2^25 + 2^15 at odd i. Sums and differences of two such elements
// (the fixed-base code's) stay below 2^27 and 2^26 + 2^16, the bounds feMul and feSq accept:
// each output coefficient is then below 2^61 in absolute value, so i64 never overflows.

/**
 * Carries h0..h9 (each |h_i| < 2^62) into limbs within the bounds above and stores them at h.
 * Floor carries (arithmetic shift, then mask), in two interleaved chains for parallelism; the
 * carry out of limb 9 re-enters at limb 0 times 19, since 2^255 ≡ 19 (mod p).
 */
// @ts-ignore: decorator
@inline function carryStore(h: usize, h0: i64, h1: i64, h2: i64, h3: i64, h4: i64, h5: i64, h6: i64, h7: i64, h8: i64, h9: i64, lane1: bool = false): void {
  let c: i64;
  c = h0 >> 26; h1 += c; h0 &= M26;
  c = h4 >> 26; h5 += c; h4 &= M26;
  c = h1 >> 25; h2 += c; h1 &= M25;
  c = h5 >> 25; h6 += c; h5 &= M25;
  c = h2 >> 26; h3 += c; h2 &= M26;
  c = h6 >> 26; h7 += c; h6 &= M26;
  c = h3 >> 25; h4 += c; h3 &= M25;
  c = h7 >> 25; h8 += c; h7 &= M25;
  c = h4 >> 26; h5 += c; h4 &= M26;
  c = h8 >> 26; h9 += c; h8 &= M26;
  c = h9 >> 25; h0 += c * 19; h9 &= M25;
  c = h0 >> 26; h1 += c; h0 &= M26;
  if (lane1) {
    // into lane 1 of a pair (feMulLane1)
    store<i32>(h, <i32>h0, 4); store<i32>(h, <i32>h1, 12); store<i32>(h, <i32>h2, 20); store<i32>(h, <i32>h3, 28); store<i32>(h, <i32>h4, 36);
    store<i32>(h, <i32>h5, 44); store<i32>(h, <i32>h6, 52); store<i32>(h, <i32>h7, 60); store<i32>(h, <i32>h8, 68); store<i32>(h, <i32>h9, 76);
  } else {
    store<i64>(h, h0, 0); store<i64>(h, h1, 8); store<i64>(h, h2, 16); store<i64>(h, h3, 24); store<i64>(h, h4, 32);
    store<i64>(h, h5, 40); store<i64>(h, h6, 48); store<i64>(h, h7, 56); store<i64>(h, h8, 64); store<i64>(h, h9, 72);
  }
}

// @ts-ignore: decorator
@inline function mulCore(
  h: usize, lane1: bool,
  f0: i64, f1: i64, f2: i64, f3: i64, f4: i64, f5: i64, f6: i64, f7: i64, f8: i64, f9: i64,
  g0: i64, g1: i64, g2: i64, g3: i64, g4: i64, g5: i64, g6: i64, g7: i64, g8: i64, g9: i64,
  g1_19: i64, g2_19: i64, g3_19: i64, g4_19: i64, g5_19: i64, g6_19: i64, g7_19: i64, g8_19: i64, g9_19: i64,
): void {
  const f1_2 = f1 << 1, f3_2 = f3 << 1, f5_2 = f5 << 1, f7_2 = f7 << 1, f9_2 = f9 << 1;
  const h0 = f0 * g0 + f1_2 * g9_19 + f2 * g8_19 + f3_2 * g7_19 + f4 * g6_19 + f5_2 * g5_19 + f6 * g4_19 + f7_2 * g3_19 + f8 * g2_19 + f9_2 * g1_19;
  const h1 = f0 * g1 + f1 * g0 + f2 * g9_19 + f3 * g8_19 + f4 * g7_19 + f5 * g6_19 + f6 * g5_19 + f7 * g4_19 + f8 * g3_19 + f9 * g2_19;
  const h2 = f0 * g2 + f1_2 * g1 + f2 * g0 + f3_2 * g9_19 + f4 * g8_19 + f5_2 * g7_19 + f6 * g6_19 + f7_2 * g5_19 + f8 * g4_19 + f9_2 * g3_19;
  const h3 = f0 * g3 + f1 * g2 + f2 * g1 + f3 * g0 + f4 * g9_19 + f5 * g8_19 + f6 * g7_19 + f7 * g6_19 + f8 * g5_19 + f9 * g4_19;
  const h4 = f0 * g4 + f1_2 * g3 + f2 * g2 + f3_2 * g1 + f4 * g0 + f5_2 * g9_19 + f6 * g8_19 + f7_2 * g7_19 + f8 * g6_19 + f9_2 * g5_19;
  const h5 = f0 * g5 + f1 * g4 + f2 * g3 + f3 * g2 + f4 * g1 + f5 * g0 + f6 * g9_19 + f7 * g8_19 + f8 * g7_19 + f9 * g6_19;
  const h6 = f0 * g6 + f1_2 * g5 + f2 * g4 + f3_2 * g3 + f4 * g2 + f5_2 * g1 + f6 * g0 + f7_2 * g9_19 + f8 * g8_19 + f9_2 * g7_19;
  const h7 = f0 * g7 + f1 * g6 + f2 * g5 + f3 * g4 + f4 * g3 + f5 * g2 + f6 * g1 + f7 * g0 + f8 * g9_19 + f9 * g8_19;
  const h8 = f0 * g8 + f1_2 * g7 + f2 * g6 + f3_2 * g5 + f4 * g4 + f5_2 * g3 + f6 * g2 + f7_2 * g1 + f8 * g0 + f9_2 * g9_19;
  const h9 = f0 * g9 + f1 * g8 + f2 * g7 + f3 * g6 + f4 * g5 + f5 * g4 + f6 * g3 + f7 * g2 + f8 * g1 + f9 * g0;
  carryStore(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, lane1);
}

/**
 * h = f·g. Coefficient k sums f_i·g_j over i + j ≡ k (mod 10): doubled when i and j are both odd
 * (P_i + P_j = P_(i+j) + 1 then), times 19 when i + j ≥ 10 (P_(i+j) = P_(i+j-10) + 255).
 */
export function feMul(h: usize, f: usize, g: usize): void {
  const g0 = load<i64>(g, 0), g1 = load<i64>(g, 8), g2 = load<i64>(g, 16), g3 = load<i64>(g, 24), g4 = load<i64>(g, 32);
  const g5 = load<i64>(g, 40), g6 = load<i64>(g, 48), g7 = load<i64>(g, 56), g8 = load<i64>(g, 64), g9 = load<i64>(g, 72);
  mulCore(
    h, false,
    load<i64>(f, 0), load<i64>(f, 8), load<i64>(f, 16), load<i64>(f, 24), load<i64>(f, 32),
    load<i64>(f, 40), load<i64>(f, 48), load<i64>(f, 56), load<i64>(f, 64), load<i64>(f, 72),
    g0, g1, g2, g3, g4, g5, g6, g7, g8, g9,
    g1 * 19, g2 * 19, g3 * 19, g4 * 19, g5 * 19, g6 * 19, g7 * 19, g8 * 19, g9 * 19,
  );
}

/** Lane 1 of the pair at h times g (19·g's limbs at g19), in place: z_3 = x_1 * (DA - CB)^2 of the ladder. */
function feMulLane1(h: usize, g: usize, g19: usize): void {
  mulCore(
    h, true,
    <i64>load<i32>(h, 4), <i64>load<i32>(h, 12), <i64>load<i32>(h, 20), <i64>load<i32>(h, 28), <i64>load<i32>(h, 36),
    <i64>load<i32>(h, 44), <i64>load<i32>(h, 52), <i64>load<i32>(h, 60), <i64>load<i32>(h, 68), <i64>load<i32>(h, 76),
    load<i64>(g, 0), load<i64>(g, 8), load<i64>(g, 16), load<i64>(g, 24), load<i64>(g, 32),
    load<i64>(g, 40), load<i64>(g, 48), load<i64>(g, 56), load<i64>(g, 64), load<i64>(g, 72),
    load<i64>(g19, 8), load<i64>(g19, 16), load<i64>(g19, 24), load<i64>(g19, 32), load<i64>(g19, 40),
    load<i64>(g19, 48), load<i64>(g19, 56), load<i64>(g19, 64), load<i64>(g19, 72),
  );
}

/** h = f², feMul's coefficients with each pair i < j taken once and doubled (55 products, not 100). */
export function feSq(h: usize, f: usize): void {
  const f0 = load<i64>(f, 0), f1 = load<i64>(f, 8), f2 = load<i64>(f, 16), f3 = load<i64>(f, 24), f4 = load<i64>(f, 32);
  const f5 = load<i64>(f, 40), f6 = load<i64>(f, 48), f7 = load<i64>(f, 56), f8 = load<i64>(f, 64), f9 = load<i64>(f, 72);
  const f0_2 = f0 << 1, f1_2 = f1 << 1, f2_2 = f2 << 1, f3_2 = f3 << 1, f4_2 = f4 << 1;
  const f5_2 = f5 << 1, f6_2 = f6 << 1, f7_2 = f7 << 1, f8_2 = f8 << 1, f9_2 = f9 << 1;
  const f1_4 = f1 << 2, f3_4 = f3 << 2, f5_4 = f5 << 2, f7_4 = f7 << 2;
  const f5_19 = f5 * 19, f6_19 = f6 * 19, f7_19 = f7 * 19, f8_19 = f8 * 19, f9_19 = f9 * 19;
  const h0 = f0 * f0 + f1_4 * f9_19 + f2_2 * f8_19 + f3_4 * f7_19 + f4_2 * f6_19 + f5_2 * f5_19;
  const h1 = f0_2 * f1 + f2_2 * f9_19 + f3_2 * f8_19 + f4_2 * f7_19 + f5_2 * f6_19;
  const h2 = f0_2 * f2 + f1_2 * f1 + f3_4 * f9_19 + f4_2 * f8_19 + f5_4 * f7_19 + f6 * f6_19;
  const h3 = f0_2 * f3 + f1_2 * f2 + f4_2 * f9_19 + f5_2 * f8_19 + f6_2 * f7_19;
  const h4 = f0_2 * f4 + f1_4 * f3 + f2 * f2 + f5_4 * f9_19 + f6_2 * f8_19 + f7_2 * f7_19;
  const h5 = f0_2 * f5 + f1_2 * f4 + f2_2 * f3 + f6_2 * f9_19 + f7_2 * f8_19;
  const h6 = f0_2 * f6 + f1_4 * f5 + f2_2 * f4 + f3_2 * f3 + f7_4 * f9_19 + f8 * f8_19;
  const h7 = f0_2 * f7 + f1_2 * f6 + f2_2 * f5 + f3_2 * f4 + f8_2 * f9_19;
  const h8 = f0_2 * f8 + f1_4 * f7 + f2_2 * f6 + f3_4 * f5 + f4 * f4 + f9_2 * f9_19;
  const h9 = f0_2 * f9 + f1_2 * f8 + f2_2 * f7 + f3_2 * f6 + f4_2 * f5;
  carryStore(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

/** h = f squared n times (n public: the addition chain's fixed counts). */
export function feSqN(h: usize, f: usize, n: i32): void {
  feSq(h, f);
  for (let i = 1; i < n; i++) feSq(h, h);
}

/** h = f + g, limb by limb, not carried. */
export function feAdd(h: usize, f: usize, g: usize): void {
  for (let i: usize = 0; i < FE; i += 8) store<i64>(h + i, load<i64>(f + i) + load<i64>(g + i));
}

/** h = f - g, limb by limb, not carried. */
export function feSub(h: usize, f: usize, g: usize): void {
  for (let i: usize = 0; i < FE; i += 8) store<i64>(h + i, load<i64>(f + i) - load<i64>(g + i));
}

/** Swaps f and g (elements or pairs) when mask is all ones, leaves them when it is zero (RFC 7748's cswap). */
export function feCswap(f: usize, g: usize, mask: i64): void {
  for (let i: usize = 0; i < FE; i += 8) {
    const a = load<i64>(f + i), b = load<i64>(g + i);
    const t = mask & (a ^ b);
    store<i64>(f + i, a ^ t);
    store<i64>(g + i, b ^ t);
  }
}

/** h = 1 or 0 (v). */
function feSet(h: usize, v: i64): void {
  store<i64>(h, v);
  for (let i: usize = 8; i < FE; i += 8) store<i64>(h + i, 0);
}

/** h = f, the u-coordinate at s decoded little-endian with bit 255 masked (RFC 7748, §5). Any value below 2^255 is accepted, also one ≥ p. */
export function feDecode(h: usize, s: usize): void {
  store<i64>(h, <i64>load<u32>(s, 0) & M26, 0);
  store<i64>(h, <i64>(load<u32>(s, 3) >> 2) & M25, 8);
  store<i64>(h, <i64>(load<u32>(s, 6) >> 3) & M26, 16);
  store<i64>(h, <i64>(load<u32>(s, 9) >> 5) & M25, 24);
  store<i64>(h, <i64>(load<u32>(s, 12) >> 6) & M26, 32);
  store<i64>(h, <i64>load<u32>(s, 16) & M25, 40);
  store<i64>(h, <i64>(load<u32>(s, 19) >> 1) & M26, 48);
  store<i64>(h, <i64>(load<u32>(s, 22) >> 3) & M25, 56);
  store<i64>(h, <i64>(load<u32>(s, 25) >> 4) & M26, 64);
  store<i64>(h, <i64>(load<u32>(s, 28) >> 6) & M25, 72); // bits 230..254: bit 255 dropped
}

/**
 * Writes f (a carried element) as 32 bytes at s, reduced into [0, p). Limbs may be slightly
 * negative and the value a little below 0 or above 2^255, so first 2p is added limb by limb (every
 * limb then positive), the limbs carried and the carry out c of bit 255 folded back (-c·p): the
 * value is then in [0, 2^255 + 57), below 2p. Then q = [f ≥ p] is the carry out of f + 19, found
 * limb by limb without a comparison, and f - qp = f + 19q - q·2^255: 19q added at limb 0, the
 * carry out of limb 9 dropped.
 */
export function feEncode(s: usize, f: usize): void {
  // 2p = 2·(2^26 - 19) + Σ 2·(2^w_i - 1)·2^P_i
  let h0 = load<i64>(f, 0) + 0x7ffffda, h1 = load<i64>(f, 8) + 0x3fffffe, h2 = load<i64>(f, 16) + 0x7fffffe;
  let h3 = load<i64>(f, 24) + 0x3fffffe, h4 = load<i64>(f, 32) + 0x7fffffe, h5 = load<i64>(f, 40) + 0x3fffffe;
  let h6 = load<i64>(f, 48) + 0x7fffffe, h7 = load<i64>(f, 56) + 0x3fffffe, h8 = load<i64>(f, 64) + 0x7fffffe;
  let h9 = load<i64>(f, 72) + 0x3fffffe;
  let c: i64;
  c = h0 >> 26; h1 += c; h0 &= M26;
  c = h1 >> 25; h2 += c; h1 &= M25;
  c = h2 >> 26; h3 += c; h2 &= M26;
  c = h3 >> 25; h4 += c; h3 &= M25;
  c = h4 >> 26; h5 += c; h4 &= M26;
  c = h5 >> 25; h6 += c; h5 &= M25;
  c = h6 >> 26; h7 += c; h6 &= M26;
  c = h7 >> 25; h8 += c; h7 &= M25;
  c = h8 >> 26; h9 += c; h8 &= M26;
  c = h9 >> 25; h9 &= M25; h0 += 19 * c;
  let q = (h0 + 19) >> 26;
  q = (h1 + q) >> 25; q = (h2 + q) >> 26; q = (h3 + q) >> 25; q = (h4 + q) >> 26;
  q = (h5 + q) >> 25; q = (h6 + q) >> 26; q = (h7 + q) >> 25; q = (h8 + q) >> 26; q = (h9 + q) >> 25;
  h0 += 19 * q;
  c = h0 >> 26; h1 += c; h0 &= M26;
  c = h1 >> 25; h2 += c; h1 &= M25;
  c = h2 >> 26; h3 += c; h2 &= M26;
  c = h3 >> 25; h4 += c; h3 &= M25;
  c = h4 >> 26; h5 += c; h4 &= M26;
  c = h5 >> 25; h6 += c; h5 &= M25;
  c = h6 >> 26; h7 += c; h6 &= M26;
  c = h7 >> 25; h8 += c; h7 &= M25;
  c = h8 >> 26; h9 += c; h8 &= M26;
  h9 &= M25; // the carry out, q·2^255, dropped
  store<u64>(s, <u64>(h0 | (h1 << 26) | (h2 << 51)), 0);
  store<u64>(s, <u64>((h2 >> 13) | (h3 << 13) | (h4 << 38)), 8);
  store<u64>(s, <u64>(h5 | (h6 << 25) | (h7 << 51)), 16);
  store<u64>(s, <u64>((h7 >> 13) | (h8 << 12) | (h9 << 38)), 24);
}

/**
 * h = z^(p - 2) = 1/z (0 for z = 0), p - 2 = 2^255 - 21, by a fixed chain of 254 squarings and
 * 11 multiplications: z^(2^5 - 1), then z^(2^10 - 1), 2^20, 2^40, 2^50, 2^100, 2^200, 2^250 - 1,
 * and finally (z^(2^250 - 1))^(2^5) · z^11. Uses TA..TT as temporaries.
 */
export function feInvert(h: usize, z: usize): void {
  const z2 = TA, z11 = TB, t = TC, z5 = TD, z10 = TE, z20 = TAA, z50 = TBB, z100 = TDA, u = TCB;
  feSq(z2, z); // z^2
  feSqN(t, z2, 2); // z^8
  feMul(t, t, z); // z^9
  feMul(z11, t, z2); // z^11
  feSq(u, z11); // z^22
  feMul(z5, u, t); // z^31 = z^(2^5 - 1)
  feSqN(u, z5, 5);
  feMul(z10, u, z5); // z^(2^10 - 1)
  feSqN(u, z10, 10);
  feMul(z20, u, z10); // z^(2^20 - 1)
  feSqN(u, z20, 20);
  feMul(u, u, z20); // z^(2^40 - 1)
  feSqN(u, u, 10);
  feMul(z50, u, z10); // z^(2^50 - 1)
  feSqN(u, z50, 50);
  feMul(z100, u, z50); // z^(2^100 - 1)
  feSqN(u, z100, 100);
  feMul(u, u, z100); // z^(2^200 - 1)
  feSqN(u, u, 50);
  feMul(u, u, z50); // z^(2^250 - 1)
  feSqN(u, u, 5); // z^(2^255 - 32)
  feMul(h, u, z11); // z^(2^255 - 21)
}

/** h = f, carried (f a sum or difference of carried elements). */
function feCarry(h: usize, f: usize): void {
  carryStore(
    h,
    load<i64>(f, 0), load<i64>(f, 8), load<i64>(f, 16), load<i64>(f, 24), load<i64>(f, 32),
    load<i64>(f, 40), load<i64>(f, 48), load<i64>(f, 56), load<i64>(f, 64), load<i64>(f, 72),
  );
}

// ---------------------------------------------------------------------------------------------
// The ladder's field arithmetic on pairs: most of its multiplications come in independent pairs
// (A² and B², D·A and C·B, the two squares of DA ± CB, AA·BB and E·(AA + a24·E)), computed two
// at once in the lanes of i64x2.extmul_low_i32x4_s (two 32 × 32 → 64-bit products an
// instruction). A pair (80 bytes) holds limb i of its two elements as two i32 at 8i, lane 0
// first. Limbs fit i32: the bounds below are the single elements' (limbs of a sum are first
// carried one step), and so do their multiples by 2, 4 and 19 that the products take.

/**
 * The SIMD code's constants, loaded from memory once per call: V8 on Node 26 and in Chromium
 * rebuilds an inline v128.const or constant splat at every use, in up to four instructions.
 */
const VC: usize = memory.data<i64>([
  0x3ffffff, 0x3ffffff, // 0: M26 in i64 lanes
  0x1ffffff, 0x1ffffff, // 16: M25
  0x4000000000000000, 0x4000000000000000, // 32: sra's bias, 2^62
  0x1000000000, 0x1000000000, // 48: 2^62 >> 26
  0x2000000000, 0x2000000000, // 64: 2^62 >> 25
  0x0000001300000013, 0x0000001300000013, // 80: 19 in i32 lanes
  0x03ffffff03ffffff, 0x03ffffff03ffffff, // 96: M26 in i32 lanes
  0x01ffffff01ffffff, 0x01ffffff01ffffff, // 112: M25 in i32 lanes
  0xffffffff00000000, 0, // 128: (0, -1, 0, 0), SUM_DIFF
  0x00000000ffffffff, 0, // 144: (-1, 0, 0, 0), DIFF_SUM
  0x0001db4100000001, 0, // 160: (1, a24 = 121665, 0, 0)
  2, 0, // 176: (2, 0, 0, 0)
]);

/** butterfly's lane signs (addresses in VC): b negated in lane 1, or in lane 0. */
export const SUM_DIFF: usize = VC + 128;
export const DIFF_SUM: usize = VC + 144;

/** The two 64-bit products of lanes 0 and 1 of a and b. */
// @ts-ignore: decorator
@inline function mw(a: v128, b: v128): v128 {
  return i64x2.extmul_low_i32x4_s(a, b);
}

// @ts-ignore: decorator
@inline function sum5(a: v128, b: v128, c: v128, d: v128, e: v128): v128 {
  return i64x2.add(i64x2.add(i64x2.add(a, b), i64x2.add(c, d)), e);
}

// @ts-ignore: decorator
@inline function sum6(a: v128, b: v128, c: v128, d: v128, e: v128, f: v128): v128 {
  return i64x2.add(i64x2.add(i64x2.add(a, b), i64x2.add(c, d)), i64x2.add(e, f));
}

// @ts-ignore: decorator
@inline function sum10(a: v128, b: v128, c: v128, d: v128, e: v128, f: v128, g: v128, h: v128, i: v128, j: v128): v128 {
  return i64x2.add(sum5(a, b, c, d, e), sum5(f, g, h, i, j));
}

/** Limb i of the pair at p, lanes 0 and 1 (lanes 2 and 3 zero). */
// @ts-ignore: decorator
@inline function limb(p: usize, i: usize): v128 {
  return v128.load64_zero(p + 8 * i);
}

/** Stores the low i32 of both i64 lanes of h as limb i of the pair at p. */
// @ts-ignore: decorator
@inline function storeLimb(p: usize, i: usize, h: v128): void {
  v128.store64_lane(p + 8 * i, i32x4.shuffle(h, h, 0, 2, 0, 2), 0);
}

/**
 * x >> n in both i64 lanes, for |x| < 2^62: V8 has no 64-bit arithmetic shift on x64 before
 * AVX-512 and emulates it in six instructions; the logical shift of x + 2^62 minus 2^(62 - n)
 * (bias, shifted, given) takes three.
 */
// @ts-ignore: decorator
@inline function sra(x: v128, n: i32, bias: v128, shifted: v128): v128 {
  return i64x2.sub(i64x2.shr_u(i64x2.add(x, bias), n), shifted);
}

/** carryStore on both lanes: h0..h9 are i64x2 (each |h_i| < 2^62), the carried limbs go to the pair at h. */
// @ts-ignore: decorator
@inline function carryStore2(h: usize, h0: v128, h1: v128, h2: v128, h3: v128, h4: v128, h5: v128, h6: v128, h7: v128, h8: v128, h9: v128): void {
  const m26 = v128.load(VC), m25 = v128.load(VC, 16), bias = v128.load(VC, 32);
  const b26 = v128.load(VC, 48), b25 = v128.load(VC, 64);
  let c: v128;
  c = sra(h0, 26, bias, b26); h1 = i64x2.add(h1, c); h0 = v128.and(h0, m26);
  c = sra(h4, 26, bias, b26); h5 = i64x2.add(h5, c); h4 = v128.and(h4, m26);
  c = sra(h1, 25, bias, b25); h2 = i64x2.add(h2, c); h1 = v128.and(h1, m25);
  c = sra(h5, 25, bias, b25); h6 = i64x2.add(h6, c); h5 = v128.and(h5, m25);
  c = sra(h2, 26, bias, b26); h3 = i64x2.add(h3, c); h2 = v128.and(h2, m26);
  c = sra(h6, 26, bias, b26); h7 = i64x2.add(h7, c); h6 = v128.and(h6, m26);
  c = sra(h3, 25, bias, b25); h4 = i64x2.add(h4, c); h3 = v128.and(h3, m25);
  c = sra(h7, 25, bias, b25); h8 = i64x2.add(h8, c); h7 = v128.and(h7, m25);
  c = sra(h4, 26, bias, b26); h5 = i64x2.add(h5, c); h4 = v128.and(h4, m26);
  c = sra(h8, 26, bias, b26); h9 = i64x2.add(h9, c); h8 = v128.and(h8, m26);
  c = sra(h9, 25, bias, b25); h0 = i64x2.add(h0, i64x2.add(i64x2.shl(c, 4), i64x2.add(i64x2.shl(c, 1), c))); h9 = v128.and(h9, m25);
  c = sra(h0, 26, bias, b26); h1 = i64x2.add(h1, c); h0 = v128.and(h0, m26);
  storeLimb(h, 0, h0); storeLimb(h, 1, h1); storeLimb(h, 2, h2); storeLimb(h, 3, h3); storeLimb(h, 4, h4);
  storeLimb(h, 5, h5); storeLimb(h, 6, h6); storeLimb(h, 7, h7); storeLimb(h, 8, h8); storeLimb(h, 9, h9);
}

/** Both lanes of the pair at h = those of f times those of g: feMul's formulas, two at once. */
export function feMul2(h: usize, f: usize, g: usize): void {
  const n19 = v128.load(VC, 80);
  const f0 = limb(f, 0), f1 = limb(f, 1), f2 = limb(f, 2), f3 = limb(f, 3), f4 = limb(f, 4);
  const f5 = limb(f, 5), f6 = limb(f, 6), f7 = limb(f, 7), f8 = limb(f, 8), f9 = limb(f, 9);
  const g0 = limb(g, 0), g1 = limb(g, 1), g2 = limb(g, 2), g3 = limb(g, 3), g4 = limb(g, 4);
  const g5 = limb(g, 5), g6 = limb(g, 6), g7 = limb(g, 7), g8 = limb(g, 8), g9 = limb(g, 9);
  const g1_19 = i32x4.mul(g1, n19), g2_19 = i32x4.mul(g2, n19), g3_19 = i32x4.mul(g3, n19);
  const g4_19 = i32x4.mul(g4, n19), g5_19 = i32x4.mul(g5, n19), g6_19 = i32x4.mul(g6, n19);
  const g7_19 = i32x4.mul(g7, n19), g8_19 = i32x4.mul(g8, n19), g9_19 = i32x4.mul(g9, n19);
  const f1_2 = i32x4.shl(f1, 1), f3_2 = i32x4.shl(f3, 1), f5_2 = i32x4.shl(f5, 1);
  const f7_2 = i32x4.shl(f7, 1), f9_2 = i32x4.shl(f9, 1);
  carryStore2(
    h,
sum10(mw(f0, g0), mw(f1_2, g9_19), mw(f2, g8_19), mw(f3_2, g7_19), mw(f4, g6_19), mw(f5_2, g5_19), mw(f6, g4_19), mw(f7_2, g3_19), mw(f8, g2_19), mw(f9_2, g1_19)),
    sum10(mw(f0, g1), mw(f1, g0), mw(f2, g9_19), mw(f3, g8_19), mw(f4, g7_19), mw(f5, g6_19), mw(f6, g5_19), mw(f7, g4_19), mw(f8, g3_19), mw(f9, g2_19)),
    sum10(mw(f0, g2), mw(f1_2, g1), mw(f2, g0), mw(f3_2, g9_19), mw(f4, g8_19), mw(f5_2, g7_19), mw(f6, g6_19), mw(f7_2, g5_19), mw(f8, g4_19), mw(f9_2, g3_19)),
    sum10(mw(f0, g3), mw(f1, g2), mw(f2, g1), mw(f3, g0), mw(f4, g9_19), mw(f5, g8_19), mw(f6, g7_19), mw(f7, g6_19), mw(f8, g5_19), mw(f9, g4_19)),
    sum10(mw(f0, g4), mw(f1_2, g3), mw(f2, g2), mw(f3_2, g1), mw(f4, g0), mw(f5_2, g9_19), mw(f6, g8_19), mw(f7_2, g7_19), mw(f8, g6_19), mw(f9_2, g5_19)),
    sum10(mw(f0, g5), mw(f1, g4), mw(f2, g3), mw(f3, g2), mw(f4, g1), mw(f5, g0), mw(f6, g9_19), mw(f7, g8_19), mw(f8, g7_19), mw(f9, g6_19)),
    sum10(mw(f0, g6), mw(f1_2, g5), mw(f2, g4), mw(f3_2, g3), mw(f4, g2), mw(f5_2, g1), mw(f6, g0), mw(f7_2, g9_19), mw(f8, g8_19), mw(f9_2, g7_19)),
    sum10(mw(f0, g7), mw(f1, g6), mw(f2, g5), mw(f3, g4), mw(f4, g3), mw(f5, g2), mw(f6, g1), mw(f7, g0), mw(f8, g9_19), mw(f9, g8_19)),
    sum10(mw(f0, g8), mw(f1_2, g7), mw(f2, g6), mw(f3_2, g5), mw(f4, g4), mw(f5_2, g3), mw(f6, g2), mw(f7_2, g1), mw(f8, g0), mw(f9_2, g9_19)),
    sum10(mw(f0, g9), mw(f1, g8), mw(f2, g7), mw(f3, g6), mw(f4, g5), mw(f5, g4), mw(f6, g3), mw(f7, g2), mw(f8, g1), mw(f9, g0))
  );
}

/** Both lanes of the pair at h = those of f squared: feSq's formulas, two at once. */
export function feSq2(h: usize, f: usize): void {
  const n19 = v128.load(VC, 80);
  const f0 = limb(f, 0), f1 = limb(f, 1), f2 = limb(f, 2), f3 = limb(f, 3), f4 = limb(f, 4);
  const f5 = limb(f, 5), f6 = limb(f, 6), f7 = limb(f, 7), f8 = limb(f, 8), f9 = limb(f, 9);
  const f0_2 = i32x4.shl(f0, 1), f1_2 = i32x4.shl(f1, 1), f2_2 = i32x4.shl(f2, 1), f3_2 = i32x4.shl(f3, 1);
  const f4_2 = i32x4.shl(f4, 1), f5_2 = i32x4.shl(f5, 1), f6_2 = i32x4.shl(f6, 1), f7_2 = i32x4.shl(f7, 1);
  const f8_2 = i32x4.shl(f8, 1), f9_2 = i32x4.shl(f9, 1);
  const f1_4 = i32x4.shl(f1, 2), f3_4 = i32x4.shl(f3, 2), f5_4 = i32x4.shl(f5, 2), f7_4 = i32x4.shl(f7, 2);
  const f5_19 = i32x4.mul(f5, n19), f6_19 = i32x4.mul(f6, n19), f7_19 = i32x4.mul(f7, n19);
  const f8_19 = i32x4.mul(f8, n19), f9_19 = i32x4.mul(f9, n19);
  carryStore2(
    h,
    sum6(mw(f0, f0), mw(f1_4, f9_19), mw(f2_2, f8_19), mw(f3_4, f7_19), mw(f4_2, f6_19), mw(f5_2, f5_19)),
    sum5(mw(f0_2, f1), mw(f2_2, f9_19), mw(f3_2, f8_19), mw(f4_2, f7_19), mw(f5_2, f6_19)),
    sum6(mw(f0_2, f2), mw(f1_2, f1), mw(f3_4, f9_19), mw(f4_2, f8_19), mw(f5_4, f7_19), mw(f6, f6_19)),
    sum5(mw(f0_2, f3), mw(f1_2, f2), mw(f4_2, f9_19), mw(f5_2, f8_19), mw(f6_2, f7_19)),
    sum6(mw(f0_2, f4), mw(f1_4, f3), mw(f2, f2), mw(f5_4, f9_19), mw(f6_2, f8_19), mw(f7_2, f7_19)),
    sum5(mw(f0_2, f5), mw(f1_2, f4), mw(f2_2, f3), mw(f6_2, f9_19), mw(f7_2, f8_19)),
    sum6(mw(f0_2, f6), mw(f1_4, f5), mw(f2_2, f4), mw(f3_2, f3), mw(f7_4, f9_19), mw(f8, f8_19)),
    sum5(mw(f0_2, f7), mw(f1_2, f6), mw(f2_2, f5), mw(f3_2, f4), mw(f8_2, f9_19)),
    sum6(mw(f0_2, f8), mw(f1_4, f7), mw(f2_2, f6), mw(f3_4, f5), mw(f4, f4), mw(f9_2, f9_19)),
    sum5(mw(f0_2, f9), mw(f1_2, f8), mw(f2_2, f7), mw(f3_2, f6), mw(f4_2, f5))
  );
}

/** Limb i of (a ± b, a ∓ b) for limb i of (a, b) in lanes 0 and 1: b negated where sign is all ones. */
// @ts-ignore: decorator
@inline function butterflyLimb(p: usize, i: usize, sign: v128): v128 {
  const v = limb(p, i);
  return i32x4.sub(i32x4.add(i32x4.shuffle(v, v, 0, 0, 2, 2), v128.xor(i32x4.shuffle(v, v, 1, 1, 2, 2), sign)), sign);
}

/**
 * The pair at h = (a + b, a - b) for the pair (a, b) at p (sign SUM_DIFF), or (a - b, a + b)
 * (DIFF_SUM), each limb carried one step (all shifts at once, not a chain). A sum's limbs reach
 * 2^27, which times 19 is beyond i32; after the step they lie in [-38, 2^26 + 38) and [-2, 2^25 + 2).
 */
export function butterfly(h: usize, p: usize, signs: usize): void {
  const sign = v128.load(signs);
  const s0 = butterflyLimb(p, 0, sign), s1 = butterflyLimb(p, 1, sign), s2 = butterflyLimb(p, 2, sign);
  const s3 = butterflyLimb(p, 3, sign), s4 = butterflyLimb(p, 4, sign), s5 = butterflyLimb(p, 5, sign);
  const s6 = butterflyLimb(p, 6, sign), s7 = butterflyLimb(p, 7, sign), s8 = butterflyLimb(p, 8, sign);
  const s9 = butterflyLimb(p, 9, sign);
  const m26 = v128.load(VC, 96), m25 = v128.load(VC, 112);
  v128.store64_lane(h, i32x4.add(v128.and(s0, m26), i32x4.mul(i32x4.shr_s(s9, 25), v128.load(VC, 80))), 0, 0);
  v128.store64_lane(h, i32x4.add(v128.and(s1, m25), i32x4.shr_s(s0, 26)), 0, 8);
  v128.store64_lane(h, i32x4.add(v128.and(s2, m26), i32x4.shr_s(s1, 25)), 0, 16);
  v128.store64_lane(h, i32x4.add(v128.and(s3, m25), i32x4.shr_s(s2, 26)), 0, 24);
  v128.store64_lane(h, i32x4.add(v128.and(s4, m26), i32x4.shr_s(s3, 25)), 0, 32);
  v128.store64_lane(h, i32x4.add(v128.and(s5, m25), i32x4.shr_s(s4, 26)), 0, 40);
  v128.store64_lane(h, i32x4.add(v128.and(s6, m26), i32x4.shr_s(s5, 25)), 0, 48);
  v128.store64_lane(h, i32x4.add(v128.and(s7, m25), i32x4.shr_s(s6, 26)), 0, 56);
  v128.store64_lane(h, i32x4.add(v128.and(s8, m26), i32x4.shr_s(s7, 25)), 0, 64);
  v128.store64_lane(h, i32x4.add(v128.and(s9, m25), i32x4.shr_s(s8, 26)), 0, 72);
}

/**
 * Limb i of F = (AA, E), stored at f, and of (BB, AA + a24·E) in i64 lanes, returned, for limb i
 * of the pair (AA, BB) at p, E = AA - BB (a24 = 121665, RFC 7748, §5).
 */
// @ts-ignore: decorator
@inline function a24Limb(f: usize, p: usize, i: usize, a24: v128): v128 {
  const zero = i32x4.splat(0), v = limb(p, i);
  const e = i32x4.sub(i32x4.shuffle(v, v, 0, 0, 2, 2), i32x4.shuffle(v, zero, 4, 1, 4, 4)); // (AA, AA - BB)
  v128.store64_lane(f + 8 * i, e, 0);
  // (BB, E)·(1, a24) + (0, AA)
  return i64x2.add(mw(i32x4.shuffle(v, e, 1, 5, 2, 2), a24), i64x2.extend_low_i32x4_s(i32x4.shuffle(zero, v, 0, 4, 0, 0)));
}

/**
 * From the pair (AA, BB) at p: the pairs F = (AA, E) at f and G = (BB, AA + a24·E) at g, G carried
 * one step (its limbs are below 2^44: after the step below 2^26 + 2^24 and 2^25 + 2^19, which
 * times 19 stays within i32).
 */
export function a24Pair(f: usize, g: usize, p: usize): void {
  const a24 = v128.load(VC, 160);
  const m26 = v128.load(VC), m25 = v128.load(VC, 16), bias = v128.load(VC, 32);
  const b26 = v128.load(VC, 48), b25 = v128.load(VC, 64);
  const s0 = a24Limb(f, p, 0, a24), s1 = a24Limb(f, p, 1, a24), s2 = a24Limb(f, p, 2, a24), s3 = a24Limb(f, p, 3, a24), s4 = a24Limb(f, p, 4, a24);
  const s5 = a24Limb(f, p, 5, a24), s6 = a24Limb(f, p, 6, a24), s7 = a24Limb(f, p, 7, a24), s8 = a24Limb(f, p, 8, a24), s9 = a24Limb(f, p, 9, a24);
  const c9 = sra(s9, 25, bias, b25);
  storeLimb(g, 0, i64x2.add(v128.and(s0, m26), i64x2.add(i64x2.shl(c9, 4), i64x2.add(i64x2.shl(c9, 1), c9))));
  storeLimb(g, 1, i64x2.add(v128.and(s1, m25), sra(s0, 26, bias, b26)));
  storeLimb(g, 2, i64x2.add(v128.and(s2, m26), sra(s1, 25, bias, b25)));
  storeLimb(g, 3, i64x2.add(v128.and(s3, m25), sra(s2, 26, bias, b26)));
  storeLimb(g, 4, i64x2.add(v128.and(s4, m26), sra(s3, 25, bias, b25)));
  storeLimb(g, 5, i64x2.add(v128.and(s5, m25), sra(s4, 26, bias, b26)));
  storeLimb(g, 6, i64x2.add(v128.and(s6, m26), sra(s5, 25, bias, b25)));
  storeLimb(g, 7, i64x2.add(v128.and(s7, m25), sra(s6, 26, bias, b26)));
  storeLimb(g, 8, i64x2.add(v128.and(s8, m26), sra(s7, 25, bias, b25)));
  storeLimb(g, 9, i64x2.add(v128.and(s9, m25), sra(s8, 26, bias, b26)));
}

// ---------------------------------------------------------------------------------------------
// X25519(k, 9), the public key, by a fixed-base multiplication on the twisted Edwards curve
// edwards25519 (RFC 7748, §4.1: birationally equivalent to Curve25519, u = (1 + y) / (1 - y), its
// base point B the image of u = 9), with a table of multiples of B: about a third of the ladder's
// field multiplications. Points in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z,
// xy = T/Z (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves revisited", 2008, §3.1, a = -1);
// table entries in affine "Niels" form (y + x, y - x, 2d·x·y).

/** 2d (d = -121665/121666), and B's x, y (RFC 8032, §5.1), as carried limbs. */
const D2: usize = memory.data<i64>([45281625, 27714825, 36363642, 13898781, 229458, 15978800, 54557047, 27058993, 29715967, 9444199]);
const BX: usize = memory.data<i64>([52811034, 25909283, 16144682, 17082669, 27570973, 30858332, 40966398, 8378388, 20764389, 8758491]);
const BY: usize = memory.data<i64>([40265304, 26843545, 13421772, 20132659, 26843545, 6710886, 53687091, 13421772, 40265318, 26843545]);

/**
 * The table, public: entry (m, j) = j·256^m·B for m < 32, 1 ≤ j ≤ 8, three elements of ten i32
 * limbs, each padded to 12 (48 bytes, three v128), at (9m + j)·144; entry (m, 0) is the identity
 * (1, 1, 0), so that the constant-time selection masks in exactly one entry. Computed on first use
 * (about half a ladder's time), so that it costs no module bytes; the flag is public too.
 */
const ENTRY: usize = 144;
const TABLE: usize = memory.data(32 * 9 * 144, 16);
let tableReady = false;

/**
 * Scratch of the fixed-base multiplication (secret: the digits, the point, the selected entry,
 * temporaries). The point is kept as two pairs, and as four elements for the doublings.
 */
const EDW_BYTES: usize = 64 + 16 * 80;
const EDW: usize = memory.data(1344, 16);
const DIGITS: usize = EDW;
const PX: usize = EDW + 64;
const PY: usize = PX + FE;
const PZ: usize = PY + FE;
const PT: usize = PZ + FE;
const PYX: usize = PT + FE; // the pair (Y, X)
const PZT: usize = PYX + FE; // the pair (Z, T)
const NQ: usize = PZT + FE; // the selected entry's pair (y + x, y - x)
const NQ2: usize = NQ + FE; // and (2, 2d·x·y)
const E0: usize = NQ2 + FE;
const E1: usize = E0 + FE;
const E2: usize = E1 + FE;
const E3: usize = E2 + FE;
const E4: usize = E3 + FE;
const E5: usize = E4 + FE;
const E6: usize = E5 + FE;
const E7: usize = E6 + FE;

/** Scratch of the table's computation (public): eight extended points, their Z products, a point. */
const PRE: usize = memory.data(8 * 320 + 8 * 80 + 320 + 80, 16);

/** The final step of both additions: from E, F, G, H (at e, f, g, hh) the point X = EF, Y = GH, T = EH, Z = FG at r. */
function geFinish(r: usize, e: usize, f: usize, g: usize, hh: usize): void {
  feMul(r, e, f);
  feMul(r + FE, g, hh);
  feMul(r + 3 * FE, e, hh);
  feMul(r + 2 * FE, f, g);
}

/** The pairs (p_0, q_0) at a and (p_1, q_1) at b, from the pairs p and q: lanes regrouped. */
function regroup(a: usize, b: usize, p: usize, q: usize): void {
  for (let i: usize = 0; i < 10; i++) {
    const vp = limb(p, i), vq = limb(q, i);
    v128.store64_lane(a + 8 * i, i32x4.shuffle(vp, vq, 0, 4, 0, 4), 0);
    v128.store64_lane(b + 8 * i, i32x4.shuffle(vp, vq, 1, 5, 1, 5), 0);
  }
}

/**
 * P = P + Q for P the pairs (Y, X) at PYX and (Z, T) at PZT, Q the Niels entry in NQ and NQ2:
 * "madd-2008-hwcd-3" (geAdd's formulas with Z2 = 1), its seven multiplications and 2·Z in four
 * pairs.
 */
function geMaddPair(): void {
  butterfly(E0, PYX, SUM_DIFF); // (Y + X, Y - X)
  feMul2(E1, E0, NQ); // (B, A) = ((Y + X)(y + x), (Y - X)(y - x))
  feMul2(E2, PZT, NQ2); // (D, C) = (2·Z, T·2d·x·y)
  butterfly(E3, E1, SUM_DIFF); // (H, E) = (B + A, B - A)
  butterfly(E4, E2, SUM_DIFF); // (G, F) = (D + C, D - C)
  feMul2(PYX, E3, E4); // (Y, X) = (H·G, E·F)
  regroup(E5, E6, E4, E3); // (G, H), (F, E)
  feMul2(PZT, E5, E6); // (Z, T) = (G·F, H·E)
}

/** The point's pairs (Y, X) and (Z, T) into the elements at PX, PY, PZ, PT, or back (toPairs). */
function pairsToElements(toPairs: bool): void {
  for (let i: usize = 0; i < FE; i += 8) {
    if (toPairs) {
      store<i32>(PYX + i, <i32>load<i64>(PY + i));
      store<i32>(PYX + i, <i32>load<i64>(PX + i), 4);
      store<i32>(PZT + i, <i32>load<i64>(PZ + i));
      store<i32>(PZT + i, <i32>load<i64>(PT + i), 4);
    } else {
      store<i64>(PY + i, <i64>load<i32>(PYX + i));
      store<i64>(PX + i, <i64>load<i32>(PYX + i, 4));
      store<i64>(PZ + i, <i64>load<i32>(PZT + i));
      store<i64>(PT + i, <i64>load<i32>(PZT + i, 4));
    }
  }
}

/** r = p + q, both extended: "add-2008-hwcd-3", 9 multiplications (the table's computation). */
function geAdd(r: usize, p: usize, q: usize): void {
  feSub(E0, p + FE, p);
  feSub(E1, q + FE, q);
  feMul(E0, E0, E1); // A = (Y1 - X1)(Y2 - X2)
  feAdd(E1, p + FE, p);
  feAdd(E2, q + FE, q);
  feMul(E1, E1, E2); // B = (Y1 + X1)(Y2 + X2)
  feMul(E2, p + 3 * FE, D2);
  feMul(E2, E2, q + 3 * FE); // C = T1·2d·T2
  feMul(E3, p + 2 * FE, q + 2 * FE);
  feAdd(E3, E3, E3);
  feCarry(E3, E3); // D = 2·Z1·Z2
  feSub(E4, E1, E0);
  feSub(E5, E3, E2);
  feAdd(E6, E3, E2);
  feAdd(E7, E1, E0);
  geFinish(r, E4, E5, E6, E7);
}

/** r = 2p: "dbl-2008-hwcd" with a = -1, 4 squarings and 4 multiplications. r may be p. */
function geDbl(r: usize, p: usize): void {
  feSq(E0, p); // A = X1^2
  feSq(E1, p + FE); // B = Y1^2
  feAdd(E2, E0, E1);
  feCarry(E2, E2); // A + B
  feAdd(E3, p, p + FE);
  feSq(E3, E3);
  feSub(E4, E3, E2); // E = (X1 + Y1)^2 - A - B
  feSub(E5, E1, E0);
  feCarry(E5, E5); // G = B - A (= aA + B)
  feSq(E6, p + 2 * FE);
  feAdd(E6, E6, E6);
  feCarry(E6, E6); // C = 2·Z1^2
  feSub(E6, E5, E6); // F = G - C
  feSet(E7, 0);
  feSub(E7, E7, E2); // H = -A - B (= aA - B)
  geFinish(r, E4, E6, E5, E7);
}

/** Fills TABLE (public data: multiples of B). */
function buildTable(): void {
  const pts = PRE, zs = PRE + 8 * 320, base = zs + 8 * FE, inv = base + 320;
  // base = B, extended: (x, y, 1, xy)
  memory.copy(base, BX, FE);
  memory.copy(base + FE, BY, FE);
  feSet(base + 2 * FE, 1);
  feMul(base + 3 * FE, BX, BY);
  for (let m: usize = 0; m < 32; m++) {
    memory.copy(pts, base, 320);
    for (let j: usize = 1; j < 8; j++) geAdd(pts + j * 320, pts + (j - 1) * 320, base);
    // 1/Z of the eight points by one inversion (Montgomery's trick): zs[j] = Z0···Zj
    memory.copy(zs, pts + 2 * FE, FE);
    for (let j: usize = 1; j < 8; j++) feMul(zs + j * FE, zs + (j - 1) * FE, pts + j * 320 + 2 * FE);
    feInvert(inv, zs + 7 * FE);
    for (let j: usize = 7; j >= 1; j--) {
      feMul(E0, inv, zs + (j - 1) * FE); // 1/Zj
      feMul(inv, inv, pts + j * 320 + 2 * FE); // 1/(Z0···Z(j-1))
      memory.copy(pts + j * 320 + 2 * FE, E0, FE);
    }
    memory.copy(pts + 2 * FE, inv, FE);
    for (let j: usize = 0; j < 8; j++) {
      const pt = pts + j * 320, out = TABLE + (m * 9 + j + 1) * ENTRY;
      feMul(E1, pt, pt + 2 * FE); // x
      feMul(E2, pt + FE, pt + 2 * FE); // y
      feAdd(E3, E2, E1);
      feCarry(E3, E3); // y + x
      feSub(E4, E2, E1);
      feCarry(E4, E4); // y - x
      feMul(E5, E1, E2);
      feMul(E5, E5, D2); // 2d·x·y
      for (let i: usize = 0; i < 10; i++) {
        store<i32>(out + 4 * i, <i32>load<i64>(E3 + 8 * i));
        store<i32>(out + 48 + 4 * i, <i32>load<i64>(E4 + 8 * i));
        store<i32>(out + 96 + 4 * i, <i32>load<i64>(E5 + 8 * i));
      }
    }
    store<i32>(TABLE + m * 9 * ENTRY, 1); // the identity (1, 1, 0); the rest stays zero
    store<i32>(TABLE + m * 9 * ENTRY + 48, 1);
    if (m < 31) for (let i = 0; i < 8; i++) geDbl(base, base); // 256·base
  }
  tableReady = true;
}

/** The pair at h of the ten i32 limbs of a (lanes 0-3 of a0, a1, lanes 0-1 of a2) and b (likewise). */
// @ts-ignore: decorator
@inline function interleave(h: usize, a0: v128, a1: v128, a2: v128, b0: v128, b1: v128, b2: v128): void {
  v128.store(h, i32x4.shuffle(a0, b0, 0, 4, 1, 5), 0);
  v128.store(h, i32x4.shuffle(a0, b0, 2, 6, 3, 7), 16);
  v128.store(h, i32x4.shuffle(a1, b1, 0, 4, 1, 5), 32);
  v128.store(h, i32x4.shuffle(a1, b1, 2, 6, 3, 7), 48);
  v128.store(h, i32x4.shuffle(a2, b2, 0, 4, 1, 5), 64);
}

/**
 * The Niels entry e·256^m·B for a secret digit -8 ≤ e ≤ 8 into NQ and NQ2, in constant
 * time: all nine entries of row m (the identity first) are read and the one of |e| masked in, in
 * v128 lanes; a negative e then swaps y + x and y - x and negates 2dxy, by mask too.
 */
function select(m: usize, e: i32): void {
  const neg = e >> 31; // all ones for e < 0
  const abs = (e ^ neg) - neg;
  let a0 = i32x4.splat(0), a1 = a0, a2 = a0, b0 = a0, b1 = a0, b2 = a0, c0 = a0, c1 = a0, c2 = a0;
  let row = TABLE + m * 9 * ENTRY;
  for (let j = 0; j <= 8; j++, row += ENTRY) {
    const mask = i32x4.splat(((abs ^ j) - 1) >> 31); // all ones for abs = j
    a0 = v128.or(a0, v128.and(v128.load(row, 0), mask));
    a1 = v128.or(a1, v128.and(v128.load(row, 16), mask));
    a2 = v128.or(a2, v128.and(v128.load(row, 32), mask));
    b0 = v128.or(b0, v128.and(v128.load(row, 48), mask));
    b1 = v128.or(b1, v128.and(v128.load(row, 64), mask));
    b2 = v128.or(b2, v128.and(v128.load(row, 80), mask));
    c0 = v128.or(c0, v128.and(v128.load(row, 96), mask));
    c1 = v128.or(c1, v128.and(v128.load(row, 112), mask));
    c2 = v128.or(c2, v128.and(v128.load(row, 128), mask));
  }
  const n = i32x4.splat(neg);
  interleave(
    NQ,
    v128.bitselect(b0, a0, n), v128.bitselect(b1, a1, n), v128.bitselect(b2, a2, n), // y + x
    v128.bitselect(a0, b0, n), v128.bitselect(a1, b1, n), v128.bitselect(a2, b2, n), // y - x
  );
  const zero = i32x4.splat(0);
  interleave(
    NQ2,
    v128.load(VC, 176), zero, zero, // 2
    v128.bitselect(i32x4.neg(c0), c0, n), v128.bitselect(i32x4.neg(c1), c1, n), v128.bitselect(i32x4.neg(c2), c2, n),
  );
}

/**
 * X25519(k, 9) for the 32-byte scalar at k (clamped here, in a copy), into out: [k]B on
 * edwards25519 with k in 64 signed radix-16 digits, the odd-indexed digits' sum times 16 plus the
 * even-indexed ones' (each a table entry of its 256^m row), then u = (Z + Y) / (Z - Y).
 */
export function x25519Base(out: usize, k: usize): void {
  if (!tableReady) buildTable();
  memory.copy(K, k, 32);
  store<u8>(K, load<u8>(K) & 248);
  store<u8>(K + 31, (load<u8>(K + 31) & 127) | 64);
  // digits e_i in [-8, 8], k = Σ e_i·16^i; the top one takes the last carry (k < 2^255: e_63 ≤ 8)
  let carry: i32 = 0;
  for (let i: usize = 0; i < 64; i++) {
    const nibble = (<i32>load<u8>(K + (i >> 1)) >> (<i32>(i & 1) << 2)) & 15;
    let e = nibble + carry;
    carry = (e + 8) >> 4;
    e -= carry << 4;
    store<i8>(DIGITS + i, <i8>e);
  }
  store<i8>(DIGITS + 63, <i8>(<i32>load<i8>(DIGITS + 63) + (carry << 4)));
  // P = identity: (Y, X) = (1, 0), (Z, T) = (1, 0)
  store<i32>(PYX, 1);
  store<i32>(PZT, 1);
  for (let i: usize = 1; i < 64; i += 2) {
    select(i >> 1, <i32>load<i8>(DIGITS + i));
    geMaddPair();
  }
  pairsToElements(false);
  geDbl(PX, PX);
  geDbl(PX, PX);
  geDbl(PX, PX);
  geDbl(PX, PX);
  pairsToElements(true);
  for (let i: usize = 0; i < 64; i += 2) {
    select(i >> 1, <i32>load<i8>(DIGITS + i));
    geMaddPair();
  }
  pairsToElements(false);
  // u = (Z + Y) / (Z - Y), in E0 and E1: feInvert's temporaries are TA..TCB
  feAdd(E0, PZ, PY);
  feSub(E1, PZ, PY);
  feInvert(TT, E1);
  feMul(X2, E0, TT);
  feEncode(out, X2);
  memory.fill(SCRATCH, 0, SCRATCH_BYTES);
  memory.fill(EDW, 0, EDW_BYTES);
}

/**
 * X25519(k, u) of RFC 7748, §5: the 32-byte scalar at k (clamped here, in a copy), the
 * u-coordinate at u (bit 255 masked), the result's 32 bytes at out. out may overlap neither
 * input's copy in scratch (it is the caller's buffer). A low-order u gives 32 zero bytes, as the
 * RFC defines; refusing it is the caller's business.
 */
export function x25519(out: usize, k: usize, u: usize): void {
  // decodeScalar25519: clear bits 0-2 and 255, set bit 254
  memory.copy(K, k, 32);
  store<u8>(K, load<u8>(K) & 248);
  store<u8>(K + 31, (load<u8>(K + 31) & 127) | 64);
  feDecode(X1, u);
  // (x_2, z_2) = (1, 0), (x_3, z_3) = (u, 1)
  for (let i: usize = 0; i < FE; i += 8) store<i64>(XZ3 + i, load<i64>(X1 + i) & 0xffffffff);
  store<i32>(XZ2, 1);
  store<i32>(XZ3 + 4, 1);
  for (let i: usize = 0; i < FE; i += 8) store<i64>(X1_19 + i, load<i64>(X1 + i) * 19);
  let swap: i64 = 0;
  for (let t: i32 = 254; t >= 0; t--) {
    const bit = <i64>(load<u8>(K + (<usize>t >> 3)) >> (<u8>t & 7)) & 1;
    swap ^= bit;
    feCswap(XZ2, XZ3, -swap); // both lanes
    swap = bit;
    butterfly(PAB, XZ2, SUM_DIFF); // A = x_2 + z_2, B = x_2 - z_2
    butterfly(PDC, XZ3, DIFF_SUM); // D = x_3 - z_3, C = x_3 + z_3
    feSq2(PAABB, PAB); // AA = A^2, BB = B^2
    feMul2(PDACB, PDC, PAB); // DA = D * A, CB = C * B
    butterfly(PSUM, PDACB, SUM_DIFF);
    feSq2(XZ3, PSUM); // x_3 = (DA + CB)^2, and (DA - CB)^2 in lane 1
    feMulLane1(XZ3, X1, X1_19);
    a24Pair(PF, PG, PAABB); // E = AA - BB, and AA + a24 * E
    feMul2(XZ2, PF, PG); // x_2 = AA * BB, z_2 = E * (AA + a24 * E)
  }
  feCswap(XZ2, XZ3, -swap);
  for (let i: usize = 0; i < FE; i += 8) {
    store<i64>(X2 + i, <i64>load<i32>(XZ2 + i));
    store<i64>(Z2 + i, <i64>load<i32>(XZ2 + i, 4));
  }
  feInvert(TT, Z2);
  feMul(X2, X2, TT); // x_2 * z_2^(p - 2)
  feEncode(out, X2);
  memory.fill(SCRATCH, 0, SCRATCH_BYTES);
}
