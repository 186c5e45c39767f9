// noble's QSF and KitchenSink objects leave nothing behind (issue 38, items 2 and 7): no unwiped
// copy of the 32-byte root secret key after keygen, getPublicKey or decapsulate (every
// Uint8Array made during the call is watched), and KitchenSink's HKDF runs on an HMAC whose
// node:crypto methods were captured at its known-answer test, so a later patch of
// Hmac.prototype neither sees the component shared secrets nor changes the result.
// Its own file: it replaces the global Uint8Array and patches node:crypto's Hmac for a while.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';

import { nativeHmacSha256 } from '../../src/hybrid/curves/native.js';
import * as ours from '../../src/noble/hybrid.js';
import { random } from './compare.js';

const OBJECTS = [
  'QSF_ml_kem768_p256',
  'QSF_ml_kem1024_p384',
  'KitchenSink_ml_kem768_x25519',
  'QSFMLKEM768P256',
  'QSFMLKEM1024P384',
  'KitchenSinkMLKEM768X25519',
] as const;

/** Every Uint8Array made while `f` runs: by the constructor (and of, from) and by slice. */
function watched<T>(f: () => T): { result: T; made: Uint8Array[] } {
  const made: Uint8Array[] = [];
  const Real = globalThis.Uint8Array;
  const slice = Real.prototype.slice;
  const Watching = new Proxy(Real, {
    construct(target, args, newTarget) {
      const a = Reflect.construct(target, args, newTarget === Watching ? target : newTarget) as Uint8Array;
      made.push(a);
      return a;
    },
  });
  globalThis.Uint8Array = Watching;
  Real.prototype.slice = function (this: Uint8Array, ...args: [number?, number?]) {
    const out = slice.apply(this, args);
    made.push(out);
    return out;
  };
  try {
    return { result: f(), made };
  } finally {
    globalThis.Uint8Array = Real;
    Real.prototype.slice = slice;
  }
}

/** The arrays among `made` that hold `secret` anywhere in them. */
function holding(made: readonly Uint8Array[], secret: Uint8Array): Uint8Array[] {
  return made.filter((a) => {
    for (let i = 0; i + secret.length <= a.length; i++) {
      if (secret.every((b, j) => a[i + j] === b)) return true;
    }
    return false;
  });
}

describe('noble QSF and KitchenSink: the root secret key', () => {
  for (const name of OBJECTS) {
    it(`${name}: keygen, getPublicKey and decapsulate leave no copy of it`, () => {
      const kem = ours[name];
      const root = random(32);
      const { publicKey } = kem.keygen(root.slice());
      const { cipherText } = kem.encapsulate(publicKey);
      const calls: Array<[string, (sk: Uint8Array) => unknown]> = [
        ['keygen', (sk) => kem.keygen(sk).secretKey],
        ['getPublicKey', (sk) => kem.getPublicKey(sk)],
        ['decapsulate', (sk) => kem.decapsulate(cipherText, sk)],
      ];
      const copies: Record<string, number> = {};
      for (const [what, call] of calls) {
        const sk = root.slice();
        const { result, made } = watched(() => call(sk));
        sk.fill(0); // the caller's array, and (keygen) the secret key it returns, are the caller's to wipe
        if (what === 'keygen') (result as Uint8Array).fill(0);
        assert.ok(made.length > 0, `${name} ${what}: arrays were watched`);
        copies[what] = holding(made, root).length;
      }
      assert.deepEqual(copies, { keygen: 0, getPublicKey: 0, decapsulate: 0 }, `${name}: unwiped copies of the root`);
    });
  }
});

describe('noble KitchenSink: the HMAC of its HKDF', () => {
  it('was captured at its known-answer test: a later patch of Hmac.prototype changes nothing and sees nothing', () => {
    const kem = ours.KitchenSink_ml_kem768_x25519;
    const { publicKey, secretKey } = kem.keygen(random(32));
    const msg = random(kem.lengths.msgRand!);
    const before = kem.encapsulate(publicKey, msg.slice()); // first use: the HMAC's test, on node:crypto
    assert.ok(nativeHmacSha256() !== undefined, "node:crypto's HMAC passed its test and serves the HKDF");
    const Hmac = Object.getPrototypeOf(createHmac('sha256', 'k')) as {
      update(this: unknown, ...a: unknown[]): unknown;
      digest(this: unknown, ...a: unknown[]): Uint8Array;
    };
    const { update, digest } = Hmac;
    const seen: unknown[] = [];
    Hmac.update = function (...a) {
      seen.push(...a);
      return update.apply(this, a);
    };
    Hmac.digest = function (...a) {
      const d = digest.apply(this, a);
      d[0] = d[0]! ^ 1;
      seen.push(d);
      return d;
    };
    try {
      assert.deepEqual(kem.encapsulate(publicKey, msg.slice()), before);
      assert.deepEqual(kem.decapsulate(before.cipherText, secretKey), before.sharedSecret);
      assert.equal(createHmac('sha256', 'k').update('x').digest().length, 32); // the patch is live
      assert.ok(seen.length > 0, 'the patch works');
      seen.length = 0;
      kem.encapsulate(publicKey, msg.slice());
      kem.decapsulate(before.cipherText, secretKey);
      assert.equal(seen.length, 0, 'the patched methods saw the HKDF input');
    } finally {
      Hmac.update = update;
      Hmac.digest = digest;
    }
  });

  it('a Reflect.apply replaced after that test is never called by the HKDF (the HMAC key is the PRK)', () => {
    const kem = ours.KitchenSink_ml_kem768_x25519;
    const { publicKey, secretKey } = kem.keygen(random(32));
    const { cipherText } = kem.encapsulate(publicKey); // the HMAC's test has run
    const reflectApply = Reflect.apply;
    const fromLibrary: string[] = [];
    Reflect.apply = function (...args: Parameters<typeof Reflect.apply>) {
      const caller = new Error().stack?.split('\n')[2] ?? '';
      if (/[/\\]src[/\\]/.test(caller)) fromLibrary.push(caller.trim());
      return reflectApply(...args) as unknown;
    } as typeof Reflect.apply;
    try {
      kem.decapsulate(cipherText, secretKey);
    } finally {
      Reflect.apply = reflectApply;
    }
    assert.deepEqual(fromLibrary, [], 'calls from the library to the replaced Reflect.apply');
  });
});
