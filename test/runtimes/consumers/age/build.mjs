// Bundles app.mjs for browsers, minified, with esbuild and with Vite, each twice: with noble's own
// ML-KEM and with docs/switching.md's alias (the two paths and their targets, from argv as JSON);
// runs each bundle with Node.js and prints one JSON line: { "<bundler> <variant>": gzipped bytes }.
// Run in an app folder that has app.mjs and has installed age-encryption, @noble/post-quantum and
// mlkem-ts.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';

const alias = JSON.parse(process.argv[2]);
const entry = join(process.cwd(), 'app.mjs');
const sizes = {};
/** The gzipped size (level 9) of the .js files of a folder; the bundle must print that it worked. */
const measure = (name, dir) => {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.m?js$/.test(f));
  sizes[name] = files.reduce((n, f) => n + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
  const out = execFileSync(process.execPath, [join(dir, 'app.mjs')], { encoding: 'utf8' });
  if (out.trim() !== 'age app: ok') throw new Error(`${name}: ${out}`);
};
for (const [variant, paths] of [
  ['noble', {}],
  ['alias', alias],
]) {
  const esbuildDir = `dist-esbuild-${variant}`;
  rmSync(esbuildDir, { recursive: true, force: true });
  await esbuild({
    entryPoints: [entry],
    outfile: join(esbuildDir, 'app.mjs'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    alias: paths,
    logLevel: 'warning',
  });
  measure(`esbuild ${variant}`, esbuildDir);
  const viteDir = `dist-vite-${variant}`;
  await vite({
    configFile: false,
    root: process.cwd(),
    logLevel: 'warn',
    resolve: { alias: paths },
    build: {
      outDir: viteDir,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: entry, output: { entryFileNames: 'app.mjs', format: 'es' } },
    },
  });
  measure(`vite ${variant}`, viteDir);
}
console.log(JSON.stringify(sizes));
