// Bundles a small app that imports only MlKem768 and does one round trip, the way a web app
// would (esbuild, minified, ESM for browsers), and prints its minified and gzipped sizes next
// to the same app on the WebAssembly backend, through the Web Crypto ponyfill (split into chunks
// as bundlers do for import(): what loads at start, and what the first operation, the first key
// import or export and the first hybrid algorithm each load beyond it) and written with
// @noble/post-quantum; then the embedded WebAssembly module's
// size and its compile and instantiation times in this runtime. The limits are asserted by
// test/package/bundle.test.ts.
// Run: npm run size [-- --files]   (--files: what each source file costs the core-only app)
import { gzipSync } from 'node:zlib';

import { WASM_BASE64 } from '../src/wasm/module.generated.js';
import { CORE_APP, WASM_APP, WEBCRYPTO_APP, bundle, bundleSplit, fileCosts } from './bundle.js';

const apps = {
  'mlkem-ts (MlKem768)': CORE_APP,
  'mlkem-ts/wasm (MlKem768)': WASM_APP,
  // The drop-in (portable: an app that never loads the WebAssembly core does not bundle it).
  'mlkem-ts/noble/ml-kem.js (ml_kem768)': `
    import { ml_kem768 } from './src/noble/ml-kem.ts';
    const { publicKey, secretKey } = ml_kem768.keygen();
    const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
    console.log(ml_kem768.decapsulate(cipherText, secretKey).every((b, i) => b === sharedSecret[i]));`,
  '@noble/post-quantum (ml_kem768)': `
    import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
    const { publicKey, secretKey } = ml_kem768.keygen();
    const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
    console.log(ml_kem768.decapsulate(cipherText, secretKey).every((b, i) => b === sharedSecret[i]));`,
};

const rows: string[] = ['| app | minified | min + gzip |', '| --- | --- | --- |'];
for (const [name, source] of Object.entries(apps)) {
  const { code, gzip } = await bundle(source);
  rows.push(`| ${name} | ${(code.length / 1024).toFixed(1)} KB | ${(gzip / 1024).toFixed(1)} KB |`);
}
const webcrypto = await bundleSplit(WEBCRYPTO_APP);
const row = (name: string, b: { code: Uint8Array; gzip: number }) =>
  rows.push(`| ${name} | ${(b.code.length / 1024).toFixed(1)} KB | ${(b.gzip / 1024).toFixed(1)} KB |`);
row('mlkem-ts/webcrypto (ML-KEM-768), at start', webcrypto.initial);
row('mlkem-ts/webcrypto: + the WebAssembly backend, on the first operation', webcrypto.onDemand['src/wasm/index.ts']!);
row('mlkem-ts/webcrypto: + the portable one, if WebAssembly is refused', webcrypto.onDemand['src/index.ts']!);
row('mlkem-ts/webcrypto: + importKey/exportKey, on first use', webcrypto.onDemand['src/webcrypto/formats.ts']!);
row("mlkem-ts/webcrypto: + the hybrids' chunk, on first use", webcrypto.onDemand['src/hybrid/constructions.ts']!);
console.log(rows.join('\n'));

const wasm = Buffer.from(WASM_BASE64, 'base64');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `\nEmbedded WebAssembly module: ${kb(wasm.length)} (${kb(gzipSync(wasm, { level: 9 }).length)} gzipped); ` +
    `as base64 in the bundle ${kb(WASM_BASE64.length)} (${kb(gzipSync(WASM_BASE64, { level: 9 }).length)} gzipped).`,
);
const t0 = performance.now();
const module = new WebAssembly.Module(new Uint8Array(wasm));
const t1 = performance.now();
new WebAssembly.Instance(module, {});
const t2 = performance.now();
new WebAssembly.Instance(module, {});
const t3 = performance.now();
console.log(
  `Node ${process.version}: compile ${(t1 - t0).toFixed(2)} ms, first instance ${(t2 - t1).toFixed(2)} ms, ` +
    `next instance ${(t3 - t2).toFixed(2)} ms (cold, one process).`,
);

if (process.argv.includes('--files')) {
  console.log(
    '\nWhat each source file costs the core-only app (gzipped: the bundle with the file cut out, against the whole):\n',
  );
  console.log('| file | minified | gzipped |\n| --- | ---: | ---: |');
  for (const f of await fileCosts(CORE_APP)) console.log(`| ${f.file} | ${f.minified} B | ${f.gzip} B |`);
}
