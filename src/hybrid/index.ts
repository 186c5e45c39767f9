// mlkem-ts/hybrid: X-Wing and the RFC 10024 TLS 1.3 groups. The classical halves come from
// @noble/curves, a dependency of this entry point only; the core ('mlkem-ts') never imports it.
import { MlKem1024, MlKem768 } from '../index.js';
import { createSecP256r1MlKem768, createSecP384r1MlKem1024, createX25519MlKem768 } from './tls.js';
import type { HybridKem } from './types.js';
import { createXWing } from './xwing.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export type { Encapsulation, HybridKem, HybridKeyPair, HybridName, HybridSizes } from './types.js';
export { createSecP256r1MlKem768, createSecP384r1MlKem1024, createX25519MlKem768, createXWing };

/** X-Wing (draft-connolly-cfrg-xwing-kem-10) over the portable ML-KEM-768: the general-purpose hybrid KEM. */
export const XWing: HybridKem = /* @__PURE__ */ createXWing(MlKem768);
/** X25519MLKEM768 (RFC 10024, TLS group 0x11EC) over the portable ML-KEM-768. For TLS-like protocols only. */
export const X25519MLKEM768: HybridKem = /* @__PURE__ */ createX25519MlKem768(MlKem768);
/** SecP256r1MLKEM768 (RFC 10024, TLS group 0x11EB) over the portable ML-KEM-768. For TLS-like protocols only. */
export const SecP256r1MLKEM768: HybridKem = /* @__PURE__ */ createSecP256r1MlKem768(MlKem768);
/** SecP384r1MLKEM1024 (RFC 10024, TLS group 0x11ED) over the portable ML-KEM-1024. For TLS-like protocols only. */
export const SecP384r1MLKEM1024: HybridKem = /* @__PURE__ */ createSecP384r1MlKem1024(MlKem1024);
