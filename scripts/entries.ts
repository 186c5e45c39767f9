// The package's entry points, in one list. package.json's `exports`, `main`, `types` and
// `typesVersions` are derived from it (scripts/build.ts writes them with --write-package-json and
// checks them on every build), and so are the CommonJS build and the consumer tests
// (scripts/test-runtimes.ts imports and requires every entry). To add an entry point, add a line
// here and run `npm run build -- --write-package-json`.

/** Subpath of the package → its source file. */
export const ENTRIES: Readonly<Record<string, string>> = {
  '.': 'src/index.ts',
  './wasm': 'src/wasm/index.ts',
  './keys': 'src/keys/index.ts',
  './hybrid': 'src/hybrid/index.ts',
  './hpke': 'src/hpke/index.ts',
  './hpke/core': 'src/hpke/hpke-core.ts',
  './hpke/ml-kem': 'src/hpke/ml-kem.ts',
  './hpke/x-wing': 'src/hpke/x-wing.ts',
  './webcrypto': 'src/webcrypto/index.ts',
  // Types only: the polyfill's additions to the DOM library's SubtleCrypto (an empty module).
  './webcrypto/global': 'src/webcrypto/global.ts',
  // Drop-ins for @noble/post-quantum, under its own file names so that an alias is one line.
  './noble/ml-kem.js': 'src/noble/ml-kem.ts',
  './noble/hybrid.js': 'src/noble/hybrid.ts',
};

/**
 * Other spellings of entry points: subpath → the subpath of ENTRIES it resolves as (the same files).
 * The reference, the tarball and the consumer tests know each entry point by its ENTRIES name.
 */
export const ALIASES: Readonly<Record<string, string>> = {
  './noble/ml-kem': './noble/ml-kem.js',
  './noble/hybrid': './noble/hybrid.js',
};

/**
 * Files exported as they are: subpath → source file, copied into dist/ beside the build with the
 * declaration file beside it (source + '.d.ts').
 */
export const ASSETS: Readonly<Record<string, string>> = {
  './wasm/mlkem.wasm': 'src/wasm/mlkem.wasm',
};

/**
 * Modules that a browser build replaces: source → its browser twin, with the same exports. package.json's
 * "browser" field maps each built file (ES and CommonJS) to its twin's, which bundlers follow for
 * a browser target and Node.js, Deno and Bun ignore: node:crypto's code stays out of a page's bundle.
 */
export const BROWSER: Readonly<Record<string, string>> = {
  'src/hybrid/curves/native.ts': 'src/hybrid/curves/native-browser.ts',
};

/** The package specifier of a subpath: '.' → 'mlkem-ts', './wasm' → 'mlkem-ts/wasm'. */
export function specifier(subpath: string): string {
  return subpath === '.' ? 'mlkem-ts' : `mlkem-ts/${subpath.slice(2)}`;
}

/** src/x/y.ts → x/y (the path below dist/ and dist/cjs/, without extension). */
export function stem(source: string): string {
  return source.replace(/^src\//, '').replace(/\.ts$/, '');
}

/** The fields of package.json that the entry list determines. */
export function packageFields(): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  const typesVersions: Record<string, string[]> = {};
  for (const [subpath, source] of Object.entries(ENTRIES)) {
    const s = stem(source);
    exports[subpath] = {
      // ES modules: import, and TypeScript's import-mode resolution.
      import: { types: `./dist/${s}.d.ts`, default: `./dist/${s}.js` },
      // Node.js 20.19+ and 22.12+ load the ES module for require() too: one copy of the package.
      'module-sync': `./dist/${s}.js`,
      // Every other CommonJS loader (Jest, older Node.js 22, bundlers' require): the CommonJS build.
      require: { types: `./dist/cjs/${s}.d.ts`, default: `./dist/cjs/${s}.js` },
    };
    // TypeScript's node10 resolution ignores exports: subpaths go through typesVersions.
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./dist/cjs/${s}.d.ts`];
  }
  for (const [subpath, source] of Object.entries(ASSETS)) {
    const s = source.replace(/^src\//, '');
    const file = `./dist/${s}`;
    // The file is the same for every condition; its declaration is read as ESM or CommonJS.
    exports[subpath] = {
      import: { types: `${file}.d.ts`, default: file },
      require: { types: `./dist/cjs/${s}.d.ts`, default: file },
      default: file,
    };
    typesVersions[subpath.slice(2)] = [`./dist/cjs/${s}.d.ts`];
  }
  for (const [alias, subpath] of Object.entries(ALIASES)) {
    exports[alias] = exports[subpath];
    typesVersions[alias.slice(2)] = typesVersions[subpath.slice(2)]!;
  }
  exports['./package.json'] = './package.json';
  const browser: Record<string, string> = {};
  for (const [source, twin] of Object.entries(BROWSER))
    for (const build of ['dist', 'dist/cjs']) browser[`./${build}/${stem(source)}.js`] = `./${build}/${stem(twin)}.js`;
  const root = stem(ENTRIES['.']!);
  return {
    main: `./dist/cjs/${root}.js`,
    types: `./dist/cjs/${root}.d.ts`,
    exports,
    typesVersions: { '*': typesVersions },
    browser,
  };
}
