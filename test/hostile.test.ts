// Inputs built to confuse rather than merely wrong: subclasses that lie about their length,
// Proxies, objects whose constructor name is not a string, arrays from another realm, and a
// randomness source that calls back into the library while the library is using it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { MlKemError } from '../src/index.js';
import { backends } from './backends.js';

function assertCode(fn: () => unknown, code: string): void {
  assert.throws(fn, (err: unknown) => err instanceof MlKemError && err.code === code);
}

for (const backend of backends) {
  describe(`hostile inputs (${backend.name})`, () => {
    for (const kem of backend.kems) {
      test(`${kem.name}: a Uint8Array subclass whose length getter lies is refused`, () => {
        class Liar extends Uint8Array {
          override get length(): number {
            return kem.sizes.publicKey;
          }
        }
        assertCode(() => kem.encapsulate(new Liar(10)), 'ERR_INVALID_LENGTH');
        const { ciphertext } = kem.encapsulate(kem.keygen().publicKey);
        assertCode(() => kem.decapsulate(ciphertext, new Liar(10)), 'ERR_INVALID_LENGTH');
      });

      test(`${kem.name}: Proxies and odd objects are refused with MlKemError`, () => {
        const { publicKey } = kem.keygen();
        const throwing = new Proxy(publicKey, {
          get() {
            throw new Error('trap');
          },
          getPrototypeOf() {
            return Uint8Array.prototype;
          },
        });
        assertCode(() => kem.encapsulate(new Proxy(publicKey, {})), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate(throwing), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate({ constructor: { name: Symbol('x') } } as never), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate(Object.create(null) as never), 'ERR_INVALID_TYPE');
      });

      test(`${kem.name}: a Uint8Array from another realm is accepted`, () => {
        const { publicKey, secretKey } = kem.keygen();
        const foreign = runInNewContext(`new Uint8Array(${publicKey.length})`) as Uint8Array;
        foreign.set(publicKey);
        assert.equal(foreign instanceof Uint8Array, false);
        const { ciphertext, sharedSecret } = kem.encapsulate(foreign);
        assert.deepEqual(kem.decapsulate(ciphertext, secretKey), sharedSecret);
      });

      test(`${kem.name}: a randomness source that calls back into the library cannot redirect it`, () => {
        const a = kem.keygen();
        const b = kem.keygen();
        const original = globalThis.crypto.getRandomValues;
        let nested = 0;
        Object.defineProperty(globalThis.crypto, 'getRandomValues', {
          configurable: true,
          value: <T extends ArrayBufferView | null>(array: T): T => {
            if (nested++ === 0) kem.encapsulate(b.publicKey); // re-entry while the outer call runs
            return original.call(globalThis.crypto, array as never) as T;
          },
        });
        try {
          const { ciphertext, sharedSecret } = kem.encapsulate(a.publicKey);
          assert.ok(nested >= 2, 'the polyfill was re-entered');
          assert.deepEqual(kem.decapsulate(ciphertext, a.secretKey), sharedSecret, 'encapsulated to the key passed');
          nested = 0;
          const pair = kem.keygen();
          const again = kem.encapsulate(pair.publicKey);
          assert.deepEqual(kem.decapsulate(again.ciphertext, pair.secretKey), again.sharedSecret);
        } finally {
          Object.defineProperty(globalThis.crypto, 'getRandomValues', { configurable: true, writable: true, value: original });
        }
      });
    }
  });
}

describe('hostile arguments to mlkem-ts/keys and mlkem-ts/hybrid', () => {
  const detached = () => {
    const bytes = new Uint8Array(64);
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] }); // detaches it: length 0
    return bytes;
  };
  const throwing = new Proxy({}, {
    get() {
      throw new Error('trap');
    },
  });
  const revoked = (() => {
    const r = Proxy.revocable({}, {});
    r.revoke();
    return r.proxy;
  })();

  test('arrays on a detached buffer read as empty: documented errors, no TypeError', async () => {
    const K = await import('../src/keys/index.js');
    assertCode(() => K.decodeSpki(detached()), 'ERR_INVALID_KEY_ENCODING');
    assertCode(() => K.decodePkcs8(detached()), 'ERR_INVALID_KEY_ENCODING');
    assertCode(() => K.encodeSpki(detached()), 'ERR_INVALID_LENGTH');
    assertCode(() => K.encodePkcs8({ secretKey: detached() }), 'ERR_INVALID_LENGTH');
    assert.equal(K.toPem(detached(), 'PUBLIC KEY'), '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n');
  });

  test('key, option and JWK objects whose properties throw, and revoked Proxies, give ERR_INVALID_TYPE', async () => {
    const K = await import('../src/keys/index.js');
    const der = K.encodeSpki(K.kemFor('ML-KEM-768').keygen().publicKey);
    for (const hostile of [throwing, revoked]) {
      assertCode(() => K.encodePkcs8(hostile as never), 'ERR_INVALID_TYPE');
      assertCode(() => K.toJwk(hostile as never), 'ERR_INVALID_TYPE');
      assertCode(() => K.fromJwk(hostile), 'ERR_INVALID_TYPE');
      assertCode(() => K.decodePkcs8(der, hostile as never), 'ERR_INVALID_TYPE');
    }
  });

  test('hybrid factories given hostile objects give ERR_INVALID_TYPE', async () => {
    const H = await import('../src/hybrid/index.js');
    for (const hostile of [throwing, revoked, { name: Object.create(null) }, { name: Symbol('x') }]) {
      for (const factory of [H.createXWing, H.createX25519MlKem768, H.createSecP256r1MlKem768, H.createSecP384r1MlKem1024]) {
        assertCode(() => factory(hostile as never), 'ERR_INVALID_TYPE');
      }
    }
  });
});
