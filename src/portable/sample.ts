// Sampling (FIPS 203, §4.2.2): the public matrix from SHAKE128 and the secret noise from SHAKE256.
// Both read the XOF output as 32-bit little-endian words (Sponge.squeezeWords), which spares
// converting the Keccak state to bytes and the bytes back to integers. A seed that starts several
// hashes (ρ for the k² matrix entries, σ or r for the noise) is converted to the interleaved lane
// form once (Sponge.initWithLanes).
import type { Kernels } from '../kernels.js';
import { Sponge, interleaveLanes, sha3_256, shake256 } from '../sha3.js';

/** q, declared here and not exported, for speed (see ntt.ts). */
const Q = 3329;
const SHAKE128_RATE = 168;
const SHAKE256_RATE = 136;
const SHAKE_SUFFIX = 0x1f;

interface Scratch {
  sponge: Sponge;
  seed: Int32Array; // the 32-byte seed as 4 interleaved lanes
  words: Int32Array; // one SHAKE128 block (42 words), or the 16·eta words of PRF output
  suffix: Uint8Array; // the one or two bytes appended to the seed
  poly: Int16Array; // SampleNTT's output: 256 coefficients, and room for 7 candidates past them
}
let scratch: Scratch | undefined;

function getScratch(): Scratch {
  return (scratch ??= {
    sponge: new Sponge(),
    seed: new Int32Array(8),
    words: new Int32Array(48),
    suffix: new Uint8Array(2),
    poly: new Int16Array(263),
  });
}

/**
 * Â (or Âᵀ) for FIPS 203, Algorithm 13 lines 3-7 and Algorithm 14 lines 4-8: entry (i, j) of
 * the k×k matrix a (row-major, 256 coefficients each) is SampleNTT(rho ‖ j ‖ i), or
 * SampleNTT(rho ‖ i ‖ j) when transposed.
 */
export function sampleMatrix(a: Int16Array, rho: Uint8Array, k: number, transposed: boolean): void {
  const { seed } = getScratch();
  interleaveLanes(seed, rho, 0, 4);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (transposed) sampleNttFromSeed(a, 256 * (i * k + j), i, j);
      else sampleNttFromSeed(a, 256 * (i * k + j), j, i);
    }
  }
}

/** sampleMatrix, then hOut = H(data) = SHA3-256(data) (FIPS 203, §4.1): one after the other here. */
export const sampleMatrixWithHash: Kernels['sampleMatrixWithHash'] = (a, rho, k, transposed, hOut, data) => {
  sampleMatrix(a, rho, k, transposed);
  sha3_256(hOut, data);
};

/**
 * Implements FIPS 203, Algorithm 7 (SampleNTT) on XOF(rho ‖ b0 ‖ b1), for one polynomial.
 * @internal The kernels sample whole matrices (sampleMatrix); exported for test/core/sample.test.ts.
 */
export function sampleNtt(out: Int16Array, rho: Uint8Array, b0: number, b1: number): void {
  interleaveLanes(getScratch().seed, rho, 0, 4);
  sampleNttFromSeed(out, 0, b0, b1);
}

/**
 * Implements FIPS 203, Algorithm 7 (SampleNTT) on XOF(seed ‖ b0 ‖ b1), the seed being in the
 * scratch's interleaved lanes: rejection sampling of a uniform polynomial in the NTT domain,
 * coefficients in [0, q), into out[off, off + 256).
 * Note: the XOF is read one 168-byte block at a time instead of 3 bytes at a time; a block is
 * 14 groups of 3 words, each holding 8 consecutive 12-bit candidates (the algorithm's d1, d2 of
 * four byte triples), taken in the same order. The data are public (derived from rho), which is
 * why this loop may depend on them.
 */
function sampleNttFromSeed(out: Int16Array, off: number, b0: number, b1: number): void {
  const { sponge, seed, words, suffix, poly } = getScratch();
  suffix[0] = b0;
  suffix[1] = b1;
  sponge.initWithLanes(SHAKE128_RATE, SHAKE_SUFFIX, seed).absorb(suffix, 0, 2);
  let j = 0;
  while (j < 256) {
    sponge.squeezeWords(words, 0, 42);
    for (let w = 0; w < 42 && j < 256; w += 3) {
      const w0 = words[w]!,
        w1 = words[w + 1]!,
        w2 = words[w + 2]!;
      const c0 = w0 & 0xfff;
      const c1 = (w0 >>> 12) & 0xfff;
      const c2 = ((w0 >>> 24) | (w1 << 8)) & 0xfff;
      const c3 = (w1 >>> 4) & 0xfff;
      const c4 = (w1 >>> 16) & 0xfff;
      const c5 = ((w1 >>> 28) | (w2 << 4)) & 0xfff;
      const c6 = (w2 >>> 8) & 0xfff;
      const c7 = w2 >>> 20;
      // Store each and advance past the accepted ones, (c - q) >>> 31 being 1 exactly when c < q
      // (lines 8 and 12): no mispredicted branch per candidate. The scratch has room for the
      // seven a last group can store past the 256th.
      poly[j] = c0;
      j += (c0 - Q) >>> 31;
      poly[j] = c1;
      j += (c1 - Q) >>> 31;
      poly[j] = c2;
      j += (c2 - Q) >>> 31;
      poly[j] = c3;
      j += (c3 - Q) >>> 31;
      poly[j] = c4;
      j += (c4 - Q) >>> 31;
      poly[j] = c5;
      j += (c5 - Q) >>> 31;
      poly[j] = c6;
      j += (c6 - Q) >>> 31;
      poly[j] = c7;
      j += (c7 - Q) >>> 31;
    }
  }
  out.set(poly.subarray(0, 256), off);
}

/** Runs sample with sigma in the scratch's interleaved lanes (cbdFromSeed's seed), wiped after. */
function withSeed(sigma: Uint8Array, sample: () => void): void {
  const { seed } = getScratch();
  interleaveLanes(seed, sigma, 0, 4);
  try {
    sample();
  } finally {
    seed.fill(0);
  }
}

/**
 * count noise polynomials for FIPS 203, Algorithm 13 lines 8-15 and Algorithm 14 lines 9-17:
 * polynomial t of out is SamplePolyCBD_eta(PRF_eta(sigma, t)), eta1 for t < k, else eta2; then
 * J(z ‖ c) if asked for: one stream after the other here.
 */
export const sampleNoise: Kernels['sampleNoise'] = (out, sigma, count, k, eta1, eta2, j) => {
  withSeed(sigma, () => {
    for (let t = 0; t < count; t++) cbdFromSeed(out, 256 * t, t, t < k ? eta1 : eta2);
  });
  if (j !== undefined) shake256(j.out, j.z, j.c);
};

/**
 * Implements FIPS 203, Algorithm 8 (SamplePolyCBD_eta) on PRF_eta(sigma, nonce), for one polynomial.
 * @internal The kernels sample vectors (sampleNoise); exported for test/core/sample.test.ts.
 */
export function samplePolyCbd(out: Int16Array, sigma: Uint8Array, nonce: number, eta: 2 | 3): void {
  withSeed(sigma, () => cbdFromSeed(out, 0, nonce, eta));
}

/**
 * Implements FIPS 203, Algorithm 8 (SamplePolyCBD_eta) applied to PRF_eta(seed, nonce)
 * (FIPS 203, §4.1, eq. 4.3: SHAKE256(seed ‖ nonce) truncated to 64·eta bytes), the seed being in the
 * scratch's interleaved lanes, into out[off, off + 256). Output in [-eta, eta].
 * Note: the bits are summed in parallel inside 32-bit words (eta 2: one word gives 8
 * coefficients; eta 3: 24 bits give 4), which adds the same bits as the algorithm's inner loops.
 */
function cbdFromSeed(out: Int16Array, off: number, nonce: number, eta: 2 | 3): void {
  const { sponge, seed, words, suffix } = getScratch();
  suffix[0] = nonce;
  sponge.initWithLanes(SHAKE256_RATE, SHAKE_SUFFIX, seed).absorb(suffix, 0, 1);
  sponge.squeezeWords(words, 0, 16 * eta);
  if (eta === 2) {
    for (let i = 0, o = off; i < 32; i++, o += 8) {
      const t = words[i]!;
      const s = (t & 0x55555555) + ((t >>> 1) & 0x55555555); // eight pairs of 2-bit sums
      out[o] = (s & 3) - ((s >>> 2) & 3);
      out[o + 1] = ((s >>> 4) & 3) - ((s >>> 6) & 3);
      out[o + 2] = ((s >>> 8) & 3) - ((s >>> 10) & 3);
      out[o + 3] = ((s >>> 12) & 3) - ((s >>> 14) & 3);
      out[o + 4] = ((s >>> 16) & 3) - ((s >>> 18) & 3);
      out[o + 5] = ((s >>> 20) & 3) - ((s >>> 22) & 3);
      out[o + 6] = ((s >>> 24) & 3) - ((s >>> 26) & 3);
      out[o + 7] = ((s >>> 28) & 3) - (s >>> 30);
    }
  } else {
    for (let i = 0, o = off; i < 48; i += 3, o += 16) {
      const w0 = words[i]!,
        w1 = words[i + 1]!,
        w2 = words[i + 2]!;
      cbd3(out, o, w0 & 0xffffff);
      cbd3(out, o + 4, (w0 >>> 24) | ((w1 & 0xffff) << 8));
      cbd3(out, o + 8, (w1 >>> 16) | ((w2 & 0xff) << 16));
      cbd3(out, o + 12, w2 >>> 8);
    }
  }
  words.fill(0);
  sponge.wipe();
}

/** Four eta = 3 coefficients from the 24 bits of t, at out[o ..]. */
function cbd3(out: Int16Array, o: number, t: number): void {
  const s = (t & 0x249249) + ((t >>> 1) & 0x249249) + ((t >>> 2) & 0x249249); // 3-bit sums
  out[o] = (s & 7) - ((s >>> 3) & 7);
  out[o + 1] = ((s >>> 6) & 7) - ((s >>> 9) & 7);
  out[o + 2] = ((s >>> 12) & 7) - ((s >>> 15) & 7);
  out[o + 3] = ((s >>> 18) & 7) - (s >>> 21);
}
