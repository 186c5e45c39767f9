// The contract every public function keeps, as code shared by the property tests
// (test/core/properties.test.ts) and the fuzzer (scripts/fuzz.ts): the kinds a Uint8Array argument
// can come as, the check that arguments are left as they were and that results share no memory
// with them, outcomes (a value or an MlKemError code) and their comparison, and oracles that say,
// from node:crypto and this file's own decoding rather than from src/, which outcome the core and
// the hybrids must give for an input.
import crypto from 'node:crypto';
import { types } from 'node:util';
import { runInNewContext } from 'node:vm';

import { MlKemError, type MlKemErrorCode } from '../../src/index.js';
import { HYBRID_ENTRIES, type HybridEntry } from '../../src/registry.js';
import { CODES } from './api.js';
import { CURVES, type CurveName } from './hybrid-reference.js';

// ---- argument kinds --------------------------------------------------------------------------

/** A way to pass the bytes of a Uint8Array: each must behave exactly as the plain array does. */
export interface ArgKind {
  name: string;
  wrap(bytes: Uint8Array): Uint8Array;
}

class Subclass extends Uint8Array {}
class LengthOnly extends Uint8Array {
  constructor(length: number) {
    super(length); // `new LengthOnly(buffer, offset, length)` would make a zero-length array
  }
}
class ThrowingSpecies extends Uint8Array {
  static get [Symbol.species](): never {
    throw new Error('ThrowingSpecies: @@species read (slice, subarray or map on a caller array)');
  }
}
class LyingLength extends Uint8Array {
  override get length(): number {
    return 0; // only the internal slot may be trusted
  }
}
/** A subclass whose methods all throw: the library must use only the intrinsics on caller arrays. */
class Booby extends Uint8Array {}
for (const key of [
  'slice',
  'subarray',
  'set',
  'fill',
  'copyWithin',
  'at',
  'map',
  'filter',
  'forEach',
  'every',
  'some',
  'reduce',
  'join',
  'indexOf',
  'includes',
  'find',
  'findIndex',
  'values',
  'keys',
  'entries',
  'reverse',
  'sort',
  'toString',
  'toLocaleString',
  'valueOf',
  Symbol.iterator,
] as const) {
  Object.defineProperty(Booby.prototype, key, {
    value() {
      throw new Error(`Booby: ${String(key)} called on a caller array`);
    },
  });
}
const ForeignUint8Array = runInNewContext('Uint8Array') as Uint8ArrayConstructor;
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer;

function into<T extends Uint8Array>(target: T, bytes: Uint8Array): T {
  Uint8Array.prototype.set.call(target, bytes); // the intrinsic: Booby's set throws
  return target;
}

/** The kinds of the brief first (Buffer … offset view), then harder ones. */
export const ARG_KINDS: readonly ArgKind[] = [
  { name: 'Buffer', wrap: (b) => Buffer.from(b) },
  { name: 'class extends Uint8Array {}', wrap: (b) => into(new Subclass(b.length), b) },
  { name: 'subclass with constructor(length)', wrap: (b) => into(new LengthOnly(b.length), b) },
  { name: 'subclass with a throwing @@species', wrap: (b) => into(new ThrowingSpecies(b.length), b) },
  { name: 'Uint8Array of another realm', wrap: (b) => into(new ForeignUint8Array(b.length), b) },
  {
    name: 'offset view into a larger buffer',
    wrap: (b) => {
      const big = new Uint8Array(b.length + 12).fill(0xa5); // bytes around the view that must not be read or written
      big.set(b, 5);
      return big.subarray(5, 5 + b.length);
    },
  },
  { name: 'subclass whose length getter says 0', wrap: (b) => into(new LyingLength(b.length), b) },
  { name: 'subclass whose methods throw', wrap: (b) => into(new Booby(b.length), b) },
  { name: 'view of a SharedArrayBuffer', wrap: (b) => into(new Uint8Array(new SharedArrayBuffer(b.length)), b) },
  {
    name: 'length-tracking view of a resizable ArrayBuffer',
    wrap: (b) => into(new Uint8Array(new ResizableArrayBuffer(b.length, { maxByteLength: b.length + 64 })), b),
  },
];

// ---- Uint8Arrays, read without trusting them --------------------------------------------------

const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype) as object;
const intrinsic = (key: string) => Object.getOwnPropertyDescriptor(typedArrayProto, key)!.get!;
const taBuffer = intrinsic('buffer') as (this: unknown) => ArrayBufferLike;
const taOffset = intrinsic('byteOffset') as (this: unknown) => number;
const taLength = intrinsic('byteLength') as (this: unknown) => number;

/** True for a genuine Uint8Array (subclasses and other realms too; not a Proxy): node:util's check, not ours. */
export const isU8 = (v: unknown): v is Uint8Array => types.isUint8Array(v);

/** Length of a genuine typed array from its internal slot. */
export const byteLengthOf = (v: Uint8Array): number => taLength.call(v);

/** The bytes of any ArrayBuffer view or ArrayBuffer, as a view (not a copy); none when detached. */
function bytesView(v: ArrayBufferView | ArrayBufferLike): Uint8Array {
  try {
    if (types.isTypedArray(v)) return new Uint8Array(taBuffer.call(v), taOffset.call(v), taLength.call(v));
    if (types.isDataView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return new Uint8Array(v as ArrayBufferLike);
  } catch {
    return new Uint8Array(0); // a detached buffer: no bytes to read or to change
  }
}

/** A plain copy of a genuine Uint8Array's bytes. */
export const plainCopy = (v: Uint8Array): Uint8Array => bytesView(v).slice();

// ---- arguments left as they were --------------------------------------------------------------

type Snap =
  | { kind: 'bytes'; of: ArrayBufferView | ArrayBufferLike; bytes: Uint8Array }
  | { kind: 'object'; of: object; entries: Array<[PropertyKey, unknown, Snap]> }
  | { kind: 'opaque'; of: unknown };

function snap(v: unknown, depth: number): Snap {
  if (ArrayBuffer.isView(v) || types.isAnyArrayBuffer(v)) return { kind: 'bytes', of: v, bytes: bytesView(v).slice() };
  if (
    v === null ||
    typeof v !== 'object' ||
    depth > 2 ||
    types.isProxy(v) ||
    types.isMap(v) ||
    types.isSet(v) ||
    types.isDate(v) ||
    types.isBoxedPrimitive(v)
  ) {
    return { kind: 'opaque', of: v };
  }
  const entries: Array<[PropertyKey, unknown, Snap]> = Reflect.ownKeys(v).map((key) => {
    const value: unknown = Object.getOwnPropertyDescriptor(v, key)?.value; // never runs a getter
    return [key, value, snap(value, depth + 1)];
  });
  return { kind: 'object', of: v, entries };
}

function changed(s: Snap, path: string): string | undefined {
  if (s.kind === 'bytes') {
    const now = bytesView(s.of);
    return now.length === s.bytes.length && Buffer.compare(now, s.bytes) === 0 ? undefined : `${path} was modified`;
  }
  if (s.kind === 'opaque') return undefined;
  const keys = Reflect.ownKeys(s.of);
  if (keys.length !== s.entries.length) return `${path} gained or lost properties`;
  for (const [key, value, inner] of s.entries) {
    const d = Object.getOwnPropertyDescriptor(s.of, key);
    if (d === undefined || !Object.is(d.value, value)) return `${path}.${String(key)} was replaced`;
    const c = changed(inner, `${path}.${String(key)}`);
    if (c !== undefined) return c;
  }
  return undefined;
}

/** Records the arguments; the returned function names the first that has changed since, if any. */
export function watchArgs(args: readonly unknown[]): () => string | undefined {
  const snaps = args.map((a) => snap(a, 0));
  return () => {
    for (let i = 0; i < snaps.length; i++) {
      const c = changed(snaps[i]!, `argument ${i}`);
      if (c !== undefined) return c;
    }
    return undefined;
  };
}

// ---- results that share nothing ---------------------------------------------------------------

/** The ArrayBuffer views in a value: itself, or the own data properties of an object, two levels deep. */
function viewsIn(v: unknown, out: ArrayBufferView[] = [], depth = 0): ArrayBufferView[] {
  if (ArrayBuffer.isView(v)) out.push(v);
  else if (v !== null && typeof v === 'object' && depth < 2 && !types.isProxy(v)) {
    for (const key of Reflect.ownKeys(v)) viewsIn(Object.getOwnPropertyDescriptor(v, key)?.value, out, depth + 1);
  }
  return out;
}

function bufferOf(v: ArrayBufferView): ArrayBufferLike {
  return types.isTypedArray(v) ? taBuffer.call(v) : v.buffer;
}

/**
 * What is wrong with a result's arrays, if anything: each must be a plain Uint8Array of this
 * realm, share no memory with any argument (nested ones included) and overlap no other output.
 */
export function aliasProblem(result: unknown, args: readonly unknown[]): string | undefined {
  const outs = viewsIn(result);
  const ins = viewsIn(args, [], -1);
  for (let i = 0; i < outs.length; i++) {
    const o = outs[i]!;
    if (Object.getPrototypeOf(o) !== Uint8Array.prototype) return `output ${i} is not a plain Uint8Array`;
    const buf = bufferOf(o);
    if (ins.some((a) => bufferOf(a) === buf)) return `output ${i} shares memory with an argument`;
    for (let j = 0; j < i; j++) {
      const p = outs[j]!;
      if (
        bufferOf(p) === buf &&
        o.byteOffset < p.byteOffset + p.byteLength &&
        p.byteOffset < o.byteOffset + o.byteLength
      ) {
        return `outputs ${j} and ${i} overlap`;
      }
    }
  }
  return undefined;
}

// ---- outcomes ---------------------------------------------------------------------------------

/** A call's outcome: a value, a documented MlKemError code, or anything else (a contract breach). */
export type Outcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'error'; code: MlKemErrorCode; message: string }
  | { kind: 'foreign'; error: unknown };

export function attempt(fn: () => unknown): Outcome {
  try {
    return { kind: 'ok', value: fn() };
  } catch (error) {
    if (
      error instanceof MlKemError &&
      CODES.includes(error.code) &&
      error.name === 'MlKemError' &&
      typeof error.message === 'string'
    ) {
      return { kind: 'error', code: error.code, message: error.message };
    }
    return { kind: 'foreign', error };
  }
}

/** A canonical text of a value, arrays as hex: equal texts mean equal results. */
export function canonical(v: unknown, depth = 0): string {
  if (ArrayBuffer.isView(v)) return `<${Buffer.from(bytesView(v)).toString('hex')}>`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v !== 'object' || depth > 3) return String(v);
  const entries = Object.keys(v).map((k) => `${k}:${canonical((v as Record<string, unknown>)[k], depth + 1)}`);
  return `{${entries.join(',')}}`;
}

export function describeOutcome(o: Outcome): string {
  if (o.kind === 'ok') return `ok ${canonical(o.value).slice(0, 120)}`;
  if (o.kind === 'error') return o.code;
  try {
    const e = o.error;
    return `a foreign throw: ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}`;
  } catch {
    return 'a foreign throw of a value that cannot be shown';
  }
}

/** Same value bytes, or the same error code. */
export function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (a.kind === 'ok' && b.kind === 'ok') return canonical(a.value) === canonical(b.value);
  if (a.kind === 'error' && b.kind === 'error') return a.code === b.code;
  return false;
}

// ---- oracles: hashes and FIPS 203 checks by node:crypto and this file -------------------------

export const Q = 3329;

export const sha3_256 = (data: Uint8Array): Uint8Array =>
  new Uint8Array(crypto.createHash('sha3-256').update(data).digest());

/** J(z ‖ c) = SHAKE256(z ‖ c, 32 bytes) (FIPS 203, §4.1): the implicit-rejection secret. */
export function jReject(z: Uint8Array, c: Uint8Array): Uint8Array {
  return new Uint8Array(crypto.createHash('shake256', { outputLength: 32 }).update(z).update(c).digest());
}

/** k of the parameter set with this public-key length (384k + 32). */
export const kOfPublicKey = (length: number): number => (length - 32) / 384;

/** FIPS 203 §7.2: every 12-bit coefficient of the first 384k bytes of ek is below q. */
export function ekPassesModulusCheck(ek: Uint8Array, k: number): boolean {
  for (let o = 0; o < 384 * k; o += 3) {
    const b0 = ek[o]!,
      b1 = ek[o + 1]!,
      b2 = ek[o + 2]!;
    if ((b0 | ((b1 & 0x0f) << 8)) >= Q || ((b1 >> 4) | (b2 << 4)) >= Q) return false;
  }
  return true;
}

/** Offsets in dk = dkPKE ‖ ek ‖ H(ek) ‖ z (FIPS 203, Algorithm 16). */
export const dkLayout = (k: number) => ({ ek: 384 * k, h: 768 * k + 32, z: 768 * k + 64, end: 768 * k + 96 });

/** FIPS 203 §7.3: the stored H(ek) of dk is SHA3-256 of its embedded ek. */
export function dkPassesHashCheck(dk: Uint8Array, k: number): boolean {
  const l = dkLayout(k);
  return Buffer.compare(sha3_256(dk.subarray(l.ek, l.h)), dk.subarray(l.h, l.z)) === 0;
}

// ---- oracles: the expected outcome of a call, from the shapes and values of its arguments -----

export type KemMethod = 'keygen' | 'encapsulate' | 'encapsulateInternal' | 'decapsulate';
/** 'ok', or the code the call must throw. */
export type Expected = 'ok' | MlKemErrorCode;

interface Sized {
  readonly name: string;
  readonly sizes: {
    readonly publicKey: number;
    readonly secretKey: number;
    readonly ciphertext: number;
    readonly seed: number;
  };
}

/** The byte length each argument must have, in the order the methods check them; optional = may be undefined. */
function argSpecs(kem: Sized, method: KemMethod, second: number): Array<{ length: number; optional?: true }> {
  switch (method) {
    case 'keygen':
      return [{ length: kem.sizes.seed, optional: true }];
    case 'encapsulate':
      return [{ length: kem.sizes.publicKey }];
    case 'encapsulateInternal':
      return [{ length: kem.sizes.publicKey }, { length: second }];
    case 'decapsulate':
      return [{ length: kem.sizes.ciphertext }, { length: kem.sizes.secretKey }];
  }
}

/** ERR_INVALID_TYPE or ERR_INVALID_LENGTH for the first argument of the wrong type or length, if any. */
function shapeError(kem: Sized, method: KemMethod, second: number, args: readonly unknown[]): Expected | undefined {
  const specs = argSpecs(kem, method, second);
  for (let i = 0; i < specs.length; i++) {
    const v = args[i];
    if (v === undefined && specs[i]!.optional) continue;
    if (!isU8(v)) return 'ERR_INVALID_TYPE';
    if (byteLengthOf(v) !== specs[i]!.length) return 'ERR_INVALID_LENGTH';
  }
  return undefined;
}

/** What an MlKem method must do with these arguments (FIPS 203 §7.1–§7.3, README "Errors"). */
export function expectedCore(kem: Sized, method: KemMethod, args: readonly unknown[]): Expected {
  const shape = shapeError(kem, method, 32, args);
  if (shape !== undefined) return shape;
  const k = kOfPublicKey(kem.sizes.publicKey);
  if (method === 'encapsulate' || method === 'encapsulateInternal') {
    return ekPassesModulusCheck(plainCopy(args[0] as Uint8Array), k) ? 'ok' : 'ERR_INVALID_PUBLIC_KEY';
  }
  if (method === 'decapsulate')
    return dkPassesHashCheck(plainCopy(args[1] as Uint8Array), k) ? 'ok' : 'ERR_INVALID_SECRET_KEY';
  return 'ok';
}

// The hybrids' layouts (README, "Hybrid KEMs"), made here from each registry entry's identifiers
// (its ML-KEM parameter set, family and curve) and the curve's record (hybrid-reference.ts), not
// from src/'s sizes or code: every hybrid of the registry has one, a new one included.
export interface HybridLayout {
  /** k of the ML-KEM half. */
  k: 2 | 3 | 4;
  curve: CurveName;
  kemFirst: boolean;
  share: number;
  scalar: number;
  /** Bytes of the secret key (= seed). */
  seed: number;
  eseed: number;
  /** A concrete hybrid KEM (draft-irtf-cfrg-concrete-hybrid-kems): its eseed is m ‖ RandomScalar's windows. */
  concrete?: boolean;
}

/** The layout of a hybrid: a concrete KEM's 32-byte seed and m ‖ group seed; an RFC 10024 group's halves in its order. */
function layoutOf(e: HybridEntry): HybridLayout {
  const ref = CURVES[e.curve];
  const k = ({ 'ML-KEM-512': 2, 'ML-KEM-768': 3, 'ML-KEM-1024': 4 } as const)[e.mlkem];
  const common = { k, curve: e.curve, share: ref.share, scalar: ref.scalar };
  return e.family === 'concrete'
    ? { ...common, kemFirst: true, seed: 32, eseed: 32 + ref.concreteSeed, concrete: true }
    : { ...common, kemFirst: ref.tlsKemFirst, seed: 64 + ref.tlsSeed, eseed: 32 + ref.scalar };
}

export const HYBRID_LAYOUTS: Readonly<Record<string, HybridLayout>> = Object.fromEntries(
  HYBRID_ENTRIES.map((e) => [e.name, layoutOf(e)]),
);

/** The ML-KEM and ECDH parts of a hybrid's byte string whose ECDH part is ecBytes long. */
export function hybridParts(l: HybridLayout, bytes: Uint8Array, ecBytes: number): { kem: Uint8Array; ec: Uint8Array } {
  const kemBytes = bytes.length - ecBytes;
  return l.kemFirst
    ? { kem: bytes.subarray(0, kemBytes), ec: bytes.subarray(kemBytes) }
    : { kem: bytes.subarray(ecBytes), ec: bytes.subarray(0, ecBytes) };
}

/** Whether a peer's ECDH share is one RFC 10024 accepts, by OpenSSL (the curve's record says how). */
export const shareIsValid = (curve: CurveName, share: Uint8Array): boolean => CURVES[curve].validShare(share);

/** Whether an ephemeral scalar is valid: big-endian in [1, n - 1] for a NIST group, any 32 bytes for X25519. */
export const scalarIsValid = (curve: CurveName, scalar: Uint8Array): boolean => CURVES[curve].validScalar(scalar);

/** What a HybridKem method must do with these arguments (README, "Hybrid KEMs" and "Errors"). */
export function expectedHybrid(kem: Sized, method: KemMethod, args: readonly unknown[]): Expected {
  const l = HYBRID_LAYOUTS[kem.name]!;
  const shape = shapeError(kem, method, l.eseed, args);
  if (shape !== undefined) return shape;
  const xwing = kem.name === 'X-Wing';
  if (method === 'encapsulate' || method === 'encapsulateInternal') {
    const pk = hybridParts(l, plainCopy(args[0] as Uint8Array), l.share);
    if (method === 'encapsulateInternal') {
      const eseed = plainCopy(args[1] as Uint8Array);
      // A concrete KEM's eseed is m ‖ windows, the first valid one is the scalar; a TLS group's holds one scalar.
      const windows = l.concrete ? eseed.subarray(32) : hybridParts(l, eseed, l.scalar).ec;
      let valid = false;
      for (let at = 0; at + l.scalar <= windows.length; at += l.scalar)
        valid ||= scalarIsValid(l.curve, windows.subarray(at, at + l.scalar));
      if (!valid) return 'ERR_INVALID_SECRET_KEY';
    }
    if (!xwing && !shareIsValid(l.curve, pk.ec)) return 'ERR_INVALID_PUBLIC_KEY';
    return ekPassesModulusCheck(pk.kem, l.k) ? 'ok' : 'ERR_INVALID_PUBLIC_KEY';
  }
  if (method === 'decapsulate' && !xwing) {
    return shareIsValid(l.curve, hybridParts(l, plainCopy(args[0] as Uint8Array), l.share).ec)
      ? 'ok'
      : 'ERR_INVALID_PUBLIC_KEY';
  }
  return 'ok'; // keygen takes any seed; X-Wing refuses no ciphertext of the right length
}
