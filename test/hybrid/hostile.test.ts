// The hybrids' doors on the paths that fail (DESIGN.md, "What the attack runs keep finding"): a
// private JWK refused by loadPublicKey leaves no copy of its seed; a kty is named by its length,
// never quoted (it may be the seed, misplaced); an encapsulation on the runtime's Web Crypto whose
// export fails still wipes the curve secret derived beside it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { encodeBase64url } from '../../src/bytes.js';
import { asynchronousOf } from '../../src/hybrid/concrete-async.js';
import { XWing, loadPrivateKey, loadPublicKey } from '../../src/hybrid/index.js';

// Patched before the Web Crypto curve path binds the runtime's methods (on first use).
const subtle = crypto.subtle as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
const realExport = subtle.exportKey!;
let failExport = false;
subtle.exportKey = function (this: unknown, ...args: unknown[]) {
  return failExport ? Promise.reject(new Error('a platform failure')) : Reflect.apply(realExport, this, args);
};

describe('hybrid doors on the paths that fail', () => {
  const seed = new Uint8Array(32).fill(0xab);
  const jwk = {
    kty: 'AKP',
    alg: 'MLKEM768-X25519',
    pub: encodeBase64url(XWing.keygen(new Uint8Array(32).fill(0x11)).publicKey), // not the seed's
    priv: encodeBase64url(seed),
  };

  it("loadPublicKey of a private JWK whose pub is not its seed's leaves no copy of the seed", () => {
    const Real = globalThis.Uint8Array;
    const made: Uint8Array[] = [];
    globalThis.Uint8Array = class extends Real {
      constructor(...args: unknown[]) {
        super(...(args as []));
        if (this.length === 32) made.push(this);
      }
    } as Uint8ArrayConstructor;
    try {
      assert.throws(() => loadPublicKey(jwk), { code: 'ERR_INVALID_SECRET_KEY' });
    } finally {
      globalThis.Uint8Array = Real;
    }
    assert.ok(made.length > 0);
    assert.equal(made.filter((a) => a.every((b) => b === 0xab)).length, 0, 'a copy of the seed is left');
  });

  it('a kty that is not "AKP" is named by its length when it is long', () => {
    const text = encodeBase64url(seed);
    assert.throws(
      () => loadPrivateKey({ ...jwk, kty: text }),
      (err: Error) => {
        assert.ok(
          !err.message.includes(text.slice(0, 8)) && err.message.includes(`a string of ${text.length} characters`),
          err.message,
        );
        return true;
      },
    );
  });

  it("an encapsulation on Web Crypto's curves whose export fails wipes the curve secret", async (t) => {
    const door = asynchronousOf(XWing, 'webcrypto')!;
    if ((await door.curvePath()) !== 'webcrypto') return t.skip("this runtime's Web Crypto has no X25519");
    const ek = door.encapsulationKey(XWing.keygen().publicKey);
    const all = Promise.all;
    const seen: Uint8Array[] = [];
    Promise.all = function (this: PromiseConstructor, items: Iterable<unknown>) {
      const list = [...items];
      for (const p of list)
        Promise.resolve(p).then(
          (v) => v instanceof Uint8Array && seen.push(v),
          () => undefined,
        );
      return Reflect.apply(all, this, [list]);
    } as typeof Promise.all;
    failExport = true;
    try {
      await assert.rejects(ek.encapsulate(), { code: 'ERR_PLATFORM' });
    } finally {
      Promise.all = all;
      failExport = false;
    }
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(seen.length > 0, 'the curve secret was watched');
    assert.ok(
      seen.every((s) => s.every((b) => b === 0)),
      'the curve secret is left unwiped',
    );
  });
});
