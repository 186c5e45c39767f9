// Debian's browsers, started for a page on our loopback server: Chromium and Firefox ESR directly
// (Playwright's browser builds are not reachable here, and Firefox ESR speaks no Playwright
// protocol), WebKitGTK's MiniBrowser on a virtual display through WebKitWebDriver. One module for
// scripts/test-runtimes.ts and scripts/run-page.ts (the curve-path tests and bench:browser).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export type BrowserName = 'chromium' | 'firefox' | 'webkit';

const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** The executables each browser needs (scripts/install-BROWSER.sh installs them). */
const EXECUTABLES: Record<BrowserName, string[]> = {
  chromium: [CHROMIUM],
  firefox: [FIREFOX],
  webkit: [MINIBROWSER, WEBKIT_DRIVER, XVFB_RUN],
};

/** The browsers this module opens. */
export const BROWSER_NAMES = Object.keys(EXECUTABLES) as BrowserName[];

/** The first executable a browser needs that is not installed, if any. */
export const missingExecutable = (browser: BrowserName): string | undefined =>
  EXECUTABLES[browser].find((file) => !existsSync(file));

/** Ends a process we started detached, and its children (its process group). */
export function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A port that was free a moment ago, on the loopback address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A browser showing a page, and how to close it. */
export interface Opened {
  close: () => Promise<void>;
  /** What the runner knows of the engine that the page may not say (WebKitGTK's version). */
  engine?: string;
}

/** Opens `url` in `browser`; Chromium and Firefox get the fresh profile folder `profile`. */
export async function open(browser: BrowserName, url: string, profile: string): Promise<Opened> {
  if (browser === 'webkit') return openWebKit(url);
  const child = launch(browser, url, profile);
  return { close: async () => stop(child) };
}

/** A browser with a fresh profile and no traffic but to our server (every proxy at a closed port). */
function launch(browser: 'chromium' | 'firefox', url: string, profile: string): ChildProcess {
  if (browser === 'chromium') {
    const args = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ];
    args.push(
      '--disable-component-update',
      '--disable-sync',
      '--proxy-server=127.0.0.1:9',
      `--user-data-dir=${profile}`,
      url,
    );
    return spawn(CHROMIUM, args, { detached: true, stdio: 'ignore' });
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
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  );
  return spawn(FIREFOX, ['--headless', '--no-remote', '--profile', profile, url], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, HOME: profile },
  });
}

/**
 * WebKitGTK's MiniBrowser (it has no headless mode) on a virtual display, through WebKitWebDriver
 * and plain W3C WebDriver: a session naming the binary, then the page.
 */
async function openWebKit(url: string): Promise<Opened> {
  const port = await freePort();
  const driver = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  driver.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  driver.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const call = async (
    method: string,
    path: string,
    body?: object,
  ): Promise<{ value: Record<string, unknown> | null }> => {
    const response = await fetch(`${base}${path}`, {
      method,
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await response.json()) as { value: Record<string, unknown> | null };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${response.status} ${JSON.stringify(json.value)}`);
    return json;
  };
  try {
    for (let deadline = Date.now() + 30_000; ;) {
      try {
        await call('GET', '/status');
        break;
      } catch (err) {
        if (Date.now() > deadline)
          throw new Error(`WebKitWebDriver did not answer within 30 s (${(err as Error).message})\n${log.trim()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const options = { binary: MINIBROWSER, args: ['--automation'] };
    const created = await call('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': options } },
    });
    const session = String(created.value?.['sessionId']);
    const caps = created.value?.['capabilities'] as { browserName?: string; browserVersion?: string } | undefined;
    await call('POST', `/session/${session}/url`, { url });
    return {
      engine: `WebKitGTK ${caps?.browserVersion ?? '?'} ${caps?.browserName ?? ''}`.trim(),
      close: async () => {
        await call('DELETE', `/session/${session}`).catch(() => undefined);
        stop(driver);
      },
    };
  } catch (err) {
    stop(driver);
    throw err;
  }
}
