// `npm run build`: the package's dist/ from src/.
//   dist/**.js, .d.ts   ES modules and declarations (tsc -p tsconfig.build.json), file for file but
//                       for dist/chunks/core.js, which holds the modules that the WebAssembly
//                       backend's entry point imports, and the two backends' entry points, which
//                       hold their kernels (bundleEsModules: fewer files to load at start-up)
//   dist/cjs/**         the CommonJS build, file for file (esbuild, from tsc's modules), the same
//                       declarations, and a package.json {"type":"commonjs"} so that both are read
//                       as CommonJS
//   dist/wasm/mlkem.wasm  the WebAssembly module as a file (scripts/entries.ts ASSETS)
//   then deletes every .js and .d.ts that package.json does not reach (scripts/package-files.ts)
// Debugging without src/ (the package does not ship it): the ES modules are tsc's output without
// types and comments (the doc comments are in the declarations), readable as they are, each
// bundled file marked with the module it came from (`// dist/kem.js`); the
// CommonJS build is esbuild's transform of them, file for file. Neither has a source map: the
// package stays under 400 kB (test/package/tarball.test.ts). The CommonJS build bundles the dependencies
// (@noble/curves, @noble/hashes) once, into dist/cjs/vendor.js, which the files that use them
// require, because they are ES-only and loaders without require(esm) (Jest) cannot load them;
// peer dependencies stay imports.
// Checks that package.json's exports are the ones scripts/entries.ts gives; `-- --write-package-json`
// writes them instead.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type BuildOptions, build, transformSync, type Plugin } from 'esbuild';

import { ASSETS, packageFields } from './entries.js';
import { reachedFiles } from './package-files.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** The fields derived from scripts/entries.ts must be package.json's; --write-package-json sets them. */
function syncPackageJson(write: boolean): void {
  const path = join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const wanted = packageFields();
  const stale = Object.keys(wanted).filter((k) => JSON.stringify(pkg[k]) !== JSON.stringify(wanted[k]));
  if (stale.length === 0) return;
  if (!write) {
    throw new Error(
      `package.json's ${stale.join(', ')} differ from scripts/entries.ts: run \`npm run build -- --write-package-json\``,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(pkg)) out[k] = k in wanted ? wanted[k] : v; // keep the order
  for (const k of Object.keys(wanted)) out[k] ??= wanted[k];
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`build: wrote package.json ${stale.join(', ')}`);
}

function peerDependencies(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return Object.keys(pkg.peerDependencies ?? {});
}

function files(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending))
    .map((f) => join(dir, f));
}

/** Our own modules stay separate files (one copy of each, as in the ES build); packages are bundled. */
const ownModulesExternal: Plugin = {
  name: 'own-modules-external',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.kind !== 'entry-point' && args.importer.startsWith(dist) && !args.importer.includes('node_modules')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * The dependencies' code, bundled once for the whole CommonJS build (dist/cjs/vendor.js), which
 * every file that imports a dependency requires: @noble/curves and @noble/hashes are ES-only, and
 * one copy of what both curve modules use is smaller than a copy in each.
 */
const VENDOR = join(dist, 'cjs', 'vendor.js');
function dependencies(): string[] {
  return Object.keys(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
      .dependencies ?? {},
  );
}
const dependenciesToVendor: Plugin = {
  name: 'dependencies-to-vendor',
  setup(b) {
    const names = dependencies();
    b.onResolve({ filter: /^[@a-z]/ }, (args) => {
      if (args.kind === 'entry-point' || !args.importer.startsWith(dist) || args.importer.includes('node_modules'))
        return undefined;
      if (!names.some((n) => args.path === n || args.path.startsWith(`${n}/`))) return undefined;
      const from = dirname(join(dist, 'cjs', relative(dist, args.importer)));
      return { path: `./${relative(from, VENDOR)}`.replace(/^\.\/\.\.\//, '../'), external: true };
    });
  },
};

/**
 * vendor.js's source: what the ES modules import from the dependencies, by name
 * (`import { p256, p384 } from '@noble/curves/nist.js'` → `export { p256, p384 } from ...`), so
 * that the rest of each package is left out as a bundler leaves it out of an ES build.
 */
function vendorSource(): string {
  const names = dependencies();
  const wanted = new Map<string, Set<string>>();
  for (const file of files(dist, '.js')) {
    // Either quote: stripComments reprints the modules with double quotes.
    for (const m of readFileSync(file, 'utf8').matchAll(/^import\s*\{([^}]*)\}\s*from\s*(['"])([^'".][^'"]*)\2/gm)) {
      const spec = m[3]!;
      if (!names.some((n) => spec === n || spec.startsWith(`${n}/`))) continue;
      const set = wanted.get(spec) ?? new Set<string>();
      for (const name of m[1]!
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        if (name.startsWith('type ') || name.includes(' as '))
          throw new Error(`${file}: import { ${name} } from '${spec}': vendorSource reads plain names only`);
        set.add(name);
      }
      wanted.set(spec, set);
    }
    if (/^import\s+(\*|[A-Za-z_$][\w$]*)\s.*from\s*['"]@noble/m.test(readFileSync(file, 'utf8')))
      throw new Error(`${file}: only named imports of a dependency are vendored`);
  }
  return [...wanted].map(([spec, set]) => `export { ${[...set].sort().join(', ')} } from '${spec}';`).join('\n');
}

/** The package a bundled file came from: node_modules/@scope/name/... → @scope/name. */
function packageOf(input: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
}

/** The MIT licence asks for its notice in every copy: name each bundled package's copyright and licence. */
function licenceNotice(packages: string[]): string {
  const lines = packages.map((name) => {
    const dir = join(root, 'node_modules', name);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    const copyright = /^Copyright .*$/m.exec(readFileSync(join(dir, 'LICENSE'), 'utf8'))?.[0] ?? 'see its LICENSE file';
    return ` * ${name} ${version}, ${license} licence, ${copyright}`;
  });
  return `/*!\n * Bundled into this CommonJS file:\n${lines.join('\n')}\n */\n`;
}

/** The command (dist/cli) runs as an ES module only (package.json "bin"): nothing requires it. */
const isCommand = (file: string): boolean => relative(dist, file).split(sep)[0] === 'cli';

async function buildCommonJs(): Promise<void> {
  const sources = files(dist, '.js').filter((f) => !isCommand(f));
  const result = await build({
    entryPoints: sources,
    outbase: dist,
    outdir: join(dist, 'cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    // import() of our own modules (the Web Crypto layer loads the hybrids on first use) becomes
    // a require() inside a promise: loaders without ES module support (Jest) can run it, and it
    // gets this build's CommonJS module rather than its namespace as an ES import would.
    supported: { 'dynamic-import': false },
    // No source maps: this build is esbuild's line-for-line transform of the ES modules beside it,
    // readable as it is, and its maps were a seventh of the tarball (56 kB of 464 kB gzipped).
    legalComments: 'inline',
    // Peer dependencies stay the application's own copy; Node built-ins (a CLI may use them) stay imports.
    external: ['node:*', ...peerDependencies().flatMap((name) => [name, `${name}/*`])],
    plugins: [dependenciesToVendor, ownModulesExternal],
    metafile: true,
    logLevel: 'warning',
  });
  const vendor = await build({
    stdin: { contents: vendorSource(), resolveDir: root, sourcefile: 'vendor.js' },
    outfile: VENDOR,
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    legalComments: 'inline',
    metafile: true,
    logLevel: 'warning',
  });
  Object.assign(result.metafile.outputs, vendor.metafile.outputs);
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    const bundled = [
      ...new Set(
        Object.keys(info.inputs)
          .map(packageOf)
          .filter((p) => p !== undefined),
      ),
    ].sort();
    if (bundled.length === 0 || !output.endsWith('.js')) continue;
    const path = join(root, output);
    writeFileSync(path, licenceNotice(bundled) + readFileSync(path, 'utf8'));
  }
  for (const dts of files(dist, '.d.ts')) {
    const rel = relative(dist, dts);
    if (rel.startsWith('cjs') || isCommand(dts)) continue;
    mkdirSync(dirname(join(dist, 'cjs', rel)), { recursive: true });
    copyFileSync(dts, join(dist, 'cjs', rel));
  }
  writeFileSync(join(dist, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
}

/**
 * The tests' hooks (the code that records a key's secrets for them to read) do not ship: in src/,
 * each is a line ending in `// @test-hook` or lies between `// @test-hooks begin` and
 * `// @test-hooks end`. Those lines of tsc's output become empty lines, and the declarations of
 * the functions defined between the markers leave the .d.ts files; any trace left is an error.
 * test/package/test-hooks.test.ts checks every file of dist/ and every module's exports.
 */
function stripTestHooks(): void {
  const js = files(dist, '.js');
  const removed = new Set<string>();
  for (const file of js) {
    const lines = readFileSync(file, 'utf8').split('\n');
    let inside = false;
    let kept = '';
    const out = lines.map((line, i) => {
      if (/\/\/ @test-hooks begin\b/.test(line)) inside = true;
      const drop = inside || line.trimEnd().endsWith('// @test-hook');
      if (inside) for (const m of line.matchAll(/^export (?:async )?function (\w+)/g)) removed.add(m[1]!);
      if (/\/\/ @test-hooks end\b/.test(line)) inside = false;
      // A dropped line must be whole statements: after `if (x)` it would take the next statement's place.
      if (drop && kept !== '' && !/[;{}]$|\*\/$|^\/\//.test(kept))
        throw new Error(`${file}:${i + 1}: a test hook follows '${kept}', which it would cut in two`);
      if (!drop && line.trim() !== '') kept = line.trim();
      return drop ? '' : line;
    });
    if (inside) throw new Error(`${file}: // @test-hooks begin without an end`);
    writeFileSync(file, `${out.join('\n').trimEnd()}\n`);
  }
  for (const file of files(dist, '.d.ts')) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = /^export declare function (\w+)/.exec(lines[i]!);
      if (m === null || !removed.has(m[1]!)) continue;
      let start = i;
      if (lines[i - 1]?.trimEnd().endsWith('*/'))
        while (start > 0 && !lines[start]!.trimStart().startsWith('/**')) start--;
      lines.splice(start, i - start + 1);
    }
    writeFileSync(file, lines.join('\n'));
  }
  const hooks = new RegExp(`@test-hook|\\b(?:${[...removed].join('|')})\\b`);
  for (const file of [...js, ...files(dist, '.d.ts')]) {
    if (removed.size > 0 && hooks.test(readFileSync(file, 'utf8')))
      throw new Error(`${file}: a test hook is left after stripping (${hooks.exec(readFileSync(file, 'utf8'))![0]})`);
  }
}

/**
 * The ES modules ship without their comments: the doc comments are in the declarations beside
 * them (what editors show), and the rest explain the code to its maintainers, who read src/.
 * Kept: licence comments and the bundlers' annotations (/* @__PURE__ *\/), which esbuild reprints;
 * code is otherwise printed as it is (no minification, strings in UTF-8). This took the
 * tarball's ES modules from 160 to 103 kB gzipped, under the package's 400 kB budget.
 */
function stripComments(): void {
  for (const file of files(dist, '.js')) {
    const { code } = transformSync(readFileSync(file, 'utf8'), {
      format: 'esm',
      target: 'esnext',
      legalComments: 'inline',
      charset: 'utf8',
      sourcefile: relative(root, file),
    });
    writeFileSync(file, code);
  }
}

/** Where the ES build's imports of the core point before each file gets its relative path. */
const CORE_MARK = '@mlkem-ts-core';

/**
 * Fewer ES modules on the import path of the two backends: a runtime loads a module at a time (on
 * this project's machine 0.4–1 ms each, more when it is busy), and a one-line
 * `import('mlkem-ts/wasm')` loaded 18 files. It now loads two, and `import('mlkem-ts')` three:
 *   dist/chunks/core.js  every module that mlkem-ts/wasm imports but its own glue: the ML-KEM
 *                        core and its shared internals, in one file (38 of the 69 kB it held with
 *                        SHA-3 and the portable kernels: a busy Node 26 spent about 1.5 ms of CPU
 *                        compiling those at every import of the WebAssembly backend);
 *   dist/wasm/index.js   the entry point with its glue and the embedded module;
 *   dist/index.js        the portable entry point with its kernels, which import dist/sha3.js.
 * Every other module stays a file of its own, as tsc wrote it, with its imports of the core
 * pointing into core.js: each module is in exactly one file, so the state that entry points share
 * (MlKemError, the loaded backend, the lifetimes of keys) is one object; and each file beside its
 * CommonJS twin of the same name keeps the tarball small (npm packs files by name, and gzip
 * compresses a file against a twin that precedes it by less than 32 kB). Dependencies stay imports.
 */
async function bundleEsModules(): Promise<void> {
  const staging = join(root, 'dist-esm');
  rmSync(staging, { recursive: true, force: true });
  const esm = files(dist, '.js').filter((f) => !relative(dist, f).startsWith(`cjs${sep}`));
  const wasmEntry = join(dist, 'wasm', 'index.js');
  const inWasmDir = (f: string): boolean => f.startsWith(join(dist, 'wasm') + sep);
  const command = join(dist, 'cli', 'bin.js');
  const common: BuildOptions = {
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'esnext',
    charset: 'utf8',
    legalComments: 'inline',
    external: ['node:*', ...[...dependencies(), ...peerDependencies()].flatMap((n) => [n, `${n}/*`])],
    logLevel: 'warning',
  };
  const portableEntry = join(dist, 'index.js');
  const inPortableDir = (f: string): boolean => f.startsWith(join(dist, 'portable') + sep);
  const probe = await build({ ...common, entryPoints: [wasmEntry], outdir: staging, write: false, metafile: true });
  const core = new Set(
    Object.keys(probe.metafile.inputs)
      .map((input) => resolve(root, input))
      .filter((f) => f.startsWith(dist + sep) && !inWasmDir(f)),
  );
  await build({
    ...common,
    stdin: {
      contents: [...core].map((f) => `export * from './${relative(dist, f).split(sep).join('/')}';`).join('\n'),
      resolveDir: dist,
      sourcefile: 'core.js',
    },
    outfile: join(staging, 'chunks', 'core.js'),
  });
  // The rest file for file; each backend's entry point takes in its kernels, the command (below) its modules.
  const separate = esm.filter(
    (f) =>
      !core.has(f) && (!inWasmDir(f) || f === wasmEntry) && !inPortableDir(f) && !f.startsWith(dirname(command) + sep),
  );
  const takesIn = (importer: string, target: string): boolean =>
    (inWasmDir(target) && inWasmDir(importer) && target !== wasmEntry) ||
    (inPortableDir(target) && (importer === portableEntry || inPortableDir(importer)));
  const relativeTo = (from: string, target: string): string => {
    const path = relative(dirname(from), target).split(sep).join('/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  // One resolver for both passes below: a relative import of a core module becomes CORE_MARK
  // (rewritten to the chunk's path at the end); `place` says whether the importer takes the target
  // in (undefined) or keeps it as an import, and at which path.
  const relativeImports = (
    name: string,
    place: (importer: string, target: string, path: string) => string | undefined,
  ): Plugin => ({
    name,
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (core.has(target)) return { path: CORE_MARK, external: true };
        const path = place(resolve(args.importer), target, args.path);
        return path === undefined ? undefined : { path, external: true };
      });
    },
  });
  // A path from a module taken into an entry point is made relative to the entry point.
  const imports = relativeImports('imports-stay-files', (importer, target, path) =>
    takesIn(importer, target) ? undefined : inPortableDir(importer) ? relativeTo(portableEntry, target) : path,
  );
  await build({ ...common, entryPoints: separate, outbase: dist, outdir: staging, plugins: [imports] });
  // The command takes in its own modules (dist/cli/, which nothing else imports); the rest of what
  // it imports stays in the files above, relative to bin.js. Copying dist/keys/ in too saved about
  // 10 ms of a busy machine's CPU per command, but cost 10 kB of the tarball's 400.
  const cliDir = dirname(command) + sep;
  const commandImports = relativeImports('the-command-takes-in-its-modules', (_importer, target) =>
    target.startsWith(cliDir) ? undefined : relativeTo(command, target),
  );
  await build({ ...common, entryPoints: [command], outbase: dist, outdir: staging, plugins: [commandImports] });
  for (const file of esm) rmSync(file);
  for (const file of files(staging, '.js')) {
    const to = join(dist, relative(staging, file));
    const text = readFileSync(file, 'utf8').replaceAll(
      `"${CORE_MARK}"`,
      JSON.stringify(relativeTo(to, join(dist, 'chunks', 'core.js'))),
    );
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, text);
  }
  rmSync(staging, { recursive: true, force: true });
}

syncPackageJson(process.argv.includes('--write-package-json'));
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
stripTestHooks();
stripComments();
for (const source of Object.values(ASSETS)) {
  for (const file of [source, `${source}.d.ts`])
    copyFileSync(join(root, file), join(dist, relative(join(root, 'src'), join(root, file))));
}
await buildCommonJs(); // after the assets: their declarations are copied too
await bundleEsModules(); // after the CommonJS build, which is made file for file
// Only what package.json reaches ships: no empty module of a type-only file, no declarations of
// internal modules that no public declaration names, no declarations of the command (a quarter of
// the files an install wrote). scripts/package-files.ts says what counts as reached.
const reached = reachedFiles(root);
for (const file of [...files(dist, '.js'), ...files(dist, '.d.ts')]) if (!reached.has(file)) rmSync(file);
console.log('build: dist/ (ES modules), dist/cjs/ (CommonJS), declarations and assets written');
