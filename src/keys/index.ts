// mlkem-ts/keys: ML-KEM keys in the formats the world uses — the seed form, RFC 9935
// SubjectPublicKeyInfo and PKCS#8 in DER and PEM, and JWK as Node.js writes it. Interoperable
// with Node.js and OpenSSL; strict on input. Built on the public MlKem interface only.
export { kemFor, type MlKemAlgorithm } from './algorithms.js';
export { fromJwk, toJwk } from './jwk.js';
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
