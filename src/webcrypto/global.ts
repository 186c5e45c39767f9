/// <reference lib="dom" preserve="true" />
// TypeScript's DOM library predates "Modern Algorithms in the Web Cryptography API", and its
// KeyUsage and KeyFormat are type aliases, which cannot be extended: hence overloads that take them.
/**
 * Types for the polyfill. After `import 'mlkem-ts/webcrypto/global'`, the DOM library's
 * `crypto.subtle` has `encapsulateBits`, `decapsulateBits`, `encapsulateKey`, `decapsulateKey` and
 * `getPublicKey`. Its `generateKey`, `importKey` and `exportKey` take the ML-KEM and hybrid KEM
 * algorithm names, the KEM key usages and the `raw-public` and `raw-seed` formats. Types only:
 * call `install()` (from `mlkem-ts/webcrypto`) for the methods themselves on runtimes that lack them.
 * @example
 * ```ts
 * import 'mlkem-ts/webcrypto/global';
 * import { install } from 'mlkem-ts/webcrypto';
 * install();
 * const { publicKey, privateKey } = await crypto.subtle.generateKey('ML-KEM-768', false, ['encapsulateBits', 'decapsulateBits']);
 * const { ciphertext, sharedKey } = await crypto.subtle.encapsulateBits('ML-KEM-768', publicKey);
 * const same = await crypto.subtle.decapsulateBits('ML-KEM-768', privateKey, ciphertext); // = sharedKey
 * ```
 * @module mlkem-ts/webcrypto/global
 */
import type { KemAlgorithm } from './types.js';

/** The key usages of a KEM key ("Modern Algorithms", §8). */
export type KemKeyUsage = 'encapsulateKey' | 'encapsulateBits' | 'decapsulateKey' | 'decapsulateBits';

/** What `crypto.subtle.encapsulateBits` resolves to. */
export interface GlobalEncapsulatedBits {
  /** The ciphertext to send to the key's owner. */
  ciphertext: ArrayBuffer;
  /** The 32-byte shared secret. */
  sharedKey: ArrayBuffer;
}

/** What `crypto.subtle.encapsulateKey` resolves to. */
export interface GlobalEncapsulatedKey {
  /** The ciphertext to send to the key's owner. */
  ciphertext: ArrayBuffer;
  /** The shared secret, imported as a key of the shared-key algorithm. */
  sharedKey: CryptoKey;
}

/** A shared-key algorithm of encapsulateKey / decapsulateKey: AES, HMAC, HKDF, ... */
type SharedKeyAlgorithm = AlgorithmIdentifier | AesKeyAlgorithm | HmacImportParams;

declare global {
  interface SubtleCrypto {
    /**
     * A key pair of one of the KEM algorithms.
     * @param algorithm - the algorithm, for example 'ML-KEM-768'.
     * @param extractable - whether the private key may be exported.
     * @param keyUsages - KEM usages: the public key gets the encapsulate ones, the private key the decapsulate ones.
     * @returns the key pair.
     * @throws Rejects with the specification's DOMExceptions (SyntaxError for bad usages).
     */
    generateKey(
      algorithm: KemAlgorithm,
      extractable: boolean,
      keyUsages: readonly KemKeyUsage[],
    ): Promise<CryptoKeyPair>;
    /**
     * Imports a KEM key: 'raw-public' or 'spki' for a public key, 'raw-seed' or 'pkcs8' for a private key.
     * @param format - the key format.
     * @param keyData - the key's bytes.
     * @param algorithm - the algorithm, for example 'ML-KEM-768'.
     * @param extractable - whether the key may be exported.
     * @param keyUsages - KEM usages allowed for the key.
     * @returns the key.
     * @throws Rejects with DataError for invalid key data, NotSupportedError for a format the algorithm lacks.
     */
    importKey(
      format: 'raw-public' | 'raw-seed' | 'spki' | 'pkcs8',
      keyData: BufferSource,
      algorithm: KemAlgorithm,
      extractable: boolean,
      keyUsages: readonly KemKeyUsage[],
    ): Promise<CryptoKey>;
    /**
     * Imports a KEM key from a JWK (`kty: 'AKP'`).
     * @param format - 'jwk'.
     * @param keyData - the JWK.
     * @param algorithm - the algorithm, for example 'ML-KEM-768'.
     * @param extractable - whether the key may be exported.
     * @param keyUsages - KEM usages allowed for the key.
     * @returns the key.
     * @throws Rejects with DataError for an invalid JWK.
     */
    importKey(
      format: 'jwk',
      keyData: JsonWebKey,
      algorithm: KemAlgorithm,
      extractable: boolean,
      keyUsages: readonly KemKeyUsage[],
    ): Promise<CryptoKey>;
    /**
     * Imports a key of the runtime's own algorithms in a format of "Modern Algorithms": 'raw-public'
     * (an alias of 'raw' for ECDSA, ECDH, Ed25519, Ed448, X25519 and X448 public keys) or
     * 'raw-secret' (an alias of 'raw' for AES, HMAC, HKDF and PBKDF2 keys).
     * @param format - 'raw-public' or 'raw-secret'.
     * @param keyData - the key's bytes.
     * @param algorithm - the algorithm and its import parameters, as for 'raw'.
     * @param extractable - whether the key may be exported.
     * @param keyUsages - the key's usages.
     * @returns the key.
     * @throws Rejects with NotSupportedError for an algorithm without that format, else as for 'raw'.
     */
    importKey(
      format: 'raw-public' | 'raw-secret',
      keyData: BufferSource,
      algorithm: AlgorithmIdentifier | EcKeyImportParams | HmacImportParams,
      extractable: boolean,
      keyUsages: readonly KeyUsage[],
    ): Promise<CryptoKey>;
    /**
     * Exports a key in a format of "Modern Algorithms": a KEM key as its raw public key or seed;
     * a key of the runtime's own algorithms as 'raw-public' or 'raw-secret' (aliases of 'raw').
     * @param format - 'raw-public', 'raw-seed' or 'raw-secret'.
     * @param key - the key.
     * @returns the bytes.
     * @throws Rejects with InvalidAccessError for a key that is not extractable, NotSupportedError for a format the key lacks.
     */
    exportKey(format: 'raw-public' | 'raw-seed' | 'raw-secret', key: CryptoKey): Promise<ArrayBuffer>;
    /**
     * A fresh shared secret and its ciphertext for a public key.
     * @param algorithm - the key's algorithm.
     * @param encapsulationKey - the public key (usage 'encapsulateBits').
     * @returns the ciphertext and the shared secret.
     * @throws Rejects with InvalidAccessError for a wrong key or usage.
     */
    encapsulateBits(algorithm: KemAlgorithm, encapsulationKey: CryptoKey): Promise<GlobalEncapsulatedBits>;
    /**
     * The shared secret of a ciphertext.
     * @param algorithm - the key's algorithm.
     * @param decapsulationKey - the private key (usage 'decapsulateBits').
     * @param ciphertext - the ciphertext.
     * @returns the shared secret.
     * @throws Rejects with OperationError for a ciphertext of the wrong length.
     */
    decapsulateBits(
      algorithm: KemAlgorithm,
      decapsulationKey: CryptoKey,
      ciphertext: BufferSource,
    ): Promise<ArrayBuffer>;
    /**
     * encapsulateBits, with the shared secret imported as a key.
     * @param algorithm - the key's algorithm.
     * @param encapsulationKey - the public key (usage 'encapsulateKey').
     * @param sharedKeyAlgorithm - the algorithm of the shared key, for example 'AES-GCM'.
     * @param extractable - whether the shared key may be exported.
     * @param keyUsages - the shared key's usages.
     * @returns the ciphertext and the shared key.
     * @throws Rejects with the specification's DOMExceptions.
     */
    encapsulateKey(
      algorithm: KemAlgorithm,
      encapsulationKey: CryptoKey,
      sharedKeyAlgorithm: SharedKeyAlgorithm,
      extractable: boolean,
      keyUsages: readonly KeyUsage[],
    ): Promise<GlobalEncapsulatedKey>;
    /**
     * decapsulateBits, with the shared secret imported as a key.
     * @param algorithm - the key's algorithm.
     * @param decapsulationKey - the private key (usage 'decapsulateKey').
     * @param ciphertext - the ciphertext.
     * @param sharedKeyAlgorithm - the algorithm of the shared key, for example 'AES-GCM'.
     * @param extractable - whether the shared key may be exported.
     * @param keyUsages - the shared key's usages.
     * @returns the shared key.
     * @throws Rejects with the specification's DOMExceptions.
     */
    decapsulateKey(
      algorithm: KemAlgorithm,
      decapsulationKey: CryptoKey,
      ciphertext: BufferSource,
      sharedKeyAlgorithm: SharedKeyAlgorithm,
      extractable: boolean,
      keyUsages: readonly KeyUsage[],
    ): Promise<CryptoKey>;
    /**
     * The public key of a private key: a KEM key, or one of the runtime's own (ECDSA, ECDH,
     * Ed25519, Ed448, X25519, X448, RSA-OAEP, RSA-PSS, RSASSA-PKCS1-v1_5).
     * @param key - the private key.
     * @param keyUsages - the public key's usages.
     * @returns the public key.
     * @throws Rejects with NotSupportedError for a key without a public key, InvalidAccessError
     *   for a public key, SyntaxError for a usage the public key cannot have, OperationError
     *   where the runtime cannot read the public key of a non-extractable key (a browser without
     *   getPublicKey).
     */
    getPublicKey(key: CryptoKey, keyUsages: readonly (KeyUsage | KemKeyUsage)[]): Promise<CryptoKey>;
  }
}
