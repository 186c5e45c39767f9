// Bundles a small app that imports only MlKem768 and does one round trip, the way a web app
// would (esbuild, minified, ESM for browsers), and prints its minified and gzipped sizes next
// to the same app written with @noble/post-quantum.
// Run: npm run size
import { CORE_APP, bundle } from './bundle.js';

const apps = {
  'mlkem-ts (MlKem768)': CORE_APP,
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
console.log(rows.join('\n'));
