// Small helpers shared by the tests: arithmetic mod q, a seeded PRNG, byte comparisons, and the
// 12-bit coefficients of an encoded public key. Written here, not imported from src/, so that the
// tests do not lean on the code under test.

/** The ML-KEM modulus (FIPS 203, §2.4). */
export const Q = 3329;

/** Canonical representative of an integer (any safe integer) in [0, q). */
export function modq(a: number): number {
  const r = a % Q;
  return r < 0 ? r + Q : r;
}

/** Deterministic PRNG (splitmix32) so that any counterexample is reproducible. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Uniform integer in [lo, hi]. */
export function randInt(next: () => number, lo: number, hi: number): number {
  return lo + (next() % (hi - lo + 1));
}

/** Cryptographically random bytes, in chunks: getRandomValues takes at most 65536 bytes. */
export function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

/** True when `a` is a Uint8Array with the bytes of `b` (false for anything else, undefined too). */
export const equalBytes = (a: unknown, b: Uint8Array): boolean =>
  a instanceof Uint8Array && a.length === b.length && Buffer.compare(a, b) === 0;

/** Reads the 12-bit coefficient i of ByteEncode_12 data (little-endian bit packing). */
export function getCoeff(ek: Uint8Array, i: number): number {
  const o = 3 * (i >> 1);
  return (i & 1) === 0 ? ek[o]! | ((ek[o + 1]! & 0x0f) << 8) : (ek[o + 1]! >> 4) | (ek[o + 2]! << 4);
}

/** Writes the 12-bit coefficient i of ByteEncode_12 data, leaving every other bit as it was. */
export function setCoeff(ek: Uint8Array, i: number, v: number): void {
  const o = 3 * (i >> 1);
  if ((i & 1) === 0) {
    ek[o] = v & 0xff;
    ek[o + 1] = (ek[o + 1]! & 0xf0) | (v >> 8);
  } else {
    ek[o + 1] = (ek[o + 1]! & 0x0f) | ((v & 0x0f) << 4);
    ek[o + 2] = v >> 4;
  }
}

/** Offsets of DER headers (tag, length bytes) in a valid encoding: where structure lives. */
export function headerOffsets(der: Uint8Array): number[] {
  const out: number[] = [];
  const walk = (start: number, end: number, depth: number): void => {
    let p = start;
    while (p < end && depth < 6) {
      const tag = der[p]!;
      const first = der[p + 1]!;
      const n = first & 0x80 ? first & 0x7f : 0;
      let len = first & 0x80 ? 0 : first;
      for (let i = 0; i < n; i++) len = len * 256 + der[p + 2 + i]!;
      const body = p + 2 + n;
      for (let i = p; i < body; i++) out.push(i);
      if (
        tag === 0x30 ||
        tag === 0xa0 ||
        (tag === 0x04 && (der[body] === 0x80 || der[body] === 0x04 || der[body] === 0x30))
      )
        walk(body, body + len, depth + 1);
      if (tag === 0x03 || tag === 0x81) out.push(body); // unused-bits byte
      p = body + len;
    }
  };
  walk(0, der.length, 0);
  return out;
}

/** Values that are not Uint8Arrays, sized like a correct argument of `length` bytes where that applies. */
export function wrongTypes(length: number, undefinedAllowed: boolean): Array<[string, unknown]> {
  const list: Array<[string, unknown]> = [
    ['a string', 'x'.repeat(length)],
    ['a plain array', new Array<number>(length).fill(0)],
    ['an ArrayBuffer', new ArrayBuffer(length)],
    ['null', null],
    ['a Uint16Array', new Uint16Array(length)],
    ['a number', length],
    ['an object', { length }],
    ['an Int8Array', new Int8Array(length)],
    ['a Uint8ClampedArray', new Uint8ClampedArray(length)],
    ['a DataView', new DataView(new ArrayBuffer(length))],
    ['a boolean', true],
  ];
  if (!undefinedAllowed) list.push(['undefined', undefined]);
  return list;
}
