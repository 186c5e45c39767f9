// The TypeScript compilers a consumer may have (package.json's typescript, typescript-5.7 and
// typescript-5.9 dev dependencies), and the package's declarations as a consumer sees them: emitted
// from src/ by tsc -p tsconfig.build.json, with a tsconfig `paths` entry per entry point, so that
// a check needs no build and each compiler reads only .d.ts files, never our sources.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ASSETS, ENTRIES, specifier, stem } from '../../scripts/entries.js';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');

export interface Compiler {
  /** "TypeScript 5.7.3" */
  name: string;
  tsc: string;
}

/** Every compiler of the matrix, oldest first. */
export function compilers(): Compiler[] {
  return ['typescript-5.7', 'typescript-5.9', 'typescript'].map((pkg) => {
    const dir = join(root, 'node_modules', pkg);
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    return { name: `TypeScript ${version}`, tsc: join(dir, 'bin/tsc') };
  });
}

/** Runs a compiler on a tsconfig; its status and output. */
export function runTsc(compiler: Compiler, tsconfig: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [compiler.tsc, '-p', tsconfig], { encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** Emits the package's declarations into `outDir` (the newest compiler, the build's settings). */
export function emitDeclarations(outDir: string): void {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(
    process.execPath,
    [tsc, '-p', join(root, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', outDir],
    { encoding: 'utf8' },
  );
  if (r.status !== 0)
    throw new Error(`tsc -p tsconfig.build.json --emitDeclarationOnly failed:\n${r.stdout}${r.stderr}`);
}

/** tsconfig `paths` from `from` (the tsconfig's folder): each entry point's specifier to its declarations in `dts`. */
export function declarationPaths(from: string, dts: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const rel = (path: string) => `./${relative(from, path)}`;
  for (const [subpath, source] of Object.entries(ENTRIES))
    out[specifier(subpath)] = [rel(join(dts, `${stem(source)}.d.ts`))];
  for (const [subpath, source] of Object.entries(ASSETS)) out[specifier(subpath)] = [rel(join(root, `${source}.d.ts`))];
  return out;
}
