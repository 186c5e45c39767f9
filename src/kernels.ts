// The kernel interface: everything the ML-KEM algorithm needs below the level of K-PKE.
// src/portable implements it in plain TypeScript (the reference); a WebAssembly backend
// implements the same interface with buffers that live in its linear memory.
//
// Polynomials are Int16Array views of 256 coefficients; a vector of k polynomials is one
// Int16Array of 256·k. Every buffer an operation works in comes from `alloc8`/`alloc16` of the
// same kernels, once, so that a backend can place them where its code reads them.

/** The input and output of J(z ‖ c), the implicit-rejection secret of Algorithm 18, line 8. */
export interface RejectionHash {
  readonly out: Uint8Array;
  readonly z: Uint8Array;
  readonly c: Uint8Array;
}

export interface Kernels {
  /** Working memory owned by the backend: n bytes / n int16 values, zero-filled. */
  alloc8(n: number): Uint8Array;
  alloc16(n: number): Int16Array;

  /** H = SHA3-256 (FIPS 203, §4.1): 32 bytes into out. */
  sha3_256(out: Uint8Array, data: Uint8Array): void;
  /** G = SHA3-512 of a ‖ b (FIPS 203, §4.1): 64 bytes into out. */
  sha3_512(out: Uint8Array, a: Uint8Array, b: Uint8Array): void;

  /**
   * Algorithm 7 (SampleNTT) for the whole k×k matrix a (row-major, 256 coefficients an entry):
   * entry (i, j) from XOF(rho ‖ j ‖ i) as Â in Algorithm 13, or from XOF(rho ‖ i ‖ j) when
   * transposed, which is Âᵀ for Algorithm 14.
   */
  sampleMatrix(a: Int16Array, rho: Uint8Array, k: number, transposed: boolean): void;
  /**
   * sampleMatrix, and H(data) = SHA3-256(data) into hOut: two jobs on public data (ML-KEM.Encaps
   * and Decaps need both from ek) that a backend may run side by side.
   */
  sampleMatrixWithHash(
    a: Int16Array,
    rho: Uint8Array,
    k: number,
    transposed: boolean,
    hOut: Uint8Array,
    data: Uint8Array,
  ): void;
  /**
   * Algorithm 8 (SamplePolyCBD_eta) for count polynomials of out, number t from PRF(sigma, t),
   * with eta1 for t < k and eta2 from k on: s ‖ e of Algorithm 13 (count 2k), y ‖ e1 ‖ e2 of
   * Algorithm 14 (count 2k + 1). With j, also J(j.z ‖ j.c) = SHAKE256(z ‖ c, 32 bytes) into
   * j.out (FIPS 203, §4.1): ML-KEM.Decaps needs it beside its re-encryption, and a backend may hash these
   * independent streams side by side.
   */
  sampleNoise(
    out: Int16Array,
    sigma: Uint8Array,
    count: number,
    k: number,
    eta1: 2 | 3,
    eta2: 2 | 3,
    j?: RejectionHash,
  ): void;

  /** Algorithm 9, in place; output reduced to |x| ≤ (q-1)/2. */
  ntt(f: Int16Array): void;
  /** Algorithm 10, in place, times the Montgomery factor R = 2^16; output |x| < q. */
  invNtt(f: Int16Array): void;
  /** Algorithms 11–12 summed over k polynomials: out = R^-1 · Σ a_i ∘ b_i; output |x| < q. */
  nttMultiplyAccumulate(out: Int16Array, a: Int16Array, b: Int16Array, k: number): void;
  /** f = f·R mod q. */
  polyToMont(f: Int16Array): void;
  /** f = f + g, reduced to |x| ≤ (q-1)/2; inputs |x| < 2^14. */
  polyAddReduce(f: Int16Array, g: Int16Array): void;
  /** f = f - g, reduced to |x| ≤ (q-1)/2; inputs |x| < 2^14. */
  polySubReduce(f: Int16Array, g: Int16Array): void;

  /** Algorithm 5 for d = 12: 384 bytes at out[off]. */
  byteEncode12(out: Uint8Array, off: number, f: Int16Array): void;
  /** Algorithm 6 for d = 12 (values reduced mod q): 384 bytes from src[off]. */
  byteDecode12(f: Int16Array, src: Uint8Array, off: number): void;
  /** FIPS 203, §7.2 modulus check on src[off, off+len): every 12-bit value is below q. Constant time (used on ŝ too). */
  isCanonical12(src: Uint8Array, off: number, len: number): boolean;
  /** ByteEncode_d ∘ Compress_d for d in {4, 5, 10, 11}: 32·d bytes at out[off]. */
  compressEncode(out: Uint8Array, off: number, f: Int16Array, d: number): void;
  /** Decompress_d ∘ ByteDecode_d for d in {4, 5, 10, 11}: 32·d bytes from src[off]. */
  decodeDecompress(f: Int16Array, src: Uint8Array, off: number, d: number): void;
  /** Decompress_1 ∘ ByteDecode_1 of the 32-byte message at m[off]. */
  messageToPoly(f: Int16Array, m: Uint8Array, off: number): void;
  /** ByteEncode_1 ∘ Compress_1: 32 bytes at out[off]. */
  polyToMessage(out: Uint8Array, off: number, f: Int16Array): void;

  /**
   * Optional, where a call costs more than a step (WebAssembly from JavaScript): kpkeEncrypt and
   * kpkeDecrypt of kpke.ts (Algorithms 14 and 15, Table 2's parameters for this k) in one call
   * each, with the same results, in the backend's own scratch; aTtHat is Âᵀ ‖ t̂.
   */
  kpkeEncrypt?(k: number, aTtHat: Int16Array, m: Uint8Array, r: Uint8Array, c: Uint8Array, j?: RejectionHash): void;
  kpkeDecrypt?(k: number, sHat: Int16Array, c: Uint8Array, m: Uint8Array): void;
}
