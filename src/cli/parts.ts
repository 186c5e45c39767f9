// The parts of a key file as stored, for `inspect`: the structural readers of mlkem-ts/keys
// (readSpki, readPkcs8, readJwk), which check the encoding completely and the key not at all, so
// that inspect can run each key check itself, once, and say which one fails.
import type { MlKemAlgorithm, PrivateKeyForm } from '../keys/index.js';
import { readJwk } from '../keys/jwk.js';
import { readPkcs8, readSpki } from '../keys/pkix.js';
import type { Container } from './keyfile.js';

export interface StoredParts {
  kind: 'public' | 'private';
  algorithm: MlKemAlgorithm;
  /** The PKCS#8 version (0 = v1, 1 = v2). */
  version?: number;
  /** What a private key stores. */
  form?: PrivateKeyForm;
  seed?: Uint8Array;
  expandedKey?: Uint8Array;
  /** A public key stored beside the private key (PKCS#8 v2 publicKey [1], JWK pub), or the public key itself. */
  publicKey?: Uint8Array;
}

/** The parts of a key file; malformed encodings throw ERR_INVALID_KEY_ENCODING. */
export function storedParts(container: Container): StoredParts {
  if (container.structure === 'JWK') {
    const { algorithm, publicKey, seed } = readJwk(container.jwk);
    return seed === undefined
      ? { kind: 'public', algorithm, publicKey }
      : { kind: 'private', algorithm, form: 'seed', seed, publicKey };
  }
  if (container.structure === 'SubjectPublicKeyInfo') return { kind: 'public', ...readSpki(container.der) };
  return { kind: 'private', ...readPkcs8(container.der) };
}
