// Runs a bundled page in a headless browser — Debian's Chromium or Firefox ESR, started directly
// (no driver: Playwright's browser builds are not reachable here, and Firefox ESR speaks no
// Playwright protocol), or WebKitGTK's MiniBrowser on a virtual display through WebKitWebDriver
// (scripts/install-webkit.sh; the same W3C WebDriver steps as scripts/test-runtimes.ts) — and
// returns the JSON the page POSTs to /result. For the browser tests
// of the curve paths (test/browser/webcrypto-curves.test.ts) and `npm run bench:browser`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { WEB_APP_BUILD } from './bundle.js';

export type BrowserName = 'chromium' | 'firefox' | 'webkit';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** The executable each browser needs (WebKit: also WebKitWebDriver and xvfb-run). */
export const BROWSERS: Record<BrowserName, string> = { chromium: '/usr/bin/chromium', firefox: '/usr/bin/firefox-esr', webkit: MINIBROWSER };

/** Whether everything a browser needs is installed. */
export const installed = (browser: BrowserName): boolean =>
  existsSync(BROWSERS[browser]) && (browser !== 'webkit' || (existsSync(WEBKIT_DRIVER) && existsSync(XVFB_RUN)));

const HTML =
  '<!doctype html><meta charset="utf-8"><title>mlkem-ts</title><link rel="icon" href="data:,"><script type="module" src="/app.js"></script>';

/** The bundle of `entry`, as a web app would bundle it. */
export async function bundlePage(entry: string, define: Record<string, string> = {}): Promise<Uint8Array> {
  return (await build({ ...WEB_APP_BUILD, entryPoints: [entry], define })).outputFiles[0]!.contents;
}

/** A browser with a fresh profile and no traffic but to our server (every proxy at a closed port). */
function launch(browser: 'chromium' | 'firefox', url: string, profile: string): ChildProcess {
  if (browser === 'chromium') {
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];
    args.push('--disable-component-update', '--disable-sync', '--proxy-server=127.0.0.1:9', `--user-data-dir=${profile}`, url);
    return spawn(BROWSERS.chromium, args, { detached: true, stdio: 'ignore' });
  }
  const prefs = {
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': 9,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': 9,
    'app.update.disabledForTesting': true,
    'browser.shell.checkDefaultBrowser': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'browser.startup.homepage_override.mstone': 'ignore',
  };
  writeFileSync(join(profile, 'user.js'), Object.entries(prefs).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n'));
  return spawn(BROWSERS.firefox, ['--headless', '--no-remote', '--profile', profile, url], { detached: true, stdio: 'ignore', env: { ...process.env, HOME: profile } });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** MiniBrowser (it has no headless mode) under xvfb-run, driven by WebKitWebDriver to `url`; resolves to what closes it. */
async function openWebKit(url: string): Promise<() => Promise<void>> {
  const port = await freePort();
  const driver = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`], { detached: true, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: object): Promise<{ value: Record<string, unknown> | null }> => {
    const response = await fetch(`${base}${path}`, { method, body: body === undefined ? null : JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    const json = (await response.json()) as { value: Record<string, unknown> | null };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${response.status} ${JSON.stringify(json.value)}`);
    return json;
  };
  try {
    for (let deadline = Date.now() + 30_000; ; ) {
      try {
        await call('GET', '/status');
        break;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer within 30 s (${(err as Error).message})`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const options = { binary: MINIBROWSER, args: ['--automation'] };
    const created = await call('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': options } } });
    const session = String(created.value?.['sessionId']);
    await call('POST', `/session/${session}/url`, { url });
    return async () => {
      await call('DELETE', `/session/${session}`).catch(() => undefined);
      stop(driver);
    };
  } catch (err) {
    stop(driver);
    throw err;
  }
}

/** Ends the browser's whole process group (it was started detached, as its leader). */
function stop(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Serves `bundle` as /app.js of a page whose CSP allows WebAssembly, opens it in `browser`, and
 * resolves with the parsed body of the page's POST to /result (rejects after `timeoutMs`).
 * The page may POST progress lines to /log; they go to `log`.
 */
export async function runPage<T>(browser: BrowserName, bundle: Uint8Array, timeoutMs: number, log: (line: string) => void = () => {}): Promise<T> {
  if (!installed(browser)) throw new Error(`${browser} is missing (scripts/install-${browser}.sh installs it)`);
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
  let close: () => Promise<void> = async () => {};
  let timer: NodeJS.Timeout | undefined;
  try {
    if (browser === 'webkit') close = await openWebKit(`${origin}/`);
    else {
      const child = launch(browser, `${origin}/`, profile);
      close = async () => stop(child);
    }
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${browser}: no result from the page within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    return JSON.parse(await Promise.race([posted, timeout])) as T;
  } finally {
    clearTimeout(timer);
    await close();
    server.closeAllConnections();
    server.close();
    await new Promise((r) => setTimeout(r, 300)); // let the browser let go of its profile
    rmSync(profile, { recursive: true, force: true });
  }
}
