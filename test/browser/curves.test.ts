// The asynchronous doors' curve paths in Debian's Chromium and Firefox ESR: test/browser/curves-page.ts,
// bundled as a web app would bundle it, runs the differential suite of test/hybrid/webcrypto-curves.test.ts
// in the page (each concrete hybrid's door on the browser's Web Crypto, on noble and on 'auto',
// against the synchronous noble hybrid: random seeds and every edge case, bytes and error
// messages; both backends), and the ponyfill's hybrids against noble. Both browsers have X25519
// and ECDH, so Web Crypto must pass its self-test there and 'auto' must take it.
//
// A missing browser: skipped with a notice, except in CI (CI=true), where it fails.
// MLKEM_DIFF_N sets the random key pairs per hybrid, path and backend (default 2).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BROWSERS, type BrowserName, bundlePage, runPage } from '../../scripts/browser-page.js';
import type { CurvesPageResult } from './curves-page.js';

const ROUNDS = Number(process.env.MLKEM_DIFF_N ?? 2);
const entry = join(fileURLToPath(new URL('.', import.meta.url)), 'curves-page.ts');
let bundle: Promise<Uint8Array> | undefined;

for (const browser of ['chromium', 'firefox'] as BrowserName[]) {
  const title = `${browser}: the doors on Web Crypto, noble and auto give the noble hybrids' bytes and errors; the ponyfill's hybrids agree with noble`;
  if (!existsSync(BROWSERS[browser])) {
    const message = `${BROWSERS[browser]} not found (scripts/install-${browser}.sh installs it)`;
    if (process.env.CI === 'true') it(title, () => assert.fail(message));
    else {
      process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
      it(title, { skip: message }, () => {});
    }
    continue;
  }
  it(title, { timeout: 600_000 }, async (t) => {
    bundle ??= bundlePage(entry, { __ROUNDS__: String(ROUNDS) });
    const r = await runPage<CurvesPageResult>(browser, await bundle, 540_000);
    t.diagnostic(r.ua);
    assert.equal(r.fatal, null, `the page crashed: ${r.fatal}`);
    for (const [backend, s] of Object.entries(r.suites)) {
      t.diagnostic(`${backend}: ${Object.entries(s.checks).map(([k, v]) => `${k} ×${v}`).join('; ')}`);
      assert.deepEqual(s.failures, [], `${backend}: failures`);
      for (const name of ['X-Wing', 'MLKEM768-P256', 'MLKEM1024-P384']) {
        assert.equal(s.took[`${name} webcrypto`], 'webcrypto', `${backend} ${name}: the browser's Web Crypto did not pass the self-test`);
        assert.equal(s.took[`${name} auto`], 'webcrypto', `${backend} ${name}: 'auto' did not take the browser's Web Crypto`);
        assert.equal(s.took[`${name} noble`], 'noble');
        assert.ok(s.checks[`${name} webcrypto`]! >= 20 * ROUNDS, `${backend} ${name}: too few comparisons`);
      }
    }
    assert.deepEqual(r.ponyfill, [], 'ponyfill');
    assert.equal(r.ponyfillChecks, 3 * 3 * 7, 'ponyfill checks');
  });
}
