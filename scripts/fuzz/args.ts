// The fuzzer's arguments as generated (bytes, objects of them, other values), made into fresh
// instances per call and shown in reports; and the values of wrong types passed where bytes belong.
import { type ArgKind, canonical } from '../../test/support/contract.js';
import type { Rng } from './prng.js';

// ---- bytes and arguments ----------------------------------------------------------------------

export const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;
export const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * An argument as generated: bytes (passed as a plain Uint8Array, or as an ArgKind), an object of
 * such arguments (the key parts of mlkem-ts/keys), or any other value. Each call gets fresh
 * instances, so that one backend cannot change what the other is given.
 */
export type Arg =
  | { t: 'bytes'; bytes: Uint8Array; kind?: ArgKind }
  | { t: 'object'; parts: Record<string, Arg> }
  | { t: 'value'; value: unknown };

export const bytesArg = (bytes: Uint8Array): Arg => ({ t: 'bytes', bytes });
export const valueArg = (value: unknown): Arg => ({ t: 'value', value });

export function make(a: Arg, plain = false): unknown {
  if (a.t === 'value') return a.value;
  if (a.t === 'bytes') return !plain && a.kind !== undefined ? a.kind.wrap(a.bytes) : a.bytes.slice();
  return Object.fromEntries(Object.entries(a.parts).map(([k, v]) => [k, make(v, plain)]));
}

export function hasKind(a: Arg): boolean {
  if (a.t === 'bytes') return a.kind !== undefined;
  return a.t === 'object' && Object.values(a.parts).some(hasKind);
}

/** The byte slots of the arguments (nested ones too), to wrap in an ArgKind. */
export function byteSlots(args: Arg[]): Array<Extract<Arg, { t: 'bytes' }>> {
  const out: Array<Extract<Arg, { t: 'bytes' }>> = [];
  const walk = (a: Arg) => {
    if (a.t === 'bytes') out.push(a);
    else if (a.t === 'object') Object.values(a.parts).forEach(walk);
  };
  args.forEach(walk);
  return out;
}

export function showArg(a: Arg): string {
  if (a.t === 'bytes') {
    const h = hex(a.bytes);
    return `${a.kind ? `${a.kind.name} of ` : ''}${a.bytes.length} bytes ${h.length > 96 ? `${h.slice(0, 48)}…${h.slice(-48)}` : h}`;
  }
  if (a.t === 'object')
    return `{ ${Object.entries(a.parts)
      .map(([k, v]) => `${k}: ${showArg(v)}`)
      .join(', ')} }`;
  const v = a.value;
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 200 ? `${v.slice(0, 200)}…` : v)}`;
  if (typeof v === 'symbol' || typeof v === 'function') return typeof v;
  if (typeof v === 'bigint') return `${v}n`;
  if (v === null || typeof v !== 'object') return String(v);
  try {
    return `${Object.prototype.toString.call(v)} ${canonical(v).slice(0, 200)}`;
  } catch {
    return 'an object that cannot be shown (a Proxy)';
  }
}

// ---- wrong types ------------------------------------------------------------------------------

const TYPED: ReadonlyArray<{
  new (length: number): ArrayBufferView;
  readonly BYTES_PER_ELEMENT: number;
  readonly name: string;
}> = [
  Int8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

/** A value that is not a Uint8Array (or is one, detached or of the wrong length), sized like n bytes where that applies. */
export function wrongType(r: Rng, n: number, like: Uint8Array): unknown {
  switch (r.int(24)) {
    case 0:
      return 'A'.repeat(n);
    case 1:
      return hex(like);
    case 2:
      return Array.from(like);
    case 3:
      return new ArrayBuffer(n);
    case 4:
      return new SharedArrayBuffer(n);
    case 5:
      return new DataView(like.slice().buffer);
    case 6: {
      const C = r.pick(TYPED);
      return new C(r.chance(0.5) ? n : Math.floor(n / C.BYTES_PER_ELEMENT));
    }
    case 7:
      return r.pick([null, undefined, 0, n, -1, NaN, Infinity, 2n ** 64n, true, false, '', Symbol('Uint8Array')]);
    case 8:
      return { length: n };
    case 9:
      return Object.assign(Object.create(null) as object, Array.from(like.subarray(0, 8)), { length: n });
    case 10:
      return new Proxy(like.slice(), {});
    case 11:
      return new Proxy(like.slice(), {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          return Uint8Array.prototype;
        },
      });
    case 12: {
      const { proxy, revoke } = Proxy.revocable(like.slice(), {});
      revoke();
      return proxy;
    }
    case 13:
      return Object.create(Uint8Array.prototype, { length: { value: n } }) as object;
    case 14:
      return {
        [Symbol.toStringTag]: 'Uint8Array',
        length: n,
        buffer: new ArrayBuffer(n),
        byteLength: n,
        byteOffset: 0,
      };
    case 15:
      return [like.slice()];
    case 16:
      return () => like;
    case 17:
      return new Map([[0, 1]]);
    case 18:
      return Object(n) as object;
    case 19:
      return {
        get constructor(): never {
          throw new Error('constructor getter');
        },
      };
    case 20: {
      const detached = like.slice();
      structuredClone(detached.buffer, { transfer: [detached.buffer] }); // length 0 from now on
      return detached;
    }
    case 21:
      return new Date(0);
    case 22:
      return Promise.resolve(like);
    default:
      return new Uint16Array(like.buffer.slice(0, like.length - (like.length % 2)));
  }
}
