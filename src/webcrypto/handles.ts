// The one small interface between the Web Crypto layer and the KEMs: a checked public key that
// encapsulates, and a private key (made from its seed) that decapsulates. It is built here from
// the one-shot functions of an MlKem or HybridKem object; switching to the core's key objects
// (issue #12) changes only this file.
import { wipe } from '../ct.js';
import type { HybridKem } from '../hybrid/types.js';
import type { Encapsulation, MlKem } from '../kem.js';

/** An ML-KEM or hybrid KEM object of any backend: the shared part of MlKem and HybridKem. */
export type Kem = MlKem | HybridKem;

/** The key material behind a public CryptoKey. */
export interface PublicHandle {
  /** The encapsulation key (our own copy: never handed out). */
  readonly bytes: Uint8Array;
  encapsulate(): Encapsulation;
}

/** The key material behind a private CryptoKey. */
export interface PrivateHandle {
  readonly publicKey: PublicHandle;
  /** The seed the key was made from (d ‖ z for ML-KEM; the 32-byte seed of a hybrid). */
  readonly seed: Uint8Array;
  decapsulate(ciphertext: Uint8Array): Uint8Array;
}

export interface KemHandles {
  readonly kem: Kem;
  /** Checks an encapsulation key of the right length (throws MlKemError if it is refused). */
  publicKey(bytes: Uint8Array): PublicHandle;
  /** The private key of a seed of the right length. */
  privateKey(seed: Uint8Array): PrivateHandle;
}

/** The length of encapsulateInternal's second argument: ML-KEM's m, or a hybrid's eseed. */
const internalSeedBytes = (kem: Kem): number => ('eseed' in kem.sizes ? kem.sizes.eseed : 32);

function publicHandle(kem: Kem, bytes: Uint8Array): PublicHandle {
  return { bytes, encapsulate: () => kem.encapsulate(bytes) };
}

/** Handles over the one-shot functions of `kem`. */
export function oneShotHandles(kem: Kem): KemHandles {
  return {
    kem,
    publicKey(bytes) {
      const own = bytes.slice();
      // The checks encapsulation runs (FIPS 203 §7.2, and a hybrid's point checks), once, at
      // import, as Node does; the all-zero seed is public and the result is discarded.
      wipe(kem.encapsulateInternal(own, new Uint8Array(internalSeedBytes(kem))).sharedSecret);
      return publicHandle(kem, own);
    },
    privateKey(seed) {
      const pair = kem.keygen(seed);
      // ML-KEM decapsulates with the expanded key dk; a hybrid's decapsulation key is its seed.
      const secretKey = pair.secretKey;
      return {
        publicKey: publicHandle(kem, pair.publicKey),
        seed: pair.seed,
        decapsulate: (ciphertext) => kem.decapsulate(ciphertext, secretKey),
      };
    },
  };
}
