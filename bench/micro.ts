// Helpers of the micro-benchmarks (bench/*-micro.ts): time a batch, and the median of rounds.

/** Nanoseconds per call of run(n), a loop of n calls. */
export function time(run: (n: number) => void, n: number): number {
  const t0 = process.hrtime.bigint();
  run(n);
  return Number(process.hrtime.bigint() - t0) / n;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length & 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A shuffled copy (Fisher–Yates), for running competitors in a fresh order each round. */
export function shuffle<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Runs `run` (awaited) for about `ms` milliseconds, as a warm-up: returns how many calls fit, at least 1 (a batch size). */
export async function callsIn(ms: number, run: () => unknown): Promise<number> {
  const t0 = performance.now();
  let calls = 0;
  while (performance.now() - t0 < ms) {
    await run();
    calls++;
  }
  return Math.max(1, calls);
}
