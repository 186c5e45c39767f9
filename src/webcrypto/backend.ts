// The backend behind the Web Crypto layer: the WebAssembly one when it loads (it needs
// WebAssembly and, on a page, a CSP that allows 'wasm-unsafe-eval'), else the portable one.
// Loaded once, on the first operation; the caller never chooses. Both are dynamic imports, which
// bundlers make chunks of their own, and every operation awaits the backend. So an app's first
// load holds neither the WebAssembly module (23 KB, 31 KB as the embedded base64) nor the
// portable ML-KEM; the first operation loads the one it uses.
import type { MlKemBackend } from '../kem.js';

/** A backend (kem.ts's one backend type) and which one it is. */
export interface Backend extends MlKemBackend {
  readonly name: 'wasm' | 'portable';
}

/** The portable backend. */
export async function portableBackend(): Promise<Backend> {
  const { MlKem512, MlKem768, MlKem1024 } = await import('../index.js');
  return { name: 'portable', MlKem512, MlKem768, MlKem1024 };
}

/** The WebAssembly backend (rejects where WebAssembly cannot be compiled). */
export async function wasmBackend(): Promise<Backend> {
  const { loadWasm } = await import('../wasm/index.js');
  return { name: 'wasm', ...(await loadWasm()) };
}

let loading: Promise<Backend> | undefined;

/** The WebAssembly backend if it loads, else the portable one; loaded once. */
export function autoBackend(): Promise<Backend> {
  return (loading ??= wasmBackend().catch(portableBackend));
}
