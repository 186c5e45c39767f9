// mlkem-ts/webcrypto in headless Chromium (Debian's /usr/bin/chromium through playwright-core):
// test/browser/webcrypto-suite.ts, bundled as a web app would bundle it, runs on two pages — one
// whose Content-Security-Policy allows WebAssembly (the wasm backend loads) and one that forbids
// it (the portable backend takes over, without the caller choosing). On each it checks that
// install() fills exactly what Chromium lacks (ML-KEM-512 and the P-curve hybrids; Chromium 156
// has ML-KEM-768, ML-KEM-1024 and MLKEM768-X25519), and that keys, exports, ciphertexts and error
// names cross between the native implementation and the ponyfill where both exist.
//
// Without /usr/bin/chromium: skipped with a notice, except in CI (CI=true), where it fails.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { chromium } from 'playwright-core';

import { WEB_APP_BUILD } from '../../scripts/bundle.js';
import { algorithmList } from '../../src/webcrypto/algorithms.js';
import type { WebCryptoResult } from './webcrypto-suite.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The two pages: the CSP of a strict web app that allows WebAssembly, and one that does not. */
const PAGES = {
  wasm: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'",
  portable: "default-src 'self'; script-src 'self'",
} as const;
const HTML =
  '<!doctype html><meta charset="utf-8"><title>webcrypto</title><link rel="icon" href="data:,"><script type="module" src="/app.js"></script>';

async function runPages(bundle: Uint8Array): Promise<Record<keyof typeof PAGES, WebCryptoResult>> {
  const server = createServer((req, res) => {
    const [path, page] = [
      new URL(req.url ?? '/', 'http://x').pathname,
      new URL(req.url ?? '/', 'http://x').searchParams.get('page'),
    ];
    if (path === '/app.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
    else if (path === '/')
      res
        .writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': PAGES[page as keyof typeof PAGES] })
        .end(HTML);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  try {
    const out: Partial<Record<keyof typeof PAGES, WebCryptoResult>> = {};
    for (const page of Object.keys(PAGES) as Array<keyof typeof PAGES>) {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${origin}/?page=${page}`);
      const handle = await tab.waitForFunction(
        () => (globalThis as { __webcryptoResult?: unknown }).__webcryptoResult,
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      out[page] = (await handle.jsonValue()) as WebCryptoResult;
      assert.deepEqual(errors, [], `uncaught errors on the ${page} page`);
      await tab.close();
    }
    return out as Record<keyof typeof PAGES, WebCryptoResult>;
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
}

if (!existsSync(CHROMIUM)) {
  const message = `${CHROMIUM} not found (scripts/install-chromium.sh installs Debian's chromium)`;
  if (process.env.CI === 'true') it('mlkem-ts/webcrypto in headless Chromium', () => assert.fail(message));
  else {
    process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
    it('mlkem-ts/webcrypto in headless Chromium', { skip: message }, () => {});
  }
} else {
  it(
    'mlkem-ts/webcrypto in headless Chromium: the polyfill fills what is missing; native and filled keys cross',
    { timeout: 120_000 },
    async (t) => {
      const entry = join(fileURLToPath(new URL('.', import.meta.url)), 'webcrypto-suite.ts');
      const bundle = (await build({ ...WEB_APP_BUILD, entryPoints: [entry] })).outputFiles[0]!.contents;
      const results = await runPages(bundle);
      for (const [page, r] of Object.entries(results)) {
        t.diagnostic(
          `${page} page: backend ${r.backend}; native ${Object.entries(r.native)
            .filter(([, v]) => v)
            .map(([k]) => k)
            .join(', ')}; filled ${r.filled.join(', ')}`,
        );
        t.diagnostic(
          `  checks: ${Object.entries(r.checks)
            .map(([k, v]) => `${k} ×${v}`)
            .join('; ')}`,
        );
        assert.equal(r.fatal, null, `${page}: the suite crashed: ${r.fatal}`);
        assert.deepEqual(r.failures, [], `${page}: failures`);
        assert.equal(r.backend, page, 'the backend chosen without the caller');
        const missing = algorithmList()
          .map((e) => e.name)
          .filter((n) => !r.native[n]);
        assert.deepEqual(r.filled, missing, 'install() filled exactly what Chromium lacks');
        assert.ok(r.filled.includes('ML-KEM-512'), 'Chromium has no ML-KEM-512 of its own');
        assert.ok(r.native['ML-KEM-768'] && r.native['ML-KEM-1024'], 'Chromium has ML-KEM-768 and -1024');
        // Every check ran: one per native algorithm (cross), one per filled one, and the rest.
        for (const name of Object.keys(r.native)) {
          assert.equal(r.checks[r.native[name] ? `cross ${name}` : `filled ${name}`], 1, name);
          assert.equal(r.checks[`supports ${name}`], 1, name);
        }
        assert.equal(r.checks['structured clone refused'], 1);
        assert.equal(r.checks['install is idempotent'], 1);
        assert.equal(r.checks['loadWasm refused names the policy'], page === 'portable' ? 1 : undefined);
      }
    },
  );
}
