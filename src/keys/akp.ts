// The one JWK codec of the package, for every algorithm: the "AKP" (algorithm key pair) JWK of
// draft-ietf-cose-dilithium that Node.js and the Web Crypto API use for ML-KEM and the hybrids.
// kty "AKP", alg the algorithm's name, pub the public key and, in a private key, priv its seed,
// both in unpadded base64url (RFC 7515, §2). The algorithm-specific checks (which names, which
// sizes, what a key must satisfy) stay with the callers: keys/jwk.ts and webcrypto/formats.ts.
import { type ByteArray, decodeBase64url, encodeBase64url } from '../bytes.js';

/** An AKP JWK's members, in the order Node.js writes them. */
export interface AkpJwk {
  kty: 'AKP';
  alg: string;
  pub: string;
  priv?: string;
}

/** The AKP JWK of a key: `priv` when the seed is given. */
export function encodeAkp(alg: string, publicKey: Uint8Array, seed?: Uint8Array): AkpJwk {
  const jwk: AkpJwk = { kty: 'AKP', alg, pub: encodeBase64url(publicKey) };
  if (seed !== undefined) jwk.priv = encodeBase64url(seed);
  return jwk;
}

/**
 * The bytes of an AKP JWK's `pub` or `priv` string (strict base64url, ERR_INVALID_KEY_ENCODING
 * naming "JWK pub" or "JWK priv"); a message about priv never quotes its characters.
 */
export function decodeAkpMember(text: string, member: 'pub' | 'priv'): ByteArray {
  return decodeBase64url(text, `JWK ${member}`, member === 'priv');
}
