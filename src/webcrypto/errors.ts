// The failures of the Web Crypto layer, as the specifications name them: DOMExceptions for the
// algorithm steps (WebCrypto §18, "Modern Algorithms in the Web Cryptography API" §6), and
// TypeError where WebIDL conversion of an argument fails (WebIDL §3.2), as native engines do.

/** The DOMException names the ML-KEM and hybrid operations throw. */
export type WebCryptoErrorName = 'NotSupportedError' | 'SyntaxError' | 'DataError' | 'InvalidAccessError' | 'OperationError';

/** A DOMException with the specification's name and a message that says what was wrong. */
export function domError(name: WebCryptoErrorName, message: string): Error {
  return new DOMException(message, name);
}

/** Rejects a promise-returning method with a DOMException. */
export function fail(name: WebCryptoErrorName, message: string): never {
  throw domError(name, message);
}

/** A WebIDL conversion failure (a wrong argument type or an unknown enum value). */
export function typeError(message: string): never {
  throw new TypeError(message);
}
