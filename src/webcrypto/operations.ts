// The key-pair, encapsulation and public-key operations of our algorithms ("Modern Algorithms in
// the Web Cryptography API", §4 and §8.4), after the arguments are converted and the algorithm
// normalized. The shared-key import of encapsulateKey/decapsulateKey is the caller's (native).
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { randomBytes } from '../random.js';
import type { AlgorithmEntry } from './algorithms.js';
import { intersect } from './arguments.js';
import { fail } from './errors.js';
import { PRIVATE_USAGES, PUBLIC_USAGES, checkUsages } from './formats.js';
import type { KemHandles, PrivateHandle, PublicHandle } from './handles.js';
import { type KeyUsage, type MlKemCryptoKey, makeKey, slotsOf } from './key.js';

export interface KeyPair {
  publicKey: MlKemCryptoKey;
  privateKey: MlKemCryptoKey;
}

/** §8.4 Generate Key, and WebCrypto §14.3.6 step 9: the private key needs a usage. */
export function generateOurKey(entry: AlgorithmEntry, h: KemHandles, extractable: boolean, usages: readonly KeyUsage[]): KeyPair {
  checkUsages(usages, [...PUBLIC_USAGES, ...PRIVATE_USAGES], entry);
  // WebCrypto §14.3.6 step 9 checks the pair's private usages after generation; checking them
  // first gives the same result without a wasted key generation.
  const privateUsages = intersect(usages, PRIVATE_USAGES);
  if (privateUsages.length === 0) fail('SyntaxError', 'Usages cannot be empty when creating a key: the private key needs decapsulateKey or decapsulateBits');
  let seed: Uint8Array | undefined;
  let handle: PrivateHandle;
  try {
    seed = randomBytes(h.kem.sizes.seed); // FIPS 203 §7.1: d ‖ z, kept for export as raw-seed
    handle = h.privateKey(seed);
  } catch (err) {
    if (err instanceof MlKemError) fail('OperationError', `key generation failed: ${err.message}`);
    throw err;
  } finally {
    wipe(seed);
  }
  return {
    publicKey: makeKey(entry, { type: 'public', handle: handle.publicKey }, true, intersect(usages, PUBLIC_USAGES)),
    privateKey: makeKey(entry, { type: 'private', handle }, extractable, privateUsages),
  };
}

/**
 * The checks of encapsulateKey/encapsulateBits (§4.1 and §4.2 step 8–9) and decapsulateKey/
 * decapsulateBits (§4.3 and §4.4), and the key's type check of the operation (§8.4): all
 * InvalidAccessError.
 */
function usableKey(entry: AlgorithmEntry, key: MlKemCryptoKey, usage: KeyUsage, type: 'public' | 'private') {
  const slots = slotsOf(key);
  if (slots.entry !== entry) fail('InvalidAccessError', `key algorithm mismatch: the key is ${slots.entry.name}, the algorithm ${entry.name}`);
  const parameter = type === 'public' ? 'encapsulationKey' : 'decapsulationKey';
  if (!slots.usages.includes(usage)) fail('InvalidAccessError', `${parameter} does not have the ${usage} usage`);
  if (slots.key.type !== type) fail('InvalidAccessError', `${parameter} must be a ${type} key`);
  return slots.key.handle;
}

/** The encapsulate operation (§8.4 Encapsulate): the ciphertext and the shared secret (ours to wipe). */
export function encapsulateOurs(entry: AlgorithmEntry, key: MlKemCryptoKey, usage: 'encapsulateKey' | 'encapsulateBits') {
  const handle = usableKey(entry, key, usage, 'public') as PublicHandle;
  try {
    return handle.encapsulate();
  } catch (err) {
    if (err instanceof MlKemError) fail('OperationError', `encapsulation failed: ${err.message}`);
    throw err;
  }
}

/** The decapsulate operation (§8.4 Decapsulate): the shared secret (ours to wipe). */
export function decapsulateOurs(entry: AlgorithmEntry, h: KemHandles, key: MlKemCryptoKey, ciphertext: Uint8Array, usage: 'decapsulateKey' | 'decapsulateBits'): Uint8Array {
  const handle = usableKey(entry, key, usage, 'private') as PrivateHandle;
  const expected = h.kem.sizes.ciphertext;
  // FIPS 203 §7.3, the ciphertext type check: OperationError, as Node 26 reports it.
  if (ciphertext.length !== expected) fail('OperationError', `ciphertext must be ${expected} bytes for ${entry.name}, got ${ciphertext.length}`);
  try {
    return handle.decapsulate(ciphertext);
  } catch (err) {
    if (err instanceof MlKemError) fail('OperationError', `decapsulation failed: ${err.message}`);
    throw err;
  }
}

/** getPublicKey (§4.5) for one of our keys. */
export function publicKeyOf(key: MlKemCryptoKey, usages: readonly KeyUsage[]): MlKemCryptoKey {
  const { entry, key: k } = slotsOf(key);
  if (k.type !== 'private') fail('InvalidAccessError', 'key must be a private key');
  checkUsages(usages, PUBLIC_USAGES, entry);
  return makeKey(entry, { type: 'public', handle: k.handle.publicKey }, true, intersect(usages));
}
