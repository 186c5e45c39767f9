import { describe } from './args.js';
// Constant-time helpers. Every secret-dependent comparison or choice in mlkem-ts goes
// through here, built from xor, or, shifts and masks: no branch, no `?:`, no early exit.
import { copyBytes, isUint8Array } from './bytes.js';
import { MlKemError } from './errors.js';

/**
 * Returns 0 when a[0..len) equals b[0..len), else -1 (all ones), in time that depends only on
 * len. Callers pass public lengths. Over bytes, or over 32-bit words: four times fewer steps for
 * the ciphertext comparison of decapsulation.
 */
export function ctDiffMask<T extends Uint8Array | Int32Array>(a: T, b: T, len: number): number {
  let acc = 0;
  for (let i = 0; i < len; i++) acc |= a[i]! ^ b[i]!;
  // acc | -acc has its sign bit set exactly when acc ≠ 0 (also for a word's acc = -2^31).
  return (acc | -acc) >> 31;
}

/** out[i] = mask ? b[i] : a[i] for i < len, where mask is 0 or -1. out may alias a. */
export function ctSelect(out: Uint8Array, a: Uint8Array, b: Uint8Array, mask: number, len: number): void {
  for (let i = 0; i < len; i++) {
    const x = a[i]!;
    out[i] = x ^ ((x ^ b[i]!) & mask);
  }
}

/** True when a and b are equal, in time that depends only on their (public) lengths. */
export function ctEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && ctDiffMask(a, b, b.length) === 0;
}

/** True when every byte of a is zero, without an early exit. */
export function ctIsZero(a: Uint8Array): boolean {
  let acc = 0;
  for (let i = 0; i < a.length; i++) acc |= a[i]!;
  return acc === 0;
}

/** Overwrites buffers that held secrets; undefined entries are skipped. */
export function wipe(...buffers: Array<Uint8Array | Int16Array | Int32Array | undefined>): void {
  for (const buf of buffers) buf?.fill(0);
}

/** `use` of a secret copy, which is wiped after it returns or throws (`use` must not keep it). */
export function wipedAfter<A extends Uint8Array, T>(copy: A, use: (copy: A) => T): T {
  try {
    return use(copy);
  } finally {
    wipe(copy);
  }
}

/**
 * Whether two byte strings are equal, in time that depends only on their lengths (which are
 * public): for comparing shared secrets, MACs or keys without `===` on their hex, which leaks
 * where they first differ. Arrays of different lengths are unequal.
 * @param a - a Uint8Array (a Buffer too).
 * @param b - a Uint8Array.
 * @returns true when they hold the same bytes.
 * @throws {MlKemError} `ERR_INVALID_TYPE` when either is not a Uint8Array.
 * @example
 * equalBytes(sharedSecret, MlKem768.decapsulate(ciphertext, secretKey)); // true
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (const [name, value] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!isUint8Array(value))
      throw new MlKemError('ERR_INVALID_TYPE', `equalBytes ${name} must be a Uint8Array, got ${describe(value)}`);
  }
  const x = copyBytes(a); // read once through the internal slots: no subclass getter decides
  const y = copyBytes(b);
  try {
    return ctEqual(x, y);
  } finally {
    wipe(x, y);
  }
}
