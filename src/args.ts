// Reading the caller's arguments at the public boundary: type and length checks that no subclass,
// Proxy or other realm can fool (through bytes.ts, which also makes the private copies), and the
// fields of argument objects.
// Every failure is an MlKemError naming the argument, what was expected and what was given.
import { type ByteArray, copyBytes, isUint8Array, lengthOf, locateBuffer, readBytes } from './bytes.js';
import { MlKemError } from './errors.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from './params.js';

/** Names what a value is, for error messages ("a string", "an ArrayBuffer", "null"). */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  let name: unknown = typeof value;
  if (typeof value === 'object') {
    try {
      name = (value as object).constructor?.name; // may be anything, or throw (a Proxy)
    } catch {
      name = undefined;
    }
    if (typeof name !== 'string' || name === '') name = 'object';
  }
  return `${/^([aeio]|u(?!int))/i.test(name as string) ? 'an' : 'a'} ${name as string}`; // "a Uint8Array", "an ArrayBuffer"
}

/**
 * True for an object argument (not null, not an array); false for anything else, also for a
 * revoked Proxy, on which Array.isArray throws.
 */
export function isObjectArgument(value: unknown): value is object {
  try {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The named properties of an argument object. Whatever a hostile object throws while they are
 * read (a throwing getter, a Proxy trap) becomes ERR_INVALID_TYPE.
 */
export function readFields<K extends string>(value: object, names: readonly K[], what: string): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  try {
    for (const name of names) out[name] = (value as Record<string, unknown>)[name];
  } catch {
    throw new MlKemError('ERR_INVALID_TYPE', `${what} could not be read: a property getter or Proxy trap threw`);
  }
  return out;
}

/**
 * checkBytes, then a plain copy of exactly `length` bytes (readBytes: the length is not read
 * again, so a SharedArrayBuffer that another thread grows meanwhile cannot change it).
 */
export function takeBytes(value: unknown, length: number, what: string): ByteArray {
  checkBytes(value, length, what);
  const out = new Uint8Array(length);
  readBytes(out, value);
  return out;
}

/**
 * Checks that `value` is a Uint8Array of exactly `length` bytes, else throws MlKemError.
 * `what` names the argument as the caller sees it, e.g. "ML-KEM-768 publicKey".
 * Note: the length is read from the array's internal slot, as TypedArray.prototype.set copies
 * it: a subclass with a `length` getter that lies cannot make a short array pass. `more` ends
 * the message of a wrong length.
 */
export function checkBytes(value: unknown, length: number, what: string, more = ''): asserts value is Uint8Array {
  if (!isUint8Array(value)) {
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be a Uint8Array of ${length} bytes, got ${describe(value)}`);
  }
  const actual = lengthOf(value);
  if (actual !== length) {
    // An ML-KEM key, ciphertext or seed ("ML-KEM-768 publicKey") gets lengthHint's hint.
    const kind = /^ML-KEM-\d+ .*?\b(publicKey|secretKey|ciphertext|seed)$/.exec(what)?.[1] as LengthKind | undefined;
    throw new MlKemError(
      'ERR_INVALID_LENGTH',
      `${what} must be ${length} bytes long, got ${actual}${kind ? lengthHint(actual, kind) : ''}${more}`,
    );
  }
}

/** What an ML-KEM argument is (the names of MlKem's `sizes`). */
export type LengthKind = 'publicKey' | 'secretKey' | 'ciphertext' | 'seed';
const SEED = ': that is a seed; use decapsulationKey(seed) or keygen(seed) to expand it';

/**
 * The likely mistake behind a wrong length where a `want` belongs, from the sizes of FIPS 203,
 * Table 3 (params.ts), as the end of a message: a seed given as a secret key, the same kind at
 * another level, another kind (a secret key given to encapsulate); '' when nothing fits.
 */
export function lengthHint(length: number, want: LengthKind): string {
  let hint = want === 'secretKey' && length === 64 ? SEED : '';
  for (const p of [ML_KEM_512, ML_KEM_768, ML_KEM_1024])
    for (const kind of ['publicKey', 'secretKey', 'ciphertext'] as const)
      if (p[`${kind}Bytes`] === length && (kind === want || !hint))
        hint = `: that is an ${p.name} ${kind}${kind === want ? `; use MlKem${p.name.slice(7)}` : `, not a ${want}`}`;
  return hint;
}

/**
 * checkBytes of decapsulate's (ciphertext, secretKey) for the KEM `name`; a pair of the right
 * lengths the other way round, as Node's crypto.decapsulate(key, ciphertext) takes them, gets a
 * message that says so. Lengths are public: the extra test reveals nothing.
 */
export function checkDecapsulateArguments(
  ciphertext: unknown,
  secretKey: unknown,
  ciphertextBytes: number,
  secretKeyBytes: number,
  name: string,
): void {
  const swapped =
    isUint8Array(ciphertext) &&
    isUint8Array(secretKey) &&
    lengthOf(ciphertext) === secretKeyBytes &&
    lengthOf(secretKey) === ciphertextBytes;
  checkBytes(ciphertext, ciphertextBytes, `${name} ciphertext`, swapped ? SWAPPED : '');
  checkBytes(secretKey, secretKeyBytes, `${name} secretKey`);
}
const SWAPPED =
  ": the arguments look swapped. decapsulate takes (ciphertext, secretKey); Node's crypto.decapsulate takes (key, ciphertext)";

/**
 * Throws ERR_INVALID_TYPE unless value is a Uint8Array (`expected` says of what length), and
 * returns a plain copy of it (copyBytes), which the caller works on and wipes if it is secret.
 */
export function takeUint8Array(value: unknown, what: string, expected = ''): ByteArray {
  if (!isUint8Array(value)) {
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be a Uint8Array${expected}, got ${describe(value)}`);
  }
  const copy = copyBytes(value);
  if (copy.length === 0 && locateBuffer(value)!.detached)
    throw new MlKemError('ERR_INVALID_TYPE', `${what} is on a detached ArrayBuffer (transferred): it holds no bytes`);
  return copy;
}

/**
 * The named fields of an options argument, all undefined when it is undefined; throws
 * ERR_INVALID_TYPE unless it is undefined or an object that can be read (readFields) whose own
 * keys are all among `names`: a mistyped option (`{ pairwise: false }`) is refused, not ignored.
 */
export function readOptions<K extends string>(
  value: unknown,
  names: readonly K[],
  what: string,
): Partial<Record<K, unknown>> {
  if (value === undefined) return {};
  if (!isObjectArgument(value))
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be an object, got ${describe(value)}`);
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch {
    throw new MlKemError('ERR_INVALID_TYPE', `${what} could not be read: a Proxy trap threw`);
  }
  const unknown = keys.find((k) => !(names as readonly string[]).includes(k));
  if (unknown !== undefined) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} has an unknown option ${JSON.stringify(unknown)} (known: ${names.join(', ')})`,
    );
  }
  return readFields(value, names, what);
}

/** A boolean option: `fallback` when undefined; ERR_INVALID_TYPE for anything but a boolean. */
export function readBoolean(value: unknown, what: string, fallback: boolean): boolean {
  if (value !== undefined && typeof value !== 'boolean')
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be a boolean, got ${describe(value)}`);
  return value ?? fallback;
}
