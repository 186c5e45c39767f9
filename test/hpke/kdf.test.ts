// The one-stage KDFs of mlkem-ts/hpke (draft-ietf-hpke-pq §5) against independent XOFs: SHAKE
// against OpenSSL (node:crypto), TurboSHAKE (Keccak-p[1600, 12], RFC 9861) against @noble/hashes,
// for inputs and outputs around the sponge's block sizes; and through `hpke`'s KDF interface.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';

import { turboshake128, turboshake256 } from '@noble/hashes/sha3-addons.js';

import { SHAKE128, SHAKE256, TURBOSHAKE128, TURBOSHAKE256, xofDerive, type Xof } from '../../src/hpke/derive.js';
import { KDF_SHAKE128, KDF_SHAKE256, KDF_TurboSHAKE128, KDF_TurboSHAKE256 } from '../../src/hpke/index.js';
import { randomBytes } from '../support/helpers.js';

const reference: [Xof, (m: Uint8Array, L: number) => Uint8Array][] = [
  [SHAKE128, (m, L) => crypto.createHash('shake128', { outputLength: L }).update(m).digest()],
  [SHAKE256, (m, L) => crypto.createHash('shake256', { outputLength: L }).update(m).digest()],
  [TURBOSHAKE128, (m, L) => turboshake128(m, { dkLen: L, D: 0x1f })],
  [TURBOSHAKE256, (m, L) => turboshake256(m, { dkLen: L, D: 0x1f })],
];

describe('one-stage KDFs', () => {
  for (const [xof, ref] of reference) {
    it(`${xof.name} = the reference, inputs and outputs across block boundaries, ikm in parts`, () => {
      for (const n of [0, 1, xof.rate - 1, xof.rate, xof.rate + 1, 3 * xof.rate + 7]) {
        const m = randomBytes(n);
        for (const L of [1, 32, xof.rate, 2 * xof.rate + 5]) {
          const want = new Uint8Array(ref(m, L));
          assert.deepEqual(xofDerive(xof, L, m), want, `${n} bytes in, ${L} out`);
          assert.deepEqual(xofDerive(xof, L, m.subarray(0, n >> 1), new Uint8Array(0), m.subarray(n >> 1)), want);
        }
      }
    });
  }

  it('the hpke KDF objects: ids, Nh, one stage, Derive = the XOF', async () => {
    const kdfs = [KDF_SHAKE128(), KDF_SHAKE256(), KDF_TurboSHAKE128(), KDF_TurboSHAKE256()];
    assert.deepEqual(
      kdfs.map((k) => [k.id, k.name, k.Nh, k.stages]),
      [
        [0x10, 'SHAKE128', 32, 1],
        [0x11, 'SHAKE256', 64, 1],
        [0x12, 'TurboSHAKE128', 32, 1],
        [0x13, 'TurboSHAKE256', 64, 1],
      ],
    );
    const m = randomBytes(100);
    for (const [i, kdf] of kdfs.entries())
      assert.deepEqual(await kdf.Derive(m, 77), new Uint8Array(reference[i]![1](m, 77)));
    await assert.rejects(kdfs[0]!.Extract(m, m), TypeError);
  });
});
