// The API reference check (`npm run docs`): its entry points follow package.json `exports`, and
// TypeDoc with our configuration fails on an undocumented export, a missing @param, @returns or
// @throws, and passes a fully documented one (two small TypeDoc runs on fixtures, about 5 s).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { entryPoints, typedocBinary } from '../../scripts/docs.js';
import { ENTRIES, specifier } from '../../scripts/entries.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };

describe('docs entry points from package.json exports', () => {
  it('every code export of package.json, and nothing else', () => {
    const entries = entryPoints(pkg.exports, (p) => existsSync(join(root, p)));
    // Each source once: an alias (scripts/entries.ts ALIASES) exports the same files as its entry.
    const expected = [
      ...new Set(
        Object.entries(pkg.exports)
          .filter(([, target]) => JSON.stringify(target).includes('.js"')) // not ./package.json, not the .wasm file
          // The ES module file each export points to, as a source file: ./dist/hpke/hpke-core.js → src/hpke/hpke-core.ts.
          .map(([, target]) => JSON.stringify(target).match(/"\.\/dist\/((?!cjs\/)[^"]+)\.js"/)![1]!)
          .map((file) => `src/${file}.ts`),
      ),
    ];
    assert.ok(expected.length >= 4);
    assert.deepEqual(entries.sort(), expected.sort());
  });

  it('a new entry point is covered as soon as it is exported, in ESM or CommonJS form; a .wasm asset is not an entry point', () => {
    const added = {
      ...pkg.exports,
      './webcrypto': { types: './dist/webcrypto/index.d.ts', default: './dist/webcrypto/index.js' },
      './hpke': {
        import: { types: './dist/hpke/index.d.ts', default: './dist/hpke/index.js' },
        'module-sync': './dist/hpke/index.js',
        require: { types: './dist/cjs/hpke/index.d.cts', default: './dist/cjs/hpke/index.cjs' },
      },
      './wasm/mlkem.wasm': {
        import: { types: './dist/wasm/mlkem.wasm.d.ts', default: './dist/wasm/mlkem.wasm' },
        default: './dist/wasm/mlkem.wasm',
      },
    };
    const entries = entryPoints(added, (p) => !p.includes('mlkem.wasm'));
    assert.ok(entries.includes('src/webcrypto/index.ts'));
    assert.ok(entries.includes('src/hpke/index.ts'));
    assert.equal(entries.filter((e) => e === 'src/hpke/index.ts').length, 1);
    assert.ok(!entries.some((e) => e.includes('mlkem.wasm')));
  });

  it('an export whose source cannot be found fails loudly instead of being left out', () => {
    assert.throws(
      () => entryPoints({ './nowhere': './dist/nowhere/index.js' }, () => false),
      /exports\["\.\/nowhere"\] → \.\/dist\/nowhere\/index\.js: no TypeScript source src\/nowhere\/index\.ts/,
    );
  });
});

describe('the TypeDoc check (typedoc.json, tools/typedoc/check-tags.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-docs-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'nodenext', strict: true, types: [] },
      files: ['entry.ts'],
    }),
  );
  const typedoc = (source: string) => {
    writeFileSync(join(dir, 'entry.ts'), source);
    const run = spawnSync(
      typedocBinary(),
      [
        '--options',
        'typedoc.json',
        '--readme',
        'none',
        '--tsconfig',
        join(dir, 'tsconfig.json'),
        '--out',
        join(dir, 'out'),
        join(dir, 'entry.ts'),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    return { status: run.status, output: (run.stdout + run.stderr).replace(/\x1b\[[0-9;]*m/g, '') };
  };

  it('fails on an undocumented export and on a missing @param, @returns or @throws', () => {
    const r = typedoc(`
/** Documented, but without its tags. */
export function half(x: number): number { return x / 2; }
export const bare = 1;
`);
    assert.notEqual(r.status, 0, r.output);
    assert.match(r.output, /bare \(Variable\).* does not have any documentation/);
    assert.match(r.output, /half \(Function\) has no @param for 'x'/);
    assert.match(r.output, /half \(Function\) has no @returns/);
    assert.match(r.output, /half \(Function\) has no @throws/);
  });

  it('passes a fully documented export', () => {
    const r = typedoc(`
/**
 * Half of a number.
 * @param x - the number
 * @returns x / 2
 * @throws Nothing.
 */
export function half(x: number): number { return x / 2; }
/** One. */
export const one = 1;
`);
    assert.equal(r.status, 0, r.output);
  });
});

describe('the reference reads as a user imports it', () => {
  it('every entry point has a module comment named as users import it, with an overview and an example', () => {
    for (const [subpath, source] of Object.entries(ENTRIES)) {
      const text = readFileSync(join(root, source), 'utf8');
      const name = specifier(subpath);
      const comment = [...text.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((m) => m[1]!).find((c) => /@module\b/.test(c));
      assert.ok(comment !== undefined, `${source} has no @module comment: TypeDoc would name its page after the file`);
      assert.match(
        comment,
        new RegExp(`@module ${name.replace(/\//g, '\\/')}\\s`),
        `${source}'s @module is not ${name}`,
      );
      assert.match(comment, /@example/, `${source}'s module comment has no example`);
      const overview = comment
        .split(/\n\s*\*\s*@/)[0]!
        .replace(/^\s*\*/gm, '')
        .trim();
      assert.ok(overview.length > 80, `${source}'s module comment has no overview`);
      assert.match(
        comment,
        new RegExp(`(from|import) '${name.replace(/\//g, '\\/')}'`),
        `${source}'s example does not import ${name}`,
      );
    }
  });

  it('the front page is the guide, which lists every entry point; the README links the reference', () => {
    const config = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { readme?: string };
    assert.ok(config.readme !== undefined && config.readme !== 'none', 'typedoc.json has no front page (readme)');
    const guide = readFileSync(join(root, config.readme), 'utf8');
    for (const subpath of Object.keys(ENTRIES))
      assert.ok(guide.includes(`{@link "${specifier(subpath)}"`), `the front page does not link ${specifier(subpath)}`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    assert.match(readme, /\]\(docs\/guide\.md\)|docs\/api\/index\.html/, 'the README does not point to the reference');
  });
});

describe('the front page and the mlkem-ts module overview', () => {
  const names = Object.keys(ENTRIES).map(specifier);

  it('docs/guide.md (the front page) lists every entry point of scripts/entries.ts', () => {
    const guide = readFileSync(join(root, 'docs/guide.md'), 'utf8');
    for (const name of names)
      assert.ok(guide.includes(`{@link "${name}" | \`${name}\`}`), `docs/guide.md does not list ${name}`);
    // TypeDoc titles the page with the package's name: the page's own heading must not repeat it.
    assert.doesNotMatch(guide.split('\n')[0]!, /mlkem-ts/);
  });

  it("mlkem-ts's overview names every other entry point", () => {
    const overview =
      /\/\*\*([\s\S]*?)@module mlkem-ts\n/.exec(readFileSync(join(root, 'src/index.ts'), 'utf8'))?.[1] ?? '';
    for (const name of names.filter((n) => n !== 'mlkem-ts'))
      assert.ok(overview.includes(`\`${name}\``), `src/index.ts's @module comment does not name ${name}`);
  });

  it('TypeDoc installs from its lockfile and npm cache first (npm ci --offline)', () => {
    const script = readFileSync(join(root, 'scripts/docs.ts'), 'utf8');
    assert.match(script, /\[\.\.\.ci, '--offline'\]/);
    const lock = JSON.parse(readFileSync(join(root, 'tools/typedoc/package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    for (const [path, p] of Object.entries(lock.packages))
      if (path !== '')
        assert.ok(p.version !== undefined && p.integrity !== undefined, `${path}: no pinned version and integrity`);
  });
});
