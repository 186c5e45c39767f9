// The ML-KEM half of a hybrid, reached only through the public MlKem interface so that any
// backend's object can be plugged in: the check of a factory's argument, and encapsulation with
// errors that name the hybrid's argument rather than the inner ML-KEM call.
import { MlKemError } from '../errors.js';
import { describe, isObjectArgument, readFields } from '../args.js';
import type { Encapsulation, MlKem } from '../kem.js';

/** Returns kem if it is an MlKem object of the parameter set `name`, else throws ERR_INVALID_TYPE. */
export function checkKem(kem: unknown, name: MlKem['name'], where: string): MlKem {
  const what = `${where}: kem`;
  const k = isObjectArgument(kem) ? readFields(kem, ['name', 'keygen', 'encapsulateInternal', 'decapsulate'], what) : undefined;
  const ok =
    k !== undefined &&
    k.name === name &&
    typeof k.keygen === 'function' &&
    typeof k.encapsulateInternal === 'function' &&
    typeof k.decapsulate === 'function';
  if (!ok) {
    const got = k === undefined ? describe(kem) : typeof k.name === 'string' ? `an object named ${k.name}` : `an object whose name is ${describe(k.name)}`;
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be an ${name} object (MlKem), got ${got}`);
  }
  return kem as MlKem;
}

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
