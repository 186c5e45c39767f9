/**
 * First use: what a fresh process pays before its first results, ML-KEM-768. Each sample is a new
 * Node.js process that times itself from its first (dynamic) import of the library to the end of
 * its work, so the runtime's own start-up is left out but loading, compiling and warming up are in:
 *   round trip   import + keygen + encapsulate + decapsulate
 *   1,000 encaps import + keygen + 1,000 one-shot encapsulations to that key (node:crypto: to its
 *                KeyObject, as a program using it would)
 *   1,000 encaps, key object  the same to a key object on every side (ours: encapsulationKey;
 *                noble: prepare), each keeping the expanded key as node:crypto's KeyObject does
 *   CLI keygen   the wall time of `mlkem-ts keygen -o FILE` (dist/cli/bin.js), process start to exit,
 *                beside a Node script doing the same with node:crypto (generate, export PKCS#8 PEM,
 *                write the file), timed the same way
 * for node:crypto (Node ≥ 24.7, where it has ML-KEM), mlkem-ts/wasm (`await loadWasm()`),
 * mlkem-ts (portable) and @noble/post-quantum, on this Node.js and on Node 26
 * (scripts/install-node.sh). Every round runs every process once, in a fresh random order;
 * printed: the median ms of each, and the median of the per-round ratios to node:crypto
 * (on Node 20, which has no ML-KEM, to mlkem-ts/wasm). Runs the built package (dist/: `npm run
 * build` first, unless --no-build).
 *
 *   npm run bench:cold [-- --rounds 15] [--before DIR] [--write] [--no-build] [--node PATH|none ...] [--cpu]
 *                      [--browsers chromium,firefox]
 *
 * --before DIR adds the rows of another checkout's built dist/ ("before"; several: named by their
 * folders); --write puts the tables
 * into docs/benchmark.md between its bench:cold markers; --browsers adds a page's first round trip
 * (bench/cold-page.ts) in each browser, a fresh one for every sample, beside its Web Crypto's ML-KEM
 * where it has one; --cpu times the main thread's CPU instead
 * of the wall clock (a busy machine's measure, not the user's; the CLI rows stay wall time).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { type BrowserName, bundlePage, runPage } from '../scripts/run-page.js';
import { median, shuffle } from './micro.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    before: { type: 'string', multiple: true },
    write: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    cpu: { type: 'boolean', default: false },
    browsers: { type: 'string', default: '' },
    node: { type: 'string', multiple: true },
  },
});
const rounds = Number(opts.rounds);
if (!opts['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

const nodes = opts.node?.filter((n) => n !== 'none') ?? [
  process.execPath,
  execFileSync('bash', ['scripts/install-node.sh'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim(),
];
const dir = mkdtempSync(join(tmpdir(), 'mlkem-cold-'));
const url = (path: string): string => pathToFileURL(path).href;
const noble = url(createRequire(join(root, 'package.json')).resolve('@noble/post-quantum/ml-kem.js'));

/** The work of each scenario, after `const t0 = performance.now()` and the import of `lib`. */
const WORK: Record<string, Record<string, string>> = {
  'round trip': {
    node: `const c = await import('node:crypto');
      const { publicKey, privateKey } = c.generateKeyPairSync('ml-kem-768');
      const { ciphertext } = c.encapsulate(publicKey);
      c.decapsulate(privateKey, ciphertext);`,
    ours: `const kem = await backend();
      const { publicKey, secretKey } = kem.keygen();
      const { ciphertext } = kem.encapsulate(publicKey);
      kem.decapsulate(ciphertext, secretKey);`,
    noble: `const { ml_kem768: kem } = await import('${noble}');
      const { publicKey, secretKey } = kem.keygen();
      const { cipherText } = kem.encapsulate(publicKey);
      kem.decapsulate(cipherText, secretKey);`,
  },
  '1,000 encaps': {
    node: `const c = await import('node:crypto');
      const { publicKey } = c.generateKeyPairSync('ml-kem-768');
      for (let i = 0; i < 1000; i++) c.encapsulate(publicKey);`,
    ours: `const kem = await backend();
      const { publicKey } = kem.keygen();
      for (let i = 0; i < 1000; i++) kem.encapsulate(publicKey);`,
    noble: `const { ml_kem768: kem } = await import('${noble}');
      const { publicKey } = kem.keygen();
      for (let i = 0; i < 1000; i++) kem.encapsulate(publicKey);`,
  },
  // The same to a key object on every side: node:crypto's KeyObject keeps the expanded key (Â) as
  // ours and noble's prepare() do, which the one-shot calls above compute again each time.
  '1,000 encaps, key object': {
    node: `const c = await import('node:crypto');
      const { publicKey } = c.generateKeyPairSync('ml-kem-768');
      for (let i = 0; i < 1000; i++) c.encapsulate(publicKey);`,
    ours: `const kem = await backend();
      const ek = kem.encapsulationKey(kem.keygen().publicKey);
      for (let i = 0; i < 1000; i++) ek.encapsulate();`,
    noble: `const { ml_kem768: kem } = await import('${noble}');
      const ek = kem.prepare(kem.keygen().publicKey);
      for (let i = 0; i < 1000; i++) ek.encapsulate();`,
  },
};

/** A checkout's implementations: the script that loads each, before its work. */
function ours(checkout: string): Record<string, string> {
  const dist = join(checkout, 'dist');
  return {
    'mlkem-ts/wasm': `const backend = async () => (await (await import('${url(join(dist, 'wasm/index.js'))}')).loadWasm()).MlKem768;`,
    'mlkem-ts': `const backend = async () => (await import('${url(join(dist, 'index.js'))}')).MlKem768;`,
  };
}

interface Task {
  node: string;
  scenario: string;
  impl: string;
  /** Runs the process once; returns its ms. */
  run: () => number;
  ms: number[];
}

let files = 0;
// The clock of the scripts: the wall clock, or with --cpu the main thread's CPU time (Node ≥ 23.9;
// before it the process's, which counts the background threads too).
const clock = opts.cpu
  ? `(() => { const u = process.threadCpuUsage?.() ?? process.cpuUsage(); return (u.user + u.system) / 1000; })`
  : '(() => performance.now())';
/** A script file that prints the ms from its first import to the end of `body`. */
function script(body: string): string {
  const path = join(dir, `s${files++}.mjs`);
  writeFileSync(
    path,
    `const clock = ${clock}; const t0 = clock();\n${body}\nprocess.stdout.write(String(clock() - t0));\n`,
  );
  return path;
}

function timed(node: string, path: string): () => number {
  return () => {
    const r = spawnSync(node, [path], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${path} failed on ${node}: ${r.stderr}`);
    return Number(r.stdout);
  };
}

/** Wall time of a whole process, spawn to exit. */
function wall(node: string, args: () => string[]): () => number {
  return () => {
    const t0 = performance.now();
    const r = spawnSync(node, args(), { encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${args().join(' ')} failed on ${node}: ${r.stderr}`);
    return ms;
  };
}

const hasNativeMlKem = (node: string): boolean =>
  execFileSync(node, ['-p', "typeof require('node:crypto').encapsulate"], { encoding: 'utf8' }).trim() === 'function';

const checkouts: Array<[string, string]> = [['', root]];
for (const dir of opts.before ?? [])
  checkouts.push([opts.before!.length === 1 ? ' (before)' : ` (${basename(resolve(dir))})`, resolve(dir)]);

const tasks: Task[] = [];
let outputs = 0;
const out = (): string => join(dir, `k${outputs++}.pem`);
for (const node of nodes) {
  const native = hasNativeMlKem(node);
  for (const [scenario, work] of Object.entries(WORK)) {
    const add = (impl: string, body: string): void => {
      tasks.push({ node, scenario, impl, run: timed(node, script(body)), ms: [] });
    };
    if (native) add('node:crypto', work.node!);
    for (const [suffix, checkout] of checkouts)
      for (const [impl, load] of Object.entries(ours(checkout))) add(impl + suffix, `${load}\n${work.ours!}`);
    add('@noble/post-quantum', work.noble!);
  }
  const scenario = 'CLI keygen -o';
  if (native) {
    const path = script(`const c = await import('node:crypto'); const fs = await import('node:fs');
      const { privateKey } = c.generateKeyPairSync('ml-kem-768');
      fs.writeFileSync(process.argv[2], privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });`);
    tasks.push({ node, scenario, impl: 'node:crypto', run: wall(node, () => [path, out()]), ms: [] });
  }
  for (const [suffix, checkout] of checkouts) {
    const bin = join(checkout, 'dist/cli/bin.js');
    tasks.push({
      node,
      scenario,
      impl: `mlkem-ts${suffix}`,
      run: wall(node, () => [bin, 'keygen', '-o', out()]),
      ms: [],
    });
  }
}

for (const task of tasks) task.run(); // a first run of each: the files are in the page cache
for (let r = 0; r < rounds; r++) {
  for (const task of shuffle(tasks)) task.ms.push(task.run());
  process.stderr.write(`round ${r + 1}/${rounds}\r`);
}
rmSync(dir, { recursive: true, force: true });

const version = (node: string): string => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const lines: string[] = [];
for (const node of nodes) {
  const mine = tasks.filter((t) => t.node === node);
  const impls = [...new Set(mine.map((t) => t.impl))];
  const base = impls.includes('node:crypto') ? 'node:crypto' : 'mlkem-ts/wasm';
  lines.push(
    `Node.js ${version(node)}, ${opts.cpu ? 'main-thread CPU ' : ''}ms (median of ${rounds} rounds) and the median per-round ratio to ${base}:`,
    '',
    `| | ${impls.join(' | ')} |`,
    `| --- |${impls.map(() => ' ---: |').join('')}`,
  );
  for (const scenario of new Set(mine.map((t) => t.scenario))) {
    const row = mine.filter((t) => t.scenario === scenario);
    const ref = row.find((t) => t.impl === base);
    const cells = impls.map((impl) => {
      const t = row.find((x) => x.impl === impl);
      if (t === undefined) return '';
      if (ref === undefined || t === ref) return fmt(median(t.ms));
      return `${fmt(median(t.ms))} (${median(t.ms.map((ms, i) => ms / ref.ms[i]!)).toFixed(2)}×)`;
    });
    lines.push(`| ${scenario} | ${cells.join(' | ')} |`);
  }
  lines.push('');
}
// A page's first operation: every sample a fresh browser with a fresh profile (bench/cold-page.ts).
for (const browser of opts.browsers.split(',').filter(Boolean) as BrowserName[]) {
  const page = join(root, 'bench/cold-page.ts');
  let impls = ['Web Crypto', 'mlkem-ts/wasm', 'mlkem-ts'];
  const bundles = new Map<string, Uint8Array>();
  for (const impl of impls) bundles.set(impl, await bundlePage(page, { __IMPL__: JSON.stringify(impl) }));
  const ms = new Map(impls.map((impl) => [impl, { script: [] as number[], page: [] as number[] }]));
  let ua = '';
  for (let r = 0; r < rounds; r++) {
    for (const impl of shuffle(impls)) {
      const res = await runPage<{ ok: boolean; error?: string; script: number; page: number; ua: string }>(
        browser,
        bundles.get(impl)!,
        120_000,
      );
      if (!res.ok) {
        if (r > 0) throw new Error(`${browser} ${impl}: ${res.error ?? 'a wrong shared secret'}`);
        impls = impls.filter((i) => i !== impl); // no ML-KEM in this browser's Web Crypto
        continue;
      }
      ms.get(impl)!.script.push(res.script);
      ms.get(impl)!.page.push(res.page);
      ua = res.ua;
    }
    process.stderr.write(`${browser}: round ${r + 1}/${rounds}\r`);
  }
  const base = impls[0]!;
  lines.push(
    `${ua}, a page's first round trip, ms (median of ${rounds} fresh browsers each) and the median per-round ratio to ${base}:`,
    '',
    `| | ${impls.join(' | ')} |`,
    `| --- |${impls.map(() => ' ---: |').join('')}`,
  );
  for (const [row, key] of [
    ['from the script', 'script'],
    ['from navigation', 'page'],
  ] as const) {
    const cells = impls.map((impl) => {
      const own = ms.get(impl)![key];
      const ref = ms.get(base)![key];
      return impl === base
        ? fmt(median(own))
        : `${fmt(median(own))} (${median(own.map((x, i) => x / ref[i]!)).toFixed(2)}×)`;
    });
    lines.push(`| ${row} | ${cells.join(' | ')} |`);
  }
  lines.push('');
}
const table = lines.join('\n');
console.log(table);

if (opts.write) {
  const path = join(root, 'docs/benchmark.md');
  const doc = readFileSync(path, 'utf8');
  const begin = '<!-- bench:cold begin -->';
  const end = '<!-- bench:cold end -->';
  if (!doc.includes(begin) || !doc.includes(end))
    throw new Error(`docs/benchmark.md lacks the ${begin} … ${end} markers`);
  // The options as given, a folder's path (--before, --node) by its name only.
  const args = process.argv.slice(2).filter((a) => a !== '--write' && a !== '--no-build');
  const command = `npm run bench:cold -- ${args.map((a) => (a.includes('/') ? basename(a) : a)).join(' ')}`;
  writeFileSync(
    path,
    doc.slice(0, doc.indexOf(begin) + begin.length) +
      `\n\`${command}\`, ${new Date().toISOString().slice(0, 10)}:\n\n${table}` +
      doc.slice(doc.indexOf(end)),
  );
  console.log('wrote docs/benchmark.md');
}
