// A mistyped option key (`decapsulationKey(sk, { pairwise: false })`) is refused
// with ERR_INVALID_TYPE naming it, not silently ignored, on both backends and in mlkem-ts/keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKem768 } from '../../src/index.js';
import { decodePkcs8, encodePkcs8 } from '../../src/keys/index.js';
import { backends } from '../support/backends.js';

describe('unknown option keys are refused, not ignored', () => {
  for (const { name, kems } of backends) {
    it(`${name}: decapsulationKey(secretKey, { pairwise: false })`, () => {
      const kem = kems[1]!;
      const { secretKey, seed } = kem.keygen();
      assert.throws(
        () => kem.decapsulationKey(secretKey, { pairwise: false } as never),
        (err: Error & { code?: string }) =>
          err.code === 'ERR_INVALID_TYPE' && /"pairwise"/.test(err.message) && /pairwiseCheck/.test(err.message),
      );
      kem.decapsulationKey(secretKey, { pairwiseCheck: false }).dispose(); // the right spelling works
      kem.decapsulationKey(seed, {}).dispose();
    });
  }
  it('mlkem-ts/keys: decodePkcs8 and encodePkcs8', () => {
    const pair = MlKem768.keygen();
    const der = encodePkcs8(pair);
    assert.throws(
      () => decodePkcs8(der, { pairwisecheck: false } as never),
      (err: Error & { code?: string }) => err.code === 'ERR_INVALID_TYPE' && /"pairwisecheck"/.test(err.message),
    );
    assert.throws(
      () => encodePkcs8(pair, { fomr: 'both' } as never),
      (err: Error & { code?: string }) => err.code === 'ERR_INVALID_TYPE' && /"fomr"/.test(err.message),
    );
  });
});
