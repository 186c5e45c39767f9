/**
 * The WebAssembly backend: the same {@link MlKem} objects as `mlkem-ts`, with byte-identical
 * results, over kernels compiled to WebAssembly with 128-bit SIMD. The module is embedded.
 * @example
 * import { loadWasm } from 'mlkem-ts/wasm';
 * const { MlKem768 } = await loadWasm();
 * const { publicKey, secretKey } = MlKem768.keygen();
 * @module mlkem-ts/wasm
 */
import { createMlKem, type MlKemBackend } from '../kem.js';
import { offerX25519, registerLoadedBackend } from '../loaded-backend.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../params.js';
import { touchRandomSource } from '../random.js';
import { compile, compileSync, instantiate } from './instance.js';
import { wasmKernels } from './kernels.js';
import type { WasmModuleSource, WasmModuleSync } from './types.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export type {
  DecapsulationKey,
  DecapsulationKeyOptions,
  Encapsulation,
  EncapsulationKey,
  KeyPair,
  MlKem,
  MlKemBackend,
} from '../kem.js';
export type { CompiledWasmModule, WasmModuleSource, WasmModuleSync, WasmResponse } from './types.js';

/** The three parameter sets over one WebAssembly instance: a backend, as every layer takes one. */
export type WasmMlKem = MlKemBackend;

function build(module: WebAssembly.Module): WasmMlKem {
  const ex = instantiate(module);
  const kernels = wasmKernels(ex);
  // The synchronous hybrids then run X25519 here where the runtime has no node:crypto.
  offerX25519(ex, kernels.alloc8);
  const backend = Object.freeze({
    MlKem512: createMlKem(ML_KEM_512, kernels),
    MlKem768: createMlKem(ML_KEM_768, kernels),
    MlKem1024: createMlKem(ML_KEM_1024, kernels),
  });
  // The drop-in entry points (mlkem-ts/noble/…) switch to the backend the application loaded.
  registerLoadedBackend(backend);
  return backend;
}

/**
 * Compiles and instantiates the WebAssembly backend. Without an argument it uses the embedded
 * module (compiled once per program); works in every runtime that may compile WebAssembly.
 * @param module Where the runtime forbids compiling from bytes (Cloudflare Workers; a page whose
 *   Content-Security-Policy lacks 'wasm-unsafe-eval' refuses every source), the module shipped as
 *   `mlkem-ts/wasm/mlkem.wasm`, loaded the platform's way: a compiled `WebAssembly.Module` (what
 *   Workers give for `import wasm from 'mlkem-ts/wasm/mlkem.wasm'`), its bytes, a fetch `Response`,
 *   or a promise of one of these. It must be the file of the same mlkem-ts version.
 * @returns MlKem512, MlKem768 and MlKem1024 over a new instance with its own memory. From then on,
 *   the drop-ins of mlkem-ts/noble/… run on this instance too.
 * @throws MlKemError `ERR_WASM_UNAVAILABLE` when the runtime has no WebAssembly (or no SIMD),
 *   refuses to compile or instantiate it, or the response is not ok; `ERR_INVALID_TYPE` when
 *   `module` is none of the accepted kinds or not mlkem.wasm.
 * @example
 * ```js
 * // Cloudflare Workers (the module's example has the embedded module):
 * import wasm from 'mlkem-ts/wasm/mlkem.wasm';
 * const { MlKem768 } = await loadWasm(wasm);
 * ```
 */
export async function loadWasm(module?: WasmModuleSource): Promise<WasmMlKem> {
  const compiling = compile(module); // started: the runtime compiles off the main thread
  touchRandomSource();
  return build(await compiling);
}

/**
 * The same, synchronously: for Node, Deno, Bun, workers, and pages (Chromium and Firefox compile
 * this module synchronously on the main thread).
 * @param module A compiled `WebAssembly.Module` of `mlkem-ts/wasm/mlkem.wasm` or its bytes;
 *   without it, the embedded module.
 * @returns MlKem512, MlKem768 and MlKem1024 over a new instance with its own memory.
 * @throws MlKemError `ERR_WASM_UNAVAILABLE` or `ERR_INVALID_TYPE`, as {@link loadWasm}.
 */
export function loadWasmSync(module?: WasmModuleSync): WasmMlKem {
  touchRandomSource();
  return build(compileSync(module));
}
