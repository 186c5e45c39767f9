// mlkem-ts/hpke/ml-kem and mlkem-ts/hpke/x-wing against the packages they stand in for,
// @hpke/ml-kem and @hpke/hybridkem-x-wing: the same constants; @hpke/core CipherSuites that seal
// with one and open with the other, both ways; the same keys from deriveKeyPair and the same enc and
// secret from encap with ekm; the same error classes and messages for the same bad input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as Core from '@hpke/core';
import { XWing as TheirXWing } from '@hpke/hybridkem-x-wing';
import * as TheirMlKem from '@hpke/ml-kem';

import * as OurMlKem from '../../src/hpke/ml-kem.js';
import { XWing as OurXWing } from '../../src/hpke/x-wing.js';
import { te } from '../support/hpke-helpers.js';

type Kem = Core.KemInterface & { name: string; auth: boolean };
const PAIRS: [string, () => Kem, () => Kem][] = [
  ['MlKem512', () => new OurMlKem.MlKem512(), () => new TheirMlKem.MlKem512()],
  ['MlKem768', () => new OurMlKem.MlKem768(), () => new TheirMlKem.MlKem768()],
  ['MlKem1024', () => new OurMlKem.MlKem1024(), () => new TheirMlKem.MlKem1024()],
  ['XWing', () => new OurXWing(), () => new TheirXWing()],
];

const message = te('sealed by one KEM class, opened by the other');
const aad = te('aad');
const info = te('info');
const bytes = (b: ArrayBuffer) => new Uint8Array(b);
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const suiteOf = (kem: Kem) => new Core.CipherSuite({ kem, kdf: new Core.HkdfSha256(), aead: new Core.Aes128Gcm() });

/** How a promise settles: its error's class name and message, or 'ok'. */
async function outcome(p: () => Promise<unknown>): Promise<string> {
  try {
    await p();
    return 'ok';
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

for (const [name, ours, theirs] of PAIRS) {
  const isXWing = name === 'XWing';
  describe(`drop-in ${name} against its @hpke package`, () => {
    it('has the same id, name, sizes and auth', () => {
      const [a, b] = [ours(), theirs()];
      for (const field of ['id', 'name', 'secretSize', 'encSize', 'publicKeySize', 'privateKeySize', 'auth'] as const) {
        assert.equal(a[field], b[field], field);
      }
    });

    for (const [from, to, label] of [
      [ours, theirs, 'sealed with ours, opened with theirs'],
      [theirs, ours, 'sealed with theirs, opened with ours'],
    ] as const) {
      it(`a @hpke/core CipherSuite ${label}`, async () => {
        const recipient = suiteOf(to());
        const sender = suiteOf(from());
        const pair = await recipient.kem.generateKeyPair();
        const pk = await sender.kem.deserializePublicKey(await recipient.kem.serializePublicKey(pair.publicKey));
        const { enc, ct } = await sender.seal({ recipientPublicKey: pk, info }, message, aad);
        assert.deepEqual(bytes(await recipient.open({ recipientKey: pair, enc, info }, ct, aad)), message);
        // And the recipient's private key as stored, its seed, imported back into the same class.
        const sk = await recipient.kem.importKey(
          'raw',
          await recipient.kem.serializePrivateKey(pair.privateKey),
          false,
        );
        assert.deepEqual(bytes(await recipient.open({ recipientKey: sk, enc, info }, ct, aad)), message);
      });
    }

    it("takes the package's own keys (XCryptoKey) as its own", async () => {
      const [a, b] = [ours(), theirs()];
      const pair = await b.generateKeyPair();
      assert.deepEqual(
        bytes(await a.serializePublicKey(pair.publicKey)),
        bytes(await b.serializePublicKey(pair.publicKey)),
      );
      const { enc, sharedSecret } = await a.encap({ recipientPublicKey: pair.publicKey });
      assert.deepEqual(bytes(await a.decap({ recipientKey: pair.privateKey, enc })), bytes(sharedSecret));
      assert.deepEqual(bytes(await b.decap({ recipientKey: pair.privateKey, enc })), bytes(sharedSecret));
    });

    it('deriveKeyPair gives the same keys as theirs (ML-KEM: ikm is d ‖ z; X-Wing: SHAKE256(ikm))', async () => {
      const [a, b] = [ours(), theirs()];
      const lengths = isXWing ? [0, 1, 32, 64, 100] : [64];
      for (let i = 0; i < 12; i++) {
        const ikm = random(lengths[i % lengths.length]!);
        const [x, y] = [await a.deriveKeyPair(ikm), await b.deriveKeyPair(ikm)];
        assert.deepEqual(
          bytes(await a.serializePrivateKey(x.privateKey)),
          bytes(await b.serializePrivateKey(y.privateKey)),
        );
        assert.deepEqual(
          bytes(await a.serializePublicKey(x.publicKey)),
          bytes(await b.serializePublicKey(y.publicKey)),
        );
      }
    });

    it('encap with ekm gives the same enc and shared secret as theirs', async () => {
      const [a, b] = [ours(), theirs()];
      const ikm = random(isXWing ? 32 : 64);
      const [x, y] = [await a.deriveKeyPair(ikm), await b.deriveKeyPair(ikm)];
      for (let i = 0; i < 4; i++) {
        const ekm = random(isXWing ? 64 : 32);
        const given = ekm.slice();
        const mine = await a.encap({ recipientPublicKey: x.publicKey, ekm });
        assert.deepEqual(ekm, given, "the caller's ekm is left as it was (we wipe only our copy)");
        const other = await b.encap({ recipientPublicKey: y.publicKey, ekm });
        assert.deepEqual(bytes(mine.enc), bytes(other.enc));
        assert.deepEqual(bytes(mine.sharedSecret), bytes(other.sharedSecret));
        assert.deepEqual(
          bytes(await a.decap({ recipientKey: x.privateKey, enc: other.enc })),
          bytes(other.sharedSecret),
        );
      }
    });

    it('imports raw keys and JWKs as theirs do', async () => {
      const [a, b] = [ours(), theirs()];
      const pair = await b.generateKeyPair();
      const pk = bytes(await b.serializePublicKey(pair.publicKey)).slice();
      const sk = bytes(await b.serializePrivateKey(pair.privateKey)).slice();
      const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64url');
      const jwkPub = { kty: 'AKP', alg: a.name, pub: b64(pk) };
      const jwkPriv = { kty: 'AKP', alg: a.name, priv: b64(sk), key_ops: ['deriveBits'] };
      for (const [format, key, isPublic, expected] of [
        ['raw', pk.buffer, true, pk],
        ['raw', pk, true, pk],
        ['raw', sk, false, sk],
        ['jwk', jwkPub, true, pk],
        ['jwk', jwkPriv, false, sk],
      ] as const) {
        const imported = await a.importKey(format, key as never, isPublic);
        assert.equal(imported.type, isPublic ? 'public' : 'private');
        assert.equal(imported.algorithm.name, b.name);
        assert.deepEqual(imported.usages, isPublic ? [] : ['deriveBits']);
        const again = isPublic ? await a.serializePublicKey(imported) : await a.serializePrivateKey(imported);
        assert.deepEqual(bytes(again), expected);
      }
    });

    it('throws the same error classes with the same messages for the same bad input', async () => {
      const [a, b] = [ours(), theirs()];
      const other = isXWing ? new TheirMlKem.MlKem768() : new TheirXWing();
      const [pa, pb, po] = [await a.generateKeyPair(), await b.generateKeyPair(), await other.generateKeyPair()];
      const pkBytes = bytes(await b.serializePublicKey(pb.publicKey)).slice();
      const invalid = pkBytes.slice();
      invalid.fill(0xff, 0, 2); // the first coefficient is 0xfff ≥ q: fails FIPS 203, §7.2
      const lowOrder = pkBytes.slice();
      lowOrder.fill(0, lowOrder.length - 32); // X-Wing: the X25519 share 0 is of low order
      const { enc } = await b.encap({ recipientPublicKey: pb.publicKey });
      const encLowOrder = bytes(enc).slice();
      encLowOrder.fill(0, encLowOrder.length - 32);
      // Each case: (kem, its own key pair) → a call with bad input; run on both, compared.
      type Case = [string, (k: Kem, own: CryptoKeyPair) => Promise<unknown>];
      const cases: Case[] = [
        ['deserializePublicKey, short', (k) => k.deserializePublicKey(new Uint8Array(5))],
        ['deserializePrivateKey, long', (k) => k.deserializePrivateKey(new Uint8Array(k.privateKeySize + 1))],
        ['serializePublicKey of a private key', (k, own) => k.serializePublicKey(own.privateKey)],
        ['serializePrivateKey of a public key', (k, own) => k.serializePrivateKey(own.publicKey)],
        ['serializePublicKey of another KEM', (k) => k.serializePublicKey(po.publicKey)],
        ['serializePrivateKey of another KEM', (k) => k.serializePrivateKey(po.privateKey)],
        ['serializePublicKey of {}', (k) => k.serializePublicKey({} as never)],
        ['deriveKeyPair, 10 bytes', (k) => k.deriveKeyPair(new Uint8Array(10))],
        ['deriveKeyPair, 65 bytes', (k) => k.deriveKeyPair(new Uint8Array(65))],
        ['importKey raw, a string', (k) => k.importKey('raw', 'x' as never)],
        [
          'importKey raw, a DataView',
          (k) => k.importKey('raw', new DataView(new ArrayBuffer(k.publicKeySize)) as never),
        ],
        ['importKey raw, short', (k) => k.importKey('raw', new Uint8Array(3) as never)],
        [
          'importKey raw, private, public length',
          (k) => k.importKey('raw', new Uint8Array(k.publicKeySize) as never, false),
        ],
        ['importKey jwk, an ArrayBuffer', (k) => k.importKey('jwk', new ArrayBuffer(3) as never)],
        ['importKey jwk, kty EC', (k) => k.importKey('jwk', { kty: 'EC' })],
        ['importKey jwk, no kty', (k) => k.importKey('jwk', {})],
        ['importKey jwk, other alg', (k) => k.importKey('jwk', { kty: 'AKP', alg: 'ML-KEM-9' } as never)],
        ['importKey jwk, private without priv', (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name } as never, false)],
        [
          'importKey jwk, private, key_ops',
          (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name, priv: 'AAAA', key_ops: ['encrypt'] } as never, false),
        ],
        [
          'importKey jwk, public with priv',
          (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name, priv: 'AAAA' } as never),
        ],
        ['importKey jwk, public without pub', (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name } as never)],
        [
          'importKey jwk, public, key_ops',
          (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name, pub: 'AAAA', key_ops: ['deriveBits'] } as never),
        ],
        [
          'importKey jwk, public, short pub',
          (k) => k.importKey('jwk', { kty: 'AKP', alg: k.name, pub: 'AAAA' } as never),
        ],
        ['encap to a private key', (k, own) => k.encap({ recipientPublicKey: own.privateKey })],
        ['encap to another KEM', (k) => k.encap({ recipientPublicKey: po.publicKey })],
        ['encap, ekm a key pair', (k, own) => k.encap({ recipientPublicKey: own.publicKey, ekm: own as never })],
        ['encap, ekm a string', (k, own) => k.encap({ recipientPublicKey: own.publicKey, ekm: 'x' as never })],
        ['encap, ekm 16 bytes', (k, own) => k.encap({ recipientPublicKey: own.publicKey, ekm: new Uint8Array(16) })],
        [
          'encap, invalid encapsulation key',
          async (k) => k.encap({ recipientPublicKey: await k.deserializePublicKey(invalid) }),
        ],
        [
          'encap, invalid encapsulation key and ekm',
          async (k) =>
            k.encap({ recipientPublicKey: await k.deserializePublicKey(invalid), ekm: random(isXWing ? 64 : 32) }),
        ],
        ['decap, enc 5 bytes', (k, own) => k.decap({ recipientKey: own.privateKey, enc: new Uint8Array(5) })],
        [
          'decap with a public key',
          (k, own) => k.decap({ recipientKey: own.publicKey, enc: new Uint8Array(k.encSize) }),
        ],
        ['decap with another KEM', (k) => k.decap({ recipientKey: po.privateKey, enc: new Uint8Array(k.encSize) })],
        ['decap, enc of another key', (k, own) => k.decap({ recipientKey: own, enc })],
      ];
      if (isXWing) {
        cases.push(
          [
            'encap, low-order X25519 share',
            async (k) => k.encap({ recipientPublicKey: await k.deserializePublicKey(lowOrder) }),
          ],
          ['decap, low-order X25519 share', (k, own) => k.decap({ recipientKey: own.privateKey, enc: encLowOrder })],
          ['generateKeyPairDerand, 5 bytes', (k) => (k as OurXWing).generateKeyPairDerand(new Uint8Array(5))],
          ['generateKeyPairDerand, 32 bytes', (k) => (k as OurXWing).generateKeyPairDerand(new Uint8Array(32))],
        );
      }
      for (const [label, call] of cases) {
        assert.equal(await outcome(() => call(a, pa)), await outcome(() => call(b, pb)), label);
      }
      // Refusals are @hpke/core's own classes, as the packages throw them.
      await assert.rejects(a.deserializePublicKey(new Uint8Array(5)), Core.DeserializeError);
      await assert.rejects(a.encap({ recipientPublicKey: await a.deserializePublicKey(invalid) }), Core.EncapError);
      await assert.rejects(a.decap({ recipientKey: pa.privateKey, enc: new Uint8Array(5) }), Core.InvalidParamError);
    });
  });
}

describe('drop-in classes: instances', () => {
  it('are independent: a field written on one is not seen on another', () => {
    const [a, b] = [new OurMlKem.MlKem768(), new OurMlKem.MlKem768()];
    (a as { name: string }).name = 'changed';
    assert.equal(b.name, 'ML-KEM-768');
  });

  it('refuse a method called on something that is not an instance', async () => {
    const { encap } = new OurXWing();
    await assert.rejects(encap.call({}, { recipientPublicKey: {} as never }), TypeError);
  });
});
