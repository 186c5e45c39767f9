// noble's QSF and KitchenSink hybrids (@noble/post-quantum's hybrid.js: QSF and createKitchenSink,
// its combineKEMS over _ecdhKem) as specs of hybrid.ts's noble objects: concrete.ts's construction
// over our ML-KEM and curve seam, which is noble's (SHAKE256 expands the 32-byte root seed into
// ML-KEM's d ‖ z and the curve's seed), with noble's curve seeds, scalars, points and combiners.
import type { ECDSA } from '@noble/curves/abstract/weierstrass.js';
import { p256, p384 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

import { concat } from '../bytes.js';
import { ctIsZero, wipe } from '../ct.js';
import { createConcrete } from '../hybrid/concrete.js';
import { nativeHmacSha256 } from '../hybrid/curves/native.js';
import { compressedPoints, type NistGroup, P256_GROUP, P384_GROUP, reduceToScalar } from '../hybrid/curves/nist.js';
import { X25519 } from '../hybrid/curves/x25519.js';
import type { HybridKem, HybridName } from '../hybrid/types.js';
import type { MlKem, MlKemBackend } from '../kem.js';
import { nobleError, type Release } from './checks.js';

/** What a noble hybrid is made of (hybrid.ts makes the object). */
export interface Spec {
  /** The ML-KEM level of its first half. */
  readonly level: keyof MlKemBackend;
  /** Its @noble/curves NIST curve, whose point decoding words noble's refusal of a share (X25519: none). */
  readonly curve?: ECDSA;
  /** Our hybrid over an ML-KEM object. */
  readonly make: (kem: MlKem) => HybridKem;
  /** noble's error for an eseed's scalar it refuses (zero data), as `release` has it, where it is not 'rejection sampling failed'. */
  readonly scalarRefusal?: (release: Release, cause: unknown) => unknown;
}

/** The ASCII bytes of a label. */
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/**
 * QSF over ML-KEM and a NIST curve: SHA3-256(ss_M ‖ ss_T ‖ ct_T ‖ pk_T ‖ label), concrete.ts's
 * combiner; compressed points; the curve's seed is 1.5 × scalarBytes bytes (noble's
 * getMinHashLength) and its scalar the seed mod n (noble's allowZeroKey: no + 1), a seed ≡ 0
 * refused. Note: that refusal is the one branch on the secret, which noble's semantics force; it
 * tells only that the seed is a multiple of n.
 */
function qsf(level: Spec['level'], group: NistGroup, label: string): Spec {
  const compressed = compressedPoints(group);
  const curve = group.name === 'P-256' ? p256 : p384;
  return {
    level,
    curve,
    make: (kem) =>
      createConcrete({
        name: label as HybridName, // not a registry hybrid: the name words errors, which hybrid.ts makes noble's
        kem,
        group: compressed,
        groupSeedBytes: curve.lengths.seed!, // 1.5 × scalarBytes
        randomScalar(seed) {
          const d = reduceToScalar(seed, group.order, 0);
          if (!ctIsZero(d)) return d;
          wipe(d);
          return undefined;
        },
        label,
        curves: 'auto',
      }),
    // 0.5 had @noble/curves 2.0, whose refusals are plain Errors with the same messages.
    scalarRefusal(release, cause) {
      try {
        curve.getPublicKey(new Uint8Array(group.scalarBytes));
      } catch (err) {
        return release === '0.5' && err instanceof Error && err.constructor !== Error
          ? new Error(err.message, { cause: err })
          : err;
      }
      return nobleError('invalid secret key', cause); // noble accepts it: refused all the same
    },
  };
}

/**
 * KitchenSink's combiner: HKDF-SHA-256 (RFC 5869, no salt, 32 bytes: one block of expand) of
 * 'hybrid_prk' ‖ ss_M ‖ ss_T ‖ ct_M ‖ pk_M ‖ ct_T ‖ pk_T ‖ label, with info len ‖ 'shared_secret'.
 * node:crypto's HMAC where it passed its test (its copies of the secrets live until collected,
 * as a KeyObject's do), else @noble/hashes'.
 */
function kitchenSinkKdf(
  label: string,
): (pk: readonly Uint8Array[], ct: readonly Uint8Array[], ss: readonly Uint8Array[]) => Uint8Array<ArrayBuffer> {
  const l = ascii(label);
  const prefix = ascii('hybrid_prk');
  const info = concat(Uint8Array.of(0, 32), ascii('shared_secret'));
  const infoBlock = concat(info, Uint8Array.of(1)); // T(1) = HMAC(PRK, info ‖ 0x01)
  return (pk, ct, ss) => {
    const parts = [prefix, ss[0]!, ss[1]!, ct[0]!, pk[0]!, ct[1]!, pk[1]!, l];
    const hmac = nativeHmacSha256();
    if (hmac !== undefined) {
      let prk: Uint8Array | undefined;
      try {
        prk = hmac(new Uint8Array(32), parts);
        return hmac(prk, [infoBlock]) as Uint8Array<ArrayBuffer>;
      } catch {
        // node:crypto failing after its test: @noble/hashes' answer is the same
      } finally {
        wipe(prk);
      }
    }
    const ikm = concat(...parts);
    const prk = extract(sha256, ikm);
    const out = expand(sha256, prk, info, 32) as Uint8Array<ArrayBuffer>;
    wipe(ikm, prk);
    return out;
  };
}

const KITCHEN_SINK_LABEL = 'KitchenSink-KEM(ML-KEM-768,X25519)-XOF(SHAKE256)-KDF(HKDF-SHA-256)';

/** QSF over ML-KEM-768 and P-256. */
export const QSF_768: Spec = /* @__PURE__ */ qsf(
  'MlKem768',
  P256_GROUP,
  'QSF-KEM(ML-KEM-768,P-256)-XOF(SHAKE256)-KDF(SHA3-256)',
);
/** QSF over ML-KEM-1024 and P-384. */
export const QSF_1024: Spec = /* @__PURE__ */ qsf(
  'MlKem1024',
  P384_GROUP,
  'QSF-KEM(ML-KEM-1024,P-384)-XOF(SHAKE256)-KDF(SHA3-256)',
);
/** KitchenSink over ML-KEM-768 and X25519: X25519's seed is its scalar; low-order shares refused, as @noble/curves refuses them. */
export const KITCHEN_SINK: Spec = {
  level: 'MlKem768',
  make: (kem) =>
    createConcrete({
      name: KITCHEN_SINK_LABEL as HybridName, // as QSF's
      kem,
      group: X25519,
      groupSeedBytes: 32,
      randomScalar: (seed) => seed.slice(),
      label: KITCHEN_SINK_LABEL,
      curves: 'auto',
      refuseLowOrder: true,
      combine: kitchenSinkKdf(KITCHEN_SINK_LABEL),
    }),
};
