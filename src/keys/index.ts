/**
 * ML-KEM keys in the standard formats: SubjectPublicKeyInfo and PKCS#8 (RFC 9935) in DER or PEM,
 * and JWK as Node.js writes it. The files interoperate with OpenSSL 3.5 and Node.js 24+; the
 * decoders are strict and run the FIPS 203 key checks.
 * @example
 * import { MlKem768 } from 'mlkem-ts';
 * import { decodePkcs8, encodePkcs8, encodeSpki, fromPem, loadPrivateKey, toPem } from 'mlkem-ts/keys';
 * const pair = MlKem768.keygen();
 * const privatePem = toPem(encodePkcs8(pair), 'PRIVATE KEY'); // the seed form
 * const publicPem = toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY');
 * const { algorithm, secretKey } = decodePkcs8(fromPem(privatePem).der);
 * const key = loadPrivateKey(privatePem); // or in one call: key.name is 'ML-KEM-768'
 * @module mlkem-ts/keys
 */
export { equalBytes } from '../ct.js';
export { kemFor, type MlKemAlgorithm } from './algorithms.js';
export { fromJwk, toJwk } from './jwk.js';
export { type KeyFileInput, getPublicKey, loadPrivateKey, loadPublicKey } from './load.js';
export { fromPem, toPem } from './pem.js';
export { decodePkcs8, encodePkcs8 } from './pkcs8.js';
export { decodeSpki, encodeSpki } from './spki.js';
export type {
  DecodePkcs8Options,
  EncodePkcs8Options,
  KeyOptions,
  KeyParts,
  MlKemBackend,
  MlKemJwk,
  PemLabel,
  PrivateKeyForm,
  PrivateKeyInfo,
  PublicKeyInfo,
} from './types.js';
