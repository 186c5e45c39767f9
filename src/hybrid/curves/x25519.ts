// X25519 (RFC 7748) as a Group: any 32 bytes are a scalar (clamped by the function) and an
// element; the only element a protocol may refuse is one of low order, for which X25519 gives
// all zeros. The multiplications are native where the runtime allows (native.ts), else the
// WebAssembly module's where the app has loaded it (wasm-x25519.ts), else noble's.
import type { CurveChoice, CurveImpl, CurveKey, Group } from './curve.js';
import { nativeX25519 } from './native.js';
import { nobleX25519 } from './noble-x25519.js';
import { wasmX25519 } from './wasm-x25519.js';

/** 2^255 - 19. */
const P25519 = 2n ** 255n - 19n;

let lowOrder: Uint8Array[] | undefined;

/**
 * The 32-byte encodings, bit 255 clear, of the u-coordinates of the points of order 1, 2, 4 and 8
 * on Curve25519 and its twist, and their non-canonical forms u + p below 2^255: exactly the u for
 * which X25519 with a clamped scalar (a multiple of 8 below the large prime orders) gives zero.
 */
function lowOrderEncodings(): Uint8Array[] {
  if (lowOrder !== undefined) return lowOrder;
  const values = [
    0n,
    1n,
    P25519 - 1n,
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
    P25519,
    P25519 + 1n,
  ];
  return (lowOrder = values.map((v) => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn))));
}

/**
 * True when u (bit 255 masked, RFC 7748, §5) is a low-order element. u is public: it may branch.
 * Plain loops: some/every with callbacks took about 0.5 µs a call, and Web Crypto's and HPKE's
 * X-Wing ask twice per decapsulation.
 */
export function isLowOrder(u: Uint8Array): boolean {
  for (const e of lowOrderEncodings()) {
    let i = 0;
    while (i < 31 && e[i] === u[i]) i++;
    if (i === 31 && e[31] === (u[31]! & 0x7f)) return true;
  }
  return false;
}

export const X25519: Group = Object.freeze({
  name: 'X25519',
  elementBytes: 32,
  scalarBytes: 32,
  secretBytes: 32,
  impl(choice: CurveChoice): CurveImpl {
    if (choice === 'noble') return nobleX25519;
    if (choice === 'wasm') {
      const wasm = wasmX25519();
      if (wasm) return wasm;
      throw new Error('X25519: no WebAssembly X25519: the WebAssembly backend is not loaded (loadWasm, loadWasmSync)');
    }
    // node:crypto before the WebAssembly module: OpenSSL's X25519 is about 3x faster (bench:hybrid).
    const native = nativeX25519(nobleX25519);
    if (native) return native;
    if (choice === 'native') throw new Error('X25519: this runtime has no native X25519 (node:crypto)');
    return wasmX25519() ?? nobleX25519;
  },
  elementProblem: (u: Uint8Array) =>
    isLowOrder(u) ? 'must give a non-zero X25519 shared secret, got a low-order point that gives the all-zero value' : undefined,
  isValidScalar: () => true,
} as const);

/**
 * X25519(k, u) exactly as RFC 7748, §5 defines it, for a loaded k: a low-order u yields 32 zero
 * bytes, computed without calling the implementation (OpenSSL and noble refuse such u).
 */
export function x25519(key: CurveKey, u: Uint8Array): Uint8Array {
  return isLowOrder(u) ? new Uint8Array(32) : key.sharedSecret(u);
}
