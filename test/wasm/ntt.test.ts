// Kernel-by-kernel tests of the WebAssembly NTT and NTT-domain arithmetic (assembly/ntt.ts)
// against their portable twins (src/portable/ntt.ts), on random inputs over each kernel's
// documented input range and on its extremes. Where the documented output is the centered
// residue (ntt, polyAddReduce, polySubReduce) the two must be equal; elsewhere (invNtt,
// nttMultiplyAccumulate, polyToMont) congruent mod q and within the documented range.
// "Exhaustive" tests cover every int16 input.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { portableKernels as P } from '../../src/portable/index.js';
import { barrettReduce } from '../../src/portable/ntt.js';
import { Q, modq, randInt, rng } from '../support/helpers.js';
import { freshWasm } from '../support/wasm-harness.js';

const HALF = (Q - 1) >> 1;
const ROUNDS = 300;
const next = rng(0x5eed);
const { kernels: W, assertScratchClean } = freshWasm();
const wa = W.alloc16(256 * 4);
const wb = W.alloc16(256 * 4);
const wOut = W.alloc16(256);
const pa = new Int16Array(256 * 4);
const pb = new Int16Array(256 * 4);
const pOut = new Int16Array(256);

function fill(dst: Int16Array, n: number, lo: number, hi: number): void {
  for (let i = 0; i < n; i++) dst[i] = randInt(next, lo, hi);
}

function assertCongruent(got: Int16Array, want: Int16Array, bound: number, what: string): void {
  for (let i = 0; i < want.length; i++) {
    if (Math.abs(got[i]!) >= bound)
      assert.fail(`${what}: coefficient ${i} = ${got[i]} not below ${bound} in absolute value`);
    if (modq(got[i]!) !== modq(want[i]!)) assert.fail(`${what}: coefficient ${i}: ${got[i]} ≢ ${want[i]} (mod q)`);
  }
}

/** Input patterns: random within [lo, hi], and the constant extremes. */
function* patterns(n: number, lo: number, hi: number): Generator<string> {
  for (const v of [lo, hi, 0]) {
    pa.fill(v, 0, n);
    yield `all ${v}`;
  }
  for (let r = 0; r < ROUNDS; r++) {
    fill(pa, n, lo, hi);
    yield `random #${r}`;
  }
}

test('wasm ntt equals the portable ntt (centered output), inputs |x| < q', () => {
  const f = wa.subarray(0, 256);
  for (const what of patterns(256, -(Q - 1), Q - 1)) {
    f.set(pa.subarray(0, 256));
    P.ntt(pa.subarray(0, 256));
    W.ntt(f);
    assert.deepEqual(f, pa.subarray(0, 256), what);
  }
  assertScratchClean('ntt');
});

test('wasm invNtt is congruent to the portable invNtt, |out| < q, inputs |x| < q', () => {
  const f = wa.subarray(0, 256);
  for (const what of patterns(256, -(Q - 1), Q - 1)) {
    f.set(pa.subarray(0, 256));
    P.invNtt(pa.subarray(0, 256));
    W.invNtt(f);
    assertCongruent(f, pa.subarray(0, 256), Q, what);
  }
  assertScratchClean('invNtt');
});

test('wasm invNtt inverts wasm ntt (up to the factor R, cancelled by the Montgomery product)', () => {
  const f = wa.subarray(0, 256);
  for (let r = 0; r < ROUNDS; r++) {
    fill(pa, 256, -(Q - 1), Q - 1);
    f.set(pa.subarray(0, 256));
    W.ntt(f);
    W.invNtt(f); // = R·f
    for (let i = 0; i < 256; i++) assert.equal(modq(f[i]!), modq(pa[i]! * 2285), `coefficient ${i}`);
  }
});

test('wasm nttMultiplyAccumulate is congruent to the portable one for k = 1..4, |out| < q', () => {
  for (let k = 1; k <= 4; k++) {
    const n = 256 * k;
    const extremes: Array<[number, number]> = [
      [Q, Q],
      [-Q, Q],
      [Q, -Q],
      [-Q, -Q],
      [Q - 1, 0],
    ];
    for (let r = 0; r < ROUNDS + extremes.length; r++) {
      const ext = extremes[r - ROUNDS];
      if (ext) {
        pa.fill(ext[0], 0, n);
        pb.fill(ext[1], 0, n);
      } else {
        fill(pa, n, -Q, Q);
        fill(pb, n, -Q, Q);
      }
      wa.set(pa.subarray(0, n));
      wb.set(pb.subarray(0, n));
      P.nttMultiplyAccumulate(pOut, pa, pb, k);
      W.nttMultiplyAccumulate(wOut, wa, wb, k);
      assertCongruent(wOut, pOut, Q, `k = ${k}, ${ext ? `constants ${ext}` : `random #${r}`}`);
    }
  }
  assertScratchClean('nttMultiplyAccumulate');
});

test('wasm polyAddReduce / polySubReduce equal the portable ones, inputs |x| < 2^14', () => {
  const f = wa.subarray(0, 256),
    g = wb.subarray(0, 256);
  for (let r = 0; r < ROUNDS; r++) {
    fill(pa, 512, -(2 ** 14 - 1), 2 ** 14 - 1);
    for (const op of ['polyAddReduce', 'polySubReduce'] as const) {
      const pf = pa.slice(0, 256),
        pg = pa.subarray(256, 512);
      f.set(pf);
      g.set(pg);
      P[op](pf, pg);
      W[op](f, g);
      assert.deepEqual(f, pf, `${op} random #${r}`);
    }
  }
  assertScratchClean('polyAddReduce');
});

test('exhaustive: wasm centered reduction of every int16 equals barrettReduce, |r| ≤ (q-1)/2', () => {
  // polyAddReduce(f, 0) reduces f: 256 calls cover all 65536 int16 values.
  const f = wa.subarray(0, 256),
    zero = wb.subarray(0, 256);
  zero.fill(0);
  for (let base = -32768; base < 32768; base += 256) {
    for (let i = 0; i < 256; i++) f[i] = base + i;
    W.polyAddReduce(f, zero);
    for (let i = 0; i < 256; i++) {
      const x = base + i;
      if (f[i] !== barrettReduce(x) || Math.abs(f[i]!) > HALF)
        assert.fail(`reduce(${x}) = ${f[i]}, want ${barrettReduce(x)}`);
    }
  }
});

test('exhaustive: wasm polyToMont on every int16 gives x·R mod q with |r| < q', () => {
  const f = wa.subarray(0, 256);
  for (let base = -32768; base < 32768; base += 256) {
    for (let i = 0; i < 256; i++) f[i] = base + i;
    W.polyToMont(f);
    for (let i = 0; i < 256; i++) {
      const x = base + i;
      if (Math.abs(f[i]!) >= Q || modq(f[i]!) !== modq(x * 2285)) assert.fail(`toMont(${x}) = ${f[i]}`);
    }
  }
  assertScratchClean('polyToMont');
});

test('random: a chain ntt → multiply → invNtt matches portable mod q', () => {
  for (let r = 0; r < 50; r++) {
    fill(pa, 512, -HALF, HALF);
    const ps = pa.slice(0, 256),
      pt = pa.slice(256, 512);
    const ws = wa.subarray(0, 256),
      wt = wb.subarray(0, 256);
    ws.set(ps);
    wt.set(pt);
    for (const [K, s, t, out] of [
      [P, ps, pt, pOut],
      [W, ws, wt, wOut],
    ] as const) {
      K.ntt(s);
      K.ntt(t);
      K.nttMultiplyAccumulate(out, s, t, 1);
      K.invNtt(out);
    }
    assertCongruent(wOut, pOut, Q, `chain #${r}`);
  }
});
