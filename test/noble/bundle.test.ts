// The drop-ins' bundles (esbuild, minified, ESM, browser, as scripts/bundle.ts makes them): an app
// that uses noble's ml_kem768 through mlkem-ts/noble/ml-kem.js gets the portable core and none of
// the WebAssembly module, the hybrids or @noble; one that also loads the WebAssembly core gets it;
// one that uses the hybrids age uses gets neither the asynchronous doors' code nor P-384's, nor
// the registry's other entries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { bundle } from '../../scripts/bundle.js';

const ROUND_TRIP = `
  const { publicKey, secretKey } = ml_kem768.keygen();
  const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
  console.log(ml_kem768.decapsulate(cipherText, secretKey).every((b, i) => b === sharedSecret[i]));`;

const NOBLE_APP = `
  import { ml_kem768 } from './src/noble/ml-kem.ts';
  ${ROUND_TRIP}`;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('the noble drop-ins’ bundles', () => {
  it('a portable-only app gets no WebAssembly, no hybrid and no @noble code', async () => {
    const app = await bundle(NOBLE_APP);
    const foreign = app.inputs.filter(
      (p) => p.startsWith('src/wasm/') || p.includes('node_modules/') || p.includes('src/hybrid/'),
    );
    assert.deepEqual(foreign, [], `the drop-in bundle pulls in: ${foreign.join(', ')}`);
    assert.ok(app.inputs.includes('src/noble/ml-kem.ts'));
    console.log(`noble drop-in app (ml_kem768 round trip): ${kb(app.code.length)} minified, ${kb(app.gzip)} gzipped`);
  });

  it("a hybrid app (age's: X-Wing and MLKEM768-P256) gets no asynchronous door, Web Crypto curve, key file or P-384 code", async () => {
    const app = await bundle(`
      import { MLKEM768P256, MLKEM768X25519 } from './src/noble/hybrid.ts';
      for (const kem of [MLKEM768X25519, MLKEM768P256]) {
        const { publicKey, secretKey } = kem.keygen();
        const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
        console.log(kem.decapsulate(cipherText, secretKey).every((b, i) => b === sharedSecret[i]));
      }`);
    const unused = app.inputs.filter((p) =>
      /^src\/(hybrid\/(concrete-async|curves\/webcrypto-curves|tls-hybrids|load)\.ts|keys\/|webcrypto\/)/.test(p),
    );
    assert.deepEqual(unused, [], `the hybrid drop-in bundle pulls in: ${unused.join(', ')}`);
    // nist.ts's P-384 record names OpenSSL's curve (@noble/curves names it only in comments), and
    // @noble/curves' p384 holds its order; the registry's TLS entries name their groups.
    const text = new TextDecoder().decode(app.code).toLowerCase();
    assert.ok(!text.includes('secp384r1'), "P-384's group in a P-256 app");
    assert.ok(!text.includes('c7634d81f4372ddf581a0db248b0a77aecec196accc52973'), "@noble/curves' p384 in a P-256 app");
    assert.ok(!text.includes('x25519mlkem768'), "the registry's other entries in a hybrid app");
    console.log(
      `noble hybrid drop-in app (X-Wing and MLKEM768-P256): ${kb(app.code.length)} minified, ${kb(app.gzip)} gzipped`,
    );
  });

  it('an app that loads the WebAssembly core gets it, and the drop-in switches to it', async () => {
    const app = await bundle(`
      import { ml_kem768 } from './src/noble/ml-kem.ts';
      import { loadWasm } from './src/wasm/index.ts';
      await loadWasm();
      ${ROUND_TRIP}`);
    assert.ok(app.inputs.includes('src/wasm/module.generated.ts'), 'the app lacks the embedded module');
    assert.ok(app.inputs.includes('src/loaded-backend.ts'));
  });
});
