import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Bundles an app the way a web app would be (esbuild, minified, ESM, for browsers), for the size
// report (scripts/bundle-size.ts) and the bundle check (test/package/bundle.test.ts). No top-level work,
// so that both can import it.
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A small app that imports only MlKem768 and does one round trip. */
export const CORE_APP = `
  import { MlKem768 } from './src/index.ts';
  const { publicKey, secretKey } = MlKem768.keygen();
  const { ciphertext, sharedSecret } = MlKem768.encapsulate(publicKey);
  console.log(MlKem768.decapsulate(ciphertext, secretKey).every((b, i) => b === sharedSecret[i]));`;

/** The same app on the WebAssembly backend. */
export const WASM_APP = `
  import { loadWasm } from './src/wasm/index.ts';
  const { MlKem768 } = await loadWasm();
  const { publicKey, secretKey } = MlKem768.keygen();
  const { ciphertext, sharedSecret } = MlKem768.encapsulate(publicKey);
  console.log(MlKem768.decapsulate(ciphertext, secretKey).every((b, i) => b === sharedSecret[i]));`;

/**
 * The same round trip through the Web Crypto ponyfill with ML-KEM only: no hybrid is used, so no
 * curve code may load (the hybrids are a separate chunk, loaded on first use).
 */
export const WEBCRYPTO_APP = `
  import { subtle } from './src/webcrypto/index.ts';
  const { publicKey, privateKey } = await subtle.generateKey('ML-KEM-768', false, ['encapsulateBits', 'decapsulateBits']);
  const { ciphertext, sharedKey } = await subtle.encapsulateBits('ML-KEM-768', publicKey);
  const secret = new Uint8Array(await subtle.decapsulateBits('ML-KEM-768', privateKey, ciphertext));
  console.log(secret.every((b, i) => b === new Uint8Array(sharedKey)[i]));`;

export interface Bundle {
  code: Uint8Array;
  /** Size after gzip at level 9. */
  gzip: number;
  /** The input files that contributed bytes to the output, relative to the repository. */
  inputs: string[];
}

/** esbuild's options for bundling the way a web app would (also test/browser/browser.test.ts). */
export const WEB_APP_BUILD = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const;

/** Bundles `source`, a TypeScript module resolved from the repository root. */
export async function bundle(source: string): Promise<Bundle> {
  const result = await build({
    ...WEB_APP_BUILD,
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
  });
  const code = result.outputFiles[0]!.contents;
  const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, info]) => info.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return { code, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

/** An app bundled with code splitting: what loads at start, and the chunks loaded on demand. */
export interface SplitBundle {
  /** The entry chunk and every chunk it imports statically, as one. */
  initial: Bundle;
  /** The chunks reached only through import(), as one. */
  lazy: Bundle;
  /**
   * What each import() loads beyond the initial chunks, by the source file it imports
   * ('src/wasm/index.ts'): its chunk and the chunks that chunk imports statically.
   */
  onDemand: Record<string, Bundle>;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) out.set(p, (off += p.length) - p.length);
  return out;
};

/** Bundles `source` as `bundle` does, but split into chunks as a bundler does for import(). */
export async function bundleSplit(source: string): Promise<SplitBundle> {
  const result = await build({
    ...WEB_APP_BUILD,
    splitting: true,
    absWorkingDir: root, // the metafile's paths are relative to it
    outdir: join(root, 'dist-split'), // not written (write: false); names the chunks
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((k) => outputs[k]!.entryPoint !== undefined)!;
  /** A chunk and every chunk it imports statically. */
  const closure = (name: string, into = new Set<string>()): Set<string> => {
    if (into.has(name)) return into;
    into.add(name);
    for (const i of outputs[name]!.imports) if (i.kind === 'import-statement') closure(i.path, into);
    return into;
  };
  const initial = closure(entry);
  const contents = (name: string) => result.outputFiles.find((f) => f.path === join(root, name))!.contents;
  // Each chunk is a file of its own, gzipped on its own.
  const part = (names: string[]): Bundle => ({
    code: concat(names.map(contents)),
    gzip: names.reduce((g, n) => g + gzipSync(contents(n), { level: 9 }).length, 0),
    inputs: names.flatMap((n) =>
      Object.entries(outputs[n]!.inputs)
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([p]) => p),
    ),
  });
  const js = Object.keys(outputs).filter((k) => k.endsWith('.js'));
  const onDemand: Record<string, Bundle> = {};
  for (const k of js) {
    const from = outputs[k]!.entryPoint;
    if (k !== entry && from !== undefined) onDemand[from] = part([...closure(k)].filter((c) => !initial.has(c)));
  }
  return { initial: part(js.filter((k) => initial.has(k))), lazy: part(js.filter((k) => !initial.has(k))), onDemand };
}

/** What one source file costs a bundle: its bytes in the minified output, and the gzipped bytes that removing them saves. */
export interface FileCost {
  file: string;
  minified: number;
  gzip: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The source file of every character (UTF-16 unit, as source map columns count) of the lines of a
 * one-file bundle, from its source map's mappings (each segment: generated column, then source
 * index, line, column and name, as base64 VLQ deltas); -1 where no segment names a source.
 */
function sourceOfEachChar(lines: readonly string[], mappings: string): Int32Array[] {
  let source = 0;
  return mappings.split(';').map((line, i) => {
    const owner = new Int32Array(lines[i]?.length ?? 0).fill(-1);
    let col = 0;
    let prev = { col: 0, source: -1 };
    const mark = (end: number) => owner.fill(prev.source, prev.col, end);
    for (const segment of line.split(',').filter((s) => s !== '')) {
      const fields: number[] = [];
      for (let k = 0, v = 0, shift = 0; k < segment.length; k++) {
        const digit = BASE64.indexOf(segment[k]!);
        v += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = shift = 0;
        }
      }
      col += fields[0]!;
      mark(col);
      if (fields.length > 1) source += fields[1]!;
      prev = { col, source: fields.length > 1 ? source : -1 };
    }
    mark(owner.length);
    return owner;
  });
}

/**
 * The cost of each source file in the bundle of `source`, largest first: the gzipped size of the
 * whole bundle minus that of the bundle with the file's characters cut out (what the file adds,
 * given the rest; the figures do not sum to the total).
 */
export async function fileCosts(source: string): Promise<FileCost[]> {
  const result = await build({
    ...WEB_APP_BUILD,
    sourcemap: 'external',
    outfile: join(root, 'app.js'), // not written (write: false); names the map
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as {
    sources: string[];
    mappings: string;
  };
  const lines = code.split('\n');
  const owners = sourceOfEachChar(lines, map.mappings);
  const full = gzipSync(code, { level: 9 }).length;
  return map.sources
    .map((file, index) => {
      const kept = lines
        .map((line, i) =>
          line
            .split('')
            .filter((_, c) => owners[i]![c] !== index)
            .join(''),
        )
        .join('\n');
      return { file, minified: code.length - kept.length, gzip: full - gzipSync(kept, { level: 9 }).length };
    })
    .filter((f) => f.minified > 0)
    .sort((a, b) => b.gzip - a.gzip);
}
