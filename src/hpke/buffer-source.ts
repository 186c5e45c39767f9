// The byte conversions of the `@hpke/core` adapters (hpke-core.ts, and the drop-in classes of
// classes.ts): @hpke/core passes ArrayBuffers, SharedArrayBuffers and views of any realm, and
// takes ArrayBuffers back.
import { type ByteArray, copyBuffer, isDetached } from '../bytes.js';

/** A copy of the bytes of an ArrayBuffer, SharedArrayBuffer or view, of any realm (bytes.ts's copy policy); undefined for anything else. */
export function bufferBytes(value: unknown): ByteArray | undefined {
  return copyBuffer(value)?.bytes;
}

/** bufferBytes, or a TypeError naming `what` for anything that is not a buffer or is detached. */
export function bytesOf(value: unknown, what: string): ByteArray {
  const copy = bufferBytes(value);
  if (copy === undefined) throw new TypeError(`${what} must be an ArrayBuffer or a view of one, got ${typeof value}`);
  if (copy.length === 0 && isDetached(value))
    throw new TypeError(`${what} is a detached ArrayBuffer: it holds no bytes`);
  return copy;
}

/** The ArrayBuffer of a fresh Uint8Array that owns it whole, else of a copy. */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return (whole ? bytes : bytes.slice()).buffer as ArrayBuffer;
}
