// One internal record per KEM object this package's hybrids make, reached through internalsOf:
// what the layers above the public objects need of one (Web Crypto and HPKE: the asynchronous
// door, the twin that refuses low-order shares). A module with no code of the hybrids, so that
// importing it pulls in none.
import { hiddenMap } from '../hidden-map.js';
import type { AsyncHybrid, ConcreteParts } from './concrete-async.js';
import type { AsyncCurveChoice } from './curves/curve.js';
import type { HybridKem, HybridName } from './types.js';

/** What the package knows of one hybrid KEM object it made. */
export interface KemInternals {
  /** Its construction: the registry entry's name. */
  readonly construction: HybridName;
  /** Its parts: its parameters and the steps that involve no curve. */
  readonly parts: ConcreteParts;
  /**
   * The same construction over the same ML-KEM object and curves that refuses low-order shares
   * (itself, for one that refuses them), made once; undefined where the curve has none.
   */
  refusing(): HybridKem | undefined;
  /** Its asynchronous door, with the curve half on `curves` (by default the KEM's own choice). */
  asynchronous(curves?: AsyncCurveChoice): AsyncHybrid;
}

const records = /* @__PURE__ */ hiddenMap<HybridKem, KemInternals>();

/** Records a KEM object's internals (concrete.ts, once per object). */
export function recordInternals(kem: HybridKem, internals: KemInternals): void {
  records.set(kem, internals);
}

/** The internals of a KEM object made by this package's hybrids; undefined for any other object (and the RFC 10024 groups, which no door serves). */
export function internalsOf(kem: HybridKem): KemInternals | undefined {
  return records.get(kem);
}
