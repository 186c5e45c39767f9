// `npm run fuzz -- --iterations N [--seed S] [--target name|group|all] [--start I]
// [--max-violations M] [--list]`: a seeded fuzzer of every public function. Each iteration picks
// a target — keygen (with and without a seed), encapsulate, encapsulateInternal and decapsulate of
// ML-KEM-512/768/1024 and of every hybrid (from the registry), run on BOTH backends, the hybrid factories, and the
// encoders and decoders of mlkem-ts/keys (one implementation: over the portable core) —
// and feeds it valid, mutated (bit flips, byte changes, truncation, extension, splices,
// coefficients >= q in public keys, a wrong H(ek) in secret keys, invalid curve points, DER, PEM
// and JWK mutations), random or wrongly typed arguments, or valid ones passed as another kind of
// Uint8Array (test/support/contract.ts, ARG_KINDS). The hostile group holds inputs in resizable
// and growable buffers that getRandomValues changes mid-call, and feeds the text parsers up to a
// megabyte of adversarial text under a linear time bound. The x25519 group runs the WebAssembly
// X25519 against OpenSSL, and X-Wing on it against X-Wing on node:crypto. Invariants (test/support/contract.ts):
//   - nothing but an MlKemError with a documented code is thrown, and for the core and the
//     hybrids exactly the outcome the independent oracle predicts (so decapsulating a ciphertext
//     of the right length never throws for ML-KEM and X-Wing);
//   - results have the right sizes and structure, decapsulation gives the honest secret or
//     J(z ‖ c) computed by node:crypto, and decoded keys re-encode to the same bytes;
//   - both backends agree (same bytes, or the same error code), and another argument kind gives
//     what the plain Uint8Array gives;
//   - arguments are left unmodified, and results are plain Uint8Arrays sharing no memory with them.
// Each iteration draws from its own PRNG seeded by (seed, iteration), and the corpus of valid
// inputs from the seed, so `--seed S --start I --iterations 1` replays iteration I. Progress goes
// to stderr every 5 s; the summary to stdout. Stops after --max-violations (20) and exits 1 on any.
import { performance } from 'node:perf_hooks';

import { CODES } from '../test/support/api.js';
import { showArg } from './fuzz/args.js';
import { buildCorpus } from './fuzz/corpus.js';
import { Rng } from './fuzz/prng.js';
import { coreTargets } from './fuzz/targets-core.js';
import { factoryTargets } from './fuzz/targets-factories.js';
import { hostileTargets } from './fuzz/targets-hostile.js';
import { hybridTargets } from './fuzz/targets-hybrid.js';
import { keysTargets } from './fuzz/targets-keys.js';
import { x25519Targets } from './fuzz/targets-x25519.js';

// ---- options ------------------------------------------------------------------------------------

interface Options {
  iterations: number;
  seed: number;
  target: string;
  start: number;
  list: boolean;
  maxViolations: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    iterations: 10_000,
    seed: (Math.random() * 2 ** 32) >>> 0,
    target: 'all',
    start: 0,
    list: false,
    maxViolations: 20,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const num = (v: string) => {
      const n = Number(v.replace(/_/g, ''));
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag}: not a non-negative integer: ${v}`);
      return n;
    };
    if (flag === '--iterations' || flag === '-n') o.iterations = num(value());
    else if (flag === '--seed') o.seed = num(value()) >>> 0;
    else if (flag === '--target') o.target = value();
    else if (flag === '--start') o.start = num(value());
    else if (flag === '--list') o.list = true;
    else if (flag === '--max-violations') o.maxViolations = num(value());
    else
      throw new Error(
        `unknown option ${flag} (use --iterations N, --seed S, --target name|group|all, --start I, --max-violations M, --list)`,
      );
  }
  return o;
}

// ---- the run --------------------------------------------------------------------------------------

interface Violation {
  iteration: number;
  target: string;
  message: string;
}

function main(): number {
  const opts = parseOptions(process.argv.slice(2));
  const corpus = buildCorpus(opts.seed);
  const all = [
    ...coreTargets(corpus),
    ...hybridTargets(corpus),
    ...factoryTargets(corpus),
    ...keysTargets(corpus),
    ...hostileTargets(),
    ...x25519Targets(),
  ];
  if (opts.list) {
    for (const t of all) console.log(`${t.name.padEnd(40)} group ${t.group.padEnd(20)} weight ${t.weight}`);
    return 0;
  }
  const wanted = opts.target.split(',').map((s) => s.trim());
  const targets = all.filter((t) =>
    wanted.some((w) => w === 'all' || w === t.name || w === t.group || t.name.startsWith(`${w}.`)),
  );
  if (targets.length === 0) throw new Error(`no target matches ${opts.target} (see --list)`);
  const totalWeight = targets.reduce((s, t) => s + t.weight, 0);
  const pickTarget = (r: Rng) => {
    let x = (r.u32() / 2 ** 32) * totalWeight;
    for (const t of targets) if ((x -= t.weight) < 0) return t;
    return targets[targets.length - 1]!;
  };

  const counts = new Map<string, Map<string, number>>(targets.map((t) => [t.name, new Map()]));
  const strategies = new Map<string, number>();
  const codes = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const violations: Violation[] = [];
  /** Violations by kind (the first line, numbers and hex left out), to print only the first few of each in full. */
  const kinds = new Map<string, { count: number; first: Violation }>();
  const MAX_VIOLATIONS = opts.maxViolations;

  console.error(
    `fuzz: seed ${opts.seed}, ${opts.iterations} iterations from ${opts.start}, ${targets.length} targets (${opts.target})`,
  );
  for (const p of corpus.problems) {
    violations.push({ iteration: -1, target: 'corpus', message: p });
    kinds.set(p, { count: 1, first: violations.at(-1)! });
  }

  const t0 = performance.now();
  let lastReport = t0;
  let done = 0;
  const progress = (final: boolean) => {
    const s = (performance.now() - t0) / 1000;
    const lines = [...new Set(targets.map((t) => t.group))].map((g) => {
      const parts = targets
        .filter((t) => t.group === g)
        .map((t) => `${t.name.slice(g.length + 1)} ${[...counts.get(t.name)!.values()].reduce((a, b) => a + b, 0)}`);
      return `  ${g}: ${parts.join(', ')}`;
    });
    const byCode = [...codes]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    console.error(
      `fuzz: ${done}/${opts.iterations} (${((100 * done) / Math.max(1, opts.iterations)).toFixed(1)}%) in ${s.toFixed(0)} s, ${(done / Math.max(s, 1e-9)).toFixed(0)} iterations/s, ${violations.length} violations${final ? ', done' : ''}\n` +
        `${lines.join('\n')}\n  outcomes: ${byCode}`,
    );
  };

  for (let i = opts.start; i < opts.start + opts.iterations && violations.length < MAX_VIOLATIONS; i++) {
    const r = new Rng(opts.seed, i);
    const target = pickTarget(r);
    const input = target.generate(r);
    const found: string[] = [];
    let outcome: string;
    try {
      outcome = target.run(input, r, (m) => found.push(m));
    } catch (err) {
      outcome = 'harness error';
      found.push(`the fuzzer itself threw: ${err instanceof Error ? err.stack : String(err)}`);
    }
    bump(counts.get(target.name)!, outcome);
    bump(strategies, input.strategy);
    bump(codes, outcome);
    if (found.length > 0) {
      const message = [
        ...found,
        `strategy: ${input.strategy} (${input.note})`,
        ...input.args.map((a, j) => `argument ${j}: ${showArg(a)}`),
        `replay: npm run fuzz -- --seed ${opts.seed} --start ${i} --iterations 1 --target ${target.name}`,
      ].join('\n  ');
      const v = { iteration: i, target: target.name, message };
      violations.push(v);
      const kind = found[0]!.split('\n')[0]!.replace(/<[0-9a-f]*>|[0-9a-f]{16,}|\d+/g, '#');
      const k = kinds.get(kind) ?? { count: 0, first: v };
      kinds.set(kind, { ...k, count: k.count + 1 });
      if (k.count < 5)
        console.error(`\nVIOLATION at iteration ${i} (seed ${opts.seed}), ${target.name}:\n  ${message}\n`);
    }
    done++;
    const now = performance.now();
    if (now - lastReport > 5000) {
      lastReport = now;
      progress(false);
    }
  }
  progress(true);

  // The summary: per target, then per strategy, then the verdict on the last line.
  const seconds = (performance.now() - t0) / 1000;
  const columns = ['ok', ...CODES];
  const head = `${'target'.padEnd(40)}${'calls'.padStart(9)}${columns.map((c) => c.replace('ERR_INVALID_', '').replace('ERR_', '').toLowerCase().padStart(13)).join('')}`;
  console.log(
    `\nfuzz summary: seed ${opts.seed}, iterations ${opts.start}..${opts.start + done - 1}, ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)} iterations/s), both backends per ML-KEM and hybrid call`,
  );
  console.log(head);
  for (const t of targets) {
    const c = counts.get(t.name)!;
    const total = [...c.values()].reduce((a, b) => a + b, 0);
    const other = [...c.keys()].filter((k) => !columns.includes(k));
    console.log(
      `${t.name.padEnd(40)}${String(total).padStart(9)}${columns.map((k) => String(c.get(k) ?? 0).padStart(13)).join('')}${other.map((k) => `  ${k} ${c.get(k)}`).join('')}`,
    );
  }
  console.log(`strategies: ${[...strategies].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  if (violations.length > 0) {
    console.log(
      `\n${violations.length} violation(s)${violations.length >= MAX_VIOLATIONS ? ` (stopped at --max-violations ${MAX_VIOLATIONS})` : ''}, by kind:`,
    );
    for (const [kind, { count, first }] of kinds)
      console.log(`- ${count} × ${kind}\n    first at iteration ${first.iteration} (${first.target})`);
  }
  console.log(`fuzz: ${done} iterations, ${violations.length} violations`);
  return violations.length > 0 ? 1 : 0;
}

process.exitCode = main();
