/** Stable error codes of {@link MlKemError}; see the README's error table. */
export type MlKemErrorCode =
  | 'ERR_INVALID_TYPE'
  | 'ERR_INVALID_LENGTH'
  | 'ERR_INVALID_PUBLIC_KEY'
  | 'ERR_INVALID_SECRET_KEY'
  | 'ERR_INVALID_KEY_ENCODING'
  | 'ERR_RANDOMNESS'
  | 'ERR_KEY_DISPOSED'
  | 'ERR_PLATFORM'
  | 'ERR_WASM_UNAVAILABLE';

/**
 * Marks every MlKemError, under a registered symbol: the same in every copy of this module. A
 * CommonJS and an ES module copy of the package in one program (a bundle that mixes require and
 * import) each have their own class; the mark lets `instanceof` accept an error of either.
 */
const BRAND = Symbol.for('mlkem-ts.MlKemError');

/**
 * The only error mlkem-ts throws on bad input. `code` is stable; the message is for people.
 * @example
 * try {
 *   MlKem768.encapsulate(new Uint8Array(10));
 * } catch (err) {
 *   if (err instanceof MlKemError && err.code === 'ERR_INVALID_LENGTH') console.log(err.message);
 *   // "ML-KEM-768 publicKey must be 1184 bytes long, got 10"
 * }
 */
export class MlKemError extends Error {
  /** What went wrong, as one of the stable codes (the README's error table says when each is thrown). */
  readonly code: MlKemErrorCode;

  /**
   * Made by mlkem-ts; you only catch it.
   * @param code - the stable error code.
   * @param message - what was wrong: the argument, what was expected and what was given.
   * @param options - `cause`: the error that led to this one, if any.
   */
  constructor(code: MlKemErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    // A runtime whose Error takes no options (Hermes) gets `cause` as Error would define it: own, non-enumerable.
    if (options !== undefined && 'cause' in options && !Object.hasOwn(this, 'cause')) {
      Object.defineProperty(this, 'cause', { value: options.cause, writable: true, configurable: true });
    }
    this.name = 'MlKemError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `instanceof MlKemError` also holds for an MlKemError of another copy of the package.
   * @param value - what `instanceof` tests.
   * @returns whether value is an MlKemError of any copy of mlkem-ts.
   * @throws Nothing.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (this !== MlKemError || typeof value !== 'object' || value === null) return false;
    try {
      return BRAND in value && typeof (value as { code?: unknown }).code === 'string';
    } catch {
      return false; // a Proxy whose traps throw is not an MlKemError, and instanceof must not throw
    }
  }
}

/**
 * The one way mlkem-ts re-wraps an error of a call it made. An MlKemError `err` with one of `codes`
 * becomes a new MlKemError with `code`, `message(err)` (what failed, in the caller's terms) and
 * `err` as its `cause`; anything else is thrown again unchanged. A cause's message is never edited: a message that needs its detail quotes it whole.
 */
export function rethrowAs(
  err: unknown,
  codes: readonly MlKemErrorCode[],
  code: MlKemErrorCode,
  message: (cause: MlKemError) => string,
): never {
  if (err instanceof MlKemError && codes.includes(err.code)) throw new MlKemError(code, message(err), { cause: err });
  throw err;
}
