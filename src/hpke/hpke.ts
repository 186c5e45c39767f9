// The adapter for the `hpke` library (npm `hpke`): a KEMFactory whose KEM is one of ours. Nothing
// of `hpke` is imported at run time (its CipherSuite maps our errors to EncapError, DecapError,
// DeserializeError and DeriveKeyPairError itself), so this file needs only its types.
import type { KEM, KEMFactory } from 'hpke';

import type { HpkeKem } from './kem.js';
import { decapWith, encapTo, HpkeKey, keyBytes, newKey, newKeyPair } from './key.js';

/**
 * The library's own key checks, in its order and words (its KEMs all make them; its test suite
 * matches `/key (algorithm|namedCurve) must be/` and 'key must be extractable'): a key of another
 * algorithm, a key that is not one of ours, a private key that may not be serialized.
 */
function checkKey(kem: HpkeKem, key: unknown, extractable = false): void {
  const name = (key as { algorithm?: { name?: unknown } } | null | undefined)?.algorithm?.name;
  if (name !== kem.name) throw new TypeError(`key algorithm must be ${kem.name}`);
  if (!(key instanceof HpkeKey)) throw new TypeError('unexpected key constructor');
  if (extractable && !key.extractable) throw new TypeError('key must be extractable');
}

/** A fresh KEM object over kem, as the library's factories return one per call (plain and writable). */
function kemObject(kem: HpkeKem): KEM<HpkeKey> {
  return {
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
      checkKey(kem, key, true);
      return keyBytes(kem, key, 'public');
    },
    async DeserializePublicKey(key: Uint8Array) {
      return newKey(kem, 'public', key, true);
    },
    async SerializePrivateKey(key: HpkeKey) {
      checkKey(kem, key, true);
      return keyBytes(kem, key, 'private');
    },
    async DeserializePrivateKey(key: Uint8Array, extractable: boolean) {
      return newKey(kem, 'private', key, extractable);
    },
    async Encap(pkR: HpkeKey) {
      checkKey(kem, pkR);
      const { sharedSecret, enc } = await encapTo(kem, pkR);
      return { shared_secret: sharedSecret, enc };
    },
    async Decap(enc: Uint8Array, skR: HpkeKey) {
      checkKey(kem, skR);
      return await decapWith(kem, skR, enc);
    },
  };
}

/**
 * A KEM factory for the `hpke` library's `CipherSuite`, over one of our HPKE KEMs, with the
 * library's own contract: the factory is named as the library names its own (`KEM_ML_KEM_768`,
 * `KEM_MLKEM768_X25519`, ...), and each call returns a fresh KEM object.
 * Keys are {@link HpkeKey} objects; `DeserializePublicKey` and `DeserializePrivateKey` are the
 * identity on bytes (draft-ietf-hpke-pq, §3, §4). The checks happen where the draft puts them:
 * an invalid public key fails `Encap` (the suite throws `EncapError`), a wrong `enc` fails `Decap`
 * (`DecapError`). A well-formed but wrong ML-KEM `enc` gives ML-KEM's implicit-rejection secret,
 * so the AEAD then fails to open (`OpenError`). A key of another KEM is refused as the library's
 * own KEMs refuse it: `TypeError('key algorithm must be …')`, the `cause` of the suite's
 * `EncapError` or `DecapError`. Serializing a non-extractable private key throws
 * `TypeError('key must be extractable')`.
 * @param kem - one of our HPKE KEMs (`ML_KEM_768`, ..., or `createHpkeKem(wasm.MlKem768)`).
 * @returns a `KEMFactory<HpkeKey>` for `new CipherSuite(kemFactory, kdf, aead)`.
 * @throws nothing itself; the KEM's methods throw MlKemError or TypeError, which `CipherSuite` wraps.
 */
export function hpkeKem(kem: HpkeKem): KEMFactory<HpkeKey> {
  const factory = () => kemObject(kem);
  // The library's test harness finds factories by their function name: 'KEM_ML_KEM_768', 'KEM_MLKEM768_X25519'.
  Object.defineProperty(factory, 'name', { value: `KEM_${kem.name.replaceAll('-', '_')}` });
  return factory;
}
