// X25519 by @noble/curves (audited, BigInt): the fallback where the runtime has no node:crypto.
import { x25519 } from '@noble/curves/ed25519.js';

import { wipe } from '../../ct.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import { type CurveImpl, type CurveKey, nobleCall } from './curve.js';

export const nobleX25519: CurveImpl = Object.freeze({
  path: 'noble',
  load(scalar: Uint8Array): CurveKey {
    const k = scalar.slice();
    const key: CurveKey = {
      publicKey: () => nobleCall('X25519', () => x25519.getPublicKey(k)),
      sharedSecret: (u: Uint8Array) => nobleCall('X25519', () => x25519.scalarMult(k, u)),
      dispose: () => wipe(k),
    };
    recordSecrets(key, { arrays: [k], parts: [] }); // @test-hook
    return key;
  },
} as const);
