// The adapter for the `hpke` library (npm `hpke`): a KEMFactory whose KEM is one of ours. Nothing
// of `hpke` is imported at run time (its CipherSuite maps our errors to EncapError, DecapError,
// DeserializeError and DeriveKeyPairError itself), so this file needs only its types.
import type { KEM, KEMFactory } from 'hpke';
import type { HpkeKem } from './kem.js';
import { decapWith, encapTo, HpkeKey, keyBytes, newKey, newKeyPair } from './key.js';

/**
 * A KEM factory for the `hpke` library's `CipherSuite`, over one of our HPKE KEMs.
 *
 * Keys are {@link HpkeKey} objects; `DeserializePublicKey` and `DeserializePrivateKey` are the
 * identity on bytes (draft-ietf-hpke-pq, §3, §4), and the checks happen where the draft puts them:
 * an invalid public key fails `Encap` (the suite throws `EncapError`), a wrong `enc` fails `Decap`
 * (`DecapError`). A well-formed but wrong ML-KEM `enc` gives ML-KEM's implicit-rejection secret,
 * so the AEAD then fails to open (`OpenError`).
 *
 * @param kem - one of our HPKE KEMs (`ML_KEM_768`, ..., or `createHpkeKem(wasm.MlKem768)`).
 * @returns a `KEMFactory<HpkeKey>` for `new CipherSuite(kemFactory, kdf, aead)`.
 * @throws nothing itself; the KEM's methods throw MlKemError, which `CipherSuite` wraps.
 * @example
 * ```ts
 * import { CipherSuite, KDF_HKDF_SHA256, AEAD_AES_128_GCM } from 'hpke';
 * import { hpkeKem, MLKEM768_X25519 } from 'mlkem-ts/hpke';
 * const suite = new CipherSuite(hpkeKem(MLKEM768_X25519), KDF_HKDF_SHA256, AEAD_AES_128_GCM);
 * ```
 */
export function hpkeKem(kem: HpkeKem): KEMFactory<HpkeKey> {
  const impl: KEM<HpkeKey> = Object.freeze({
    id: kem.id,
    type: 'KEM',
    name: kem.name,
    Nsecret: kem.Nsecret,
    Nenc: kem.Nenc,
    Npk: kem.Npk,
    Nsk: kem.Nsk,
    async DeriveKeyPair(ikm: Uint8Array, extractable: boolean) {
      return newKeyPair(kem, kem.deriveKeyPair(ikm), extractable);
    },
    async GenerateKeyPair(extractable: boolean) {
      return newKeyPair(kem, kem.generateKeyPair(), extractable);
    },
    async SerializePublicKey(key: HpkeKey) {
      return keyBytes(kem, key, 'public');
    },
    async DeserializePublicKey(key: Uint8Array) {
      return newKey(kem, 'public', key, true);
    },
    async SerializePrivateKey(key: HpkeKey) {
      return keyBytes(kem, key, 'private');
    },
    async DeserializePrivateKey(key: Uint8Array, extractable: boolean) {
      return newKey(kem, 'private', key, extractable);
    },
    async Encap(pkR: HpkeKey) {
      const { sharedSecret, enc } = await encapTo(kem, pkR);
      return { shared_secret: sharedSecret, enc };
    },
    async Decap(enc: Uint8Array, skR: HpkeKey) {
      return await decapWith(kem, skR, enc);
    },
  });
  return () => impl;
}
