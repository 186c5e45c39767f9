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
 * Note: the bits are gathered in an accumulator and written a byte at a time, which is the
 * algorithm's bit order; the inner loop's count depends on d and j only, never on the data. The
 * accumulator is shifted with >> (its values are below 2^18): V8 keeps an int32 that >>> mixes
 * with uint32 in a float64, which made these loops 2.5-3x slower.
 */
export function compressEncode(out: Uint8Array, off: number, f: Int16Array, d: number): void {
  checkD('compressEncode', d);
  let acc = 0; // < 2^(d + 7) ≤ 2^18
  let bits = 0;
  for (let j = 0; j < 256; j++) {
    acc |= compress(fieldToCanonical(f[j]!), d) << bits;
    for (bits += d; bits >= 8; bits -= 8, acc >>= 8) out[off++] = acc;
  }
}

/**
 * Decompress_d(ByteDecode_d(src)) (FIPS 203, Algorithm 6 and eq. 4.8) for one polynomial,
 * reading 32·d bytes at src[off], for d in {4, 5, 10, 11}. Output in [0, q).
 * Note: the inverse of compressEncode's accumulator.
 */
export function decodeDecompress(f: Int16Array, src: Uint8Array, off: number, d: number): void {
  checkD('decodeDecompress', d);
  const m = (1 << d) - 1;
  let acc = 0; // < 2^(d + 8)
  let bits = 0;
  for (let j = 0; j < 256; j++) {
    for (; bits < d; bits += 8) acc |= src[off++]! << bits;
    f[j] = decompress(acc & m, d);
    acc >>= d;
    bits -= d;
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
