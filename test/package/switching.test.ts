// docs/switching.md, the README's noble switch and the overrides package (scripts/pack-noble.ts),
// checked without a network: every block of the page is a recipe that scripts/test-runtimes.ts
// builds a consumer from (where it is run), each alias maps exactly noble's two paths to this
// package's entry points, the switch fetches nothing from the registry that this project has not
// published, and the overrides package has every path of the installed noble. The package is generated from dist/
// (`npm run build`, which CI runs first): without it that part is skipped with a notice, and with
// CI=true that is a failure.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { ENTRIES, specifier } from '../../scripts/entries.js';
import { NOBLE_PACKAGE, OURS, UPSTREAM_ALIAS, writeNoblePackage } from '../../scripts/pack-noble.js';
import { switchingBlocks, switchingRecipes } from '../../scripts/switching-recipes.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const noble = JSON.parse(readFileSync(join(root, 'node_modules/@noble/post-quantum/package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, string>;
};
const built = existsSync(join(root, 'dist/noble/ml-kem.js'));
if (!built) {
  const message = 'dist/ is not built (npm run build): the overrides package is not generated';
  if (process.env.CI === 'true') throw new Error(message);
  console.error(`NOTICE: ${message}`);
}

describe('docs/switching.md', () => {
  const recipes = switchingRecipes();
  const harness = readFileSync(join(root, 'scripts/test-runtimes.ts'), 'utf8');

  it('every code block is a recipe a consumer is built from', () => {
    const blocks = switchingBlocks();
    assert.ok(blocks.length >= 8, `only ${blocks.length} blocks`);
    for (const b of blocks)
      assert.ok(b.path !== undefined, `line ${b.line}: no <!-- consumer: PATH --> before the block`);
    for (const r of Object.values(recipes)) {
      assert.ok(
        existsSync(join(root, 'test/runtimes/consumers', dirname(r.path))),
        `line ${r.line}: no consumer folder for ${r.path}`,
      );
    }
  });

  it('scripts/test-runtimes.ts runs every recipe', () => {
    for (const r of Object.values(recipes)) {
      const file = r.path.split('/').pop()!;
      const users = [
        harness,
        ...['vite-build.mjs', 'metro.harness.cjs'].map((f) =>
          readFileSync(join(root, 'test/runtimes/consumers/noble', f), 'utf8'),
        ),
      ];
      // A config found by convention in its folder (Jest's) is run there.
      const byFolder = file === 'jest.config.js';
      assert.ok(byFolder || users.some((u) => u.includes(file)), `${r.path} (line ${r.line}) is used by no job`);
    }
  });

  it("each alias maps exactly noble's two paths to this package's noble entry points", () => {
    const entries = new Set(Object.keys(ENTRIES).map(specifier));
    for (const r of Object.values(recipes)) {
      if (r.path.endsWith('.json') || r.path.endsWith('.sh')) continue;
      const pairs = [...r.code.matchAll(/'(@noble\/post-quantum\/[^']+)': '([^']+)'/g)].map(
        (m) => [m[1]!, m[2]!] as const,
      );
      if (r.path.endsWith('jest.config.js')) {
        // One pattern for both paths: check what it maps each of noble's paths to.
        const [, pattern, target] = /'(\^@noble[^']+)': '([^']+)'/.exec(r.code) ?? [];
        assert.ok(pattern !== undefined && target !== undefined, 'no moduleNameMapper entry');
        const regex = new RegExp(pattern.replace(/\\\\/g, '\\'));
        for (const path of Object.keys(noble.exports).map((p) => `@noble/post-quantum/${p.slice(2)}`)) {
          const mine = OURS[`./${path.split('/').pop()}`];
          assert.equal(regex.test(path), mine !== undefined, `${path} ${mine === undefined ? 'is' : 'is not'} mapped`);
          if (mine !== undefined) assert.equal(path.replace(regex, target), mine.specifier);
        }
        continue;
      }
      assert.deepEqual(
        pairs.map(([from, to]) => [from.replace(/\$$/, ''), to]),
        Object.entries(OURS).map(([p, o]) => [`@noble/post-quantum/${p.slice(2)}`, o.specifier]),
        `${r.path} (line ${r.line})`,
      );
      for (const [, to] of pairs) assert.ok(entries.has(to), `${to} is not an entry point of the package`);
    }
  });

  it("the switch installs the two packed files, which the README's commands write, and names no other package", () => {
    const wanted = {
      dependencies: { '@noble/post-quantum': `file:../mlkem-ts/mlkem-ts-noble-${version}.tgz` },
      overrides: {
        '@noble/post-quantum': '$@noble/post-quantum',
        'mlkem-ts': `file:../mlkem-ts/mlkem-ts-${version}.tgz`,
      },
    };
    assert.deepEqual(JSON.parse(recipes['noble/overrides.json']!.code), wanted);
    // The README's commands set exactly those lines, after `npm run pack:noble` wrote both files.
    const sh = recipes['noble/switch.sh']!;
    assert.equal(sh.page, 'README.md');
    const set = [...sh.code.matchAll(/'(dependencies|overrides)\[([^\]]+)\]=([^']+)'/g)].map((m) => [m[1], m[2], m[3]]);
    assert.deepEqual(
      set,
      Object.entries(wanted).flatMap(([field, lines]) => Object.entries(lines).map(([k, v]) => [field, k, v])),
    );
    assert.match(sh.code, /^cd mlkem-ts && npm run pack:noble && cd \.\.\s/);
    assert.match(
      readFileSync(join(root, 'package.json'), 'utf8'),
      /"pack:noble": "npm pack && node --import tsx scripts\/pack-noble\.ts"/,
    );
  });

  it('README.md and docs/ fetch no package under a name this project has not published', () => {
    const texts = [
      join(root, 'README.md'),
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(root, 'docs', f)),
    ];
    for (const path of texts) {
      const text = readFileSync(path, 'utf8');
      // The registry forms of our two packages, named only as what the switch becomes once published;
      // the old unscoped name, which anyone can register, nowhere.
      assert.doesNotMatch(text, /mlkem-ts-noble@|npm:mlkem-ts-noble/, `${path} names the unscoped mlkem-ts-noble`);
      for (const m of text.matchAll(/npm:(@mlkem-ts\/noble|mlkem-ts)@|"(?:mlkem-ts|@mlkem-ts\/noble)": "\^?\d/g)) {
        const paragraph = text.slice(text.lastIndexOf('\n\n', m.index) + 1, text.indexOf('\n\n', m.index));
        assert.match(paragraph, /[Oo]nce [\w ]*published/, `${path}: ${m[0]} outside "once published"`);
      }
    }
    const page = readFileSync(join(root, 'docs/switching.md'), 'utf8') + readFileSync(join(root, 'README.md'), 'utf8');
    for (const named of page.matchAll(/mlkem-ts(?:-noble)?-(\d+\.\d+\.\d+)\.tgz|@mlkem-ts\/noble@(\d+\.\d+\.\d+)/g))
      assert.equal(named[1] ?? named[2], version, named[0]);
  });
});

describe('the overrides package (npm run pack:noble)', { skip: built ? false : 'dist/ is not built' }, () => {
  it("has every path of noble's, ours behind ml-kem.js and hybrid.js and noble's behind the rest", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mlkem-ts-noble-test-'));
    try {
      const pkg = (await writeNoblePackage(dir)) as {
        name: string;
        exports: Record<string, string>;
        dependencies: Record<string, string>;
      };
      assert.equal(pkg.name, NOBLE_PACKAGE);
      assert.match(NOBLE_PACKAGE, /^@mlkem-ts\//, "the overrides package is in this project's own scope");
      assert.deepEqual(pkg.exports, noble.exports);
      assert.deepEqual(pkg.dependencies, {
        'mlkem-ts': version,
        [UPSTREAM_ALIAS]: `npm:@noble/post-quantum@${noble.version}`,
      });
      for (const [subpath, target] of Object.entries(noble.exports)) {
        const js = readFileSync(join(dir, target), 'utf8');
        assert.equal(
          readFileSync(join(dir, target.replace(/\.js$/, '.d.ts')), 'utf8'),
          js,
          `${target}: declarations differ from the module`,
        );
        const upstream = subpath === '.' ? UPSTREAM_ALIAS : `${UPSTREAM_ALIAS}/${subpath.slice(2)}`;
        assert.ok(js.startsWith(`export * from '${upstream}';\n`), `${target} does not re-export ${upstream}`);
        const mine = OURS[subpath];
        const named = /export \{ ([^}]+) \} from '([^']+)';/.exec(js);
        if (mine === undefined) {
          assert.equal(named, null, `${target} exports something of ours`);
          continue;
        }
        assert.equal(named?.[2], mine.specifier);
        const module = (await import(pathToFileURL(join(root, mine.dist)).href)) as Record<string, unknown>;
        const kems = Object.keys(module).filter(
          (n) => typeof (module[n] as { encapsulate?: unknown })?.encapsulate === 'function',
        );
        assert.deepEqual(named[1]!.split(', '), kems.sort(), `${target}: not every KEM object of ${mine.specifier}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
