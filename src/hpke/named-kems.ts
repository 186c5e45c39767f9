import { MLKEM1024_P384 as HybridP384, MLKEM768_P256 as HybridP256, XWing } from '../hybrid/index.js';
// What both HPKE entry points share, free of either library's types: our KEMs of
// draft-ietf-hpke-pq on the portable backend, and the factory for other backends.
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import { createHpkeKem, type HpkeKem } from './kem.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export { createHpkeKem, type HpkeEncapsulation, type HpkeKem, type HpkeKemName, type HpkeKeyPair } from './kem.js';
export { HpkeKey } from './key.js';

/** ML-KEM-512 as an HPKE KEM (id 0x0040; draft-ietf-hpke-pq, §3), on the portable backend. Prefer ML-KEM-768 or a hybrid. */
export const ML_KEM_512: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem512);
/** ML-KEM-768 as an HPKE KEM (id 0x0041; draft-ietf-hpke-pq, §3), on the portable backend. */
export const ML_KEM_768: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem768);
/** ML-KEM-1024 as an HPKE KEM (id 0x0042; draft-ietf-hpke-pq, §3), on the portable backend. */
export const ML_KEM_1024: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem1024);
/** MLKEM768-X25519 = X-Wing as an HPKE KEM (id 0x647a; draft-ietf-hpke-pq, §4), on the portable backend. */
export const MLKEM768_X25519: HpkeKem = /* @__PURE__ */ createHpkeKem(XWing);
/** MLKEM768-P256 as an HPKE KEM (id 0x0050; draft-ietf-hpke-pq, §4), on the portable backend. */
export const MLKEM768_P256: HpkeKem = /* @__PURE__ */ createHpkeKem(HybridP256);
/** MLKEM1024-P384 as an HPKE KEM (id 0x0051; draft-ietf-hpke-pq, §4), on the portable backend. */
export const MLKEM1024_P384: HpkeKem = /* @__PURE__ */ createHpkeKem(HybridP384);
