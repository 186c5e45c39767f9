// The one-stage KDFs of draft-ietf-hpke-pq, §5 for the `hpke` library, on our SHA-3 module. `hpke`
// has its own, but through Web Crypto digests (cSHAKE128/256, TurboSHAKE128/256) that only some
// runtimes have (Node.js 24.7+; not Node 20, not browsers today). `@hpke/core` has no one-stage
// key schedule, so these cannot serve it.
import type { KDF, KDFFactory } from 'hpke';

import { takeUint8Array } from '../args.js';
import { wipedAfter } from '../ct.js';
import { SHAKE128, SHAKE256, TURBOSHAKE128, TURBOSHAKE256, xofDerive, type Xof } from './derive.js';

function notApplicable(): never {
  throw new TypeError('Extract and Expand are not part of a one-stage KDF (draft-ietf-hpke-pq §5)');
}

/**
 * The factory of a one-stage KDF, with the `hpke` library's contract for its own: named as the
 * library names its factories (KDF_SHAKE128, ...: its test harness finds them by name), and a
 * fresh, writable KDF object on every call.
 */
function oneStage(xof: Xof): KDFFactory {
  const factory = (): KDF => ({
    id: xof.id,
    type: 'KDF',
    name: xof.name,
    Nh: xof.Nh,
    stages: 1,
    async Derive(labeledIkm: Uint8Array, L: number) {
      // L is I2OSP(L, 2) in LabeledDerive; the ikm a private copy, refused when detached (never read as empty).
      if (!Number.isInteger(L) || L < 0 || L > 0xffff)
        throw new RangeError(`L must be an integer in [0, 65535], got ${L}`);
      return wipedAfter(takeUint8Array(labeledIkm, `${xof.name} Derive ikm`), (ikm) => xofDerive(xof, L, ikm));
    },
    Extract: async () => notApplicable(),
    Expand: async () => notApplicable(),
  });
  Object.defineProperty(factory, 'name', { value: `KDF_${xof.name}` });
  return factory;
}

/**
 * SHAKE128 as an HPKE KDF (id 0x0010, Nh 32; draft-ietf-hpke-pq, §5), for the `hpke` library, in
 * plain JavaScript on mlkem-ts's SHA-3: use it where `hpke`'s own `KDF_SHAKE128` lacks Web Crypto support.
 * @example
 * ```ts
 * import { CipherSuite, AEAD_AES_256_GCM } from 'hpke';
 * import { KEM_ML_KEM_768, KDF_SHAKE128 } from 'mlkem-ts/hpke';
 * const suite = new CipherSuite(KEM_ML_KEM_768, KDF_SHAKE128, AEAD_AES_256_GCM);
 * ```
 */
export const KDF_SHAKE128: KDFFactory = /* @__PURE__ */ oneStage(SHAKE128);
/** SHAKE256 as an HPKE KDF (id 0x0011, Nh 64; draft-ietf-hpke-pq, §5), for the `hpke` library. */
export const KDF_SHAKE256: KDFFactory = /* @__PURE__ */ oneStage(SHAKE256);
/** TurboSHAKE128 as an HPKE KDF (id 0x0012, Nh 32; draft-ietf-hpke-pq, §5, RFC 9861), for the `hpke` library. */
export const KDF_TurboSHAKE128: KDFFactory = /* @__PURE__ */ oneStage(TURBOSHAKE128);
/** TurboSHAKE256 as an HPKE KDF (id 0x0013, Nh 64; draft-ietf-hpke-pq, §5, RFC 9861), for the `hpke` library. */
export const KDF_TurboSHAKE256: KDFFactory = /* @__PURE__ */ oneStage(TURBOSHAKE256);
