// The WebAssembly module's X25519 (assembly/x25519.ts) for the hybrids' curve seam
// (src/hybrid/curves/wasm-x25519.ts): loadWasm and loadWasmSync offer each new instance's here and
// the first one stays. A module of its own, outside wasm/ and holding no code of either side (as
// loaded-backend.ts), so that the hybrids can ask for it without pulling in the WebAssembly backend.

/** The exports it uses of an instance (src/wasm/exports.ts has them all). */
interface X25519Exports {
  x25519?(out: number, k: number, u: number): void;
  x25519Base?(out: number, k: number): void;
}

/** X25519(k, u) of RFC 7748, §5 (32 bytes each), a fresh array; without u, X25519(k, 9) by the fixed-base code. */
export type X25519Function = (k: Uint8Array, u?: Uint8Array) => Uint8Array;

let offered: X25519Function | undefined;

/**
 * Offers an instance's X25519; kept if none is yet. Its three 32-byte buffers come from `alloc8`
 * (the instance's memory, beside the ML-KEM workspaces) and are zeroed after every call, as the
 * module zeroes its own scratch. A module without the export (another version's file) offers nothing.
 */
export function offerX25519(ex: X25519Exports, alloc8: (n: number) => Uint8Array): void {
  const { x25519, x25519Base } = ex;
  if (offered !== undefined || typeof x25519 !== 'function' || typeof x25519Base !== 'function') return;
  const buf = alloc8(96);
  const out = buf.subarray(0, 32),
    k = buf.subarray(32, 64),
    u = buf.subarray(64, 96);
  offered = (scalar: Uint8Array, point?: Uint8Array): Uint8Array => {
    try {
      k.set(scalar);
      if (point === undefined) x25519Base.call(ex, out.byteOffset, k.byteOffset);
      else {
        u.set(point);
        x25519.call(ex, out.byteOffset, k.byteOffset, u.byteOffset);
      }
      return out.slice();
    } finally {
      buf.fill(0);
    }
  };
}

/** The X25519 of the first instance that loadWasm or loadWasmSync made, if any. */
export function offeredX25519(): X25519Function | undefined {
  return offered;
}
