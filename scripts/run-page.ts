// Runs a bundled page in one of Debian's browsers (scripts/browsers.ts opens them) and returns the
// JSON the page POSTs to /result. For the browser tests of the curve paths
// (test/browser/curves.test.ts) and `npm run bench:browser`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { build } from 'esbuild';

import { type BrowserName, type Opened, missingExecutable, open } from './browsers.js';
import { WEB_APP_BUILD } from './bundle.js';

export { BROWSER_NAMES, type BrowserName, missingExecutable } from './browsers.js';

const HTML =
  '<!doctype html><meta charset="utf-8"><title>mlkem-ts</title><link rel="icon" href="data:,"><script type="module" src="/app.js"></script>';

/** The bundle of `entry`, as a web app would bundle it. */
export async function bundlePage(entry: string, define: Record<string, string> = {}): Promise<Uint8Array> {
  return (await build({ ...WEB_APP_BUILD, entryPoints: [entry], define })).outputFiles[0]!.contents;
}

/**
 * Serves `bundle` as /app.js of a page whose CSP allows WebAssembly, opens it in `browser`, and
 * resolves with the parsed body of the page's POST to /result (rejects after `timeoutMs`).
 * The page may POST progress lines to /log; they go to `log`.
 */
export async function runPage<T>(
  browser: BrowserName,
  bundle: Uint8Array,
  timeoutMs: number,
  log: (line: string) => void = () => {},
): Promise<T> {
  const missing = missingExecutable(browser);
  if (missing !== undefined) throw new Error(`${missing} is missing (scripts/install-${browser}.sh installs it)`);
  let deliver!: (body: string) => void;
  const posted = new Promise<string>((r) => (deliver = r));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'");
    res.setHeader('Cache-Control', 'no-store');
    // Cross-origin isolated: performance.now() at its finest resolution (the benchmark's batches).
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    if (req.method === 'POST' && (path === '/result' || path === '/log')) {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        res.writeHead(204).end();
        if (path === '/log') log(body);
        else deliver(body);
      });
    } else if (path === '/app.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
    else if (path === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end(HTML);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profile = mkdtempSync(join(tmpdir(), `mlkem-${browser}-`));
  let opened: Opened | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    opened = await open(browser, `${origin}/`, profile);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${browser}: no result from the page within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    return JSON.parse(await Promise.race([posted, timeout])) as T;
  } finally {
    clearTimeout(timer);
    await opened?.close();
    server.closeAllConnections();
    server.close();
    await new Promise((r) => setTimeout(r, 300)); // let the browser let go of its profile
    rmSync(profile, { recursive: true, force: true });
  }
}
