import { readBoolean, readOptions } from '../args.js';
import { checkKem, type MlKem } from '../kem.js';
import { createConcrete } from './concrete.js';
import type { CurveChoice } from './curves/curve.js';
import { X25519 } from './curves/x25519.js';
import type { HybridConstruction, HybridKem } from './types.js';

/** XWingLabel, "\./" ‖ "/^\" (§5.3). */
const LABEL = '\\.//^\\';

/** Options of createXWing. */
export interface XWingOptions {
  /**
   * Refuse an X25519 share of low order — one whose X25519 value is all zeros — with
   * ERR_INVALID_PUBLIC_KEY: a public key's in encapsulation, a ciphertext's in decapsulation.
   * Default false, as the X-Wing and concrete-hybrid-kems drafts define the KEM (such a share then
   * gives ss_X = 0, which the combiner still binds). Web Crypto's MLKEM768-X25519 and HPKE's use true.
   */
  refuseLowOrder?: boolean;
}

/** X-Wing over an ML-KEM-768 object, with the given curve implementation (internal: tests and benchmarks). */
export function xwingOver(kem: MlKem, curves: CurveChoice, options?: XWingOptions): HybridKem {
  return createConcrete({
    name: 'X-Wing',
    kem,
    group: X25519,
    groupSeedBytes: 32,
    randomScalar: (seed) => seed.slice(),
    label: LABEL,
    curves,
    refuseLowOrder: options?.refuseLowOrder === true,
  });
}

/**
 * X-Wing (draft-connolly-cfrg-xwing-kem-10) = MLKEM768-X25519 (draft-irtf-cfrg-concrete-hybrid-kems),
 * the general-purpose hybrid KEM of ML-KEM-768 and X25519 bound by SHA3-256, over an ML-KEM-768
 * object of any backend.
 * Sizes: publicKey 1216 (pk_M ‖ pk_X), secretKey = seed 32, ciphertext 1120 (ct_M ‖ ct_X),
 * sharedSecret 32, eseed 64 (ML-KEM m ‖ X25519 ephemeral scalar).
 * @param mlkem768 - `MlKem768` of any backend (`mlkem-ts` or `mlkem-ts/wasm`).
 * @param options - `refuseLowOrder` (default false): refuse low-order X25519 shares, as Web Crypto and HPKE do.
 * @returns A frozen HybridKem named 'X-Wing'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object or options are not `{ refuseLowOrder?: boolean }`.
 * @example
 * const xwing = createXWing((await loadWasm()).MlKem768);
 * const strict = createXWing(MlKem768, { refuseLowOrder: true });
 */
export function createXWing(mlkem768: MlKem, options?: XWingOptions): HybridKem {
  const { refuseLowOrder } = readOptions(options, ['refuseLowOrder'], 'createXWing options');
  const refuse = readBoolean(refuseLowOrder, 'createXWing options.refuseLowOrder', false);
  return xwingOver(checkKem(mlkem768, 'ML-KEM-768', 'createXWing'), 'auto', { refuseLowOrder: refuse });
}

/** X-Wing's construction (constructions.ts). */
export const XWING: HybridConstruction = /* @__PURE__ */ Object.freeze({
  name: 'X-Wing',
  over: xwingOver,
  create: createXWing,
});
