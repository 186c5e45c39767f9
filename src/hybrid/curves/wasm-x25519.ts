// X25519 by the WebAssembly module (assembly/x25519.ts, a constant-time Montgomery ladder), once
// the app has loaded the WebAssembly backend (loadWasm or loadWasmSync offer it,
// src/loaded-backend.ts); choose.ts says when it serves. Used only after a self-test, on first
// use; the Group checks every element before it is called.
import { type X25519Function, loadedX25519 } from '../../loaded-backend.js';
import { type CurveImpl, type Group, passesSelfTest, scalarCopy } from './curve.js';

/**
 * The WebAssembly X25519 of the last instance (loaded-backend.ts), past the self-test that
 * node:crypto's passes too (curve.ts), once per instance; undefined while none offers one.
 */
export function wasmX25519(test: Group['native'], reference: CurveImpl): () => CurveImpl | undefined {
  let tested: X25519Function | undefined;
  let impl: CurveImpl | undefined;
  return () => {
    const f = loadedX25519();
    if (f !== tested) {
      tested = f;
      impl = f === undefined ? undefined : scalarCopy('wasm', f, f); // X25519(k, 9) and X25519(k, u)
      if (impl !== undefined && !passesSelfTest(impl, test, reference)) impl = undefined;
    }
    return impl;
  };
}
