// The asynchronous doors' curve paths in Debian's Chromium and Firefox ESR: test/browser/curves-page.ts,
// bundled as a web app would bundle it, runs the differential suite of test/hybrid/webcrypto-curves.test.ts
// in the page (each concrete hybrid's door on the browser's Web Crypto, on noble and on 'auto',
// against the synchronous noble hybrid: random seeds and every edge case, bytes and error
// messages; both backends), and the ponyfill's hybrids against noble. Both browsers have X25519
// and ECDH, so Web Crypto must pass its self-test there and 'auto' must take it. WebKitGTK's
// MiniBrowser, where installed (scripts/install-webkit.sh), runs the same page with 'auto' and
// noble: its Web Crypto refuses X25519, so there the self-test's refusal and the fallback to
// noble run in a real browser (what 'auto' took for each curve is printed). In all three, a scalar
// loaded into the browser's Web Crypto must be copied only into the PKCS#8 given to importKey,
// wiped after (test/support/scalar-copies.ts).
//
// A missing Chromium or Firefox: skipped with a notice, except in CI (CI=true), where it fails;
// a missing WebKit is skipped with a notice (it is optional).
// MLKEM_DIFF_N sets the random key pairs per hybrid, path and backend (default 2).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { type BrowserName, bundlePage, missingExecutable, runPage } from '../../scripts/run-page.js';
import type { CurvesPageResult } from './curves-page.js';

const ROUNDS = Number(process.env.MLKEM_DIFF_N ?? 2);
const entry = join(fileURLToPath(new URL('.', import.meta.url)), 'curves-page.ts');
const bundles = new Map<string, Promise<Uint8Array>>();
const bundleFor = (paths: string[]) => {
  const key = paths.join();
  if (!bundles.has(key))
    bundles.set(key, bundlePage(entry, { __ROUNDS__: String(ROUNDS), __PATHS__: JSON.stringify(paths) }));
  return bundles.get(key)!;
};

for (const browser of ['chromium', 'firefox', 'webkit'] as BrowserName[]) {
  const webkit = browser === 'webkit';
  const paths = webkit ? ['noble', 'auto'] : ['webcrypto', 'noble', 'auto'];
  const title = webkit
    ? "webkit: the doors on auto (Web Crypto where it passes the self-test, else noble) and noble give the noble hybrids' bytes and errors; the ponyfill's hybrids agree with noble"
    : `${browser}: the doors on Web Crypto, noble and auto give the noble hybrids' bytes and errors; the ponyfill's hybrids agree with noble`;
  const missing = missingExecutable(browser);
  if (missing !== undefined) {
    const message = `${missing} not found (scripts/install-${browser}.sh installs it)`;
    if (process.env.CI === 'true' && !webkit) it(title, () => assert.fail(message));
    else {
      process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
      it(title, { skip: message }, () => {});
    }
    continue;
  }
  it(title, { timeout: 600_000 }, async (t) => {
    const r = await runPage<CurvesPageResult>(browser, await bundleFor(paths), 540_000);
    t.diagnostic(r.ua);
    assert.equal(r.fatal, null, `the page crashed: ${r.fatal}`);
    t.diagnostic(`scalar copies: ${r.scalarCopies!.loads.join('; ')}`);
    assert.deepEqual(r.scalarCopies!.failures, [], 'a scalar loaded into Web Crypto left a copy behind');
    if (!webkit)
      assert.ok(
        r.scalarCopies!.loads.every((l) => l.endsWith('loaded')),
        `${browser} refused a way of loading a scalar`,
      );
    for (const [backend, s] of Object.entries(r.suites)) {
      t.diagnostic(
        `${backend}: ${Object.entries(s.checks)
          .map(([k, v]) => `${k} ×${v}`)
          .join('; ')}`,
      );
      assert.deepEqual(s.failures, [], `${backend}: failures`);
      t.diagnostic(
        `${backend}: 'auto' took ${s.subjects.map(({ name }) => `${name} ${s.took[`${name} auto`]}`).join(', ')}`,
      );
      assert.ok(s.subjects.length >= 3, `${backend}: the registry has concrete hybrids on every curve`);
      for (const { name, curve } of s.subjects) {
        assert.equal(s.took[`${name} noble`], 'noble');
        // The wasm suite runs after loadWasm: X25519's 'auto' is then the module's.
        const wasmCurve = backend === 'wasm' && curve === 'X25519';
        if (wasmCurve)
          assert.equal(
            s.took[`${name} auto`],
            'wasm',
            `${backend} ${name}: 'auto' did not take the WebAssembly X25519`,
          );
        if (webkit) {
          if (!wasmCurve)
            assert.ok(
              ['webcrypto', 'noble'].includes(s.took[`${name} auto`]!),
              `${backend} ${name}: 'auto' took ${s.took[`${name} auto`]}`,
            );
          continue;
        }
        assert.equal(
          s.took[`${name} webcrypto`],
          'webcrypto',
          `${backend} ${name}: the browser's Web Crypto did not pass the self-test`,
        );
        if (!wasmCurve)
          assert.equal(
            s.took[`${name} auto`],
            'webcrypto',
            `${backend} ${name}: 'auto' did not take the browser's Web Crypto`,
          );
        assert.ok(s.checks[`${name} webcrypto`]! >= 20 * ROUNDS, `${backend} ${name}: too few comparisons`);
      }
    }
    assert.deepEqual(r.ponyfill, [], 'ponyfill');
    assert.equal(r.ponyfillChecks, 3 * 3 * 7, 'ponyfill checks');
  });
}
