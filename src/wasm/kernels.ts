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

  /** A view's offset in the memory; 0 for none, which the module reads as "no buffer" (none sits at 0). */
  const at = (view?: ArrayBufferView): number => view?.byteOffset ?? 0;

  // Typed by Kernels (kernels.ts), whose comments say what each kernel computes.
  return Object.freeze<Kernels>({
    alloc8: (n) => new Uint8Array(buffer, reserve(n), n),
    alloc16: (n) => new Int16Array(buffer, reserve(2 * n), n),

    sha3_256: (out, data) => ex.sha3_256(at(out), at(data), data.length),
    sha3_512: (out, a, b) => ex.sha3_512(at(out), at(a), a.length, at(b), b.length),
    sampleMatrix: (a, rho, k, transposed) => ex.sampleMatrix(at(a), at(rho), k, transposed ? 1 : 0),
    sampleMatrixWithHash: (a, rho, k, transposed, hOut, data) =>
      ex.sampleMatrixWithHash(at(a), at(rho), k, transposed ? 1 : 0, at(hOut), at(data), data.length),
    sampleNoise: (out, sigma, count, k, eta1, eta2, j) =>
      ex.sampleNoise(at(out), at(sigma), count, k, eta1, eta2, at(j?.out), at(j?.z), at(j?.c), j?.c.length ?? 0),

    ntt: (f) => ex.ntt(at(f)),
    invNtt: (f) => ex.invNtt(at(f)),
    nttMultiplyAccumulate: (out, a, b, k) => ex.nttMultiplyAccumulate(at(out), at(a), at(b), k),
    polyToMont: (f) => ex.polyToMont(at(f)),
    polyAddReduce: (f, g) => ex.polyAddReduce(at(f), at(g)),
    polySubReduce: (f, g) => ex.polySubReduce(at(f), at(g)),

    byteEncode12: (out, off, f) => ex.byteEncode12(at(out) + off, at(f)),
    byteDecode12: (f, src, off) => ex.byteDecode12(at(f), at(src) + off),
    isCanonical12: (src, off, len) => ex.isCanonical12(at(src) + off, len) !== 0,
    compressEncode: (out, off, f, d) => ex.compressEncode(at(out) + off, at(f), d),
    decodeDecompress: (f, src, off, d) => ex.decodeDecompress(at(f), at(src) + off, d),
    messageToPoly: (f, m, off) => ex.messageToPoly(at(f), at(m) + off),
    polyToMessage: (out, off, f) => ex.polyToMessage(at(out) + off, at(f)),

    kpkeEncrypt: (k, aTtHat, m, r, c, j) =>
      ex.kpkeEncrypt(k, at(aTtHat), at(m), at(r), at(c), at(j?.out), at(j?.z), at(j?.c)),
    kpkeDecrypt: (k, sHat, c, m) => ex.kpkeDecrypt(k, at(sHat), at(c), at(m)),
  });
}
