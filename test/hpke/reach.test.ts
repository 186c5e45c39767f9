// Where the library keeps keys' hidden slots and the objects that handle their secrets (HPKE keys,
// the HPKE KEMs' key objects, the drop-in classes' configuration, the hybrids' internals, the
// noble hybrids, the Web Crypto layer's keys and handles, node:crypto's captured methods, the
// curves' choice), WeakMap's and Map's methods are those captured at load (issue #38, finding 6):
// code that replaces them later is never called by the library, so it is never handed a key's
// slots, nor can it hand the library an object of its own that would then receive a secret.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { ML_KEM_768, MLKEM768_P256, MLKEM768_X25519, hpkeKem } from '../../src/hpke/index.js';
import { MlKem768 as MlKem768Class } from '../../src/hpke/ml-kem.js';
import { XWing as XWingClass } from '../../src/hpke/x-wing.js';
import { MLKEM768_P256 as P256Hybrid, XWing, loadPrivateKey } from '../../src/hybrid/index.js';
import { ml_kem768_x25519 } from '../../src/noble/hybrid.js';
import { subtle } from '../../src/webcrypto/index.js';

type Method = (this: object, ...args: unknown[]) => unknown;

test("WeakMap's and Map's methods replaced after load are never called by the library's doors", async () => {
  const calls: string[] = [];
  const originals: Array<[Record<string, Method>, string, Method]> = [];
  for (const [C, name] of [
    [WeakMap, 'WeakMap'],
    [Map, 'Map'],
  ] as const) {
    const proto = C.prototype as unknown as Record<string, Method>;
    for (const m of ['get', 'set', 'has', 'delete']) {
      const original = proto[m]!;
      originals.push([proto, m, original]);
      proto[m] = function (this: object, ...args: unknown[]) {
        // The frame that called this replacement: one of the library's files?
        const caller = new Error().stack?.split('\n')[2] ?? '';
        if (/[/\\]src[/\\]/.test(caller)) calls.push(`${name}.prototype.${m} from ${caller.trim()}`);
        return original.apply(this, args);
      };
    }
  }
  try {
    for (const kem of [ML_KEM_768, MLKEM768_X25519, MLKEM768_P256]) {
      const hpke = hpkeKem(kem)();
      const pair = await hpke.DeriveKeyPair(crypto.getRandomValues(new Uint8Array(32)), true);
      const sk = await hpke.DeserializePrivateKey(await hpke.SerializePrivateKey(pair.privateKey), false);
      const { enc } = await hpke.Encap(await hpke.DeserializePublicKey(await hpke.SerializePublicKey(pair.publicKey)));
      await hpke.Decap(enc, sk, undefined);
      const core = hpkeCoreKem(kem);
      const corePair = await core.deriveKeyPair(crypto.getRandomValues(new Uint8Array(32)).buffer);
      const encap = await core.encap({ recipientPublicKey: corePair.publicKey });
      await core.decap({ recipientKey: corePair.privateKey, enc: encap.enc });
    }
    for (const c of [new MlKem768Class(), new XWingClass()]) {
      const pair = await c.generateKeyPair();
      const { enc } = await c.encap({ recipientPublicKey: pair.publicKey });
      await c.decap({ recipientKey: pair.privateKey, enc });
    }
    for (const hybrid of [XWing, P256Hybrid]) {
      const { secretKey } = hybrid.keygen();
      const dk = hybrid.decapsulationKey(secretKey);
      dk.decapsulate(dk.encapsulationKey.encapsulate().ciphertext);
    }
    const keys = ml_kem768_x25519.keygen();
    ml_kem768_x25519.decapsulate(ml_kem768_x25519.encapsulate(keys.publicKey).cipherText, keys.secretKey);
    for (const name of ['ML-KEM-768', 'MLKEM768-X25519', 'MLKEM768-P256']) {
      const pair = (await subtle.generateKey(name, true, ['encapsulateBits', 'decapsulateBits'])) as CryptoKeyPair;
      const { ciphertext } = (await subtle.encapsulateBits(name, pair.publicKey)) as { ciphertext: ArrayBuffer };
      await subtle.decapsulateBits(name, pair.privateKey, ciphertext);
      const jwk = await subtle.exportKey('jwk', pair.privateKey);
      if (name !== 'ML-KEM-768') loadPrivateKey(jwk).decapsulate(new Uint8Array(ciphertext));
    }
  } finally {
    for (const [proto, m, original] of originals) proto[m] = original;
  }
  assert.deepEqual(calls, [], 'calls from the library to a replaced method');
});
