// Tests of src/portable/ntt.ts against a straightforward reference of FIPS 203, Algorithms 9
// (NTT), 10 (NTT^-1), 11 (MultiplyNTTs) and 12 (BaseCaseMultiply), written here in plain modular
// arithmetic on canonical values in [0, q), and against the negacyclic schoolbook product in
// Z_q[X]/(X^256 + 1). Inputs include the extremes of each function's documented range.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  invNtt,
  ntt,
  nttMultiplyAccumulate,
  polyAddReduce,
  polySubReduce,
  polyToMont,
} from '../../src/portable/ntt.js';
import { Q, modq, randInt, rng } from '../support/helpers.js';

const N = 256;
const R = 65536;
const HALF = (Q - 1) >> 1; // 1664
const RINV = 169; // 2^-16 mod q (checked below)

// ---- Reference (FIPS 203, §4.3), canonical arithmetic mod q ----

function refBitRev7(i: number): number {
  let r = 0;
  for (let b = 0; b < 7; b++) if (i & (1 << b)) r |= 1 << (6 - b);
  return r;
}
/** 17^e mod q for 0 ≤ e < 256. */
const POW17: number[] = (() => {
  const p = [1];
  for (let e = 1; e < 256; e++) p.push((p[e - 1]! * 17) % Q);
  return p;
})();

/** Algorithm 9. */
function refNtt(f: ArrayLike<number>): number[] {
  const F = Array.from(f, modq);
  let i = 1;
  for (let len = 128; len >= 2; len >>= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const zeta = POW17[refBitRev7(i)]!;
      i++;
      for (let j = start; j < start + len; j++) {
        const t = (zeta * F[j + len]!) % Q;
        F[j + len] = modq(F[j]! - t);
        F[j] = (F[j]! + t) % Q;
      }
    }
  }
  return F;
}

/** Algorithm 10. */
function refInvNtt(fHat: ArrayLike<number>): number[] {
  const f = Array.from(fHat, modq);
  let i = 127;
  for (let len = 2; len <= 128; len <<= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const zeta = POW17[refBitRev7(i)]!;
      i--;
      for (let j = start; j < start + len; j++) {
        const t = f[j]!;
        f[j] = (t + f[j + len]!) % Q;
        f[j + len] = (zeta * modq(f[j + len]! - t)) % Q;
      }
    }
  }
  return f.map((x) => (x * 3303) % Q);
}

/** Algorithm 12. */
function refBaseCaseMultiply(a0: number, a1: number, b0: number, b1: number, gamma: number): [number, number] {
  const c0 = (a0 * b0 + ((a1 * b1) % Q) * gamma) % Q;
  const c1 = (a0 * b1 + a1 * b0) % Q;
  return [c0, c1];
}

/** Algorithm 11. */
function refMultiplyNtts(fHat: ArrayLike<number>, gHat: ArrayLike<number>): number[] {
  const f = Array.from(fHat, modq);
  const g = Array.from(gHat, modq);
  const h = new Array<number>(N);
  for (let i = 0; i < 128; i++) {
    const [c0, c1] = refBaseCaseMultiply(
      f[2 * i]!,
      f[2 * i + 1]!,
      g[2 * i]!,
      g[2 * i + 1]!,
      POW17[2 * refBitRev7(i) + 1]!,
    );
    h[2 * i] = c0;
    h[2 * i + 1] = c1;
  }
  return h;
}

/** Negacyclic schoolbook product in Z_q[X]/(X^256 + 1). */
function schoolbook(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const A = Array.from(a, modq);
  const B = Array.from(b, modq);
  const c = new Array<number>(N).fill(0);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      const p = (A[i]! * B[j]!) % Q;
      const k = i + j;
      if (k < N) c[k] = (c[k]! + p) % Q;
      else c[k - N] = modq(c[k - N]! - p);
    }
  }
  return c;
}

// ---- Inputs ----

/** Polynomials with |f[j]| < q: random ones plus the boundary cases. */
function nttInputs(count: number, seed: number): Int16Array[] {
  const next = rng(seed);
  const out: Int16Array[] = [];
  const fill = (fn: (j: number) => number) => out.push(Int16Array.from({ length: N }, (_, j) => fn(j)));
  fill(() => Q - 1);
  fill(() => -(Q - 1));
  fill(() => 0);
  fill((j) => (j & 1 ? -(Q - 1) : Q - 1));
  fill((j) => (j & 1 ? Q - 1 : -(Q - 1)));
  fill((j) => (j & 1 ? 0 : Q - 1));
  fill((j) => (j & 1 ? Q - 1 : 0));
  fill((j) => (j === 0 ? 1 : 0));
  fill((j) => (j === 255 ? -(Q - 1) : 0));
  for (let i = 0; i < 40; i++) fill(() => (next() & 1 ? Q - 1 : -(Q - 1))); // random signs at the bound
  while (out.length < count) fill(() => randInt(next, -(Q - 1), Q - 1));
  return out;
}

/** Compares got (mod q) with a canonical reference, returns a description of the first mismatch. */
function diffModQ(got: ArrayLike<number>, want: ArrayLike<number>): string | undefined {
  for (let j = 0; j < N; j++) if (modq(got[j]!) !== want[j]) return `index ${j}: got ${got[j]} ≢ ${want[j]}`;
  return undefined;
}

/** Index and value of the first coefficient outside [lo, hi]. */
function outOfRange(f: ArrayLike<number>, lo: number, hi: number): string | undefined {
  for (let j = 0; j < f.length; j++) if (f[j]! < lo || f[j]! > hi) return `index ${j}: ${f[j]} not in [${lo}, ${hi}]`;
  return undefined;
}

test('reference self-checks: R^-1, the reference NTT matches the schoolbook product', () => {
  assert.equal((R * RINV) % Q, 1);
  assert.equal((128 * 3303) % Q, 1);
  const next = rng(7);
  for (let t = 0; t < 4; t++) {
    const a = Array.from({ length: N }, () => randInt(next, 0, Q - 1));
    const b = Array.from({ length: N }, () => randInt(next, 0, Q - 1));
    assert.deepEqual(refInvNtt(refNtt(a)), a, 'reference NTT^-1(NTT(a)) ≠ a');
    assert.deepEqual(
      refMultiplyNtts(refNtt(a), refNtt(b)),
      refNtt(schoolbook(a, b)),
      'reference NTT is not multiplicative',
    );
  }
});

test('ntt matches Algorithm 9 (random and boundary inputs, |f| < q); output |x| ≤ (q-1)/2', () => {
  let bad = 0;
  let first = '';
  const inputs = nttInputs(400, 1);
  for (let t = 0; t < inputs.length; t++) {
    const f = inputs[t]!;
    const g = f.slice();
    ntt(g);
    const err = diffModQ(g, refNtt(f)) ?? outOfRange(g, -HALF, HALF);
    if (err !== undefined && bad++ === 0) first = `input #${t} [${f.slice(0, 4).join(', ')}, ...]: ${err}`;
  }
  assert.equal(bad, 0, `ntt wrong on ${bad} of ${inputs.length} inputs; first ${first}`);
});

test('invNtt matches Algorithm 10 times R (random and boundary inputs, |f| < q); output |x| < q', () => {
  let bad = 0;
  let first = '';
  const inputs = nttInputs(400, 2);
  for (let t = 0; t < inputs.length; t++) {
    const f = inputs[t]!;
    const g = f.slice();
    invNtt(g);
    const want = refInvNtt(f).map((x) => (x * (R % Q)) % Q);
    const err = diffModQ(g, want) ?? outOfRange(g, -(Q - 1), Q - 1);
    if (err !== undefined && bad++ === 0) first = `input #${t} [${f.slice(0, 4).join(', ')}, ...]: ${err}`;
  }
  assert.equal(bad, 0, `invNtt wrong on ${bad} of ${inputs.length} inputs; first ${first}`);
});

test('invNtt(ntt(f))·R^-1 ≡ f', () => {
  let bad = 0;
  let first = '';
  const inputs = nttInputs(300, 3);
  for (let t = 0; t < inputs.length; t++) {
    const f = inputs[t]!;
    const g = f.slice();
    ntt(g);
    invNtt(g);
    const back = Array.from(g, (x) => modq(x * RINV));
    const err = diffModQ(back, Array.from(f, modq));
    if (err !== undefined && bad++ === 0) first = `input #${t}: ${err}`;
  }
  assert.equal(bad, 0, `invNtt(ntt(f)) ≠ R·f on ${bad} inputs; first ${first}`);
});

/** Reference R^-1·Σ_i MultiplyNTTs(a_i, b_i), canonical. */
function refMulAcc(a: Int16Array, b: Int16Array, k: number): number[] {
  const acc = new Array<number>(N).fill(0);
  for (let i = 0; i < k; i++) {
    const h = refMultiplyNtts(a.subarray(N * i, N * (i + 1)), b.subarray(N * i, N * (i + 1)));
    for (let j = 0; j < N; j++) acc[j] = (acc[j]! + h[j]!) % Q;
  }
  return acc.map((x) => (x * RINV) % Q);
}

test('nttMultiplyAccumulate k = 1..4 matches R^-1·Σ MultiplyNTTs (Alg 11, 12), incl. all ±q; output |x| < q', () => {
  const next = rng(4);
  let bad = 0;
  let cases = 0;
  let first = '';
  for (let k = 1; k <= 4; k++) {
    const pairs: [Int16Array, Int16Array][] = [];
    const poly = (fn: (j: number) => number) => Int16Array.from({ length: N * k }, (_, j) => fn(j));
    // Extremes of the documented range |a|, |b| ≤ q.
    for (const [x, y] of [
      [Q, Q],
      [-Q, -Q],
      [Q, -Q],
      [-Q, Q],
      [Q - 1, Q - 1],
      [-(Q - 1), Q - 1],
      [0, Q],
      [Q, 0],
    ] as const) {
      pairs.push([poly(() => x), poly(() => y)]);
    }
    pairs.push([poly((j) => (j & 1 ? -Q : Q)), poly(() => Q)]);
    pairs.push([poly((j) => (j & 2 ? -Q : Q)), poly((j) => (j & 1 ? -Q : Q))]);
    for (let t = 0; t < 30; t++) pairs.push([poly(() => (next() & 1 ? Q : -Q)), poly(() => (next() & 1 ? Q : -Q))]);
    for (let t = 0; t < 60; t++) pairs.push([poly(() => randInt(next, -Q, Q)), poly(() => randInt(next, -Q, Q))]);
    // Typical operands: NTT outputs (|x| ≤ (q-1)/2) and decoded values in [0, q).
    for (let t = 0; t < 20; t++)
      pairs.push([poly(() => randInt(next, -HALF, HALF)), poly(() => randInt(next, 0, Q - 1))]);
    for (const [a, b] of pairs) {
      cases++;
      const out = new Int16Array(N);
      const aCopy = a.slice();
      const bCopy = b.slice();
      nttMultiplyAccumulate(out, a, b, k);
      let err = diffModQ(out, refMulAcc(a, b, k)) ?? outOfRange(out, -(Q - 1), Q - 1);
      if (err === undefined && (a.some((x, j) => x !== aCopy[j]) || b.some((x, j) => x !== bCopy[j])))
        err = 'modified an input';
      if (err !== undefined && bad++ === 0)
        first = `k=${k} a=[${a.slice(0, 4).join(', ')}, ...] b=[${b.slice(0, 4).join(', ')}, ...]: ${err}`;
    }
  }
  assert.ok(cases > 400);
  assert.equal(bad, 0, `nttMultiplyAccumulate wrong on ${bad} of ${cases} cases; first ${first}`);
});

test('ntt of the negacyclic schoolbook product equals the NTT-domain product; invNtt recovers the product', () => {
  const next = rng(5);
  let bad = 0;
  let first = '';
  for (let t = 0; t < 40; t++) {
    // Secret-like small polynomials half of the time, full-range ones otherwise.
    const lim = t & 1 ? Q - 1 : 3;
    const a = Int16Array.from({ length: N }, () => randInt(next, -lim, lim));
    const b = Int16Array.from({ length: N }, () => randInt(next, -(Q - 1), Q - 1));
    const c = schoolbook(a, b);
    const aHat = a.slice();
    const bHat = b.slice();
    ntt(aHat);
    ntt(bHat);
    const cHat = Int16Array.from(c);
    ntt(cHat);
    const prod = new Int16Array(N);
    nttMultiplyAccumulate(prod, aHat, bHat, 1); // R^-1·(â ∘ b̂)
    let err = diffModQ(
      Array.from(prod, (x) => modq(x * R)),
      Array.from(cHat, modq),
    );
    if (err === undefined) {
      invNtt(prod); // R·R^-1·NTT^-1(â ∘ b̂) = a·b
      err = diffModQ(prod, c);
    }
    if (err !== undefined && bad++ === 0) first = `case #${t}: ${err}`;
  }
  assert.equal(bad, 0, `NTT product differs from the schoolbook product on ${bad} cases; first ${first}`);
});

test('polyToMont: exhaustive over int16, f·R mod q, output |x| < q', () => {
  let bad = 0;
  let first = '';
  for (let base = -32768; base < 32768; base += N) {
    const f = Int16Array.from({ length: N }, (_, j) => base + j);
    polyToMont(f);
    for (let j = 0; j < N; j++) {
      const a = base + j;
      if (f[j]! <= -Q || f[j]! >= Q || modq(f[j]!) !== modq(a * (R % Q))) if (bad++ === 0) first = `a=${a} got ${f[j]}`;
    }
  }
  assert.equal(bad, 0, `polyToMont wrong on ${bad} values; first ${first}`);
});

test('polyAddReduce / polySubReduce: |f|, |g| < 2^14, result ≡ f ± g, |x| ≤ (q-1)/2', () => {
  const next = rng(6);
  const M = (1 << 14) - 1;
  let bad = 0;
  let first = '';
  const cases: [Int16Array, Int16Array][] = [];
  const poly = (fn: (j: number) => number) => Int16Array.from({ length: N }, (_, j) => fn(j));
  cases.push([poly(() => M), poly(() => M)], [poly(() => -M), poly(() => -M)], [poly(() => M), poly(() => -M)]);
  cases.push([poly((j) => (j & 1 ? M : -M)), poly((j) => (j & 2 ? M : -M))]);
  for (let t = 0; t < 200; t++) cases.push([poly(() => randInt(next, -M, M)), poly(() => randInt(next, -M, M))]);
  for (const [f, g] of cases) {
    const s = f.slice();
    const d = f.slice();
    polyAddReduce(s, g);
    polySubReduce(d, g);
    for (let j = 0; j < N; j++) {
      if (s[j]! < -HALF || s[j]! > HALF || modq(s[j]! - f[j]! - g[j]!) !== 0) {
        if (bad++ === 0) first = `add f=${f[j]} g=${g[j]} got ${s[j]}`;
      }
      if (d[j]! < -HALF || d[j]! > HALF || modq(d[j]! - f[j]! + g[j]!) !== 0) {
        if (bad++ === 0) first = `sub f=${f[j]} g=${g[j]} got ${d[j]}`;
      }
    }
  }
  assert.equal(bad, 0, `polyAddReduce/polySubReduce wrong on ${bad} coefficients; first ${first}`);
});
