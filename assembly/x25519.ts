// X25519 (RFC 7748, §5) for the WebAssembly kernels: the Montgomery ladder over GF(2^255 - 19)
// on ten signed limbs of 26 and 25 bits alternately (radix 2^25.5), products in i64; and for the
// public key X25519(k, 9) a fixed-base multiplication on edwards25519 with a table (below).
//
// Limb i of an element f holds bits [P_i, P_i+1) with P = 0, 26, 51, 77, 102, 128, 153, 179, 204,
// 230, so f = Σ f_i·2^P_i; limbs may be negative. Every product of two limbs is one i64.mul: no
// 128-bit emulation, which radix 2^51 would need for its 102-bit products (wasm has no
// 64×64 → 128 multiply).
//
// Secret data flows through here (the scalar, and the shared secret): no branch, memory index,
// division or remainder depends on it. The ladder's conditional swaps are masks; the scalar's
// bits are read at positions fixed by the loop counter; the inversion is a fixed addition chain;
// the fixed-base code reads every entry of a table row and masks one in.
// Loops run the same number of times for every input. The scratch is zeroed before returning.

/** Bytes of one field element in scratch: ten i64 limbs. */
const FE: usize = 80;

/** Scratch: the clamped scalar (32 bytes), then 15 field elements. */
const SCRATCH_BYTES: usize = 32 + 15 * 80;
const SCRATCH: usize = memory.data(1232, 16);
const K: usize = SCRATCH;
const X1: usize = SCRATCH + 32;
const X2: usize = X1 + FE;
const Z2: usize = X2 + FE;
const X3: usize = Z2 + FE;
const Z3: usize = X3 + FE;
const TA: usize = Z3 + FE;
const TAA: usize = TA + FE;
const TB: usize = TAA + FE;
const TBB: usize = TB + FE;
const TE: usize = TBB + FE;
const TC: usize = TE + FE;
const TD: usize = TC + FE;
const TDA: usize = TD + FE;
const TCB: usize = TDA + FE;
const TT: usize = TCB + FE;

const M26: i64 = 0x3ffffff;
const M25: i64 = 0x1ffffff;

// Bounds (checked for every term by the generator of the product formulas, and exercised at
// their edges by test/wasm/x25519.test.ts): every carried element has |f_i| < 2^26 at even i and
// < 2^25 + 2^15 at odd i. Sums and differences of two such elements (the ladder's A, B, C, D, E)
// stay below 2^27 and 2^26 + 2^16, the bounds feMul and feSq accept: each output coefficient is
// then below 2^61 in absolute value, so i64 never overflows.

/**
 * Carries h0..h9 (each |h_i| < 2^62) into limbs within the bounds above and stores them at h.
 * Floor carries (arithmetic shift, then mask), in two interleaved chains for parallelism; the
 * carry out of limb 9 re-enters at limb 0 times 19, since 2^255 ≡ 19 (mod p).
 */
// @ts-ignore: decorator
@inline function carryStore(h: usize, h0: i64, h1: i64, h2: i64, h3: i64, h4: i64, h5: i64, h6: i64, h7: i64, h8: i64, h9: i64): void {
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
  store<i64>(h, h0, 0); store<i64>(h, h1, 8); store<i64>(h, h2, 16); store<i64>(h, h3, 24); store<i64>(h, h4, 32);
  store<i64>(h, h5, 40); store<i64>(h, h6, 48); store<i64>(h, h7, 56); store<i64>(h, h8, 64); store<i64>(h, h9, 72);
}

/**
 * h = f·g. Coefficient k sums f_i·g_j over i + j ≡ k (mod 10): doubled when i and j are both odd
 * (P_i + P_j = P_(i+j) + 1 then), times 19 when i + j ≥ 10 (P_(i+j) = P_(i+j-10) + 255).
 */
export function feMul(h: usize, f: usize, g: usize): void {
  const f0 = load<i64>(f, 0), f1 = load<i64>(f, 8), f2 = load<i64>(f, 16), f3 = load<i64>(f, 24), f4 = load<i64>(f, 32);
  const f5 = load<i64>(f, 40), f6 = load<i64>(f, 48), f7 = load<i64>(f, 56), f8 = load<i64>(f, 64), f9 = load<i64>(f, 72);
  const g0 = load<i64>(g, 0), g1 = load<i64>(g, 8), g2 = load<i64>(g, 16), g3 = load<i64>(g, 24), g4 = load<i64>(g, 32);
  const g5 = load<i64>(g, 40), g6 = load<i64>(g, 48), g7 = load<i64>(g, 56), g8 = load<i64>(g, 64), g9 = load<i64>(g, 72);
  const g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19, g5_19 = g5 * 19;
  const g6_19 = g6 * 19, g7_19 = g7 * 19, g8_19 = g8 * 19, g9_19 = g9 * 19;
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
  carryStore(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
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

/** h = f·121665, a24 = (486662 - 2) / 4 of RFC 7748, §5. */
export function feMulA24(h: usize, f: usize): void {
  carryStore(
    h,
    load<i64>(f, 0) * 121665, load<i64>(f, 8) * 121665, load<i64>(f, 16) * 121665, load<i64>(f, 24) * 121665, load<i64>(f, 32) * 121665,
    load<i64>(f, 40) * 121665, load<i64>(f, 48) * 121665, load<i64>(f, 56) * 121665, load<i64>(f, 64) * 121665, load<i64>(f, 72) * 121665,
  );
}

/** h = f + g, limb by limb, not carried. */
export function feAdd(h: usize, f: usize, g: usize): void {
  for (let i: usize = 0; i < FE; i += 8) store<i64>(h + i, load<i64>(f + i) + load<i64>(g + i));
}

/** h = f - g, limb by limb, not carried. */
export function feSub(h: usize, f: usize, g: usize): void {
  for (let i: usize = 0; i < FE; i += 8) store<i64>(h + i, load<i64>(f + i) - load<i64>(g + i));
}

/** Swaps f and g when mask is all ones, leaves them when it is zero (RFC 7748's cswap). */
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

/** Scratch of the fixed-base multiplication (secret: the digits, the point, the selected entry, temporaries). */
const EDW_BYTES: usize = 64 + 15 * 80;
const EDW: usize = memory.data(1264, 16);
const DIGITS: usize = EDW;
const PX: usize = EDW + 64;
const PY: usize = PX + FE;
const PZ: usize = PY + FE;
const PT: usize = PZ + FE;
const SYPX: usize = PT + FE;
const SYMX: usize = SYPX + FE;
const SXY2D: usize = SYMX + FE;
const E0: usize = SXY2D + FE;
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

/**
 * r = p + q, q in Niels form (ypx, ymx, xy2d at q, q + FE, q + 2FE): "add-2008-hwcd-3" with
 * Z2 = 1, 7 multiplications. r may be p.
 */
function geMaddNiels(r: usize, p: usize, q: usize): void {
  feSub(E0, p + FE, p); // Y1 - X1
  feMul(E0, E0, q + FE); // A = (Y1 - X1)(y2 - x2)
  feAdd(E1, p + FE, p); // Y1 + X1
  feMul(E1, E1, q); // B = (Y1 + X1)(y2 + x2)
  feMul(E2, p + 3 * FE, q + 2 * FE); // C = T1·2d·x2·y2
  feAdd(E3, p + 2 * FE, p + 2 * FE);
  feCarry(E3, E3); // D = 2·Z1
  feSub(E4, E1, E0); // E = B - A
  feSub(E5, E3, E2); // F = D - C
  feAdd(E6, E3, E2); // G = D + C
  feAdd(E7, E1, E0); // H = B + A
  geFinish(r, E4, E5, E6, E7);
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

/** Stores the ten i32 limbs of a (lanes 0-3), b (4-7) and c (8, 9) as i64 limbs at h. */
// @ts-ignore: decorator
@inline function widen(h: usize, a: v128, b: v128, c: v128): void {
  v128.store(h, i64x2.extend_low_i32x4_s(a), 0);
  v128.store(h, i64x2.extend_high_i32x4_s(a), 16);
  v128.store(h, i64x2.extend_low_i32x4_s(b), 32);
  v128.store(h, i64x2.extend_high_i32x4_s(b), 48);
  v128.store(h, i64x2.extend_low_i32x4_s(c), 64);
}

/**
 * The Niels entry e·256^m·B for a secret digit -8 ≤ e ≤ 8 into SYPX, SYMX, SXY2D, in constant
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
  widen(SYPX, v128.bitselect(b0, a0, n), v128.bitselect(b1, a1, n), v128.bitselect(b2, a2, n));
  widen(SYMX, v128.bitselect(a0, b0, n), v128.bitselect(a1, b1, n), v128.bitselect(a2, b2, n));
  widen(SXY2D, v128.bitselect(i32x4.neg(c0), c0, n), v128.bitselect(i32x4.neg(c1), c1, n), v128.bitselect(i32x4.neg(c2), c2, n));
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
  // P = identity
  feSet(PX, 0);
  feSet(PY, 1);
  feSet(PZ, 1);
  feSet(PT, 0);
  for (let i: usize = 1; i < 64; i += 2) {
    select(i >> 1, <i32>load<i8>(DIGITS + i));
    geMaddNiels(PX, PX, SYPX);
  }
  geDbl(PX, PX);
  geDbl(PX, PX);
  geDbl(PX, PX);
  geDbl(PX, PX);
  for (let i: usize = 0; i < 64; i += 2) {
    select(i >> 1, <i32>load<i8>(DIGITS + i));
    geMaddNiels(PX, PX, SYPX);
  }
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
  feSet(X2, 1);
  feSet(Z2, 0);
  memory.copy(X3, X1, FE);
  feSet(Z3, 1);
  let swap: i64 = 0;
  for (let t: i32 = 254; t >= 0; t--) {
    const bit = <i64>(load<u8>(K + (<usize>t >> 3)) >> (<u8>t & 7)) & 1;
    swap ^= bit;
    feCswap(X2, X3, -swap);
    feCswap(Z2, Z3, -swap);
    swap = bit;
    feAdd(TA, X2, Z2); // A = x_2 + z_2
    feSq(TAA, TA); // AA = A^2
    feSub(TB, X2, Z2); // B = x_2 - z_2
    feSq(TBB, TB); // BB = B^2
    feSub(TE, TAA, TBB); // E = AA - BB
    feAdd(TC, X3, Z3); // C = x_3 + z_3
    feSub(TD, X3, Z3); // D = x_3 - z_3
    feMul(TDA, TD, TA); // DA = D * A
    feMul(TCB, TC, TB); // CB = C * B
    feAdd(TT, TDA, TCB);
    feSq(X3, TT); // x_3 = (DA + CB)^2
    feSub(TT, TDA, TCB);
    feSq(TT, TT);
    feMul(Z3, X1, TT); // z_3 = x_1 * (DA - CB)^2
    feMul(X2, TAA, TBB); // x_2 = AA * BB
    feMulA24(TT, TE);
    feAdd(TT, TAA, TT);
    feMul(Z2, TE, TT); // z_2 = E * (AA + a24 * E)
  }
  feCswap(X2, X3, -swap);
  feCswap(Z2, Z3, -swap);
  feInvert(TT, Z2);
  feMul(X2, X2, TT); // x_2 * z_2^(p - 2)
  feEncode(out, X2);
  memory.fill(SCRATCH, 0, SCRATCH_BYTES);
}
