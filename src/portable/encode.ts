// ByteEncode / ByteDecode (FIPS 203, Algorithms 5 and 6) fused with Compress / Decompress
// (§4.2.1). Bits are packed little-endian: coefficient j occupies bits d·j .. d·j+d-1.
// Loop bounds and shifts depend only on d and j, never on the data.
import { Q, compress, decompress, fieldCsubq, fieldToCanonical } from './field.js';

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
 * q, i.e. ByteEncode_12(ByteDecode_12(src)) = src. The encapsulation key is public, so the
 * early exit leaks nothing.
 */
export function isCanonical12(src: Uint8Array, off: number, len: number): boolean {
  for (let end = off + len; off < end; off += 3) {
    const b1 = src[off + 1]!;
    if ((src[off]! | ((b1 & 15) << 8)) >= Q || ((b1 >> 4) | (src[off + 2]! << 4)) >= Q) return false;
  }
  return true;
}

/**
 * ByteEncode_d(Compress_d(f)) (FIPS 203, Algorithm 5 and eq. 4.7) for one polynomial, writing
 * 32·d bytes at out[off]. Input |f[j]| < q.
 */
export function compressEncode(out: Uint8Array, off: number, f: Int16Array, d: number): void {
  let acc = 0; // < 2^(7+d) ≤ 2^18: fewer than 8 pending bits plus one d-bit value
  let bits = 0;
  for (let j = 0; j < 256; j++) {
    acc |= compress(fieldToCanonical(f[j]!), d) << bits;
    bits += d;
    while (bits >= 8) {
      out[off++] = acc;
      acc >>>= 8;
      bits -= 8;
    }
  }
}

/**
 * Decompress_d(ByteDecode_d(src)) (FIPS 203, Algorithm 6 and eq. 4.8) for one polynomial,
 * reading 32·d bytes at src[off]. Output in [0, q).
 */
export function decodeDecompress(f: Int16Array, src: Uint8Array, off: number, d: number): void {
  const mask = (1 << d) - 1;
  let acc = 0; // < 2^(8+d): pending bits plus one byte
  let bits = 0;
  for (let j = 0; j < 256; j++) {
    while (bits < d) {
      acc |= src[off++]! << bits;
      bits += 8;
    }
    f[j] = decompress(acc & mask, d);
    acc >>>= d;
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
