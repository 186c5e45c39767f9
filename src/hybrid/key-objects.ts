// The hybrids' key objects: their decapsulation keys, and ML-KEM encapsulation keys whose §7.2
// errors name the hybrid's argument rather than the inner ML-KEM call. The ML-KEM half is reached
// only through the public MlKem interface, so that any backend's object plugs in (kem.ts's checkKem).
import { takeBytes } from '../args.js';
import type { ByteArray } from '../bytes.js';
import { rethrowAs } from '../errors.js';
import type { EncapsulationKey, MlKem } from '../kem.js';
import { type Part, keyLifetime } from '../lifetime.js';
import type { HybridDecapsulationKey, HybridEncapsulationKey, HybridName } from './types.js';

/**
 * The ML-KEM encapsulation key object of the hybrid's ML-KEM half, after the §7.2 check (FIPS 203).
 * A §7.2 failure is rethrown naming `what` (the hybrid's publicKey) and the byte range
 * [from, from + ek length) of its ML-KEM part.
 */
export function kemEncapsulationKey(kem: MlKem, ek: Uint8Array, what: string, from: number): EncapsulationKey {
  try {
    return kem.encapsulationKey(ek);
  } catch (err) {
    rethrowAs(
      err,
      ['ERR_INVALID_PUBLIC_KEY'],
      'ERR_INVALID_PUBLIC_KEY',
      () =>
        `${what} is not valid: its ${kem.name} encapsulation key (bytes ${from}..${from + ek.length}) must have every 12-bit coefficient below q = 3329, got one that is not (FIPS 203, §7.2)`,
    );
  }
}

/** What a hybrid decapsulation key is made of: its seed (a private copy it owns) and its operations. */
export interface DecapsulationKeyParts {
  name: HybridName;
  seed: Uint8Array;
  encapsulationKey: HybridEncapsulationKey;
  ciphertextBytes: number;
  /** Decapsulates a private copy of a ciphertext of the right length. */
  decapsulate(ct: Uint8Array): ByteArray;
  /** The expanded halves it disposes of with itself (the ML-KEM key object, the curve key). */
  parts: readonly Part[];
}

/**
 * The frozen HybridDecapsulationKey over its parts. After dispose, every method but dispose throws
 * ERR_KEY_DISPOSED; dispose (or collection, lifetime.ts) wipes the seed and disposes of the parts
 * once. Symbol.dispose is dispose where the runtime has it.
 */
export function hybridDecapsulationKey(p: DecapsulationKeyParts): HybridDecapsulationKey {
  const { alive, dispose, seal } = keyLifetime(p.name, { arrays: [p.seed], parts: p.parts });
  const key = {
    name: p.name,
    encapsulationKey: p.encapsulationKey,
    decapsulate(ciphertext: Uint8Array): ByteArray {
      alive();
      return p.decapsulate(takeBytes(ciphertext, p.ciphertextBytes, `${p.name} ciphertext`));
    },
    seed(): ByteArray {
      alive();
      return p.seed.slice();
    },
    dispose,
  } as HybridDecapsulationKey;
  return seal(key);
}
