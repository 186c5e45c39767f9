// `npm run test:runtimes`: the packed package (npm pack, not the work tree) in every runtime and
// consumer build the README's runtime table lists; each job is one row of that table.
//   - the tarball's contents: exports, declarations and source maps consistent with what it ships;
//     publint; @arethetypeswrong/cli (node10, node16 from CJS and ESM, bundler)
//   - the smoke suite (test/smoke/suite.ts) on Node.js 20.19.0 (the lowest supported), 22, 24 and
//     26 as ES modules and through require(); Deno; Bun (both ways); workerd (a Worker serving the
//     suite); Jest 30 + ts-jest in a CommonJS project; the browser app bundled by esbuild, Vite and
//     webpack in Chromium, by esbuild in Firefox and in WebKitGTK's MiniBrowser (Safari's engine,
//     through WebKitWebDriver under xvfb-run); a page whose CSP forbids WebAssembly; React Native's
//     Hermes (a Metro release bundle, compiled by hermesc -O, on the hermes VM of hermes-engine-cli)
//   - TypeScript 5.9 (node10, nodenext, bundler) and 7 (nodenext, bundler) on a consumer project
//   - the noble switch (docs/switching.md and the README, whose recipes are the consumers'
//     configuration): an app importing @noble/post-quantum's paths, on mlkem-ts through npm
//     overrides (the README's commands run as they are: both packages packed, installed from their
//     files, with age-encryption as a dependency that imports noble too) and through each bundler
//     alias (esbuild, Vite, Rollup, webpack, Jest, vitest; Metro's is in the Hermes job)
// The tools are pinned in test/runtimes/package.json (+ lock) and installed into .tools/runtimes/
// on first use; the consumers (test/runtimes/consumers/) are copied to .tools/runtimes/apps/ with
// the generated pieces (the suite compiled to .mjs/.cjs, the entry list from scripts/entries.ts,
// the ACVP subset). Node.js 26 comes from scripts/install-node.sh (or NODE26); the browsers are
// Debian's (scripts/install-chromium.sh, scripts/install-firefox.sh, scripts/install-webkit.sh).
// Usage: node --import tsx scripts/test-runtimes.ts [--only text[,text…]]   (jobs whose name contains a text)
//        node --import tsx scripts/test-runtimes.ts --bench-hermes [--rounds N] [--batch-ms MS]
//          (npm run bench:hermes: each operation's speed on Hermes beside @noble/post-quantum's)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build, transform } from 'esbuild';

import { smokeVectors } from '../test/smoke/vectors.js';
import { vectorFolder } from '../test/support/vectors.js';
import { type BrowserName, type Opened, freePort, missingExecutable, open, stop } from './browsers.js';
import { ASSETS, ENTRIES, specifier } from './entries.js';
import { NOBLE_PACKAGE, OURS } from './pack-noble.js';
import { switchingRecipes } from './switching-recipes.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, '.tools', 'runtimes');
const apps = join(tools, 'apps');
const bin = (path: string): string => join(tools, 'node_modules', path);
const option = (name: string): string | undefined =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const only = option('--only');
const specifiers = Object.keys(ENTRIES).map(specifier);

// ---- running commands ---------------------------------------------------------------------------

interface Run {
  code: number | null;
  output: string;
}

/** Runs a command (its own process group, so that a time-out ends all of it), collecting its output. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? apps,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs ?? 120_000} ms]`;
      stop(child);
    }, options.timeoutMs ?? 120_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      done({ code: -1, output: `${output}\n${err.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

async function mustRun(command: string, args: string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const r = await run(command, args, options);
  if (r.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited with ${String(r.code)}:\n${r.output.trim().split('\n').slice(-40).join('\n')}`,
    );
  return r.output;
}

/** The closing line of a smoke runner ("…: N passed, 0 failed"), or an error with its output. */
async function smoke(command: string, args: string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const out = await mustRun(command, args, options);
  const line = out.split('\n').find((l) => / \d+ passed, 0 failed$/.test(l));
  if (line === undefined)
    throw new Error(`no passing smoke summary in the output:\n${out.trim().split('\n').slice(-30).join('\n')}`);
  return line.trim();
}

// ---- setup: the tarball, the tools, the consumer folder -----------------------------------------

async function pack(): Promise<string> {
  const dir = join(tools, 'pack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // npm pack runs `prepack` (the build), as publishing would.
  await mustRun('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, timeoutMs: 300_000 });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (tgz === undefined) throw new Error('npm pack wrote no tarball');
  return join(dir, tgz);
}

async function installTools(tarball: string): Promise<void> {
  mkdirSync(tools, { recursive: true });
  const lock = readFileSync(join(root, 'test/runtimes/package-lock.json'), 'utf8');
  const stamp = join(tools, 'node_modules', '.mlkem-tools-lock');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, 'test/runtimes', f), join(tools, f));
    await mustRun('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools, timeoutMs: 600_000 });
    writeFileSync(stamp, lock);
  }
  // The package as a user installs it: from the tarball, with its dependencies from the registry,
  // and its optional peers (the HPKE libraries of mlkem-ts/hpke and mlkem-ts/hpke/core), as the
  // versions our dev dependencies pin, so that every entry point loads.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const peers = Object.keys(pkg.peerDependencies ?? {}).map((name) => `${name}@${pkg.devDependencies[name]}`);
  await mustRun('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball, ...peers], {
    cwd: tools,
    timeoutMs: 300_000,
  });
}

/** The consumers, and what they share: the suite as .mjs and .cjs, the entry list, the ACVP subset. */
async function writeApps(acvp: string): Promise<void> {
  rmSync(apps, { recursive: true, force: true });
  cpSync(join(root, 'test/runtimes/consumers'), apps, { recursive: true });
  mkdirSync(join(apps, 'smoke'));
  const suite = readFileSync(join(root, 'test/smoke/suite.ts'), 'utf8');
  for (const [format, file] of [
    ['esm', 'suite.mjs'],
    ['cjs', 'suite.cjs'],
  ] as const) {
    const { code } = await transform(suite, { loader: 'ts', format, target: 'es2022' });
    writeFileSync(join(apps, 'smoke', file), code);
  }
  writeFileSync(
    join(apps, 'smoke', 'suite.d.cts'),
    'export declare function runSmoke(input: object): Promise<{ passed: number; failed: number; failures: string[]; checks: string[] }>;\n' +
      'export declare function report(runtime: string, result: { passed: number; failed: number; failures: string[] }): string;\n',
  );
  writeFileSync(join(apps, 'entries.json'), `${JSON.stringify(specifiers)}\n`);
  // Static imports of every entry, for the bundled consumers (a bundler needs them spelled out).
  const imports = specifiers.map((s, i) => `import * as e${i} from '${s}';`).join('\n');
  writeFileSync(
    join(apps, 'entries.mjs'),
    `${imports}\nexport const modules = { ${specifiers.map((s, i) => `'${s}': e${i}`).join(', ')} };\n`,
  );
  const assets = Object.keys(ASSETS).map((s, i) => `import a${i} from '${specifier(s)}';`);
  writeFileSync(
    join(apps, 'types', 'all-entries.ts'),
    `${imports}\n${assets.join('\n')}\nexport const all = [${[...specifiers.map((_, i) => `e${i}`), ...assets.map((_, i) => `a${i}`)].join(', ')}];\n`,
  );
  writeFileSync(join(apps, 'vectors.json'), JSON.stringify(smokeVectors(acvp)));
  // The noble switch: the checks as .mjs and .cjs, and docs/switching.md's recipes as the files.
  const checks = readFileSync(join(root, 'test/runtimes/consumers/noble/checks.ts'), 'utf8');
  for (const [format, file] of [
    ['esm', 'checks.mjs'],
    ['cjs', 'checks.cjs'],
  ] as const) {
    const source = format === 'cjs' ? checks.replace("'../smoke/suite.mjs'", "'../smoke/suite.cjs'") : checks;
    const { code } = await transform(source, { loader: 'ts', format, target: 'es2022' });
    writeFileSync(join(apps, 'noble', file), code);
  }
  for (const recipe of Object.values(switchingRecipes())) writeFileSync(join(apps, recipe.path), recipe.code);
}

// ---- the noble switch ---------------------------------------------------------------------------

/**
 * The README's noble switch, run as it is: bash runs its commands in the folder that holds the
 * clone (a link to this checkout, named mlkem-ts as the README's Install makes it) and a fresh app
 * that depends on age-encryption and noble. Then the app's package.json has docs/switching.md's
 * lines, every copy of noble in the tree is the overrides package, and the app's checks pass.
 */
async function nobleSwitch(): Promise<string> {
  const dir = join(apps, 'noble');
  const app = join(dir, 'app');
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
    devDependencies: Record<string, string>;
  };
  symlinkSync(root, join(dir, 'mlkem-ts'));
  await mustRun('npm', ['init', '-y'], { cwd: app });
  await mustRun('npm', ['pkg', 'set', 'type=module'], { cwd: app });
  const noble = `@noble/post-quantum@${own.devDependencies['@noble/post-quantum']}`;
  await mustRun('npm', ['install', '--no-audit', '--no-fund', 'age-encryption@0.3.1', noble], {
    cwd: app,
    timeoutMs: 300_000,
  });
  await mustRun('bash', ['-e', 'switch.sh'], { cwd: dir, timeoutMs: 600_000 });
  const got = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const wanted = JSON.parse(readFileSync(join(dir, 'overrides.json'), 'utf8')) as typeof got;
  for (const [field, lines] of Object.entries(wanted))
    for (const [name, spec] of Object.entries(lines))
      if (got[field]?.[name] !== spec)
        throw new Error(`the app's ${field}["${name}"] is ${got[field]?.[name]}, docs/switching.md says ${spec}`);
  const listed = await mustRun('npm', ['ls', '--all', '--parseable', '--long', '@noble/post-quantum'], { cwd: app });
  const copies = listed.split('\n').filter((l) => l.includes('node_modules/@noble/post-quantum:'));
  // One line per copy on disk (age-encryption's is deduped to the app's, which app.mjs checks).
  if (copies.length === 0 || copies.some((l) => !l.includes(`:${NOBLE_PACKAGE}@${own.version}`)))
    throw new Error(`npm ls @noble/post-quantum:\n${listed}`);
  const n = copies.length;
  return `${n} cop${n === 1 ? 'y' : 'ies'} of @noble/post-quantum, all ${NOBLE_PACKAGE}; ${await smoke(process.execPath, ['app.mjs'], { cwd: app })}`;
}

/**
 * What docs/switching.md's bundler alias costs an app in bytes: consumers/age's app (age-encryption
 * 0.3.1 and noble's ML-DSA) installed from the registry beside the packed mlkem-ts, in one of two
 * trees: noble `nobleSpec` beside it. Bundled for browsers by esbuild and Vite, with noble's ML-KEM
 * and with the alias; every bundle runs. Reports the copies of @noble/curves in the tree and the
 * gzipped sizes, and fails where the alias's bundle is over `limit` times noble's (a guard on what
 * the drop-ins cost; the issue's goal is 1.10).
 */
async function ageBundleSize(tarball: string, folder: string, nobleSpec: string, limit: number): Promise<string> {
  const dir = join(apps, 'age', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "age-size", "private": true, "type": "module" }\n');
  cpSync(join(apps, 'age', 'app.mjs'), join(dir, 'app.mjs'));
  const install = ['age-encryption@0.3.1', `@noble/post-quantum@${nobleSpec}`, tarball];
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...install], {
    cwd: dir,
    timeoutMs: 300_000,
  });
  const alias = Object.fromEntries(
    Object.entries(OURS).map(([p, o]) => [`@noble/post-quantum/${p.slice(2)}`, o.specifier]),
  );
  const out = await mustRun(process.execPath, [join(apps, 'age', 'build.mjs'), JSON.stringify(alias)], { cwd: dir });
  const sizes = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const curves = (await mustRun('npm', ['ls', '--all', '--parseable', '--long', '@noble/curves'], { cwd: dir }))
    .split('\n')
    .filter((l) => l.includes('node_modules/@noble/curves:'))
    .map((l) => /@noble\/curves@([^:]+)/.exec(l)?.[1]);
  const rows = ['esbuild', 'vite'].map((b) => {
    const [noble, ours] = [sizes[`${b} noble`]!, sizes[`${b} alias`]!];
    if (ours > limit * noble)
      throw new Error(`${b}: the alias's bundle is ${kb(ours)}, over ${limit}× noble's ${kb(noble)}`);
    return `${b} ${kb(noble)} → ${kb(ours)} (${(ours / noble).toFixed(2)}×)`;
  });
  return `@noble/curves ${curves.join(' and ')}; ${rows.join(', ')}`;
}

// ---- the package's contents ---------------------------------------------------------------------

/** Every string target in an exports-like value. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(targets);
  return [];
}

async function checkContents(tarball: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-pack-'));
  try {
    await mustRun('tar', ['-xzf', tarball, '-C', dir]);
    const pkgDir = join(dir, 'package');
    const shipped = (readdirSync(pkgDir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) =>
      statSync(join(pkgDir, f)).isFile(),
    );
    const problems: string[] = [];
    const allowed = /^(package\.json|[A-Z_]+\.md|docs\/[a-z0-9-]+\.md|LICENSE-MIT|LICENSE-APACHE|dist\/.+)$/;
    for (const f of shipped) if (!allowed.test(f)) problems.push(`unexpected file ${f}`);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const referenced = [
      ...targets(pkg['exports']),
      ...targets(pkg['typesVersions']),
      ...targets(pkg['main']),
      ...targets(pkg['types']),
    ];
    for (const t of referenced)
      if (!shipped.includes(t.replace(/^\.\//, '')))
        problems.push(`package.json names ${t}, which is not in the package`);
    for (const subpath of Object.keys(ENTRIES))
      if (!(subpath in (pkg['exports'] as object))) problems.push(`entry ${subpath} is not exported`);
    for (const f of shipped) {
      const text = f.endsWith('.js') || f.endsWith('.d.ts') ? readFileSync(join(pkgDir, f), 'utf8') : '';
      if (f.endsWith('.map') || /\/\/# sourceMappingURL=/.test(text))
        problems.push(`${f} is or links a source map, which the package does not ship`);
      if (f.endsWith('.d.ts') && text.split('\n').some((l) => l.length > 1000))
        problems.push(`${f} has a line over 1000 characters (a literal type?)`);
    }
    const wasm = readFileSync(join(pkgDir, 'dist/wasm/mlkem.wasm'));
    const base64 =
      /['"]([A-Za-z0-9+/=]{1000,})['"]/.exec(
        // The ES entry point holds its glue and the embedded module (scripts/build.ts).
        readFileSync(join(pkgDir, 'dist/wasm/index.js'), 'utf8'),
      )?.[1] ?? '';
    if (!wasm.equals(Buffer.from(base64, 'base64'))) problems.push('dist/wasm/mlkem.wasm is not the embedded module');
    if (problems.length > 0) throw new Error(problems.join('\n'));
    return `${shipped.length} files, no source maps, every exports target present, mlkem.wasm = embedded module`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** mlkem.wasm as the installed package exports it. */
function installedWasm(): string {
  return createRequire(join(apps, 'consumer.js')).resolve('mlkem-ts/wasm/mlkem.wasm');
}

// ---- workerd ------------------------------------------------------------------------------------

async function workerd(): Promise<string> {
  const dir = join(apps, 'worker');
  // As wrangler bundles a Worker: esbuild, the workerd/worker/browser conditions, and .wasm imports
  // left as imports of a module the runtime compiles (wrangler's CompiledWasm rule).
  await build({
    entryPoints: [join(dir, 'worker.mjs')],
    outfile: join(dir, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    logLevel: 'warning',
    plugins: [
      {
        name: 'compiled-wasm',
        setup(b) {
          b.onResolve({ filter: /\.wasm$/ }, () => ({ path: './mlkem.wasm', external: true }));
        },
      },
    ],
  });
  cpSync(installedWasm(), join(dir, 'mlkem.wasm'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    readFileSync(join(dir, 'config.capnp'), 'utf8').replace('PORT', String(port)),
  );
  const child = spawn(bin('@cloudflare/workerd-linux-64/bin/workerd'), ['serve', 'config.capnp'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) });
        const result = (await response.json()) as {
          passed: number;
          failed: number;
          failures: string[];
          runtime: string;
        };
        if (result.failed > 0 || result.passed === 0)
          throw new Error(`${result.failed} failed:\n${result.failures.join('\n')}`);
        return `${result.runtime}: ${result.passed} passed, 0 failed`;
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED' || Date.now() > deadline) {
          throw new Error(`${(err as Error).message}\nworkerd's output:\n${log.trim()}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    stop(child);
  }
}

// ---- browsers -----------------------------------------------------------------------------------

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

interface PageResult {
  passed: number;
  failed: number;
  failures: string[];
  runtime: string;
}

/**
 * Serves each bundle folder under /<name>/ (its index.html, its files, mlkem.wasm from the
 * installed package) with a strict web app's headers, and collects what pages POST to
 * /<name>/result. ?strict-csp leaves 'wasm-unsafe-eval' out of the CSP.
 */
async function serveBundles(
  folders: Record<string, string>,
): Promise<{ server: Server; origin: string; result: (name: string) => Promise<PageResult> }> {
  const wasm = readFileSync(installedWasm());
  const waiting = new Map<string, (r: PageResult) => void>();
  const results = new Map<string, PageResult>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, name = '', ...rest] = url.pathname.split('/');
    const path = rest.join('/') || 'index.html';
    const csp = url.searchParams.has('strict-csp') ? "script-src 'self'" : "script-src 'self' 'wasm-unsafe-eval'";
    res.setHeader('Content-Security-Policy', `default-src 'self'; ${csp}; img-src 'self' data:`);
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'POST' && path === 'result') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        res.writeHead(204).end();
        const r = JSON.parse(body) as PageResult;
        const referer = new URL(req.headers.referer ?? 'http://localhost/');
        const k = `${name}${referer.searchParams.has('strict-csp') ? ' strict-csp' : ''}`;
        results.set(k, r);
        waiting.get(k)?.(r);
      });
      return;
    }
    const dir = folders[name];
    const file =
      dir === undefined
        ? undefined
        : path === 'mlkem.wasm'
          ? wasm
          : existsSync(join(dir, path))
            ? readFileSync(join(dir, path))
            : undefined;
    if (file === undefined || path.includes('..')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(file);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = (key: string): Promise<PageResult> =>
    results.has(key) ? Promise.resolve(results.get(key)!) : new Promise((r) => waiting.set(key, r));
  return { server, origin, result };
}

/** The browser app bundled three ways (the page and mlkem.wasm beside each bundle). */
async function bundleBrowserApp(): Promise<Record<string, string>> {
  const dir = join(apps, 'browser');
  const page = readFileSync(join(dir, 'index.html'), 'utf8').replace('./app.mjs', './app.js');
  const esbuildDir = join(dir, 'dist-esbuild');
  await build({
    entryPoints: [join(dir, 'app.mjs')],
    outfile: join(esbuildDir, 'app.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  writeFileSync(join(esbuildDir, 'index.html'), page);
  return { esbuild: esbuildDir };
}

async function viteBuild(): Promise<string> {
  const dir = join(apps, 'browser');
  await mustRun(
    process.execPath,
    [bin('vite/bin/vite.js'), 'build', '--base', './', '--outDir', 'dist-vite', '--logLevel', 'warn'],
    { cwd: dir },
  );
  return join(dir, 'dist-vite');
}

async function webpackBuild(node: string): Promise<string> {
  const dir = join(apps, 'browser');
  await mustRun(node, [bin('webpack-cli/bin/cli.js'), '--config', 'webpack.config.cjs'], { cwd: dir });
  const out = join(dir, 'dist-webpack');
  writeFileSync(
    join(out, 'index.html'),
    readFileSync(join(dir, 'index.html'), 'utf8').replace('./app.mjs', './app.js'),
  );
  return out;
}

async function inBrowser(browser: BrowserName, folder: string, query = ''): Promise<string> {
  const missing = missingExecutable(browser);
  if (missing !== undefined) throw new Error(`${missing} is missing (scripts/install-${browser}.sh installs it)`);
  const { server, origin, result } = await serveBundles({ page: folder });
  const profile = mkdtempSync(join(tmpdir(), `mlkem-${browser}-`));
  let opened: Opened | undefined;
  try {
    opened = await open(browser, `${origin}/page/${query}`, profile);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no result from the page within 90 s')), 90_000).unref(),
    );
    const r = await Promise.race([result(query === '' ? 'page' : 'page strict-csp'), timeout]);
    if (r.failed > 0 || r.passed === 0) throw new Error(`${r.failed} failed:\n${r.failures.join('\n')}`);
    return `${opened.engine === undefined ? '' : `${opened.engine}, `}${r.runtime}: ${r.passed} passed, 0 failed`;
  } finally {
    await opened?.close();
    server.close();
    await new Promise((r) => setTimeout(r, 300)); // let the browser let go of its profile
    rmSync(profile, { recursive: true, force: true });
  }
}

// ---- React Native: Metro and Hermes -------------------------------------------------------------

const HERMES = bin('hermes-engine-cli/linux64-bin/hermes');
const HERMESC = bin('hermes-engine-cli/linux64-bin/hermesc');

/**
 * A React Native release build of one of the consumer's entries: Metro's bundle (on a Node.js that
 * Metro supports), compiled to Hermes bytecode with -O as the React Native build does, run by the
 * hermes VM. The native random module's stand-in gets a fresh seed each time.
 */
async function hermesBundle(entry: string, node: string, config = 'react-native/metro.config.js'): Promise<string> {
  for (const file of [HERMES, HERMESC])
    if (!existsSync(file)) throw new Error(`${file} is missing (hermes-engine-cli in test/runtimes/package.json)`);
  const dir = join(apps, 'react-native');
  writeFileSync(join(dir, 'random-seed.json'), JSON.stringify(Array.from(new Uint32Array(randomBytes(16).buffer))));
  const js = join(dir, `${entry}.bundle.js`);
  const hbc = join(dir, `${entry}.hbc`);
  await mustRun(
    node,
    [
      bin('metro/src/cli.js'),
      'build',
      `react-native/${entry}`,
      '--config',
      join(apps, config),
      '--out',
      js,
      '--platform',
      'android',
      '--dev',
      'false',
      '--minify',
      'false',
      '--reset-cache',
    ],
    { timeoutMs: 300_000 },
  );
  await mustRun(HERMESC, ['-O', '-emit-binary', '-out', hbc, js]);
  return hbc;
}

// ---- the jobs -----------------------------------------------------------------------------------

interface Job {
  name: string;
  run: () => Promise<string>;
}

/**
 * The bundler aliases of docs/switching.md: each bundles the noble app, which then runs (Metro's is
 * in the React Native job). webpack does not minify: the alias is what is tested, and terser would
 * take most of the job's time.
 */
function nobleAliasJobs(): Job[] {
  const dir = join(apps, 'noble');
  const node = process.execPath;
  const bundled = (build: () => Promise<unknown>, output: string) => async () => (
    await build(),
    smoke(node, [output], { cwd: dir })
  );
  const testLine = (out: string) => {
    const line = out.split('\n').find((l) => / \d+ passed, 0 failed$/.test(l));
    if (line === undefined) throw new Error(`no summary of the checks:\n${out}`);
    return line.trim();
  };
  return [
    {
      name: 'noble switch: esbuild alias',
      run: bundled(() => mustRun(node, ['build.mjs'], { cwd: dir }), 'dist-esbuild/app.mjs'),
    },
    {
      name: 'noble switch: Vite alias',
      run: bundled(() => mustRun(node, ['vite-build.mjs'], { cwd: dir }), 'dist-vite/app.mjs'),
    },
    {
      name: 'noble switch: Rollup alias',
      run: bundled(
        () =>
          mustRun(
            node,
            [
              bin('rollup/dist/bin/rollup'),
              '-c',
              'rollup.config.mjs',
              '-i',
              'app.mjs',
              '-o',
              'dist-rollup/app.mjs',
              '-f',
              'es',
              '--silent',
            ],
            { cwd: dir },
          ),
        'dist-rollup/app.mjs',
      ),
    },
    {
      name: 'noble switch: webpack alias',
      run: bundled(
        () =>
          mustRun(
            node,
            [
              bin('webpack-cli/bin/cli.js'),
              '--config',
              'webpack.config.cjs',
              '--entry',
              './app.mjs',
              '--mode',
              'production',
              '--no-optimization-minimize',
              '--output-path',
              'dist-webpack',
              '--output-filename',
              'app.js',
              '--no-stats',
            ],
            { cwd: dir },
          ),
        'dist-webpack/app.js',
      ),
    },
    {
      name: 'noble switch: Jest moduleNameMapper',
      run: async () =>
        testLine(await mustRun(node, [bin('jest/bin/jest.js'), '--ci', '--colors=false'], { cwd: join(dir, 'jest') })),
    },
    {
      name: 'noble switch: vitest alias',
      run: async () =>
        testLine(
          await mustRun(node, [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'], {
            cwd: join(dir, 'vitest'),
            env: { ...process.env, NO_COLOR: '1' },
          }),
        ),
    },
  ];
}

async function main(): Promise<void> {
  const started = performance.now();
  const acvp = vectorFolder('acvp'); // throws in CI when missing
  if (acvp === undefined) {
    console.log('runtimes: skipped (no vectors)');
    return;
  }
  const node26 =
    process.env['NODE26'] || execFileSync('bash', ['scripts/install-node.sh'], { cwd: root, encoding: 'utf8' }).trim();
  const tarball = await pack();
  await installTools(tarball);
  await writeApps(acvp);
  const setup = (performance.now() - started) / 1000;
  console.log(`runtimes: packed ${tarball.slice(root.length + 1)}, tools and consumers ready in ${setup.toFixed(1)} s`);

  const nodes: Record<string, string> = {
    '20.19.0': bin('node20/bin/node'),
    '22': bin('node22/bin/node'),
    '24': bin('node24/bin/node'),
    '26': node26,
  };
  // The binaries ship inside the platform packages; bun's install script moves its own into bun/bin.
  const DENO = bin('@deno/linux-x64-glibc/deno');
  const BUN =
    [bin('@oven/bun-linux-x64/bin/bun'), bin('bun/bin/bun.exe')].find((f) => existsSync(f) && statSync(f).size > 1e6) ??
    'bun (not installed)';
  const tsc5 = bin('typescript/bin/tsc');
  const tsc7 = join(root, 'node_modules/typescript/bin/tsc');
  let browserBundles: Record<string, string> | undefined;
  const bundles = async (): Promise<Record<string, string>> => (browserBundles ??= await bundleBrowserApp());

  if (process.argv.includes('--bench-hermes')) {
    const settings = { rounds: Number(option('--rounds') ?? 7), batchMs: Number(option('--batch-ms') ?? 300) };
    writeFileSync(join(apps, 'react-native', 'bench-settings.json'), JSON.stringify(settings));
    console.log(
      (await mustRun(HERMES, [await hermesBundle('bench.js', nodes['24']!)], { timeoutMs: 1_800_000 })).trim(),
    );
    return;
  }

  const jobs: Job[] = [
    { name: 'package contents (npm pack)', run: () => checkContents(tarball) },
    {
      name: 'publint',
      run: async () => {
        const out = await mustRun(process.execPath, [bin('publint/src/cli.js'), 'run', '--strict', tarball], {
          env: { ...process.env, NO_COLOR: '1' },
        });
        return out.trim().split('\n').pop()!;
      },
    },
    {
      name: 'types: @arethetypeswrong/cli',
      run: async () => {
        await mustRun(process.execPath, [
          bin('@arethetypeswrong/cli/dist/index.js'),
          '--no-definitely-typed',
          '--no-color',
          '--format',
          'table-flipped',
          tarball,
        ]);
        return 'no problems in node10, node16 (CJS and ESM), bundler for every entry';
      },
    },
    ...Object.entries(nodes).flatMap(([version, node]): Job[] => [
      { name: `Node.js ${version} (import)`, run: () => smoke(node, ['node/smoke.mjs']) },
      { name: `Node.js ${version} (require)`, run: () => smoke(node, ['cjs/smoke.cjs']) },
    ]),
    // Without require(esm) (as Node.js 22.0-22.11 are), require() takes the CommonJS build.
    {
      name: 'Node.js 20.19.0 (require, CommonJS build)',
      run: () => smoke(nodes['20.19.0']!, ['--no-experimental-require-module', 'cjs/smoke.cjs']),
    },
    {
      name: 'Deno',
      run: () =>
        smoke(DENO, ['run', '--allow-read', '--allow-env', 'node/smoke.mjs'], {
          env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
        }),
    },
    { name: 'Bun (import)', run: () => smoke(BUN, ['node/smoke.mjs']) },
    { name: 'Bun (require)', run: () => smoke(BUN, ['cjs/smoke.cjs']) },
    { name: 'Cloudflare workerd', run: workerd },
    {
      name: 'Jest 30 + ts-jest (CommonJS project)',
      run: async () => {
        const out = await mustRun(process.execPath, [bin('jest/bin/jest.js'), '--ci', '--colors=false'], {
          cwd: join(apps, 'jest'),
        });
        const line = out.split('\n').find((l) => / \d+ passed, 0 failed$/.test(l));
        if (line === undefined) throw new Error(`no smoke summary:\n${out}`);
        return line.trim();
      },
    },
    ...(['node10', 'nodenext', 'bundler'] as const).map((mode): Job => ({
      name: `TypeScript 5.9 moduleResolution ${mode}`,
      run: async () => (await mustRun(process.execPath, [tsc5, '-p', `types/tsconfig.${mode}.json`]), 'no errors'),
    })),
    ...(['nodenext', 'bundler'] as const).map((mode): Job => ({
      name: `TypeScript 7 moduleResolution ${mode}`,
      run: async () => (await mustRun(process.execPath, [tsc7, '-p', `types/tsconfig.${mode}.json`]), 'no errors'),
    })),
    { name: 'Chromium (esbuild bundle)', run: async () => inBrowser('chromium', (await bundles()).esbuild!) },
    { name: 'Chromium (Vite build)', run: async () => inBrowser('chromium', await viteBuild()) },
    { name: 'Chromium (webpack build)', run: async () => inBrowser('chromium', await webpackBuild(node26)) },
    {
      name: 'Chromium, CSP without wasm-unsafe-eval',
      run: async () => inBrowser('chromium', (await bundles()).esbuild!, '?strict-csp'),
    },
    { name: 'Firefox ESR (esbuild bundle)', run: async () => inBrowser('firefox', (await bundles()).esbuild!) },
    {
      name: 'Firefox ESR, CSP without wasm-unsafe-eval',
      run: async () => inBrowser('firefox', (await bundles()).esbuild!, '?strict-csp'),
    },
    { name: 'WebKit MiniBrowser (esbuild bundle)', run: async () => inBrowser('webkit', (await bundles()).esbuild!) },
    {
      name: 'WebKit MiniBrowser, CSP without wasm-unsafe-eval',
      run: async () => inBrowser('webkit', (await bundles()).esbuild!, '?strict-csp'),
    },
    // Metro needs Node.js 22.13 or later; the app runs on Hermes, whichever Node.js bundled it.
    {
      name: 'React Native: Hermes (core, keys, key objects; no TextEncoder)',
      run: async () => smoke(HERMES, [await hermesBundle('app-core.js', nodes['24']!)]),
    },
    // Configured with docs/switching.md's Metro alias too, whose check the app runs beside the suite.
    {
      name: 'React Native: Hermes (Metro release bundle, with the noble alias)',
      run: async () => smoke(HERMES, [await hermesBundle('app.js', nodes['24']!, 'noble/metro.harness.cjs')]),
    },
    // The noble switch (docs/switching.md): each recipe, then the app it builds, run.
    { name: "noble switch: the README's npm overrides (app + age-encryption)", run: nobleSwitch },
    // The alias's cost in bytes: gzipped, noble's ML-KEM → mlkem-ts's, in the tree where the app's
    // noble is age-encryption's (one copy of each @noble package) and beside the newest noble. The
    // limits sit a little above today's 1.33× / 1.34× and 1.61× / 1.62× (esbuild / Vite; the second
    // tree's age keeps its own @noble/curves 2.0.1 beside the 2.4.0 that noble 0.7 pins and the
    // drop-in resolves to: 14 KB of the gap, gzipped).
    {
      name: "noble switch: bundle size, age app on age-encryption's noble",
      run: () => ageBundleSize(tarball, 'one-noble', '^0.5.3', 1.38),
    },
    {
      name: 'noble switch: bundle size, age app beside noble 0.7',
      run: () =>
        ageBundleSize(
          tarball,
          'noble-0.7',
          (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
            .devDependencies['@noble/post-quantum']!,
          1.66,
        ),
    },
    ...nobleAliasJobs(),
  ];

  let passed = 0;
  let failed = 0;
  for (const job of jobs) {
    if (only !== undefined && !only.split(',').some((text) => job.name.includes(text))) continue;
    const t0 = performance.now();
    try {
      const detail = await job.run();
      passed++;
      console.log(`ok   ${job.name} (${((performance.now() - t0) / 1000).toFixed(1)} s): ${detail}`);
    } catch (err) {
      failed++;
      console.log(
        `FAIL ${job.name} (${((performance.now() - t0) / 1000).toFixed(1)} s):\n${String((err as Error).message).replace(/^/gm, '     ')}`,
      );
    }
  }
  console.log(`runtimes: total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`runtimes: ${passed} passed, ${failed} failed`);
  if (failed > 0 || passed === 0) process.exitCode = 1;
}

await main();
