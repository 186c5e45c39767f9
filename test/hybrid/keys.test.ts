// Hybrid key objects (encapsulationKey / decapsulationKey) of every hybrid, on both backends and
// both curve paths: the same bytes as the one-shot functions, their errors, disposal, and that a
// key keeps working while its inputs are overwritten.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/hybrid/index.js';
import { backends } from '../support/backends.js';
import { equalBytes } from '../support/helpers.js';
import { CURVE_PATHS, hybridsOf, joinHalves, toHex, validEseed } from '../support/hybrid-reference.js';

const isError = (code: string) => (err: unknown) => err instanceof MlKemError && err.code === code;

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    describe(`hybrid key objects on ${backend.name}, ${path} curves`, () => {
      for (const c of hybridsOf(backend, path)) {
        const { kem } = c;
        it(`${kem.name}: the key objects give the one-shot functions' bytes`, () => {
          const pair = kem.keygen();
          const eseed = validEseed(c);
          const pk = pair.publicKey.slice();
          const ek = kem.encapsulationKey(pk);
          pk.fill(0); // the key object holds its own copy
          assert.equal(ek.name, kem.name);
          assert.equal(toHex(ek.bytes()), toHex(pair.publicKey));
          const one = kem.encapsulateInternal(pair.publicKey, eseed);
          const viaKey = ek.encapsulateInternal(eseed);
          assert.equal(toHex(viaKey.ciphertext), toHex(one.ciphertext));
          assert.equal(toHex(viaKey.sharedSecret), toHex(one.sharedSecret));

          const sk = pair.secretKey.slice();
          const dk = kem.decapsulationKey(sk);
          sk.fill(0);
          assert.equal(toHex(dk.seed()), toHex(pair.secretKey));
          assert.equal(toHex(dk.encapsulationKey.bytes()), toHex(pair.publicKey));
          assert.equal(toHex(dk.encapsulationKey.encapsulateInternal(eseed).ciphertext), toHex(one.ciphertext));
          for (let i = 0; i < 3; i++) {
            const e = ek.encapsulate();
            assert.ok(equalBytes(dk.decapsulate(e.ciphertext), e.sharedSecret), 'round trip through the key objects');
            assert.ok(
              equalBytes(kem.decapsulate(e.ciphertext, pair.secretKey), e.sharedSecret),
              'one-shot decapsulation of a key object ciphertext',
            );
          }
          assert.equal(toHex(dk.decapsulate(one.ciphertext)), toHex(one.sharedSecret));
          dk.dispose();
        });

        it(`${kem.name}: dispose wipes the key; every later use throws ERR_KEY_DISPOSED; its public half still works`, () => {
          const pair = kem.keygen();
          const dk = kem.decapsulationKey(pair.secretKey);
          const ek = dk.encapsulationKey;
          const e = ek.encapsulate();
          dk.dispose();
          dk.dispose(); // again: nothing
          assert.throws(() => dk.decapsulate(e.ciphertext), isError('ERR_KEY_DISPOSED'));
          assert.throws(() => dk.seed(), isError('ERR_KEY_DISPOSED'));
          const later = ek.encapsulate();
          assert.ok(
            equalBytes(kem.decapsulate(later.ciphertext, pair.secretKey), later.sharedSecret),
            'the public half after dispose',
          );
          const dk2 = kem.decapsulationKey(pair.secretKey);
          (dk2 as unknown as Record<symbol, () => void>)[Symbol.dispose]!();
          assert.throws(() => dk2.seed(), isError('ERR_KEY_DISPOSED'));
          assert.ok(Object.isFrozen(dk) && Object.isFrozen(ek));
        });

        it(`${kem.name}: bad arguments give the one-shot functions' errors`, () => {
          const pair = kem.keygen();
          const dk = kem.decapsulationKey(pair.secretKey);
          for (const bad of [undefined, 'x', new Uint16Array(8), new ArrayBuffer(kem.sizes.publicKey)]) {
            assert.throws(() => kem.encapsulationKey(bad as never), isError('ERR_INVALID_TYPE'));
            assert.throws(() => kem.decapsulationKey(bad as never), isError('ERR_INVALID_TYPE'));
            assert.throws(() => dk.decapsulate(bad as never), isError('ERR_INVALID_TYPE'));
            assert.throws(() => dk.encapsulationKey.encapsulateInternal(bad as never), isError('ERR_INVALID_TYPE'));
          }
          assert.throws(
            () => kem.encapsulationKey(new Uint8Array(kem.sizes.publicKey - 1)),
            isError('ERR_INVALID_LENGTH'),
          );
          assert.throws(
            () => kem.decapsulationKey(new Uint8Array(kem.sizes.secretKey + 1)),
            isError('ERR_INVALID_LENGTH'),
          );
          assert.throws(() => dk.decapsulate(new Uint8Array(kem.sizes.ciphertext + 1)), isError('ERR_INVALID_LENGTH'));
          assert.throws(
            () => dk.encapsulationKey.encapsulateInternal(new Uint8Array(kem.sizes.eseed - 1)),
            isError('ERR_INVALID_LENGTH'),
          );
          // An invalid curve share: refused by every hybrid but X-Wing, in both directions.
          const badShare = c.ref.badShares()[0]![1];
          const badPk = c.kemFirst
            ? joinHalves(c, pair.publicKey.subarray(0, pair.publicKey.length - c.share), badShare)
            : joinHalves(c, pair.publicKey.subarray(c.share), badShare);
          const ct = kem.encapsulate(pair.publicKey).ciphertext;
          const badCt = c.kemFirst
            ? joinHalves(c, ct.subarray(0, ct.length - c.share), badShare)
            : joinHalves(c, ct.subarray(c.share), badShare);
          if (kem.name === 'X-Wing') {
            assert.equal(kem.encapsulationKey(badPk).encapsulate().sharedSecret.length, 32);
            assert.equal(toHex(dk.decapsulate(badCt)), toHex(kem.decapsulate(badCt, pair.secretKey)));
          } else {
            assert.throws(() => kem.encapsulationKey(badPk), isError('ERR_INVALID_PUBLIC_KEY'));
            assert.throws(() => dk.decapsulate(badCt), isError('ERR_INVALID_PUBLIC_KEY'));
          }
          dk.dispose();
        });
      }
    });
  }
}
