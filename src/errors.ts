/** Stable error codes of {@link MlKemError}; see the README's error table. */
export type MlKemErrorCode =
  | 'ERR_INVALID_TYPE'
  | 'ERR_INVALID_LENGTH'
  | 'ERR_INVALID_PUBLIC_KEY'
  | 'ERR_INVALID_SECRET_KEY'
  | 'ERR_INVALID_KEY_ENCODING'
  | 'ERR_RANDOMNESS';

/** The only error mlkem-ts throws on bad input. `code` is stable; the message is for people. */
export class MlKemError extends Error {
  readonly code: MlKemErrorCode;

  constructor(code: MlKemErrorCode, message: string) {
    super(message);
    this.name = 'MlKemError';
    this.code = code;
  }
}

/** Names what a value is, for error messages ("a string", "an ArrayBuffer", "null"). */
function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  const name = typeof value === 'object' ? (value as object).constructor?.name || 'object' : typeof value;
  return `${/^([aeio]|u(?!int))/i.test(name) ? 'an' : 'a'} ${name}`; // "a Uint8Array", "an ArrayBuffer"
}

/**
 * Checks that `value` is a Uint8Array of exactly `length` bytes, else throws MlKemError.
 * `what` names the argument as the caller sees it, e.g. "ML-KEM-768 publicKey".
 */
export function checkBytes(value: unknown, length: number, what: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} must be a Uint8Array of ${length} bytes, got ${describe(value)}`,
    );
  }
  if (value.length !== length) {
    throw new MlKemError(
      'ERR_INVALID_LENGTH',
      `${what} must be ${length} bytes long, got ${value.length}`,
    );
  }
}
