// Generators of inputs changed mid-call, shared by test/core/hostile.test.ts and the
// fuzzer (scripts/fuzz/targets-hostile.ts): byte arrays held by resizable and growable buffers
// (length-tracking or fixed-length views, shared or not), changes made to them in the middle of a
// call (shrink, grow, detach, overwrite), and a getRandomValues replacement that makes those
// changes when the library calls out for randomness, filling from a reproducible stream.

/** A Uint8Array of given bytes, and the changes its holder allows. */
export interface Held {
  readonly view: Uint8Array;
  /** Changes the bytes or the buffer under `view`; false when this holder cannot (a SAB cannot shrink). */
  change(how: Change): boolean;
}

export type Change = 'shrink to 0' | 'shrink by 1' | 'grow by 1' | 'grow to max' | 'detach' | 'overwrite';
export const CHANGES: readonly Change[] = [
  'shrink to 0',
  'shrink by 1',
  'grow by 1',
  'grow to max',
  'detach',
  'overwrite',
];

const SLACK = 64; // room to grow

// ES2024 resizable and growable buffers, typed here (the project's TypeScript lib is older).
interface Resizable extends ArrayBuffer {
  readonly maxByteLength: number;
  resize(n: number): void;
}
interface Growable extends SharedArrayBuffer {
  readonly maxByteLength: number;
  grow(n: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => Resizable;
const GrowableSharedArrayBuffer = SharedArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => Growable;

/** Detaches an ArrayBuffer (resizable or not), as transferring it to another thread does. */
function detach(buffer: ArrayBuffer): void {
  structuredClone(buffer, { transfer: [buffer] });
}

function holder(
  view: Uint8Array,
  resize: ((n: number) => void) | undefined,
  canShrink: boolean,
  detachable: boolean,
): Held {
  const buffer = view.buffer;
  return {
    view,
    change(how) {
      if (how === 'overwrite') {
        if (view.length === 0) return false;
        view.fill(0xff);
        return true;
      }
      if (how === 'detach') {
        if (!detachable) return false;
        detach(buffer as ArrayBuffer);
        return true;
      }
      if (resize === undefined || (!canShrink && how.startsWith('shrink'))) return false;
      const n = buffer.byteLength;
      const max = (buffer as Resizable).maxByteLength;
      resize(
        how === 'shrink to 0'
          ? 0
          : how === 'shrink by 1'
            ? Math.max(0, n - 1)
            : how === 'grow by 1'
              ? Math.min(max, n + 1)
              : max,
      );
      return true;
    },
  };
}

/** A view of a resizable ArrayBuffer or growable SharedArrayBuffer, length-tracking or fixed, at an offset. */
function resizableHolder(shared: boolean, tracking: boolean, offset: number) {
  return (b: Uint8Array): Held => {
    const size = offset + b.length;
    const options = { maxByteLength: size + SLACK };
    const buffer = shared ? new GrowableSharedArrayBuffer(size, options) : new ResizableArrayBuffer(size, options);
    const view = tracking ? new Uint8Array(buffer, offset) : new Uint8Array(buffer, offset, b.length);
    view.set(b);
    const resize = shared
      ? (n: number) => (buffer as Growable).grow(n)
      : (n: number) => (buffer as Resizable).resize(n);
    return holder(view, resize, !shared, !shared);
  };
}

/** The holders: each makes a fresh Uint8Array with the given bytes. */
export const HOLDERS: ReadonlyArray<{ name: string; hold(bytes: Uint8Array): Held }> = [
  { name: 'length-tracking view of a resizable ArrayBuffer', hold: resizableHolder(false, true, 0) },
  { name: 'length-tracking view at an offset of a resizable ArrayBuffer', hold: resizableHolder(false, true, 7) },
  { name: 'fixed-length view of a resizable ArrayBuffer', hold: resizableHolder(false, false, 0) },
  { name: 'length-tracking view of a growable SharedArrayBuffer', hold: resizableHolder(true, true, 0) },
  { name: 'fixed-length view of a growable SharedArrayBuffer', hold: resizableHolder(true, false, 0) },
  {
    name: 'view of a SharedArrayBuffer',
    hold(b) {
      const view = new Uint8Array(new SharedArrayBuffer(b.length));
      view.set(b);
      return holder(view, undefined, false, false);
    },
  },
  { name: 'view of an ArrayBuffer', hold: (b) => holder(b.slice(), undefined, false, true) },
];

/** A reproducible byte stream (xorshift32), for getRandomValues replacements whose output tests compare. */
export function stream(seed: number): (array: Uint8Array) => void {
  let s = seed >>> 0 || 1;
  return (array) => {
    for (let i = 0; i < array.length; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      array[i] = s & 0xff;
    }
  };
}

type GetRandomValues = <T extends ArrayBufferView | null>(array: T) => T;

/**
 * Runs fn with globalThis.crypto.getRandomValues replaced by `replacement` (which gets each array
 * the library passes), and puts the original back afterwards, also when fn throws.
 */
export function withGetRandomValues<T>(replacement: (array: Uint8Array) => void, fn: () => T): T {
  const original = globalThis.crypto.getRandomValues;
  Object.defineProperty(globalThis.crypto, 'getRandomValues', {
    configurable: true,
    writable: true,
    value: ((array: Uint8Array) => {
      replacement(array);
      return array;
    }) as GetRandomValues,
  });
  try {
    return fn();
  } finally {
    Object.defineProperty(globalThis.crypto, 'getRandomValues', {
      configurable: true,
      writable: true,
      value: original,
    });
  }
}

/**
 * getRandomValues from the stream of `seed` that, on its `at`-th call (the first by default),
 * applies `change` to `held` (the caller's input): the library must have copied its inputs before
 * calling out. `applied` tells whether the library called out that often and the change was made.
 */
export function changingRandomness(
  seed: number,
  held: Held,
  change: Change,
  at = 0,
): { replacement: (a: Uint8Array) => void; applied: () => boolean } {
  const fill = stream(seed);
  let calls = 0;
  let applied = false;
  return {
    replacement(array) {
      if (calls++ === at) applied = held.change(change);
      fill(array);
    },
    applied: () => applied,
  };
}
