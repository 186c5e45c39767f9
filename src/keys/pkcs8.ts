import { describe, readBoolean, readOptions } from '../args.js';
import type { ByteArray } from '../bytes.js';
// PKCS#8 OneAsymmetricKey (RFC 5958, §2) for ML-KEM private keys (RFC 9935, §6). The
// privateKey OCTET STRING holds one of
//   ML-KEM-PrivateKey ::= CHOICE {
//     seed        [0] IMPLICIT OCTET STRING (SIZE (64)),            -- DER tag 0x80
//     expandedKey OCTET STRING (SIZE (1632 | 2400 | 3168)),        -- 0x04
//     both        SEQUENCE { seed OCTET STRING (SIZE (64)),        -- 0x30
//                            expandedKey OCTET STRING (SIZE (1632 | 2400 | 3168)) } }
import { ctEqual, wipe, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import { algorithmIdentifier, kemFor, readBackend } from './algorithms.js';
import { type DerNode, TAG_CONTEXT_0, TAG_INTEGER, TAG_OCTET_STRING, TAG_SEQUENCE, derNode, encodeDer } from './der.js';
import { resolveKey } from './parts.js';
import { takeDer } from './pem.js';
import { readPkcs8 } from './pkix.js';
import type { DecodePkcs8Options, EncodePkcs8Options, KeyParts, PrivateKeyForm, PrivateKeyInfo } from './types.js';
import { checkSecretKey, embeddedPublicKey } from './validate.js';

const FORMS: readonly PrivateKeyForm[] = ['seed', 'expanded', 'both'];

/**
 * The DER PKCS#8 (OneAsymmetricKey v1) of a private key. `key` holds the 64-byte `seed`, the
 * expanded `secretKey`, or both (a KeyPair from keygen will do); `algorithm` is needed only for a
 * seed alone. `form` defaults to 'seed' whenever the seed is known — what Node, WebCrypto and
 * AWS-LC write — else 'expanded'. An expanded key given without its seed gets the checks of
 * decodePkcs8: FIPS 203, §7.3, §7.2 of its ek, a canonical ŝ and, unless `pairwiseCheck: false`, the
 * pairwise check (which needs randomness), so that nothing is written that decodePkcs8 refuses.
 * @param key - the private key's parts; those given must be one key.
 * @param options - `form`: 'seed', 'expanded' or 'both' (RFC 9935, §6); `pairwiseCheck` (default
 *   true) for an expanded key without its seed; `backend` as everywhere.
 * @returns the DER bytes.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a key object, no seed or secretKey, a seed alone
 *   without algorithm, an unknown form, a form that needs the seed without it), `ERR_INVALID_LENGTH`,
 *   `ERR_INVALID_SECRET_KEY` (parts that are not one key, an expanded key that fails its checks),
 *   `ERR_RANDOMNESS` (the pairwise check without a random source).
 */
export function encodePkcs8(key: KeyParts, options?: EncodePkcs8Options): ByteArray {
  const {
    form: formIn,
    backend,
    pairwiseCheck,
  } = readOptions(options, ['form', 'backend', 'pairwiseCheck'], 'encodePkcs8 options');
  const pairwise = readBoolean(pairwiseCheck, 'encodePkcs8 options.pairwiseCheck', true);
  const form = formIn as PrivateKeyForm | undefined;
  if (form !== undefined && !FORMS.includes(form)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `encodePkcs8 options.form must be 'seed', 'expanded' or 'both', got ${typeof form === 'string' ? `'${form}'` : describe(form)}`,
    );
  }
  const k = resolveKey(key, 'encodePkcs8 key', readBackend(backend, 'encodePkcs8 options'));
  try {
    if (k.secretKey === undefined)
      throw new MlKemError('ERR_INVALID_TYPE', 'encodePkcs8 key must hold seed or secretKey, not only publicKey');
    // What decodePkcs8 would refuse by default is not written either.
    if (k.seed === undefined && pairwise) checkSecretKey(k.kem, k.secretKey, 'encodePkcs8 key.secretKey', true);
    const chosen = form ?? (k.seed !== undefined ? 'seed' : 'expanded');
    if (chosen !== 'expanded' && k.seed === undefined) {
      throw new MlKemError(
        'ERR_INVALID_TYPE',
        `encodePkcs8 form '${chosen}' needs key.seed: an expanded key cannot be turned back into its seed`,
      );
    }
    let privateKey: DerNode;
    if (chosen === 'seed') privateKey = derNode(TAG_CONTEXT_0, k.seed!);
    else if (chosen === 'expanded') privateKey = derNode(TAG_OCTET_STRING, k.secretKey);
    else privateKey = derNode(TAG_SEQUENCE, derNode(TAG_OCTET_STRING, k.seed!), derNode(TAG_OCTET_STRING, k.secretKey));
    return encodeDer(
      derNode(
        TAG_SEQUENCE,
        derNode(TAG_INTEGER, Uint8Array.of(0)),
        algorithmIdentifier(k.kem.name),
        derNode(TAG_OCTET_STRING, privateKey),
      ),
    );
  } finally {
    k.dispose();
  }
}

/**
 * Decodes a DER PKCS#8 OneAsymmetricKey (v1, or v2 with a publicKey) holding an ML-KEM private
 * key in any of the three forms, and returns the key with its seed when the file has it.
 * - seed: expanded with FIPS 203, Algorithm 16.
 * - expandedKey: the §7.3 hash check, the §7.2 check of its embedded ek, every coefficient of ŝ
 *   below q (one encoding per key), and, unless `pairwiseCheck: false`, an encapsulate/decapsulate
 *   round trip (which needs randomness).
 * - both: the seed is expanded and must give exactly the expandedKey (all of it, z included).
 * - an included publicKey [1] must be the key's own.
 * - attributes [0] must be a DER SET OF Attribute; their values are not interpreted.
 * @param der - the DER bytes (fromPem gives them for PEM text).
 * @param options - `pairwiseCheck` (default true): the round trip for an expanded key;
 *   `backend` as everywhere.
 * @returns the parameter set, the seed (when stored), the expanded key and the public key.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a Uint8Array, bad options), `ERR_INVALID_KEY_ENCODING`
 *   (malformed DER, another algorithm, a wrong length inside), `ERR_INVALID_SECRET_KEY` (a failed
 *   check, parts that disagree), `ERR_RANDOMNESS` (the pairwise check without a random source).
 * @example
 * const { algorithm, secretKey } = decodePkcs8(fromPem(pem, 'PRIVATE KEY').der);
 * const sharedSecret = kemFor(algorithm).decapsulate(ciphertext, secretKey);
 */
export function decodePkcs8(der: Uint8Array, options?: DecodePkcs8Options): PrivateKeyInfo {
  // Our copy of the caller's DER, which holds the key.
  return wipedAfter(takeDer(der, 'decodePkcs8', 'loadPrivateKey'), (bytes) => decodeOwned(bytes, options));
}

function decodeOwned(der: ByteArray, options?: DecodePkcs8Options): PrivateKeyInfo {
  const { pairwiseCheck, backend: backendIn } = readOptions(
    options,
    ['pairwiseCheck', 'backend'],
    'decodePkcs8 options',
  );
  const backend = readBackend(backendIn, 'decodePkcs8 options');
  const pairwise = readBoolean(pairwiseCheck, 'decodePkcs8 options.pairwiseCheck', true);
  const { algorithm, seed: seedIn, expandedKey: expandedIn, publicKey: includedPublicKey } = readPkcs8(der);
  const kem = kemFor(algorithm, backend);

  let seed: ByteArray | undefined;
  let secretKey: ByteArray | undefined;
  let publicKey: ByteArray;
  try {
    if (seedIn !== undefined) {
      ({ seed, secretKey, publicKey } = kem.keygen(seedIn)); // keygen copies the seed: fresh arrays
      if (expandedIn !== undefined && !ctEqual(secretKey, expandedIn)) {
        throw new MlKemError(
          'ERR_INVALID_SECRET_KEY',
          `PKCS#8: the seed and the expandedKey of this ${algorithm} key disagree: the seed does not expand to it`,
        );
      }
    } else {
      checkSecretKey(kem, expandedIn!, `PKCS#8 expandedKey`, pairwise);
      secretKey = expandedIn!.slice();
      publicKey = embeddedPublicKey(kem, secretKey).slice();
    }
    if (includedPublicKey !== undefined && !ctEqual(includedPublicKey, publicKey)) {
      throw new MlKemError(
        'ERR_INVALID_SECRET_KEY',
        `PKCS#8: publicKey [1] is not the public key of this ${algorithm} private key`,
      );
    }
  } catch (err) {
    wipe(seed, secretKey);
    throw err;
  }
  return seed !== undefined ? { algorithm, seed, secretKey, publicKey } : { algorithm, secretKey, publicKey };
}
