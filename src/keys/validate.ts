// Boundary checks for mlkem-ts/keys, and the key checks, all through the public MlKem
// interface: the FIPS 203 §7.2 modulus check runs inside encapsulateInternal, the §7.3 hash
// check inside decapsulate, so the formats apply exactly the checks the core applies.
import { ctEqual, wipe } from '../ct.js';
import { MlKemError, type MlKemErrorCode } from '../errors.js';
import type { MlKem } from '../index.js';

/**
 * The FIPS 203 §7.2 modulus check of an encapsulation key of the right length, as the core runs
 * it: throws `code` with a message naming `what` when a 12-bit coefficient is not below q.
 * Note: encapsulateInternal with a fixed m runs that check and nothing secret; its output is
 * discarded, and no randomness is needed to decode a key.
 */
export function checkPublicKey(kem: MlKem, publicKey: Uint8Array, what: string, code: MlKemErrorCode): void {
  try {
    wipe(kem.encapsulateInternal(publicKey, new Uint8Array(32)).sharedSecret);
  } catch (err) {
    if (err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY') {
      throw new MlKemError(code, `${what} is not a valid ${kem.name} encapsulation key: a 12-bit coefficient is not below q = 3329 (FIPS 203, §7.2)`);
    }
    throw err;
  }
}

/** The encapsulation key embedded in a decapsulation key dk = dkPKE ‖ ek ‖ H(ek) ‖ z (a view). */
export function embeddedPublicKey(kem: MlKem, secretKey: Uint8Array): Uint8Array {
  const end = kem.sizes.secretKey - 64;
  return secretKey.subarray(end - kem.sizes.publicKey, end);
}

/**
 * Checks an expanded decapsulation key of the right length: the FIPS 203 §7.3 hash check (its
 * stored H(ek) matches its ek) and the §7.2 check of that ek, both as ERR_INVALID_SECRET_KEY.
 * Note: decapsulate runs the §7.3 check before anything else; the all-zero ciphertext is public
 * and its result is discarded.
 */
export function checkSecretKey(kem: MlKem, secretKey: Uint8Array, what: string): void {
  let k: Uint8Array | undefined;
  try {
    k = kem.decapsulate(new Uint8Array(kem.sizes.ciphertext), secretKey);
  } catch (err) {
    if (err instanceof MlKemError && err.code === 'ERR_INVALID_SECRET_KEY') {
      throw new MlKemError(
        'ERR_INVALID_SECRET_KEY',
        `${what} is not a valid ${kem.name} decapsulation key: its stored H(ek) does not match its encapsulation key (FIPS 203, §7.3)`,
      );
    }
    throw err;
  } finally {
    wipe(k);
  }
  checkPublicKey(kem, embeddedPublicKey(kem, secretKey), `${what} (its embedded encapsulation key)`, 'ERR_INVALID_SECRET_KEY');
}

/**
 * Pairwise consistency: a fresh encapsulation to publicKey must decapsulate under secretKey to
 * the same shared secret. It is the only check that catches a dk whose secret vector ŝ was
 * altered while its ek and H(ek) were kept (RFC 9935's bad-ML-KEM-512-2).
 */
export function checkPairwise(kem: MlKem, publicKey: Uint8Array, secretKey: Uint8Array, what: string): void {
  const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
  const k = kem.decapsulate(ciphertext, secretKey);
  const same = ctEqual(k, sharedSecret);
  wipe(k, sharedSecret);
  if (!same) {
    throw new MlKemError(
      'ERR_INVALID_SECRET_KEY',
      `${what} failed the pairwise-consistency check: it does not decapsulate a ciphertext made for its own encapsulation key`,
    );
  }
}
