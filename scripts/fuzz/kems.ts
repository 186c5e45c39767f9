// The implementations under test, from the registry (src/registry.ts): the three ML-KEM levels
// and every hybrid, each as a pair (portable, wasm).
import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
import type { HybridKem } from '../../src/hybrid/index.js';
import * as portable from '../../src/index.js';
import type { MlKem } from '../../src/index.js';
import { ML_KEM_ENTRIES, entryOf, memberOf } from '../../src/registry.js';
import { loadWasmSync } from '../../src/wasm/index.js';

// ---- the implementations under test ------------------------------------------------------------

const wasm = loadWasmSync();
export const BACKENDS = ['portable', 'wasm'] as const;
export const CORE: ReadonlyArray<readonly [MlKem, MlKem]> = ML_KEM_ENTRIES.map(
  (e) => [portable[e.member], wasm[e.member]] as const,
);
export const HYBRIDS: ReadonlyArray<readonly [HybridKem, HybridKem]> = CONSTRUCTIONS.map((c) => {
  const member = memberOf(entryOf(c.name)!.mlkem);
  return [c.create(portable[member]), c.create(wasm[member])] as const;
});
/** The public factories (createXWing, ...), in the order of HYBRIDS, with the level each takes. */
export const FACTORIES: ReadonlyArray<readonly [(kem: MlKem) => HybridKem, MlKem['name']]> = CONSTRUCTIONS.map(
  (c) => [c.create, entryOf(c.name)!.mlkem] as const,
);
export type AnyKem = MlKem | HybridKem;
