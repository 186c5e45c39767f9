// The shapes of @noble/post-quantum's KEM objects, as the drop-ins have them (noble's `KEM`,
// `MLKEM` and `KEMPrepared` of utils.js and ml-kem.js, written out with our own docs).

/** A byte array that the drop-ins return: fresh, on its own ArrayBuffer. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Byte lengths of a KEM's inputs and outputs, as noble names them. */
export interface NobleKemLengths {
  /** The secret key (ML-KEM: the expanded dk; a hybrid: its 32-byte seed). */
  readonly secretKey: number;
  /** The public key. */
  readonly publicKey: number;
  /** The ciphertext. */
  readonly cipherText: number;
  /** The key generation seed of keygen(seed). */
  readonly seed: number;
  /** The shared secret. */
  readonly msg: number;
  /** The encapsulation randomness of encapsulate(publicKey, msg). */
  readonly msgRand: number;
}

/** A key pair, as noble's keygen returns it. */
export interface NobleKeyPair {
  /** The secret key. */
  secretKey: Bytes;
  /** The public key. */
  publicKey: Bytes;
}

/** An encapsulation, as noble returns it. */
export interface NobleEncapsulation {
  /** The ciphertext, for the owner of the secret key. */
  cipherText: Bytes;
  /** The shared secret. */
  sharedSecret: Bytes;
}

/** noble's generic KEM interface (`KEM` of @noble/post-quantum/utils.js). */
export interface NobleKem {
  /** Byte lengths. */
  readonly lengths: NobleKemLengths;
  /**
   * A key pair from `seed`, or from fresh randomness without it.
   * @param seed - `lengths.seed` bytes; omit it for a fresh key pair.
   * @returns the secret and public keys.
   * @throws TypeError / RangeError for a seed that is not a Uint8Array of `lengths.seed` bytes.
   */
  keygen(seed?: Uint8Array): NobleKeyPair;
  /**
   * The public key of a secret key.
   * @param secretKey - the secret key.
   * @returns the public key.
   * @throws TypeError / RangeError for a secretKey that is not `lengths.secretKey` bytes.
   */
  getPublicKey(secretKey: Uint8Array): Bytes;
  /**
   * A shared secret and its ciphertext for publicKey.
   * @param publicKey - the recipient's public key.
   * @param msg - `lengths.msgRand` bytes of encapsulation randomness, for known-answer tests; omit it.
   * @returns the ciphertext and the shared secret.
   * @throws TypeError / RangeError for wrong types and lengths; Error for an invalid public key.
   */
  encapsulate(publicKey: Uint8Array, msg?: Uint8Array): NobleEncapsulation;
  /**
   * The shared secret of a ciphertext.
   * @param cipherText - the ciphertext.
   * @param secretKey - the recipient's secret key.
   * @returns the shared secret.
   * @throws TypeError / RangeError for wrong types and lengths; Error for an invalid secret key
   *   (or, for a hybrid, an invalid curve share).
   */
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes;
}

/**
 * A prepared ML-KEM public key (noble's `KEMPrepared`): checked and expanded once, backed by an
 * mlkem-ts encapsulation key object. Its decapsulate keeps the expansion of the last secret key
 * it was given (a decapsulation key object), which clean() wipes.
 */
export interface NoblePreparedKey {
  /** A copy of the public key. */
  readonly publicKey: Bytes;
  /**
   * encapsulate(publicKey, msg) for the prepared key, without checking and expanding it again.
   * @param msg - 32 bytes of encapsulation randomness, for known-answer tests; omit it.
   * @returns the ciphertext and the shared secret.
   * @throws TypeError / RangeError for a msg that is not 32 bytes; Error after clean().
   */
  encapsulate(msg?: Uint8Array): NobleEncapsulation;
  /**
   * decapsulate(cipherText, secretKey) for a secretKey of the prepared public key.
   * @param cipherText - the ciphertext.
   * @param secretKey - the expanded secret key, which must hold this public key and its hash.
   * @returns the shared secret.
   * @throws TypeError / RangeError for wrong types and lengths; Error for a secretKey of
   *   another public key, and after clean().
   */
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes;
  /**
   * Wipes what the key holds; any use after it throws.
   * @throws Nothing.
   */
  clean(): void;
}

/** noble's `info` of an ML-KEM object. */
export interface NobleKemInfo {
  /** Always 'ml-kem'. */
  readonly type: 'ml-kem';
}

/** noble's ML-KEM object (`MLKEM`): a {@link NobleKem} with `info` and `prepare`. */
export interface NobleMlKem extends NobleKem {
  /** What the object is, as noble says it. */
  readonly info: NobleKemInfo;
  /**
   * A prepared public key: checked (FIPS 203, §7.2) and expanded once, for many encapsulations.
   * @param publicKey - the public key.
   * @returns the prepared key.
   * @throws TypeError / RangeError for wrong types and lengths; Error for a key that fails the
   *   modulus check.
   */
  prepare(publicKey: Uint8Array): NoblePreparedKey;
}
