import { readOptions, takeUint8Array } from '../args.js';
import type { ByteArray } from '../bytes.js';
import { algorithmIdentifier, algorithmOfLength, backendOption, kemFor, lengthsOf, readBackend } from './algorithms.js';
import { TAG_BIT_STRING, TAG_SEQUENCE, derNode, encodeDer } from './der.js';
import { takeDer } from './pem.js';
import { readSpki } from './pkix.js';
import type { KeyOptions, PublicKeyInfo } from './types.js';
import { checkPublicKey } from './validate.js';

/**
 * The DER SubjectPublicKeyInfo of an encapsulation key (RFC 9935, §4); the parameter set follows
 * from its length.
 * @param key - the encapsulation key ek (800, 1184 or 1568 bytes).
 * @param options - `backend`: the MlKem objects that expand and check keys (default: the portable ones).
 * @returns the DER bytes.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a Uint8Array, bad options), `ERR_INVALID_LENGTH`
 *   (not a public key length), `ERR_INVALID_PUBLIC_KEY` (the FIPS 203, §7.2 check fails).
 */
export function encodeSpki(key: Uint8Array, options?: KeyOptions): ByteArray {
  const { backend } = readOptions(options, ['backend'], 'encodeSpki options');
  const publicKey = takeUint8Array(key, 'encodeSpki publicKey', ` of ${lengthsOf('publicKey')} bytes`);
  const algorithm = algorithmOfLength('publicKey', publicKey.length, 'encodeSpki publicKey');
  const kem = kemFor(algorithm, readBackend(backend, 'encodeSpki options'));
  checkPublicKey(kem, publicKey, 'encodeSpki publicKey', 'ERR_INVALID_PUBLIC_KEY');
  // subjectPublicKey: a BIT STRING with 0 unused bits, then ek
  return encodeDer(
    derNode(TAG_SEQUENCE, algorithmIdentifier(algorithm), derNode(TAG_BIT_STRING, Uint8Array.of(0), publicKey)),
  );
}

/**
 * Decodes a DER SubjectPublicKeyInfo holding an ML-KEM public key, and runs the FIPS 203, §7.2 check on it.
 * @param der - the DER bytes (fromPem gives them for PEM text).
 * @param options - `backend`: the MlKem objects that expand and check keys (default: the portable ones).
 * @returns the parameter set and the encapsulation key.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a Uint8Array, bad options), `ERR_INVALID_KEY_ENCODING`
 *   (malformed DER, another algorithm, a wrong length inside), `ERR_INVALID_PUBLIC_KEY` (FIPS 203, §7.2).
 * @example
 * const { algorithm, publicKey } = decodeSpki(fromPem(pem, 'PUBLIC KEY').der);
 */
export function decodeSpki(der: Uint8Array, options?: KeyOptions): PublicKeyInfo {
  const backend = backendOption(options, 'decodeSpki');
  const fields = readSpki(takeDer(der, 'decodeSpki', 'loadPublicKey'));
  const { algorithm } = fields;
  const kem = kemFor(algorithm, backend);
  const publicKey = fields.publicKey.slice();
  checkPublicKey(kem, publicKey, `SubjectPublicKeyInfo subjectPublicKey`, 'ERR_INVALID_PUBLIC_KEY');
  return { algorithm, publicKey };
}
