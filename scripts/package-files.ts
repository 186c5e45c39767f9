// The files of dist/ that the package's package.json reaches: the targets of its exports, main,
// types, typesVersions, bin and browser, and every file they import, transitively. A .js file imports by
// `import`/`export … from`, `import()` and `require()` of a relative path; a .d.ts file by the same
// (and `import("…")` types), each ./x.js read as ./x.d.ts. scripts/build.ts deletes every other
// .js and .d.ts of dist/ (the empty modules of type-only files, the declarations of internal
// modules that no public declaration names); test/package/tarball.test.ts checks what npm packs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/** Every string in an exports-like value. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(targets);
  return [];
}

/** The absolute paths of the files the package.json in `root` reaches. */
export function reachedFiles(root: string): Set<string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const reached = new Set<string>();
  const visit = (file: string): void => {
    if (reached.has(file) || !existsSync(file)) return;
    reached.add(file);
    if (!file.endsWith('.js') && !file.endsWith('.ts')) return;
    const declarations = file.endsWith('.d.ts');
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[1]!);
      visit(declarations ? target.replace(/\.js$/, '.d.ts') : target);
    }
  };
  for (const field of ['exports', 'main', 'types', 'typesVersions', 'bin', 'browser'])
    for (const target of targets(pkg[field])) visit(resolve(root, target));
  return reached;
}
