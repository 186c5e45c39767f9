// The `hpke` library's own contract for its algorithm factories, which mlkem-ts/hpke's KEM_* and
// KDF_* stand in for: its test harness finds factories by function name, each call returns a
// fresh object, a key of another algorithm is refused with the library's words, and a private key
// that is not extractable is refused as its own KEMs refuse it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as HPKE from 'hpke';

import * as Ours from '../../src/hpke/index.js';

const factories = Object.entries(Ours).filter(([name]) => /^(KEM|KDF)_/.test(name)) as [string, () => { id: number }][];
const kems = factories.filter(([name]) => name.startsWith('KEM_')) as [string, HPKE.KEMFactory<Ours.HpkeKey>][];
const empty = new Uint8Array(0);

describe('hpke library contract: the factories', () => {
  it('exports the six KEMs and four one-stage KDFs', () => {
    assert.equal(kems.length, 6);
    assert.equal(factories.length, 10);
  });

  for (const [name, factory] of factories) {
    it(`${name} is named ${name}, as hpke names its own`, () => {
      assert.equal(typeof factory, 'function');
      assert.equal(factory.name, name);
      // The library's own factory of the same name, where it has one (its SHAKE KDFs and the six KEMs).
      const theirs = (HPKE as unknown as Record<string, { name: string } | undefined>)[name];
      if (theirs !== undefined) assert.equal(theirs.name, factory.name);
    });

    it(`${name}() returns a fresh, writable object on every call`, () => {
      const a = factory();
      const b = factory();
      assert.notEqual(a, b);
      (a as { id: unknown }).id = 'changed';
      assert.equal(a.id, 'changed');
      assert.notEqual(b.id, a.id);
      assert.equal(factory().id, b.id);
    });
  }
});

describe('hpke library contract: keys', () => {
  // A key of another algorithm: hpke's own DHKEM(P-256) (Web Crypto, on every supported Node.js),
  // and one of our other KEMs.
  const dhkem = new HPKE.CipherSuite(HPKE.KEM_DHKEM_P256_HKDF_SHA256, HPKE.KDF_HKDF_SHA256, HPKE.AEAD_EXPORT_ONLY);
  const wording = /key (algorithm|namedCurve) must be/;

  for (const [name, factory] of kems) {
    const suite = new HPKE.CipherSuite(factory, HPKE.KDF_HKDF_SHA256, HPKE.AEAD_EXPORT_ONLY);
    const otherName = name === 'KEM_ML_KEM_768' ? 'KEM_ML_KEM_512' : 'KEM_ML_KEM_768';
    const other = new HPKE.CipherSuite(
      kems.find(([n]) => n === otherName)![1],
      HPKE.KDF_HKDF_SHA256,
      HPKE.AEAD_EXPORT_ONLY,
    );

    it(`${name}: Encap of another algorithm's key is EncapError, caused by hpke's words`, async () => {
      for (const wrong of [await dhkem.GenerateKeyPair(), await other.GenerateKeyPair()]) {
        await assert.rejects(suite.SendExport(wrong.publicKey as never, empty, 32), (err: Error) => {
          assert.equal(err.name, 'EncapError');
          assert.ok(err.cause instanceof TypeError);
          assert.match(err.cause.message, wording);
          assert.equal(err.cause.message, `key algorithm must be ${suite.KEM.name}`);
          return true;
        });
      }
    });

    it(`${name}: Decap with another algorithm's key is DecapError, caused by hpke's words`, async () => {
      const mine = await suite.GenerateKeyPair();
      const { encapsulatedSecret } = await suite.SendExport(mine.publicKey, empty, 32);
      for (const wrong of [await dhkem.GenerateKeyPair(), await other.GenerateKeyPair()]) {
        await assert.rejects(
          suite.ReceiveExport(wrong.privateKey as never, encapsulatedSecret, empty, 32),
          (err: Error) => {
            assert.equal(err.name, 'DecapError');
            assert.ok(err.cause instanceof TypeError);
            assert.match(err.cause.message, wording);
            return true;
          },
        );
      }
    });

    it(`${name}: serializing a private key that is not extractable throws TypeError('key must be extractable')`, async () => {
      const { privateKey } = await suite.GenerateKeyPair(false);
      assert.equal(privateKey.extractable, false);
      await assert.rejects(suite.SerializePrivateKey(privateKey), {
        name: 'TypeError',
        message: '"privateKey" must be extractable',
      });
      await assert.rejects(factory().SerializePrivateKey(privateKey), {
        name: 'TypeError',
        message: 'key must be extractable',
      });
      const open = await suite.GenerateKeyPair(true);
      assert.equal((await factory().SerializePrivateKey(open.privateKey)).length, suite.KEM.Nsk);
    });

    it(`${name}: the KEM's methods refuse another algorithm's key before anything else`, async () => {
      const kem = factory();
      const wrong = await dhkem.GenerateKeyPair(true);
      for (const call of [
        () => kem.SerializePublicKey(wrong.publicKey as never),
        () => kem.SerializePrivateKey(wrong.privateKey as never),
        () => kem.Encap(wrong.publicKey as never),
        () => kem.Decap(new Uint8Array(kem.Nenc), wrong.privateKey as never, undefined),
      ]) {
        await assert.rejects(call(), { name: 'TypeError', message: `key algorithm must be ${kem.name}` });
      }
      const fake = { algorithm: { name: kem.name }, extractable: true, type: 'public' } as never;
      await assert.rejects(kem.SerializePublicKey(fake), { name: 'TypeError', message: 'unexpected key constructor' });
    });
  }
});
