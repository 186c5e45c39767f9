// The Kernels interface over one instance of the WebAssembly module. Every buffer the ML-KEM
// core uses comes from alloc8/alloc16, as views of the instance's memory, so a kernel call passes
// byte offsets and copies nothing. The memory has a fixed size and never grows, so the views
// stay valid for the instance's lifetime.
import type { Kernels, RejectionHash } from '../kernels.js';
import type { WasmExports } from './exports.js';

export function wasmKernels(ex: WasmExports): Kernels {
  const buffer = ex.memory.buffer;
  let next = ex.heapBase();

  function reserve(bytes: number): number {
    const at = (next + 15) & ~15; // 16-byte alignment for v128 loads and stores
    if (at + bytes > buffer.byteLength) {
      // Only a bug can get here: the workspaces of the three parameter sets fit many times over.
      throw new RangeError(`mlkem-ts: the WebAssembly module's memory is full (${buffer.byteLength} bytes)`);
    }
    next = at + bytes;
    return at;
  }

  return Object.freeze({
    alloc8: (n: number) => new Uint8Array(buffer, reserve(n), n),
    alloc16: (n: number) => new Int16Array(buffer, reserve(2 * n), n),

    sha3_256: (out: Uint8Array, data: Uint8Array) => ex.sha3_256(out.byteOffset, data.byteOffset, data.length),
    sha3_512: (out: Uint8Array, a: Uint8Array, b: Uint8Array) =>
      ex.sha3_512(out.byteOffset, a.byteOffset, a.length, b.byteOffset, b.length),
    shake256: (out: Uint8Array, a: Uint8Array, b: Uint8Array) =>
      ex.shake256(out.byteOffset, out.length, a.byteOffset, a.length, b.byteOffset, b.length),
    sampleMatrix: (a: Int16Array, rho: Uint8Array, k: number, transposed: boolean) =>
      ex.sampleMatrix(a.byteOffset, rho.byteOffset, k, transposed ? 1 : 0),
    sampleMatrixWithHash: (
      a: Int16Array,
      rho: Uint8Array,
      k: number,
      transposed: boolean,
      hOut: Uint8Array,
      data: Uint8Array,
    ) =>
      ex.sampleMatrixWithHash(
        a.byteOffset,
        rho.byteOffset,
        k,
        transposed ? 1 : 0,
        hOut.byteOffset,
        data.byteOffset,
        data.length,
      ),
    sampleNoise: (
      out: Int16Array,
      sigma: Uint8Array,
      count: number,
      k: number,
      eta1: 2 | 3,
      eta2: 2 | 3,
      j?: RejectionHash,
    ) =>
      j === undefined
        ? ex.sampleNoise(out.byteOffset, sigma.byteOffset, count, k, eta1, eta2, 0, 0, 0, 0)
        : ex.sampleNoise(
            out.byteOffset,
            sigma.byteOffset,
            count,
            k,
            eta1,
            eta2,
            j.out.byteOffset,
            j.z.byteOffset,
            j.c.byteOffset,
            j.c.length,
          ),

    ntt: (f: Int16Array) => ex.ntt(f.byteOffset),
    invNtt: (f: Int16Array) => ex.invNtt(f.byteOffset),
    nttMultiplyAccumulate: (out: Int16Array, a: Int16Array, b: Int16Array, k: number) =>
      ex.nttMultiplyAccumulate(out.byteOffset, a.byteOffset, b.byteOffset, k),
    polyToMont: (f: Int16Array) => ex.polyToMont(f.byteOffset),
    polyAddReduce: (f: Int16Array, g: Int16Array) => ex.polyAddReduce(f.byteOffset, g.byteOffset),
    polySubReduce: (f: Int16Array, g: Int16Array) => ex.polySubReduce(f.byteOffset, g.byteOffset),

    byteEncode12: (out: Uint8Array, off: number, f: Int16Array) => ex.byteEncode12(out.byteOffset + off, f.byteOffset),
    byteDecode12: (f: Int16Array, src: Uint8Array, off: number) => ex.byteDecode12(f.byteOffset, src.byteOffset + off),
    isCanonical12: (src: Uint8Array, off: number, len: number) => ex.isCanonical12(src.byteOffset + off, len) !== 0,
    compressEncode: (out: Uint8Array, off: number, f: Int16Array, d: number) =>
      ex.compressEncode(out.byteOffset + off, f.byteOffset, d),
    decodeDecompress: (f: Int16Array, src: Uint8Array, off: number, d: number) =>
      ex.decodeDecompress(f.byteOffset, src.byteOffset + off, d),
    messageToPoly: (f: Int16Array, m: Uint8Array, off: number) => ex.messageToPoly(f.byteOffset, m.byteOffset + off),
    polyToMessage: (out: Uint8Array, off: number, f: Int16Array) =>
      ex.polyToMessage(out.byteOffset + off, f.byteOffset),
  });
}
