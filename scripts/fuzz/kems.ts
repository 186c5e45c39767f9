// The implementations under test: ML-KEM-512/768/1024 and the four hybrids, each as a pair
// (portable, wasm).
import {
  type HybridKem,
  createSecP256r1MlKem768,
  createSecP384r1MlKem1024,
  createX25519MlKem768,
  createXWing,
} from '../../src/hybrid/index.js';
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../../src/index.js';
import { loadWasmSync } from '../../src/wasm/index.js';

// ---- the implementations under test ------------------------------------------------------------

const wasm = loadWasmSync();
export const BACKENDS = ['portable', 'wasm'] as const;
export const CORE: ReadonlyArray<readonly [MlKem, MlKem]> = [
  [MlKem512, wasm.MlKem512],
  [MlKem768, wasm.MlKem768],
  [MlKem1024, wasm.MlKem1024],
];
export const HYBRIDS: ReadonlyArray<readonly [HybridKem, HybridKem]> = [
  [createXWing(MlKem768), createXWing(wasm.MlKem768)],
  [createX25519MlKem768(MlKem768), createX25519MlKem768(wasm.MlKem768)],
  [createSecP256r1MlKem768(MlKem768), createSecP256r1MlKem768(wasm.MlKem768)],
  [createSecP384r1MlKem1024(MlKem1024), createSecP384r1MlKem1024(wasm.MlKem1024)],
];
export type AnyKem = MlKem | HybridKem;
