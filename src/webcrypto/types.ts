import type { WebCryptoName } from '../registry.js';
// The TypeScript shapes of the Web Crypto layer: its SubtleCrypto (with the methods of "Modern
// Algorithms in the Web Cryptography API", §4), its results and the keys it takes. Written without
// the DOM library's types, so that the declarations check in projects that do not load it.
import type { AlgorithmIdentifier, KeyFormat } from './arguments.js';
import type { KeyUsage, MlKemCryptoKey } from './key.js';

/** What every CryptoKey has (WebCrypto, §13): the runtime's keys and ours alike. */
export interface CryptoKeyLike {
  /** "public", "private" or "secret". */
  readonly type: string;
  /** Whether exportKey (and wrapKey) may export the key material. */
  readonly extractable: boolean;
  /** The KeyAlgorithm: at least the algorithm's name (more members for some runtime algorithms). */
  readonly algorithm: {
    /** The recognized algorithm name, as the implementation spells it ("ML-KEM-768", "AES-GCM", ...). */
    readonly name: string;
  };
  /** The key usages ("encapsulateBits", "decrypt", ...). */
  readonly usages: string[];
}

/**
 * The runtime's CryptoKey type where the project has one (the DOM library, or Node's types), else
 * CryptoKeyLike: keys from encapsulateKey and decapsulateKey go straight to crypto.subtle.
 */
export type NativeCryptoKey = typeof globalThis extends {
  /** The global CryptoKey class, where the project's type definitions declare one. */
  CryptoKey: {
    /** Its prototype, whose type is the CryptoKey instance type. */
    prototype: infer K;
  };
}
  ? K
  : CryptoKeyLike;

/** A key of either kind: the runtime's CryptoKey, or one of ours. */
export type AnyCryptoKey = NativeCryptoKey | MlKemCryptoKey;

/**
 * A JSON Web Key (RFC 7517) as exportKey("jwk") returns it; pub and priv for the "AKP" keys. For
 * our algorithms it has exactly alg, ext, key_ops, kty, priv (private keys only) and pub; a
 * runtime key's JWK has the members of its key type.
 */
export interface JsonWebKeyLike {
  /** The key type: "AKP" (algorithm key pair) for our algorithms. */
  kty?: string;
  /** The algorithm: for our algorithms its Web Crypto name ("ML-KEM-768", "MLKEM768-X25519", ...). */
  alg?: string;
  /** The key's usages. */
  key_ops?: string[];
  /** Whether the key is extractable. */
  ext?: boolean;
  /** The public key (for our algorithms the raw-public bytes), base64url without padding. */
  pub?: string;
  /** The private key (for our algorithms the seed, as raw-seed exports it), base64url without padding. */
  priv?: string;
  /** Any other JWK member (those of a runtime key's type). */
  [member: string]: unknown;
}

/** The names of the algorithms this package implements (the registry's Web Crypto names). */
export type { WebCryptoName as KemAlgorithmName };
/**
 * One of our algorithms, by name or as `{ name }` (the methods match the name ASCII
 * case-insensitively, as WebCrypto normalizes algorithms).
 */
export type KemAlgorithm =
  | WebCryptoName
  | {
      /** The algorithm's name. */
      name: WebCryptoName;
    };

/** The result of encapsulateBits: the ciphertext to send and the 32-byte shared secret. */
export interface EncapsulatedBits {
  /**
   * The ciphertext to send to the holder of the private key: 768, 1088 or 1568 bytes for
   * ML-KEM-512, -768 or -1024; 1120, 1153 or 1665 bytes for MLKEM768-X25519, MLKEM768-P256 or
   * MLKEM1024-P384.
   */
  ciphertext: ArrayBuffer;
  /** The shared secret: 32 bytes for every algorithm. */
  sharedKey: ArrayBuffer;
}

/** The result of encapsulateKey: the ciphertext to send and the shared secret as a runtime key. */
export interface EncapsulatedKey {
  /** The ciphertext to send to the holder of the private key (sizes as in {@link EncapsulatedBits.ciphertext}). */
  ciphertext: ArrayBuffer;
  /** The 32-byte shared secret, imported by the runtime's crypto.subtle as a key of the requested algorithm. */
  sharedKey: NativeCryptoKey;
}

/** The key pair of one of our algorithms. */
export interface KemKeyPair {
  /** The public (encapsulation) key: always extractable, with the requested encapsulate usages. */
  publicKey: AnyCryptoKey;
  /** The private (decapsulation) key: extractable as requested, with the requested decapsulate usages. */
  privateKey: AnyCryptoKey;
}

/**
 * A sequence of key usages (WebIDL `sequence<KeyUsage>`): any iterable of strings. A string that
 * is not a {@link KeyUsage} rejects with a TypeError, as in native engines.
 */
// oxlint-disable-next-line typescript/no-redundant-type-constituents -- KeyUsage names the usages for editors
export type Usages = Iterable<KeyUsage | string>;
/**
 * A BufferSource: an ArrayBuffer, a TypedArray or a DataView (not backed by a
 * SharedArrayBuffer). The methods copy the bytes before they use them.
 */
export type Bytes = ArrayBuffer | ArrayBufferView;

/**
 * SubtleCrypto with the methods of "Modern Algorithms in the Web Cryptography API", §4.
 * Every method returns a promise and never throws: its failures are rejections.
 * For our algorithms and keys they are a TypeError for an argument WebIDL cannot convert (an
 * unknown format or usage, keyUsages that are not a sequence of strings, key data or a ciphertext
 * that is not a BufferSource, a key that is not a CryptoKey, an algorithm object without `name`),
 * else a DOMException named as the specification says (each method's @throws). Everything else,
 * runtime keys included, is the runtime's own crypto.subtle, with its own rejections (a
 * NotSupportedError when the runtime has no crypto.subtle or lacks the method). The methods our algorithms have no part in
 * (encrypt, decrypt, sign, verify, digest, deriveBits, deriveKey) first reject our algorithm
 * names with `NotSupportedError` and our keys with `InvalidAccessError`.
 */
export interface WebCryptoSubtle {
  /**
   * Generates a key pair of one of our algorithms (§8.4 "Generate Key").
   * @param algorithm - The algorithm: a {@link WebCryptoName} or `{ name }`.
   * @param extractable - Whether the private key may be exported (the public key always may).
   * @param keyUsages - The usages, among "encapsulateKey", "encapsulateBits" (given to the
   *   public key), "decapsulateKey" and "decapsulateBits" (given to the private key); at least
   *   one decapsulate usage.
   * @returns The key pair, as {@link MlKemCryptoKey}s.
   * @throws {DOMException} (the promise rejects) `SyntaxError` for any other usage, or without
   *   "decapsulateKey" or "decapsulateBits"; `OperationError` when key generation fails (no
   *   secure random source).
   */
  generateKey(algorithm: KemAlgorithm, extractable: boolean, keyUsages: Usages): Promise<KemKeyPair>;
  /**
   * Generates a key pair of one of our algorithms, as the other overload does; any other
   * algorithm is generated by the runtime's crypto.subtle.generateKey (a key, or a key pair).
   * @param algorithm - An algorithm name or an algorithm object with `name` (and the members
   *   the runtime's algorithm needs).
   * @param extractable - Whether the (private) key may be exported.
   * @param keyUsages - The usages of the key, or of the key pair's two keys.
   * @returns A key pair, or the runtime's secret key.
   * @throws {DOMException} (the promise rejects) For our algorithms as the other overload; for any
   *   other, the runtime's (`NotSupportedError` for a name it does not know).
   */
  generateKey(
    algorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<KemKeyPair | NativeCryptoKey>;
  /**
   * Imports a key (§8.4 "Import Key" for our algorithms; the runtime's importKey for the others).
   * Our algorithms take "raw-public", "spki" (ML-KEM only) and public "jwk" for a public key, and
   * "raw-seed", "pkcs8" (ML-KEM only; the seed or both forms) and private "jwk" for a private
   * key. Public keys are checked as encapsulation checks them (FIPS 203, §7.2, and a NIST-curve
   * hybrid's curve point).
   * @param format - The key format: "raw-public", "raw-seed", "spki", "pkcs8" or "jwk" for our
   *   algorithms.
   * @param keyData - A {@link Bytes} BufferSource, or a JSON Web Key object for "jwk". The
   *   raw-public key is 800, 1184 or 1568 bytes (ML-KEM-512, -768, -1024) or 1216, 1249 or 1665
   *   bytes (MLKEM768-X25519, MLKEM768-P256, MLKEM1024-P384); the raw-seed 64 bytes for ML-KEM
   *   (d ‖ z) or 32 bytes for a hybrid.
   * @param algorithm - The key's algorithm: a name or `{ name }`.
   * @param extractable - Whether the key may be exported.
   * @param keyUsages - The usages: "encapsulateKey"/"encapsulateBits" for a public key,
   *   "decapsulateKey"/"decapsulateBits" (at least one) for a private key.
   * @returns The key: an {@link MlKemCryptoKey} for our algorithms, else the runtime's CryptoKey.
   * @throws {DOMException} (the promise rejects) For our algorithms: `NotSupportedError` for a
   *   format the algorithm lacks ("raw", "raw-private", "raw-secret"; "spki" and "pkcs8" for the
   *   hybrids; a PKCS#8 key in the expandedKey form without its seed); `SyntaxError` for a usage
   *   the key's type does not allow, or a private key without usages; `DataError` for key data
   *   of the wrong length, a key that fails its checks, an SPKI or PKCS#8 structure that is
   *   invalid or holds another algorithm, or a JWK whose kty, alg, use, key_ops, ext, pub or priv
   *   does not fit.
   */
  importKey(
    format: KeyFormat,
    keyData: Bytes | object,
    algorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<AnyCryptoKey>;
  /**
   * Exports a key as a JSON Web Key. For our keys: `{ alg, ext, key_ops, kty: "AKP", priv, pub }`
   * (priv, the seed, for a private key only), in that order; a runtime key goes to the
   * runtime's exportKey.
   * @param format - "jwk".
   * @param key - The key to export.
   * @returns The JSON Web Key.
   * @throws {DOMException} (the promise rejects) `InvalidAccessError` when our key is not extractable.
   */
  exportKey(format: 'jwk', key: AnyCryptoKey): Promise<JsonWebKeyLike>;
  /**
   * Exports a key as bytes. For our keys: "raw-public" and "spki" (ML-KEM only) of a public key,
   * "raw-seed" and "pkcs8" (ML-KEM only; the seed form) of a private key; a runtime key goes to
   * the runtime's exportKey.
   * @param format - The key format.
   * @param key - The key to export.
   * @returns The encoded key (sizes as for importKey).
   * @throws {DOMException} (the promise rejects) For our keys: `InvalidAccessError` when the key
   *   is not extractable or is of the wrong type for the format (a private key as "raw-public"
   *   or "spki", a public key as "raw-seed" or "pkcs8"); `NotSupportedError` for "raw",
   *   "raw-private" or "raw-secret", and for "spki" or "pkcs8" of a hybrid.
   */
  exportKey(format: Exclude<KeyFormat, 'jwk'>, key: AnyCryptoKey): Promise<ArrayBuffer>;
  /**
   * Encapsulates a fresh shared secret to a public key (§4.2).
   * @param algorithm - The key's algorithm: a name or `{ name }`.
   * @param encapsulationKey - A public key with the "encapsulateBits" usage.
   * @returns The ciphertext to send and the 32-byte shared secret.
   * @throws {DOMException} (the promise rejects) `NotSupportedError` for an algorithm that is
   *   not one of ours; `InvalidAccessError` when the key's algorithm is not `algorithm`, the key
   *   lacks the "encapsulateBits" usage or is not a public key (also for a runtime CryptoKey when
   *   the runtime has no encapsulateBits); `OperationError` when encapsulation fails (no secure
   *   random source).
   */
  encapsulateBits(algorithm: AlgorithmIdentifier, encapsulationKey: AnyCryptoKey): Promise<EncapsulatedBits>;
  /**
   * Decapsulates a ciphertext with a private key (§4.4). A ciphertext of the right length made
   * for another key, or altered, does not reject: ML-KEM's implicit rejection gives an unrelated
   * secret.
   * @param algorithm - The key's algorithm: a name or `{ name }`.
   * @param decapsulationKey - A private key with the "decapsulateBits" usage.
   * @param ciphertext - The ciphertext (sizes as in {@link EncapsulatedBits.ciphertext}).
   * @returns The 32-byte shared secret.
   * @throws {DOMException} (the promise rejects) `NotSupportedError` for an algorithm that is
   *   not one of ours; `InvalidAccessError` when the key's algorithm is not `algorithm`, the key
   *   lacks the "decapsulateBits" usage or is not a private key (also for a runtime CryptoKey when
   *   the runtime has no decapsulateBits); `OperationError` for a ciphertext of the wrong length,
   *   or a hybrid ciphertext whose curve point is invalid (MLKEM768-P256, MLKEM1024-P384).
   */
  decapsulateBits(
    algorithm: AlgorithmIdentifier,
    decapsulationKey: AnyCryptoKey,
    ciphertext: Bytes,
  ): Promise<ArrayBuffer>;
  /**
   * Encapsulates a fresh shared secret to a public key and imports it, through the runtime's
   * importKey ("raw-secret", or "raw" where the runtime predates it), as a key of
   * `sharedKeyAlgorithm` (§4.1).
   * @param algorithm - The key's algorithm: a name or `{ name }`.
   * @param encapsulationKey - A public key with the "encapsulateKey" usage.
   * @param sharedKeyAlgorithm - The shared key's algorithm, as importKey takes it ("AES-GCM",
   *   `{ name: "HMAC", hash: "SHA-256" }`, "HKDF", ...).
   * @param extractable - Whether the shared key may be exported.
   * @param keyUsages - The shared key's usages (those its algorithm allows).
   * @returns The ciphertext to send and the shared key (a runtime CryptoKey).
   * @throws {DOMException} (the promise rejects) As encapsulateBits, with the "encapsulateKey"
   *   usage; `NotSupportedError` also for a sharedKeyAlgorithm the runtime cannot import (on a
   *   runtime without SubtleCrypto.supports, anything but AES-CTR, AES-CBC, AES-GCM, AES-KW,
   *   HMAC, HKDF and PBKDF2); and what the runtime's importKey rejects the shared key with (such
   *   as `SyntaxError` for usages its algorithm does not allow, or none).
   */
  encapsulateKey(
    algorithm: AlgorithmIdentifier,
    encapsulationKey: AnyCryptoKey,
    sharedKeyAlgorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<EncapsulatedKey>;
  /**
   * Decapsulates a ciphertext with a private key and imports the shared secret, through the
   * runtime's importKey, as a key of `sharedKeyAlgorithm` (§4.3). An altered ciphertext of the
   * right length does not reject: it gives a key of an unrelated secret.
   * @param algorithm - The key's algorithm: a name or `{ name }`.
   * @param decapsulationKey - A private key with the "decapsulateKey" usage.
   * @param ciphertext - The ciphertext (sizes as in {@link EncapsulatedBits.ciphertext}).
   * @param sharedKeyAlgorithm - The shared key's algorithm, as importKey takes it.
   * @param extractable - Whether the shared key may be exported.
   * @param keyUsages - The shared key's usages (those its algorithm allows).
   * @returns The shared key (a runtime CryptoKey), the same as the sender's.
   * @throws {DOMException} (the promise rejects) As decapsulateBits, with the "decapsulateKey"
   *   usage, and for the shared key as encapsulateKey (`NotSupportedError`, the runtime importKey's).
   */
  decapsulateKey(
    algorithm: AlgorithmIdentifier,
    decapsulationKey: AnyCryptoKey,
    ciphertext: Bytes,
    sharedKeyAlgorithm: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<NativeCryptoKey>;
  /**
   * The public key of a private key (§4.5): of our keys whether or not the private key is
   * extractable. Of the runtime's own (ECDSA, ECDH, Ed25519, Ed448, X25519, X448, RSA-OAEP,
   * RSA-PSS, RSASSA-PKCS1-v1_5) also where the runtime has no getPublicKey (Node 20-24, Firefox,
   * Safari). There it is read through node:crypto where there is one, else from the key's export.
   * @param key - A private key.
   * @param keyUsages - The public key's usages: "encapsulateKey" and/or "encapsulateBits" (or none)
   *   for our keys; for a runtime key those its public keys allow ("verify"; "encrypt", "wrapKey"
   *   for RSA-OAEP; none for ECDH, X25519, X448).
   * @returns The public key: always extractable; an {@link MlKemCryptoKey} for our keys, the
   *   runtime's for a runtime key.
   * @throws {DOMException} (the promise rejects) For our keys: `InvalidAccessError` when the key
   *   is not a private key; `SyntaxError` for a usage other than "encapsulateKey" and
   *   "encapsulateBits". A runtime key goes to the runtime's getPublicKey, or, where it has none,
   *   is derived here, in the same order: `NotSupportedError` for a key without a public key
   *   (AES, HMAC, ...), `InvalidAccessError` for a public key, `SyntaxError` for a usage its public
   *   key cannot have, `OperationError` where the public key cannot be read (a non-extractable
   *   key in a browser).
   */
  getPublicKey(key: AnyCryptoKey, keyUsages: Usages): Promise<AnyCryptoKey>;
  /**
   * The runtime's crypto.subtle.encrypt: our algorithms and keys have no part in it.
   * @param algorithm - The encryption algorithm and its parameters.
   * @param key - A runtime key.
   * @param data - The plaintext.
   * @returns The ciphertext.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  encrypt(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  /**
   * The runtime's crypto.subtle.decrypt: our algorithms and keys have no part in it.
   * @param algorithm - The decryption algorithm and its parameters.
   * @param key - A runtime key.
   * @param data - The ciphertext.
   * @returns The plaintext.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  decrypt(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  /**
   * The runtime's crypto.subtle.sign: our algorithms and keys have no part in it.
   * @param algorithm - The signature algorithm and its parameters.
   * @param key - A runtime key.
   * @param data - The data to sign.
   * @returns The signature.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  sign(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  /**
   * The runtime's crypto.subtle.verify: our algorithms and keys have no part in it.
   * @param algorithm - The signature algorithm and its parameters.
   * @param key - A runtime key.
   * @param signature - The signature to check.
   * @param data - The signed data.
   * @returns Whether the signature is valid.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  verify(algorithm: AlgorithmIdentifier | object, key: AnyCryptoKey, signature: Bytes, data: Bytes): Promise<boolean>;
  /**
   * The runtime's crypto.subtle.digest.
   * @param algorithm - The hash algorithm ("SHA-256", ...).
   * @param data - The data to hash.
   * @returns The digest.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  digest(algorithm: AlgorithmIdentifier | object, data: Bytes): Promise<ArrayBuffer>;
  /**
   * The runtime's crypto.subtle.deriveBits: our algorithms and keys have no part in it.
   * @param algorithm - The derivation algorithm and its parameters.
   * @param baseKey - A runtime key.
   * @param length - The number of bits to derive (omitted: not passed on).
   * @returns The derived bits.
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  deriveBits(
    algorithm: AlgorithmIdentifier | object,
    baseKey: AnyCryptoKey,
    length?: number | null,
  ): Promise<ArrayBuffer>;
  /**
   * The runtime's crypto.subtle.deriveKey: our algorithms and keys have no part in it.
   * @param algorithm - The derivation algorithm and its parameters.
   * @param baseKey - A runtime key.
   * @param derivedKeyType - The derived key's algorithm.
   * @param extractable - Whether the derived key may be exported.
   * @param keyUsages - The derived key's usages.
   * @returns The derived key (a runtime CryptoKey).
   * @throws {DOMException} (the promise rejects) As the interface says of pass-through methods; else the runtime's.
   */
  deriveKey(
    algorithm: AlgorithmIdentifier | object,
    baseKey: AnyCryptoKey,
    derivedKeyType: AlgorithmIdentifier | object,
    extractable: boolean,
    keyUsages: Usages,
  ): Promise<NativeCryptoKey>;
  /**
   * Wraps a key with a runtime key and wrapping algorithm. One of our keys is exported in
   * `format` (a "jwk" serialized as UTF-8 JSON, padded with spaces to a multiple of 8 bytes for
   * AES-KW) and wrapped by the runtime; a runtime key is the runtime's wrapKey.
   * @param format - The format to export the key in before wrapping.
   * @param key - The key to wrap.
   * @param wrappingKey - A runtime key with the "wrapKey" usage.
   * @param wrapAlgorithm - The wrapping algorithm and its parameters ("AES-KW",
   *   `{ name: "AES-GCM", iv }`, ...).
   * @returns The wrapped key.
   * @throws {DOMException} (the promise rejects) `NotSupportedError` when `wrapAlgorithm` names
   *   one of our algorithms; `InvalidAccessError` when `wrappingKey` is one of ours; for one of
   *   our keys, what exportKey rejects with (`InvalidAccessError`, `NotSupportedError`);
   *   otherwise what the runtime's wrapKey rejects with (for instance when AES-KW is given one of
   *   our keys in a binary format whose length is not a multiple of 8 bytes, such as the
   *   raw-public key of MLKEM768-P256).
   */
  wrapKey(
    format: KeyFormat,
    key: AnyCryptoKey,
    wrappingKey: AnyCryptoKey,
    wrapAlgorithm: AlgorithmIdentifier | object,
  ): Promise<ArrayBuffer>;
  /**
   * Unwraps a key with a runtime key and unwrapping algorithm. For one of our algorithms the
   * runtime unwraps the bytes, which are then imported as importKey does (a "jwk" parsed from
   * UTF-8 JSON); any other algorithm is the runtime's unwrapKey.
   * @param format - The format the key was exported in before wrapping.
   * @param wrappedKey - The wrapped key.
   * @param unwrappingKey - A runtime key with the "unwrapKey" usage.
   * @param unwrapAlgorithm - The unwrapping algorithm and its parameters.
   * @param unwrappedKeyAlgorithm - The unwrapped key's algorithm.
   * @param extractable - Whether the unwrapped key may be exported.
   * @param keyUsages - The unwrapped key's usages.
   * @returns The unwrapped key: an {@link MlKemCryptoKey} for our algorithms, else the runtime's CryptoKey.
   * @throws {DOMException} (the promise rejects) For our algorithms: what the runtime's unwrapKey
   *   rejects with (such as `OperationError` when authenticated decryption fails; a TypeError
   *   when `unwrappingKey` is one of ours, which is not a runtime CryptoKey), `DataError`
   *   for "jwk" bytes that are not UTF-8 JSON, then what importKey rejects with. For other
   *   algorithms: `NotSupportedError` when `unwrapAlgorithm` names one of our algorithms,
   *   `InvalidAccessError` when `unwrappingKey` is one of ours, otherwise the runtime's unwrapKey's.
   */
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
