import type { ByteArray } from '../bytes.js';
// The one small interface between the Web Crypto layer and the KEMs: a checked public key that
// encapsulates, and a private key (made from its seed) that decapsulates, both over the KEM's key
// objects, so that a key is parsed, checked and expanded once, at import. A CryptoKey has no
// dispose(): a private key's secrets are those of its decapsulation key object, which the one key
// lifetime (lifetime.ts) wipes when it is garbage-collected with the CryptoKey.
import type { AsyncHybrid } from '../hybrid/concrete-async.js';
import type { HybridKem } from '../hybrid/types.js';
import type { Encapsulation, MlKem } from '../kem.js';
import { recordSecrets } from '../lifetime.js'; // @test-hook

/** An ML-KEM or hybrid KEM object of any backend. */
export type Kem = MlKem | HybridKem;

/** The key material behind a public CryptoKey. */
export interface PublicHandle {
  /** The encapsulation key (our own copy: never handed out). */
  readonly bytes: Uint8Array;
  encapsulate(): Encapsulation | Promise<Encapsulation>;
}

/** The key material behind a private CryptoKey. */
export interface PrivateHandle {
  readonly publicKey: PublicHandle;
  /** A fresh copy of the seed (d ‖ z for ML-KEM; the 32-byte seed of a hybrid): the caller wipes it. */
  seed(): Uint8Array;
  /** A fresh copy of the expanded decapsulation key, where the KEM has one (ML-KEM): the caller wipes it. */
  secretKey?(): Uint8Array;
  decapsulate(ciphertext: Uint8Array): ByteArray | Promise<ByteArray>;
}

export interface KemHandles {
  readonly kem: Kem;
  /** Checks an encapsulation key of the right length (throws MlKemError if it is refused). */
  publicKey(bytes: Uint8Array): PublicHandle;
  /** The private key of a seed of the right length. */
  privateKey(seed: Uint8Array): PrivateHandle;
}

/**
 * The handles of a KEM object, through its key objects; for a concrete hybrid, through `door`,
 * its asynchronous one (its curve half where src/hybrid/curves/choose.ts says).
 */
export function handlesOf(kem: Kem, door?: AsyncHybrid): KemHandles {
  const keys: Pick<AsyncHybrid, 'encapsulationKey' | 'decapsulationKey'> | Kem = door ?? kem;
  const publicOf = (ek: {
    bytes(): Uint8Array;
    encapsulate(): Encapsulation | Promise<Encapsulation>;
  }): PublicHandle => ({ bytes: ek.bytes(), encapsulate: () => ek.encapsulate() });
  return {
    kem,
    publicKey: (bytes) => publicOf(keys.encapsulationKey(bytes)), // the FIPS 203, §7.2 check (and a curve's), once
    privateKey(seed) {
      const dk = keys.decapsulationKey(seed);
      const handle: PrivateHandle = {
        publicKey: publicOf(dk.encapsulationKey),
        seed: () => dk.seed()!, // made from a seed, so it has one
        decapsulate: (ciphertext) => dk.decapsulate(ciphertext),
      };
      const secretKey = (dk as { secretKey?(): Uint8Array }).secretKey;
      if (typeof secretKey === 'function') handle.secretKey = () => secretKey.call(dk);
      recordSecrets(handle, { arrays: [], parts: [dk] }); // @test-hook
      return handle;
    },
  };
}
