// X-Wing known-answer tests: the official vectors of draft-connolly-cfrg-xwing-kem-10
// (../shared/vectors/xwing, see its README.md), on every backend: key generation from the seed,
// derandomized encapsulation from eseed, and decapsulation; with both curve implementations.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { xwingOver } from '../../src/hybrid/xwing.js';
import { backends, kemByName } from '../support/backends.js';
import { CURVE_PATHS, toHex } from '../support/hybrid-reference.js';
import { hex, readJson, vectorFolder } from '../support/vectors.js';

interface XWingVector {
  seed: string;
  sk: string;
  pk: string;
  eseed: string;
  ct: string;
  ss: string;
}

const dir = vectorFolder('xwing');
const vectors = dir === undefined ? [] : readJson<XWingVector[]>(join(dir, 'test-vectors.json'));

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    describe(
      `X-Wing official vectors on ${backend.name}, ${path} curves`,
      { skip: dir === undefined ? 'vectors not found' : false },
      () => {
        const xwing = xwingOver(kemByName(backend, 'ML-KEM-768'), path);

        it('has the 3 vectors of the README, with the sizes of §5.1', () => {
          assert.equal(vectors.length, 3);
          for (const v of vectors) {
            assert.deepEqual(
              [v.seed, v.sk, v.pk, v.eseed, v.ct, v.ss].map((s) => s.length / 2),
              [32, 32, 1216, 64, 1120, 32],
            );
          }
        });

        vectors.forEach((v, i) => {
          it(`vector ${i}: keygen(seed)`, () => {
            const pair = xwing.keygen(hex(v.seed));
            assert.equal(toHex(pair.publicKey), v.pk);
            assert.equal(toHex(pair.secretKey), v.sk);
            assert.equal(toHex(pair.seed), v.seed);
          });

          it(`vector ${i}: encapsulateInternal(pk, eseed)`, () => {
            const enc = xwing.encapsulateInternal(hex(v.pk), hex(v.eseed));
            assert.equal(toHex(enc.ciphertext), v.ct);
            assert.equal(toHex(enc.sharedSecret), v.ss);
          });

          it(`vector ${i}: decapsulate(ct, sk)`, () => {
            assert.equal(toHex(xwing.decapsulate(hex(v.ct), hex(v.sk))), v.ss);
          });
        });
      },
    );
  }
}
