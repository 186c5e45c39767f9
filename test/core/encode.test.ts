// Tests of src/portable/encode.ts against a reference bit packer written here from FIPS 203,
// Algorithms 3–6 (BitsToBytes, BytesToBits, ByteEncode_d, ByteDecode_d; little-endian bits),
// composed with the exact-rational Compress_d / Decompress_d of §4.2.1. Every value is placed at
// every slot position mod 8 (or both slots of a 3-byte group for d = 12), so that every bit
// alignment inside the bytes is covered.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  byteDecode12,
  byteEncode12,
  compressEncode,
  decodeDecompress,
  isCanonical12,
  messageToPoly,
  polyToMessage,
} from '../../src/portable/encode.js';
import { Q, modq, randInt, rng } from '../support/helpers.js';

const N = 256;

// ---- Reference (FIPS 203, §4.2.1) ----

/** Algorithm 3 (BitsToBytes). */
function bitsToBytes(b: number[]): Uint8Array {
  const B = new Uint8Array(b.length / 8);
  for (let i = 0; i < b.length; i++) B[Math.floor(i / 8)] = B[Math.floor(i / 8)]! + b[i]! * 2 ** (i % 8);
  return B;
}
/** Algorithm 4 (BytesToBits). */
function bytesToBits(B: Uint8Array): number[] {
  const b: number[] = [];
  for (let i = 0; i < B.length; i++) {
    let c = B[i]!;
    for (let j = 0; j < 8; j++) {
      b.push(c % 2);
      c = Math.floor(c / 2);
    }
  }
  return b;
}
/** Algorithm 5 (ByteEncode_d), F holds 256 integers in [0, 2^d) (d < 12) or [0, q) (d = 12). */
function refByteEncode(F: ArrayLike<number>, d: number): Uint8Array {
  const b = new Array<number>(N * d);
  for (let i = 0; i < N; i++) {
    let a = F[i]!;
    for (let j = 0; j < d; j++) {
      b[i * d + j] = a % 2;
      a = (a - b[i * d + j]!) / 2;
    }
  }
  return bitsToBytes(b);
}
/** Algorithm 6 (ByteDecode_d): m = 2^d for d < 12, m = q for d = 12. */
function refByteDecode(B: Uint8Array, d: number): number[] {
  const m = d < 12 ? 2 ** d : Q;
  const b = bytesToBits(B);
  const F: number[] = [];
  for (let i = 0; i < N; i++) {
    let v = 0;
    for (let j = 0; j < d; j++) v += b[i * d + j]! * 2 ** j;
    F.push(v % m);
  }
  return F;
}
/** The raw 12-bit packing (ByteEncode_12 without the range restriction), for building inputs. */
function pack12(values: ArrayLike<number>): Uint8Array {
  const b: number[] = [];
  for (let i = 0; i < values.length; i++) for (let j = 0; j < 12; j++) b.push((values[i]! >> j) & 1);
  return bitsToBytes(b);
}
function refCompress(x: number, d: number): number {
  return Math.floor((2 ** (d + 1) * modq(x) + Q) / (2 * Q)) % 2 ** d;
}
function refDecompress(y: number, d: number): number {
  return Math.floor((2 * Q * y + 2 ** d) / 2 ** (d + 1));
}

/**
 * Splits `values` into polynomials of 256 coefficients, once for each shift s in 0..shifts-1:
 * the stream is s filler values followed by `values`, so value i lands at slot (s + i) mod 256
 * and, over all shifts, at every slot position mod `shifts`. Fillers come from `filler`.
 */
function spread(values: number[], shifts: number, filler: () => number): Int32Array[] {
  const out: Int32Array[] = [];
  for (let s = 0; s < shifts; s++) {
    const stream = [...Array.from({ length: s }, filler), ...values];
    while (stream.length % N !== 0) stream.push(filler());
    for (let o = 0; o < stream.length; o += N) out.push(Int32Array.from(stream.slice(o, o + N)));
  }
  return out;
}

function firstByteDiff(got: Uint8Array, want: Uint8Array): string | undefined {
  if (got.length !== want.length) return `length ${got.length} ≠ ${want.length}`;
  for (let i = 0; i < got.length; i++) if (got[i] !== want[i]) return `byte ${i}: got ${got[i]} expected ${want[i]}`;
  return undefined;
}

test('reference self-check: ByteDecode_d(ByteEncode_d(F)) = F', () => {
  const next = rng(1);
  for (const d of [1, 4, 5, 10, 11, 12]) {
    const m = d < 12 ? 2 ** d : Q;
    const F = Array.from({ length: N }, () => randInt(next, 0, m - 1));
    const B = refByteEncode(F, d);
    assert.equal(B.length, 32 * d);
    assert.deepEqual(refByteDecode(B, d), F);
  }
});

test('byteEncode12 / byteDecode12: exhaustive over |f| < q at both slots of a 3-byte group', () => {
  // Every value in (-q, q) at an even and at an odd coefficient (the two slots of a group);
  // with 8 shifts, every value also meets several neighbours. Encoding must equal
  // ByteEncode_12(f mod q), and decoding must return f mod q in [0, q).
  const next = rng(2);
  const values = Array.from({ length: 2 * Q - 1 }, (_, i) => i - (Q - 1));
  const polys = spread(values, 8, () => randInt(next, -(Q - 1), Q - 1));
  let bad = 0;
  let first = '';
  const out = new Uint8Array(384 + 5);
  const f = new Int16Array(N);
  for (const p of polys) {
    const canon = Array.from(p, modq);
    out.fill(0xaa);
    byteEncode12(out, 3, Int16Array.from(p));
    const want = refByteEncode(canon, 12);
    let err = firstByteDiff(out.subarray(3, 3 + 384), want);
    if (err === undefined && (out[2] !== 0xaa || out[387] !== 0xaa)) err = 'wrote outside [off, off + 384)';
    if (err === undefined) {
      f.fill(-1);
      byteDecode12(f, out, 3);
      for (let j = 0; j < N && err === undefined; j++)
        if (f[j] !== canon[j]) err = `decode index ${j}: got ${f[j]} expected ${canon[j]}`;
    }
    if (err !== undefined && bad++ === 0) first = `[${p.slice(0, 4).join(', ')}, ...]: ${err}`;
  }
  assert.equal(bad, 0, `byteEncode12/byteDecode12 wrong on ${bad} of ${polys.length} polynomials; first ${first}`);
});

test('byteDecode12 reduces every 12-bit value mod q (exhaustive over 0..4095 at both slots of a group)', () => {
  const next = rng(3);
  const values = Array.from({ length: 4096 }, (_, i) => i);
  const polys = spread(values, 2, () => randInt(next, 0, 4095)); // shifts 0 and 1: even and odd slot
  let bad = 0;
  let first = '';
  const f = new Int16Array(N);
  for (const p of polys) {
    const bytes = pack12(p);
    byteDecode12(f, bytes, 0);
    const want = refByteDecode(bytes, 12);
    for (let j = 0; j < N; j++) {
      if (f[j] !== want[j] || f[j] !== p[j]! % Q)
        if (bad++ === 0) first = `value ${p[j]} at slot ${j}: got ${f[j]} expected ${want[j]}`;
    }
  }
  assert.equal(bad, 0, `byteDecode12 wrong on ${bad} values; first ${first}`);
});

test('isCanonical12 is true iff every 12-bit value is < q (exhaustive over 0..4095 at both slots)', () => {
  // One value v at one slot of a key-sized buffer whose other values are canonical; the slot
  // moves through the groups so that the first, middle and last groups are all exercised.
  // The buffer is built once with the reference packer; each case patches one 3-byte group
  // (again packed by the reference) and restores it afterwards.
  const next = rng(4);
  const groups = 128 * 3; // 3 polynomials, as in an ML-KEM-768 encapsulation key
  const canonical = pack12(Int32Array.from({ length: 2 * groups }, () => randInt(next, 0, Q - 1)));
  const off = 5;
  const buf = new Uint8Array(canonical.length + 10).fill(0xff); // non-canonical bytes around the range
  buf.set(canonical, off);
  assert.equal(isCanonical12(buf, off, canonical.length), true, 'canonical buffer rejected');
  let bad = 0;
  let first = '';
  let cases = 0;
  for (let v = 0; v < 4096; v++) {
    for (let slot = 0; slot < 2; slot++) {
      const group = (v * 7 + slot * 191) % groups;
      if (v < 4) for (const g of [0, groups - 1]) check(v, slot, g); // first and last group too
      check(v, slot, group);
    }
  }
  function check(v: number, slot: number, group: number): void {
    cases++;
    const pos = off + 3 * group;
    const saved = buf.slice(pos, pos + 3);
    const other = randInt(next, 0, Q - 1);
    buf.set(pack12(slot === 0 ? [v, other] : [other, v]), pos);
    const got = isCanonical12(buf, off, canonical.length);
    if (got !== v < Q) if (bad++ === 0) first = `v=${v} slot=${slot} group=${group}: got ${got}`;
    buf.set(saved, pos);
  }
  assert.equal(cases, 2 * 4096 + 16);
  assert.equal(bad, 0, `isCanonical12 wrong on ${bad} cases; first ${first}`);
  // The whole range [off, off+len) is read, and nothing outside it.
  const all = pack12(new Int32Array(256).fill(Q - 1));
  assert.equal(isCanonical12(all, 0, 384), true);
  const lastBad = pack12(Int32Array.from({ length: 256 }, (_, j) => (j === 255 ? Q : 0)));
  assert.equal(isCanonical12(lastBad, 0, 384), false, 'the last value of the range was not checked');
  assert.equal(isCanonical12(lastBad, 0, 381), true, 'a value after the range was checked');
});

// compressEncode / decodeDecompress document d in {4, 5, 10, 11} (du and dv of every parameter
// set); d = 1 is the job of polyToMessage / messageToPoly, tested exhaustively below.
for (const d of [4, 5, 10, 11]) {
  test(`compressEncode d=${d}: exhaustive over |x| < q at every slot position mod 8, = ByteEncode_d(Compress_d(x))`, () => {
    const next = rng(10 + d);
    const values = Array.from({ length: 2 * Q - 1 }, (_, i) => i - (Q - 1));
    const polys = spread(values, 8, () => randInt(next, -(Q - 1), Q - 1));
    let bad = 0;
    let first = '';
    const out = new Uint8Array(32 * d + 4);
    for (const p of polys) {
      out.fill(0x5a);
      const f = Int16Array.from(p);
      compressEncode(out, 2, f, d);
      const want = refByteEncode(
        Array.from(p, (x) => refCompress(x, d)),
        d,
      );
      let err = firstByteDiff(out.subarray(2, 2 + 32 * d), want);
      if (err === undefined && (out[1] !== 0x5a || out[2 + 32 * d] !== 0x5a)) err = 'wrote outside [off, off + 32d)';
      if (err === undefined && f.some((x, j) => x !== p[j])) err = 'modified its input';
      if (err !== undefined && bad++ === 0) first = `[${p.slice(0, 4).join(', ')}, ...]: ${err}`;
    }
    assert.equal(bad, 0, `compressEncode d=${d} wrong on ${bad} of ${polys.length} polynomials; first ${first}`);
  });

  test(`decodeDecompress d=${d}: exhaustive over 0 ≤ y < 2^d at every slot position mod 8, = Decompress_d(ByteDecode_d(y)), in [0, q)`, () => {
    const next = rng(20 + d);
    const values = Array.from({ length: 2 ** d }, (_, i) => i);
    const polys = spread(values, 8, () => randInt(next, 0, 2 ** d - 1));
    // Also random byte strings (every byte string of length 32d is a valid input).
    const randomBytes: Uint8Array[] = Array.from({ length: 50 }, () =>
      Uint8Array.from({ length: 32 * d }, () => next() & 255),
    );
    let bad = 0;
    let first = '';
    const f = new Int16Array(N);
    const inputs = [...polys.map((p) => refByteEncode(p, d)), ...randomBytes];
    for (const bytes of inputs) {
      const buf = new Uint8Array(bytes.length + 6).fill(0xff);
      buf.set(bytes, 3);
      f.fill(-1);
      decodeDecompress(f, buf, 3, d);
      const want = refByteDecode(bytes, d).map((y) => refDecompress(y, d));
      let err: string | undefined;
      for (let j = 0; j < N && err === undefined; j++) {
        if (f[j] !== want[j] || f[j]! < 0 || f[j]! >= Q) err = `index ${j}: got ${f[j]} expected ${want[j]}`;
      }
      if (err !== undefined && bad++ === 0) first = `bytes [${bytes.slice(0, 4).join(', ')}, ...]: ${err}`;
    }
    assert.equal(bad, 0, `decodeDecompress d=${d} wrong on ${bad} of ${inputs.length} inputs; first ${first}`);
  });
}

test('messageToPoly = Decompress_1(ByteDecode_1(m)) for random, all-zero and all-one messages', () => {
  const next = rng(30);
  const msgs: Uint8Array[] = [new Uint8Array(32), new Uint8Array(32).fill(0xff)];
  for (let i = 0; i < 8; i++) msgs.push(Uint8Array.from({ length: 32 }, (_, j) => (1 << i) ^ (j & 1 ? 0xff : 0))); // single bit / all but one bit per byte
  for (let t = 0; t < 300; t++) msgs.push(Uint8Array.from({ length: 32 }, () => next() & 255));
  let bad = 0;
  let first = '';
  const f = new Int16Array(N);
  for (const m of msgs) {
    const buf = new Uint8Array(40).fill(0xff);
    buf.set(m, 4);
    f.fill(-1);
    messageToPoly(f, buf, 4);
    const want = refByteDecode(m, 1).map((y) => refDecompress(y, 1));
    for (let j = 0; j < N; j++)
      if (f[j] !== want[j])
        if (bad++ === 0) first = `m=${Buffer.from(m).toString('hex')} index ${j}: got ${f[j]} expected ${want[j]}`;
  }
  assert.equal(refDecompress(1, 1), 1665);
  assert.equal(bad, 0, `messageToPoly wrong on ${bad} coefficients; first ${first}`);
});

test('polyToMessage = ByteEncode_1(Compress_1(f)): exhaustive over |x| < q at every bit position, plus round trips', () => {
  const next = rng(31);
  const values = Array.from({ length: 2 * Q - 1 }, (_, i) => i - (Q - 1));
  const polys = spread(values, 8, () => randInt(next, -(Q - 1), Q - 1));
  let bad = 0;
  let first = '';
  const out = new Uint8Array(36);
  for (const p of polys) {
    out.fill(0x33);
    polyToMessage(out, 2, Int16Array.from(p));
    const want = refByteEncode(
      Array.from(p, (x) => refCompress(x, 1)),
      1,
    );
    let err = firstByteDiff(out.subarray(2, 34), want);
    if (err === undefined && (out[1] !== 0x33 || out[34] !== 0x33)) err = 'wrote outside [off, off + 32)';
    if (err !== undefined && bad++ === 0) first = `[${p.slice(0, 4).join(', ')}, ...]: ${err}`;
  }
  assert.equal(bad, 0, `polyToMessage wrong on ${bad} of ${polys.length} polynomials; first ${first}`);

  // Round trip message → polynomial → message, for all-zero, all-one and random messages.
  const msgs = [new Uint8Array(32), new Uint8Array(32).fill(0xff)];
  for (let t = 0; t < 100; t++) msgs.push(Uint8Array.from({ length: 32 }, () => next() & 255));
  const f = new Int16Array(N);
  const m2 = new Uint8Array(32);
  for (const m of msgs) {
    messageToPoly(f, m, 0);
    polyToMessage(m2, 0, f);
    assert.deepEqual(m2, m, 'polyToMessage(messageToPoly(m)) ≠ m');
  }
});
