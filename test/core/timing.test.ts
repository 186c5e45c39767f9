// The statistics of the timing harness (bench/timing/stats.ts) on synthetic data with known
// answers: the harness can only be trusted to say "no leak" if it says "leak" when there is one.
// Seeded, so the outcome is fixed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  type Cls,
  DudectTest,
  NUMBER_PERCENTILES,
  WelchT,
  Welford,
  createRng,
  cropThresholds,
  makeSchedule,
} from '../../bench/timing/stats.js';

/** Standard normal samples (Box–Muller) from the harness's own seeded PRNG. */
function normals(seed: number): () => number {
  const rng = createRng(seed);
  const unit = () => (rng() + 0.5) / 2 ** 32; // in (0, 1)
  return () => Math.sqrt(-2 * Math.log(unit())) * Math.cos(2 * Math.PI * unit());
}

/** Feeds n samples per class, alternating, with class c drawn from gen(c). */
function feed(push: (x: number, c: Cls) => void, n: number, gen: (c: Cls) => number): void {
  for (let i = 0; i < n; i++) {
    push(gen(0), 0);
    push(gen(1), 1);
  }
}

describe('timing statistics', () => {
  it('Welford matches the two-pass mean and variance', () => {
    const xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
    const w = new Welford();
    for (const x of xs) w.push(x);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
    assert.equal(w.n, xs.length);
    assert.ok(Math.abs(w.mean - mean) < 1e-12);
    assert.ok(Math.abs(w.variance() - variance) < 1e-12);
  });

  it('Welch t of two samples of one distribution is small', () => {
    const g = normals(1);
    const w = new WelchT();
    feed(
      (x, c) => w.push(x, c),
      20_000,
      () => 100 + 5 * g(),
    );
    assert.equal(w.minN(), 20_000);
    assert.ok(Math.abs(w.t()) < 4.5, `|t| = ${Math.abs(w.t())}`);
  });

  it('Welch t of distributions whose means differ by 0.1 sd is large, with the right sign', () => {
    const g = normals(2);
    const w = new WelchT();
    // Expected t ≈ 0.1 · sqrt(20000 / 2) = 10; class A is slower, so t > 0.
    feed(
      (x, c) => w.push(x, c),
      20_000,
      (c) => 100 + (c === 0 ? 0.5 : 0) + 5 * g(),
    );
    assert.ok(w.t() > 6, `t = ${w.t()}`);
  });

  it('Welch t handles degenerate input: too few samples, zero variance', () => {
    const w = new WelchT();
    w.push(1, 0);
    w.push(1, 1);
    assert.equal(w.t(), 0);
    w.push(1, 0);
    w.push(1, 1);
    assert.equal(w.t(), 0);
    w.push(2, 0);
    w.push(2, 0);
    w.push(1, 1);
    assert.ok(w.t() > 0);
  });

  it('crop thresholds are dudect’s percentiles, increasing into the upper tail', () => {
    const data = Array.from({ length: 1000 }, (_, i) => 999 - i); // order must not matter
    const th = cropThresholds(data);
    assert.equal(th.length, NUMBER_PERCENTILES);
    assert.equal(th[0], Math.floor(1000 * (1 - 0.5 ** 0.1))); // the 6.7th percentile: 66
    assert.equal(th[NUMBER_PERCENTILES - 1], 999); // 1 − 2^-10 of 1000 → the last
    for (let i = 1; i < th.length; i++) assert.ok(th[i]! >= th[i - 1]!);
  });

  it('cropping removes outliers that swamp the uncropped test', () => {
    const g = normals(3);
    const rng = createRng(4);
    // Same distribution in both classes, but 1 % of class A hit by a 1000-unit "interrupt".
    const gen = (c: Cls) => 100 + g() + (c === 0 && rng() % 100 === 0 ? 1000 : 0);
    const calibration: number[] = [];
    feed((x) => calibration.push(x), 2000, gen);
    const test = new DudectTest(cropThresholds(calibration));
    feed((x, c) => test.push(x, c), 20_000, gen);
    const s = test.summary(1000);
    // Uncropped: the outliers make class A slower (t ≈ 10·sqrt(20000)/100 ≈ 14).
    assert.ok(s.tUncropped > 6, `uncropped t = ${s.tUncropped}`);
    // The crops below the outliers keep none of them and see two equal distributions.
    const clean = test.crops.filter((_, i) => test.thresholds[i]! < 500);
    assert.ok(clean.length > 50, 'most thresholds lie below the outliers');
    for (const w of clean) {
      assert.ok(w.cls[0].mean < 110, 'no outlier kept');
      assert.ok(w.minN() < 20_000);
    }
    assert.ok(Math.max(...clean.filter((w) => w.minN() >= 1000).map((w) => Math.abs(w.t()))) < 4.5);
  });

  it('the crops see a leak in the body of a heavy-tailed distribution', () => {
    const g = normals(5);
    const rng = createRng(6);
    // Class A 0.05 units slower in the body; rare huge outliers in both classes hide it uncropped.
    const gen = (c: Cls) => 100 + (c === 0 ? 0.05 : 0) + 0.5 * g() + (rng() % 50 === 0 ? 5000 * (rng() / 2 ** 32) : 0);
    const calibration: number[] = [];
    feed((x) => calibration.push(x), 2000, gen);
    const test = new DudectTest(cropThresholds(calibration));
    feed((x, c) => test.push(x, c), 20_000, gen);
    const s = test.summary(1000);
    assert.ok(Math.abs(s.tUncropped) < 4.5, `uncropped |t| = ${Math.abs(s.tUncropped)}`);
    assert.ok(s.maxAbsTCrop > 4.5, `max crop |t| = ${s.maxAbsTCrop}`);
    assert.ok(s.maxCrop !== undefined && s.maxCrop.n >= 1000);
  });

  it('the second-order test sees a difference in spread with equal means', () => {
    const g = normals(7);
    const test = new DudectTest(cropThresholds([0, 1]), 100);
    feed(
      (x, c) => test.push(x, c),
      20_000,
      (c) => 100 + (c === 0 ? 1 : 2) * g(),
    );
    const s = test.summary(1000);
    assert.ok(Math.abs(s.tUncropped) < 4.5);
    assert.ok(Math.abs(s.tSecondOrder) > 20, `second-order |t| = ${Math.abs(s.tSecondOrder)}`);
  });

  it('the class schedule is balanced, random and reproducible', () => {
    const n = 10_000;
    const s = makeSchedule(n, createRng(8));
    assert.equal(s.length, 2 * n);
    assert.equal(
      s.reduce((a, c) => a + c, 0),
      n,
      'exactly n of each class',
    );
    // Both classes spread over the whole run, not in blocks: each half holds about n/2 ones.
    const firstHalf = s.subarray(0, n).reduce((a, c) => a + c, 0);
    assert.ok(Math.abs(firstHalf - n / 2) < 5 * Math.sqrt(n / 4), `first half: ${firstHalf}`);
    // Not alternating either: the number of runs of a random order is about n + 1 (sd ≈ √(n/2)).
    let runs = 1;
    for (let i = 1; i < s.length; i++) if (s[i] !== s[i - 1]) runs++;
    assert.ok(Math.abs(runs - (n + 1)) < 5 * Math.sqrt(n / 2), `runs: ${runs}`);
    assert.deepEqual(makeSchedule(n, createRng(8)), s, 'same seed, same schedule');
    assert.notDeepEqual(makeSchedule(n, createRng(9)), s);
  });
});
