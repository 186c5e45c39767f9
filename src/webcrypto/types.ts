// The TypeScript shapes of the Web Crypto layer: its SubtleCrypto (with the methods of "Modern
// Algorithms in the Web Cryptography API", §4), its results and the keys it takes. Written without
// the DOM library's types, so that the declarations check in projects that do not load it.
import type { AlgorithmIdentifier, KeyFormat } from './arguments.js';
import type { KeyUsage, MlKemCryptoKey } from './key.js';

/** What every CryptoKey has (WebCrypto §13): the runtime's keys and ours alike. */
export interface CryptoKeyLike {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: { readonly name: string };
  readonly usages: string[];
}

/**
 * The runtime's CryptoKey type where the project has one (the DOM library, or Node's types), else
 * CryptoKeyLike: keys from encapsulateKey and decapsulateKey go straight to crypto.subtle.
 */
export type NativeCryptoKey = typeof globalThis extends { CryptoKey: { prototype: infer K } } ? K : CryptoKeyLike;

/** A key of either kind: the runtime's CryptoKey, or one of ours. */
export type AnyCryptoKey = NativeCryptoKey | MlKemCryptoKey;

/** A JSON Web Key (RFC 7517) as exportKey("jwk") returns it; pub and priv for the "AKP" keys. */
export interface JsonWebKeyLike {
  kty?: string;
  alg?: string;
  key_ops?: string[];
  ext?: boolean;
  pub?: string;
  priv?: string;
  [member: string]: unknown;
}

/** The names of the algorithms this package implements. */
export type KemAlgorithmName = 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024' | 'MLKEM768-X25519' | 'MLKEM768-P256' | 'MLKEM1024-P384';
/** One of our algorithms, by name or as `{ name }`. */
export type KemAlgorithm = KemAlgorithmName | { name: KemAlgorithmName };

/** The result of encapsulateBits: the ciphertext to send and the 32-byte shared secret. */
export interface EncapsulatedBits {
  ciphertext: ArrayBuffer;
  sharedKey: ArrayBuffer;
}

/** The result of encapsulateKey: the ciphertext to send and the shared secret as a runtime key. */
export interface EncapsulatedKey {
  ciphertext: ArrayBuffer;
  sharedKey: NativeCryptoKey;
}

/** The key pair of one of our algorithms. */
export interface KemKeyPair {
  publicKey: AnyCryptoKey;
  privateKey: AnyCryptoKey;
}

/** A sequence of key usages. */
export type Usages = Iterable<KeyUsage | string>;
/** A BufferSource. */
export type Bytes = ArrayBuffer | ArrayBufferView;

/** SubtleCrypto with the methods of "Modern Algorithms in the Web Cryptography API", §4. */
export interface WebCryptoSubtle {
  generateKey(algorithm: KemAlgorithm, extractable: boolean, keyUsages: Usages): Promise<KemKeyPair>;
  generateKey(algorithm: AlgorithmIdentifier | object, extractable: boolean, keyUsages: Usages): Promise<KemKeyPair | NativeCryptoKey>;
  importKey(format: KeyFormat, keyData: Bytes | object, algorithm: AlgorithmIdentifier | object, extractable: boolean, keyUsages: Usages): Promise<AnyCryptoKey>;
  exportKey(format: 'jwk', key: AnyCryptoKey): Promise<JsonWebKeyLike>;
  exportKey(format: Exclude<KeyFormat, 'jwk'>, key: AnyCryptoKey): Promise<ArrayBuffer>;
  encapsulateBits(algorithm: AlgorithmIdentifier, encapsulationKey: AnyCryptoKey): Promise<EncapsulatedBits>;
  decapsulateBits(algorithm: AlgorithmIdentifier, decapsulationKey: AnyCryptoKey, ciphertext: Bytes): Promise<ArrayBuffer>;
  encapsulateKey(
    algorithm: AlgorithmIdentifier,
    encapsulationKey: AnyCryptoKey,
    sharedKeyAlgorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<EncapsulatedKey>;
  decapsulateKey(
    algorithm: AlgorithmIdentifier,
    decapsulationKey: AnyCryptoKey,
    ciphertext: Bytes,
    sharedKeyAlgorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<NativeCryptoKey>;
  getPublicKey(key: AnyCryptoKey, keyUsages: Usages): Promise<AnyCryptoKey>;
  encrypt(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  decrypt(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  sign(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  verify(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, signature: Bytes, data: Bytes): Promise<boolean>;
  digest(algorithm: AlgorithmIdentifier | object, data: Bytes): Promise<ArrayBuffer>;
  deriveBits(algorithm: AlgorithmIdentifier | object, baseKey: AnyCryptoKey, length?: number | null): Promise<ArrayBuffer>;
  deriveKey(
    algorithm: AlgorithmIdentifier | object,
    baseKey: AnyCryptoKey,
    derivedKeyType: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<NativeCryptoKey>;
  wrapKey(format: KeyFormat, key: AnyCryptoKey, wrappingKey: AnyCryptoKey, wrapAlgorithm: AlgorithmIdentifier | object): Promise<ArrayBuffer>;
  unwrapKey(
    format: KeyFormat,
    wrappedKey: Bytes,
    unwrappingKey: AnyCryptoKey,
    unwrapAlgorithm: AlgorithmIdentifier | object,
    unwrappedKeyAlgorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<AnyCryptoKey>;
}
