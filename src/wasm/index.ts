// mlkem-ts/wasm: the same ML-KEM objects as 'mlkem-ts', over WebAssembly kernels with 128-bit
// SIMD. The module is embedded (nothing is fetched); each load makes a new instance.
import { createMlKem, type MlKem } from '../kem.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../params.js';
import { compile, compileSync, instantiate } from './instance.js';
import { wasmKernels } from './kernels.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export type { DecapsulationKey, DecapsulationKeyOptions, Encapsulation, EncapsulationKey, KeyPair, MlKem } from '../kem.js';

/** The three parameter sets over one WebAssembly instance. */
export interface WasmMlKem {
  readonly MlKem512: MlKem;
  readonly MlKem768: MlKem;
  readonly MlKem1024: MlKem;
}

function build(module: WebAssembly.Module): WasmMlKem {
  const kernels = wasmKernels(instantiate(module));
  return Object.freeze({
    MlKem512: createMlKem(ML_KEM_512, kernels),
    MlKem768: createMlKem(ML_KEM_768, kernels),
    MlKem1024: createMlKem(ML_KEM_1024, kernels),
  });
}

/** Compiles (once) and instantiates the WebAssembly backend. Works in every runtime. */
export async function loadWasm(): Promise<WasmMlKem> {
  return build(await compile());
}

/**
 * The same, synchronously: for Node, Deno, Bun and workers. Browsers may refuse to compile a
 * module synchronously on the main thread; use loadWasm there.
 */
export function loadWasmSync(): WasmMlKem {
  return build(compileSync());
}
