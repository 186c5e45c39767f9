// X25519 by @noble/curves (audited, BigInt): the fallback where the runtime has no node:crypto.
import { x25519 } from '@noble/curves/ed25519.js';

import { type CurveImpl, nobleCall, scalarCopy } from './curve.js';

export const nobleX25519: CurveImpl = /* @__PURE__ */ scalarCopy(
  'noble',
  (k) => nobleCall('X25519', () => x25519.getPublicKey(k)),
  (k, u) => nobleCall('X25519', () => x25519.scalarMult(k, u)),
);
