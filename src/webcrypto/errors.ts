// The failures of the Web Crypto layer, as the specifications name them: DOMExceptions for the
// algorithm steps (WebCrypto, §18, "Modern Algorithms in the Web Cryptography API", §6), and
// TypeError where WebIDL conversion of an argument fails (WebIDL, §3.2), as native engines do.
import { MlKemError } from '../errors.js';

/** The DOMException names the ML-KEM and hybrid operations throw. */
export type WebCryptoErrorName =
  | 'NotSupportedError'
  | 'SyntaxError'
  | 'DataError'
  | 'InvalidAccessError'
  | 'OperationError'
  | 'DataCloneError';

/**
 * A DOMException with the specification's name, a message that says what was wrong and, when
 * given, the error that caused it as `cause` (as Node's own Web Crypto sets it); where the runtime
 * has no DOMException (React Native's Hermes), an Error with that name. The cause is defined after
 * construction: the (message, name) constructor is the one every runtime has.
 */
export function domError(name: WebCryptoErrorName, message: string, cause?: unknown): Error {
  const error =
    typeof DOMException === 'function' ? new DOMException(message, name) : Object.assign(new Error(message), { name });
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true });
  return error;
}

/** Rejects a promise-returning method with a DOMException. */
export function fail(name: WebCryptoErrorName, message: string, cause?: unknown): never {
  throw domError(name, message, cause);
}

/**
 * An MlKemError of a step as the DOMException `name`, with the message `${context}: ${its message}`
 * and the MlKemError as its cause; anything else is thrown again unchanged.
 */
export function failWith(name: WebCryptoErrorName, context: string, err: unknown): never {
  if (err instanceof MlKemError) fail(name, `${context}: ${err.message}`, err);
  throw err;
}

/** A WebIDL conversion failure (a wrong argument type or an unknown enum value). */
export function typeError(message: string): never {
  throw new TypeError(message);
}
