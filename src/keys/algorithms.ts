// The three ML-KEM parameter sets as key formats name them, from the registry (src/registry.ts):
// the name, the OID of RFC 9935, §3 (id-alg-ml-kem-512/768/1024, from the NIST CSOR arc), and the
// MlKem object that does the work. Only the public MlKem interface is used from here on.
import { describe, isObjectArgument, lengthHint, readFields, readOptions } from '../args.js';
import type { ByteArray } from '../bytes.js';
import { MlKemError } from '../errors.js';
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../index.js';
import { checkKem } from '../kem.js';
import { ML_KEM_ENTRIES, orList } from '../registry.js';
import {
  type DerNode,
  type DerReader,
  TAG_NULL,
  TAG_OID,
  TAG_SEQUENCE,
  derNode,
  oidFromString,
  oidToString,
  tagName,
} from './der.js';
import type { MlKemAlgorithm, MlKemBackend } from './types.js';

export type { MlKemAlgorithm };

const PORTABLE: MlKemBackend = { MlKem512, MlKem768, MlKem1024 };

/**
 * The backend named by an options argument's `backend` (the portable one when absent), its three
 * objects checked; `what` names the options argument.
 */
export function readBackend(value: unknown, what: string): MlKemBackend {
  if (value === undefined) return PORTABLE;
  if (!isObjectArgument(value)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what}.backend must be { MlKem512, MlKem768, MlKem1024 } (for example await loadWasm()), got ${describe(value)}`,
    );
  }
  const members = ML_KEM_ENTRIES.map((e) => e.member);
  const fields = readFields(value, members, `${what}.backend`);
  const backend = {} as Record<keyof MlKemBackend, MlKem>;
  for (const e of ML_KEM_ENTRIES) backend[e.member] = checkKem(fields[e.member], e.name, `${what}.backend.${e.member}`);
  return backend;
}

/** readBackend of the options of a function `fn` whose only option is `backend`. */
export const backendOption = (options: unknown, fn: string): MlKemBackend =>
  readBackend(readOptions(options, ['backend'], `${fn} options`).backend, `${fn} options`);

/** The parameter sets' names, in the registry's order. */
const ALGORITHMS: readonly MlKemAlgorithm[] = /* @__PURE__ */ ML_KEM_ENTRIES.map((e) => e.name);

const entryOf = (algorithm: MlKemAlgorithm) => ML_KEM_ENTRIES.find((e) => e.name === algorithm);

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
  checkAlgorithm(algorithm, 'algorithm');
  return backend[entryOf(algorithm)!.member];
}

/**
 * Checks an algorithm name given by the caller; `what` names the argument. A wrong value is
 * described by its kind and length, never quoted: it may be a key given in the wrong place.
 */
export function checkAlgorithm(value: unknown, what: string): asserts value is MlKemAlgorithm {
  if (!ALGORITHMS.includes(value as MlKemAlgorithm)) {
    const got = typeof value === 'string' ? `a string of ${value.length} characters` : describe(value);
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be ${orList(ALGORITHMS.map((a) => `'${a}'`))}, got ${got}`);
  }
}

/** The DER contents of the algorithm's OID (fresh). */
export function oidOf(algorithm: MlKemAlgorithm): ByteArray {
  return oidFromString(entryOf(algorithm)!.oid);
}

/** The algorithm whose OID has these DER contents, if any (public data: compared plainly). */
export function algorithmOfOid(contents: Uint8Array): MlKemAlgorithm | undefined {
  return ALGORITHMS.find((a) => {
    const oid = oidOf(a);
    return oid.length === contents.length && oid.every((b, i) => contents[i] === b);
  });
}

/** The algorithm whose public key (ek) or secret key (dk) has this many bytes; ERR_INVALID_LENGTH naming `what` otherwise. */
export function algorithmOfLength(kind: 'publicKey' | 'secretKey', length: number, what: string): MlKemAlgorithm {
  const entry = ML_KEM_ENTRIES.find((e) => e.sizes[kind] === length);
  if (entry === undefined) {
    throw new MlKemError(
      'ERR_INVALID_LENGTH',
      `${what} must be ${lengthsOf(kind)} bytes long, got ${length}${lengthHint(length, kind)}`,
    );
  }
  return entry.name;
}

/** "800, 1184 or 1568" */
export function lengthsOf(kind: 'publicKey' | 'secretKey'): string {
  return orList(ML_KEM_ENTRIES.map((e) => String(e.sizes[kind])));
}

/**
 * AlgorithmIdentifier (RFC 5280, §4.1.1.2) for an ML-KEM key: the algorithm's OID with the
 * parameters absent, as RFC 9935, §3 requires.
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
