// `npm run pack:noble`: the package that stands in for @noble/post-quantum under npm `overrides`
// (docs/switching.md). Its paths are noble's own (every subpath of noble's exports map, same file
// names); ml-kem.js and hybrid.js export our noble-shaped objects (mlkem-ts/noble/ml-kem.js,
// mlkem-ts/noble/hybrid.js) under their names and everything else of noble's same-named module
// (PARAMS, the hybrid combiners, …), and every other path (ML-DSA, SLH-DSA, Falcon, utils,
// webcrypto) is noble's, re-exported from the real package. The real package comes in under an
// alias name, which an override of '@noble/post-quantum' does not match (npm matches overrides by
// the dependency's name), so the re-exports reach noble itself, not this package.
// Its name is in this project's own scope, @mlkem-ts, which no one else can publish under; it depends
// on mlkem-ts at exactly its own version and on noble at exactly the version of our dev dependencies.
// Reads the built dist/ (run `npm run build` first; `npm run pack:noble` packs mlkem-ts itself first,
// which builds) and the @noble/post-quantum of our dev dependencies.
// Usage: node --import tsx scripts/pack-noble.ts [--out DIR]   (writes DIR/mlkem-ts-noble-<version>.tgz)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The generated package's name (packed as mlkem-ts-noble-<version>.tgz), and the alias under which it depends on the real noble. */
export const NOBLE_PACKAGE = '@mlkem-ts/noble';
export const UPSTREAM_ALIAS = 'noble-post-quantum-upstream';

/** noble's paths that are ours: the path in noble's exports → our module (built file, specifier). */
export const OURS: Readonly<Record<string, { dist: string; specifier: string }>> = {
  './ml-kem.js': { dist: 'dist/noble/ml-kem.js', specifier: 'mlkem-ts/noble/ml-kem.js' },
  './hybrid.js': { dist: 'dist/noble/hybrid.js', specifier: 'mlkem-ts/noble/hybrid.js' },
};

interface Manifest {
  name: string;
  version: string;
  exports: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/**
 * One module of the package: noble's module re-exported, with our names in front of it. ES modules
 * let an explicit export shadow a star export of the same name, so `export *` brings only what we
 * do not have (the same holds for the declarations).
 */
function moduleText(upstream: string, ours: { specifier: string; names: string[] } | undefined): string {
  const lines = [`export * from '${upstream}';`];
  if (ours !== undefined) lines.push(`export { ${ours.names.join(', ')} } from '${ours.specifier}';`);
  return `${lines.join('\n')}\n`;
}

/** Writes the package into `dir` (empty or missing) and returns its package.json. */
export async function writeNoblePackage(dir: string): Promise<Record<string, unknown>> {
  const own = readJson<{ version: string; license: string; engines: unknown }>(join(root, 'package.json'));
  const noble = readJson<Manifest>(join(root, 'node_modules/@noble/post-quantum/package.json'));
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const subpath of Object.keys(noble.exports)) {
    const file = subpath === '.' ? 'index.js' : subpath.slice(2);
    if (!file.endsWith('.js')) throw new Error(`@noble/post-quantum exports ${subpath}, expected a path ending in .js`);
    const upstream = subpath === '.' ? UPSTREAM_ALIAS : `${UPSTREAM_ALIAS}/${file}`;
    let ours: { specifier: string; names: string[] } | undefined;
    const mine = OURS[subpath];
    if (mine !== undefined) {
      const built = join(root, mine.dist);
      if (!existsSync(built)) throw new Error(`${mine.dist} is missing: run \`npm run build\` first`);
      // The KEM objects only: the module's helpers are no part of noble's surface.
      const module = (await import(pathToFileURL(built).href)) as Record<string, { encapsulate?: unknown } | undefined>;
      const names = Object.keys(module)
        .filter((n) => typeof module[n]?.encapsulate === 'function')
        .sort();
      if (names.length === 0) throw new Error(`${mine.dist} exports nothing`);
      ours = { specifier: mine.specifier, names };
    }
    const text = moduleText(upstream, ours);
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, file.replace(/\.js$/, '.d.ts')), text);
    written.push(file);
  }
  for (const subpath of Object.keys(OURS)) {
    if (!(subpath in noble.exports))
      throw new Error(`@noble/post-quantum ${noble.version} no longer exports ${subpath}`);
  }
  const pkg = {
    name: NOBLE_PACKAGE,
    version: own.version,
    description: `@noble/post-quantum ${noble.version}'s paths, with ML-KEM and its hybrids (ml-kem.js, hybrid.js) from mlkem-ts and the rest from noble itself: for npm overrides`,
    license: own.license,
    type: 'module',
    sideEffects: false,
    main: 'index.js',
    types: 'index.d.ts',
    exports: noble.exports,
    engines: own.engines,
    dependencies: {
      'mlkem-ts': own.version,
      [UPSTREAM_ALIAS]: `npm:@noble/post-quantum@${noble.version}`,
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(
    join(dir, 'README.md'),
    [
      `# ${NOBLE_PACKAGE}`,
      '',
      `The paths of \`@noble/post-quantum\` ${noble.version}, for npm \`overrides\`: \`ml-kem.js\` and \`hybrid.js\``,
      "export mlkem-ts's noble-shaped `ml_kem512`/`768`/`1024` and hybrids (and the rest of noble's",
      "modules of those names); every other path is noble's own, re-exported from the real package.",
      '',
      '```json',
      JSON.stringify(
        {
          dependencies: { '@noble/post-quantum': `npm:${NOBLE_PACKAGE}@${own.version}` },
          overrides: { '@noble/post-quantum': '$@noble/post-quantum' },
        },
        null,
        2,
      ),
      '```',
      '',
      "See mlkem-ts's docs/switching.md for what differs from noble and for the bundler recipes.",
      '',
    ].join('\n'),
  );
  for (const f of ['LICENSE-MIT', 'LICENSE-APACHE']) copyFileSync(join(root, f), join(dir, f));
  return pkg;
}

/** Writes and packs the package; returns the tarball's path. */
export async function packNoble(out: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-ts-noble-package-'));
  try {
    await writeNoblePackage(dir);
    mkdirSync(out, { recursive: true });
    const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', resolve(out)], {
      cwd: dir,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    return join(resolve(out), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  console.log(await packNoble(at === -1 ? process.cwd() : process.argv[at + 1]!));
}
