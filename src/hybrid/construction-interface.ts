// What a hybrid's construction file gives the rest of the package: the hybrid's name (its key in
// the registry, src/registry.ts), the builder over any ML-KEM object and curve implementation, and
// the public factory. The layers above (Web Crypto, the fuzzer, the tests) take their hybrids from
// CONSTRUCTIONS and their identifiers from the registry, so that neither names a hybrid.
import type { MlKem } from '../kem.js';
import type { CurveChoice } from './curves/curve.js';
import type { HybridKem, HybridName } from './types.js';

/** One hybrid's construction. */
export interface HybridConstruction {
  /** The hybrid's name: its registry entry's. */
  readonly name: HybridName;
  /** The hybrid over an ML-KEM object (of the entry's parameter set), with the given curve implementation (internal: tests, benchmarks). */
  over(kem: MlKem, curves: CurveChoice): HybridKem;
  /**
   * The public factory (createXWing, ...): checks its argument, then `over(kem, 'auto')`. Options:
   * `refuseLowOrder` for X-Wing (createXWing); the other hybrids refuse invalid shares always.
   */
  create(kem: MlKem, options?: { refuseLowOrder?: boolean }): HybridKem;
}
