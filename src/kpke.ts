// K-PKE, the public-key encryption scheme under ML-KEM (FIPS 203, §5), written once against the
// kernel interface. Inputs and outputs are buffers of the workspace; the caller copies in and out.
import type { Kernels, RejectionHash } from './kernels.js';
import type { ParameterSet } from './params.js';
import type { Workspace } from './workspace.js';

/**
 * Implements FIPS 203, Algorithm 13 (K-PKE.KeyGen) from the seed d = ws.d: writes
 * ek_PKE to ws.ek and dk_PKE to ws.dk[0, 384k).
 */
export function kpkeKeyGen(p: ParameterSet, kern: Kernels, ws: Workspace): void {
  kern.sha3_512(ws.g, ws.d, ws.kByte); // (ρ, σ) = G(d ‖ k), with k as one byte
  kpkeKeyGenFromSeeds(p, kern, ws, ws.gLo, ws.gHi);
}

/**
 * Algorithm 13 from line 3 on, for given ρ and σ (kpkeKeyGen; the timing harness builds keys
 * that share a ρ with it).
 * Note: t̂ is computed as R·(R^-1·Â∘ŝ) + ê, the Montgomery factors cancelling (see kernels.ts).
 * @internal Exported for bench/timing/keys.ts only.
 */
export function kpkeKeyGenFromSeeds(
  p: ParameterSet,
  kern: Kernels,
  ws: Workspace,
  rho: Uint8Array,
  sigma: Uint8Array,
): void {
  const { k, eta1 } = p;
  kern.sampleMatrix(ws.a, rho, k, false); // Â[i, j] from ρ ‖ j ‖ i
  kern.sampleNoise(ws.sWithE, sigma, 2 * k, k, eta1, eta1); // s: N = 0 .. k-1, then e: N = k .. 2k-1
  for (let i = 0; i < k; i++) {
    kern.ntt(ws.sPoly[i]!);
    kern.ntt(ws.ePoly[i]!);
  }
  for (let i = 0; i < k; i++) {
    const tHat = ws.tPoly[i]!;
    kern.nttMultiplyAccumulate(tHat, ws.aRows[i]!, ws.s, k);
    kern.polyToMont(tHat);
    kern.polyAddReduce(tHat, ws.ePoly[i]!);
    kern.byteEncode12(ws.ek, 384 * i, tHat);
    kern.byteEncode12(ws.dk, 384 * i, ws.sPoly[i]!);
  }
  ws.ek.set(rho, 384 * k);
}

/**
 * Implements FIPS 203, Algorithm 14 (K-PKE.Encrypt) from line 9 on: encrypts the 32-byte message
 * m with randomness r, writing the ciphertext to c.
 * Lines 2-8 are the caller's: ws.t must hold t̂ = ByteDecode_12(ek[0, 384k)) (decodeVector,
 * which reduces mod q as line 2 does) and ws.a must hold Âᵀ (sampleMatrixAndHashEk, which ML-KEM
 * runs side by side with the hash H(ek) it needs too) — or copies of both kept by a key object.
 * With j, the noise sampling also computes ML-KEM.Decaps' J(z ‖ c) into j.out (the kernels may
 * hash it beside the PRF streams). Kernels that fuse it (kernels.ts) run it in one call.
 */
export function kpkeEncrypt(
  p: ParameterSet,
  kern: Kernels,
  ws: Workspace,
  m: Uint8Array,
  r: Uint8Array,
  c: Uint8Array,
  j?: RejectionHash,
): void {
  const { k, eta1, eta2, du, dv } = p;
  if (kern.kpkeEncrypt) return kern.kpkeEncrypt(k, ws.aAndT, m, r, c, j);
  const y = ws.sPoly;
  const e1 = ws.ePoly;
  // y: N = 0 .. k-1 with eta1; e1: N = k .. 2k-1 and e2: N = 2k with eta2 (ws.noise is y ‖ e1 ‖ e2)
  kern.sampleNoise(ws.noise, r, 2 * k + 1, k, eta1, eta2, j);
  for (let i = 0; i < k; i++) kern.ntt(y[i]!);
  for (let i = 0; i < k; i++) {
    const u = ws.uPoly[i]!;
    kern.nttMultiplyAccumulate(u, ws.aRows[i]!, ws.s, k); // (Âᵀ ∘ ŷ)[i]
    kern.invNtt(u);
    kern.polyAddReduce(u, e1[i]!);
    kern.compressEncode(c, 32 * du * i, u, du);
  }
  const v = ws.v;
  const e2 = ws.spare;
  kern.nttMultiplyAccumulate(v, ws.t, ws.s, k); // t̂ᵀ ∘ ŷ
  kern.invNtt(v);
  kern.polyAddReduce(v, e2);
  const mu = ws.spare; // e2 is no longer needed
  kern.messageToPoly(mu, m, 0);
  kern.polyAddReduce(v, mu);
  kern.compressEncode(c, 32 * du * k, v, dv);
}

/**
 * Implements FIPS 203, Algorithm 15 (K-PKE.Decrypt) for the secret vector ŝ in ws.s (line 5,
 * ŝ = ByteDecode_12(dk_PKE), is the caller's: decodeVector, or a key object's copy), writing the
 * 32-byte message to m (in one call where the kernels fuse it).
 */
export function kpkeDecrypt(p: ParameterSet, kern: Kernels, ws: Workspace, c: Uint8Array, m: Uint8Array): void {
  const { k, du, dv } = p;
  if (kern.kpkeDecrypt) return kern.kpkeDecrypt(k, ws.s, c, m);
  for (let i = 0; i < k; i++) {
    kern.decodeDecompress(ws.uPoly[i]!, c, 32 * du * i, du); // u'
    kern.ntt(ws.uPoly[i]!);
  }
  const w = ws.v; // w is computed in place of v'
  kern.decodeDecompress(w, c, 32 * du * k, dv); // v'
  const product = ws.spare;
  kern.nttMultiplyAccumulate(product, ws.s, ws.u, k); // ŝᵀ ∘ NTT(u')
  kern.invNtt(product);
  kern.polySubReduce(w, product); // w = v' - NTT^-1(ŝᵀ ∘ NTT(u'))
  kern.polyToMessage(m, 0, w);
}

/** ByteDecode_12 (FIPS 203, Algorithm 6) of k polynomials from src[off, off + 384k) into the vector out. */
export function decodeVector(p: ParameterSet, kern: Kernels, out: Int16Array[], src: Uint8Array, off: number): void {
  for (let i = 0; i < p.k; i++) kern.byteDecode12(out[i]!, src, off + 384 * i);
}

/**
 * FIPS 203, Algorithm 14 lines 4-8 for ek, and H(ek) into hOut: Âᵀ into ws.a, sampled directly
 * (entry (i, j) from ρ ‖ i ‖ j, which is Â[j, i]) so that each of its rows is contiguous. Both
 * depend on the public ek alone; the kernels may compute them side by side.
 */
export function sampleMatrixAndHashEk(
  p: ParameterSet,
  kern: Kernels,
  ws: Workspace,
  ek: Uint8Array,
  hOut: Uint8Array,
): void {
  const rho = ek.subarray(384 * p.k, 384 * p.k + 32);
  kern.sampleMatrixWithHash(ws.a, rho, p.k, true, hOut, ek);
}

/**
 * Âᵀ from Â into out: entry (i, j) of out is entry (j, i) of a (k×k entries of 256 coefficients,
 * row-major). A key object made from a seed keeps key generation's Â this way instead of
 * sampling Âᵀ again.
 */
export function transposeMatrix(k: number, out: Int16Array, a: Int16Array): void {
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) out.set(a.subarray(256 * (k * j + i), 256 * (k * j + i + 1)), 256 * (k * i + j));
  }
}
