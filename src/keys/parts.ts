import { checkBytes, describe, isObjectArgument, readFields, takeUint8Array } from '../args.js';
import type { ByteArray } from '../bytes.js';
// A key as the caller hands it to an encoder ({ algorithm?, seed?, secretKey?, publicKey? }, for
// example a KeyPair from keygen or the result of a decoder): checked at the boundary, completed
// (the keys derived from the seed), and its parts held to agree with one another.
import { ctEqual, wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import type { MlKem } from '../index.js';
import { type MlKemAlgorithm, algorithmOfLength, checkAlgorithm, kemFor } from './algorithms.js';
import type { MlKemBackend } from './types.js';
import { checkPublicKey, checkSecretKey, embeddedPublicKey } from './validate.js';

export interface ResolvedKey {
  kem: MlKem;
  seed: ByteArray | undefined;
  secretKey: ByteArray | undefined;
  publicKey: ByteArray;
  /** Wipes the secrets this resolution made (not the caller's). */
  dispose(): void;
}

/** The parts that are present, type-checked, before any work. */
function readParts(key: unknown, what: string) {
  if (!isObjectArgument(key) || ArrayBuffer.isView(key)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} must be an object with seed, secretKey or publicKey, got ${describe(key)}`,
    );
  }
  const { algorithm, seed, secretKey, publicKey } = readFields(
    key,
    ['algorithm', 'seed', 'secretKey', 'publicKey'],
    what,
  );
  if (algorithm !== undefined) checkAlgorithm(algorithm, `${what}.algorithm`);
  if (seed === undefined && secretKey === undefined && publicKey === undefined) {
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must hold seed, secretKey or publicKey`);
  }
  // Our own copies (takeUint8Array): the secret ones are wiped by the resolved key's dispose.
  const parts = {
    algorithm: algorithm as MlKemAlgorithm | undefined,
    seed: seed === undefined ? undefined : takeUint8Array(seed, `${what}.seed`, ' of 64 bytes'),
    secretKey: undefined as ByteArray | undefined,
    publicKey: undefined as ByteArray | undefined,
  };
  try {
    if (secretKey !== undefined) parts.secretKey = takeUint8Array(secretKey, `${what}.secretKey`);
    if (publicKey !== undefined) parts.publicKey = takeUint8Array(publicKey, `${what}.publicKey`);
  } catch (err) {
    wipe(parts.seed, parts.secretKey);
    throw err;
  }
  return parts;
}

/** The parameter set: named, or implied by the length of secretKey or publicKey. */
function pickKem(p: ReturnType<typeof readParts>, what: string, backend: MlKemBackend): MlKem {
  let algorithm = p.algorithm;
  for (const kind of ['secretKey', 'publicKey'] as const) {
    const bytes = p[kind];
    if (algorithm !== undefined || bytes === undefined) continue;
    algorithm = algorithmOfLength(kind, bytes.length, `${what}.${kind}`);
  }
  if (algorithm === undefined) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what}.algorithm is needed with a seed alone: a 64-byte seed fits every parameter set`,
    );
  }
  const kem = kemFor(algorithm, backend);
  if (p.secretKey !== undefined) checkBytes(p.secretKey, kem.sizes.secretKey, `${kem.name} ${what}.secretKey`);
  if (p.publicKey !== undefined) checkBytes(p.publicKey, kem.sizes.publicKey, `${kem.name} ${what}.publicKey`);
  if (p.seed !== undefined) checkBytes(p.seed, 64, `${what}.seed`);
  return kem;
}

/**
 * Checks and completes a key. A seed is expanded (FIPS 203, Algorithm 16) and any secretKey or
 * publicKey given with it must be the one it yields; an expanded secretKey alone gets the §7.3
 * and §7.2 checks, and a publicKey alone the §7.2 check. Disagreeing parts throw
 * ERR_INVALID_SECRET_KEY.
 */
export function resolveKey(key: unknown, what: string, backend: MlKemBackend): ResolvedKey {
  const p = readParts(key, what);
  const ours = () => wipe(p.seed, p.secretKey); // our copies of the caller's secrets
  try {
    const kem = pickKem(p, what, backend);
    if (p.seed !== undefined) {
      const pair = kem.keygen(p.seed);
      const dispose = () => {
        wipe(pair.seed, pair.secretKey);
        ours();
      };
      try {
        if (p.secretKey !== undefined && !ctEqual(pair.secretKey, p.secretKey)) {
          throw new MlKemError(
            'ERR_INVALID_SECRET_KEY',
            `${what}.seed and ${what}.secretKey are not the same ${kem.name} key`,
          );
        }
        if (p.publicKey !== undefined && !ctEqual(pair.publicKey, p.publicKey)) {
          throw new MlKemError('ERR_INVALID_SECRET_KEY', `${what}.publicKey is not the public key of ${what}.seed`);
        }
      } catch (err) {
        dispose();
        throw err;
      }
      return { kem, seed: pair.seed, secretKey: pair.secretKey, publicKey: pair.publicKey, dispose };
    }
    if (p.secretKey !== undefined) {
      checkSecretKey(kem, p.secretKey, `${what}.secretKey`);
      const publicKey = embeddedPublicKey(kem, p.secretKey); // a view of our copy, valid until dispose
      if (p.publicKey !== undefined && !ctEqual(publicKey, p.publicKey)) {
        throw new MlKemError(
          'ERR_INVALID_SECRET_KEY',
          `${what}.publicKey is not the public key embedded in ${what}.secretKey`,
        );
      }
      return { kem, seed: undefined, secretKey: p.secretKey, publicKey, dispose: ours };
    }
    const publicKey = p.publicKey!; // readParts: without seed or secretKey, publicKey is present
    checkPublicKey(kem, publicKey, `${what}.publicKey`, 'ERR_INVALID_PUBLIC_KEY');
    return { kem, seed: undefined, secretKey: undefined, publicKey, dispose: ours };
  } catch (err) {
    ours();
    throw err;
  }
}
