// What the `@hpke/core` adapters (hpke-core.ts, and the drop-in classes of classes.ts) share: the
// byte conversions (@hpke/core passes ArrayBuffers, SharedArrayBuffers and views of any realm, and
// takes ArrayBuffers back) and the wrapping of errors in @hpke/core's classes.
import { type ByteArray, copyBuffer } from '../bytes.js';

/** copyBuffer's bytes, or a TypeError naming `what` for anything that is not a buffer or is detached. */
export function bytesOf(value: unknown, what: string): ByteArray {
  const copy = copyBuffer(value);
  if (copy === undefined) throw new TypeError(`${what} must be an ArrayBuffer or a view of one, got ${typeof value}`);
  if (copy.detached) throw new TypeError(`${what} is a detached ArrayBuffer: it holds no bytes`);
  return copy.bytes;
}

/** The ArrayBuffer of a fresh Uint8Array that owns it whole, else of a copy. */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return (whole ? bytes : bytes.slice()).buffer as ArrayBuffer;
}

/**
 * Runs f; an error becomes `cls` with the package's words where `message` gives them, else with
 * the error's own message (as the packages wrap errors), and the error as its `cause`.
 */
export async function mapError<T>(
  cls: new (e: unknown) => Error,
  f: () => T | Promise<T>,
  message?: (err: unknown) => string | undefined,
): Promise<T> {
  try {
    return await f();
  } catch (err) {
    const e = new cls(message?.(err) ?? err);
    Object.defineProperty(e, 'cause', { value: err, writable: true, configurable: true });
    throw e;
  }
}
