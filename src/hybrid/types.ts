import type { ByteArray } from '../bytes.js';
// The shape every hybrid KEM of mlkem-ts/hybrid shares: the MlKem interface of the core, with
// the hybrid's own sizes and a caller-chosen encapsulation seed instead of ML-KEM's m, and key
// objects that parse and expand a key once.
import type { Encapsulation, MlKem } from '../kem.js';
import type { HybridName } from '../registry.js';
import type { CurveChoice } from './curves/curve.js';

export type { Encapsulation };

/**
 * The names of the hybrids, as their specifications spell them (src/registry.ts lists them with
 * their other identifiers). X-Wing is also MLKEM768-X25519 (draft-irtf-cfrg-concrete-hybrid-kems):
 * one KEM, whose `name` is 'X-Wing'; the Web Crypto and HPKE layers call it MLKEM768-X25519.
 */
export type { HybridName };

/** A hybrid key pair, as `HybridKem.keygen` returns it. */
export interface HybridKeyPair {
  /** The encapsulation key (for the RFC 10024 groups: the client's key share). */
  publicKey: ByteArray;
  /** The decapsulation key. For every hybrid it is the seed: the compact form is the only form. */
  secretKey: ByteArray;
  /** The seed the pair was derived from (equal to secretKey); keygen(seed) rebuilds the pair. */
  seed: ByteArray;
}

/** Byte lengths of a hybrid's inputs and outputs. */
export interface HybridSizes {
  /** The encapsulation key (the ML-KEM and classical public keys together). */
  readonly publicKey: number;
  /** The decapsulation key, which is the seed. */
  readonly secretKey: number;
  /** The ciphertext (the ML-KEM ciphertext and the classical ephemeral share together). */
  readonly ciphertext: number;
  /** The shared secret. */
  readonly sharedSecret: number;
  /** The key generation seed. */
  readonly seed: number;
  /** The encapsulation seed of encapsulateInternal. */
  readonly eseed: number;
}

/**
 * A hybrid encapsulation key, checked once (the ML-KEM half's §7.2 check and expansion; the
 * curve half's validation). Every method gives the same bytes as the one-shot function.
 */
export interface HybridEncapsulationKey {
  /** The hybrid's name. */
  readonly name: HybridName;
  /**
   * @returns A fresh copy of the public key's bytes.
   * @throws Nothing: the key holds public data only, also after its decapsulation key is disposed.
   */
  bytes(): ByteArray;
  /**
   * @returns A fresh shared secret and its ciphertext for this key.
   * @throws {MlKemError} `ERR_RANDOMNESS` when the runtime has no secure random source.
   */
  encapsulate(): Encapsulation;
  /**
   * The same with the caller's encapsulation seed. For known-answer tests only.
   * @param eseed - the encapsulation seed (`sizes.eseed` bytes).
   * @returns the ciphertext and the shared secret that eseed determines.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`; `ERR_INVALID_SECRET_KEY` for
   *   an eseed with no valid P-256/P-384 scalar; `ERR_RANDOMNESS` on the noble curve path only.
   */
  encapsulateInternal(eseed: Uint8Array): Encapsulation;
}

/**
 * A hybrid decapsulation key, expanded once: the ML-KEM half as an ML-KEM key object, the curve
 * scalar loaded into the curve implementation (a native key where the runtime has one) and the
 * curve public key computed. `dispose()` (or leaving a `using` block) wipes what can be wiped;
 * any use after that throws `ERR_KEY_DISPOSED`.
 */
export interface HybridDecapsulationKey {
  /** The hybrid's name. */
  readonly name: HybridName;
  /** The public half. */
  readonly encapsulationKey: HybridEncapsulationKey;
  /**
   * The shared secret for a ciphertext, as decapsulate gives it.
   * @param ciphertext - the ciphertext from an encapsulation to this key.
   * @returns the shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY` (an
   *   invalid curve share, for every hybrid but X-Wing), `ERR_KEY_DISPOSED`, and `ERR_RANDOMNESS`
   *   on the noble curve path only.
   */
  decapsulate(ciphertext: Uint8Array): ByteArray;
  /**
   * @returns A copy of the key's seed (the hybrid's whole secret key).
   * @throws {MlKemError} `ERR_KEY_DISPOSED`.
   */
  seed(): ByteArray;
  /**
   * Wipes the key's secrets. Calling it again does nothing.
   * @throws Nothing.
   */
  dispose(): void;
  /**
   * The same as dispose(), for `using`.
   * @throws Nothing.
   */
  [Symbol.dispose](): void;
}

/**
 * A hybrid KEM: X-Wing (= MLKEM768-X25519), MLKEM768-P256, MLKEM1024-P384 or an RFC 10024 group.
 * Randomness: keygen() and encapsulate() draw from globalThis.crypto.getRandomValues.
 * On the noble curve path (runtimes without node:crypto) @noble/curves also draws random bytes to
 * blind its scalar multiplications, in keygen(seed), encapsulateInternal and decapsulate (all but
 * X25519MLKEM768's). Without a secure random source these throw `ERR_RANDOMNESS`.
 */
export interface HybridKem {
  /** The hybrid's name, as its specification spells it. */
  readonly name: HybridName;
  /** Byte lengths of its inputs and outputs. */
  readonly sizes: HybridSizes;
  /**
   * A key pair from `seed` if given (deterministic), else from fresh randomness.
   * @param seed - the key generation seed (`sizes.seed` bytes); omit it for a fresh pair.
   * @returns the public key and the secret key (which is the seed).
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_RANDOMNESS`.
   */
  keygen(seed?: Uint8Array): HybridKeyPair;
  /**
   * A fresh shared secret and its ciphertext for publicKey.
   * @param publicKey - the recipient's public key.
   * @returns the ciphertext and the shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY` (the
   *   ML-KEM half fails FIPS 203, §7.2; or, for every hybrid but X-Wing, an invalid curve share;
   *   for X-Wing made with `refuseLowOrder`, a low-order X25519 share), `ERR_RANDOMNESS`.
   */
  encapsulate(publicKey: Uint8Array): Encapsulation;
  /**
   * The same with the caller's encapsulation seed instead of fresh randomness. For known-answer tests only.
   * @param publicKey - the recipient's public key.
   * @param eseed - the encapsulation seed (`sizes.eseed` bytes): ML-KEM's m and the ephemeral curve secret.
   * @returns the ciphertext and the shared secret that eseed determines.
   * @throws {MlKemError} as encapsulate, and `ERR_INVALID_SECRET_KEY` for an eseed whose
   *   P-256/P-384 scalar is not in [1, n - 1].
   */
  encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation;
  /**
   * The shared secret for a ciphertext made for this key pair.
   * @param ciphertext - the ciphertext from encapsulate.
   * @param secretKey - the secret key (the seed).
   * @returns the shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY` (an
   *   invalid curve share, for every hybrid but X-Wing, and for X-Wing made with
   *   `refuseLowOrder` a low-order one), `ERR_RANDOMNESS` (noble path only).
   */
  decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): ByteArray;
  /**
   * An encapsulation key object: publicKey checked and expanded once.
   * @param publicKey - the recipient's public key.
   * @returns the key object.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`.
   */
  encapsulationKey(publicKey: Uint8Array): HybridEncapsulationKey;
  /**
   * A decapsulation key object from the secret key (= seed), expanded once: decapsulation then
   * skips the ML-KEM expansion and, for the concrete KEMs, the curve public key.
   * @param secretKey - the secret key (the seed).
   * @returns the key object.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_RANDOMNESS` (noble path only).
   */
  decapsulationKey(secretKey: Uint8Array): HybridDecapsulationKey;
}

/**
 * One hybrid's construction: what its construction file gives the rest of the package. The layers
 * above (Web Crypto, the fuzzer, the tests) take their hybrids from CONSTRUCTIONS and their
 * identifiers from the registry (src/registry.ts), so that neither names a hybrid.
 */
export interface HybridConstruction {
  /** The hybrid's name: its registry entry's. */
  readonly name: HybridName;
  /** The hybrid over an ML-KEM object (of the entry's parameter set), with the given curve implementation (internal: tests, benchmarks). */
  over(kem: MlKem, curves: CurveChoice): HybridKem;
  /**
   * The public factory (createXWing, ...): checks its argument, then `over(kem, 'auto')`. Options:
   * `refuseLowOrder` for X-Wing (createXWing); the other hybrids refuse invalid shares always.
   */
  create(kem: MlKem, options?: { refuseLowOrder?: boolean }): HybridKem;
}
