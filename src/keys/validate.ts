// The key checks of mlkem-ts/keys, all through the public MlKem interface (checkPublicKey,
// checkSecretKey, decapsulationKey), so the formats apply exactly the checks the core applies, with
// messages that name the part of the encoding that failed.
import { type MlKemErrorCode, rethrowAs } from '../errors.js';
import type { MlKem } from '../index.js';

/**
 * The FIPS 203, §7.2 check of an encapsulation key of the right length (MlKem.checkPublicKey):
 * throws `code` with a message naming `what` when a 12-bit coefficient is not below q.
 */
export function checkPublicKey(kem: MlKem, publicKey: Uint8Array, what: string, code: MlKemErrorCode): void {
  try {
    kem.checkPublicKey(publicKey);
  } catch (err) {
    rethrowAs(
      err,
      ['ERR_INVALID_PUBLIC_KEY'],
      code,
      () =>
        `${what} is not a valid ${kem.name} encapsulation key: a 12-bit coefficient is not below q = 3329 (FIPS 203, §7.2)`,
    );
  }
}

/** The encapsulation key embedded in a decapsulation key dk = dkPKE ‖ ek ‖ H(ek) ‖ z (a view). */
export function embeddedPublicKey<B extends ArrayBufferLike>(kem: MlKem, secretKey: Uint8Array<B>): Uint8Array<B> {
  const end = kem.sizes.secretKey - 64;
  return secretKey.subarray(end - kem.sizes.publicKey, end);
}

/**
 * Checks an expanded decapsulation key of the right length (MlKem.checkSecretKey): the FIPS 203,
 * §7.3 hash check, the §7.2 check of its embedded ek, and canonical ŝ. With `pairwise`, also the
 * pairwise-consistency check, the only one that catches a dk whose secret vector ŝ was altered
 * while its ek and H(ek) were kept (RFC 9935's bad-ML-KEM-512-2). The pairwise check is
 * MlKem.decapsulationKey's, run on the one expansion the other checks make (it needs randomness).
 * Failures are ERR_INVALID_SECRET_KEY with a message naming `what`, then the check's own message.
 */
export function checkSecretKey(kem: MlKem, secretKey: Uint8Array, what: string, pairwise = false): void {
  try {
    if (pairwise) kem.decapsulationKey(secretKey, { pairwiseCheck: true }).dispose();
    else kem.checkSecretKey(secretKey);
  } catch (err) {
    rethrowAs(err, ['ERR_INVALID_SECRET_KEY'], 'ERR_INVALID_SECRET_KEY', (cause) => `${what}: ${cause.message}`);
  }
}
