// Bundle check of the two HPKE entry points (esbuild, as a web app would bundle them): an app of
// `hpke` with mlkem-ts/hpke contains no `@hpke/core`, and an app of `@hpke/core` with
// mlkem-ts/hpke/core contains nothing of `hpke`, so each needs only its own library installed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { bundle } from '../../scripts/bundle.js';

const HPKE_APP = `
  import { CipherSuite, KDF_HKDF_SHA256, AEAD_AES_128_GCM } from 'hpke';
  import { KEM_ML_KEM_768 } from './src/hpke/index.ts';
  const suite = new CipherSuite(KEM_ML_KEM_768, KDF_HKDF_SHA256, AEAD_AES_128_GCM);
  const { privateKey, publicKey } = await suite.GenerateKeyPair();
  const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, new Uint8Array(3));
  console.log(await suite.Open(privateKey, encapsulatedSecret, ciphertext));`;

const CORE_APP = `
  import { CipherSuite, HkdfSha256, Aes128Gcm } from '@hpke/core';
  import { hpkeCoreKem, ML_KEM_768 } from './src/hpke/hpke-core.ts';
  const suite = new CipherSuite({ kem: hpkeCoreKem(ML_KEM_768), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const recipientKey = await suite.kem.generateKeyPair();
  const { enc, ct } = await suite.seal({ recipientPublicKey: recipientKey.publicKey }, new Uint8Array(3));
  console.log(await suite.open({ recipientKey, enc }, ct));`;

describe('HPKE entry points bundle with their own library only', () => {
  it('mlkem-ts/hpke + hpke: no @hpke/* module', async () => {
    const { inputs } = await bundle(HPKE_APP);
    assert.ok(
      inputs.some((p) => p.includes('node_modules/hpke/')),
      'hpke itself is in the bundle (the check can see libraries)',
    );
    assert.deepEqual(
      inputs.filter((p) => p.includes('node_modules/@hpke/')),
      [],
    );
  });

  it('mlkem-ts/hpke/core + @hpke/core: nothing of hpke', async () => {
    const { inputs } = await bundle(CORE_APP);
    assert.ok(
      inputs.some((p) => p.includes('node_modules/@hpke/core/')),
      '@hpke/core itself is in the bundle',
    );
    assert.deepEqual(
      inputs.filter((p) => p.includes('node_modules/hpke/')),
      [],
    );
  });
});
