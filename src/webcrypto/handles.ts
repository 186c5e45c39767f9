// The one small interface between the Web Crypto layer and the KEMs: a checked public key that
// encapsulates, and a private key (made from its seed) that decapsulates. It holds the KEM's key
// objects (issue #12) where the KEM has them, so a key is parsed, checked and expanded once, at
// import; a KEM without them is held as bytes and called through its one-shot functions. A CryptoKey has no dispose(): the secrets of a private key are wiped when the key
// is garbage-collected (FinalizationRegistry, where the runtime has it).
import { wipe } from '../ct.js';
import type { HybridKem } from '../hybrid/types.js';
import type { Encapsulation, MlKem } from '../kem.js';

/** An ML-KEM or hybrid KEM object of any backend. */
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
  /** A fresh copy of the seed (d ‖ z for ML-KEM; the 32-byte seed of a hybrid): the caller wipes it. */
  seed(): Uint8Array;
  decapsulate(ciphertext: Uint8Array): Uint8Array;
}

export interface KemHandles {
  readonly kem: Kem;
  /** Checks an encapsulation key of the right length (throws MlKemError if it is refused). */
  publicKey(bytes: Uint8Array): PublicHandle;
  /** The private key of a seed of the right length. */
  privateKey(seed: Uint8Array): PrivateHandle;
}

let registry: FinalizationRegistry<() => void> | undefined;

/** Runs `wipeSecrets` once `handle` is garbage-collected. */
function wipeWhenCollected(handle: object, wipeSecrets: () => void): void {
  if (typeof FinalizationRegistry !== 'function') return;
  (registry ??= new FinalizationRegistry((f) => f())).register(handle, wipeSecrets);
}

/** The key objects of MlKem (and of any KEM with the same two factories). */
interface KeyObjectKem {
  encapsulationKey(publicKey: Uint8Array): KeyObject;
  decapsulationKey(seed: Uint8Array): { encapsulationKey: KeyObject; seed(): Uint8Array | undefined; dispose(): void; decapsulate(c: Uint8Array): Uint8Array };
}
interface KeyObject {
  bytes(): Uint8Array;
  encapsulate(): Encapsulation;
}

const hasKeyObjects = (kem: Kem): boolean => typeof (kem as Partial<KeyObjectKem>).decapsulationKey === 'function';

/** A KEM through its key objects. */
function keyObjectHandles(kem: Kem & KeyObjectKem): KemHandles {
  const publicOf = (ek: KeyObject): PublicHandle => ({ bytes: ek.bytes(), encapsulate: () => ek.encapsulate() });
  return {
    kem,
    publicKey: (bytes) => publicOf(kem.encapsulationKey(bytes)), // the FIPS 203 §7.2 check, once
    privateKey(seed) {
      const dk = kem.decapsulationKey(seed);
      const handle: PrivateHandle = {
        publicKey: publicOf(dk.encapsulationKey),
        seed: () => dk.seed()!, // made from a seed, so it has one
        decapsulate: (ciphertext) => dk.decapsulate(ciphertext),
      };
      wipeWhenCollected(handle, () => dk.dispose());
      return handle;
    },
  };
}

/** A hybrid without key objects, through its one-shot functions; its decapsulation key is its seed. */
function oneShotHandles(kem: HybridKem): KemHandles {
  const publicOf = (bytes: Uint8Array): PublicHandle => ({ bytes, encapsulate: () => kem.encapsulate(bytes) });
  return {
    kem,
    publicKey(bytes) {
      const own = bytes.slice();
      // The checks encapsulation runs (FIPS 203 §7.2 on the ML-KEM part, and a curve's point
      // checks), once, at import, as Node does. The seed is public and the result discarded; it
      // is all 0x01 bytes, which every hybrid takes as a valid scalar (all zeros is not one).
      wipe(kem.encapsulateInternal(own, new Uint8Array(kem.sizes.eseed).fill(1)).sharedSecret);
      return publicOf(own);
    },
    privateKey(seed) {
      const pair = kem.keygen(seed);
      const secret = pair.secretKey;
      wipe(pair.seed);
      const handle: PrivateHandle = {
        publicKey: publicOf(pair.publicKey),
        seed: () => secret.slice(),
        decapsulate: (ciphertext) => kem.decapsulate(ciphertext, secret),
      };
      wipeWhenCollected(handle, () => wipe(secret));
      return handle;
    },
  };
}

/** The handles of a KEM object. */
export const handlesOf = (kem: Kem): KemHandles =>
  hasKeyObjects(kem) ? keyObjectHandles(kem as Kem & KeyObjectKem) : oneShotHandles(kem as HybridKem);
