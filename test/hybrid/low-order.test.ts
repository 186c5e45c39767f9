// X-Wing and an X25519 share of low order, whose X25519 value is all zeros.
// The X-Wing draft (-10) and draft-irtf-cfrg-concrete-hybrid-kems define Exp as RFC 7748's X25519
// and ask for no check; draft-ietf-hpke-pq takes their Encap and Decap unchanged. So:
// - the plain KEM keeps the drafts' behaviour (ss_X = 0 enters the combiner), and
//   createXWing(kem, { refuseLowOrder: true }) refuses such shares (ERR_INVALID_PUBLIC_KEY);
// - Web Crypto's MLKEM768-X25519 behaves as Node 26's: the public key imports, encapsulation and
//   decapsulation reject with OperationError;
// - HPKE's MLKEM768-X25519 refuses them (EncapError, DecapError), as HPKE's DHKEM(X25519) must
//   (RFC 9180 §7.1.4) and as the HPKE libraries and age do.
// Every low-order encoding (with its non-canonical forms and bit 255 set), both curve paths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { DecapError, EncapError } from '@hpke/core';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { MLKEM768_X25519, hpkeKem } from '../../src/hpke/index.js';
import { XWing, createXWing } from '../../src/hybrid/index.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { MlKem768, MlKemError } from '../../src/index.js';
import { subtle } from '../../src/webcrypto/index.js';
import type { WebCryptoSubtle } from '../../src/webcrypto/types.js';
import { lowOrderEncodings } from '../support/hybrid-reference.js';

const lowOrder = lowOrderEncodings();
const isCode = (code: string) => (err: unknown) => err instanceof MlKemError && err.code === code;
const withShare = (bytes: Uint8Array, from: number, u: Uint8Array) => {
  const out = bytes.slice();
  out.set(u, from);
  return out;
};

describe('X-Wing, the plain KEM', () => {
  it('by default accepts low-order shares, as the drafts define it (ss_X = 0 is bound by the combiner)', () => {
    const { publicKey, secretKey } = XWing.keygen();
    const { ciphertext } = XWing.encapsulate(publicKey);
    for (const [, u] of lowOrder) {
      assert.equal(XWing.encapsulate(withShare(publicKey, 1184, u)).sharedSecret.length, 32);
      assert.equal(XWing.decapsulate(withShare(ciphertext, 1088, u), secretKey).length, 32);
    }
  });

  for (const curves of ['native', 'noble'] as const) {
    it(`with refuseLowOrder refuses them in encapsulation and decapsulation, and otherwise gives the same bytes (${curves})`, () => {
      const strict = xwingOver(MlKem768, curves, { refuseLowOrder: true });
      const plain = xwingOver(MlKem768, curves);
      const seed = crypto.getRandomValues(new Uint8Array(32));
      const { publicKey } = strict.keygen(seed);
      assert.deepEqual(publicKey, plain.keygen(seed).publicKey);
      const eseed = crypto.getRandomValues(new Uint8Array(64));
      const good = strict.encapsulateInternal(publicKey, eseed);
      assert.deepEqual(good, plain.encapsulateInternal(publicKey, eseed));
      using dk = strict.decapsulationKey(seed);
      for (const [name, u] of lowOrder) {
        const pk = withShare(publicKey, 1184, u);
        const ct = withShare(good.ciphertext, 1088, u);
        assert.throws(() => strict.encapsulate(pk), isCode('ERR_INVALID_PUBLIC_KEY'), `encapsulate, u = ${name}`);
        assert.throws(
          () => strict.encapsulateInternal(pk, eseed),
          isCode('ERR_INVALID_PUBLIC_KEY'),
          `encapsulateInternal, u = ${name}`,
        );
        const ek = strict.encapsulationKey(pk); // the key is read as Node 26 imports it; using it fails
        assert.throws(
          () => ek.encapsulate(),
          isCode('ERR_INVALID_PUBLIC_KEY'),
          `EncapsulationKey.encapsulate, u = ${name}`,
        );
        assert.throws(() => strict.decapsulate(ct, seed), isCode('ERR_INVALID_PUBLIC_KEY'), `decapsulate, u = ${name}`);
        assert.throws(
          () => dk.decapsulate(ct),
          isCode('ERR_INVALID_PUBLIC_KEY'),
          `DecapsulationKey.decapsulate, u = ${name}`,
        );
      }
      assert.deepEqual(dk.decapsulate(good.ciphertext), good.sharedSecret);
    });
  }

  it('createXWing checks its options', () => {
    assert.throws(
      () => createXWing(MlKem768, { refuseLowOrder: 'yes' as unknown as boolean }),
      isCode('ERR_INVALID_TYPE'),
    );
    assert.throws(() => createXWing(MlKem768, 5 as never), isCode('ERR_INVALID_TYPE'));
    assert.equal(createXWing(MlKem768, { refuseLowOrder: true }).name, 'X-Wing');
  });
});

const nativeHas =
  (globalThis as { SubtleCrypto?: { supports?: (op: string, alg: string) => boolean } }).SubtleCrypto?.supports?.(
    'encapsulateBits',
    'MLKEM768-X25519',
  ) === true;
const sides: Array<[string, WebCryptoSubtle]> = [['ponyfill', subtle]];
if (nativeHas) sides.push(['Node 26 native', globalThis.crypto.subtle as unknown as WebCryptoSubtle]);
for (const [side, s] of sides) {
  it(`Web Crypto MLKEM768-X25519 (${side}): a low-order public key imports; encapsulation and decapsulation give OperationError`, async () => {
    const alg = 'MLKEM768-X25519';
    const { publicKey, privateKey } = await s.generateKey(alg, true, ['encapsulateBits', 'decapsulateBits']);
    const pk = new Uint8Array((await s.exportKey('raw-public', publicKey)) as ArrayBuffer);
    const { ciphertext } = await s.encapsulateBits(alg, publicKey);
    for (const [name, u] of lowOrder) {
      const key = await s.importKey('raw-public', withShare(pk, 1184, u), alg, true, ['encapsulateBits']);
      await assert.rejects(s.encapsulateBits(alg, key), { name: 'OperationError' }, `encapsulateBits, u = ${name}`);
      await assert.rejects(
        s.decapsulateBits(alg, privateKey, withShare(new Uint8Array(ciphertext), 1088, u)),
        { name: 'OperationError' },
        `decapsulateBits, u = ${name}`,
      );
    }
  });
}

describe('HPKE MLKEM768-X25519 refuses low-order shares', () => {
  const { publicKey, privateKey } = MLKEM768_X25519.generateKeyPair();
  const { enc } = MLKEM768_X25519.encap(publicKey);

  it('the KEM: Encap ERR_INVALID_PUBLIC_KEY, Decap ERR_INVALID_PUBLIC_KEY', () => {
    for (const [, u] of lowOrder) {
      assert.throws(() => MLKEM768_X25519.encap(withShare(publicKey, 1184, u)), isCode('ERR_INVALID_PUBLIC_KEY'));
      assert.throws(() => MLKEM768_X25519.decap(withShare(enc, 1088, u), privateKey), isCode('ERR_INVALID_PUBLIC_KEY'));
    }
  });

  it("the 'hpke' adapter's keys and @hpke/core's: Encap and Decap fail (EncapError, DecapError)", async () => {
    const kem = hpkeKem(MLKEM768_X25519)();
    const core = hpkeCoreKem(MLKEM768_X25519);
    const sk = await kem.DeserializePrivateKey(privateKey, false);
    const coreSk = await core.deserializePrivateKey(privateKey.slice().buffer);
    for (const [, u] of lowOrder) {
      const pk = withShare(publicKey, 1184, u);
      const bad = withShare(enc, 1088, u);
      await assert.rejects(async () => kem.Encap(await kem.DeserializePublicKey(pk)), isCode('ERR_INVALID_PUBLIC_KEY')); // CipherSuite: EncapError
      await assert.rejects(kem.Decap(bad, sk, undefined), isCode('ERR_INVALID_PUBLIC_KEY')); // CipherSuite: DecapError
      await assert.rejects(
        async () => core.encap({ recipientPublicKey: await core.deserializePublicKey(pk.slice().buffer) }),
        EncapError,
      );
      await assert.rejects(core.decap({ enc: bad.slice().buffer, recipientKey: coreSk }), DecapError);
    }
  });
});
