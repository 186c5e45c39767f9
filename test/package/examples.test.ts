// The examples can be copied into an app (issue 23 item 6): each imports mlkem-ts by its package
// name, never a path into the repository; in the clone, tsconfig.json `paths` (which tsx follows)
// map those names to src/, and each one exits 0 there. (Copied into an app with the packed package
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
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths?: Record<string, string[]> } };

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

  it('tsconfig.json paths map every entry point to its source (the clone needs no build)', () => {
    for (const [subpath, source] of Object.entries(ENTRIES)) {
      assert.deepEqual(tsconfig.compilerOptions.paths?.[specifier(subpath)], [`./${source}`], `paths lacks ${specifier(subpath)}`);
    }
  });

  for (const f of examples) {
    it(`examples/${f} runs in the clone`, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join('examples', f)], { cwd: root, encoding: 'utf8', timeout: 180_000 });
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    });
  }
});
