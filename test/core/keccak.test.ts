// Tests of the FIPS 202 Keccak sponge in src/sha3.ts against @noble/hashes and
// node:crypto (OpenSSL), on every input length up to three blocks and beyond, and on random
// absorb splits and squeeze patterns.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import * as noble from '@noble/hashes/sha3.js';

import { splice } from '../../scripts/gen-keccak.js';
import { interleaveLanes, keccakF1600, sha3_256, sha3_512, shake256, Sponge } from '../../src/sha3.js';

/** mulberry32: a small seeded generator, so that failures reproduce. */
function rng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const next = rng(0x5eed);
const randInt = (n: number): number => next() % n;
const randBytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => next() & 0xff);
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function nodeHash(alg: string, data: Uint8Array, outputLength?: number): Uint8Array {
  const h = outputLength === undefined ? createHash(alg) : createHash(alg, { outputLength });
  return new Uint8Array(h.update(data).digest());
}

/** SHAKE128(a ‖ b) into out on a Sponge of SampleNTT's rate (src/ has no one-shot SHAKE128: SampleNTT squeezes its own). */
function shake128(out: Uint8Array, a: Uint8Array, b?: Uint8Array): void {
  const sponge = new Sponge().init(168, 0x1f).absorb(a);
  if (b !== undefined) sponge.absorb(b);
  sponge.squeeze(out);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

interface Fn {
  name: string;
  rate: number;
  suffix: number;
  /** Ours, on a ‖ b (b absent when undefined), into an output of outLen bytes. */
  ours: (outLen: number, a: Uint8Array, b?: Uint8Array) => Uint8Array;
  noble: (data: Uint8Array, outLen: number) => Uint8Array;
  node: (data: Uint8Array, outLen: number) => Uint8Array;
  /** Fixed digest length, or undefined for an XOF. */
  fixed?: number;
}

const fns: Fn[] = [
  {
    name: 'SHA3-256',
    rate: 136,
    suffix: 0x06,
    fixed: 32,
    ours: (n, a, b) => {
      const out = new Uint8Array(n);
      sha3_256(out, b === undefined ? a : concat(a, b));
      return out;
    },
    noble: (d) => noble.sha3_256(d),
    node: (d) => nodeHash('sha3-256', d),
  },
  {
    name: 'SHA3-512',
    rate: 72,
    suffix: 0x06,
    fixed: 64,
    ours: (n, a, b) => {
      const out = new Uint8Array(n);
      sha3_512(out, a, b);
      return out;
    },
    noble: (d) => noble.sha3_512(d),
    node: (d) => nodeHash('sha3-512', d),
  },
  {
    name: 'SHAKE128',
    rate: 168,
    suffix: 0x1f,
    ours: (n, a, b) => {
      const out = new Uint8Array(n);
      shake128(out, a, b);
      return out;
    },
    noble: (d, n) => noble.shake128(d, { dkLen: n }),
    node: (d, n) => nodeHash('shake128', d, n),
  },
  {
    name: 'SHAKE256',
    rate: 136,
    suffix: 0x1f,
    ours: (n, a, b) => {
      const out = new Uint8Array(n);
      shake256(out, a, b);
      return out;
    },
    noble: (d, n) => noble.shake256(d, { dkLen: n }),
    node: (d, n) => nodeHash('shake256', d, n),
  },
];

/** The private fields of a Sponge, for the wipe test. */
const internals = (s: Sponge): { state: Int32Array; buf: Uint8Array } =>
  s as unknown as { state: Int32Array; buf: Uint8Array };

describe('keccakF1600', () => {
  // Lane i of a plain state (noble's layout: lo, hi words) to its even / odd interleaved words, bit
  // by bit: deliberately unlike the Hacker's Delight code under test.
  function interleave(plain: Uint32Array): Int32Array {
    const s = new Int32Array(50);
    for (let i = 0; i < 25; i++) {
      for (let bit = 0; bit < 64; bit++) {
        const v = (plain[2 * i + (bit >> 5)]! >>> (bit & 31)) & 1;
        s[2 * i + (bit & 1)]! |= v << (bit >> 1);
      }
    }
    return s;
  }

  test('matches @noble/hashes keccakP on random states', () => {
    for (let t = 0; t < 64; t++) {
      const plain = new Uint32Array(50).map(() => next());
      const ours = interleave(plain);
      keccakF1600(ours);
      noble.keccakP(plain);
      assert.deepEqual(ours, interleave(plain));
    }
  });

  test('all-zero state: first lane is 0xF1258F7940E1DDE7 (Keccak team test vector)', () => {
    const plain = new Uint32Array(50);
    const ours = new Int32Array(50);
    keccakF1600(ours);
    plain[0] = 0x40e1dde7;
    plain[1] = 0xf1258f79;
    const expected = interleave(plain);
    assert.equal(ours[0], expected[0]);
    assert.equal(ours[1], expected[1]);
  });
});

describe('known answers for the empty string', () => {
  test('SHA3-256, SHA3-512, SHAKE128 (256 bits), SHAKE256 (512 bits)', () => {
    const empty = new Uint8Array(0);
    const h256 = new Uint8Array(32);
    sha3_256(h256, empty);
    assert.equal(hex(h256), 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a');
    const h512 = new Uint8Array(64);
    sha3_512(h512, empty);
    assert.equal(
      hex(h512),
      'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6' +
        '15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26',
    );
    const s128 = new Uint8Array(32);
    shake128(s128, empty);
    assert.equal(hex(s128), '7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26');
    const s256 = new Uint8Array(64);
    shake256(s256, empty);
    assert.equal(
      hex(s256),
      '46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f' +
        'd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be',
    );
  });
});

describe('one-shot functions against @noble/hashes and node:crypto', () => {
  for (const fn of fns) {
    test(`${fn.name}: every input length 0 .. 3·rate + 1`, () => {
      for (let len = 0; len <= 3 * fn.rate + 1; len++) {
        const data = randBytes(len);
        const copy = data.slice();
        // XOF output lengths cycle through short, block-sized and multi-block outputs.
        const outLen = fn.fixed ?? [0, 1, 32, fn.rate - 1, fn.rate, fn.rate + 1, 3 * fn.rate + 5][len % 7]!;
        const expected = fn.node(data, outLen);
        assert.equal(hex(fn.noble(data, outLen)), hex(expected), `noble vs node, length ${len}`);
        assert.equal(hex(fn.ours(outLen, data)), hex(expected), `length ${len}`);
        assert.deepEqual(data, copy, 'input modified');
        if (fn.name !== 'SHA3-256') {
          const cut = randInt(len + 1);
          const a = data.subarray(0, cut);
          const b = data.subarray(cut);
          assert.equal(hex(fn.ours(outLen, a, b)), hex(expected), `length ${len} split at ${cut}`);
          assert.deepEqual(data, copy, 'input modified');
        }
      }
    });
  }

  test('outputs longer than requested are left alone past the digest', () => {
    const out = new Uint8Array(40).fill(0xaa);
    sha3_256(out, new Uint8Array(3));
    assert.deepEqual(out.subarray(32), new Uint8Array(8).fill(0xaa));
  });
});

describe('Sponge', () => {
  test('random absorb splits and squeeze patterns match single-shot output', () => {
    const sponge = new Sponge();
    for (let t = 0; t < 300; t++) {
      const fn = fns[t % fns.length]!;
      const data = randBytes(randInt(4 * fn.rate + 3));
      // A larger array around the input, to exercise off / len.
      const pre = randInt(9);
      const holder = concat(concat(randBytes(pre), data), randBytes(randInt(9)));
      const holderCopy = holder.slice();
      sponge.init(fn.rate, fn.suffix);
      let at = 0;
      while (at < data.length) {
        // Zero-length absorbs, single bytes, and chunks around the rate.
        const pick = randInt(6);
        const n = Math.min(
          data.length - at,
          [0, 1, randInt(fn.rate), fn.rate, fn.rate + randInt(3), randInt(3 * fn.rate)][pick]!,
        );
        sponge.absorb(holder, pre + at, n);
        at += n;
      }
      sponge.absorb(holder, holder.length, 0);
      assert.deepEqual(holder, holderCopy, 'input modified');

      const total = fn.fixed ?? randInt(5 * fn.rate + 2);
      const expected = fn.node(data, total);
      const out = new Uint8Array(total + 16).fill(0x55);
      const base = randInt(9);
      let done = 0;
      while (done < total) {
        const pick = randInt(6);
        const n = Math.min(
          total - done,
          [0, 1, randInt(17), fn.rate, fn.rate - (done % fn.rate), randInt(3 * fn.rate)][pick]!,
        );
        sponge.squeeze(out, base + done, n);
        done += n;
      }
      sponge.squeeze(out, base + done, 0);
      assert.equal(hex(out.subarray(base, base + total)), hex(expected.subarray(0, total)), `${fn.name} trial ${t}`);
      assert.ok(
        out.subarray(0, base).every((v) => v === 0x55),
        'wrote before off',
      );
      assert.ok(
        out.subarray(base + total).every((v) => v === 0x55),
        'wrote past off + len',
      );
    }
  });

  test('squeezing whole blocks continues the stream', () => {
    const seed = randBytes(34);
    const sponge = new Sponge().init(168, 0x1f).absorb(seed);
    const blocks = new Uint8Array(168 * 6);
    for (let i = 0; i < 6; i++) sponge.squeeze(blocks, 168 * i, 168);
    assert.equal(hex(blocks), hex(nodeHash('shake128', seed, 168 * 6)));
  });

  test('squeezeWords gives the byte stream as little-endian words, across blocks', () => {
    const sponge = new Sponge();
    for (const [rate, count] of [
      [168, 42],
      [168, 126],
      [136, 32],
      [136, 48],
      [136, 35],
    ] as const) {
      const input = randBytes(rate + 7);
      const want = createHash(rate === 168 ? 'shake128' : 'shake256', { outputLength: 4 * count })
        .update(input)
        .digest();
      const words = new Int32Array(count + 2);
      sponge.init(rate, 0x1f).absorb(input);
      sponge.squeezeWords(words, 1, count);
      for (let i = 0; i < count; i++) assert.equal(words[1 + i], want.readInt32LE(4 * i), `rate ${rate}, word ${i}`);
      assert.equal(words[0], 0, 'nothing written before off');
      assert.equal(words[count + 1], 0, 'nothing written past count');
    }
    // A later byte squeeze continues at the next block; a squeeze mid-block cannot read words.
    const stream = createHash('shake128', { outputLength: 3 * 168 })
      .update(Uint8Array.of(1))
      .digest();
    const out = new Uint8Array(168);
    sponge.init(168, 0x1f).absorb(Uint8Array.of(1));
    sponge.squeezeWords(new Int32Array(5), 0, 5);
    sponge.squeeze(out, 0, 168);
    assert.deepEqual(out, new Uint8Array(stream.subarray(168, 336)));
    sponge.squeeze(out, 0, 1);
    assert.throws(() => sponge.squeezeWords(new Int32Array(1), 0, 1), /block boundary/);
  });

  test('initWithLanes equals init then absorbing the same bytes, across the first block boundary', () => {
    const sponge = new Sponge();
    const lanesOut = new Int32Array(2 * 20);
    for (const rate of [168, 136, 72]) {
      for (const lanes of [1, 4, rate / 8 - 1]) {
        for (const more of [0, 1, 2, 7, rate - 8 * lanes, rate - 8 * lanes + 5, 2 * rate + 3]) {
          const prefix = randBytes(8 * lanes);
          const rest = randBytes(more);
          interleaveLanes(lanesOut, prefix, 0, lanes);
          sponge.initWithLanes(rate, 0x1f, lanesOut.subarray(0, 2 * lanes)).absorb(rest);
          const got = new Uint8Array(rate + 9);
          sponge.squeeze(got);
          const want = new Uint8Array(rate + 9);
          sponge.init(rate, 0x1f).absorb(prefix).absorb(rest);
          sponge.squeeze(want);
          assert.equal(hex(got), hex(want), `rate ${rate}, ${lanes} lanes, ${more} more bytes`);
        }
      }
    }
    assert.throws(() => sponge.initWithLanes(136, 0x1f, new Int32Array(3)), RangeError);
    assert.throws(() => sponge.initWithLanes(136, 0x1f, new Int32Array(34)), RangeError);
  });

  test('is reusable: init resets, across rates and suffixes', () => {
    const sponge = new Sponge();
    for (const fn of [...fns, ...fns]) {
      const data = randBytes(randInt(300));
      const n = fn.fixed ?? 100;
      const out = new Uint8Array(n);
      sponge.init(fn.rate, fn.suffix).absorb(data).squeeze(out);
      assert.equal(hex(out), hex(fn.node(data, n).subarray(0, n)), fn.name);
    }
  });

  test('wipe() zeroes the state and buffers', () => {
    const sponge = new Sponge().init(136, 0x1f).absorb(randBytes(200));
    sponge.squeeze(new Uint8Array(50));
    const { state, buf } = internals(sponge);
    assert.ok(state.some((v) => v !== 0) && buf.some((v) => v !== 0), 'test needs nonzero internals');
    sponge.wipe();
    assert.ok(
      state.every((v) => v === 0),
      'state not zeroed',
    );
    assert.ok(
      buf.every((v) => v === 0),
      'buffer not zeroed',
    );
    assert.throws(() => sponge.absorb(new Uint8Array(1)), /init/);
    assert.throws(() => sponge.squeeze(new Uint8Array(1)), /init/);
  });

  test('rejects bad arguments', () => {
    const sponge = new Sponge();
    for (const rate of [0, 4, 7, 200, 208, -8, 1.5, Number.NaN]) {
      assert.throws(() => sponge.init(rate, 0x06), RangeError, `rate ${rate}`);
    }
    for (const suffix of [0, 256, -1, 0.5]) assert.throws(() => sponge.init(136, suffix), RangeError);
    sponge.init(136, 0x06);
    const data = new Uint8Array(10);
    assert.throws(() => sponge.absorb(data, 11), RangeError);
    assert.throws(() => sponge.absorb(data, 5, 6), RangeError);
    assert.throws(() => sponge.absorb(data, -1, 2), RangeError);
    assert.throws(() => sponge.absorb(data, 0.5, 2), RangeError);
    assert.throws(() => sponge.squeeze(new Uint8Array(4), 2, 3), RangeError);
    sponge.squeeze(new Uint8Array(4));
    assert.throws(() => sponge.absorb(data), /absorb after squeez/);
    assert.throws(() => sha3_256(new Uint8Array(31), data), RangeError);
    assert.throws(() => sha3_512(new Uint8Array(63), data), RangeError);
  });
});

test('src/sha3.ts matches scripts/gen-keccak.ts', () => {
  const path = new URL('../../src/sha3.ts', import.meta.url);
  const source = readFileSync(path, 'utf8');
  assert.ok(source === splice(source), 'generated block is stale: run node --import tsx scripts/gen-keccak.ts');
});
