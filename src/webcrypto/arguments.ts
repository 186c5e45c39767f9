// The WebIDL conversions of the SubtleCrypto arguments (WebIDL, §3.2): AlgorithmIdentifier,
// KeyFormat, sequence<KeyUsage>, BufferSource and JsonWebKey. A value that cannot be converted is
// a TypeError, before any algorithm step, as in native engines.
import { type ByteArray, copyBuffer, locateBuffer } from '../bytes.js';
import { type AlgorithmEntry, entryNamed } from './algorithms.js';
import { fail, typeError } from './errors.js';
import { KEY_USAGES, type KeyUsage } from './key.js';

/**
 * The key formats of the KeyFormat enum ("Modern Algorithms", §2.1): the strings a `format`
 * argument may be (any other rejects with a TypeError for our algorithms). Our algorithms support
 * "raw-public", "raw-seed" and "jwk", and "spki" and "pkcs8" for ML-KEM; the others reject with
 * NotSupportedError.
 */
export const KEY_FORMATS = /* @__PURE__ */ Object.freeze([
  'raw-public',
  'raw-private',
  'raw-seed',
  'raw-secret',
  'raw',
  'spki',
  'pkcs8',
  'jwk',
] as const);
/** A key format of the KeyFormat enum. */
export type KeyFormat = (typeof KEY_FORMATS)[number];

/** An AlgorithmIdentifier: a string, or an object with at least `name`. */
export type AlgorithmIdentifier =
  | string
  | {
      /** The algorithm's name, matched ASCII case-insensitively. */
      name: string;
    };

/**
 * The name of an AlgorithmIdentifier: a DOMString, or an object's required `name` member
 * converted to one (WebCrypto, §18.4.4 "normalizing an algorithm", steps 1 and 2).
 */
export function algorithmName(alg: unknown): string {
  if ((typeof alg === 'object' && alg !== null) || typeof alg === 'function') {
    const name = (alg as { name?: unknown }).name;
    if (name === undefined) typeError("Failed to normalize algorithm: 'name' is required in 'Algorithm'");
    return `${name as string}`; // a Symbol throws a TypeError here, as WebIDL's ToString does
  }
  return `${alg as string}`;
}

/** An algorithm's name in upper case, ASCII only, as WebCrypto matches names (WebCrypto, §18.4.4). */
export const upperName = (alg: unknown): string => algorithmName(alg).replace(/[a-z]/g, (c) => c.toUpperCase());

/** Our entry for an algorithm identifier, or undefined when the name is not one of ours. */
export function ourEntry(alg: unknown): AlgorithmEntry | undefined {
  return entryNamed(algorithmName(alg));
}

/** Normalizes an algorithm that must be one of ours: NotSupportedError otherwise (WebCrypto, §18.4.4). */
export function normalize(alg: unknown): AlgorithmEntry {
  const name = algorithmName(alg);
  return entryNamed(name) ?? fail('NotSupportedError', `Unrecognized algorithm name: ${JSON.stringify(name)}`);
}

/** A KeyFormat enum value, else a TypeError. */
export function readFormat(value: unknown): KeyFormat {
  const format = `${value as string}`;
  if (!(KEY_FORMATS as readonly string[]).includes(format))
    typeError(`${JSON.stringify(format)} is not a valid KeyFormat (${KEY_FORMATS.join(', ')})`);
  return format as KeyFormat;
}

/** A sequence<KeyUsage>, else a TypeError. */
export function readUsages(value: unknown): KeyUsage[] {
  const iterable = value as Iterable<unknown> | null | undefined;
  if (typeof iterable !== 'object' || iterable === null || typeof iterable[Symbol.iterator] !== 'function') {
    typeError('keyUsages must be a sequence of KeyUsage strings');
  }
  const out: KeyUsage[] = [];
  for (const item of iterable) {
    const usage = `${item as string}`;
    if (!(KEY_USAGES as readonly string[]).includes(usage))
      typeError(`${JSON.stringify(usage)} is not a valid KeyUsage`);
    out.push(usage as KeyUsage);
  }
  return out;
}

/** True for a BufferSource: an ArrayBuffer or a view of one (also from another realm). */
function isBufferSource(value: unknown): value is ArrayBuffer | ArrayBufferView {
  const at = locateBuffer(value); // not a copy: the bytes may be a key given in the wrong format
  return at !== undefined && (at.view || !at.shared);
}

/**
 * A copy of the bytes held by a BufferSource (WebIDL "get a copy of the buffer source", bytes.ts's
 * copy policy), else a TypeError: shared memory is no BufferSource without [AllowShared]. A
 * detached buffer (or a view of one) holds no bytes (WebIDL): the copy is empty, and the
 * operation's own length checks reject it (DataError, OperationError), not a TypeError.
 */
export function copyBufferSource(value: unknown, what: string): ByteArray {
  const copy = copyBuffer(value);
  if (copy?.shared === true && copy.view) typeError(`${what} must not be backed by a SharedArrayBuffer`);
  if (copy === undefined || copy.shared) return typeError(`${what} must be an ArrayBuffer, a TypedArray or a DataView`);
  return copy.bytes;
}

/** The members of a JsonWebKey this layer reads, converted as WebIDL converts the dictionary. */
export interface Jwk {
  kty?: string;
  alg?: string;
  use?: string;
  key_ops?: string[];
  ext?: boolean;
  pub?: string;
  priv?: string;
}

/** A JsonWebKey dictionary (WebIDL, §3.2.18): undefined and null are the empty dictionary. */
export function readJwk(value: unknown): Jwk {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' && typeof value !== 'function')
    typeError('keyData must be a JsonWebKey object for the "jwk" format');
  if (isBufferSource(value)) typeError('keyData must be a JsonWebKey object for the "jwk" format, got a BufferSource');
  const v = value as Record<string, unknown>;
  const out: Jwk = {};
  // Members in lexicographic order, as WebIDL reads a dictionary.
  const str = (name: 'alg' | 'kty' | 'priv' | 'pub' | 'use') => {
    const m = v[name];
    if (m !== undefined) out[name] = `${m as string}`;
  };
  str('alg');
  if (v.ext !== undefined) out.ext = Boolean(v.ext);
  const ops = v.key_ops;
  if (ops !== undefined) {
    if (typeof ops !== 'object' || ops === null || typeof (ops as Iterable<unknown>)[Symbol.iterator] !== 'function') {
      typeError('JsonWebKey key_ops must be a sequence of strings');
    }
    out.key_ops = [...(ops as Iterable<unknown>)].map((o) => `${o as string}`);
  }
  str('kty');
  str('priv');
  str('pub');
  str('use');
  return out;
}
