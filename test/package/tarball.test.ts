// The package a user installs: `npm pack --dry-run` of the built dist/ is at
// most 400 kB, has the CommonJS build of every entry point, ships no module or declaration that
// package.json does not reach, no source map (the CommonJS build is readable as it is) and no
// file links one; the package.json that
// ships runs no install script and its description says which entry points have dependencies.
// Needs dist/ (`npm run build`, which CI runs before `npm test`): skipped with a notice without
// it, a failure with CI=true.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { ENTRIES, stem } from '../../scripts/entries.js';
import { reachedFiles } from '../../scripts/package-files.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  description: string;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
};

const built = existsSync(join(root, 'dist/index.js')) && existsSync(join(root, 'dist/cjs/index.js'));
if (!built) {
  const message = 'dist/ is not built (npm run build): the tarball checks are skipped';
  if (process.env.CI === 'true') throw new Error(message);
  console.error(`NOTICE: ${message}`);
}

interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: Array<{ path: string; size: number }>;
}

describe('the package a user installs', () => {
  it('runs no install script: no preinstall, install, postinstall or prepare (the build is prepack)', () => {
    for (const name of ['preinstall', 'install', 'postinstall', 'prepare']) {
      assert.equal(pkg.scripts[name], undefined, `package.json has a ${name} script, which every install would run`);
    }
    assert.match(pkg.scripts['prepack'] ?? '', /npm run build/);
  });

  it('says which entry points have dependencies, and names each dependency', () => {
    const deps = Object.keys(pkg.dependencies ?? {});
    if (deps.length > 0) assert.doesNotMatch(pkg.description, /zero (runtime )?dependencies/i);
    for (const dep of deps)
      assert.ok(pkg.description.includes(dep), `the description does not name the dependency ${dep}`);
    assert.match(pkg.description, /core \(mlkem-ts\)[^;]*no dependencies/);
  });

  it('packs to at most 400 kB with the CommonJS build, and no source map or link to one', { skip: !built }, () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const packed = (JSON.parse(out) as Packed[])[0]!;
    const shipped = new Set(packed.files.map((f) => f.path));
    console.log(
      `npm pack: ${(packed.size / 1000).toFixed(1)} kB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${packed.entryCount} files`,
    );
    assert.ok(packed.size <= 400_000, `the tarball is ${packed.size} bytes, above 400 kB`);
    for (const source of Object.values(ENTRIES)) {
      for (const file of [`dist/${stem(source)}.js`, `dist/cjs/${stem(source)}.js`, `dist/cjs/${stem(source)}.d.ts`]) {
        assert.ok(shipped.has(file), `${file} is not in the package`);
      }
    }
    // Every module and declaration shipped is one that package.json reaches (an empty module of a
    // type-only file, or the declarations of an internal module that no public one names, is not).
    const reached = reachedFiles(root);
    for (const file of shipped)
      if (/\.(js|d\.ts)$/.test(file))
        assert.ok(reached.has(join(root, file)), `${file} is shipped, but nothing loads it`);
    for (const file of shipped) {
      assert.ok(!file.endsWith('.map'), `${file} is shipped: a source map nothing needs`);
      if (file.endsWith('.js'))
        assert.doesNotMatch(
          readFileSync(join(root, file), 'utf8'),
          /\/\/# sourceMappingURL=/,
          `${file} links a source map`,
        );
    }
  });
});
