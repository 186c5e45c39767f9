// ByteEncode / ByteDecode (FIPS 203, Algorithms 5 and 6) fused with Compress / Decompress
// (FIPS 203, §4.2.1). Bits are packed little-endian: coefficient j occupies bits d·j .. d·j+d-1.
// Loop bounds and shifts depend only on d and j, never on the data.

/** q, declared here and not exported, for speed (see ntt.ts). */
const Q = 3329;

/** For -q < a < q, returns a mod q in [0, q): adds q when a is negative, without a branch. */
export function fieldToCanonical(a: number): number {
  return a + ((a >> 31) & Q);
}

/** For 0 ≤ a < 2q, returns a mod q in [0, q): subtracts q when a ≥ q, without a branch. */
export function fieldCsubq(a: number): number {
  a -= Q;
  return a + ((a >> 31) & Q);
}

/**
 * Compress_d (FIPS 203, §4.2.1, eq. 4.7) for 0 ≤ x < q and 1 ≤ d ≤ 11: round(2^d·x / q) mod 2^d.
 * Note: no division (KyberSlash). 2580335 = round(2^33 / q); x is split into its high six and low
 * six bits so that every product stays below 2^28. Exact for every x and d (test/core/field.test.ts).
 */
export function compress(x: number, d: number): number {
  const v = Math.imul(x >> 6, 2580335) + (Math.imul(x & 63, 2580335) >> 6) + (1 << (26 - d));
  return (v >> (27 - d)) & ((1 << d) - 1);
}

/** Decompress_d (FIPS 203, §4.2.1, eq. 4.8) for 0 ≤ y < 2^d: round(q·y / 2^d). */
export function decompress(y: number, d: number): number {
  // q·y < 2^23 for d ≤ 11.
  return (Math.imul(y, Q) + (1 << (d - 1))) >> d;
}

/**
 * Implements FIPS 203, Algorithm 5 (ByteEncode_12) for one polynomial, writing 384 bytes at out[off].
 * Input |f[j]| < q; each coefficient is first mapped to [0, q).
 */
export function byteEncode12(out: Uint8Array, off: number, f: Int16Array): void {
  for (let j = 0; j < 256; j += 2, off += 3) {
    const a = fieldToCanonical(f[j]!);
    const b = fieldToCanonical(f[j + 1]!);
    out[off] = a;
    out[off + 1] = (a >> 8) | (b << 4);
    out[off + 2] = b >> 4;
  }
}

/**
 * Implements FIPS 203, Algorithm 6 (ByteDecode_12) for one polynomial, reading 384 bytes at
 * src[off]. Each 12-bit value is reduced mod q, as the algorithm requires for m = q.
 */
export function byteDecode12(f: Int16Array, src: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j += 2, off += 3) {
    const b1 = src[off + 1]!;
    f[j] = fieldCsubq(src[off]! | ((b1 & 15) << 8)); // < 4096 < 2q
    f[j + 1] = fieldCsubq((b1 >> 4) | (src[off + 2]! << 4));
  }
}

/**
 * The modulus check of FIPS 203, §7.2: true when every 12-bit value in src[off, off+len) is below
 * q, i.e. ByteEncode_12(ByteDecode_12(src)) = src. Constant time (no early exit): it also checks
 * the secret ŝ of an imported decapsulation key.
 */
export function isCanonical12(src: Uint8Array, off: number, len: number): boolean {
  let bad = 0;
  for (let end = off + len; off < end; off += 3) {
    const b1 = src[off + 1]!;
    const v0 = src[off]! | ((b1 & 15) << 8);
    const v1 = (b1 >> 4) | (src[off + 2]! << 4);
    bad |= (Q - 1 - v0) | (Q - 1 - v1); // negative exactly when a value is ≥ q (values < 2^12)
  }
  return bad >= 0;
}

/** Refuses a d that is no parameter set's du or dv, as the wasm kernels trap on it. */
function checkD(name: string, d: number): void {
  if (d !== 4 && d !== 5 && d !== 10 && d !== 11) throw new RangeError(`${name}: d must be 4, 5, 10 or 11, got ${d}`);
}

/**
 * ByteEncode_d(Compress_d(f)) (FIPS 203, Algorithm 5 and eq. 4.7) for one polynomial, writing
 * 32·d bytes at out[off], for d in {4, 5, 10, 11} (du and dv of every parameter set).
 * Input |f[j]| < q.
 * Note: each d has its own straight-line loop over the smallest run of coefficients that fills
 * whole bytes (2, 8, 4, 8 of them), the algorithm's bit order written out, in a function of its
 * own so that V8 inlines its Compress calls; which one runs depends on d only, never on the data.
 */
export function compressEncode(out: Uint8Array, off: number, f: Int16Array, d: number): void {
  checkD('compressEncode', d);
  if (d === 10) encode10(out, off, f);
  else if (d === 11) encode11(out, off, f);
  else if (d === 4) encode4(out, off, f);
  else encode5(out, off, f);
}

function encode10(out: Uint8Array, off: number, f: Int16Array): void {
  for (let j = 0; j < 256; j += 4, off += 5) {
    const c0 = compress(fieldToCanonical(f[j]!), 10);
    const c1 = compress(fieldToCanonical(f[j + 1]!), 10);
    const c2 = compress(fieldToCanonical(f[j + 2]!), 10);
    const c3 = compress(fieldToCanonical(f[j + 3]!), 10);
    out[off] = c0;
    out[off + 1] = (c0 >> 8) | (c1 << 2);
    out[off + 2] = (c1 >> 6) | (c2 << 4);
    out[off + 3] = (c2 >> 4) | (c3 << 6);
    out[off + 4] = c3 >> 2;
  }
}

function encode11(out: Uint8Array, off: number, f: Int16Array): void {
  for (let j = 0; j < 256; j += 8, off += 11) {
    const c0 = compress(fieldToCanonical(f[j]!), 11);
    const c1 = compress(fieldToCanonical(f[j + 1]!), 11);
    const c2 = compress(fieldToCanonical(f[j + 2]!), 11);
    const c3 = compress(fieldToCanonical(f[j + 3]!), 11);
    const c4 = compress(fieldToCanonical(f[j + 4]!), 11);
    const c5 = compress(fieldToCanonical(f[j + 5]!), 11);
    const c6 = compress(fieldToCanonical(f[j + 6]!), 11);
    const c7 = compress(fieldToCanonical(f[j + 7]!), 11);
    out[off] = c0;
    out[off + 1] = (c0 >> 8) | (c1 << 3);
    out[off + 2] = (c1 >> 5) | (c2 << 6);
    out[off + 3] = c2 >> 2;
    out[off + 4] = (c2 >> 10) | (c3 << 1);
    out[off + 5] = (c3 >> 7) | (c4 << 4);
    out[off + 6] = (c4 >> 4) | (c5 << 7);
    out[off + 7] = c5 >> 1;
    out[off + 8] = (c5 >> 9) | (c6 << 2);
    out[off + 9] = (c6 >> 6) | (c7 << 5);
    out[off + 10] = c7 >> 3;
  }
}

function encode4(out: Uint8Array, off: number, f: Int16Array): void {
  for (let j = 0; j < 256; j += 2, off++) {
    out[off] = compress(fieldToCanonical(f[j]!), 4) | (compress(fieldToCanonical(f[j + 1]!), 4) << 4);
  }
}

function encode5(out: Uint8Array, off: number, f: Int16Array): void {
  for (let j = 0; j < 256; j += 8, off += 5) {
    const c0 = compress(fieldToCanonical(f[j]!), 5);
    const c1 = compress(fieldToCanonical(f[j + 1]!), 5);
    const c2 = compress(fieldToCanonical(f[j + 2]!), 5);
    const c3 = compress(fieldToCanonical(f[j + 3]!), 5);
    const c4 = compress(fieldToCanonical(f[j + 4]!), 5);
    const c5 = compress(fieldToCanonical(f[j + 5]!), 5);
    const c6 = compress(fieldToCanonical(f[j + 6]!), 5);
    const c7 = compress(fieldToCanonical(f[j + 7]!), 5);
    out[off] = c0 | (c1 << 5);
    out[off + 1] = (c1 >> 3) | (c2 << 2) | (c3 << 7);
    out[off + 2] = (c3 >> 1) | (c4 << 4);
    out[off + 3] = (c4 >> 4) | (c5 << 1) | (c6 << 6);
    out[off + 4] = (c6 >> 2) | (c7 << 3);
  }
}

/**
 * Decompress_d(ByteDecode_d(src)) (FIPS 203, Algorithm 6 and eq. 4.8) for one polynomial,
 * reading 32·d bytes at src[off], for d in {4, 5, 10, 11}. Output in [0, q).
 * Note: the inverse of compressEncode's loops, one function per d likewise.
 */
export function decodeDecompress(f: Int16Array, src: Uint8Array, off: number, d: number): void {
  checkD('decodeDecompress', d);
  if (d === 10) decode10(f, src, off);
  else if (d === 11) decode11(f, src, off);
  else if (d === 4) decode4(f, src, off);
  else decode5(f, src, off);
}

function decode10(f: Int16Array, src: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j += 4, off += 5) {
    const b1 = src[off + 1]!,
      b2 = src[off + 2]!,
      b3 = src[off + 3]!;
    f[j] = decompress((src[off]! | (b1 << 8)) & 0x3ff, 10);
    f[j + 1] = decompress(((b1 >> 2) | (b2 << 6)) & 0x3ff, 10);
    f[j + 2] = decompress(((b2 >> 4) | (b3 << 4)) & 0x3ff, 10);
    f[j + 3] = decompress((b3 >> 6) | (src[off + 4]! << 2), 10);
  }
}

function decode11(f: Int16Array, src: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j += 8, off += 11) {
    const b1 = src[off + 1]!,
      b2 = src[off + 2]!,
      b4 = src[off + 4]!,
      b5 = src[off + 5]!,
      b6 = src[off + 6]!,
      b8 = src[off + 8]!,
      b9 = src[off + 9]!;
    f[j] = decompress((src[off]! | (b1 << 8)) & 0x7ff, 11);
    f[j + 1] = decompress(((b1 >> 3) | (b2 << 5)) & 0x7ff, 11);
    f[j + 2] = decompress(((b2 >> 6) | (src[off + 3]! << 2) | (b4 << 10)) & 0x7ff, 11);
    f[j + 3] = decompress(((b4 >> 1) | (b5 << 7)) & 0x7ff, 11);
    f[j + 4] = decompress(((b5 >> 4) | (b6 << 4)) & 0x7ff, 11);
    f[j + 5] = decompress(((b6 >> 7) | (src[off + 7]! << 1) | (b8 << 9)) & 0x7ff, 11);
    f[j + 6] = decompress(((b8 >> 2) | (b9 << 6)) & 0x7ff, 11);
    f[j + 7] = decompress((b9 >> 5) | (src[off + 10]! << 3), 11);
  }
}

function decode4(f: Int16Array, src: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j += 2, off++) {
    const b = src[off]!;
    f[j] = decompress(b & 15, 4);
    f[j + 1] = decompress(b >> 4, 4);
  }
}

function decode5(f: Int16Array, src: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j += 8, off += 5) {
    const b0 = src[off]!,
      b1 = src[off + 1]!,
      b2 = src[off + 2]!,
      b3 = src[off + 3]!,
      b4 = src[off + 4]!;
    f[j] = decompress(b0 & 31, 5);
    f[j + 1] = decompress(((b0 >> 5) | (b1 << 3)) & 31, 5);
    f[j + 2] = decompress((b1 >> 2) & 31, 5);
    f[j + 3] = decompress(((b1 >> 7) | (b2 << 1)) & 31, 5);
    f[j + 4] = decompress(((b2 >> 4) | (b3 << 4)) & 31, 5);
    f[j + 5] = decompress((b3 >> 1) & 31, 5);
    f[j + 6] = decompress(((b3 >> 6) | (b4 << 2)) & 31, 5);
    f[j + 7] = decompress(b4 >> 3, 5);
  }
}

/** Decompress_1(ByteDecode_1(m)) (FIPS 203, Algorithm 14, line 20): bit b ↦ b·⌈q/2⌋ = b·1665. */
export function messageToPoly(f: Int16Array, m: Uint8Array, off: number): void {
  for (let j = 0; j < 256; j++) {
    f[j] = -((m[off + (j >> 3)]! >> (j & 7)) & 1) & 1665;
  }
}

/** ByteEncode_1(Compress_1(f)) (FIPS 203, Algorithm 15, line 7), 32 bytes at out[off]. Input |f[j]| < q. */
export function polyToMessage(out: Uint8Array, off: number, f: Int16Array): void {
  for (let i = 0; i < 32; i++) {
    let byte = 0;
    for (let b = 0; b < 8; b++) byte |= compress(fieldToCanonical(f[8 * i + b]!), 1) << b;
    out[off + i] = byte;
  }
}
