// Sampling for the WebAssembly kernels (FIPS 203, §4.2.2): the public matrix Â from SHAKE128
// (Algorithm 7, SampleNTT) and the secret noise from SHAKE256 (Algorithm 8, SamplePolyCBD).
// Both hash independent streams, so they run them two at a time through keccakF1600x2, one
// stream in each 64-bit half of the v128 lanes; an odd stream left over goes through the scalar
// keccakF1600 (≈ 360 ns against ≈ 440 ns for a pair). SampleNTT's rejection step and the
// centered binomial sums are SIMD too.
import { STATE, STATE2, keccakF1600, keccakF1600x2, wipe } from './keccak';

const Q: i32 = 3329;
const N: i32 = 256;
const SHAKE128_RATE_LANES: usize = 21; // 168 bytes
const SHAKE256_RATE_LANES: usize = 17; // 136 bytes
const SHAKE_SUFFIX: i64 = 0x1f;
/** The last 1 of pad10*1: top bit of the last lane of the block. */
const PAD_END: i64 = 0x8000000000000000;

/** Scratch: the PRF outputs (up to 192 bytes each) of two noise polynomials, contiguous. */
const PRF_BYTES: usize = 208; // 192 and room for the last 16-byte load of the eta = 3 sampler
const PRF_OUT: usize = memory.data(2 * <i32>PRF_BYTES, 16);

/**
 * Sets the state at s (lane stride `stride`) to the first and only absorbed block of
 * SHAKE(seed ‖ tail): the 32-byte seed, the one or two bytes of `tail` followed by the SHAKE
 * suffix (so tail < 2^16), pad10*1 ending at lane `lastLane`.
 */
// @ts-ignore: decorator
@inline function initState(s: usize, stride: usize, seed: usize, tail: i64, tailShift: i64, lastLane: usize): void {
  for (let l: usize = 0; l < 4; l++) store<i64>(s + stride * l, load<i64>(seed + 8 * l));
  store<i64>(s + stride * 4, tail | (SHAKE_SUFFIX << tailShift));
  for (let l: usize = 5; l < 25; l++) store<i64>(s + stride * l, 0);
  store<i64>(s + stride * lastLane, PAD_END);
}

/**
 * Compaction patterns for rejectBlock: entry m (16 bytes) lists the byte offsets of the i16 lanes
 * l with bit l of m set, in order, so that i8x16.swizzle moves the accepted candidates of a
 * vector to its front. Built when the module is instantiated (below), so it costs no module
 * bytes; it is constant from then on.
 */
const COMPACT: usize = memory.data(256 * 16, 16);
for (let m = 0; m < 256; m++) {
  let k: usize = 0;
  for (let l = 0; l < 8; l++) {
    if ((m >> l) & 1) {
      store<u16>(COMPACT + (<usize>m << 4) + k, (2 * l) | ((2 * l + 1) << 8));
      k += 2;
    }
  }
}

/**
 * One SHAKE128 block (21 lanes at p, p + stride, ...) through FIPS 203, Algorithm 7's rejection
 * loop, appending the accepted coefficients to the polynomial at out from index j; returns the
 * new j (at most 256). Bytes are taken 12 at a time, 8 candidates (the algorithm's d1, d2 of
 * four byte triples), in the algorithm's order. The data are public (derived from rho), which
 * is why this may branch and index memory on them.
 */
// @ts-ignore: decorator
@inline function rejectBlock(p: usize, stride: usize, out: usize, j: i32): i32 {
  for (let g: usize = 0; g < 7 && j < N; g++) {
    // 24 bytes, 8 from each of 3 lanes; the other 8 bytes of each load are not used.
    const r0 = v128.load(p + stride * (3 * g));
    const r1 = v128.load(p + stride * (3 * g + 1));
    const r2 = v128.load(p + stride * (3 * g + 2));
    // Bytes 0-11 and 12-23 as eight 16-bit lanes each: lane 2i holds bytes 3i, 3i + 1 (d1 in
    // its low 12 bits), lane 2i + 1 bytes 3i + 1, 3i + 2 (d2 in its high 12 bits).
    j = compact8(out, j, i8x16.shuffle(r0, r1, 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 16, 17, 18, 18, 19));
    if (j < N) j = compact8(out, j, i8x16.shuffle(r1, r2, 4, 5, 5, 6, 7, 16, 16, 17, 18, 19, 19, 20, 21, 22, 22, 23));
  }
  return j;
}

/** Appends the candidates of v (lanes as rejectBlock makes them) below q to out from j. */
// @ts-ignore: decorator
@inline function compact8(out: usize, j: i32, v: v128): i32 {
  // d1 = lane & 0xfff in even lanes, d2 = lane >> 4 in odd lanes: (lane · 16 mod 2^16) >> 4 is
  // the first, (lane · 1) >> 4 the second.
  const d = i16x8.shr_u(i16x8.mul(v, i16x8(16, 1, 16, 1, 16, 1, 16, 1)), 4);
  if (j <= N - 8) {
    // Store all eight, accepted ones first; the rest is overwritten by the next store.
    const m = i16x8.bitmask(i16x8.lt_s(d, i16x8.splat(<i16>Q)));
    v128.store(out + (<usize>j << 1), i8x16.swizzle(d, v128.load(COMPACT + (<usize>m << 4))));
    return j + popcnt(m);
  }
  // Near the end: one at a time, stopping at 256.
  j = put1(out, j, i16x8.extract_lane_u(d, 0));
  j = put1(out, j, i16x8.extract_lane_u(d, 1));
  j = put1(out, j, i16x8.extract_lane_u(d, 2));
  j = put1(out, j, i16x8.extract_lane_u(d, 3));
  j = put1(out, j, i16x8.extract_lane_u(d, 4));
  j = put1(out, j, i16x8.extract_lane_u(d, 5));
  j = put1(out, j, i16x8.extract_lane_u(d, 6));
  return put1(out, j, i16x8.extract_lane_u(d, 7));
}

// @ts-ignore: decorator
@inline function put1(out: usize, j: i32, d: i32): i32 {
  if (j < N && d < Q) {
    store<u16>(out + (<usize>j << 1), d);
    j++;
  }
  return j;
}

/**
 * Â (or Âᵀ) for FIPS 203, Algorithm 13 lines 3-7 and Algorithm 14 lines 4-8: entry (i, j) of
 * the k×k matrix at a (row-major, 512 bytes an entry) is SampleNTT(rho ‖ j ‖ i) (Algorithm 7),
 * or SampleNTT(rho ‖ i ‖ j) when transposed. Entries go through keccakF1600x2 in pairs, in
 * row-major order; for odd k² the last one goes through the scalar permutation.
 */
export function sampleMatrix(a: usize, rho: usize, k: i32, transposed: i32): void {
  const n = k * k;
  let row = 0, col = 0; // of entry e, stepped along without a division
  let e = 0;
  for (; e + 1 < n; e += 2) {
    initState(STATE2, 16, rho, xofSuffix(row, col, transposed), 16, SHAKE128_RATE_LANES - 1);
    if (++col == k) {
      col = 0;
      row++;
    }
    initState(STATE2 + 8, 16, rho, xofSuffix(row, col, transposed), 16, SHAKE128_RATE_LANES - 1);
    if (++col == k) {
      col = 0;
      row++;
    }
    const out0 = a + (<usize>e << 9);
    const out1 = out0 + 512;
    let j0 = 0, j1 = 0;
    // Three blocks give 336 candidates, enough for 256 coefficients but with probability 0.8 %.
    do {
      keccakF1600x2(STATE2);
      if (j0 < N) j0 = rejectBlock(STATE2, 16, out0, j0);
      if (j1 < N) j1 = rejectBlock(STATE2 + 8, 16, out1, j1);
    } while (j0 < N || j1 < N);
  }
  if (e < n) {
    initState(STATE, 8, rho, xofSuffix(row, col, transposed), 16, SHAKE128_RATE_LANES - 1);
    const out = a + (<usize>e << 9);
    let j = 0;
    do {
      keccakF1600(STATE);
      j = rejectBlock(STATE, 8, out, j);
    } while (j < N);
    wipe(STATE, 200);
  }
  wipe(STATE2, 400);
}

/** The two bytes after rho for entry (i, j): j ‖ i for Â, i ‖ j for Âᵀ, as a little-endian lane. */
// @ts-ignore: decorator
@inline function xofSuffix(i: i32, j: i32, transposed: i32): i64 {
  return transposed != 0 ? <i64>(i | (j << 8)) : <i64>(j | (i << 8));
}

/**
 * FIPS 203, Algorithm 8 (SamplePolyCBD_eta) on the 64·eta bytes at b, into the polynomial at
 * out: coefficient i is x − y, x the sum of bits 2i·eta .. 2i·eta + eta − 1, y of the next eta.
 * Branch-free SIMD: the bit sums are formed inside each byte (eta = 2) or 24-bit group (eta = 3)
 * and x − y + 4 inside each 4- or 6-bit field, which never borrows from its neighbour.
 */
// @ts-ignore: decorator
@inline function cbd(out: usize, b: usize, eta: i32): void {
  if (eta == 2) {
    // 16 bytes → 32 coefficients; byte m holds coefficients 2m (low nibble) and 2m + 1.
    const m1 = i8x16.splat(0x55), m2 = i8x16.splat(0x33), m4 = i8x16.splat(0x0f);
    const four = i16x8.splat(4);
    for (let i: usize = 0; i < 128; i += 16) {
      const v = v128.load(b + i);
      const s = i8x16.add(v128.and(v, m1), v128.and(i64x2.shr_u(v, 1), m1)); // 2-bit sums
      const w = i8x16.sub(i8x16.add(v128.and(s, m2), i8x16.splat(0x44)), v128.and(i64x2.shr_u(s, 2), m2));
      const lo = v128.and(w, m4), hi = v128.and(i64x2.shr_u(w, 4), m4);
      const e0 = i8x16.shuffle(lo, hi, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
      const e1 = i8x16.shuffle(lo, hi, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
      const o = out + 4 * i; // 32 coefficients, 64 bytes, per 16 input bytes
      v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_u(e0), four));
      v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_u(e0), four), 16);
      v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_u(e1), four), 32);
      v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_u(e1), four), 48);
    }
  } else {
    // 12 bytes → 16 coefficients; each 3-byte group, spread to a 32-bit lane, gives four.
    const m1 = i32x4.splat(0x249249), m3 = i32x4.splat(0x1c71c7);
    const seven = i32x4.splat(7), sevenHi = i32x4.splat(7 << 16);
    const four = i16x8.splat(4);
    for (let i: usize = 0; i < 16; i++) {
      // Four 3-byte groups to four 32-bit lanes; the lanes' top bytes are masked off below.
      const v = v128.load(b + 12 * i);
      const t = i8x16.shuffle(v, v, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12);
      const s = i32x4.add(i32x4.add(v128.and(t, m1), v128.and(i32x4.shr_u(t, 1), m1)), v128.and(i32x4.shr_u(t, 2), m1)); // 3-bit sums
      const w = i32x4.sub(i32x4.add(v128.and(s, m3), i32x4.splat(0x104104)), v128.and(i32x4.shr_u(s, 3), m3));
      const p = v128.or(v128.and(w, seven), v128.and(i32x4.shl(w, 10), sevenHi)); // coefficients 0, 1
      const q = v128.or(v128.and(i32x4.shr_u(w, 12), seven), v128.and(i32x4.shr_u(w, 2), sevenHi)); // 2, 3
      const o = out + 32 * i;
      v128.store(o, i16x8.sub(i32x4.shuffle(p, q, 0, 4, 1, 5), four));
      v128.store(o, i16x8.sub(i32x4.shuffle(p, q, 2, 6, 3, 7), four), 16);
    }
  }
}

/** Scratch: the last, padded block of a message hashed beside other streams. */
const LAST_BLOCK: usize = memory.data(144, 16);
const SHA3_256_RATE: i32 = 136; // = SHAKE256's
const SHA3_SUFFIX: u8 = 0x06;
const SHAKE_SUFFIX_BYTE: u8 = 0x1f;

/**
 * sampleMatrix, and H(data) = SHA3-256(data[0, len)) into hOut (FIPS 203, §4.1), side by side:
 * the k² SampleNTT streams and the hash are jobs for the two lanes of keccakF1600x2, each lane
 * taking the next job when its own ends. ML-KEM.Encaps needs H(ek) and Âᵀ, both from the public
 * ek alone, so this saves the hash's scalar permutations (and, for odd k², the leftover entry's).
 * The hash job starts first, in lane 0, being the longest.
 * Note: ek is public; nothing secret passes here.
 */
export function sampleMatrixWithHash(a: usize, rho: usize, k: i32, transposed: i32, hOut: usize, data: usize, len: i32): void {
  const n = k * k;
  // Per lane: the job, -1 for none, n for the hash, else the matrix entry; and its progress
  // (coefficients accepted for an entry, bytes absorbed for the hash).
  let job0 = n, job1 = -1, done0 = 0, done1 = 0;
  let next = 0, row = 0, col = 0; // the next entry to start, and its (row, col)
  hashStart(STATE2, data, len, SHA3_SUFFIX);
  done0 = SHA3_256_RATE;
  // Lane 1 takes entry 0.
  initState(STATE2 + 8, 16, rho, xofSuffix(row, col, transposed), 16, SHAKE128_RATE_LANES - 1);
  job1 = 0;
  next = 1;
  if (++col == k) { col = 0; row++; }
  while (job0 >= 0 || job1 >= 0) {
    keccakF1600x2(STATE2);
    for (let lane = 0; lane < 2; lane++) {
      const s = STATE2 + (<usize>lane << 3);
      let job = lane == 0 ? job0 : job1;
      let done = lane == 0 ? done0 : done1;
      if (job < 0) continue;
      let finished = false;
      if (job == n) {
        if (done > len) {
          // the padded last block has been permuted: squeeze the 32-byte digest
          for (let l: usize = 0; l < 4; l++) store<u64>(hOut + 8 * l, load<u64>(s + 16 * l));
          finished = true;
        } else {
          hashAbsorb(s, 16, data, len, done, SHA3_SUFFIX);
          done += SHA3_256_RATE;
        }
      } else {
        done = rejectBlock(s, 16, a + (<usize>job << 9), done);
        finished = done == N;
      }
      if (finished) {
        if (next < n) {
          initState(s, 16, rho, xofSuffix(row, col, transposed), 16, SHAKE128_RATE_LANES - 1);
          job = next++;
          done = 0;
          if (++col == k) { col = 0; row++; }
        } else {
          job = -1;
        }
      }
      if (lane == 0) { job0 = job; done0 = done; } else { job1 = job; done1 = done; }
    }
  }
  wipe(STATE2, 400);
}

/**
 * The state whose lane l is at s + 16·l := zero, then the first block of the hash (suffix:
 * SHA3-256's or SHAKE256's, both of rate 136) of data[0, len) XORed in.
 */
function hashStart(s: usize, data: usize, len: i32, suffix: u8): void {
  for (let l: usize = 0; l < 25; l++) store<u64>(s + 16 * l, 0);
  hashAbsorb(s, 16, data, len, 0, suffix);
}

/**
 * XORs block data[from, from + 136) into the state whose lane l is at s + stride·l; the block that
 * holds the end of the message is padded (FIPS 202, §5.1: the suffix byte, final bit 0x80), and
 * a message of a whole number of blocks gets a block of padding alone.
 */
function hashAbsorb(s: usize, stride: usize, data: usize, len: i32, from: i32, suffix: u8): void {
  let block = data + from;
  if (from + SHA3_256_RATE > len) {
    const rest = len - from; // 0 .. 135 bytes, then the padding
    memory.copy(LAST_BLOCK, block, rest);
    memory.fill(LAST_BLOCK + rest, 0, 144 - rest);
    store<u8>(LAST_BLOCK + rest, suffix);
    store<u8>(LAST_BLOCK + SHA3_256_RATE - 1, load<u8>(LAST_BLOCK + SHA3_256_RATE - 1) | 0x80);
    block = LAST_BLOCK;
  }
  for (let l: usize = 0; l < 17; l++) store<u64>(s + stride * l, load<u64>(s + stride * l) ^ load<u64>(block + 8 * l));
  if (block == LAST_BLOCK) wipe(LAST_BLOCK, 144);
}

/** Scratch: z ‖ c, the input of J, for ciphertexts up to ML-KEM-1024's 1568 bytes. */
const J_IN: usize = memory.data(32 + 1568, 16);

/**
 * count noise polynomials for FIPS 203, Algorithm 13 lines 8-15 (s ‖ e: count 2k, eta1 = eta2)
 * and Algorithm 14 lines 9-17 (y ‖ e1 ‖ e2: count 2k + 1): polynomial t of out (at
 * out + 512·t) is SamplePolyCBD_eta(PRF_eta(sigma, t)) (Algorithm 8), PRF_eta(s, b) =
 * SHAKE256(s ‖ b) truncated to 64·eta bytes (§4.1, eq. 4.3), with eta = eta1 for t < k and eta2
 * from k on. When jOut is not 0, also J(z ‖ c) = SHAKE256(z ‖ c, 32 bytes) (§4.1) of the 32
 * bytes at z and the cLen (at most 1568) at c into jOut: ML-KEM.Decaps_internal (Algorithm 18)
 * needs K̄ = J(z ‖ c) beside its re-encryption, and it is one more independent SHAKE256 stream.
 * The streams are jobs for the two lanes of keccakF1600x2, each lane taking the next job when
 * its own ends; J, the longest (6 to 12 permutations), starts first, in lane 0. The job left
 * when the other lane has run out finishes on the scalar permutation (a pair costs more than
 * one state alone).
 * sigma and z are secret: the schedule depends on count, k, eta1, eta2 and cLen only, which are
 * public.
 */
export function sampleNoise(out: usize, sigma: usize, count: i32, k: i32, eta1: i32, eta2: i32, jOut: usize, z: usize, c: usize, cLen: i32): void {
  const len = 32 + cLen;
  // Jobs: the PRF streams 0 .. count - 1, and J as job count.
  let job0 = -1, job1 = -1, done0 = 0, done1 = 0, next = 0;
  if (jOut != 0) {
    memory.copy(J_IN, z, 32);
    memory.copy(J_IN + 32, c, cLen);
    hashStart(STATE2, J_IN, len, SHAKE_SUFFIX_BYTE);
    job0 = count;
    done0 = SHA3_256_RATE;
  } else if (count > 0) {
    initState(STATE2, 16, sigma, <i64>next, 8, SHAKE256_RATE_LANES - 1);
    job0 = next++;
  }
  if (next < count) {
    initState(STATE2 + 8, 16, sigma, <i64>next, 8, SHAKE256_RATE_LANES - 1);
    job1 = next++;
  }
  while (job0 >= 0 && job1 >= 0) {
    keccakF1600x2(STATE2);
    done0 = stepNoiseJob(STATE2, 16, job0, done0, count, k, eta1, eta2, out, PRF_OUT, jOut, len);
    if (done0 < 0) {
      done0 = 0;
      if (next < count) initState(STATE2, 16, sigma, <i64>next, 8, SHAKE256_RATE_LANES - 1);
      job0 = next < count ? next++ : -1;
    }
    done1 = stepNoiseJob(STATE2 + 8, 16, job1, done1, count, k, eta1, eta2, out, PRF_OUT + PRF_BYTES, jOut, len);
    if (done1 < 0) {
      done1 = 0;
      if (next < count) initState(STATE2 + 8, 16, sigma, <i64>next, 8, SHAKE256_RATE_LANES - 1);
      job1 = next < count ? next++ : -1;
    }
  }
  // Every job has started; the one still running (if any) moves to STATE and finishes alone.
  const lane: usize = job0 >= 0 ? 0 : 1;
  const job = lane == 0 ? job0 : job1;
  let done = lane == 0 ? done0 : done1;
  if (job >= 0) {
    for (let l: usize = 0; l < 25; l++) store<u64>(STATE + 8 * l, load<u64>(STATE2 + 16 * l + 8 * lane));
    do {
      keccakF1600(STATE);
      done = stepNoiseJob(STATE, 8, job, done, count, k, eta1, eta2, out, PRF_OUT + lane * PRF_BYTES, jOut, len);
    } while (done >= 0);
    wipe(STATE, 200);
  }
  wipe(STATE2, 400);
  wipe(PRF_OUT, 2 * PRF_BYTES);
  if (jOut != 0) wipe(J_IN, (<usize>len + 15) & ~15);
}

/**
 * One permuted block of job (a PRF stream t < n, or J when job == n) in the state at s (lane
 * stride `stride`): a PRF stream's output lanes are gathered in buf, and its polynomial sampled
 * once it has 64·eta bytes; J absorbs its next block, or squeezes its 32 bytes once the padded
 * last block has been permuted. Returns the job's new progress (lanes squeezed, or bytes
 * absorbed), or -1 when the job is done.
 */
function stepNoiseJob(s: usize, stride: usize, job: i32, done: i32, n: i32, k: i32, eta1: i32, eta2: i32, out: usize, buf: usize, jOut: usize, len: i32): i32 {
  if (job == n) {
    if (done > len) {
      for (let l: usize = 0; l < 4; l++) store<u64>(jOut + 8 * l, load<u64>(s + stride * l));
      return -1;
    }
    hashAbsorb(s, stride, J_IN, len, done, SHAKE_SUFFIX_BYTE);
    return done + SHA3_256_RATE;
  }
  const eta = job < k ? eta1 : eta2;
  const prfLanes = 8 * eta; // 64·eta bytes: one block for eta = 2, two for eta = 3
  for (let l: usize = 0; l < SHAKE256_RATE_LANES && done < prfLanes; l++, done++) {
    store<i64>(buf + 8 * <usize>done, load<i64>(s + stride * l));
  }
  if (done < prfLanes) return done;
  cbd(out + (<usize>job << 9), buf, eta);
  return -1;
}
