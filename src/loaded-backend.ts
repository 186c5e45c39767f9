// The WebAssembly backend an application has loaded, for the drop-in entry points (mlkem-ts/noble/…)
// that must switch to it with no change to the application's code. mlkem-ts/wasm registers each
// backend it builds; the drop-ins read it on every call. A module of its own, holding no code of
// either side, so that a portable-only bundle pulls in no WebAssembly and a wasm-only one no drop-in.
import type { MlKemBackend } from './kem.js';

let loaded: MlKemBackend | undefined;

/** Records the backend loadWasm() or loadWasmSync() just built: the drop-ins use it from now on (tests: undefined for the portable one). */
export function registerLoadedBackend(backend: MlKemBackend | undefined): void {
  loaded = backend;
}

/** The backend the application loaded last, or undefined while it has loaded none. */
export function loadedBackend(): MlKemBackend | undefined {
  return loaded;
}
