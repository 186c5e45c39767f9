// The backends every behavioural test runs against. A test file imports `backends` and loops
// over it, so that adding a backend here puts it under the whole suite.
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../../src/index.js';
import { loadWasmSync } from '../../src/wasm/index.js';

export interface Backend {
  name: string;
  kems: readonly MlKem[]; // ML-KEM-512, -768, -1024 in that order
}

const wasm = loadWasmSync();

export const backends: readonly Backend[] = [
  { name: 'portable', kems: [MlKem512, MlKem768, MlKem1024] },
  { name: 'wasm', kems: [wasm.MlKem512, wasm.MlKem768, wasm.MlKem1024] },
];

/** The MlKem of a backend by parameter-set name ('ML-KEM-768'). */
export function kemByName(backend: Backend, name: string): MlKem {
  const kem = backend.kems.find((k) => k.name === name);
  if (!kem) throw new Error(`unknown parameter set ${name}`);
  return kem;
}
