// The backend behind the Web Crypto layer: the WebAssembly one when it loads (it needs
// WebAssembly and, on a page, a CSP that allows 'wasm-unsafe-eval'), else the portable one.
// Loaded once, on the first operation; the caller never chooses.
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import type { MlKemBackend } from '../kem.js';
import { loadWasm } from '../wasm/index.js';

/** A backend (kem.ts's one backend type) and which one it is. */
export interface Backend extends MlKemBackend {
  readonly name: 'wasm' | 'portable';
}

/** The portable backend. */
export const portableBackend = (): Backend => ({ name: 'portable', MlKem512, MlKem768, MlKem1024 });

/** The WebAssembly backend (rejects where WebAssembly cannot be compiled). */
export async function wasmBackend(): Promise<Backend> {
  return { name: 'wasm', ...(await loadWasm()) };
}

let loading: Promise<Backend> | undefined;

/** The WebAssembly backend if it loads, else the portable one; loaded once. */
export function autoBackend(): Promise<Backend> {
  return (loading ??= wasmBackend().catch(portableBackend));
}
