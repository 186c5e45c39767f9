/**
 * `npm run bench`: keygen, encapsulate and decapsulate for ML-KEM-512/768/1024, our two backends
 * (wasm, portable) against the peers, in one process, interleaved, with medians over rounds (ARCHITECTURE.md; the README's Benchmark section).
 *
 * Usage: npm run bench -- [--rounds N] [--quick] [--json FILE] [--filter 768[,1024]]
 *                         [--batch-ms MS] [--clock cpu|wall] [--skip-hybrids] [--write]
 * --write (under Node 26, all levels) puts the ML-KEM and key-object tables into docs/benchmark.md
 * between their markers, and the hybrid rows' table into docs/hybrid.md (bench/doc-tables.ts).
 * The hybrid KEM rows (bench/hybrid.ts, also `npm run bench:hybrid`) follow the ML-KEM table, and
 * the rows of the noble drop-ins (bench/noble.ts, also `npm run bench:noble`) the Web Crypto ones.
 *
 * Timing design:
 * - Clock: CPU time by default, `process.cpuUsage()` (user + system µs of the whole process)
 *   around a batch of N operations. On a shared, noisy machine CPU time is not inflated while the
 *   process waits for a core; it does include V8's helper threads (concurrent GC, background JIT),
 *   which is the real cost of an implementation's allocations. `--clock wall` uses
 *   `process.hrtime.bigint()` instead. Both are recorded for every batch and written by `--json`.
 * - Warm-up: every (implementation, level, op) runs for a fixed time, in two passes over all of
 *   them, so that code shared between levels has seen every level before anything is timed (JIT
 *   tiers, inline caches). The second pass also sizes each batch to take about `--batch-ms`.
 * - Rounds: in each round, for each (level, op), every implementation runs one batch, in a fresh
 *   random order, so drift in machine speed hits all of them alike. Reported: the median µs/op
 *   over rounds, with its median absolute deviation, and for each peer the median over rounds of
 *   the ratio peer / base measured in the same round, for each of our backends as the base
 *   ("4.2×": the base is 4.2 times faster).
 * - Under Node 26 (`$(scripts/install-node.sh) --import tsx bench/bench.ts`), Node's own ML-KEM
 *   (OpenSSL through node:crypto) joins as `node`.
 * - Inputs are made outside the timed region: per level and implementation, a small pool of key
 *   pairs and ciphertexts from that implementation itself (each decapsulates its own ciphertexts).
 *   Keygen and encapsulation draw fresh randomness inside the timed region, as real callers do.
 * - Before any timing, every implementation must round-trip at every level, or the run fails.
 *
 * Adding an implementation: write an `ImplFactory` that returns `{ name, levels }` (or undefined
 * when the runtime lacks it) and append it to `IMPLEMENTATIONS`.
 */
import * as nodeCrypto from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';

import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { createMlKem1024, createMlKem512, createMlKem768 } from 'mlkem';

import { ctEqual } from '../src/ct.js';
import { MlKem1024, MlKem512, MlKem768 } from '../src/index.js';
import { loadWasm } from '../src/wasm/index.js';
import { keyObjectTable, mlkemTable, writeBetween } from './doc-tables.js';
import { runHybridBench } from './hybrid.js';
import { keyObjectCosts, keyObjectImpls, keyObjectTargets } from './key-objects.js';
import { median, shuffle } from './micro.js';
import { pkcs8ImportCosts } from './pkcs8-import.js';

// ---------------------------------------------------------------------------------------------
// Implementations

type Level = 512 | 768 | 1024;
type Op = 'keygen' | 'encaps' | 'decaps';
const LEVELS: readonly Level[] = [512, 768, 1024];
const OPS: readonly Op[] = ['keygen', 'encaps', 'decaps'];
/** Our backends, the bases of the ratios. */
const BASELINES: readonly string[] = ['wasm', 'portable'];
/** Key objects (bench/key-objects.ts), compared with the one-shot functions and with Node's KeyObjects. */
const KEY_OBJECT_PAIRS: ReadonlyArray<[string, string]> = [
  ['wasm', 'wasm-key'],
  ['portable', 'portable-key'],
  ['node', 'wasm-key'],
];

/** One implementation at one parameter set. PK, SK and CT are whatever it uses for them. */
interface LevelOps<PK = unknown, SK = unknown, CT = unknown> {
  keygen(): { pk: PK; sk: SK };
  encaps(pk: PK): { ct: CT; ss: Uint8Array };
  decaps(ct: CT, sk: SK): Uint8Array;
}

interface Impl {
  /** Column name in the table; `wasm` and `portable` (ours) are the bases of the ratios. */
  name: string;
  /** Printed under the table, e.g. which API of a peer is measured. */
  note?: string;
  levels: Partial<Record<Level, LevelOps>>;
}

/** Resolves to undefined when the implementation is not available in this runtime. */
type ImplFactory = () => Promise<Impl | undefined>;

/** The shape of our public API (the README's API section); the wasm backend has the same objects. */
interface OurKem {
  keygen(): { publicKey: Uint8Array; secretKey: Uint8Array };
  encapsulate(publicKey: Uint8Array): { ciphertext: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

function ourLevels(kems: Record<Level, OurKem>): Record<Level, LevelOps> {
  const ops = (kem: OurKem): LevelOps<Uint8Array, Uint8Array, Uint8Array> => ({
    keygen: () => {
      const { publicKey, secretKey } = kem.keygen();
      return { pk: publicKey, sk: secretKey };
    },
    encaps: (pk) => {
      const { ciphertext, sharedSecret } = kem.encapsulate(pk);
      return { ct: ciphertext, ss: sharedSecret };
    },
    decaps: (ct, sk) => kem.decapsulate(ct, sk),
  });
  return { 512: ops(kems[512]), 768: ops(kems[768]), 1024: ops(kems[1024]) };
}

const ours: ImplFactory = async () => ({
  name: 'portable',
  levels: ourLevels({ 512: MlKem512, 768: MlKem768, 1024: MlKem1024 }),
});

const oursWasm: ImplFactory = async () => {
  const { MlKem512, MlKem768, MlKem1024 } = await loadWasm();
  return { name: 'wasm', levels: ourLevels({ 512: MlKem512, 768: MlKem768, 1024: MlKem1024 }) };
};

const noble: ImplFactory = async () => {
  type NobleKem = typeof ml_kem768;
  const ops = (kem: NobleKem): LevelOps<Uint8Array, Uint8Array, Uint8Array> => ({
    keygen: () => {
      const { publicKey, secretKey } = kem.keygen();
      return { pk: publicKey, sk: secretKey };
    },
    encaps: (pk) => {
      const { cipherText, sharedSecret } = kem.encapsulate(pk);
      return { ct: cipherText, ss: sharedSecret };
    },
    decaps: (ct, sk) => kem.decapsulate(ct, sk),
  });
  return {
    name: 'noble',
    note: '@noble/post-quantum `ml_kem*` one-shot API',
    levels: { 512: ops(ml_kem512), 768: ops(ml_kem768), 1024: ops(ml_kem1024) },
  };
};

const mlkem: ImplFactory = async () => {
  type MlkemKem = Awaited<ReturnType<typeof createMlKem768>>;
  const ops = (kem: MlkemKem): LevelOps<Uint8Array, Uint8Array, Uint8Array> => ({
    keygen: () => {
      const [pk, sk] = kem.generateKeyPair();
      return { pk, sk };
    },
    encaps: (pk) => {
      const [ct, ss] = kem.encap(pk);
      return { ct, ss };
    },
    decaps: (ct, sk) => kem.decap(ct, sk),
  });
  const [k512, k768, k1024] = await Promise.all([createMlKem512(), createMlKem768(), createMlKem1024()]);
  return {
    name: 'mlkem',
    note:
      'mlkem: synchronous instances from `await createMlKem*()`; the async `MlKem*` classes ' +
      '(deprecated) run the same code behind an `await`',
    levels: { 512: ops(k512), 768: ops(k768), 1024: ops(k1024) },
  };
};

/** Node's ML-KEM (OpenSSL), Node >= 24.7: not in the @types/node we build against. */
interface NodeKemApi {
  generateKeyPairSync(type: string): { publicKey: nodeCrypto.KeyObject; privateKey: nodeCrypto.KeyObject };
  encapsulate?(key: nodeCrypto.KeyObject): { sharedKey: Uint8Array; ciphertext: Uint8Array };
  decapsulate?(key: nodeCrypto.KeyObject, ciphertext: Uint8Array): Uint8Array;
}

const nodeBuiltin: ImplFactory = async () => {
  const api = nodeCrypto as unknown as NodeKemApi;
  const { encapsulate, decapsulate } = api;
  if (encapsulate === undefined || decapsulate === undefined) return undefined;
  try {
    api.generateKeyPairSync('ml-kem-768');
  } catch {
    return undefined; // encapsulate exists but OpenSSL lacks ML-KEM
  }
  const ops = (alg: string): LevelOps<nodeCrypto.KeyObject, nodeCrypto.KeyObject, Uint8Array> => ({
    keygen: () => {
      const { publicKey, privateKey } = api.generateKeyPairSync(alg);
      return { pk: publicKey, sk: privateKey };
    },
    encaps: (pk) => {
      const { ciphertext, sharedKey } = encapsulate(pk);
      return { ct: ciphertext, ss: sharedKey };
    },
    decaps: (ct, sk) => decapsulate(sk, ct),
  });
  return {
    name: 'node',
    note: 'node: `crypto.generateKeyPairSync` / `encapsulate` / `decapsulate`, KeyObjects reused',
    levels: { 512: ops('ml-kem-512'), 768: ops('ml-kem-768'), 1024: ops('ml-kem-1024') },
  };
};

const IMPLEMENTATIONS: readonly ImplFactory[] = [
  oursWasm,
  ours,
  ...(keyObjectImpls as ImplFactory[]),
  noble,
  mlkem,
  nodeBuiltin,
];

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  rounds: number;
  batchMs: number;
  warmupMs: number;
  clock: 'cpu' | 'wall';
  levels: readonly Level[];
  json: string | undefined;
  quick: boolean;
  /** Also run bench/hybrid.ts (the hybrid KEM rows); --skip-hybrids turns it off. */
  hybrids: boolean;
  /** Write the ML-KEM and key-object tables into docs/benchmark.md. */
  write: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string' },
      quick: { type: 'boolean', default: false },
      json: { type: 'string' },
      filter: { type: 'string' },
      'batch-ms': { type: 'string' },
      clock: { type: 'string', default: 'cpu' },
      'skip-hybrids': { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
  });
  const quick = values.quick === true;
  const clock = values.clock;
  if (clock !== 'cpu' && clock !== 'wall') throw new Error(`--clock: expected cpu or wall, got ${clock}`);
  return {
    rounds: positiveInt('--rounds', values.rounds, quick ? 3 : 15),
    batchMs: positiveInt('--batch-ms', values['batch-ms'], quick ? 5 : 30),
    warmupMs: quick ? 25 : 150,
    clock,
    levels: parseLevels(values.filter),
    json: values.json,
    quick,
    hybrids: values['skip-hybrids'] !== true,
    write: values.write === true,
  };
}

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: expected a positive integer, got ${text}`);
  return n;
}

function parseLevels(text: string | undefined): readonly Level[] {
  if (text === undefined) return LEVELS;
  const wanted = text.split(',').map((s) => s.trim().replace(/^ml-?kem-?/i, ''));
  const levels = LEVELS.filter((l) => wanted.includes(String(l)));
  if (levels.length === 0) throw new Error(`--filter: expected levels among ${LEVELS.join(', ')}, got ${text}`);
  return levels;
}

// ---------------------------------------------------------------------------------------------
// Tasks: one (implementation, level, op), with its inputs made in advance

/** Number of distinct keys/ciphertexts cycled through, so that no per-key caching can help. */
const POOL = 8;

interface Task {
  impl: string;
  level: Level;
  op: Op;
  /** Runs the operation n times. */
  run: (n: number) => void;
  /** Operations per timed batch, set by the warm-up. */
  batch: number;
}

/** Results are stored here so that no call can be optimized away. */
let sink: unknown;

function makeRunner(ops: LevelOps, op: Op): (n: number) => void {
  const keys = Array.from({ length: POOL }, () => ops.keygen());
  const cts = keys.map((k) => ops.encaps(k.pk).ct);
  switch (op) {
    case 'keygen':
      return (n) => {
        for (let i = 0; i < n; i++) sink = ops.keygen();
      };
    case 'encaps':
      return (n) => {
        for (let i = 0; i < n; i++) sink = ops.encaps(keys[i % POOL]!.pk);
      };
    case 'decaps':
      return (n) => {
        for (let i = 0; i < n; i++) sink = ops.decaps(cts[i % POOL], keys[i % POOL]!.sk);
      };
  }
}

function makeTasks(impls: readonly Impl[], levels: readonly Level[]): Task[] {
  const tasks: Task[] = [];
  for (const level of levels) {
    for (const op of OPS) {
      for (const impl of impls) {
        const ops = impl.levels[level];
        if (ops !== undefined) tasks.push({ impl: impl.name, level, op, run: makeRunner(ops, op), batch: 1 });
      }
    }
  }
  return tasks;
}

// ---------------------------------------------------------------------------------------------
// Sanity check

/** Throws unless every implementation round-trips and rejects a foreign secret key. */
function sanityCheck(impls: readonly Impl[], levels: readonly Level[]): void {
  for (const impl of impls) {
    for (const level of levels) {
      const ops = impl.levels[level];
      if (ops === undefined) continue;
      const where = `${impl.name} ML-KEM-${level}`;
      const alice = ops.keygen();
      const other = ops.keygen();
      const { ct, ss } = ops.encaps(alice.pk);
      const ss2 = ops.decaps(ct, alice.sk);
      if (ss.length !== 32) throw new Error(`sanity check: ${where}: shared secret has ${ss.length} bytes`);
      if (!ctEqual(ss, ss2)) throw new Error(`sanity check: ${where}: decapsulated secret differs`);
      if (ctEqual(ss, ops.decaps(ct, other.sk))) {
        throw new Error(`sanity check: ${where}: a different secret key gave the same shared secret`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Timing

interface Sample {
  cpuUs: number;
  wallUs: number;
}

/** Times run(n); the clocks are read as close to the call as possible. */
function timeBatch(run: (n: number) => void, n: number): Sample {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  run(n);
  const t1 = process.hrtime.bigint();
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: cpu.user + cpu.system, wallUs: Number(t1 - t0) / 1e3 };
}

/** Runs the task one op at a time for about `ms` of wall time; returns the CPU µs per op. */
function runFor(task: Task, ms: number): number {
  const cpu0 = process.cpuUsage();
  const end = process.hrtime.bigint() + BigInt(Math.round(ms * 1e6));
  let n = 0;
  do {
    task.run(1);
    n++;
  } while (process.hrtime.bigint() < end);
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / n;
}

/** Two passes over all tasks; the second sets each batch size. */
function warmUp(tasks: readonly Task[], opts: Options): void {
  for (let pass = 1; pass <= 2; pass++) {
    for (const [i, task] of tasks.entries()) {
      progress(`warm-up ${pass}/2: ${i + 1}/${tasks.length} ${task.impl} ML-KEM-${task.level} ${task.op}`);
      const perOpUs = runFor(task, opts.warmupMs);
      task.batch = Math.max(1, Math.round((opts.batchMs * 1e3) / Math.max(perOpUs, 0.01)));
    }
  }
}

/** samples.get(task)[round] */
type Samples = Map<Task, Sample[]>;

function runRounds(tasks: readonly Task[], opts: Options): Samples {
  const samples: Samples = new Map(tasks.map((t) => [t, []]));
  const cells = groupByCell(tasks);
  for (let round = 1; round <= opts.rounds; round++) {
    progress(`round ${round}/${opts.rounds}`);
    for (const cell of cells) {
      for (const task of shuffle(cell)) samples.get(task)!.push(timeBatch(task.run, task.batch));
    }
  }
  return samples;
}

/** Tasks of the same (level, op), in the order the tasks are listed. */
function groupByCell(tasks: readonly Task[]): Task[][] {
  const cells = new Map<string, Task[]>();
  for (const t of tasks) {
    const key = `${t.level} ${t.op}`;
    const cell = cells.get(key) ?? [];
    cell.push(t);
    cells.set(key, cell);
  }
  return [...cells.values()];
}

// ---------------------------------------------------------------------------------------------
// Statistics and report

/** Median absolute deviation. */
function mad(xs: readonly number[]): number {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
}

interface Result {
  impl: string;
  level: Level;
  op: Op;
  batch: number;
  medianUs: number;
  madUs: number;
  medianCpuUs: number;
  medianWallUs: number;
  /** µs/op per round, on the chosen clock. */
  roundsUs: number[];
}

interface Ratio {
  peer: string;
  /** One of our backends (BASELINES). */
  base: string;
  level: Level;
  op: Op;
  /** Median over rounds of peer µs / base µs in the same round. */
  pairedMedian: number;
  /** Peer median / base median. */
  ofMedians: number;
}

function summarize(samples: Samples, clock: Options['clock']): Result[] {
  return [...samples].map(([task, ss]) => {
    const cpu = ss.map((s) => s.cpuUs / task.batch);
    const wall = ss.map((s) => s.wallUs / task.batch);
    const chosen = clock === 'cpu' ? cpu : wall;
    return {
      impl: task.impl,
      level: task.level,
      op: task.op,
      batch: task.batch,
      medianUs: median(chosen),
      madUs: mad(chosen),
      medianCpuUs: median(cpu),
      medianWallUs: median(wall),
      roundsUs: chosen,
    };
  });
}

/**
 * The (peer, baseline) pairs reported: every one-shot implementation against each of our
 * backends, and the key-object pairs.
 */
function ratioPairs(names: readonly string[]): Array<[string, string]> {
  const bases = BASELINES.filter((b) => names.includes(b));
  const keyImpls = new Set(KEY_OBJECT_PAIRS.map(([, b]) => b));
  const oneShot = bases.flatMap((b) =>
    names
      .filter((p) => p !== b && !keyImpls.has(p) && !(bases.includes(p) && bases.indexOf(p) < bases.indexOf(b)))
      .map((p): [string, string] => [p, b]),
  );
  return [...oneShot, ...KEY_OBJECT_PAIRS.filter(([p, b]) => names.includes(p) && names.includes(b))];
}

function ratios(results: readonly Result[]): Ratio[] {
  const out: Ratio[] = [];
  for (const [peerName, baseName] of ratioPairs([...new Set(results.map((r) => r.impl))])) {
    for (const base of results.filter((r) => r.impl === baseName)) {
      const peer = results.find((r) => r.impl === peerName && r.level === base.level && r.op === base.op);
      if (peer === undefined) continue;
      const perRound = peer.roundsUs.map((us, i) => us / base.roundsUs[i]!);
      out.push({
        peer: peer.impl,
        base: baseName,
        level: base.level,
        op: base.op,
        pairedMedian: median(perRound),
        ofMedians: peer.medianUs / base.medianUs,
      });
    }
  }
  return out;
}

function formatUs(r: Result | undefined): string {
  if (r === undefined) return '–';
  const digits = r.medianUs < 100 ? 1 : 0;
  const spread = r.medianUs > 0 ? (100 * r.madUs) / r.medianUs : 0;
  return `${r.medianUs.toFixed(digits)} ±${spread.toFixed(1)}%`;
}

function markdownTable(impls: readonly Impl[], results: readonly Result[], rs: readonly Ratio[]): string {
  const names = impls.map((i) => i.name);
  const pairs = ratioPairs(names);
  const header = ['parameter set', 'op', ...names.map((n) => `${n} µs/op`), ...pairs.map(([p, b]) => `${p}/${b}`)];
  const lines = [`| ${header.join(' | ')} |`, `| --- | --- |${' ---: |'.repeat(header.length - 2)}`];
  const levels = [...new Set(results.map((r) => r.level))];
  for (const level of levels) {
    for (const op of OPS) {
      const find = (impl: string) => results.find((r) => r.impl === impl && r.level === level && r.op === op);
      const ratio = (peer: string, base: string) =>
        rs.find((r) => r.peer === peer && r.base === base && r.level === level && r.op === op);
      const cells = [
        `ML-KEM-${level}`,
        op,
        ...names.map((n) => formatUs(find(n))),
        ...pairs.map(([p, b]) => {
          const r = ratio(p, b);
          return r === undefined ? '–' : `${r.pairedMedian.toFixed(2)}×`;
        }),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

function environment(opts: Options): string {
  const cpus = os.cpus();
  return (
    [
      `node ${process.version} (V8 ${process.versions.v8})`,
      `${cpus[0]?.model.trim() ?? 'unknown CPU'} ×${cpus.length}`,
      `${process.platform} ${process.arch}`,
      new Date().toISOString(),
    ].join(', ') +
    `; ${opts.rounds} rounds, batches ≈${opts.batchMs} ms, ${opts.clock === 'cpu' ? 'CPU' : 'wall'} time` +
    (opts.quick ? ' (--quick: smoke test, not for comparisons)' : '')
  );
}

function report(impls: readonly Impl[], results: readonly Result[], rs: readonly Ratio[], opts: Options): string {
  const notes = impls.flatMap((i) => (i.note === undefined ? [] : [`- ${i.note}`]));
  return [
    '## ML-KEM benchmark',
    '',
    environment(opts),
    '',
    markdownTable(impls, results, rs),
    '',
    `- µs/op: median over rounds; ± is the median absolute deviation over rounds, relative to the median.`,
    `- peer/base: median over rounds of (peer µs / base µs) in the same round; ` +
      `above 1× means the base (${BASELINES.join(' or ')}, our backends; or the key objects) is faster.`,
    ...notes,
    '',
  ].join('\n');
}

/** docs/benchmark.md's ML-KEM and key-object tables from this run (bench/doc-tables.ts); the page records a Node 26 run. */
function writeDocTables(impls: readonly Impl[], results: readonly Result[], rs: readonly Ratio[], opts: Options): void {
  if (!impls.some((i) => i.name === 'node') || opts.levels.length !== LEVELS.length)
    throw new Error(
      '--write: the page records every level beside Node 26 (run under $(scripts/install-node.sh), no --filter)',
    );
  const version = (name: string) =>
    (
      JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
  const names = {
    node: `Node ${process.versions.node.split('.')[0]} (OpenSSL)`,
    noble: `@noble/post-quantum ${version('@noble/post-quantum')}`,
    mlkem: `mlkem ${version('mlkem')}`,
  };
  const args = process.argv.slice(2).join(' ');
  const path = new URL('../docs/benchmark.md', import.meta.url);
  let doc = readFileSync(path, 'utf8');
  doc = writeBetween(
    doc,
    'mlkem',
    `\`$(scripts/install-node.sh) --import tsx bench/bench.ts ${args}\`,\n${environment(opts)}:\n` +
      'µs per operation (lower is better) and how many times faster our WebAssembly backend is than\n' +
      'each peer in the same rounds:\n\n' +
      mlkemTable(results, rs, names),
  );
  writeFileSync(path, writeBetween(doc, 'key-objects', keyObjectTable(results, rs)));
  progress('wrote docs/benchmark.md');
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const impls = (await Promise.all(IMPLEMENTATIONS.map((f) => f()))).filter((i): i is Impl => i !== undefined);
  progress(`implementations: ${impls.map((i) => i.name).join(', ')}`);
  sanityCheck(impls, opts.levels);
  const tasks = makeTasks(impls, opts.levels);
  warmUp(tasks, opts);
  const results = summarize(runRounds(tasks, opts), opts.clock);
  const rs = ratios(results);
  process.stdout.write(report(impls, results, rs, opts));
  if (opts.write) writeDocTables(impls, results, rs, opts);
  process.stdout.write('\n' + keyObjectTargets(rs, opts.levels) + '\n');
  progress('key-object construction costs');
  process.stdout.write('\n' + (await keyObjectCosts(opts.levels, opts.quick ? 3 : 9)) + '\n');
  process.stdout.write('\n' + pkcs8ImportCosts(opts.levels, opts.quick ? 3 : 9) + '\n');
  process.stdout.write('\n' + (await (await import('./hpke.js')).hpkeBench(opts))); // HPKE rows: bench/hpke.ts
  process.stdout.write('\n' + (await (await import('./webcrypto.js')).webcryptoBench(opts.quick ? 3 : 11))); // Web Crypto rows: bench/webcrypto.ts
  process.stdout.write(
    '\n' +
      (await (
        await import('./noble.js')
      ).nobleBench({ quick: opts.quick, rounds: opts.quick ? 3 : Math.max(3, Math.min(opts.rounds, 9)) })),
  ); // the noble drop-ins: bench/noble.ts
  if (opts.json !== undefined) {
    const data = { environment: environment(opts), options: opts, results, ratios: rs };
    writeFileSync(opts.json, JSON.stringify(data, null, 2) + '\n');
    progress(`wrote ${opts.json}`);
  }
  if (sink === undefined) progress('(nothing ran)');
  if (opts.hybrids) process.stdout.write(`\n${await runHybridBench({ quick: opts.quick, write: opts.write })}`);
  progress(`npm run bench took ${Math.round(performance.now() / 1000)} s`); // since the process started
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
