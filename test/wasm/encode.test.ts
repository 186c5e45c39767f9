// Tests of the WebAssembly encoding kernels (assembly/encode.ts) against the portable kernels
// (src/portable/encode.ts, the reference, itself checked against FIPS 203 in encode.test.ts),
// both through the Kernels interface, at offsets that are odd, even and those of a ciphertext's
// parts. Where the domain is small the sweep is exhaustive: every input value at every
// coefficient position (so in every SIMD lane, every bit alignment of the packing and every loop
// step, the last one included). Then boundary values and random inputs. Every call must write
// exactly its output bytes (sentinels around them), leave its input as it was, and leave the
// module's static region as instantiation left it.
//
// Loops are tight: each counts mismatches and records the first counterexample, then asserts once.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { portableKernels as P } from '../../src/portable/index.js';
import { Q, modq, randInt, rng } from '../support/helpers.js';
import { freshWasm } from '../support/wasm-harness.js';

const { ex, kernels: W, assertScratchClean } = freshWasm();
const N = 256;
const DS = [4, 5, 10, 11] as const;
const SENTINEL = 0xa5;

// Buffers in the module's fixed memory, allocated once. bytes holds inputs and outputs at
// offset off, sentinels everywhere else.
const BYTES = 2048;
const wPoly = W.alloc16(N);
const wBytes = W.alloc8(BYTES);
/**
 * The rest of the memory, allocated last: data placed at its end ends at the end of the memory,
 * where a read or write past a kernel's bytes traps.
 */
const wTail = W.alloc8(ex.memory.buffer.byteLength - ((wBytes.byteOffset + BYTES + 15) & ~15));
// The portable side works on plain arrays.
const pPoly = new Int16Array(N);
const pBytes = new Uint8Array(384);
const pOut16 = new Int16Array(N);

/** Offsets into bytes: unaligned ones, and where ciphertext parts start (320·i, 352·i, c2). */
const OFFSETS = [0, 1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 31, 320, 352, 641, 704, 960, 1061, 1408, 1409];
const offsetFor = (k: number): number => OFFSETS[k % OFFSETS.length]!;

/** Bit packing as in ByteEncode_d (FIPS 203, Algorithm 5): value j at bits d·j .. d·j+d-1. */
function pack(values: ArrayLike<number>, d: number): Uint8Array {
  const out = new Uint8Array((values.length * d) / 8);
  for (let j = 0; j < values.length; j++) {
    for (let b = 0; b < d; b++) if ((values[j]! >> b) & 1) out[(j * d + b) >> 3]! |= 1 << ((j * d + b) & 7);
  }
  return out;
}

/**
 * Polynomial k of the sweep over `values`: coefficient j is values[(k + j) mod L]. Over
 * k = 0 .. L-1 every value lands at every one of the 256 positions.
 */
function sweepPoly(values: readonly number[], k: number, out: Int16Array): Int16Array {
  for (let j = 0; j < N; j++) out[j] = values[(k + j) % values.length]!;
  return out;
}

/** Every x with |x| < q. */
const ALL_FIELD = Array.from({ length: 2 * Q - 1 }, (_, i) => i - (Q - 1));

/** Compress_d(x mod q) from its definition (§4.2.1): no tie can occur, q being odd. */
const compressRef = (x: number, d: number): number => Math.round((2 ** d * modq(x)) / Q) % 2 ** d;

/** The first difference between bytes (after a call that wrote want at off) and what it should hold. */
function diffOutput(off: number, want: Uint8Array): string | undefined {
  for (let i = 0; i < BYTES; i++) {
    const inside = i >= off && i < off + want.length;
    if (wBytes[i] !== (inside ? want[i - off] : SENTINEL)) {
      return inside
        ? `byte ${i - off}: got ${wBytes[i]} expected ${want[i - off]}`
        : `wrote outside its output at ${i - off}`;
    }
  }
  return undefined;
}

/** The first difference between two polynomials. */
function diffPoly(got: Int16Array, want: Int16Array): string | undefined {
  for (let j = 0; j < N; j++) if (got[j] !== want[j]) return `coefficient ${j}: got ${got[j]} expected ${want[j]}`;
  return undefined;
}

/** Counts failing cases, keeps the first, checks the static region every 64 cases. */
class Tally {
  bad = 0;
  cases = 0;
  first = '';
  constructor(readonly what: string) {}
  record(err: string | undefined, describe: () => string): void {
    if (err !== undefined && this.bad++ === 0) this.first = `${describe()}: ${err}`;
    if (++this.cases % 64 === 0) assertScratchClean(`${this.what}, case ${this.cases}`);
  }
  done(): void {
    assertScratchClean(`${this.what}, after ${this.cases} cases`);
    assert.equal(this.bad, 0, `${this.what}: ${this.bad} of ${this.cases} cases wrong; first ${this.first}`);
  }
}

const show = (f: ArrayLike<number>): string => `[${Array.from(f).slice(0, 6).join(', ')}, ...]`;

// ---- compressEncode ----

/** ByteEncode_d(Compress_d(f)) on both sides, wasm output at off; the first difference. */
function compressCase(f: Int16Array, d: number, off: number): string | undefined {
  wPoly.set(f);
  pPoly.set(f);
  wBytes.fill(SENTINEL);
  W.compressEncode(wBytes, off, wPoly, d);
  const want = pBytes.subarray(0, 32 * d);
  P.compressEncode(want, 0, pPoly, d);
  return diffOutput(off, want) ?? (diffPoly(wPoly, f) === undefined ? undefined : 'modified its input');
}

for (const d of DS) {
  test(`compressEncode d=${d}: every |x| < q at every coefficient position = portable`, () => {
    const t = new Tally(`compressEncode d=${d} sweep`);
    const f = new Int16Array(N);
    for (let k = 0; k < ALL_FIELD.length; k++) {
      sweepPoly(ALL_FIELD, k, f);
      const off = offsetFor(k);
      t.record(compressCase(f, d, off), () => `sweep ${k} off=${off} ${show(f)}`);
    }
    assert.equal(t.cases, 2 * Q - 1);
    t.done();
  });
}

test('compressEncode: rounding boundaries, 0, ±1, ±(q-1), and random polynomials = portable', () => {
  const next = rng(0x636f6d70);
  const f = new Int16Array(N);
  for (const d of DS) {
    // x - 1 and x wherever Compress_d changes between them (both signs), and the extremes.
    const edges = [0, 1, -1, Q - 1, -(Q - 1), (Q - 1) / 2, -(Q - 1) / 2, (Q + 1) / 2, -(Q + 1) / 2];
    for (let x = -(Q - 2); x < Q; x++) if (compressRef(x, d) !== compressRef(x - 1, d)) edges.push(x - 1, x);
    assert.ok(edges.length > 2 ** (d + 1), `d=${d}: only ${edges.length} boundary values`);
    const t = new Tally(`compressEncode d=${d} boundaries and random`);
    for (let k = 0; k < 400; k++) {
      // Boundary values in random positions, then whole-range random polynomials.
      for (let j = 0; j < N; j++)
        f[j] = k < 200 ? edges[randInt(next, 0, edges.length - 1)]! : randInt(next, -(Q - 1), Q - 1);
      const off = randInt(next, 0, BYTES - 32 * d);
      t.record(compressCase(f, d, off), () => `case ${k} off=${off} ${show(f)}`);
    }
    t.done();
  }
});

// ---- decodeDecompress ----

/** Decompress_d(ByteDecode_d(input)) on both sides, wasm input at off; the first difference. */
function decodeCase(input: Uint8Array, d: number, off: number): string | undefined {
  wBytes.fill(SENTINEL);
  wBytes.set(input, off);
  wPoly.fill(-1);
  W.decodeDecompress(wPoly, wBytes, off, d);
  P.decodeDecompress(pOut16, input, 0, d);
  return diffPoly(wPoly, pOut16) ?? (diffOutput(off, input) === undefined ? undefined : 'modified its input');
}

for (const d of DS) {
  test(`decodeDecompress d=${d}: every d-bit value at every coefficient position, and random bytes = portable`, () => {
    const next = rng(0x64656300 + d);
    const values = Array.from({ length: 2 ** d }, (_, i) => i);
    const f = new Int16Array(N);
    const t = new Tally(`decodeDecompress d=${d}`);
    for (let k = 0; k < values.length; k++) {
      const input = pack(sweepPoly(values, k, f), d);
      const off = offsetFor(k);
      t.record(decodeCase(input, d, off), () => `sweep ${k} off=${off}`);
    }
    // Every byte string of length 32d is a valid input.
    for (let k = 0; k < 500; k++) {
      const input = Uint8Array.from({ length: 32 * d }, () => next() & 0xff);
      const off = randInt(next, 0, BYTES - 32 * d);
      t.record(
        decodeCase(input, d, off),
        () => `random ${k} off=${off} bytes ${Buffer.from(input.subarray(0, 8)).toString('hex')}...`,
      );
    }
    t.done();
  });
}

test('decodeDecompress then compressEncode returns the bytes: Compress_d(Decompress_d(y)) = y, random y', () => {
  // A property of §4.2.1 the kernels must keep: decoding then re-encoding returns the bytes.
  const next = rng(0x726f756e);
  const t = new Tally('decode then encode');
  for (const d of DS) {
    for (let k = 0; k < 100; k++) {
      const input = Uint8Array.from({ length: 32 * d }, () => next() & 0xff);
      wBytes.set(input, 5);
      W.decodeDecompress(wPoly, wBytes, 5, d);
      wBytes.fill(SENTINEL);
      W.compressEncode(wBytes, 9, wPoly, d);
      t.record(diffOutput(9, input), () => `d=${d} case ${k}`);
    }
  }
  t.done();
});

// ---- byteEncode12 / byteDecode12 / isCanonical12 ----

/** ByteEncode_12(f) on both sides, wasm output at off; the first difference. */
function encode12Case(f: Int16Array, off: number): string | undefined {
  wPoly.set(f);
  pPoly.set(f);
  wBytes.fill(SENTINEL);
  W.byteEncode12(wBytes, off, wPoly);
  P.byteEncode12(pBytes, 0, pPoly);
  return diffOutput(off, pBytes) ?? (diffPoly(wPoly, f) === undefined ? undefined : 'modified its input');
}

test('byteEncode12: every |x| < q at every coefficient position, and random polynomials = portable', () => {
  const next = rng(0x656e3132);
  const t = new Tally('byteEncode12');
  const f = new Int16Array(N);
  for (let k = 0; k < ALL_FIELD.length; k++) {
    sweepPoly(ALL_FIELD, k, f);
    const off = offsetFor(k);
    t.record(encode12Case(f, off), () => `sweep ${k} off=${off} ${show(f)}`);
  }
  for (let k = 0; k < 300; k++) {
    const edges = [0, 1, -1, Q - 1, -(Q - 1)];
    for (let j = 0; j < N; j++)
      f[j] = k < 100 ? edges[randInt(next, 0, edges.length - 1)]! : randInt(next, -(Q - 1), Q - 1);
    const off = randInt(next, 0, BYTES - 384);
    t.record(encode12Case(f, off), () => `case ${k} off=${off} ${show(f)}`);
  }
  t.done();
});

/** ByteDecode_12(input) on both sides, wasm input at off; the first difference. */
function decode12Case(input: Uint8Array, off: number): string | undefined {
  wBytes.fill(SENTINEL);
  wBytes.set(input, off);
  wPoly.fill(-1);
  W.byteDecode12(wPoly, wBytes, off);
  P.byteDecode12(pOut16, input, 0);
  return diffPoly(wPoly, pOut16) ?? (diffOutput(off, input) === undefined ? undefined : 'modified its input');
}

test('byteDecode12: every 12-bit value at every coefficient position, and random bytes = portable', () => {
  const next = rng(0x64653132);
  const values = Array.from({ length: 4096 }, (_, i) => i);
  const t = new Tally('byteDecode12');
  const f = new Int16Array(N);
  for (let k = 0; k < values.length; k++) {
    const input = pack(sweepPoly(values, k, f), 12);
    const off = offsetFor(k);
    t.record(decode12Case(input, off), () => `sweep ${k} off=${off}`);
  }
  for (let k = 0; k < 300; k++) {
    const input = Uint8Array.from({ length: 384 }, () => next() & 0xff);
    const off = randInt(next, 0, BYTES - 384);
    t.record(decode12Case(input, off), () => `random ${k} off=${off}`);
  }
  t.done();
});

test('isCanonical12: one value ≥ q at the first, middle or last positions of each 384-byte chunk, or none', () => {
  const next = rng(0x63616e6f);
  const t = new Tally('isCanonical12');
  for (const chunks of [1, 2, 3, 4]) {
    const len = 384 * chunks;
    const values = Array.from({ length: 256 * chunks }, () => randInt(next, 0, Q - 1));
    for (const off of [0, 1, 7, 16, 17, BYTES - len - 1]) {
      const check = (what: string, want: boolean): void => {
        const copy = wBytes.slice(off, off + len);
        const got = W.isCanonical12(wBytes, off, len);
        const ref = P.isCanonical12(copy, 0, len);
        const err = got !== want || ref !== want ? `got ${got}, portable ${ref}, expected ${want}` : undefined;
        t.record(err, () => `${chunks} chunks off=${off} ${what}`);
      };
      wBytes.fill(0xff); // 12-bit values 4095 around the range: must not be read
      wBytes.set(pack(values, 12), off);
      check('all below q', true);
      for (let c = 0; c < chunks; c++) {
        for (const pos of [0, 1, 2, 127, 128, 129, 253, 254, 255]) {
          const i = 256 * c + pos;
          for (const v of [Q, Q + 1, 4095, randInt(next, Q, 4095), Q - 1, 0]) {
            const saved = values[i]!;
            values[i] = v;
            wBytes.set(pack(values, 12), off);
            check(`value ${v} at chunk ${c} position ${pos}`, v < Q);
            values[i] = saved;
          }
        }
      }
    }
  }
  t.done();
});

test('isCanonical12: every 12-bit value at every position of a 32-value block, and lengths off the 48-byte step', () => {
  // 32 values (48 bytes) is the kernel's step: position mod 32 fixes the lane and the vector.
  const next = rng(0x626c6f63);
  const t = new Tally('isCanonical12 sweep');
  const values = Array.from({ length: 256 }, () => randInt(next, 0, Q - 1));
  const off = 3;
  wBytes.fill(0xff);
  wBytes.set(pack(values, 12), off);
  for (let v = 0; v < 4096; v++) {
    for (let pos = 0; pos < 32; pos++) {
      const i = 32 * (v % 8) + pos; // spread over the 8 blocks
      const group = i >> 1;
      const saved = values[i]!;
      values[i] = v;
      wBytes.set(pack(values.slice(2 * group, 2 * group + 2), 12), off + 3 * group);
      const got = W.isCanonical12(wBytes, off, 384);
      t.record(got !== v < Q ? `got ${got}` : undefined, () => `value ${v} at position ${i}`);
      values[i] = saved;
      wBytes.set(pack(values.slice(2 * group, 2 * group + 2), 12), off + 3 * group);
    }
  }
  // Lengths that are multiples of 3 but not of 48 (never used by ML-KEM) go through the scalar
  // tail: a bad value in the last group, just inside and just outside the range.
  for (const len of [0, 3, 6, 45, 48, 51, 93, 381, 384, 387]) {
    for (const badAt of [-1, len / 3 - 1, len / 3]) {
      const vals = Array.from({ length: (2 * (len + 3)) / 3 }, () => randInt(next, 0, Q - 1));
      if (badAt >= 0) vals[2 * badAt + 1] = Q;
      wBytes.set(pack(vals, 12), off);
      const got = W.isCanonical12(wBytes, off, len);
      const ref = P.isCanonical12(wBytes.slice(off, off + len), 0, len);
      const want = badAt < 0 || badAt >= len / 3;
      t.record(
        got !== want || ref !== want ? `got ${got}, portable ${ref}, expected ${want}` : undefined,
        () => `len=${len} bad group ${badAt}`,
      );
    }
  }
  t.done();
});

// ---- messageToPoly / polyToMessage ----

test('messageToPoly: every byte value at every byte position, and random messages = portable', () => {
  const next = rng(0x6d736732);
  const t = new Tally('messageToPoly');
  const run = (m: Uint8Array, off: number): void => {
    wBytes.fill(SENTINEL);
    wBytes.set(m, off);
    wPoly.fill(-1);
    W.messageToPoly(wPoly, wBytes, off);
    P.messageToPoly(pOut16, m, 0);
    const err = diffPoly(wPoly, pOut16) ?? (diffOutput(off, m) === undefined ? undefined : 'modified its input');
    t.record(err, () => `m=${Buffer.from(m).toString('hex')} off=${off}`);
  };
  for (let k = 0; k < 256; k++)
    run(
      Uint8Array.from({ length: 32 }, (_, i) => (k + i) & 0xff),
      offsetFor(k),
    );
  for (let k = 0; k < 300; k++)
    run(
      Uint8Array.from({ length: 32 }, () => next() & 0xff),
      randInt(next, 0, BYTES - 32),
    );
  t.done();
});

/** ByteEncode_1(Compress_1(f)) on both sides, wasm output at off; the first difference. */
function messageCase(f: Int16Array, off: number): string | undefined {
  wPoly.set(f);
  pPoly.set(f);
  wBytes.fill(SENTINEL);
  W.polyToMessage(wBytes, off, wPoly);
  const want = pBytes.subarray(0, 32);
  P.polyToMessage(want, 0, pPoly);
  return diffOutput(off, want) ?? (diffPoly(wPoly, f) === undefined ? undefined : 'modified its input');
}

test('polyToMessage: every |x| < q at every coefficient position, boundaries, random = portable', () => {
  const next = rng(0x70326d);
  const t = new Tally('polyToMessage');
  const f = new Int16Array(N);
  for (let k = 0; k < ALL_FIELD.length; k++) {
    sweepPoly(ALL_FIELD, k, f);
    const off = offsetFor(k);
    t.record(messageCase(f, off), () => `sweep ${k} off=${off} ${show(f)}`);
  }
  // Compress_1 flips at 832/833 and 2496/2497 (and their negatives).
  const edges = [0, 1, -1, 832, 833, 2496, 2497, -832, -833, -2496, -2497, 1664, 1665, -1664, -1665, Q - 1, -(Q - 1)];
  for (let k = 0; k < 400; k++) {
    for (let j = 0; j < N; j++)
      f[j] = k < 200 ? edges[randInt(next, 0, edges.length - 1)]! : randInt(next, -(Q - 1), Q - 1);
    const off = randInt(next, 0, BYTES - 32);
    t.record(messageCase(f, off), () => `case ${k} off=${off} ${show(f)}`);
  }
  t.done();
});

// ---- invalid d ----

test('compressEncode / decodeDecompress trap on d outside {4, 5, 10, 11}; the instance stays usable', () => {
  for (const d of [0, 1, 2, 3, 6, 9, 12, 16]) {
    assert.throws(() => W.compressEncode(wBytes, 0, wPoly, d), WebAssembly.RuntimeError, `compressEncode d=${d}`);
    assert.throws(() => W.decodeDecompress(wPoly, wBytes, 0, d), WebAssembly.RuntimeError, `decodeDecompress d=${d}`);
    assert.throws(() => P.compressEncode(pBytes, 0, pPoly, d), RangeError);
  }
  assertScratchClean('after the traps');
  const f = Int16Array.from({ length: N }, (_, j) => j * 13 - 1664);
  assert.equal(compressCase(f, 10, 3), undefined);
});

test('inputs and outputs that end where the memory ends: no kernel reads or writes past its bytes', () => {
  // Any access past the end traps, so this catches over-reads, which sentinels cannot.
  const end = wTail.length;
  assert.equal(wTail.byteOffset + end, ex.memory.buffer.byteLength);
  const next = rng(0x656e6421);
  const f = Int16Array.from({ length: N }, () => randInt(next, -(Q - 1), Q - 1));
  const t = new Tally('at the end of the memory');
  const sameBytes = (got: Uint8Array, want: Uint8Array): string | undefined =>
    Buffer.compare(got, want) === 0 ? undefined : 'differs from portable';
  for (const d of DS) {
    wPoly.set(f);
    W.compressEncode(wTail, end - 32 * d, wPoly, d);
    P.compressEncode(pBytes, 0, f, d);
    t.record(sameBytes(wTail.subarray(end - 32 * d), pBytes.subarray(0, 32 * d)), () => `compressEncode d=${d}`);
    const input = Uint8Array.from({ length: 32 * d }, () => next() & 0xff);
    wTail.set(input, end - 32 * d);
    W.decodeDecompress(wPoly, wTail, end - 32 * d, d);
    P.decodeDecompress(pOut16, input, 0, d);
    t.record(diffPoly(wPoly, pOut16), () => `decodeDecompress d=${d}`);
  }
  wPoly.set(f);
  W.byteEncode12(wTail, end - 384, wPoly);
  P.byteEncode12(pBytes, 0, f);
  t.record(sameBytes(wTail.subarray(end - 384), pBytes), () => 'byteEncode12');
  W.byteDecode12(wPoly, wTail, end - 384);
  P.byteDecode12(pOut16, pBytes, 0);
  t.record(diffPoly(wPoly, pOut16), () => 'byteDecode12');
  t.record(W.isCanonical12(wTail, end - 384, 384) ? undefined : 'rejected a canonical encoding', () => 'isCanonical12');
  const values = Array.from({ length: 1024 }, () => randInt(next, 0, Q - 1));
  wTail.set(pack(values, 12), end - 1536);
  t.record(
    W.isCanonical12(wTail, end - 1536, 1536) ? undefined : 'rejected a canonical encoding',
    () => 'isCanonical12 1536',
  );
  wPoly.set(f);
  W.polyToMessage(wTail, end - 32, wPoly);
  P.polyToMessage(pBytes, 0, f);
  t.record(sameBytes(wTail.subarray(end - 32), pBytes.subarray(0, 32)), () => 'polyToMessage');
  W.messageToPoly(wPoly, wTail, end - 32);
  P.messageToPoly(pOut16, pBytes, 0);
  t.record(diffPoly(wPoly, pOut16), () => 'messageToPoly');
  t.done();
});
