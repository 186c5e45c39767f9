// Which X-Wing refuses low-order X25519 shares (xwing.ts' refuseLowOrder), for the layers that
// must (HPKE): each X-Wing made records how to make its refusing twin over the same ML-KEM object
// and curves. A module of its own, with no code of the hybrids, so that importing it pulls in none.
import type { HybridKem } from './types.js';

const twins = new WeakMap<HybridKem, () => HybridKem>();

/** Records how to make the refusing twin of an X-Wing (itself, for one that refuses). */
export function recordTwin(xwing: HybridKem, twin: () => HybridKem): void {
  twins.set(xwing, twin);
}

/** The X-Wing like `kem` that refuses low-order X25519 shares, made once; undefined for any other KEM. */
export function lowOrderRefusing(kem: HybridKem): HybridKem | undefined {
  const make = twins.get(kem);
  if (make === undefined) return undefined;
  const twin = make();
  twins.set(kem, () => twin);
  return twin;
}
