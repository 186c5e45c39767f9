// The ML-KEM half of a hybrid, reached only through the public MlKem interface so that any
// backend's object can be plugged in (a factory's argument is checked by kem.ts's checkKem):
// encapsulation with errors that name the hybrid's argument rather than the inner ML-KEM call.
import { MlKemError } from '../errors.js';
export { checkKem } from '../kem.js';
import type { Encapsulation, MlKem } from '../kem.js';

/**
 * ML-KEM.Encaps_internal (FIPS 203, Algorithm 17) of the hybrid's ML-KEM half after the §7.2
 * check, through kem. A §7.2 failure is rethrown naming `what` (the hybrid's publicKey) and the
 * byte range [from, from + ek length) of its ML-KEM part.
 */
export function kemEncapsulate(kem: MlKem, ek: Uint8Array, m: Uint8Array, what: string, from: number): Encapsulation {
  try {
    return kem.encapsulateInternal(ek, m);
  } catch (err) {
    if (err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY') {
      throw new MlKemError(
        'ERR_INVALID_PUBLIC_KEY',
        `${what} is not valid: its ${kem.name} encapsulation key (bytes ${from}..${from + ek.length}) must have every 12-bit coefficient below q = 3329, got one that is not (FIPS 203, §7.2)`,
      );
    }
    throw err;
  }
}
