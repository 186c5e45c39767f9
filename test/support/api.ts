// Helpers for tests of the public API contract: calls that check their arguments were left
// untouched, the one way to assert an MlKemError, the wrong-typed values every argument must
// refuse, and the names mlkem-ts/keys takes.
import assert from 'node:assert/strict';

import { MlKemError } from '../../src/index.js';
import type { MlKemAlgorithm, PrivateKeyForm } from '../../src/keys/index.js';

export const LEVELS: readonly MlKemAlgorithm[] = ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024'];
export const FORMS: readonly PrivateKeyForm[] = ['seed', 'expanded', 'both'];
/** Every documented error code (README, error table): nothing else may be thrown. */
export const CODES: readonly string[] = [
  'ERR_INVALID_TYPE',
  'ERR_INVALID_LENGTH',
  'ERR_INVALID_PUBLIC_KEY',
  'ERR_INVALID_SECRET_KEY',
  'ERR_INVALID_KEY_ENCODING',
  'ERR_RANDOMNESS',
];

// ---- untouched inputs ------------------------------------------------------------------------

/** The methods of an MlKem and of a HybridKem. */
export type KemMethod = 'keygen' | 'encapsulate' | 'encapsulateInternal' | 'decapsulate';
type Kem = { readonly name: string } & { [M in KemMethod]: (...args: never[]) => unknown };

function bytesOf(v: ArrayBufferView | ArrayBuffer): Uint8Array {
  return v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/** A copy of an argument to compare against after the call (bytes, array items, own properties). */
function snapshot(v: unknown): unknown {
  if (v instanceof ArrayBuffer) return v.slice(0);
  if (ArrayBuffer.isView(v)) return bytesOf(v).slice();
  if (Array.isArray(v)) return v.slice();
  if (v !== null && typeof v === 'object') return { ...v };
  return v;
}

function assertUnchanged(v: unknown, before: unknown, what: string): void {
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
    const now = bytesOf(v);
    const then = bytesOf(before as ArrayBuffer | ArrayBufferView);
    assert.ok(now.length === then.length && Buffer.compare(now, then) === 0, `${what} was modified`);
  } else if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
    assert.deepEqual(Array.isArray(v) ? v : { ...v }, before, `${what} was modified`);
  } else {
    assert.ok(Object.is(v, before), `${what} was modified`);
  }
}

/** kem[method](...args), checking afterwards (also when it throws) that no argument changed. */
export function invoke(kem: Kem, method: KemMethod, args: unknown[]): unknown {
  const before = args.map(snapshot);
  try {
    return (kem[method] as (...a: unknown[]) => unknown).apply(kem, args);
  } finally {
    args.forEach((a, i) => assertUnchanged(a, before[i], `${kem.name} ${method}: argument ${i}`));
  }
}

// ---- errors ----------------------------------------------------------------------------------

/**
 * Asserts that fn throws an MlKemError with `code` and a message, and returns it. `check` is a
 * pattern the message must match, or more assertions to run on the error.
 */
export function expectError(
  fn: () => unknown,
  code: string,
  what: string,
  check?: RegExp | ((err: MlKemError) => void),
): MlKemError {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  assert.ok(thrown !== undefined, `${what}: did not throw (expected ${code})`);
  assert.ok(thrown instanceof MlKemError, `${what}: threw ${String(thrown)}, not an MlKemError`);
  assert.ok(thrown instanceof Error, `${what}: not an instanceof Error`);
  assert.equal(thrown.name, 'MlKemError', `${what}: name`);
  assert.equal(thrown.code, code, `${what}: code (message: ${thrown.message})`);
  assert.equal(typeof thrown.message, 'string', `${what}: message`);
  assert.ok(thrown.message.length > 0, `${what}: empty message`);
  if (check instanceof RegExp) assert.match(thrown.message, check, what);
  else check?.(thrown);
  return thrown;
}

/** Matches `word` as a whole identifier in a message ("seed" but not "eseed"). */
export const wordRe = (word: string): RegExp => new RegExp(`(^|[^A-Za-z0-9_])${word}($|[^A-Za-z0-9_])`);
