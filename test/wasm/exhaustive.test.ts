// Exhaustive checks of the WebAssembly field arithmetic, standing in for proofs: the SIMD
// helpers of assembly/ntt.ts over their whole finite input domains, checked lane by lane with
// scalar arithmetic inside a test-only module (test/wasm/assembly/exhaustive.ts, compiled here with
// the same asc options as the real module). Covered:
//   - mulConst (the multiplication by a constant of every NTT, inverse NTT, base-case γ and
//     scaling step) for every int16 input × every constant the tables hold;
//   - Barrett and centered reduction for every int16;
//   - Montgomery reduction of int32 lanes for every |x| < q·2^15 (2.2·10^8 values), a superset
//     of what nttMultiplyAccumulate feeds it (|x| ≤ 8q²).
// The encodings' exhaustive checks are in test/wasm/encode.test.ts, the portable ones in
// test/core/field.test.ts.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { modq } from '../support/helpers.js';
import { compileTestModule } from '../support/wasm-harness.js';

const Q = 3329;

interface Exhaustive {
  checkMulConst(z: number, zq: number): number;
  zeta(i: number): number;
  zetaQ(i: number): number;
  gamma(j: number): number;
  gammaQ(j: number): number;
  laneTable(inverse: number, m: number, half: number, zq: number, l: number): number;
  q15Of(z: number): number;
  checkBarrett(): number;
  checkMontgomery(from: number, count: number, last: number): number;
  checkedCount(): number;
}
let ex: Exhaustive;

before(() => {
  ex = compileTestModule<Exhaustive>('exhaustive');
});

function bitRev7(i: number): number {
  let r = 0;
  for (let b = 0; b < 7; b++) r |= ((i >> b) & 1) << (6 - b);
  return r;
}
const pow17 = (e: number) => {
  let r = 1;
  for (let i = 0; i < e; i++) r = (r * 17) % Q;
  return r;
};

test('exhaustive: the twiddle tables hold ζ^BitRev7(i) and γ = ζ^(2·BitRev7(i)+1), with q15 partners', () => {
  for (let i = 0; i < 128; i++) {
    assert.equal(modq(ex.zeta(i)), pow17(bitRev7(i)), `ZETA[${i}]`);
    assert.equal(ex.zetaQ(i), Math.round((ex.zeta(i) * 32768) / Q), `ZETA_Q[${i}]`);
  }
  for (let j = 0; j < 256; j++) {
    assert.equal(modq(ex.gamma(j)), pow17(2 * bitRev7(j >> 1) + 1), `GAMMA[${j}]`);
    assert.equal(ex.gammaQ(j), Math.round((ex.gamma(j) * 32768) / Q), `GAMMA_Q[${j}]`);
  }
  // Every lane of the inner-layer tables is one of the ZETA entries, with its partner.
  const pairs = new Set(Array.from({ length: 128 }, (_, i) => `${ex.zeta(i)},${ex.zetaQ(i)}`));
  for (const inverse of [0, 1]) {
    for (let m = 0; m < 16; m++) {
      for (const half of [0, 1]) {
        for (let l = 0; l < 8; l++) {
          const pair = `${ex.laneTable(inverse, m, half, 0, l)},${ex.laneTable(inverse, m, half, 1, l)}`;
          assert.ok(pairs.has(pair), `lane table ${inverse} ${m} ${half} lane ${l}: ${pair}`);
        }
      }
    }
  }
});

test('exhaustive: mulConst for every int16 × every constant used (128 ζ, 128 γ, R, 512, 512·ζ)', () => {
  const constants = new Map<string, [number, number]>();
  for (let i = 0; i < 128; i++) constants.set(`ζ[${i}]`, [ex.zeta(i), ex.zetaQ(i)]);
  for (let j = 0; j < 256; j += 2) constants.set(`γ[${j >> 1}]`, [ex.gamma(j), ex.gammaQ(j)]);
  for (const z of [-1044, 512, -266]) constants.set(`${z}`, [z, ex.q15Of(z)]);
  const before = ex.checkedCount();
  for (const [name, [z, zq]] of constants) assert.equal(ex.checkMulConst(z, zq), 0, `mulConst by ${name} = ${z}`);
  assert.equal(ex.checkedCount() - before, constants.size * 65536, 'values checked');
});

test('exhaustive: Barrett and centered reduction for every int16', () => {
  const before = ex.checkedCount();
  assert.equal(ex.checkBarrett(), 0);
  assert.equal(ex.checkedCount() - before, 2 * 65536, 'values checked');
});

test('exhaustive: Montgomery reduction of int32 lanes for every |x| < q·2^15', () => {
  const lo = -Q * 2 ** 15 + 1,
    hi = Q * 2 ** 15 - 1; // inclusive
  const before = ex.checkedCount();
  const chunk = 1 << 20; // vectors of 4 values per call
  for (let from = lo; from <= hi; from += 4 * chunk) {
    const count = Math.min(chunk, Math.ceil((hi - from + 1) / 4));
    assert.equal(ex.checkMontgomery(from, count, hi), 0, `values from ${from}`);
  }
  assert.equal(ex.checkedCount() - before, hi - lo + 1, 'values checked');
});
