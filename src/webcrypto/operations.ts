import type { ByteArray } from '../bytes.js';
// The key-pair, encapsulation and public-key operations of our algorithms ("Modern Algorithms in
// the Web Cryptography API", §4 and §8.4), after the arguments are converted and the algorithm
// normalized. The shared-key import of encapsulateKey/decapsulateKey is the caller's (native).
import { wipe } from '../ct.js';
import { randomBytes } from '../random.js';
import type { AlgorithmEntry } from './algorithms.js';
import { intersect } from './arguments.js';
import { fail, failWith } from './errors.js';
import type { KemHandles, PrivateHandle } from './handles.js';
import {
  type KeyUsage,
  type MlKemCryptoKey,
  PRIVATE_USAGES,
  PUBLIC_USAGES,
  checkUsages,
  decapsulatorOf,
  encapsulatorOf,
  makeKey,
  publicPartOf,
} from './key.js';

export interface KeyPair {
  publicKey: MlKemCryptoKey;
  privateKey: MlKemCryptoKey;
}

/** §8.4 Generate Key, and WebCrypto, §14.3.6 step 9: the private key needs a usage. */
export function generateOurKey(
  entry: AlgorithmEntry,
  h: KemHandles,
  extractable: boolean,
  usages: readonly KeyUsage[],
): KeyPair {
  checkUsages(usages, [...PUBLIC_USAGES, ...PRIVATE_USAGES], entry);
  // WebCrypto, §14.3.6 step 9 checks the pair's private usages after generation; checking them
  // first gives the same result without a wasted key generation.
  const privateUsages = intersect(usages, PRIVATE_USAGES);
  if (privateUsages.length === 0)
    fail(
      'SyntaxError',
      'Usages cannot be empty when creating a key: the private key needs decapsulateKey or decapsulateBits',
    );
  let seed: Uint8Array | undefined;
  let handle: PrivateHandle;
  try {
    seed = randomBytes(h.kem.sizes.seed); // FIPS 203, §7.1: d ‖ z, kept for export as raw-seed
    handle = h.decapsulationKey(seed);
  } catch (err) {
    failWith('OperationError', 'key generation failed', err);
  } finally {
    wipe(seed);
  }
  return {
    publicKey: makeKey(
      entry,
      { type: 'public', handle: handle.encapsulationKey },
      true,
      intersect(usages, PUBLIC_USAGES),
    ),
    privateKey: makeKey(entry, { type: 'private', handle }, extractable, privateUsages),
  };
}

/** The encapsulate operation (§8.4 Encapsulate): the ciphertext and the shared secret (ours to wipe). */
export async function encapsulateOurs(
  entry: AlgorithmEntry,
  key: MlKemCryptoKey,
  usage: 'encapsulateKey' | 'encapsulateBits',
) {
  const handle = encapsulatorOf(entry, key, usage);
  try {
    return await handle.encapsulate();
  } catch (err) {
    failWith('OperationError', 'encapsulation failed', err);
  }
}

/** The decapsulate operation (§8.4 Decapsulate): the shared secret (ours to wipe). */
export async function decapsulateOurs(
  entry: AlgorithmEntry,
  h: KemHandles,
  key: MlKemCryptoKey,
  ciphertext: Uint8Array,
  usage: 'decapsulateKey' | 'decapsulateBits',
): Promise<ByteArray> {
  const decapsulate = decapsulatorOf(entry, key, usage);
  const expected = h.kem.sizes.ciphertext;
  // FIPS 203, §7.3, the ciphertext type check: OperationError, as Node 26 reports it.
  if (ciphertext.length !== expected)
    fail('OperationError', `ciphertext must be ${expected} bytes for ${entry.name}, got ${ciphertext.length}`);
  try {
    return await decapsulate(ciphertext);
  } catch (err) {
    failWith('OperationError', 'decapsulation failed', err);
  }
}

/** getPublicKey (§4.5) for one of our keys. */
export function publicKeyOf(key: MlKemCryptoKey, usages: readonly KeyUsage[]): MlKemCryptoKey {
  const { entry, handle } = publicPartOf(key);
  checkUsages(usages, PUBLIC_USAGES, entry);
  return makeKey(entry, { type: 'public', handle }, true, intersect(usages));
}
