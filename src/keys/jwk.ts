import { describe, isObjectArgument, readFields } from '../args.js';
import type { ByteArray } from '../bytes.js';
// JSON Web Keys (RFC 7517) for ML-KEM in the form Node.js (24 and later) and WebCrypto use.
// The "AKP" key type (draft-ietf-cose-dilithium), `alg` the parameter-set name, `pub` the
// encapsulation key and, for a private key, `priv` the 64-byte seed d ‖ z (never the expanded
// key), both in unpadded base64url (RFC 7515, §2). A private JWK always carries `pub` too.
import { ctEqual, wipe, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import { ML_KEM_ENTRIES, orList } from '../registry.js';
import { decodeAkpMember, encodeAkp } from './akp.js';
import { type MlKemAlgorithm, backendOption, kemFor } from './algorithms.js';
import { resolveKey } from './parts.js';
import type { KeyOptions, KeyParts, MlKemJwk, PrivateKeyInfo, PublicKeyInfo } from './types.js';
import { checkPublicKey } from './validate.js';

/**
 * The JWK of a key: a private JWK when `key` holds the seed, else a public one from `publicKey`.
 * Members in the order Node writes them: kty, alg, pub, priv.
 * @param key - the key's parts: with its seed for a private JWK, or only `publicKey`.
 * @param options - `backend`: the MlKem objects that expand and check keys (default: the portable ones).
 * @returns the JWK object (JSON.stringify it for a file).
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a key object, an expanded key without its seed),
 *   `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY` (a public key alone fails §7.2),
 *   `ERR_INVALID_SECRET_KEY` (parts that are not one key).
 * @example
 * const jwk = toJwk(MlKem768.keygen()); // { kty: 'AKP', alg: 'ML-KEM-768', pub, priv }
 */
export function toJwk(key: KeyParts, options?: KeyOptions): MlKemJwk {
  const backend = backendOption(options, 'toJwk');
  const k = resolveKey(key, 'toJwk key', backend);
  try {
    if (k.seed === undefined && k.secretKey !== undefined) {
      throw new MlKemError(
        'ERR_INVALID_TYPE',
        'toJwk key has an expanded secretKey but no seed: an ML-KEM JWK holds the seed as priv, and an expanded key cannot be turned back into it (pass only publicKey for a public JWK)',
      );
    }
    return encodeAkp(ML_KEM_ENTRIES.find((e) => e.name === k.kem.name)!.jwk, k.publicKey, k.seed) as MlKemJwk;
  } finally {
    k.dispose();
  }
}

const fail = (message: string): never => {
  throw new MlKemError('ERR_INVALID_KEY_ENCODING', `JWK: ${message}`);
};

/**
 * A member's value for a message: a short name-like string quoted, any other string by its length
 * only (a private JWK's members are never quoted: one of them may be the seed, misplaced).
 */
export const showMember = (value: unknown): string =>
  typeof value !== 'string'
    ? describe(value)
    : /^[A-Za-z0-9._-]{0,20}$/.test(value)
      ? JSON.stringify(value)
      : `a string of ${value.length} characters`;

/**
 * The key in a JWK: { algorithm, publicKey } for a public JWK; { algorithm, seed, secretKey,
 * publicKey } for a private one, whose pub must be the public key of its seed. Members other
 * than kty, alg, pub and priv (use, key_ops, kid, ext, …) are ignored.
 * @param jwk - the JWK object (parse JSON text first).
 * @param options - `backend`: the MlKem objects that expand and check keys (default: the portable ones).
 * @returns the public key, or the private key with its seed.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not an object), `ERR_INVALID_KEY_ENCODING` (a kty
 *   other than "AKP", an unknown alg, bad base64url, wrong lengths), `ERR_INVALID_PUBLIC_KEY`
 *   (FIPS 203, §7.2), `ERR_INVALID_SECRET_KEY` (pub is not the public key of priv).
 */
export function fromJwk(jwk: object, options?: KeyOptions): PublicKeyInfo | PrivateKeyInfo {
  const backend = backendOption(options, 'fromJwk');
  const fields = readJwk(jwk);
  const { algorithm, publicKey, seed } = fields;
  const kem = kemFor(algorithm, backend);
  if (seed === undefined) {
    checkPublicKey(kem, publicKey, 'JWK pub', 'ERR_INVALID_PUBLIC_KEY');
    return { algorithm, publicKey };
  }
  const pair = wipedAfter(seed, (s) => kem.keygen(s)); // keygen returns its own copy
  if (!ctEqual(pair.publicKey, publicKey)) {
    wipe(pair.seed, pair.secretKey);
    throw new MlKemError('ERR_INVALID_SECRET_KEY', `JWK: pub is not the public key of the seed in priv (${algorithm})`);
  }
  return { algorithm, seed: pair.seed, secretKey: pair.secretKey, publicKey: pair.publicKey };
}

/** The fields of an ML-KEM JWK: fresh arrays, the seed the caller's to wipe. */
export interface JwkFields {
  algorithm: MlKemAlgorithm;
  publicKey: ByteArray;
  seed?: ByteArray;
}

/**
 * Reads an ML-KEM JWK's members — kty "AKP", alg one of the three names, pub and priv strict
 * base64url of the right lengths — without checking or expanding the key (fromJwk and the
 * command's inspect do that, once). Malformed JWKs throw ERR_INVALID_KEY_ENCODING.
 */
export function readJwk(jwk: object): JwkFields {
  if (!isObjectArgument(jwk)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `fromJwk jwk must be a JWK object (parse JSON text first), got ${describe(jwk)}`,
    );
  }
  const { kty, alg, pub, priv } = readFields(jwk, ['kty', 'alg', 'pub', 'priv'], 'fromJwk jwk');
  if (kty !== 'AKP') fail(`kty must be "AKP" for ML-KEM, got ${showMember(kty)}`);
  const entry = ML_KEM_ENTRIES.find((e) => e.jwk === alg);
  if (entry === undefined)
    fail(`alg must be ${orList(ML_KEM_ENTRIES.map((e) => `"${e.jwk}"`))}, got ${showMember(alg)}`);
  const algorithm: MlKemAlgorithm = entry!.name;
  const sizes = kemFor(algorithm).sizes; // the sizes are the same on every backend
  if (typeof pub !== 'string') fail(`pub must be a base64url string, got ${showMember(pub)}`);
  const publicKey = decodeAkpMember(pub as string, 'pub');
  if (publicKey.length !== sizes.publicKey)
    fail(`pub holds ${publicKey.length} bytes; an ${algorithm} public key has ${sizes.publicKey}`);
  if (priv === undefined) return { algorithm, publicKey };
  if (typeof priv !== 'string') fail(`priv must be a base64url string, got ${describe(priv)}`);
  const seed = decodeAkpMember(priv as string, 'priv');
  if (seed.length !== 64) {
    wipe(seed);
    fail(
      seed.length === sizes.secretKey
        ? `priv holds an expanded ${algorithm} key; an ML-KEM JWK priv is the 64-byte seed`
        : `priv holds ${seed.length} bytes; an ML-KEM JWK priv is the 64-byte seed`,
    );
  }
  return { algorithm, publicKey, seed };
}
