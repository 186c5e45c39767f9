/**
 * `npm run timing`: a dudect-style timing-leak test (Reparaz, Balasch and Verbauwhede, "Dude, is
 * my code constant time?", DATE 2017) of decapsulation on both backends and of the constant-time
 * helpers in src/ct.ts.
 *
 * Usage: npm run timing -- [--samples N] [--backend portable|wasm|all] [--level 512|768|1024|all]
 *                          [--test NAME[,NAME…]|decaps|ct|all] [--ci] [--json FILE]
 *                          [--seed N] [--warmup N] [--key-rho shared|random]
 *
 * Tests (bench/timing/targets.ts), each comparing two classes of input, class A / class B:
 *   decaps-ciphertext  one key pair; valid / tampered (one bit flipped) ciphertexts: implicit
 *                      rejection's comparison and selection.                 per backend and level
 *   decaps-key         one fixed secret key / random keys, honest ciphertexts (dudect's fixed-vs-
 *                      random). The random keys share the fixed key's ρ, the public seed of Â,
 *                      whose rejection sampling is public-data-dependent by design (README,
 *                      Security); --key-rho random makes them fresh key pairs, and the test then
 *                      reports that public variation as a leak.                per backend and level
 *   decaps-control     valid / valid ciphertexts: the negative control. Its |t| is what the
 *                      harness and the machine give when there is nothing to find. per backend, level
 *   ct-diffmask(-words), ct-equal  1088-byte arrays, equal / differing in byte 0.      backend-independent
 *   ct-select          32 bytes with mask 0 / mask −1.                         backend-independent
 *   ct-iszero          1088 zero bytes / a nonzero byte 0.                     backend-independent
 *   tls-scalar         the RFC 10024 P-256 key scalar: all-zero / random seeds. backend-independent
 *   qsf-scalar         noble's QSF P-384 scalar (seed mod n): all-zero / random seeds. backend-independent
 * --backend and --level select decapsulation targets only; the ct helpers are plain JavaScript
 * that both backends share (kem.ts runs them), so they run once.
 *
 * Method, per test:
 * - Inputs are prepared before any timing: a pool of 256 per class, each checked to decapsulate as
 *   intended. Before each measurement, outside the timed region, the chosen input is copied into
 *   staging buffers shared by both classes, so that all measurements read from the same addresses
 *   (inputs timed in their own buffers differ by tens of ns through cache state alone).
 * - Warm-up: every selected target first runs `--warmup` measurements in one pass over all of
 *   them (V8 runs wasm in Liftoff first and tiers up to TurboFan; shared JS code sees every
 *   backend and level before anything counts), then again directly before its own run. All
 *   warm-up measurements are discarded.
 * - The classes are interleaved in a random order (exactly N of each, shuffled with a seeded
 *   PRNG; `--seed` replays it), so machine load, frequency drift, GC and JIT events fall on both
 *   classes alike: on a shared machine they add variance, not a difference of means.
 * - One measurement: process.hrtime.bigint() around one decapsulation, or around a batch of
 *   16–256 calls of a helper (about 10 µs, far above the timer's resolution and cost). Boolean
 *   results are consumed without a branch: a `? :` on ctEqual's result in the harness is a
 *   branch on the very bit that tells the classes apart (|t| ≈ 60–110 at 10⁵ samples).
 * - Welch's t-test, kept online (Welford per class), on: the uncropped measurements; the
 *   measurements below each of dudect's 100 cropping thresholds (the 1 − 0.5^(10(i+1)/100)
 *   percentiles of the first measurements, min(10 000, 10 %) of them), which removes the upper
 *   tail of interrupts and pauses step by step; and dudect's second-order test (the squared
 *   distance from the class mean: a difference in spread). A crop counts only when it kept at
 *   least 1000 measurements per class.
 *
 * Reading the output (markdown on stdout, progress on stderr): per test, backend and level, the
 * samples per class, the mean time per operation of each class, |t| uncropped, the largest |t|
 * over the crops, |t| of the second-order test and a verdict on the largest of the three.
 * |t| < 4.5 (dudect's and TVLA's threshold): no leak detected at this number of samples — not a
 * proof, a larger N finds smaller leaks. 4.5 ≤ |t| ≤ 50: inconclusive / possible leak: rerun with
 * more samples on a quiet machine; a real leak grows like √N, noise does not. |t| > 50: leak.
 * Read decaps-control first: if it is not below 4.5, neither result is trustworthy at that level.
 * The sign of t in the JSON says which class is slower (positive: class A).
 *
 * --ci: 8000 samples per class (unless --samples), warm-up 500; exit code 1 only when some
 * |t| > 50, so that noise on a shared runner cannot fail the build while a gross leak does. 8000,
 * not fewer: an early-exit comparison of c and c' (≈ 0.5–1 µs on 80–190 µs) gave max |t| 89–140
 * at 8000 on every level and backend, but 27–90 at 3000. The exit code is the same rule outside
 * --ci.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';

import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../src/index.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../src/params.js';
import { loadWasmSync } from '../src/wasm/index.js';
import { type Cls, type DudectSummary, DudectTest, cropThresholds, createRng, makeSchedule } from './timing/stats.js';
import {
  CT_TESTS,
  DECAPS_TESTS,
  type Target,
  type TestName,
  ctTargets,
  decapsCiphertextTarget,
  decapsControlTarget,
  decapsKeyTarget,
} from './timing/targets.js';

const TARGET_T = 4.5;
const LEAK_T = 50;
const MIN_CROP_N = 1000;

// ---------------------------------------------------------------------------------------------
// Options

const USAGE =
  'usage: npm run timing -- [--samples N] [--backend portable|wasm|all] [--level 512|768|1024|all]\n' +
  '                         [--test NAME[,NAME…]|decaps|ct|all] [--ci] [--json FILE] [--seed N] [--warmup N]\n' +
  '                         [--key-rho shared|random]\n' +
  `tests: ${[...DECAPS_TESTS, ...CT_TESTS].join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`timing: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const { values: opt } = (() => {
  try {
    return parseArgs({
      options: {
        samples: { type: 'string' },
        backend: { type: 'string', default: 'all' },
        level: { type: 'string', default: 'all' },
        test: { type: 'string', default: 'all' },
        ci: { type: 'boolean', default: false },
        json: { type: 'string' },
        seed: { type: 'string' },
        warmup: { type: 'string' },
        'key-rho': { type: 'string', default: 'shared' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    return fail((e as Error).message);
  }
})();
if (opt.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function nonNegativeInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got ${value}`);
  return n;
}

const samples = nonNegativeInt(opt.samples, opt.ci ? 8000 : 100_000, 'samples');
if (samples < 2) fail('--samples must be at least 2');
const warmup = nonNegativeInt(opt.warmup, opt.ci ? 500 : 2000, 'warmup');
const seed = nonNegativeInt(opt.seed, randomBytes(4).readUInt32LE(0), 'seed') >>> 0;

const BACKENDS = ['portable', 'wasm'] as const;
const LEVELS = [512, 768, 1024] as const;
const PARAMS = [ML_KEM_512, ML_KEM_768, ML_KEM_1024] as const;
const backends = opt.backend === 'all' ? BACKENDS : BACKENDS.filter((b) => b === opt.backend);
if (backends.length === 0) fail(`unknown --backend ${opt.backend}`);
const levels = opt.level === 'all' ? LEVELS : LEVELS.filter((l) => String(l) === opt.level);
if (levels.length === 0) fail(`unknown --level ${opt.level}`);
const keyRho = opt['key-rho'];
if (keyRho !== 'shared' && keyRho !== 'random') fail(`--key-rho must be shared or random, got ${keyRho}`);
const tests = new Set<TestName>();
for (const name of opt.test.split(',')) {
  const groups: Record<string, readonly TestName[]> = {
    all: [...DECAPS_TESTS, ...CT_TESTS],
    decaps: DECAPS_TESTS,
    ct: CT_TESTS,
  };
  const found = groups[name] ?? [...DECAPS_TESTS, ...CT_TESTS].filter((t) => t === name);
  if (found.length === 0) fail(`unknown --test ${name}`);
  for (const t of found) tests.add(t);
}

// ---------------------------------------------------------------------------------------------
// Targets

const kems: Record<(typeof BACKENDS)[number], readonly MlKem[]> = {
  portable: [MlKem512, MlKem768, MlKem1024],
  wasm: (({ MlKem512: a, MlKem768: b, MlKem1024: c }) => [a, b, c])(loadWasmSync()),
};

const targets: Target[] = ctTargets().filter((t) => tests.has(t.test));
for (const backend of backends) {
  for (const level of levels) {
    const kem = kems[backend][LEVELS.indexOf(level)]!;
    if (tests.has('decaps-ciphertext')) targets.push(decapsCiphertextTarget(backend, level, kem));
    if (tests.has('decaps-key'))
      targets.push(decapsKeyTarget(backend, level, kem, PARAMS[LEVELS.indexOf(level)]!, keyRho));
    if (tests.has('decaps-control')) targets.push(decapsControlTarget(backend, level, kem));
  }
}

const label = (t: Target) => [t.test, t.backend === '—' ? '' : t.backend, t.level ?? ''].filter(String).join(' ');

// ---------------------------------------------------------------------------------------------
// Measurement

const rng = createRng(seed);

function runSchedule(target: Target, perClass: number): void {
  for (const c of makeSchedule(perClass, rng)) target.measure(c as Cls);
}

interface Result extends DudectSummary {
  test: TestName;
  backend: string;
  level: number | undefined;
  classes: readonly [string, string];
  batch: number;
  /** Mean ns per operation of class A and class B (uncropped). */
  meanNs: [number, number];
  seconds: number;
  verdict: string;
}

function verdict(t: number): string {
  return t < TARGET_T ? 'no leak detected' : t <= LEAK_T ? 'inconclusive / possible leak' : 'leak';
}

const fmtT = (t: number) => (Number.isFinite(t) ? Math.abs(t).toFixed(2) : '∞');

function progressReporter(name: string, total: number): (done: number, test: DudectTest | undefined) => void {
  const tty = process.stderr.isTTY;
  let nextLine = 0.1;
  let lastTty = 0;
  return (done, test) => {
    const frac = done / total;
    const now = Date.now();
    if (tty ? now - lastTty < 250 && done < total : frac < nextLine) return;
    const t = test
      ? ` |t| ${fmtT(test.uncropped.t())}, max crop ${fmtT(test.summary(MIN_CROP_N).maxAbsTCrop)}`
      : ' (calibrating)';
    const line = `  ${name}: ${(100 * frac).toFixed(0).padStart(3)} % (${done}/${total})${t}`;
    if (tty) {
      process.stderr.write(`\r\x1b[K${line}`);
      lastTty = now;
    } else {
      process.stderr.write(`${line}\n`);
      while (nextLine <= frac) nextLine += 0.1;
    }
  };
}

function runTarget(target: Target, index: number): Result {
  const name = `[${index + 1}/${targets.length}] ${label(target)}`;
  const start = process.hrtime.bigint();
  runSchedule(target, warmup); // directly before: caches and tiers as they will be while measured

  const schedule = makeSchedule(samples, rng);
  const total = schedule.length;
  // dudect sets the crop thresholds from its first batch of measurements; so do we, and then
  // count that batch too (its classes are known), so every class has exactly `samples`.
  const calibration = Math.min(total, Math.max(1000, Math.min(10_000, Math.floor(total / 10))));
  const first = new Float64Array(calibration);
  const progress = progressReporter(name, total);
  for (let i = 0; i < calibration; i++) {
    first[i] = target.measure(schedule[i] as Cls);
    if ((i & 255) === 0) progress(i, undefined);
  }
  const test = new DudectTest(cropThresholds(first));
  for (let i = 0; i < calibration; i++) test.push(first[i]!, schedule[i] as Cls);
  for (let i = calibration; i < total; i++) {
    const c = schedule[i] as Cls;
    test.push(target.measure(c), c);
    if ((i & 1023) === 0) progress(i, test);
  }
  progress(total, test);
  if (process.stderr.isTTY) process.stderr.write('\n');

  const s = test.summary(MIN_CROP_N);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perOp = (c: Cls) => test.uncropped.cls[c].mean / target.batch;
  process.stderr.write(`  ${name}: max |t| ${fmtT(s.maxAbsT)} (${verdict(s.maxAbsT)}), ${seconds.toFixed(1)} s\n`);
  return {
    test: target.test,
    backend: target.backend,
    level: target.level,
    classes: target.classes,
    batch: target.batch,
    meanNs: [perOp(0), perOp(1)],
    seconds,
    verdict: verdict(s.maxAbsT),
    ...s,
  };
}

// ---------------------------------------------------------------------------------------------
// Run

const startedAt = new Date();
const loadBefore = os.loadavg();
const wallStart = process.hrtime.bigint();
process.stderr.write(
  `timing: ${targets.length} tests, ${samples} samples per class, warm-up ${warmup}, seed ${seed}, ` +
    `node ${process.version}, load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')}\n`,
);
process.stderr.write('  warm-up pass over all targets\n');
for (const t of targets) runSchedule(t, warmup);
const results = targets.map(runTarget);
const seconds = Number(process.hrtime.bigint() - wallStart) / 1e9;
const loadAfter = os.loadavg();
process.stderr.write(`timing: done in ${seconds.toFixed(1)} s\n`);

function fmtTime(ns: number): string {
  return ns >= 10_000 ? `${(ns / 1000).toFixed(1)} µs` : `${ns.toFixed(1)} ns`;
}

const lines = [
  `dudect-style timing test${opt.ci ? ' (--ci)' : ''}: ${samples} samples per class, node ${process.version}, ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, seed ${seed}, ` +
    `${startedAt.toISOString()}, ${seconds.toFixed(0)} s, ` +
    `load average ${loadBefore[0]!.toFixed(2)} → ${loadAfter[0]!.toFixed(2)}.`,
  '',
  '| test | backend | level | samples / class | mean A / B per op | \\|t\\| uncropped | max \\|t\\| crops | \\|t\\| 2nd order | verdict |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...results.map(
    (r) =>
      `| ${r.test} | ${r.backend} | ${r.level ?? '—'} | ${r.n} | ${fmtTime(r.meanNs[0])} / ${fmtTime(r.meanNs[1])} | ` +
      `${fmtT(r.tUncropped)} | ${fmtT(r.maxAbsTCrop)} | ${fmtT(r.tSecondOrder)} | ${r.verdict} |`,
  ),
  '',
  `Classes A / B: ${[...new Map(results.map((r) => [r.test, `${r.test}: ${r.classes.join(' / ')}`])).values()].join('; ')}.`,
  `Verdict on the largest |t| of the three: < ${TARGET_T} no leak detected; ` +
    `${TARGET_T}–${LEAK_T} inconclusive / possible leak; > ${LEAK_T} leak. ` +
    `Crops count with ≥ ${MIN_CROP_N} samples per class.`,
];
process.stdout.write(`${lines.join('\n')}\n`);

if (opt.json !== undefined) {
  const json = {
    date: startedAt.toISOString(),
    node: process.version,
    cpus: os.cpus().map((c) => c.model.trim()),
    loadavg: { before: loadBefore, after: loadAfter },
    mode: opt.ci ? 'ci' : 'full',
    samplesPerClass: samples,
    warmup,
    seed,
    thresholds: { target: TARGET_T, leak: LEAK_T, minCropSamplesPerClass: MIN_CROP_N },
    seconds,
    results,
  };
  writeFileSync(opt.json, `${JSON.stringify(json, null, 2)}\n`);
}

// Keep every result observable, so no call in a timed loop is dead code.
if (targets.reduce((a, t) => a ^ t.sink(), 0) === 0x7fffffff) process.stderr.write('\n');

process.exitCode = results.some((r) => r.maxAbsT > LEAK_T) ? 1 : 0;
