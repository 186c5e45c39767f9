// The curve halves run through node:crypto where the runtime has it (reached at run time, never
// imported), else on @noble/curves; the core ('mlkem-ts') imports neither.
// Naming: an identifier spells its specification's name with hyphens as underscores
// (MLKEM768_P256, createMLKEM768_P256); X-Wing keeps its established XWing / createXWing.
/**
 * Hybrid KEMs, ML-KEM with a classical key exchange: X-Wing (= MLKEM768-X25519, the
 * general-purpose choice), MLKEM768-P256 and MLKEM1024-P384 (draft-irtf-cfrg-concrete-hybrid-kems),
 * and the RFC 10024 TLS 1.3 groups. Each is a {@link HybridKem} shaped like MlKem, over the
 * portable ML-KEM or, through the factories, any backend.
 * @example
 * import { XWing } from 'mlkem-ts/hybrid';
 * const { publicKey, secretKey } = XWing.keygen();
 * const { ciphertext, sharedSecret } = XWing.encapsulate(publicKey);
 * @module mlkem-ts/hybrid
 */
import { MlKem1024, MlKem768 } from '../index.js';
import { createMLKEM1024_P384, createMLKEM768_P256 } from './nist-hybrids.js';
import { createSecP256r1MLKEM768, createSecP384r1MLKEM1024, createX25519MLKEM768 } from './tls-hybrids.js';
import type { HybridKem } from './types.js';
import { createXWing } from './xwing.js';
export type { XWingOptions } from './xwing.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export type { KeyFileInput } from '../keys/load.js';
export { loadPrivateKey, loadPublicKey } from './load.js';
export type {
  Encapsulation,
  HybridDecapsulationKey,
  HybridEncapsulationKey,
  HybridKem,
  HybridKeyPair,
  HybridName,
  HybridSizes,
} from './types.js';
export {
  createMLKEM1024_P384,
  createMLKEM768_P256,
  createSecP256r1MLKEM768,
  createSecP384r1MLKEM1024,
  createX25519MLKEM768,
  createXWing,
};

/**
 * X-Wing (draft-connolly-cfrg-xwing-kem-10) over the portable ML-KEM-768: the general-purpose
 * hybrid KEM. The same object as {@link MLKEM768_X25519}.
 */
export const XWing: HybridKem = /* @__PURE__ */ createXWing(MlKem768);
/** MLKEM768-X25519 (draft-irtf-cfrg-concrete-hybrid-kems; HPKE KEM 0x647a): X-Wing's CFRG name, the same object as {@link XWing}. */
export const MLKEM768_X25519: HybridKem = XWing;
/**
 * MLKEM768-P256 (draft-irtf-cfrg-concrete-hybrid-kems; HPKE KEM 0x0050) over the portable
 * ML-KEM-768: the concrete hybrid KEM for when a NIST curve is required.
 */
export const MLKEM768_P256: HybridKem = /* @__PURE__ */ createMLKEM768_P256(MlKem768);
/**
 * MLKEM1024-P384 (draft-irtf-cfrg-concrete-hybrid-kems; HPKE KEM 0x0051) over the portable
 * ML-KEM-1024: MLKEM768-P256's construction at a higher level.
 */
export const MLKEM1024_P384: HybridKem = /* @__PURE__ */ createMLKEM1024_P384(MlKem1024);
/** X25519MLKEM768 (RFC 10024, TLS group 0x11EC) over the portable ML-KEM-768. For TLS-like protocols only. */
export const X25519MLKEM768: HybridKem = /* @__PURE__ */ createX25519MLKEM768(MlKem768);
/** SecP256r1MLKEM768 (RFC 10024, TLS group 0x11EB) over the portable ML-KEM-768. For TLS-like protocols only. */
export const SecP256r1MLKEM768: HybridKem = /* @__PURE__ */ createSecP256r1MLKEM768(MlKem768);
/** SecP384r1MLKEM1024 (RFC 10024, TLS group 0x11ED) over the portable ML-KEM-1024. For TLS-like protocols only. */
export const SecP384r1MLKEM1024: HybridKem = /* @__PURE__ */ createSecP384r1MLKEM1024(MlKem1024);

/** MLKEM768-X25519 over an ML-KEM-768 object of any backend: {@link createXWing} under X-Wing's CFRG name. */
export const createMLKEM768_X25519: typeof createXWing = createXWing;
