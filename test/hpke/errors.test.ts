// Bad input to our HPKE KEMs, through both libraries: wrong-length enc and keys, keys of another
// KEM or not ours, a public key that fails FIPS 203 §7.2, MLKEM768-X25519's refusal of low-order X25519 shares, and
// tampered ciphertexts. Each must end in the library's documented error (hpke: EncapError,
// DecapError, DeserializeError, OpenError; @hpke/core: the same names from its own classes),
// with our MlKemError as the cause where the KEM refused, and never anything else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as Core from '@hpke/core';
import * as HPKE from 'hpke';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { createHpkeKem, hpkeKem, ML_KEM_768, MlKemError, type HpkeKem } from '../../src/hpke/index.js';
import { backends } from '../support/backends.js';
import { setCoeff } from '../support/helpers.js';
import { hpkeKems, te } from '../support/hpke-helpers.js';

const message = te('attack at dawn');

/** Asserts that p rejects with an instance of cls whose cause (if `code`) is an MlKemError with that code. */
async function rejects(p: Promise<unknown>, cls: new (...args: never[]) => Error, code?: string): Promise<void> {
  const err = await p.then(
    () => assert.fail(`expected ${cls.name}, got success`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof cls, `expected ${cls.name}, got ${String(err)}`);
  if (code !== undefined) {
    const cause = (err as Error).cause;
    assert.ok(cause instanceof MlKemError && cause.code === code, `expected cause ${code}, got ${String(cause)}`);
  }
}

/** Asserts that p rejects with an instance of cls whose cause is a TypeError saying `message`. */
async function rejectsCausedBy(
  p: Promise<unknown>,
  cls: new (...args: never[]) => Error,
  message: string,
): Promise<void> {
  const err = await p.then(
    () => assert.fail(`expected ${cls.name}, got success`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof cls, `expected ${cls.name}, got ${String(err)}`);
  const cause = (err as Error).cause;
  assert.ok(
    cause instanceof TypeError && cause.message === message,
    `expected cause TypeError('${message}'), got ${String(cause)}`,
  );
}

/** For the NIST-curve hybrids: b with its trailing SEC 1 point (the last `point` bytes) made (0, 0), not on the curve. */
function offCurve(b: Uint8Array, point: number): Uint8Array {
  const c = b.slice();
  c.fill(0, c.length - point);
  c[c.length - point] = 0x04;
  return c;
}

/** Bytes of the uncompressed point in MLKEM768-P256 (0x0050) and MLKEM1024-P384 (0x0051) keys and enc. */
const POINT_BYTES: Record<number, number> = { 0x50: 65, 0x51: 97 };

/** A copy of b with one bit flipped at byte i. */
function flip(b: Uint8Array, i: number): Uint8Array {
  const c = b.slice();
  c[i]! ^= 1;
  return c;
}

/** An ML-KEM public key (or the ML-KEM part of X-Wing's) whose first coefficient is q, failing §7.2. */
function invalidPublicKey(pk: Uint8Array): Uint8Array {
  const bad = pk.slice();
  setCoeff(bad, 0, 3329);
  return bad;
}

for (const backend of backends) {
  for (const kem of hpkeKems(backend).values()) {
    const other: HpkeKem = kem.id === 0x41 ? createHpkeKem(backend.kems[0]!) : ML_KEM_768;

    describe(`HPKE bad input, ${kem.name} on ${backend.name}, hpke`, () => {
      const suite = new HPKE.CipherSuite(hpkeKem(kem), HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);
      const otherSuite = new HPKE.CipherSuite(hpkeKem(other), HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);

      it('wrong-length enc: DecapError, from the suite or from our Decap', async () => {
        const { privateKey, publicKey } = await suite.GenerateKeyPair();
        const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, message);
        for (const enc of [encapsulatedSecret.subarray(1), new Uint8Array(kem.Nenc + 1), new Uint8Array(0)]) {
          await rejects(suite.Open(privateKey, enc, ciphertext), HPKE.DecapError);
        }
        // The KEM alone (what the suite's own length check stands in front of).
        await rejects(hpkeKem(kem)().Decap(encapsulatedSecret.subarray(1), privateKey, undefined), MlKemError);
      });

      it('wrong-length keys: DeserializeError', async () => {
        await rejects(suite.DeserializePublicKey(new Uint8Array(kem.Npk - 1)), HPKE.DeserializeError);
        await rejects(suite.DeserializePrivateKey(new Uint8Array(kem.Nsk + 1)), HPKE.DeserializeError);
      });

      it("keys of another KEM, or not ours: EncapError / DecapError, caused by the library's own TypeError", async () => {
        const mine = await suite.GenerateKeyPair();
        const theirs = await otherSuite.GenerateKeyPair();
        // The words of hpke's own KEMs, which its test suite matches.
        await rejectsCausedBy(
          suite.Seal(theirs.publicKey, message),
          HPKE.EncapError,
          `key algorithm must be ${kem.name}`,
        );
        await rejects(suite.Seal(mine.privateKey, message), TypeError); // hpke itself: "Invalid publicKey"
        const fake = { algorithm: { name: kem.name }, extractable: true, type: 'public' } as never;
        await rejectsCausedBy(suite.Seal(fake, message), HPKE.EncapError, 'unexpected key constructor');
        const { encapsulatedSecret, ciphertext } = await suite.Seal(mine.publicKey, message);
        await rejectsCausedBy(
          suite.Open(theirs.privateKey, encapsulatedSecret, ciphertext),
          HPKE.DecapError,
          `key algorithm must be ${kem.name}`,
        );
      });

      it('a public key failing the ML-KEM encapsulation key check (FIPS 203 §7.2): EncapError', async () => {
        const { publicKey } = await suite.GenerateKeyPair();
        const bad = await suite.DeserializePublicKey(invalidPublicKey(await suite.SerializePublicKey(publicKey)));
        await rejects(suite.Seal(bad, message), HPKE.EncapError, 'ERR_INVALID_PUBLIC_KEY');
      });

      it('tampered ciphertext, enc, aad or info, or the wrong private key: OpenError', async () => {
        const { privateKey, publicKey } = await suite.GenerateKeyPair();
        const stranger = await suite.GenerateKeyPair();
        const aad = te('aad');
        const info = te('info');
        const { encapsulatedSecret: enc, ciphertext: ct } = await suite.Seal(publicKey, message, { aad, info });
        assert.deepEqual(await suite.Open(privateKey, enc, ct, { aad, info }), message);
        await rejects(suite.Open(privateKey, enc, flip(ct, 0), { aad, info }), HPKE.OpenError);
        await rejects(suite.Open(privateKey, enc, flip(ct, ct.length - 1), { aad, info }), HPKE.OpenError);
        // A changed enc decapsulates to another secret (ML-KEM's implicit rejection; X-Wing's combiner).
        await rejects(suite.Open(privateKey, flip(enc, 0), ct, { aad, info }), HPKE.OpenError);
        // The last byte is X-Wing's X25519 share (any value is accepted) or a NIST hybrid's curve
        // point, which no longer lies on the curve: the hybrid refuses it (DecapError).
        const lastByte = POINT_BYTES[kem.id] === undefined ? HPKE.OpenError : HPKE.DecapError;
        await rejects(suite.Open(privateKey, flip(enc, enc.length - 1), ct, { aad, info }), lastByte);
        await rejects(suite.Open(privateKey, enc, ct, { aad: te('AAD'), info }), HPKE.OpenError);
        await rejects(suite.Open(privateKey, enc, ct, { aad, info: te('INFO') }), HPKE.OpenError);
        await rejects(suite.Open(stranger.privateKey, enc, ct, { aad, info }), HPKE.OpenError);
      });

      const point = POINT_BYTES[kem.id];
      if (point !== undefined) {
        it('an invalid curve point: in the public key EncapError, in enc DecapError (the hybrid refuses it)', async () => {
          const { privateKey, publicKey } = await suite.GenerateKeyPair();
          const bad = await suite.DeserializePublicKey(offCurve(await suite.SerializePublicKey(publicKey), point));
          await rejects(suite.Seal(bad, message), HPKE.EncapError, 'ERR_INVALID_PUBLIC_KEY');
          const { encapsulatedSecret: enc, ciphertext: ct } = await suite.Seal(publicKey, message);
          const err = await suite.Open(privateKey, offCurve(enc, point), ct).catch((e: unknown) => e);
          assert.ok(err instanceof HPKE.DecapError && err.cause instanceof MlKemError, String(err));
        });
      }

      if (kem.name === 'MLKEM768-X25519') {
        it('a low-order X25519 share (all-zero X25519 value) is refused, as DHKEM(X25519) must (RFC 9180 §7.1.4): in the public key EncapError, in enc DecapError', async () => {
          const { privateKey, publicKey } = await suite.GenerateKeyPair();
          const pk = await suite.SerializePublicKey(publicKey);
          pk.fill(0, kem.Npk - 32); // u = 0: pk_X of order 1
          await rejects(
            suite.Seal(await suite.DeserializePublicKey(pk), message),
            HPKE.EncapError,
            'ERR_INVALID_PUBLIC_KEY',
          );
          const { encapsulatedSecret: enc, ciphertext: ct } = await suite.Seal(publicKey, message);
          const lowOrder = enc.slice();
          lowOrder.fill(0, kem.Nenc - 32); // u = 0: ct_X of order 1
          await rejects(suite.Open(privateKey, lowOrder, ct), HPKE.DecapError, 'ERR_INVALID_PUBLIC_KEY');
        });
      }
    });

    describe(`HPKE bad input, ${kem.name} on ${backend.name}, @hpke/core`, () => {
      const suite = new Core.CipherSuite({
        kem: hpkeCoreKem(kem),
        kdf: new Core.HkdfSha256(),
        aead: new Core.Aes128Gcm(),
      });
      const otherKem = hpkeCoreKem(other);

      it('wrong-length enc: DecapError', async () => {
        const recipientKey = await suite.kem.generateKeyPair();
        const { enc, ct } = await suite.seal({ recipientPublicKey: recipientKey.publicKey }, message);
        for (const bad of [new Uint8Array(enc).subarray(1), new Uint8Array(kem.Nenc + 1), new Uint8Array(0)]) {
          await rejects(suite.open({ recipientKey, enc: bad }, ct), Core.DecapError);
        }
      });

      it('wrong-length keys and the jwk format: DeserializeError', async () => {
        await rejects(suite.kem.deserializePublicKey(new Uint8Array(kem.Npk - 1)), Core.DeserializeError);
        await rejects(suite.kem.deserializePrivateKey(new Uint8Array(kem.Nsk + 1)), Core.DeserializeError);
        await rejects(suite.kem.importKey('raw', new Uint8Array(kem.Npk + 1).buffer), Core.DeserializeError);
        await rejects(suite.kem.importKey('jwk', { kty: 'AKP' }), Core.DeserializeError);
        await rejects(suite.kem.deserializePublicKey('not bytes' as never), Core.DeserializeError);
      });

      it('keys of another KEM, or not ours: EncapError / DecapError / SerializeError', async () => {
        const theirs = await otherKem.generateKeyPair();
        await rejects(suite.seal({ recipientPublicKey: theirs.publicKey }, message), Core.EncapError);
        await rejects(suite.kem.serializePublicKey(theirs.publicKey), Core.SerializeError);
        const mine = await suite.kem.generateKeyPair();
        const { enc, ct } = await suite.seal({ recipientPublicKey: mine.publicKey }, message);
        await rejects(suite.open({ recipientKey: theirs.privateKey, enc }, ct), Core.DecapError);
        await rejects(suite.open({ recipientKey: mine.publicKey, enc }, ct), Core.DecapError);
      });

      it('a public key failing FIPS 203 §7.2: EncapError; ekm of the wrong length: EncapError', async () => {
        const { publicKey } = await suite.kem.generateKeyPair();
        const pk = new Uint8Array(await suite.kem.serializePublicKey(publicKey));
        const bad = await suite.kem.deserializePublicKey(invalidPublicKey(pk));
        await rejects(suite.seal({ recipientPublicKey: bad }, message), Core.EncapError);
        await rejects(
          suite.kem.encap({ recipientPublicKey: publicKey, ekm: new Uint8Array(kem.Nrandom - 1) }),
          Core.EncapError,
        );
      });

      if (POINT_BYTES[kem.id] !== undefined) {
        it('an invalid curve point: in the public key EncapError, in enc DecapError', async () => {
          const point = POINT_BYTES[kem.id]!;
          const recipientKey = await suite.kem.generateKeyPair();
          const pk = new Uint8Array(await suite.kem.serializePublicKey(recipientKey.publicKey));
          await rejects(
            suite.seal({ recipientPublicKey: await suite.kem.deserializePublicKey(offCurve(pk, point)) }, message),
            Core.EncapError,
          );
          const { enc, ct } = await suite.seal({ recipientPublicKey: recipientKey.publicKey }, message);
          await rejects(suite.open({ recipientKey, enc: offCurve(new Uint8Array(enc), point) }, ct), Core.DecapError);
        });
      }

      it('tampered ciphertext or enc, or the wrong private key: OpenError', async () => {
        const recipientKey = await suite.kem.generateKeyPair();
        const stranger = await suite.kem.generateKeyPair();
        const { enc, ct } = await suite.seal({ recipientPublicKey: recipientKey.publicKey }, message);
        const e = new Uint8Array(enc);
        const c = new Uint8Array(ct);
        assert.deepEqual(new Uint8Array(await suite.open({ recipientKey, enc }, ct)), message);
        await rejects(suite.open({ recipientKey, enc }, flip(c, 0)), Core.OpenError);
        await rejects(suite.open({ recipientKey, enc: flip(e, 0) }, ct), Core.OpenError);
        await rejects(suite.open({ recipientKey: stranger, enc }, ct), Core.OpenError);
      });
    });
  }
}

describe('createHpkeKem refuses what is not a KEM of the draft', () => {
  it('throws ERR_INVALID_TYPE for non-KEMs and for the RFC 10024 TLS groups', async () => {
    const { X25519MLKEM768 } = await import('../../src/hybrid/index.js');
    for (const bad of [undefined, null, 42, {}, { name: 'ML-KEM-768' }, X25519MLKEM768]) {
      assert.throws(
        () => createHpkeKem(bad as never),
        (e: unknown) => e instanceof MlKemError && e.code === 'ERR_INVALID_TYPE',
      );
    }
  });
});

describe('HPKE private keys: only the seed form, serialized only when extractable', () => {
  it("ML-KEM's decap takes the 64-byte seed form only, not the expanded key", async () => {
    const { ML_KEM_768 } = await import('../../src/hpke/index.js');
    const { MlKem768 } = await import('../../src/index.js');
    const { publicKey, secretKey } = MlKem768.keygen();
    const { enc } = ML_KEM_768.encap(publicKey);
    assert.throws(
      () => ML_KEM_768.decap(enc, secretKey),
      (err: unknown) => (err as { code?: string }).code === 'ERR_INVALID_LENGTH',
    );
  });

  it('SerializePrivateKey refuses a key that is not extractable', async () => {
    const { KEM_ML_KEM_768 } = await import('../../src/hpke/index.js');
    const kem = KEM_ML_KEM_768();
    const fixed = await kem.DeriveKeyPair(new Uint8Array(64).fill(7), false);
    await assert.rejects(kem.SerializePrivateKey(fixed.privateKey));
    const open = await kem.DeriveKeyPair(new Uint8Array(64).fill(7), true);
    assert.equal((await kem.SerializePrivateKey(open.privateKey)).length, 64);
  });
});

describe('a detached ikm is refused, never read as the empty ikm (issue #38)', () => {
  /** A view of 32 random bytes (made by `view`) whose buffer is then detached. */
  const detached = <T>(view: (b: ArrayBuffer) => T): T => {
    const buffer = crypto.getRandomValues(new Uint8Array(32)).buffer;
    const v = view(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    return v;
  };
  const shapes: Array<[string, (b: ArrayBuffer) => ArrayBuffer | ArrayBufferView<ArrayBuffer>]> = [
    ['ArrayBuffer', (b) => b],
    ['Uint8Array', (b) => new Uint8Array(b)],
    ['DataView', (b) => new DataView(b)],
  ];

  it('every deriveKeyPair: hpke, @hpke/core and the drop-in classes (their error), our KEM objects (ERR_INVALID_TYPE)', async () => {
    const { MlKem768 } = await import('../../src/hpke/ml-kem.js');
    const { XWing } = await import('../../src/hpke/x-wing.js');
    for (const kem of hpkeKems(backends[1]!).values()) {
      for (const derive of [
        (ikm: Uint8Array) => Promise.resolve().then(() => kem.deriveKeyPair(ikm)),
        (ikm: Uint8Array) => hpkeKem(kem)().DeriveKeyPair(ikm, true),
      ]) {
        await assert.rejects(derive(detached((b) => new Uint8Array(b))), (e: unknown) => {
          assert.ok(e instanceof MlKemError && e.code === 'ERR_INVALID_TYPE', `${kem.name}: ${String(e)}`);
          assert.match(e.message, /ikm is on a detached ArrayBuffer/);
          return true;
        });
      }
      for (const [shape, view] of shapes)
        await rejects(hpkeCoreKem(kem).deriveKeyPair(detached(view)), Core.DeriveKeyPairError).catch((e: Error) => {
          throw new Error(`${kem.name} @hpke/core, ${shape}: ${e.message}`);
        });
    }
    for (const c of [new MlKem768(), new XWing()])
      for (const [shape, view] of shapes)
        await assert.rejects(
          c.deriveKeyPair(detached(view)),
          (e: Error) => e.name === 'DeriveKeyPairError' && /detached/.test(e.message),
          `${c.constructor.name}, ${shape}`,
        );
  });
});
