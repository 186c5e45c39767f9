// Bundles an app the way a web app would be (esbuild, minified, ESM, for browsers), for the size
// report (scripts/bundle-size.ts) and the bundle check (test/bundle.test.ts). No top-level work,
// so that both can import it.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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

export interface Bundle {
  code: Uint8Array;
  /** Size after gzip at level 9. */
  gzip: number;
  /** The input files that contributed bytes to the output, relative to the repository. */
  inputs: string[];
}

/** esbuild's options for bundling the way a web app would (also test/browser.test.ts). */
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
