// The command is Node-only code (src/cli imports node:fs and friends, and brings Node's types
// into the build through `/// <reference types="node" />`); the library must stay free of it.
// The entry points of package.json `exports` are compiled on their own, without Node's types
// (the guard that tsconfig.build.json's `types: []` gave before src/cli existed): they must
// type-check, and their program must contain no file of src/cli and none of @types/node.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { entryPoints } from '../../scripts/docs.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

it('the library entry points compile without Node types and never reach src/cli', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: unknown };
  const files = entryPoints(pkg.exports, (p) => existsSync(join(root, p))).map((p) => join(root, p));
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-lib-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(root, 'tsconfig.build.json'),
        compilerOptions: { noEmit: true, types: [] },
        files,
        include: [],
      }),
    );
    const tsc = join(root, 'node_modules/.bin/tsc');
    try {
      execFileSync(tsc, ['-p', config], { encoding: 'utf8' });
    } catch (err) {
      assert.fail(`the entry points do not compile without Node types:\n${(err as { stdout?: string }).stdout ?? err}`);
    }
    const program = execFileSync(tsc, ['-p', config, '--listFilesOnly'], { encoding: 'utf8' }).split('\n');
    assert.ok(
      program.some((f) => f.endsWith('src/index.ts')),
      'the program is empty',
    );
    assert.deepEqual(
      program.filter((f) => f.includes('/src/cli/') || f.includes('@types/node')),
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
