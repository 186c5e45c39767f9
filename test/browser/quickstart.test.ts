// The README's quick start as a page without a bundler runs it, in headless Chromium: the README's
// import map, then its first code block in a <script type="module">, with the package's dist/ (as
// installed) served under /node_modules/mlkem-ts/. The page must log what the README says it logs.
// Needs dist/ (npm run build, which CI runs first) and /usr/bin/chromium: without either, skipped
// with a notice, except in CI (CI=true), where that fails.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const title = "the README's quick start runs in a page through the README's import map (Chromium)";
const missing = !existsSync(join(root, 'dist/index.js'))
  ? 'dist/ is not built (npm run build)'
  : !existsSync(CHROMIUM)
    ? `${CHROMIUM} not found (scripts/install-chromium.sh installs it)`
    : undefined;

if (missing !== undefined) {
  if (process.env.CI === 'true') it(title, () => assert.fail(missing));
  else {
    process.stderr.write(`\n*** SKIPPED: ${missing}\n\n`);
    it(title, { skip: missing }, () => {});
  }
} else {
  it(title, { timeout: 30_000 }, async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const importMap = /```html\n(<script type="importmap">[\s\S]*?)\n```/.exec(readme)?.[1];
    const quickStart = /## Quick start\n\n```js\n([\s\S]*?)\n```/.exec(readme)?.[1];
    assert.ok(importMap !== undefined && quickStart !== undefined, 'the README has no import map or quick start');
    const expected = /console\.log\(.*\); \/\/ (\w+)/.exec(quickStart)![1];
    const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">${importMap}<script type="module">${quickStart}</script>`;
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = path.startsWith('/node_modules/mlkem-ts/dist/')
        ? normalize(path.slice('/node_modules/mlkem-ts/'.length))
        : undefined;
      if (path === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
      else if (file?.startsWith('dist/') && existsSync(join(root, file)))
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(join(root, file)));
      else res.writeHead(404).end();
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
    try {
      const tab = await browser.newPage();
      const messages: string[] = [];
      tab.on('console', (m) => messages.push(m.text()));
      tab.on('pageerror', (e) => messages.push(`uncaught: ${e.message}`));
      await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await tab.waitForFunction(() => document.readyState === 'complete');
      for (let i = 0; i < 100 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(messages, [expected]);
    } finally {
      await browser.close();
      server.closeAllConnections();
      server.close();
    }
  });
}
