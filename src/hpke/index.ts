/**
 * The post-quantum KEMs of draft-ietf-hpke-pq (ML-KEM-512/768/1024, MLKEM768-X25519 = X-Wing,
 * MLKEM768-P256, MLKEM1024-P384) for the [`hpke`](https://www.npmjs.com/package/hpke) library:
 * `KEMFactory`s to pass to its `CipherSuite`, with the one-stage SHA-3 KDFs of the draft. `hpke`
 * runs the key schedule and the AEAD; mlkem-ts the key encapsulation. `hpke` is an optional peer
 * dependency: install it beside mlkem-ts. For `@hpke/core`, import from `mlkem-ts/hpke/core`.
 * @example
 * ```ts
 * import { CipherSuite, KDF_HKDF_SHA256, AEAD_AES_128_GCM } from 'hpke';
 * import { KEM_MLKEM768_X25519 } from 'mlkem-ts/hpke';
 * const suite = new CipherSuite(KEM_MLKEM768_X25519, KDF_HKDF_SHA256, AEAD_AES_128_GCM);
 * const { privateKey, publicKey } = await suite.GenerateKeyPair();
 * const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, new TextEncoder().encode('hello'));
 * const plaintext = await suite.Open(privateKey, encapsulatedSecret, ciphertext);
 * ```
 * @module mlkem-ts/hpke
 */
import type { KEMFactory } from 'hpke';

import { hpkeKem } from './hpke.js';
import type { HpkeKey } from './key.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768, MLKEM1024_P384, MLKEM768_P256, MLKEM768_X25519 } from './named-kems.js';

export * from './named-kems.js';
export { hpkeKem } from './hpke.js';
export { KDF_SHAKE128, KDF_SHAKE256, KDF_TurboSHAKE128, KDF_TurboSHAKE256 } from './kdf.js';

/**
 * ML-KEM-512 for the `hpke` library's `CipherSuite`: a drop-in for `hpke`'s own `KEM_ML_KEM_512`
 * that needs no Web Crypto ML-KEM.
 */
export const KEM_ML_KEM_512: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_512);
/** ML-KEM-768 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_ML_KEM_768`). */
export const KEM_ML_KEM_768: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_768);
/** ML-KEM-1024 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_ML_KEM_1024`). */
export const KEM_ML_KEM_1024: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(ML_KEM_1024);
/** MLKEM768-X25519 (X-Wing) for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_MLKEM768_X25519`). */
export const KEM_MLKEM768_X25519: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(MLKEM768_X25519);
/** MLKEM768-P256 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_MLKEM768_P256`). */
export const KEM_MLKEM768_P256: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(MLKEM768_P256);
/** MLKEM1024-P384 for the `hpke` library's `CipherSuite` (a drop-in for `hpke`'s `KEM_MLKEM1024_P384`). */
export const KEM_MLKEM1024_P384: KEMFactory<HpkeKey> = /* @__PURE__ */ hpkeKem(MLKEM1024_P384);
