// Interop of our HPKE KEMs: sealed with one HPKE library and opened with the other (both with our
// KEM, keys passed as bytes), across backends; and, where the runtime has Web Crypto ML-KEM and
// its hybrids (Node 26: `npm run test:node26`), against `hpke`'s built-in native KEMs of the same
// id in both directions, and DeriveKeyPair against theirs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as Core from '@hpke/core';
import * as HPKE from 'hpke';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { hpkeKem, type HpkeKem } from '../../src/hpke/index.js';
import { backends } from '../support/backends.js';
import { hpkeKems, te } from '../support/hpke-helpers.js';

const message = te('a message for the recipient, sealed with HPKE and a post-quantum KEM');
const aad = te('header');
const info = te('mlkem-ts interop');

const [portable, wasm] = backends.map(hpkeKems) as [Map<number, HpkeKem>, Map<number, HpkeKem>];

function hpkeSuite(kem: HpkeKem) {
  return new HPKE.CipherSuite(hpkeKem(kem), HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);
}
function coreSuite(kem: HpkeKem) {
  return new Core.CipherSuite({ kem: hpkeCoreKem(kem), kdf: new Core.HkdfSha256(), aead: new Core.Aes128Gcm() });
}

describe('HPKE interop between hpke and @hpke/core, both with our KEMs', () => {
  for (const [id, kem] of portable) {
    // Sender on one backend, recipient on the other: the backends agree byte for byte.
    const other = wasm.get(id)!;
    for (const [from, to] of [
      [kem, other],
      [other, kem],
    ] as const) {
      it(`${kem.name}: sealed with hpke, opened with @hpke/core`, async () => {
        const recipient = coreSuite(to);
        const pair = await recipient.kem.generateKeyPair();
        const pk = new Uint8Array(await recipient.kem.serializePublicKey(pair.publicKey));
        const sender = hpkeSuite(from);
        const { encapsulatedSecret, ciphertext } = await sender.Seal(await sender.DeserializePublicKey(pk), message, {
          aad,
          info,
        });
        const opened = await recipient.open({ recipientKey: pair, enc: encapsulatedSecret, info }, ciphertext, aad);
        assert.deepEqual(new Uint8Array(opened), message);
      });

      it(`${kem.name}: sealed with @hpke/core, opened with hpke`, async () => {
        const recipient = hpkeSuite(to);
        const { privateKey, publicKey } = await recipient.GenerateKeyPair(true);
        const sender = coreSuite(from);
        const recipientPublicKey = await sender.kem.deserializePublicKey(await recipient.SerializePublicKey(publicKey));
        const { enc, ct } = await sender.seal({ recipientPublicKey, info }, message, aad);
        // The recipient's private key as stored: its serialized seed form.
        const sk = await recipient.DeserializePrivateKey(await recipient.SerializePrivateKey(privateKey));
        assert.deepEqual(await recipient.Open(sk, new Uint8Array(enc), new Uint8Array(ct), { aad, info }), message);
      });
    }
  }
});

type Supports = (op: string, alg: string) => boolean;
const supports = (SubtleCrypto as unknown as { supports?: Supports }).supports;
const NATIVE: Record<number, { factory: HPKE.KEMFactory; alg: string }> = {
  0x40: { factory: HPKE.KEM_ML_KEM_512, alg: 'ML-KEM-512' },
  0x41: { factory: HPKE.KEM_ML_KEM_768, alg: 'ML-KEM-768' },
  0x42: { factory: HPKE.KEM_ML_KEM_1024, alg: 'ML-KEM-1024' },
  0x50: { factory: HPKE.KEM_MLKEM768_P256, alg: 'MLKEM768-P256' },
  0x51: { factory: HPKE.KEM_MLKEM1024_P384, alg: 'MLKEM1024-P384' },
  0x647a: { factory: HPKE.KEM_MLKEM768_X25519, alg: 'MLKEM768-X25519' },
};
const nativeIds = Object.keys(NATIVE)
  .map(Number)
  .filter((id) => supports?.('encapsulateBits', NATIVE[id]!.alg) ?? false);
const major = Number(process.versions.node.split('.')[0]);

describe(
  "HPKE interop with hpke's native Web Crypto KEMs",
  {
    skip:
      nativeIds.length === 0
        ? `Node ${process.versions.node} has no Web Crypto ML-KEM: runs under npm run test:node26`
        : false,
  },
  () => {
    it('Node 26 has all six KEM ids natively', { skip: major < 26 }, () => {
      assert.deepEqual(nativeIds, [0x40, 0x41, 0x42, 0x50, 0x51, 0x647a]);
    });

    for (const id of nativeIds) {
      const native = new HPKE.CipherSuite(NATIVE[id]!.factory, HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);
      for (const backend of backends) {
        const kem = hpkeKems(backend).get(id);
        if (kem === undefined) continue; // a hybrid mlkem-ts/hybrid does not have yet
        const ours = hpkeSuite(kem);

        it(`${kem.name} on ${backend.name}: sealed with ours, opened natively`, async () => {
          const { privateKey, publicKey } = await native.GenerateKeyPair();
          const pk = await ours.DeserializePublicKey(await native.SerializePublicKey(publicKey));
          const { encapsulatedSecret, ciphertext } = await ours.Seal(pk, message, { aad, info });
          assert.deepEqual(
            await native.Open({ privateKey, publicKey }, encapsulatedSecret, ciphertext, { aad, info }),
            message,
          );
        });

        it(`${kem.name} on ${backend.name}: sealed natively, opened with ours`, async () => {
          const { privateKey, publicKey } = await ours.GenerateKeyPair(true);
          const pk = await native.DeserializePublicKey(await ours.SerializePublicKey(publicKey));
          const { encapsulatedSecret, ciphertext } = await native.Seal(pk, message, { aad, info });
          assert.deepEqual(await ours.Open(privateKey, encapsulatedSecret, ciphertext, { aad, info }), message);
          // And our seed-form private key, imported natively, opens it too.
          const sk = await native.DeserializePrivateKey(await ours.SerializePrivateKey(privateKey));
          assert.deepEqual(await native.Open(sk, encapsulatedSecret, ciphertext, { aad, info }), message);
        });

        it(`${kem.name} on ${backend.name}: DeriveKeyPair gives the native key pair`, async () => {
          const ikm = crypto.getRandomValues(new Uint8Array(64));
          const a = await ours.DeriveKeyPair(ikm, true);
          const b = await native.DeriveKeyPair(ikm, true);
          assert.deepEqual(await ours.SerializePublicKey(a.publicKey), await native.SerializePublicKey(b.publicKey));
          assert.deepEqual(
            await ours.SerializePrivateKey(a.privateKey),
            await native.SerializePrivateKey(b.privateKey),
          );
        });
      }
    }
  },
);
