// docs/webcrypto.md's "Keeping keys" recipe, its code block taken from the page as it is, in
// Debian's Chromium and Firefox ESR (test/browser/keep-key-page.ts says what the page does): a
// polyfill ML-KEM key kept wrapped in IndexedDB under a non-extractable AES-KW key decapsulates
// after a page reload and in a worker, unwrapped as non-extractable; cloning our key throws our
// DataCloneError, whose message names the way out; and loadWasmSync works on a page's main thread.
// A missing browser: skipped with a notice, except in CI (CI=true), where it fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

import { WEB_APP_BUILD } from '../../scripts/bundle.js';
import { type BrowserName, missingExecutable, runPage } from '../../scripts/run-page.js';
import type { KeepKeyResult } from './keep-key-page.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docs = readFileSync(join(root, 'docs/webcrypto.md'), 'utf8');
const recipe = /<!-- readme: types only \(IndexedDB[^\n]*\n```ts\n([\s\S]*?)\n```/.exec(docs)?.[1];

async function bundle(): Promise<Uint8Array> {
  assert.ok(recipe?.includes('loadKeptKey'), "docs/webcrypto.md's recipe block was not found");
  const result = await build({
    ...WEB_APP_BUILD,
    entryPoints: [join(root, 'test/browser/keep-key-page.ts')],
    plugins: [
      {
        name: 'recipe',
        setup(b) {
          b.onResolve({ filter: /^keep-key-recipe$/ }, () => ({ path: 'recipe', namespace: 'recipe' }));
          b.onLoad({ filter: /.*/, namespace: 'recipe' }, () => ({
            contents: recipe!,
            loader: 'ts',
            resolveDir: root,
          }));
          b.onResolve({ filter: /^mlkem-ts\/webcrypto$/ }, () => ({ path: join(root, 'src/webcrypto/index.ts') }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.contents;
}

for (const browser of ['chromium', 'firefox'] as BrowserName[]) {
  const title = `${browser}: a polyfill key kept wrapped in IndexedDB decapsulates after a reload and in a worker`;
  const missing = missingExecutable(browser);
  if (missing !== undefined) {
    const message = `${missing} not found (scripts/install-${browser}.sh installs it)`;
    if (process.env.CI === 'true') it(title, () => assert.fail(message));
    else {
      process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
      it(title, { skip: message }, () => {});
    }
    continue;
  }
  it(title, { timeout: 120_000 }, async (t) => {
    const r = await runPage<KeepKeyResult>(browser, await bundle(), 90_000);
    t.diagnostic(r.ua);
    assert.equal(r.fatal, null);
    assert.deepEqual(
      { page: r.page, worker: r.worker, extractable: r.extractable, exported: r.exported, wasmSync: r.wasmSync },
      { page: true, worker: true, extractable: false, exported: 'InvalidAccessError', wasmSync: true },
    );
    t.diagnostic(`structuredClone: ${r.clone}`);
    for (const message of [r.clone, r.postMessage, r.indexedDB])
      assert.match(
        message,
        /^DataCloneError: .*cannot be structured-cloned.*wrapKey under a non-extractable AES-KW key/,
      );
  });
}
