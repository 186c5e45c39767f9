// The parts of a key file as stored, read without the key checks, so that `inspect` can run
// each check itself and say which one fails. Only used on files whose structure the strict
// decoders of mlkem-ts/keys have accepted (or refused only for a failed key check): it reads the
// same fields (RFC 9935 §4 and §6, RFC 5958 §2, the JWK of Node.js) and checks nothing else.
import { type MlKemAlgorithm, type PrivateKeyForm } from '../keys/index.js';
import { readAlgorithmIdentifier } from '../keys/algorithms.js';
import { DerReader, TAG_BIT_STRING, TAG_CONTEXT_0, TAG_CONTEXT_0_CONSTRUCTED, TAG_CONTEXT_1, TAG_OCTET_STRING, TAG_SEQUENCE } from '../keys/der.js';
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

const fromBase64url = (value: unknown): Uint8Array | undefined =>
  typeof value === 'string' ? Uint8Array.from(Buffer.from(value, 'base64url')) : undefined;

export function storedParts(container: Container): StoredParts {
  if (container.structure === 'JWK') {
    const { alg, pub, priv } = container.jwk as Record<string, unknown>;
    const seed = fromBase64url(priv);
    const publicKey = fromBase64url(pub)!;
    const algorithm = alg as MlKemAlgorithm;
    return seed === undefined ? { kind: 'public', algorithm, publicKey } : { kind: 'private', algorithm, form: 'seed', seed, publicKey };
  }
  if (container.structure === 'SubjectPublicKeyInfo') {
    const r = new DerReader(container.der, 'SubjectPublicKeyInfo').element(TAG_SEQUENCE, 'SubjectPublicKeyInfo');
    const algorithm = readAlgorithmIdentifier(r, 'algorithm');
    return { kind: 'public', algorithm, publicKey: r.bitString(TAG_BIT_STRING, 'subjectPublicKey') };
  }
  const r = new DerReader(container.der, 'PKCS#8').element(TAG_SEQUENCE, 'OneAsymmetricKey');
  const version = r.smallInteger('version');
  const algorithm = readAlgorithmIdentifier(r, 'privateKeyAlgorithm');
  const choice = r.element(TAG_OCTET_STRING, 'privateKey');
  if (r.peek() === TAG_CONTEXT_0_CONSTRUCTED) r.element(TAG_CONTEXT_0_CONSTRUCTED, 'attributes');
  const parts: StoredParts = { kind: 'private', algorithm, version };
  if (r.peek() === TAG_CONTEXT_1) parts.publicKey = r.bitString(TAG_CONTEXT_1, 'publicKey [1]');
  const tag = choice.peek();
  if (tag === TAG_CONTEXT_0) {
    parts.form = 'seed';
    parts.seed = choice.contents(TAG_CONTEXT_0, 'seed');
  } else if (tag === TAG_OCTET_STRING) {
    parts.form = 'expanded';
    parts.expandedKey = choice.contents(TAG_OCTET_STRING, 'expandedKey');
  } else {
    const both = choice.element(TAG_SEQUENCE, 'both');
    parts.form = 'both';
    parts.seed = both.contents(TAG_OCTET_STRING, 'both.seed');
    parts.expandedKey = both.contents(TAG_OCTET_STRING, 'both.expandedKey');
  }
  return parts;
}
