// Keccak-f[1600] and the sponge of FIPS 202 for the WebAssembly kernels: SHA3-256 and SHA3-512
// over the module's memory (H and G of FIPS 203, §4.1), and the permutation for the samplers of
// sample.ts (also J, beside PRF), on one state (i64 lanes) or on two states at once (i64x2 lanes).
//
// A state is 25 little-endian 64-bit lanes in memory, so its bytes are the sponge's bytes in
// order: input is XORed in and output copied out directly, at any alignment. The permutations
// load the lanes into locals, run 24 rounds and store them back.
//
// Secret data flows through here (seeds, keys, messages): no branch, memory index, division or
// remainder depends on it. Branches and loop bounds depend on lengths only, which are public.
// Every exported function zeroes the scratch state before it returns.

/** The ι round constants RC[0..23] (FIPS 202, Algorithms 5 and 6). */
const RC: usize = memory.data<u64>([
  0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
  0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
  0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
  0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
  0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
  0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
]);

/** Scratch: one state for the single-stream sponge and sample.ts (lane L at byte 8·L). */
export const STATE: usize = memory.data(200, 16);
/** Scratch: two states for keccakF1600x2, interleaved: lane L of state s at byte 16·L + 8·s. */
export const STATE2: usize = memory.data(400, 16);

// The permutations (FIPS 202, §3.3: Keccak-p[1600, 24], the step mappings θ, ρ, π, χ, ι of
// §3.2). Lane A[x, y] is local axy, B[x, y] is bxy; the ρ offsets are the rotation counts and
// π is the renaming B[y, 2x + 3y] = rot(A[x, y]). One round is written out and looped: unrolling
// two, four or all 24 measured slower (more spilling, 370 → 400–620 ns scalar, 218 → 275–750 ns
// a state in i64x2), as did computing ρ, π, χ plane by plane or ping-ponging the state through
// memory. Rotations by 8 and 56 as byte shuffles were slower than shifts too.

/**
 * Keccak-f[1600] on the state at s, on i64 lanes. Six lanes (A[1,0], A[2,0], A[3,1], A[2,2],
 * A[2,3], A[0,4]) are kept complemented between rounds, the lane complementing transform of the
 * Keccak implementation overview (Bertoni et al., §2.2): wasm has no scalar and-not, so this
 * cuts χ's 25 NOTs to 5 a round (about 3 % here).
 */
export function keccakF1600(s: usize): void {
  let a00 = load<i64>(s, 0), a10 = ~load<i64>(s, 8), a20 = ~load<i64>(s, 16), a30 = load<i64>(s, 24), a40 = load<i64>(s, 32);
  let a01 = load<i64>(s, 40), a11 = load<i64>(s, 48), a21 = load<i64>(s, 56), a31 = ~load<i64>(s, 64), a41 = load<i64>(s, 72);
  let a02 = load<i64>(s, 80), a12 = load<i64>(s, 88), a22 = ~load<i64>(s, 96), a32 = load<i64>(s, 104), a42 = load<i64>(s, 112);
  let a03 = load<i64>(s, 120), a13 = load<i64>(s, 128), a23 = ~load<i64>(s, 136), a33 = load<i64>(s, 144), a43 = load<i64>(s, 152);
  let a04 = ~load<i64>(s, 160), a14 = load<i64>(s, 168), a24 = load<i64>(s, 176), a34 = load<i64>(s, 184), a44 = load<i64>(s, 192);
  for (let r: usize = 0; r < 24; r++) {
    // θ: column parities C[x] and D[x] = C[x-1] ^ rot(C[x+1], 1)
    const c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
    const c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
    const c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
    const c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
    const c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
    const d0 = c4 ^ rotl<i64>(c1, 1);
    const d1 = c0 ^ rotl<i64>(c2, 1);
    const d2 = c1 ^ rotl<i64>(c3, 1);
    const d3 = c2 ^ rotl<i64>(c4, 1);
    const d4 = c3 ^ rotl<i64>(c0, 1);
    // θ applied, then ρ and π: B[y, 2x+3y] = rot(A[x, y] ^ D[x], r[x, y])
    const b00 = a00 ^ d0;
    const b02 = rotl<i64>(a10 ^ d1, 1);
    const b04 = rotl<i64>(a20 ^ d2, 62);
    const b01 = rotl<i64>(a30 ^ d3, 28);
    const b03 = rotl<i64>(a40 ^ d4, 27);
    const b13 = rotl<i64>(a01 ^ d0, 36);
    const b10 = rotl<i64>(a11 ^ d1, 44);
    const b12 = rotl<i64>(a21 ^ d2, 6);
    const b14 = rotl<i64>(a31 ^ d3, 55);
    const b11 = rotl<i64>(a41 ^ d4, 20);
    const b21 = rotl<i64>(a02 ^ d0, 3);
    const b23 = rotl<i64>(a12 ^ d1, 10);
    const b20 = rotl<i64>(a22 ^ d2, 43);
    const b22 = rotl<i64>(a32 ^ d3, 25);
    const b24 = rotl<i64>(a42 ^ d4, 39);
    const b34 = rotl<i64>(a03 ^ d0, 41);
    const b31 = rotl<i64>(a13 ^ d1, 45);
    const b33 = rotl<i64>(a23 ^ d2, 15);
    const b30 = rotl<i64>(a33 ^ d3, 21);
    const b32 = rotl<i64>(a43 ^ d4, 8);
    const b42 = rotl<i64>(a04 ^ d0, 18);
    const b44 = rotl<i64>(a14 ^ d1, 2);
    const b41 = rotl<i64>(a24 ^ d2, 61);
    const b43 = rotl<i64>(a34 ^ d3, 56);
    const b40 = rotl<i64>(a44 ^ d4, 14);
    // χ: A[x, y] = B[x, y] ^ (~B[x+1, y] & B[x+2, y]), rewritten for the complemented lanes
    // with one NOT per plane (De Morgan); ι on A[0, 0]
    a00 = b00 ^ (b10 | b20) ^ load<i64>(RC + (r << 3), 0);
    a10 = b10 ^ (~b20 | b30);
    a20 = b20 ^ (b30 & b40);
    a30 = b30 ^ (b40 | b00);
    a40 = b40 ^ (b00 & b10);
    a01 = b01 ^ (b11 | b21);
    a11 = b11 ^ (b21 & b31);
    a21 = b21 ^ (b31 | ~b41);
    a31 = b31 ^ (b41 | b01);
    a41 = b41 ^ (b01 & b11);
    a02 = b02 ^ (b12 | b22);
    a12 = b12 ^ (b22 & b32);
    a22 = b22 ^ (~b32 & b42);
    a32 = ~b32 ^ (b42 | b02);
    a42 = b42 ^ (b02 & b12);
    a03 = b03 ^ (b13 & b23);
    a13 = b13 ^ (b23 | b33);
    a23 = b23 ^ (~b33 | b43);
    a33 = ~b33 ^ (b43 & b03);
    a43 = b43 ^ (b03 | b13);
    a04 = b04 ^ (~b14 & b24);
    a14 = ~b14 ^ (b24 | b34);
    a24 = b24 ^ (b34 & b44);
    a34 = b34 ^ (b44 | b04);
    a44 = b44 ^ (b04 & b14);
  }
  store<i64>(s, a00, 0); store<i64>(s, ~a10, 8); store<i64>(s, ~a20, 16); store<i64>(s, a30, 24); store<i64>(s, a40, 32);
  store<i64>(s, a01, 40); store<i64>(s, a11, 48); store<i64>(s, a21, 56); store<i64>(s, ~a31, 64); store<i64>(s, a41, 72);
  store<i64>(s, a02, 80); store<i64>(s, a12, 88); store<i64>(s, ~a22, 96); store<i64>(s, a32, 104); store<i64>(s, a42, 112);
  store<i64>(s, a03, 120); store<i64>(s, a13, 128); store<i64>(s, ~a23, 136); store<i64>(s, a33, 144); store<i64>(s, a43, 152);
  store<i64>(s, ~a04, 160); store<i64>(s, a14, 168); store<i64>(s, a24, 176); store<i64>(s, a34, 184); store<i64>(s, a44, 192);
}

/**
 * Keccak-f[1600] on the two interleaved states at s (lane L of state t at s + 16·L + 8·t), each
 * v128 holding the same lane of both: one instruction stream for two independent hashes. wasm
 * SIMD has and-not (χ) but no 64-bit rotate (three instructions, rol2).
 */
export function keccakF1600x2(s: usize): void {
  let a00 = v128.load(s, 0), a10 = v128.load(s, 16), a20 = v128.load(s, 32), a30 = v128.load(s, 48), a40 = v128.load(s, 64);
  let a01 = v128.load(s, 80), a11 = v128.load(s, 96), a21 = v128.load(s, 112), a31 = v128.load(s, 128), a41 = v128.load(s, 144);
  let a02 = v128.load(s, 160), a12 = v128.load(s, 176), a22 = v128.load(s, 192), a32 = v128.load(s, 208), a42 = v128.load(s, 224);
  let a03 = v128.load(s, 240), a13 = v128.load(s, 256), a23 = v128.load(s, 272), a33 = v128.load(s, 288), a43 = v128.load(s, 304);
  let a04 = v128.load(s, 320), a14 = v128.load(s, 336), a24 = v128.load(s, 352), a34 = v128.load(s, 368), a44 = v128.load(s, 384);
  for (let r: usize = 0; r < 24; r++) {
    // θ: column parities C[x] and D[x] = C[x-1] ^ rot(C[x+1], 1)
    const c0 = v128.xor(v128.xor(v128.xor(v128.xor(a00, a01), a02), a03), a04);
    const c1 = v128.xor(v128.xor(v128.xor(v128.xor(a10, a11), a12), a13), a14);
    const c2 = v128.xor(v128.xor(v128.xor(v128.xor(a20, a21), a22), a23), a24);
    const c3 = v128.xor(v128.xor(v128.xor(v128.xor(a30, a31), a32), a33), a34);
    const c4 = v128.xor(v128.xor(v128.xor(v128.xor(a40, a41), a42), a43), a44);
    const d0 = v128.xor(c4, rol2(c1, 1));
    const d1 = v128.xor(c0, rol2(c2, 1));
    const d2 = v128.xor(c1, rol2(c3, 1));
    const d3 = v128.xor(c2, rol2(c4, 1));
    const d4 = v128.xor(c3, rol2(c0, 1));
    // θ applied, then ρ and π: B[y, 2x+3y] = rot(A[x, y] ^ D[x], r[x, y])
    const b00 = v128.xor(a00, d0);
    const b02 = rol2(v128.xor(a10, d1), 1);
    const b04 = rol2(v128.xor(a20, d2), 62);
    const b01 = rol2(v128.xor(a30, d3), 28);
    const b03 = rol2(v128.xor(a40, d4), 27);
    const b13 = rol2(v128.xor(a01, d0), 36);
    const b10 = rol2(v128.xor(a11, d1), 44);
    const b12 = rol2(v128.xor(a21, d2), 6);
    const b14 = rol2(v128.xor(a31, d3), 55);
    const b11 = rol2(v128.xor(a41, d4), 20);
    const b21 = rol2(v128.xor(a02, d0), 3);
    const b23 = rol2(v128.xor(a12, d1), 10);
    const b20 = rol2(v128.xor(a22, d2), 43);
    const b22 = rol2(v128.xor(a32, d3), 25);
    const b24 = rol2(v128.xor(a42, d4), 39);
    const b34 = rol2(v128.xor(a03, d0), 41);
    const b31 = rol2(v128.xor(a13, d1), 45);
    const b33 = rol2(v128.xor(a23, d2), 15);
    const b30 = rol2(v128.xor(a33, d3), 21);
    const b32 = rol2(v128.xor(a43, d4), 8);
    const b42 = rol2(v128.xor(a04, d0), 18);
    const b44 = rol2(v128.xor(a14, d1), 2);
    const b41 = rol2(v128.xor(a24, d2), 61);
    const b43 = rol2(v128.xor(a34, d3), 56);
    const b40 = rol2(v128.xor(a44, d4), 14);
    // χ: A[x, y] = B[x, y] ^ (~B[x+1, y] & B[x+2, y]); ι on A[0, 0]
    a00 = v128.xor(v128.xor(b00, v128.andnot(b20, b10)), i64x2.splat(load<i64>(RC + (r << 3), 0)));
    a10 = v128.xor(b10, v128.andnot(b30, b20));
    a20 = v128.xor(b20, v128.andnot(b40, b30));
    a30 = v128.xor(b30, v128.andnot(b00, b40));
    a40 = v128.xor(b40, v128.andnot(b10, b00));
    a01 = v128.xor(b01, v128.andnot(b21, b11));
    a11 = v128.xor(b11, v128.andnot(b31, b21));
    a21 = v128.xor(b21, v128.andnot(b41, b31));
    a31 = v128.xor(b31, v128.andnot(b01, b41));
    a41 = v128.xor(b41, v128.andnot(b11, b01));
    a02 = v128.xor(b02, v128.andnot(b22, b12));
    a12 = v128.xor(b12, v128.andnot(b32, b22));
    a22 = v128.xor(b22, v128.andnot(b42, b32));
    a32 = v128.xor(b32, v128.andnot(b02, b42));
    a42 = v128.xor(b42, v128.andnot(b12, b02));
    a03 = v128.xor(b03, v128.andnot(b23, b13));
    a13 = v128.xor(b13, v128.andnot(b33, b23));
    a23 = v128.xor(b23, v128.andnot(b43, b33));
    a33 = v128.xor(b33, v128.andnot(b03, b43));
    a43 = v128.xor(b43, v128.andnot(b13, b03));
    a04 = v128.xor(b04, v128.andnot(b24, b14));
    a14 = v128.xor(b14, v128.andnot(b34, b24));
    a24 = v128.xor(b24, v128.andnot(b44, b34));
    a34 = v128.xor(b34, v128.andnot(b04, b44));
    a44 = v128.xor(b44, v128.andnot(b14, b04));
  }
  v128.store(s, a00, 0); v128.store(s, a10, 16); v128.store(s, a20, 32); v128.store(s, a30, 48); v128.store(s, a40, 64);
  v128.store(s, a01, 80); v128.store(s, a11, 96); v128.store(s, a21, 112); v128.store(s, a31, 128); v128.store(s, a41, 144);
  v128.store(s, a02, 160); v128.store(s, a12, 176); v128.store(s, a22, 192); v128.store(s, a32, 208); v128.store(s, a42, 224);
  v128.store(s, a03, 240); v128.store(s, a13, 256); v128.store(s, a23, 272); v128.store(s, a33, 288); v128.store(s, a43, 304);
  v128.store(s, a04, 320); v128.store(s, a14, 336); v128.store(s, a24, 352); v128.store(s, a34, 368); v128.store(s, a44, 384);
}

/** Rotation left by n (0 < n < 64) of both 64-bit lanes of v. */
// @ts-ignore: decorator
@inline function rol2(v: v128, n: i32): v128 {
  return v128.or(i64x2.shl(v, n), i64x2.shr_u(v, 64 - n));
}

/** Zeroes n bytes of scratch at p (n a multiple of 16, p 16-byte aligned). */
export function wipe(p: usize, n: usize): void {
  for (let i: usize = 0; i < n; i += 16) v128.store(p + i, i64x2.splat(0));
}

/** dst[0, n) ^= src[0, n), eight bytes at a time, then byte by byte (any alignment). */
function xorInto(dst: usize, src: usize, n: i32): void {
  for (; n >= 8; n -= 8, dst += 8, src += 8) store<u64>(dst, load<u64>(dst) ^ load<u64>(src));
  for (; n > 0; n--, dst++, src++) store<u8>(dst, load<u8>(dst) ^ load<u8>(src));
}

/**
 * Absorbs data[0, len) into the sponge in STATE, rate bytes a block, pos bytes into the current
 * block; returns the new pos. Input is XORed straight into the state, without a block buffer.
 */
function absorb(rate: i32, pos: i32, data: usize, len: i32): i32 {
  while (len > 0) {
    let n = rate - pos;
    if (n > len) n = len;
    xorInto(STATE + pos, data, n);
    pos += n;
    data += n;
    len -= n;
    if (pos == rate) {
      keccakF1600(STATE);
      pos = 0;
    }
  }
  return pos;
}

/**
 * Pads the last block, pos bytes in (FIPS 202, §5.1 and B.2: the suffix byte holds the domain
 * bits and the first 1 of pad10*1, 0x80 in the block's last byte the final 1), permutes,
 * squeezes outLen bytes into out (one block's at most: a digest), and zeroes STATE.
 */
function finish(rate: i32, pos: i32, suffix: u8, out: usize, outLen: i32): void {
  store<u8>(STATE + pos, load<u8>(STATE + pos) ^ suffix);
  store<u8>(STATE + rate - 1, load<u8>(STATE + rate - 1) ^ 0x80);
  keccakF1600(STATE);
  // Whole lanes: outLen is 32 or 64 (H and G), so there is no byte tail to copy.
  for (let i = 0; i < outLen; i += 8) store<u64>(out + i, load<u64>(STATE + i));
  wipe(STATE, 200);
}

const SHA3_256_RATE = 136;
const SHA3_512_RATE = 72;
const SHA3_SUFFIX: u8 = 0x06; // domain bits 01, then the first 1 of pad10*1

/** H(s) = SHA3-256(s) (FIPS 203, §4.1; FIPS 202, §6.1): 32 bytes of data[0, len) into out. */
export function sha3_256(out: usize, data: usize, len: i32): void {
  finish(SHA3_256_RATE, absorb(SHA3_256_RATE, 0, data, len), SHA3_SUFFIX, out, 32);
}

/** G(c) = SHA3-512(c) (FIPS 203, §4.1; FIPS 202, §6.1) of c = a ‖ b: 64 bytes into out. */
export function sha3_512(out: usize, a: usize, aLen: i32, b: usize, bLen: i32): void {
  const pos = absorb(SHA3_512_RATE, absorb(SHA3_512_RATE, 0, a, aLen), b, bLen);
  finish(SHA3_512_RATE, pos, SHA3_SUFFIX, out, 64);
}
