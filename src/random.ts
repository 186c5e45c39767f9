import { MlKemError } from './errors.js';

/** n fresh bytes from the platform's cryptographically secure generator (Web Crypto getRandomValues). */
export function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  fillRandom(out);
  return out;
}

/** Fills out from the platform's cryptographically secure generator (Web Crypto getRandomValues). */
export function fillRandom(out: Uint8Array): void {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new MlKemError(
      'ERR_RANDOMNESS',
      'no secure random source: globalThis.crypto.getRandomValues is not available in this runtime',
    );
  }
  crypto.getRandomValues(out);
}
