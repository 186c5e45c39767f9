// noble's QSF hybrids (src/noble/combined.ts) on the asynchronous door of their construction: its
// curve half must work on the compressed points of their Group (compressedPoints), as the
// synchronous door does. No public door reaches it (the noble objects are synchronous, and Web
// Crypto and HPKE take registry hybrids only), so the test goes through asynchronousOf.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { asynchronousOf } from '../../src/hybrid/concrete-async.js';
import { MlKem1024, MlKem768 } from '../../src/index.js';
import { QSF_1024, QSF_768 } from '../../src/noble/combined.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('QSF on the asynchronous door', () => {
  for (const [spec, kem] of [
    [QSF_768, MlKem768],
    [QSF_1024, MlKem1024],
  ] as const) {
    for (const curves of ['auto', 'noble', 'native'] as const) {
      it(`${spec.curve}, curves '${curves}': compressed points, and the synchronous door's secrets`, async () => {
        const hybrid = spec.make(kem);
        const door = asynchronousOf(hybrid, curves)!;
        const { publicKey, secretKey } = hybrid.keygen();
        const sent = await door.encapsulationKey(publicKey).encapsulate();
        assert.equal(sent.ciphertext.length, hybrid.sizes.ciphertext);
        assert.equal(hex(hybrid.decapsulate(sent.ciphertext, secretKey)), hex(sent.sharedSecret));
        const back = hybrid.encapsulate(publicKey);
        const dk = door.decapsulationKey(secretKey);
        assert.equal(hex(await dk.decapsulate(back.ciphertext)), hex(back.sharedSecret));
        dk.dispose();
      });
    }
    it(`${spec.curve}: no Web Crypto implementation takes compressed points`, async () => {
      const door = asynchronousOf(spec.make(kem), 'webcrypto')!;
      await assert.rejects(door.curvePath(), /compressed points have no Web Crypto implementation/);
    });
  }
});
