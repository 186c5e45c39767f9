// Bundles a small app that imports only MlKem768 and does one round trip, the way a web app
// would (esbuild, minified, ESM for browsers), and prints its minified and gzipped sizes next
// to the same app written with @noble/post-quantum.
// Run: npm run size
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const apps = {
  'mlkem-ts (MlKem768)': `
    import { MlKem768 } from './src/index.ts';
    const { publicKey, secretKey } = MlKem768.keygen();
    const { ciphertext, sharedSecret } = MlKem768.encapsulate(publicKey);
    console.log(MlKem768.decapsulate(ciphertext, secretKey).every((b, i) => b === sharedSecret[i]));`,
  '@noble/post-quantum (ml_kem768)': `
    import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
    const { publicKey, secretKey } = ml_kem768.keygen();
    const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
    console.log(ml_kem768.decapsulate(cipherText, secretKey).every((b, i) => b === sharedSecret[i]));`,
};

export async function bundle(source: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

const rows: string[] = ['| app | minified | min + gzip |', '| --- | --- | --- |'];
for (const [name, source] of Object.entries(apps)) {
  const code = await bundle(source);
  const gz = gzipSync(code, { level: 9 }).length;
  rows.push(`| ${name} | ${(code.length / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`);
}
console.log(rows.join('\n'));
