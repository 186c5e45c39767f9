// The options of the differential tests (test/core/differential.test.ts, and the browser suite's
// differential check), from the environment: MLKEM_DIFF_N seeds per level, MLKEM_DIFF_SEED a
// 32-byte iteration seed (64 hex digits) to run first, as printed by a failure.

/** MLKEM_DIFF_N if set (a positive integer), else `fallback`. */
export function diffCount(fallback: number): number {
  const override = process.env.MLKEM_DIFF_N;
  if (override === undefined || override === '') return fallback;
  const n = Number(override);
  if (!Number.isInteger(n) || n < 1) throw new Error(`MLKEM_DIFF_N must be a positive integer, got ${override}`);
  return n;
}

/** MLKEM_DIFF_SEED if set, checked to be 64 hex digits. */
export const replaySeed: string | undefined = (() => {
  const seed = process.env.MLKEM_DIFF_SEED || undefined;
  if (seed !== undefined && !/^[0-9a-fA-F]{64}$/.test(seed)) {
    throw new Error(`MLKEM_DIFF_SEED must be 64 hex digits (a 32-byte iteration seed), got ${seed}`);
  }
  return seed;
})();
