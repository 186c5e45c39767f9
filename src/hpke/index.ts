// mlkem-ts/hpke: the KEMs of draft-ietf-hpke-pq for the JavaScript HPKE libraries `hpke` and
// `@hpke/core` (both optional peer dependencies of this entry point only). We write no HPKE of our
// own: the libraries run the key schedule and the AEAD, our KEMs the key encapsulation.
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import { XWing } from '../hybrid/index.js';
import type { KEMFactory } from 'hpke';
import { hpkeKem } from './hpke.js';
import type { HpkeKey } from './key.js';
import { createHpkeKem, type HpkeKem } from './kem.js';

export { MlKemError, type MlKemErrorCode } from '../errors.js';
export { createHpkeKem, type HpkeEncapsulation, type HpkeKem, type HpkeKemName, type HpkeKeyPair } from './kem.js';
export { HpkeKey } from './key.js';
export { hpkeKem } from './hpke.js';
export { hpkeCoreKem } from './hpke-core.js';
export { KDF_SHAKE128, KDF_SHAKE256, KDF_TurboSHAKE128, KDF_TurboSHAKE256 } from './kdf.js';

/** ML-KEM-512 as an HPKE KEM (id 0x0040; draft-ietf-hpke-pq §3), on the portable backend. Prefer ML-KEM-768 or a hybrid. */
export const ML_KEM_512: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem512);
/** ML-KEM-768 as an HPKE KEM (id 0x0041; draft-ietf-hpke-pq §3), on the portable backend. */
export const ML_KEM_768: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem768);
/** ML-KEM-1024 as an HPKE KEM (id 0x0042; draft-ietf-hpke-pq §3), on the portable backend. */
export const ML_KEM_1024: HpkeKem = /* @__PURE__ */ createHpkeKem(MlKem1024);
/** MLKEM768-X25519 = X-Wing as an HPKE KEM (id 0x647a; draft-ietf-hpke-pq §4), on the portable backend. */
export const MLKEM768_X25519: HpkeKem = /* @__PURE__ */ createHpkeKem(XWing);

/**
 * ML-KEM-512 for the `hpke` library's `CipherSuite`: a drop-in for `hpke`'s own `KEM_ML_KEM_512`
 * that needs no Web Crypto ML-KEM.
 */
export const KEM_ML_KEM_512: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_512);
/**
 * ML-KEM-768 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_ML_KEM_768`).
 * @example
 * ```ts
 * import { CipherSuite, KDF_HKDF_SHA256, AEAD_AES_128_GCM } from 'hpke';
 * import { KEM_ML_KEM_768 } from 'mlkem-ts/hpke';
 * const suite = new CipherSuite(KEM_ML_KEM_768, KDF_HKDF_SHA256, AEAD_AES_128_GCM);
 * const { privateKey, publicKey } = await suite.GenerateKeyPair();
 * const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, new TextEncoder().encode('hi'));
 * const plaintext = await suite.Open(privateKey, encapsulatedSecret, ciphertext);
 * ```
 */
export const KEM_ML_KEM_768: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_768);
/** ML-KEM-1024 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_ML_KEM_1024`). */
export const KEM_ML_KEM_1024: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_1024);
/** MLKEM768-X25519 (X-Wing) for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_MLKEM768_X25519`). */
export const KEM_MLKEM768_X25519: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(MLKEM768_X25519);
