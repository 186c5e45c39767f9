// The three ML-KEM parameter sets as key formats name them: the name, the OID of RFC 9935 §3
// (id-alg-ml-kem-512/768/1024 = 2.16.840.1.101.3.4.4.1/2/3, from the NIST CSOR arc), and the
// MlKem object that does the work. Only the public MlKem interface is used from here on.
import { describe, isObjectArgument, readFields } from '../args.js';
import { MlKemError } from '../errors.js';
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../index.js';
import { checkKem } from '../kem.js';
import type { MlKemAlgorithm, MlKemBackend } from './types.js';

export type { MlKemAlgorithm };
import { type DerNode, type DerReader, TAG_NULL, TAG_OID, TAG_SEQUENCE, derNode, oidToString, tagName } from './der.js';


const PORTABLE: MlKemBackend = { MlKem512, MlKem768, MlKem1024 };

/**
 * The backend named by an options argument's `backend` (the portable one when absent), its three
 * objects checked; `what` names the options argument.
 */
export function readBackend(value: unknown, what: string): MlKemBackend {
  if (value === undefined) return PORTABLE;
  if (!isObjectArgument(value)) {
    throw new MlKemError('ERR_INVALID_TYPE', `${what}.backend must be { MlKem512, MlKem768, MlKem1024 } (for example await loadWasm()), got ${describe(value)}`);
  }
  const { MlKem512: a, MlKem768: b, MlKem1024: c } = readFields(value, ['MlKem512', 'MlKem768', 'MlKem1024'], `${what}.backend`);
  return {
    MlKem512: checkKem(a, 'ML-KEM-512', `${what}.backend.MlKem512`),
    MlKem768: checkKem(b, 'ML-KEM-768', `${what}.backend.MlKem768`),
    MlKem1024: checkKem(c, 'ML-KEM-1024', `${what}.backend.MlKem1024`),
  };
}

export const ALGORITHMS: readonly MlKemAlgorithm[] = ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024'];

/** DER contents of 2.16.840.1.101.3.4.4 (nistAlgorithms 4, the KEM arc); the last arc is 1, 2 or 3. */
const OID_KEMS = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04] as const;

const isAlgorithm = (value: unknown): value is MlKemAlgorithm => ALGORITHMS.includes(value as MlKemAlgorithm);

/**
 * The MlKem object of an algorithm name, from `backend` (default: the portable backend).
 * @param algorithm - 'ML-KEM-512', 'ML-KEM-768' or 'ML-KEM-1024'.
 * @param backend - the three MlKem objects to choose from (default: the portable ones).
 * @returns the MlKem object of that parameter set.
 * @throws {MlKemError} `ERR_INVALID_TYPE` for anything but the three names.
 * @example
 * const kem = kemFor('ML-KEM-768', await loadWasm());
 */
export function kemFor(algorithm: MlKemAlgorithm, backend: MlKemBackend = PORTABLE): MlKem {
  switch (algorithm) {
    case 'ML-KEM-512':
      return backend.MlKem512;
    case 'ML-KEM-768':
      return backend.MlKem768;
    case 'ML-KEM-1024':
      return backend.MlKem1024;
    default:
      throw new MlKemError(
        'ERR_INVALID_TYPE',
        `algorithm must be 'ML-KEM-512', 'ML-KEM-768' or 'ML-KEM-1024', got ${typeof algorithm === 'string' ? `'${algorithm}'` : typeof algorithm}`,
      );
  }
}

/** Checks an algorithm name given by the caller; `what` names the argument. */
export function checkAlgorithm(value: unknown, what: string): asserts value is MlKemAlgorithm {
  if (!isAlgorithm(value)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} must be 'ML-KEM-512', 'ML-KEM-768' or 'ML-KEM-1024', got ${typeof value === 'string' ? `'${value}'` : typeof value}`,
    );
  }
}

/** The DER contents of the algorithm's OID (fresh). */
export function oidOf(algorithm: MlKemAlgorithm): Uint8Array {
  return Uint8Array.of(...OID_KEMS, ALGORITHMS.indexOf(algorithm) + 1);
}

/** The algorithm whose OID has these DER contents, if any. */
export function algorithmOfOid(contents: Uint8Array): MlKemAlgorithm | undefined {
  if (contents.length !== OID_KEMS.length + 1) return undefined;
  for (let i = 0; i < OID_KEMS.length; i++) if (contents[i] !== OID_KEMS[i]) return undefined;
  return ALGORITHMS[contents[OID_KEMS.length]! - 1];
}

/** The algorithm whose public key (ek) or secret key (dk) has this many bytes, if any. */
export function algorithmOfLength(kind: 'publicKey' | 'secretKey', length: number): MlKemAlgorithm | undefined {
  return ALGORITHMS.find((a) => kemFor(a).sizes[kind] === length); // sizes are the same on every backend
}

/** "800, 1184 or 1568" */
export function lengthsOf(kind: 'publicKey' | 'secretKey'): string {
  const sizes = ALGORITHMS.map((a) => kemFor(a).sizes[kind]);
  return `${sizes.slice(0, -1).join(', ')} or ${sizes[sizes.length - 1]}`;
}

/**
 * AlgorithmIdentifier (RFC 5280, §4.1.1.2) for an ML-KEM key: the algorithm's OID with the
 * parameters absent, as RFC 9935 §3 requires.
 */
export function algorithmIdentifier(algorithm: MlKemAlgorithm): DerNode {
  return derNode(TAG_SEQUENCE, derNode(TAG_OID, oidOf(algorithm)));
}

/** Reads an AlgorithmIdentifier that must name an ML-KEM parameter set with no parameters. */
export function readAlgorithmIdentifier(r: DerReader, name: string): MlKemAlgorithm {
  const at = r.offset;
  const seq = r.element(TAG_SEQUENCE, name);
  const oid = seq.oid(`${name} algorithm`);
  const algorithm = algorithmOfOid(oid);
  if (algorithm === undefined) {
    r.fail(`${name} at byte ${at} is ${oidToString(oid)}, not ML-KEM (2.16.840.1.101.3.4.4.1, .2 or .3; RFC 9935, §3)`);
  }
  const next = seq.peek();
  if (next !== -1) {
    const rest = seq.rest();
    const what = next === TAG_NULL && rest.length === 2 && rest[1] === 0 ? 'NULL' : tagName(next);
    r.fail(`${name} has parameters (${what}) at byte ${seq.offset}; RFC 9935 §3 requires them absent`);
  }
  return algorithm;
}
