/// <reference lib="dom" preserve="true" />
// `@hpke/core` passes a KEM's errors through unchanged, so we throw its own error classes. A
// separate entry point from mlkem-ts/hpke, so that each imports (and its types name) only its own
// library. @hpke/core's declarations use the Web Crypto types (CryptoKey, JsonWebKey) of TypeScript's DOM
// library: the reference above brings it to every program that imports this entry.
/**
 * The post-quantum KEMs of draft-ietf-hpke-pq for the
 * [`@hpke/core`](https://www.npmjs.com/package/@hpke/core) library. {@link hpkeCoreKem} turns
 * one of them into the `KemInterface` its `CipherSuite` takes; errors are `@hpke/core`'s own
 * classes. `@hpke/core` is an optional peer dependency: install it beside mlkem-ts. For the
 * `hpke` library, import from `mlkem-ts/hpke`.
 * @example
 * ```ts
 * import { CipherSuite, HkdfSha256, Aes128Gcm } from '@hpke/core';
 * import { hpkeCoreKem, MLKEM768_X25519 } from 'mlkem-ts/hpke/core';
 * const suite = new CipherSuite({ kem: hpkeCoreKem(MLKEM768_X25519), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
 * const { privateKey, publicKey } = await suite.kem.generateKeyPair();
 * const { enc, ct } = await suite.seal({ recipientPublicKey: publicKey }, new TextEncoder().encode('hello'));
 * const plaintext = await suite.open({ recipientKey: privateKey, enc }, ct);
 * ```
 * @module mlkem-ts/hpke/core
 */
import {
  DecapError,
  DeriveKeyPairError,
  DeserializeError,
  EncapError,
  SerializeError,
  type KemInterface,
  type RecipientContextParams,
  type SenderContextParams,
} from '@hpke/core';

import { wipedAfter } from '../ct.js';
import { bytesOf, mapError, toArrayBuffer } from './buffer-source.js';
import type { HpkeKem } from './kem.js';
import { decapWith, encapTo, HpkeKey, keyBytes, newKey, newKeyPair } from './key.js';

export * from './named-kems.js';

/**
 * A `KemInterface` for `@hpke/core`'s `CipherSuite`, over one of our HPKE KEMs.
 * Keys are {@link HpkeKey} objects (CryptoKey-shaped, as `@hpke/core` expects of a non-native
 * KEM). Errors are `@hpke/core`'s: `EncapError` for an invalid public key, `DecapError` for a
 * wrong-length `enc` or an invalid hybrid curve point, `DeserializeError`, `SerializeError`,
 * `DeriveKeyPairError`; `importKey` takes only the 'raw' format. For tests, `encap` honours
 * `@hpke/core`'s `ekm` parameter as the KEM's Nrandom bytes of encapsulation randomness.
 * @param kem - one of our HPKE KEMs (`ML_KEM_768`, ..., or `createHpkeKem(wasm.MlKem768)`).
 * @returns a `KemInterface` for `new CipherSuite({ kem, kdf, aead })`.
 * @throws nothing itself.
 */
export function hpkeCoreKem(kem: HpkeKem): KemInterface {
  // Our copy of the key is wiped: the key object holds its own.
  const importRaw = (key: unknown, isPublic: boolean) =>
    mapError(DeserializeError, () =>
      wipedAfter(
        bytesOf(key, 'key'),
        (bytes) => newKey(kem, isPublic ? 'public' : 'private', bytes, true) as unknown as CryptoKey,
      ),
    );

  return Object.freeze({
    // KemId lists only the ids @hpke/core knows; 0x0050 and 0x0051 are valid HPKE KEM ids all the same.
    id: kem.id as KemInterface['id'],
    secretSize: kem.Nsecret,
    encSize: kem.Nenc,
    publicKeySize: kem.Npk,
    privateKeySize: kem.Nsk,
    serializePublicKey: (key: CryptoKey) => mapError(SerializeError, () => toArrayBuffer(keyBytes(kem, key, 'public'))),
    deserializePublicKey: (key: ArrayBufferLike | ArrayBufferView) => importRaw(key, true),
    serializePrivateKey: (key: CryptoKey) =>
      mapError(SerializeError, () => toArrayBuffer(keyBytes(kem, key, 'private'))),
    deserializePrivateKey: (key: ArrayBufferLike | ArrayBufferView) => importRaw(key, false),
    importKey(format: 'raw' | 'jwk', key: ArrayBuffer | JsonWebKey, isPublic = true) {
      if (format !== 'raw') {
        return mapError(DeserializeError, () => {
          throw new TypeError(`${kem.name} keys can be imported only in the 'raw' format, got ${String(format)}`);
        });
      }
      return importRaw(key, isPublic);
    },
    generateKeyPair: () =>
      mapError(DeriveKeyPairError, () => newKeyPair(kem, kem.generateKeyPair(), true) as unknown as CryptoKeyPair),
    deriveKeyPair: (ikm: ArrayBufferLike | ArrayBufferView) =>
      mapError(DeriveKeyPairError, () =>
        wipedAfter(
          bytesOf(ikm, 'ikm'),
          (copy) => newKeyPair(kem, kem.deriveKeyPair(copy), true) as unknown as CryptoKeyPair,
        ),
      ),
    encap: (params: SenderContextParams) =>
      mapError(EncapError, async () => {
        const { recipientPublicKey: pkR, ekm } = params;
        const { sharedSecret, enc } =
          ekm === undefined
            ? await encapTo(kem, pkR)
            : wipedAfter(bytesOf(ekm, 'ekm'), (copy) => kem.encapDerand(keyBytes(kem, pkR, 'public'), copy));
        return { sharedSecret: toArrayBuffer(sharedSecret), enc: toArrayBuffer(enc) };
      }),
    decap: (params: RecipientContextParams) =>
      mapError(DecapError, async () => {
        const { recipientKey } = params;
        const sk =
          recipientKey instanceof HpkeKey ? recipientKey : (recipientKey as CryptoKeyPair | undefined)?.privateKey;
        return toArrayBuffer(await decapWith(kem, sk, bytesOf(params.enc, 'enc')));
      }),
  });
}
