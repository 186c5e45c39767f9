// What the application's WebAssembly loads made, for the code that switches to it with no change
// to the application's code: the drop-ins (mlkem-ts/noble/…) run ML-KEM on its backend, the
// hybrids' curves (hybrid/curves/wasm-x25519.ts) its X25519. A module of its own, holding no code
// of either side, so that a portable-only bundle pulls in no WebAssembly and a wasm-only one no
// drop-in or hybrid.
//
// One policy: each holds the last one offered, and loadWasm and loadWasmSync offer both with
// every instance, so both come from the last instance. Sound, because an instance stands alone
// (its own memory, its own X25519 buffers): a key made over an earlier one keeps it and goes on
// working, and wasm-x25519.ts self-tests each new X25519 once. Keeping the first would pin, for
// good, whatever loaded first (a module file of another version, without X25519), and the
// drop-ins would stop following the application's latest load, which their tests switch with.
import type { MlKemBackend } from './kem.js';

/** The exports it uses of an instance (src/wasm/exports.ts has them all). */
interface X25519Exports {
  x25519?(out: number, k: number, u: number): void;
  x25519Base?(out: number, k: number): void;
}

/** X25519(k, u) of RFC 7748, §5 (32 bytes each), a fresh array; without u, X25519(k, 9) by the fixed-base code. */
export type X25519Function = (k: Uint8Array, u?: Uint8Array) => Uint8Array;

let backend: MlKemBackend | undefined;
let x25519: X25519Function | undefined;

/** Records the backend loadWasm() or loadWasmSync() just built: the drop-ins use it from now on (tests: undefined for the portable one). */
export function registerLoadedBackend(loaded: MlKemBackend | undefined): void {
  backend = loaded;
}

/** The backend the application loaded last, or undefined while it has loaded none. */
export function loadedBackend(): MlKemBackend | undefined {
  return backend;
}

/**
 * Offers an instance's X25519 in place of the one before (none, from a module without the export:
 * another version's file). Its three 32-byte buffers come from `alloc8` (the instance's memory,
 * beside the ML-KEM workspaces) and are zeroed after every call, as the module zeroes its own scratch.
 */
export function offerX25519(ex: X25519Exports, alloc8: (n: number) => Uint8Array): void {
  const { x25519: ladder, x25519Base } = ex;
  x25519 = undefined;
  if (typeof ladder !== 'function' || typeof x25519Base !== 'function') return;
  const buf = alloc8(96);
  const out = buf.subarray(0, 32),
    k = buf.subarray(32, 64),
    u = buf.subarray(64, 96);
  x25519 = (scalar: Uint8Array, point?: Uint8Array): Uint8Array => {
    try {
      k.set(scalar);
      if (point === undefined) x25519Base.call(ex, out.byteOffset, k.byteOffset);
      else {
        u.set(point);
        ladder.call(ex, out.byteOffset, k.byteOffset, u.byteOffset);
      }
      return out.slice();
    } finally {
      buf.fill(0);
    }
  };
}

/** The X25519 of the instance that loadWasm or loadWasmSync made last, if it has one. */
export function loadedX25519(): X25519Function | undefined {
  return x25519;
}
