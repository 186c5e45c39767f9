// The Kernels interface over one instance of the WebAssembly module. Every buffer the ML-KEM
// core uses comes from alloc8/alloc16, as views of the instance's memory, so a kernel call passes
// byte offsets and copies nothing. The memory has a fixed size and never grows, so the views
// stay valid for the instance's lifetime.
import type { Kernels } from '../kernels.js';
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

  // Typed by Kernels (kernels.ts), whose comments say what each kernel computes.
  return Object.freeze<Kernels>({
    alloc8: (n) => new Uint8Array(buffer, reserve(n), n),
    alloc16: (n) => new Int16Array(buffer, reserve(2 * n), n),

    sha3_256: (out, data) => ex.sha3_256(out.byteOffset, data.byteOffset, data.length),
    sha3_512: (out, a, b) => ex.sha3_512(out.byteOffset, a.byteOffset, a.length, b.byteOffset, b.length),
    sampleMatrix: (a, rho, k, transposed) => ex.sampleMatrix(a.byteOffset, rho.byteOffset, k, transposed ? 1 : 0),
    sampleMatrixWithHash: (a, rho, k, transposed, hOut, data) =>
      ex.sampleMatrixWithHash(
        a.byteOffset,
        rho.byteOffset,
        k,
        transposed ? 1 : 0,
        hOut.byteOffset,
        data.byteOffset,
        data.length,
      ),
    // Without j, jOut is 0, which the module reads as "no J" (no buffer sits at offset 0).
    sampleNoise: (out, sigma, count, k, eta1, eta2, j) =>
      ex.sampleNoise(
        out.byteOffset,
        sigma.byteOffset,
        count,
        k,
        eta1,
        eta2,
        j?.out.byteOffset ?? 0,
        j?.z.byteOffset ?? 0,
        j?.c.byteOffset ?? 0,
        j?.c.length ?? 0,
      ),

    ntt: (f) => ex.ntt(f.byteOffset),
    invNtt: (f) => ex.invNtt(f.byteOffset),
    nttMultiplyAccumulate: (out, a, b, k) => ex.nttMultiplyAccumulate(out.byteOffset, a.byteOffset, b.byteOffset, k),
    polyToMont: (f) => ex.polyToMont(f.byteOffset),
    polyAddReduce: (f, g) => ex.polyAddReduce(f.byteOffset, g.byteOffset),
    polySubReduce: (f, g) => ex.polySubReduce(f.byteOffset, g.byteOffset),

    byteEncode12: (out, off, f) => ex.byteEncode12(out.byteOffset + off, f.byteOffset),
    byteDecode12: (f, src, off) => ex.byteDecode12(f.byteOffset, src.byteOffset + off),
    isCanonical12: (src, off, len) => ex.isCanonical12(src.byteOffset + off, len) !== 0,
    compressEncode: (out, off, f, d) => ex.compressEncode(out.byteOffset + off, f.byteOffset, d),
    decodeDecompress: (f, src, off, d) => ex.decodeDecompress(f.byteOffset, src.byteOffset + off, d),
    messageToPoly: (f, m, off) => ex.messageToPoly(f.byteOffset, m.byteOffset + off),
    polyToMessage: (out, off, f) => ex.polyToMessage(out.byteOffset + off, f.byteOffset),
  });
}
