// X25519 by the WebAssembly module (assembly/x25519.ts, a constant-time Montgomery ladder): the
// synchronous hybrids' curve where the runtime has no node:crypto and the app has loaded the
// WebAssembly backend (loadWasm or loadWasmSync offer it, src/loaded-backend.ts). Used only after a
// known-answer self-test, on first use; the Group checks every element before it is called.
import { wipe } from '../../ct.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import { type X25519Function, loadedX25519 } from '../../loaded-backend.js';
import type { CurveImpl, CurveKey } from './curve.js';
import { fromHex, toHex } from './encoding.js';

/**
 * RFC 7748's answers: §5.2's two vectors (the second's u has bit 255 set, which X25519 masks) and
 * §6.1's public key of Bob's scalar, by the ladder from u = 9 and by the fixed-base code.
 */
const KNOWN: ReadonlyArray<readonly [k: string, u: string | undefined, out: string]> = [
  [
    'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
    'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
    'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
  ],
  [
    '4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d',
    'e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493',
    '95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957',
  ],
  [
    '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
    '09',
    'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
  ],
  [
    '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
    undefined,
    'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
  ],
];

function passes(f: X25519Function): boolean {
  try {
    return KNOWN.every(
      ([k, u, out]) => toHex(f(fromHex(k), u === undefined ? undefined : fromHex(u.padEnd(64, '0')))) === out,
    );
  } catch {
    return false;
  }
}

function implOver(f: X25519Function): CurveImpl {
  return Object.freeze({
    path: 'wasm',
    load(scalar: Uint8Array): CurveKey {
      const k = scalar.slice();
      const key: CurveKey = {
        publicKey: () => f(k),
        sharedSecret: (u: Uint8Array) => f(k, u),
        dispose: () => wipe(k),
      };
      recordSecrets(key, { arrays: [k], parts: [] }); // @test-hook
      return key;
    },
  } as const);
}

let tested: X25519Function | undefined;
let impl: CurveImpl | undefined;

/** The WebAssembly X25519 of the last instance, or undefined while none offers one (or where it fails the self-test). */
export function wasmX25519(): CurveImpl | undefined {
  const f = loadedX25519();
  if (f !== tested) {
    tested = f;
    impl = f !== undefined && passes(f) ? implOver(f) : undefined;
  }
  return impl;
}
