// The shape every hybrid KEM of mlkem-ts/hybrid shares: the MlKem interface of the core, with
// the hybrid's own sizes and a caller-chosen encapsulation seed instead of ML-KEM's m.
import type { Encapsulation } from '../kem.js';

export type { Encapsulation };

/**
 * The names of the hybrids, as their specifications spell them. X-Wing is also MLKEM768-X25519
 * (draft-irtf-cfrg-concrete-hybrid-kems): one KEM, whose `name` is 'X-Wing'.
 */
export type HybridName = 'X-Wing' | 'MLKEM768-P256' | 'MLKEM1024-P384' | 'X25519MLKEM768' | 'SecP256r1MLKEM768' | 'SecP384r1MLKEM1024';

export interface HybridKeyPair {
  /** The encapsulation key (for the RFC 10024 groups: the client's key share). */
  publicKey: Uint8Array;
  /** The decapsulation key. For every hybrid it is the seed: the compact form is the only form. */
  secretKey: Uint8Array;
  /** The seed the pair was derived from (equal to secretKey); keygen(seed) rebuilds the pair. */
  seed: Uint8Array;
}

/** Byte lengths of a hybrid's inputs and outputs. */
export interface HybridSizes {
  readonly publicKey: number;
  readonly secretKey: number;
  readonly ciphertext: number;
  readonly sharedSecret: number;
  readonly seed: number;
  /** The encapsulation seed of encapsulateInternal. */
  readonly eseed: number;
}

export interface HybridKem {
  readonly name: HybridName;
  readonly sizes: HybridSizes;
  /** A key pair from `seed` if given (deterministic), else from fresh randomness. */
  keygen(seed?: Uint8Array): HybridKeyPair;
  /** A fresh shared secret and its ciphertext for publicKey. */
  encapsulate(publicKey: Uint8Array): Encapsulation;
  /** The same with the caller's encapsulation seed instead of fresh randomness. For known-answer tests only. */
  encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation;
  /** The shared secret for a ciphertext made for this key pair. */
  decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array;
}
