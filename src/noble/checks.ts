// The argument checks of @noble/post-quantum, restated for the drop-ins: the same checks in the
// same order, refusing with the same error classes and messages (noble's abytes), so that code
// that matches on them keeps working. Version 0.7 throws TypeError / RangeError; 0.5 plain Error.
import { isUint8Array, lengthOf } from '../bytes.js';
import { wipe } from '../ct.js';
import { MlKemError, type MlKemErrorCode } from '../errors.js';
import type { Bytes, NobleKeyPair } from './types.js';

/** Which release's contract an object follows: 0.7 (the current names) or 0.5 (the legacy names). */
export type Release = '0.7' | '0.5';

/**
 * noble's abytes: value must be a Uint8Array (of `length` bytes, if given). `title` names the
 * argument as noble does ('' for none). Returns value.
 */
export function nobleBytes(value: unknown, length: number | undefined, title: string, release: Release): Uint8Array {
  const bytes = isUint8Array(value);
  if (bytes && (length === undefined || lengthOf(value) === length)) return value;
  const prefix = title === '' ? '' : `"${title}" `;
  const ofLength = length === undefined ? '' : ` of length ${length}`;
  const got = bytes ? `length=${lengthOf(value)}` : `type=${typeof value}`;
  const message = `${prefix}expected Uint8Array${ofLength}, got ${got}`;
  if (release === '0.5') throw new Error(message);
  throw bytes ? new RangeError(message) : new TypeError(message);
}

/** True when err is an MlKemError with one of the codes. */
export function isCode(err: unknown, ...codes: MlKemErrorCode[]): err is MlKemError {
  return err instanceof MlKemError && codes.includes(err.code);
}

/** A plain Error with noble's message, our error as its cause (it says more). */
export function nobleError(message: string, cause: unknown): Error {
  return new Error(message, { cause });
}

/** noble's checks of a hybrid's 32-byte root seed in keygen(seed): 0.7 copies it first (copyBytes). */
export function checkRootSeed(seed: unknown, release: Release): void {
  if (release === '0.7') nobleBytes(seed, undefined, '', release);
  nobleBytes(seed, 32, '', release);
}

/**
 * A hybrid's getPublicKey as noble has it: key generation from the seed, with keygen's checks
 * (and, for an undefined secret key, keygen's fresh randomness).
 */
export function publicKeyByKeygen(keygen: (seed?: Uint8Array) => NobleKeyPair): (secretKey: Uint8Array) => Bytes {
  return (secretKey) => {
    const pair = keygen(secretKey);
    wipe(pair.secretKey);
    return pair.publicKey;
  };
}
