// `npm test` runs test/*/*.test.ts: a test file anywhere else would silently never run. Every test
// file lies in the folder of its entry point (ARCHITECTURE.md); test/runtimes holds the consumer
// projects of `npm run test:runtimes`, whose own tests run there.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return path === join(root, 'test', 'runtimes') ? [] : testFiles(path);
    return /\.test\.[cm]?[jt]s$/.test(d.name) ? [relative(root, path)] : [];
  });
}

test('every test file is test/FOLDER/NAME.test.ts, the pattern npm test runs', () => {
  const files = testFiles(join(root, 'test'));
  assert.ok(files.length > 50, `found only ${files.length} test files`);
  assert.deepEqual(
    files.filter((f) => !/^test\/[a-z0-9-]+\/[a-z0-9-]+\.test\.ts$/.test(f)),
    [],
  );
});
