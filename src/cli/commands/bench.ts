// `mlkem-ts bench` (its help says what it measures): a look at the speed on this machine that says
// how far to trust it. The careful comparison with other libraries is `npm run bench` in the repository.
import { ctEqual } from '../../ct.js';
import { MlKem1024, MlKem512, MlKem768 } from '../../index.js';
import type { Encapsulation, KeyPair, MlKem } from '../../kem.js';
import type { MlKemAlgorithm } from '../../keys/index.js';
import { CliError, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { type Command, parse, parseAlgorithm } from '../options.js';

type Backend = 'portable' | 'wasm';
type Op = 'keygen' | 'encaps' | 'decaps';
const OPS: readonly Op[] = ['keygen', 'encaps', 'decaps'];

interface Row {
  algorithm: MlKemAlgorithm;
  backend: Backend;
  /** Operations of each kind per round. */
  n: number;
  rounds: number;
  /** Microseconds per operation: the median over the rounds, and the fastest and slowest round. */
  median: Record<Op, number>;
  min: Record<Op, number>;
  max: Record<Op, number>;
  /** The interquartile range of the rounds over their median, in per cent: how much they disagree (one slow round moves it little). */
  spreadPercent: Record<Op, number>;
}

/** Progress on a terminal (standard error only, rewritten in place); nothing otherwise. */
function progress(io: CliIo): (text?: string) => void {
  if (!io.stderrIsTTY) return () => {};
  return (text) => io.writeStderr(text === undefined ? '\r\x1b[K' : `\r\x1b[K${text}`);
}

/** Milliseconds for `step(i)`, i < n. */
function timed(n: number, step: (i: number) => void): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) step(i);
  return performance.now() - t0;
}

/** One round of a row: n key generations, then n encapsulations, then n decapsulations, checked; µs per operation. */
function round(kem: MlKem, backend: Backend, n: number): Record<Op, number> {
  const pairs: KeyPair[] = [];
  const encs: Encapsulation[] = [];
  const secrets: Uint8Array[] = [];
  const ms: Record<Op, number> = {
    keygen: timed(n, (i) => void (pairs[i] = kem.keygen())),
    encaps: timed(n, (i) => void (encs[i] = kem.encapsulate(pairs[i]!.publicKey))),
    decaps: timed(n, (i) => void (secrets[i] = kem.decapsulate(encs[i]!.ciphertext, pairs[i]!.secretKey))),
  };
  for (let i = 0; i < n; i++) {
    if (!ctEqual(secrets[i]!, encs[i]!.sharedSecret))
      throw new CliError(`${kem.name} ${backend}: decapsulation ${i} gave a different shared secret`);
  }
  return Object.fromEntries(OPS.map((op) => [op, (ms[op] * 1000) / n])) as Record<Op, number>;
}

/** The q-quantile of xs (0.5: the median), interpolated between the two nearest values. */
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
}

/**
 * Every row, `rounds` times: each round runs every row once, in a rotated order, so that a busy
 * moment of the machine falls on all rows alike instead of on whichever ran then; each row's
 * figure is its median round, with the spread of the rounds beside it.
 */
function measureAll(
  rows: Array<{ kem: MlKem; backend: Backend }>,
  n: number,
  rounds: number,
  show: (text: string) => void,
): Row[] {
  for (const { kem } of rows) {
    // Warm up for 0.1 s per row (JIT tiers, WebAssembly tier-up) so that the first rounds are not penalised.
    for (const start = performance.now(); performance.now() - start < 100;) {
      const { publicKey, secretKey } = kem.keygen();
      kem.decapsulate(kem.encapsulate(publicKey).ciphertext, secretKey);
    }
  }
  const results = rows.map(() => [] as Array<Record<Op, number>>);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < rows.length; j++) {
      const index = (j + r) % rows.length;
      const { kem, backend } = rows[index]!;
      show(`round ${r + 1}/${rounds}: ${kem.name} ${backend}`);
      results[index]!.push(round(kem, backend, n));
    }
  }
  return rows.map(({ kem, backend }, i) => {
    const per = (f: (xs: number[]) => number) =>
      Object.fromEntries(OPS.map((op) => [op, f(results[i]!.map((x) => x[op]))])) as Record<Op, number>;
    const med = per((xs) => quantile(xs, 0.5));
    const min = per((xs) => Math.min(...xs));
    const max = per((xs) => Math.max(...xs));
    const iqr = per((xs) => quantile(xs, 0.75) - quantile(xs, 0.25));
    const spreadPercent = Object.fromEntries(OPS.map((op) => [op, (iqr[op] / med[op]) * 100])) as Record<Op, number>;
    return { algorithm: kem.name, backend, n, rounds, median: med, min, max, spreadPercent };
  });
}

const fixed = (x: number, width: number, digits: number) => x.toFixed(digits).padStart(width);

/** Above this spread (per cent of the median) the figures are called rough. */
const ROUGH_PERCENT = 25;

function table(rows: Row[]): string {
  const { n, rounds } = rows[0]!;
  const lines = [
    `${rounds} rounds × ${n} operations of each kind per row, rows interleaved; median µs per operation (lower is better) ± spread (the rounds' interquartile range, % of the median)`,
    'parameter set  backend          keygen            encaps            decaps',
  ];
  for (const r of rows) {
    lines.push(
      `${r.algorithm.padEnd(13)}  ${r.backend.padEnd(8)} ${OPS.map((op) => `${fixed(r.median[op], 10, 1)} ±${fixed(r.spreadPercent[op], 3, 0)}%`).join(' ')}`,
    );
  }
  const worst = Math.max(...rows.flatMap((r) => OPS.map((op) => r.spreadPercent[op])));
  if (rounds < 5 || worst > ROUGH_PERCENT) {
    lines.push(
      `note: these figures are rough: ${rounds < 5 ? `only ${rounds} round${rounds === 1 ? '' : 's'}` : `a spread of up to ${worst.toFixed(0)}% (the machine is busy, or the rounds are short)`}; compare rows only where the spreads are small (more rounds: -r 21, longer ones: -n 1000)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const bench: Command = {
  name: 'bench',
  summary: 'time keygen, encapsulate and decapsulate on this machine',
  help: `Usage: mlkem-ts bench [-a ML-KEM-768] [--backend all] [-r 9] [-n 100] [--json]

Runs, for each parameter set and backend (a row), N key generations, then N encapsulations, then
N decapsulations, and does so R times, each round taking every row once in a rotated order, so
that a busy moment of the machine falls on every row. Prints each row's median microseconds per
operation (wall clock, after a short warm-up) and the spread of its rounds (their interquartile
range); the figures are marked rough when a spread is above ${ROUGH_PERCENT}% or there are fewer
than 5 rounds. Progress
is shown on standard error when it is a terminal. For a comparison with other libraries, run 'npm
run bench' in the mlkem-ts repository.

Options:
  -a, --algorithm NAME  only this parameter set (repeatable; default: all three)
      --backend NAME    portable, wasm or all (default)
  -r, --rounds R        rounds (default 9)
  -n, --iterations N    operations of each kind per row in a round (default 100)
      --json            print the results as JSON
  -h, --help            show this help
`,
  async run(args, io) {
    const { values } = parse(args, {
      algorithm: { type: 'string', short: 'a', multiple: true },
      backend: { type: 'string' },
      iterations: { type: 'string', short: 'n' },
      rounds: { type: 'string', short: 'r' },
      json: { type: 'boolean' },
    });
    const algorithms =
      values.algorithm === undefined ? undefined : new Set(values.algorithm.map((a) => parseAlgorithm(a)));
    const backend = values.backend ?? 'all';
    const iterations = values.iterations ?? '100';
    const roundsText = values.rounds ?? '9';
    if (backend !== 'portable' && backend !== 'wasm' && backend !== 'all')
      throw new UsageError(`--backend must be portable, wasm or all, got '${backend}'`);
    const n = Number(iterations);
    if (!/^\d+$/.test(iterations) || !Number.isSafeInteger(n) || n < 1 || n > 10_000_000) {
      throw new UsageError(`-n/--iterations must be a whole number from 1 to 10000000, got '${iterations}'`);
    }
    const rounds = Number(roundsText);
    if (!/^\d+$/.test(roundsText) || rounds < 1 || rounds > 1000)
      throw new UsageError(`-r/--rounds must be a whole number from 1 to 1000, got '${roundsText}'`);

    const backends: Array<[Backend, readonly MlKem[]]> = [];
    if (backend !== 'portable') {
      const { loadWasmSync } = await import('../../wasm/index.js');
      const wasm = loadWasmSync();
      backends.push(['wasm', [wasm.MlKem512, wasm.MlKem768, wasm.MlKem1024]]);
    }
    if (backend !== 'wasm') backends.push(['portable', [MlKem512, MlKem768, MlKem1024]]);

    const show = progress(io);
    const chosen: Array<{ kem: MlKem; backend: Backend }> = [];
    for (const kem of [MlKem512, MlKem768, MlKem1024]) {
      if (algorithms !== undefined && !algorithms.has(kem.name)) continue;
      for (const [name, kems] of backends) chosen.push({ kem: kems.find((k) => k.name === kem.name)!, backend: name });
    }
    let rows: Row[];
    try {
      rows = measureAll(chosen, n, rounds, show);
    } finally {
      show();
    }
    const { bun, deno } = process.versions as { bun?: string; deno?: string };
    const runtime = `${bun !== undefined ? `Bun ${bun}` : deno !== undefined ? `Deno ${deno}` : `Node.js ${process.version}`}, ${process.platform} ${process.arch}`;
    if (values.json === true) io.writeStdout(`${JSON.stringify({ runtime, rows }, null, 2)}\n`);
    else io.writeStdout(`mlkem-ts bench on ${runtime}\n${table(rows)}`);
  },
};
