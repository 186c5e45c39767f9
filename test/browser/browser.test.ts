// Browser test: test/browser/suite.ts bundled the way a web app would be (esbuild, minified, ESM,
// for browsers, no Node built-ins), served with an index.html from a local HTTP server and run
// in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core: Playwright's own
// browser downloads are not available here). The suite runs both backends at every level (ACVP,
// differential against @noble/post-quantum, portable = wasm, bad input, tampered ciphertexts,
// untouched inputs) and reports counts per check; this file asserts them and prints the
// WebAssembly load time measured in the page.
//
// Without /usr/bin/chromium (scripts/install-chromium.sh installs it) the test is skipped with a
// notice, except in CI (CI=true), where it fails: the same policy as the vectors (vectors.ts).
// MLKEM_DIFF_N sets the random seeds per level (default 200), MLKEM_DIFF_SEED one to run first.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';

import { WEB_APP_BUILD } from '../../scripts/bundle.js';
import { diffCount, replaySeed } from '../support/diff-options.js';
import { jsonFiles, vectorFolder } from '../support/vectors.js';
import { type AcvpFile, LEVELS, type SuiteInput, type SuiteResult } from './suite.js';

const CHROMIUM = '/usr/bin/chromium';
/** Flags for a sandboxless, offline machine: no GPU, no background or update traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Generous limits for a slow CI machine; the suite takes a few seconds here. */
const SUITE_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 120_000;

/** ACVP cases per backend in the vector set, and per parameter set (as in acvp.test.ts). */
const ACVP_TOTAL = 435;
const ACVP_PER_SET = 145;
const BACKENDS = ['portable', 'wasm'] as const;
/** Checks of suite.ts with cases at every level on each backend, besides acvp and differential. */
const PER_BACKEND_CHECKS = [
  'bad input',
  'tampered ciphertext',
  'inputs untouched',
  'fresh outputs',
  'random round trip',
] as const;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const N = diffCount(200);

// A minimal page: the favicon link keeps Chromium from requesting /favicon.ico (a 404).
const INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>mlkem-ts browser suite</title><link rel="icon" href="data:,"></head>
<body><pre id="result">running…</pre><script type="module" src="/app.js"></script></body>
</html>
`;

/** The suite bundled as a web app's would be. esbuild refuses node:* imports for the browser. */
async function bundleSuite(): Promise<{ code: Uint8Array; inputs: string[] }> {
  const result = await build({ ...WEB_APP_BUILD, entryPoints: [join(root, 'test', 'browser', 'suite.ts')] });
  return { code: result.outputFiles[0]!.contents, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * Serves the page, the bundle and the suite's input on 127.0.0.1 at a random port. The headers
 * are those of a strict web app: a CSP that allows WebAssembly but no eval, and cross-origin
 * isolation (which also gives performance.now its fine resolution).
 */
async function serve(
  bundle: Uint8Array,
  input: string,
  notFound: string[],
): Promise<{ server: Server; origin: string }> {
  const routes: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html; charset=utf-8', body: INDEX_HTML },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: bundle },
    '/suite-input.json': { type: 'application/json', body: input },
  };
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://localhost').pathname];
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:",
    );
    if (route === undefined || req.method !== 'GET') {
      notFound.push(`${req.method ?? '?'} ${req.url ?? '?'}`);
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': route.type }).end(route.body);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolveListen);
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function formatFailures(result: SuiteResult): string {
  const lines = result.failures.slice(0, 20).map((f) => `  - ${f.check} › ${f.case}: ${f.message}`);
  if (result.failed > lines.length) lines.push(`  … and ${result.failed - lines.length} more`);
  return lines.join('\n');
}

const ms = (x: number | null): string => (x === null ? 'n/a' : `${x.toFixed(2)} ms`);

if (!existsSync(CHROMIUM)) {
  const message = `${CHROMIUM} not found (scripts/install-chromium.sh installs Debian's chromium)`;
  if (process.env.CI === 'true') {
    it('browser suite in headless Chromium', () => assert.fail(message));
  } else {
    process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
    it('browser suite in headless Chromium', { skip: message }, () => {});
  }
} else {
  it(
    'browser suite in headless Chromium: both backends, bundled by esbuild',
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const started = performance.now();

      // Vectors: read here (the page cannot read files), passed to the page as JSON.
      const folder = vectorFolder('acvp'); // throws in CI when missing
      let acvp: SuiteInput['acvp'] = null;
      if (folder === undefined) t.diagnostic('ACVP vectors not found: the browser suite runs without them');
      else
        acvp = jsonFiles(folder).map((name) => ({
          name,
          data: JSON.parse(readFileSync(join(folder, name), 'utf8')) as AcvpFile,
        }));
      const input: SuiteInput = { diffN: N, replaySeed: replaySeed ?? null, acvp };

      const bundle = await bundleSuite();
      for (const needed of [
        'src/index.ts',
        'src/wasm/index.ts',
        'src/wasm/module.generated.ts',
        'node_modules/@noble/post-quantum/ml-kem.js',
      ]) {
        assert.ok(bundle.inputs.includes(needed), `the bundle lacks ${needed}`);
      }

      const notFound: string[] = [];
      const { server, origin } = await serve(bundle.code, JSON.stringify(input), notFound);
      let browser: Browser | undefined;
      try {
        browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
        const page = await browser.newPage();
        const consoleLines: string[] = [];
        const problems: string[] = [];
        page.on('console', (m) => {
          consoleLines.push(`${m.type()}: ${m.text()}`);
          if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
        });
        page.on('request', (r) => {
          if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:'))
            problems.push(`request outside the test server: ${r.url()}`);
        });
        // An uncaught error or a crash ends the wait at once instead of at the timeout.
        const pageFailed = new Promise<never>((_, reject) => {
          page.on('pageerror', (e) => reject(new Error(`uncaught error in the page: ${e.message}`)));
          page.on('crash', () => reject(new Error('the page crashed')));
        });
        pageFailed.catch(() => {});

        await page.goto(`${origin}/`);
        const handle = await Promise.race([
          page.waitForFunction(() => (globalThis as { __mlkemSuiteResult?: unknown }).__mlkemSuiteResult, undefined, {
            timeout: SUITE_TIMEOUT_MS,
            polling: 100,
          }),
          pageFailed,
        ]).catch((err: unknown) => {
          throw new Error(`${String(err)}\nlast console lines:\n${consoleLines.slice(-10).join('\n')}`);
        });
        const result = (await handle.jsonValue()) as SuiteResult;

        t.diagnostic(`Chromium ${browser.version()}; bundle ${(bundle.code.length / 1024).toFixed(1)} KB minified`);
        t.diagnostic(
          `WebAssembly in Chromium: first loadWasm() ${ms(result.wasm.firstLoadMs)} (decode, compile, instantiate), ` +
            `second ${ms(result.wasm.secondLoadMs)} (instantiate only)` +
            (result.environment.crossOriginIsolated ? '' : ' [coarse timer: page not cross-origin isolated]'),
        );
        t.diagnostic(
          `suite: ${result.passed} passed, ${result.failed} failed in ${ms(result.durationMs)}; N = ${N} seeds per level`,
        );
        for (const [check, c] of Object.entries(result.checks))
          t.diagnostic(`  ${check}: ${c.passed} passed, ${c.failed} failed`);
        for (const s of result.skipped) t.diagnostic(`skipped: ${s}`);

        assert.equal(result.fatal, null, `the suite crashed: ${result.fatal ?? ''}`);
        assert.deepEqual(problems, [], 'problems in the page');
        assert.deepEqual(notFound, [], 'requests the test server could not answer');
        assert.equal(result.failed, 0, `${result.failed} browser check(s) failed:\n${formatFailures(result)}`);

        // Every check ran as many cases as it should, on both backends.
        const passed = (check: string): number => result.checks[check]?.passed ?? 0;
        let minimum = 0;
        const expectCount = (check: string, count: number | 'some'): void => {
          if (count === 'some') assert.ok(passed(check) > 0, `no case of "${check}" ran`);
          else assert.equal(passed(check), count, `cases of "${check}"`);
          minimum += count === 'some' ? 1 : count;
        };
        expectCount('load (wasm)', 1);
        expectCount('environment', 2);
        for (const level of LEVELS) {
          expectCount(`cross-backend ${level} (portable = wasm)`, N);
          for (const backend of BACKENDS) {
            if (acvp !== null) expectCount(`acvp ${level} (${backend})`, ACVP_PER_SET);
            expectCount(`differential ${level} (${backend})`, N);
            for (const check of PER_BACKEND_CHECKS) expectCount(`${check} ${level} (${backend})`, 'some');
          }
        }
        if (acvp !== null) {
          for (const backend of BACKENDS) {
            const total = LEVELS.reduce((n, level) => n + passed(`acvp ${level} (${backend})`), 0);
            assert.equal(total, ACVP_TOTAL, `ACVP cases on ${backend}`);
          }
        }
        assert.ok(result.passed >= minimum, `only ${result.passed} cases passed, expected at least ${minimum}`);
        t.diagnostic(`total ${((performance.now() - started) / 1000).toFixed(1)} s (bundle, server, Chromium, suite)`);
      } finally {
        await browser?.close();
        server.closeAllConnections();
        await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      }
    },
  );
}
