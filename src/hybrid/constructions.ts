// Every hybrid's construction, in the registry's order: the one list the layers above
// mlkem-ts/hybrid iterate (a new hybrid adds its construction here, and its entry to the registry).
import { NIST_CONCRETE } from './nist-hybrids.js';
import { TLS_GROUPS } from './tls-hybrids.js';
import type { HybridConstruction, HybridName } from './types.js';
import { XWING } from './xwing.js';

export type { HybridConstruction };
/** A hybrid's asynchronous door (mlkem-ts/webcrypto loads it with the constructions). */
export { asynchronousOf } from './concrete-async.js';

/** The constructions of the six hybrids. */
export const CONSTRUCTIONS: readonly HybridConstruction[] = /* @__PURE__ */ Object.freeze([
  XWING,
  ...NIST_CONCRETE,
  ...TLS_GROUPS,
]);

/** The construction of a hybrid by its name. */
export function constructionOf(name: HybridName): HybridConstruction {
  const c = CONSTRUCTIONS.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no construction for the registry's hybrid ${name}`); // a registry entry without its construction: a bug
  return c;
}
