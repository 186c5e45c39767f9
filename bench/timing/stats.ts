// Statistics of the dudect-style timing harness (bench/timing.ts), kept apart so that
// test/core/timing.test.ts can check them on synthetic data. After dudect (Reparaz, Balasch and
// Verbauwhede, "Dude, is my code constant time?", DATE 2017) and its reference dudect.h.

/** Class labels: 0 = class A, 1 = class B. */
export type Cls = 0 | 1;

/** Welford's online mean and variance: one pass, no stored samples, numerically stable. */
export class Welford {
  n = 0;
  mean = 0;
  private m2 = 0;

  push(x: number): void {
    this.n++;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  /** The unbiased sample variance (0 below two samples). */
  variance(): number {
    return this.n < 2 ? 0 : this.m2 / (this.n - 1);
  }
}

/** Welch's t-test between two classes, kept online. */
export class WelchT {
  readonly cls: readonly [Welford, Welford] = [new Welford(), new Welford()];

  push(x: number, c: Cls): void {
    this.cls[c].push(x);
  }

  /** Samples in the smaller class: a test needs enough of both to count. */
  minN(): number {
    return Math.min(this.cls[0].n, this.cls[1].n);
  }

  /** t = (mean A − mean B) / sqrt(var A / n A + var B / n B); 0 while a class has < 2 samples. */
  t(): number {
    const [a, b] = this.cls;
    if (a.n < 2 || b.n < 2) return 0;
    const num = a.mean - b.mean;
    const den = Math.sqrt(a.variance() / a.n + b.variance() / b.n);
    if (den === 0) return num === 0 ? 0 : num > 0 ? Infinity : -Infinity;
    return num / den;
  }
}

/** dudect's number of cropping thresholds. */
export const NUMBER_PERCENTILES = 100;

/**
 * dudect's cropping thresholds: for i = 0..count-1, the 1 − 0.5^(10·(i+1)/count) percentile of
 * the calibration measurements (both classes pooled). The exponential spacing puts most
 * thresholds in the upper tail, where interrupts, GC pauses and preemption land.
 */
export function cropThresholds(calibration: ArrayLike<number>, count = NUMBER_PERCENTILES): number[] {
  const sorted = Float64Array.from(calibration).sort();
  if (sorted.length === 0) throw new Error('cropThresholds needs at least one measurement');
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const which = 1 - 0.5 ** ((10 * (i + 1)) / count);
    out.push(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * which))]!);
  }
  return out;
}

export interface DudectSummary {
  /** Samples per class in the uncropped test (the smaller class). */
  n: number;
  /** t of the uncropped data; positive when class A is slower. */
  tUncropped: number;
  /** The largest |t| over the crops with at least minCropN samples per class (0 if none). */
  maxAbsTCrop: number;
  /** Which crop gave it: its index, threshold (ns), the samples per class it kept and its t. */
  maxCrop: { index: number; threshold: number; n: number; t: number } | undefined;
  /** t of dudect's second-order test (centred squares): a difference in variance. */
  tSecondOrder: number;
  /** max(|tUncropped|, maxAbsTCrop, |tSecondOrder|): what the verdict is based on. */
  maxAbsT: number;
}

/**
 * dudect's battery for one target: the uncropped t-test, one t-test per cropping threshold
 * (keeping only measurements strictly below it, as dudect.h does) and the second-order test.
 */
export class DudectTest {
  readonly uncropped = new WelchT();
  readonly crops: WelchT[];
  readonly secondOrder = new WelchT();

  /**
   * @param thresholds from cropThresholds.
   * @param secondOrderAfter the second-order test starts once both classes have this many
   *   uncropped samples, so the class means it centres on are settled (dudect.h: 10 000).
   */
  constructor(
    readonly thresholds: readonly number[],
    readonly secondOrderAfter = 1000,
  ) {
    this.crops = thresholds.map(() => new WelchT());
  }

  push(x: number, c: Cls): void {
    this.uncropped.push(x, c);
    const { thresholds, crops } = this;
    for (let i = 0; i < thresholds.length; i++) if (x < thresholds[i]!) crops[i]!.push(x, c);
    if (this.uncropped.minN() >= this.secondOrderAfter) {
      const centred = x - this.uncropped.cls[c].mean;
      this.secondOrder.push(centred * centred, c);
    }
  }

  /**
   * @param minCropN a crop counts only with this many samples in each class: the tightest crops
   *   keep a few per cent of the data, and a t from a handful of samples means nothing
   *   (dudect.h ignores tests with ≤ 10 000 measurements in class A).
   */
  summary(minCropN: number): DudectSummary {
    let maxAbsTCrop = 0;
    let maxCrop: DudectSummary['maxCrop'];
    this.crops.forEach((w, index) => {
      const n = w.minN();
      const t = w.t();
      if (n >= minCropN && Math.abs(t) >= maxAbsTCrop) {
        maxAbsTCrop = Math.abs(t);
        maxCrop = { index, threshold: this.thresholds[index]!, n, t };
      }
    });
    const tUncropped = this.uncropped.t();
    const tSecondOrder = this.secondOrder.t();
    return {
      n: this.uncropped.minN(),
      tUncropped,
      maxAbsTCrop,
      maxCrop,
      tSecondOrder,
      maxAbsT: Math.max(Math.abs(tUncropped), maxAbsTCrop, Math.abs(tSecondOrder)),
    };
  }
}

/** A seeded PRNG, xoshiro128** (uint32 out), seeded through splitmix32: reproducible schedules. */
export function createRng(seed: number): () => number {
  let z = seed >>> 0;
  const splitmix32 = (): number => {
    z = (z + 0x9e3779b9) | 0;
    let x = z;
    x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
    x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
    return (x ^ (x >>> 15)) >>> 0;
  };
  let a = splitmix32();
  let b = splitmix32();
  let c = splitmix32();
  let d = splitmix32();
  return () => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return r;
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A uniform integer in [0, n) for n ≤ 2^32, without modulo bias (rejection). */
function uniformBelow(rng: () => number, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = rng();
    if (x < limit) return x % n;
  }
}

/**
 * The order in which classes are measured: exactly perClass of each, in a uniformly random order
 * (Fisher–Yates). Random rather than alternating, so that drift in machine speed, other load,
 * GC and JIT events fall on both classes alike; balanced, so each class gets exactly perClass.
 */
export function makeSchedule(perClass: number, rng: () => number): Uint8Array {
  const s = new Uint8Array(2 * perClass);
  s.fill(1, perClass);
  for (let i = s.length - 1; i > 0; i--) {
    const j = uniformBelow(rng, i + 1);
    const tmp = s[i]!;
    s[i] = s[j]!;
    s[j] = tmp;
  }
  return s;
}
