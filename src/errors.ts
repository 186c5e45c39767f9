/** Stable error codes of {@link MlKemError}; see the README's error table. */
export type MlKemErrorCode =
  | 'ERR_INVALID_TYPE'
  | 'ERR_INVALID_LENGTH'
  | 'ERR_INVALID_PUBLIC_KEY'
  | 'ERR_INVALID_SECRET_KEY'
  | 'ERR_INVALID_KEY_ENCODING'
  | 'ERR_RANDOMNESS'
  | 'ERR_KEY_DISPOSED';

/** The only error mlkem-ts throws on bad input. `code` is stable; the message is for people. */
export class MlKemError extends Error {
  readonly code: MlKemErrorCode;

  constructor(code: MlKemErrorCode, message: string) {
    super(message);
    this.name = 'MlKemError';
    this.code = code;
  }
}
