// ByteArray: the one way mlkem-ts copies what a caller hands it, and the byte-string helpers every
// layer shares (concatenation, base64). Every BufferSource is read through the intrinsic getters
// of its internal slots (ArrayBuffer, SharedArrayBuffer, %TypedArray%, DataView). So no subclass,
// Proxy, overridden property or other realm changes what is read. One policy for every buffer:
// shared and resizable buffers are copied as they are at the moment of the copy (a length-tracking
// view, its current length), a detached buffer holds no bytes, another realm's buffer is a buffer.
import { MlKemError } from './errors.js';

/**
 * The type of every byte result of mlkem-ts: `Uint8Array<ArrayBuffer>`, a fresh array on an
 * ordinary ArrayBuffer, which TypeScript 5.7+ accepts wherever a BufferSource is taken
 * (crypto.subtle, Blob, TextDecoder, Response) and `Uint8Array<ArrayBufferLike>` is refused.
 * Arguments stay typed `Uint8Array`: any Uint8Array is read (Buffers and shared memory too).
 */
export type ByteArray = Uint8Array<ArrayBuffer>;

/** The getter of the accessor property `key` of C.prototype. */
function get<T>(C: { prototype: object }, key: PropertyKey): () => T {
  return Object.getOwnPropertyDescriptor(C.prototype, key)!.get! as () => T;
}
/** %TypedArray%, the constructor every typed array's constructor extends. */
const TypedArray = /* @__PURE__ */ Object.getPrototypeOf(Uint8Array) as { prototype: object };
const Shared = /* @__PURE__ */ (() =>
  (globalThis as { SharedArrayBuffer?: { prototype: object } }).SharedArrayBuffer)();

// The intrinsic getters of the header, captured when the module loads, so that code run later (a
// caller's, a polyfill's) cannot replace what is called. One constant each, not one object, so
// that a bundler drops those an app never reads (the core reads four).
const getTag = /* @__PURE__ */ get<unknown>(TypedArray, Symbol.toStringTag);
const getLength = /* @__PURE__ */ get<number>(TypedArray, 'length');
const getBuffer = /* @__PURE__ */ get<ArrayBufferLike>(TypedArray, 'buffer');
const getByteOffset = /* @__PURE__ */ get<number>(TypedArray, 'byteOffset');
const getByteLength = /* @__PURE__ */ get<number>(TypedArray, 'byteLength');
const getDataViewBuffer = /* @__PURE__ */ get<ArrayBufferLike>(DataView, 'buffer');
const getDataViewOffset = /* @__PURE__ */ get<number>(DataView, 'byteOffset');
const getDataViewLength = /* @__PURE__ */ get<number>(DataView, 'byteLength');
const getArrayBufferLength = /* @__PURE__ */ get<number>(ArrayBuffer, 'byteLength');
const getSharedLength: (() => number) | undefined = Shared && /* @__PURE__ */ get<number>(Shared, 'byteLength');
const sharedPrototype: object | undefined = /* @__PURE__ */ (() => Shared?.prototype)();
const isBufferView: (value: unknown) => boolean = /* @__PURE__ */ (() => ArrayBuffer.isView)();
const getPrototypeOf: (value: object) => object | null = /* @__PURE__ */ (() => Object.getPrototypeOf)();

/**
 * True for a genuine Uint8Array (or subclass, such as Node's Buffer), also one from another
 * realm; false for anything else, including a Proxy of one.
 */
export function isUint8Array(value: unknown): value is Uint8Array {
  return getTag.call(value) === 'Uint8Array';
}

/** The length of a Uint8Array, read from its internal slot (a subclass cannot lie about it). */
export function lengthOf(value: Uint8Array): number {
  return getLength.call(value);
}

/**
 * Copies the first dst.length bytes of value, a Uint8Array that checkBytes found at least that
 * long, into dst, in one read.
 * Note: the bytes are read through a fixed-length view made from the internal slots, so a
 * length-tracking view whose SharedArrayBuffer another thread grows meanwhile, or a subclass
 * with a lying `length`, `buffer` or `set`, cannot make the copy throw or read other bytes.
 */
export function readBytes(dst: Uint8Array, value: Uint8Array): void {
  if (dst.length === 0) return; // an array on a detached buffer has length 0 (and no buffer to view)
  dst.set(new Uint8Array(getBuffer.call(value), getByteOffset.call(value), dst.length));
}

/**
 * A plain Uint8Array copy of a Uint8Array, also of a subclass (Node's Buffer) or of one from
 * another realm, its length read from the internal slot. Code that slices or views its input
 * works on such a copy: slicing a caller's array goes through the caller's subclass (Buffer's
 * slice shares memory), and wiping a view of it would wipe the caller's bytes. Public functions copy their inputs this way before
 * they call out of the library (randomness), so that nothing the callee does can change them.
 */
export function copyBytes(value: Uint8Array): ByteArray {
  const out = new Uint8Array(getLength.call(value));
  readBytes(out, value);
  return out;
}

/** f's result, or undefined when it throws (an intrinsic getter given the wrong kind of object). */
function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/**
 * The byte length of an ArrayBuffer or SharedArrayBuffer (0 when detached), and which it is;
 * undefined for anything else. Only intrinsic getters read it: nothing of the caller's runs (no
 * Symbol.toStringTag, no Proxy trap). `likelyShared` says which getter to ask first, so that the
 * common paths throw nothing (an exception costs microseconds); the getter, reading the internal
 * slot, decides.
 */
function bufferLength(buffer: unknown, likelyShared: boolean): { length: number; shared: boolean } | undefined {
  if (likelyShared) {
    const shared = getSharedLength && attempt(() => getSharedLength.call(buffer));
    if (shared !== undefined) return { length: shared, shared: true };
  }
  const plain = attempt(() => getArrayBufferLength.call(buffer));
  if (plain !== undefined) return { length: plain, shared: false };
  const shared = likelyShared ? undefined : getSharedLength && attempt(() => getSharedLength.call(buffer));
  return shared === undefined ? undefined : { length: shared, shared: true };
}

/** What holds a BufferSource's bytes. */
interface BufferKind {
  /** They are in a SharedArrayBuffer. */
  shared: boolean;
  /** The value was a view (a TypedArray or DataView), not a buffer. */
  view: boolean;
  /** Its buffer is detached: no bytes, which where bytes are required is refused, never read as empty. */
  detached: boolean;
}

/** A copy of the bytes of a BufferSource (a Uint8Array of our own, on a fresh ArrayBuffer), and where they were. */
export type BufferCopy = BufferKind & { bytes: Uint8Array<ArrayBuffer> };
type BufferPlace = BufferKind & { buffer: ArrayBuffer; offset: number; length: number };

/**
 * A copy of the bytes an ArrayBuffer, a SharedArrayBuffer or a view of either holds (WebIDL's "get
 * a copy of the bytes held by the buffer source"), from this realm or another; undefined for
 * anything else, never an error. Each caller decides what it accepts (Web Crypto refuses shared memory).
 */
export function copyBuffer(value: unknown): BufferCopy | undefined {
  const at = locateBuffer(value);
  if (at === undefined) return undefined;
  const bytes = new Uint8Array(at.length);
  if (at.length > 0) bytes.set(new Uint8Array(at.buffer, at.offset, at.length));
  return { bytes, shared: at.shared, view: at.view, detached: at.detached };
}

/** copyBuffer's reading of the internal slots, which copies nothing: for callers that only classify. */
export function locateBuffer(value: unknown): BufferPlace | undefined {
  let buffer: unknown = value;
  let offset = 0;
  let length: number | undefined;
  let view = true;
  // ArrayBuffer.isView and the TypedArray tag getter read internal slots without throwing. A
  // TypedArray's getters give 0 on a detached buffer; a DataView's throw there (its buffer says 0).
  const isView = isBufferView(value);
  if (isView && getTag.call(value) !== undefined) {
    buffer = getBuffer.call(value);
    offset = getByteOffset.call(value);
    length = getByteLength.call(value);
  } else if (isView) {
    buffer = getDataViewBuffer.call(value);
    offset = attempt(() => getDataViewOffset.call(value)) ?? 0;
    length = attempt(() => getDataViewLength.call(value)) ?? 0;
  } else {
    view = false;
  }
  // A view's buffer is a genuine buffer, never a Proxy: its prototype is read without running
  // anything of the caller's, and only hints which getter to ask first. A value that is not a
  // view may be a Proxy, whose prototype is not asked: an ArrayBuffer is the common case there.
  const likelyShared = view && sharedPrototype !== undefined && getPrototypeOf(buffer as object) === sharedPrototype;
  const held = bufferLength(buffer, likelyShared);
  if (held === undefined) return undefined;
  const detached = held.length === 0 && attempt(() => new Uint8Array(buffer as ArrayBuffer)) === undefined;
  return { buffer: buffer as ArrayBuffer, offset, length: length ?? held.length, shared: held.shared, view, detached };
}

/** a ‖ b ‖ ... in a fresh array. */
export function concat(...parts: Uint8Array[]): ByteArray {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---- base64 ------------------------------------------------------------------------------------
// Base64 (RFC 4648, §4) for PEM and base64url (RFC 4648, §5) for JWK, strict and without lookup
// tables. The text of a private key is secret, and a table indexed by its characters leaks them
// through the cache (Sieck, "Util::Lookup: Exploiting key decoding in cryptographic libraries",
// CCS 2021). So each character is mapped with arithmetic on masks, and validity is checked once.

/** -1 (all ones) when lo <= c <= hi, else 0, for c, lo, hi in [0, 255]. */
const inRange = (c: number, lo: number, hi: number): number => ((lo - 1 - c) & (c - hi - 1)) >> 8;

/** The 6-bit value of a character code, or -1 when it is not in the alphabet. */
function decodeChar(code: number, url: boolean): number {
  const c = code & 0xff; // codes above 255 are refused through `code >>> 8` by the caller
  let v = -1;
  v += inRange(c, 0x41, 0x5a) & (c - 0x41 + 1); // A-Z: 0..25
  v += inRange(c, 0x61, 0x7a) & (c - 0x61 + 27); // a-z: 26..51
  v += inRange(c, 0x30, 0x39) & (c - 0x30 + 53); // 0-9: 52..61
  const c62 = url ? 0x2d : 0x2b; // '-' or '+'
  const c63 = url ? 0x5f : 0x2f; // '_' or '/'
  v += inRange(c, c62, c62) & 63;
  v += inRange(c, c63, c63) & 64;
  return v;
}

/** The character code of a 6-bit value. */
function encodeChar(v: number, url: boolean): number {
  let diff = 0x41; // 'A' - 0
  diff += ((25 - v) >> 8) & 6; // v >= 26: 'a' - 26
  diff -= ((51 - v) >> 8) & 75; // v >= 52: '0' - 52
  diff += ((61 - v) >> 8) & (url ? -13 : -15); // v >= 62: '-' or '+' - 62
  diff += ((62 - v) >> 8) & (url ? 49 : 3); // v = 63: '_' or '/' - 63
  return v + diff;
}

function encode(bytes: Uint8Array, url: boolean): string {
  const codes: number[] = [];
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    codes.push(
      encodeChar(n >>> 18, url),
      encodeChar((n >>> 12) & 63, url),
      encodeChar((n >>> 6) & 63, url),
      encodeChar(n & 63, url),
    );
  }
  const rest = bytes.length - i; // 0, 1 or 2: public, from the length
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    codes.push(encodeChar(n >>> 18, url), encodeChar((n >>> 12) & 63, url));
    if (rest === 2) codes.push(encodeChar((n >>> 6) & 63, url));
    if (!url) codes.push(...(rest === 1 ? [0x3d, 0x3d] : [0x3d])); // '=' padding
  }
  let out = '';
  for (let j = 0; j < codes.length; j += 8192) out += String.fromCharCode(...codes.slice(j, j + 8192));
  codes.fill(0);
  return out;
}

/**
 * Decodes `text` (already stripped of padding) into bytes. Refuses any character outside the
 * alphabet, a length that no byte string has (4n + 1), and non-zero unused bits in the last
 * character (so that each byte string has exactly one encoding). `what` names the text.
 */
function decode(text: string, url: boolean, what: string, secret: boolean): ByteArray {
  const n = text.length;
  const invalid = (why: string) =>
    new MlKemError('ERR_INVALID_KEY_ENCODING', `${what} is not valid ${url ? 'base64url' : 'base64'}: ${why}`);
  if (n % 4 === 1) throw invalid(`${n} characters cannot encode whole bytes`);
  const out = new Uint8Array((n * 3) >> 2);
  let bad = 0;
  let acc = 0; // up to 24 bits
  let o = 0;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const v = decodeChar(code, url);
    bad |= (code >>> 8) | (v >> 31); // non-zero for a code above 255 or a character not in the alphabet
    acc = (acc << 6) | (v & 63);
    if ((i & 3) === 3) {
      out[o++] = acc >>> 16;
      out[o++] = acc >>> 8;
      out[o++] = acc;
      acc = 0;
    }
  }
  const tail = n & 3; // 0, 2 or 3 characters left: 0, 1 or 2 bytes
  if (tail === 2) {
    out[o++] = acc >>> 4;
    bad |= acc & 0x0f; // unused bits must be zero
  } else if (tail === 3) {
    out[o++] = acc >>> 10;
    out[o++] = acc >>> 2;
    bad |= acc & 0x03;
  }
  acc = 0;
  if (bad !== 0) {
    out.fill(0);
    // Only now, on text that is refused anyway, look for the culprit to name it (by its position
    // alone in secret text, whose characters are never quoted).
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code > 255 || decodeChar(code, url) < 0) {
        const shown = secret
          ? 'outside the alphabet'
          : code >= 0x21 && code <= 0x7e
            ? `'${text[i]}'`
            : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
        throw invalid(`character ${shown} at position ${i}`);
      }
    }
    throw invalid('the unused bits of its last character are not zero (not the canonical encoding)');
  }
  return out;
}

/** Base64 with '=' padding (RFC 4648, §4), as in PEM (RFC 7468). */
export function encodeBase64(bytes: Uint8Array): string {
  return encode(bytes, false);
}

/**
 * Strict base64 (RFC 4648, §4): the alphabet only, padded to a multiple of 4, canonical. With
 * `secret`, a message never quotes a character of the text (a private key's).
 */
export function decodeBase64(text: string, what: string, secret = false): ByteArray {
  if (text.length % 4 !== 0) {
    throw new MlKemError(
      'ERR_INVALID_KEY_ENCODING',
      `${what} is not valid base64: its length ${text.length} is not a multiple of 4`,
    );
  }
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return decode(text.slice(0, text.length - pad), false, what, secret);
}

/** Base64url without padding (RFC 4648, §5; RFC 7515, §2), as in JWK. */
export function encodeBase64url(bytes: Uint8Array): string {
  return encode(bytes, true);
}

/** Strict base64url without padding (RFC 7515, §2): the URL-safe alphabet only, canonical; `secret` as for decodeBase64. */
export function decodeBase64url(text: string, what: string, secret = false): ByteArray {
  return decode(text, true, what, secret);
}
