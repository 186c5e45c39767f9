// The examples can be copied into an app: each imports mlkem-ts by its package
// name, never a path into the repository; in the clone, examples/tsconfig.json's `paths` (which
// tsx follows, `npm run example`) map those names to src/, and each one exits 0 there. (Copied into an app with the packed package
// installed, `npx tsx NAME.ts` runs them the same way.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { ENTRIES, specifier } from '../../scripts/entries.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const examples = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.ts'));
const jsonc = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const tsconfig = jsonc(join(root, 'examples/tsconfig.json')) as {
  compilerOptions: { paths?: Record<string, string[]> };
};
const rootConfig = jsonc(join(root, 'tsconfig.json')) as { compilerOptions: { paths?: unknown } };

describe('examples/', () => {
  it('import mlkem-ts by name only', () => {
    assert.ok(examples.length >= 4);
    for (const f of examples) {
      const text = readFileSync(join(root, 'examples', f), 'utf8');
      const relative = [...text.matchAll(/\bfrom\s+'(\.[^']*)'/g)].map((m) => m[1]);
      assert.deepEqual(relative, [], `examples/${f} imports by path: ${relative.join(', ')}`);
      assert.match(text, /from 'mlkem-ts(\/[a-z/]+)?'/, `examples/${f} does not import mlkem-ts`);
    }
  });

  it('examples/tsconfig.json maps every entry point to its source (the clone needs no build); the root tsconfig maps none', () => {
    for (const [subpath, source] of Object.entries(ENTRIES)) {
      assert.deepEqual(
        tsconfig.compilerOptions.paths?.[specifier(subpath)],
        [`../${source}`],
        `paths lacks ${specifier(subpath)}`,
      );
    }
    // A bundler that follows tsconfig paths (webpack) inside the repository would build src/ instead of the package.
    assert.equal(rootConfig.compilerOptions.paths, undefined);
  });

  for (const f of examples) {
    it(`examples/${f} runs in the clone`, () => {
      const env = { ...process.env, TSX_TSCONFIG_PATH: 'examples/tsconfig.json' }; // what `npm run example` sets
      const run = spawnSync(process.execPath, ['--import', 'tsx', join('examples', f)], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      });
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    });
  }
});
