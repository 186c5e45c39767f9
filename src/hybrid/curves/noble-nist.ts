// P-256 and P-384 by @noble/curves (audited, BigInt): the fallback where the runtime has no
// node:crypto. Only the multiplications: nist.ts has checked every scalar and point before.
import type { ECDSA } from '@noble/curves/abstract/weierstrass.js';
import { p256, p384 } from '@noble/curves/nist.js';

import { type CurveImpl, nobleCall, scalarCopy } from './curve.js';

function nobleNist(name: 'P-256' | 'P-384', curve: ECDSA): CurveImpl {
  const { Point } = curve;
  return scalarCopy(
    'noble',
    (d) => nobleCall(name, () => curve.getPublicKey(d, false)),
    // The x-coordinate of d·Q (SEC 1 §3.3.1). Prime order, valid Q, d ∈ [1, n - 1]: never the identity.
    (d, q) => nobleCall(name, () => Point.Fp.toBytes(Point.fromBytes(q).multiply(Point.Fn.fromBytes(d)).toAffine().x)),
  );
}

export const nobleP256: CurveImpl = /* @__PURE__ */ nobleNist('P-256', p256);
export const nobleP384: CurveImpl = /* @__PURE__ */ nobleNist('P-384', p384);

/** @noble/curves' decoding of a SEC 1 point, uncompressed; undefined where it refuses it. */
export function nobleUncompressed(name: 'P-256' | 'P-384', q: Uint8Array): Uint8Array | undefined {
  try {
    return (name === 'P-256' ? p256 : p384).Point.fromBytes(q).toBytes(false);
  } catch {
    return undefined;
  }
}
