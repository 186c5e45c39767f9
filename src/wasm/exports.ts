// The functions the WebAssembly module exports (assembly/index.ts). Pointers are byte offsets
// into its memory; lengths are in bytes; a polynomial is 256 little-endian int16 values.
export interface WasmExports {
  readonly memory: WebAssembly.Memory;
  /** The first byte above the module's static tables and scratch. */
  heapBase(): number;

  sha3_256(out: number, data: number, len: number): void;
  sha3_512(out: number, a: number, aLen: number, b: number, bLen: number): void;
  sampleMatrix(a: number, rho: number, k: number, transposed: number): void;
  sampleMatrixWithHash(
    a: number,
    rho: number,
    k: number,
    transposed: number,
    hOut: number,
    data: number,
    len: number,
  ): void;
  /** jOut = 0: without J(z ‖ c); else z is 32 bytes and cLen at most 1568 (its scratch's size). */
  sampleNoise(
    out: number,
    sigma: number,
    count: number,
    k: number,
    eta1: number,
    eta2: number,
    jOut: number,
    z: number,
    c: number,
    cLen: number,
  ): void;

  ntt(f: number): void;
  invNtt(f: number): void;
  nttMultiplyAccumulate(out: number, a: number, b: number, k: number): void;
  polyToMont(f: number): void;
  polyAddReduce(f: number, g: number): void;
  polySubReduce(f: number, g: number): void;

  byteEncode12(out: number, f: number): void;
  byteDecode12(f: number, src: number): void;
  /** 1 when every 12-bit value of src[0, len) is below q, else 0. */
  isCanonical12(src: number, len: number): number;
  compressEncode(out: number, f: number, d: number): void;
  decodeDecompress(f: number, src: number, d: number): void;
  messageToPoly(f: number, m: number): void;
  polyToMessage(out: number, f: number): void;
  /** K-PKE.Encrypt from line 9 on, K-PKE.Decrypt (assembly/kpke.ts); jOut = 0: no J; jc: a ciphertext of k. */
  kpkeEncrypt(k: number, aTtHat: number, m: number, r: number, c: number, jOut: number, z: number, jc: number): void;
  kpkeDecrypt(k: number, sHat: number, c: number, m: number): void;

  /** X25519(k, u) of RFC 7748, §5: 32 bytes each at out, k and u; leaves its scratch zero. */
  x25519(out: number, k: number, u: number): void;
  /** X25519(k, 9), by a fixed-base multiplication (its table computed on the first call); leaves its scratch zero. */
  x25519Base(out: number, k: number): void;
}
