// X-Wing (draft-connolly-cfrg-xwing-kem-10), which draft-irtf-cfrg-concrete-hybrid-kems names
// MLKEM768-X25519: the general-purpose hybrid KEM of ML-KEM-768 and X25519, bound by SHA3-256.
import { checkKem, type MlKem } from '../kem.js';
import { createConcrete } from './concrete.js';
import type { HybridConstruction } from './construction.js';
import type { CurveChoice } from './curve.js';
import type { HybridKem } from './types.js';
import { X25519 } from './x25519.js';

/** XWingLabel, "\./" ‖ "/^\" (§5.3). */
const LABEL = '\\.//^\\';

/** X-Wing over an ML-KEM-768 object, with the given curve implementation (internal: tests and benchmarks). */
export function xwingOver(kem: MlKem, curves: CurveChoice): HybridKem {
  return createConcrete({ name: 'X-Wing', kem, group: X25519, groupSeedBytes: 32, randomScalar: (seed) => seed.slice(), label: LABEL, curves });
}

/**
 * X-Wing (draft-connolly-cfrg-xwing-kem-10) = MLKEM768-X25519 (draft-irtf-cfrg-concrete-hybrid-kems)
 * over an ML-KEM-768 object of any backend.
 * Sizes: publicKey 1216 (pk_M ‖ pk_X), secretKey = seed 32, ciphertext 1120 (ct_M ‖ ct_X),
 * sharedSecret 32, eseed 64 (ML-KEM m ‖ X25519 ephemeral scalar).
 * @param mlkem768 - `MlKem768` of any backend (`mlkem-ts` or `mlkem-ts/wasm`).
 * @returns A frozen HybridKem named 'X-Wing'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object.
 * @example
 * const xwing = createXWing((await loadWasm()).MlKem768);
 */
export function createXWing(mlkem768: MlKem): HybridKem {
  return xwingOver(checkKem(mlkem768, 'ML-KEM-768', 'createXWing'), 'auto');
}

/** X-Wing's construction (constructions.ts). */
export const XWING: HybridConstruction = /* @__PURE__ */ Object.freeze({ name: 'X-Wing', over: xwingOver, create: createXWing });
