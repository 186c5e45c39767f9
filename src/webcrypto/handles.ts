import type { ByteArray } from '../bytes.js';
// The one small interface between the Web Crypto layer and the KEMs: their key objects (a
// concrete hybrid's through its asynchronous door), so that a key is parsed, checked and expanded
// once, at import. A CryptoKey has no dispose(): a private key's secrets are those of its
// decapsulation key object, which the one key lifetime (lifetime.ts) wipes when it is
// garbage-collected with the CryptoKey.
import type { HybridKem } from '../hybrid/types.js';
import type { Encapsulation, MlKem } from '../kem.js';

/** An ML-KEM or hybrid KEM object of any backend. */
export type Kem = MlKem | HybridKem;

/** The key material behind a public CryptoKey: an encapsulation key object. */
export interface PublicHandle {
  /** A fresh copy of the encapsulation key. */
  bytes(): ByteArray;
  encapsulate(): Encapsulation | Promise<Encapsulation>;
}

/** The key material behind a private CryptoKey: a decapsulation key object, made from its seed. */
export interface PrivateHandle {
  readonly encapsulationKey: PublicHandle;
  /** A fresh copy of the seed (d ‖ z for ML-KEM; the 32-byte seed of a hybrid): the caller wipes it. */
  seed(): ByteArray | undefined;
  /** A fresh copy of the expanded decapsulation key, where the KEM has one (ML-KEM): the caller wipes it. */
  secretKey?(): ByteArray;
  decapsulate(ciphertext: Uint8Array): ByteArray | Promise<ByteArray>;
  dispose(): void;
}

/** A KEM and the maker of its key objects (the KEM's own, or its asynchronous door's). */
export interface KemHandles {
  readonly kem: Kem;
  /** Checks an encapsulation key of the right length, once (throws MlKemError if it is refused). */
  encapsulationKey(bytes: Uint8Array): PublicHandle;
  /** The private key of a seed of the right length. */
  decapsulationKey(seed: Uint8Array): PrivateHandle;
}
