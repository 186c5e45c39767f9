/**
 * The ML-KEM hybrid KEMs of `@noble/post-quantum/hybrid.js` as drop-in constants: 0.7's
 * `ml_kem768_x25519` (X-Wing), `ml_kem768_p256` and `ml_kem1024_p384`, and the names of 0.5 and
 * 0.6 (`XWing`, `MLKEM768X25519`, `MLKEM768P256`, `MLKEM1024P384`) with 0.5's errors.
 * Also noble's QSF and KitchenSink constants under both releases' names. Secret keys are 32-byte seeds;
 * low-order X25519 shares are refused, as noble refuses them. After `loadWasm()` from `mlkem-ts/wasm`
 * they run on the WebAssembly core. See docs/switching-from-noble.md.
 * @example
 * import { ml_kem768_x25519 } from 'mlkem-ts/noble/hybrid.js';
 * const { publicKey, secretKey } = ml_kem768_x25519.keygen();
 * const { cipherText, sharedSecret } = ml_kem768_x25519.encapsulate(publicKey);
 * ml_kem768_x25519.decapsulate(cipherText, secretKey); // equals sharedSecret
 * @module mlkem-ts/noble/hybrid.js
 */
import { p256, p384 } from '@noble/curves/nist.js';

import { copyBytes } from '../bytes.js';
import { wipe } from '../ct.js';
import { hiddenMap } from '../hidden-map.js';
// The constructions' files: mlkem-ts/hybrid's entry would bring its key files to Metro, which keeps all.
import { createMLKEM1024_P384, createMLKEM768_P256 } from '../hybrid/nist-hybrids.js';
import type { HybridKem } from '../hybrid/types.js';
import { createXWing } from '../hybrid/xwing.js';
import type { MlKem } from '../kem.js';
import { asNoble, currentKem } from './backend.js';
import { checkRootSeed, isCode, nobleBytes, nobleError, publicKeyByKeygen, type Release } from './checks.js';
import { KITCHEN_SINK, QSF_1024, QSF_768, type Spec } from './combined.js';
import type { Bytes, NobleEncapsulation, NobleKem, NobleKemLengths, NobleKeyPair } from './types.js';

export type { Bytes, NobleEncapsulation, NobleKem, NobleKemLengths, NobleKeyPair } from './types.js';

// noble's X-Wing refuses low-order shares (its X25519 throws on them): ours with refuseLowOrder.
const XWING: Spec = { level: 'MlKem768', make: (kem) => createXWing(kem, { refuseLowOrder: true }) };
const P256: Spec = { level: 'MlKem768', curve: p256, make: createMLKEM768_P256 };
const P384: Spec = { level: 'MlKem1024', curve: p384, make: createMLKEM1024_P384 };

/**
 * noble's message for a curve share it refuses. X25519 refuses low-order points only; for the
 * NIST curves the message is @noble/curves' own, from its point decoding (noble's path).
 */
function curveMessage(curve: Spec['curve'], share: Uint8Array): string {
  if (curve === undefined) return 'invalid private or public key received';
  try {
    curve.Point.fromBytes(share);
  } catch (err) {
    if (err instanceof Error) return err.message;
  }
  return 'invalid public key';
}

/** A noble hybrid over `spec`, with `release`'s argument checks and errors. */
function nobleHybrid(spec: Spec, release: Release): NobleKem {
  const built = hiddenMap<MlKem, HybridKem>(); // one hybrid per backend, made on first use
  const hybrid = (): HybridKem => {
    const kem = currentKem(spec.level);
    let h = built.get(kem);
    if (h === undefined) built.set(kem, (h = spec.make(kem)));
    return h;
  };
  const { sizes } = hybrid();
  const pqSizes = currentKem(spec.level).sizes;
  const lengths: NobleKemLengths = Object.freeze({
    seed: sizes.seed,
    publicKey: sizes.publicKey,
    secretKey: sizes.secretKey,
    msg: sizes.sharedSecret,
    msgRand: sizes.eseed,
    cipherText: sizes.ciphertext,
  });
  const bytes = (v: unknown, length: number | undefined, title: string) => nobleBytes(v, length, title, release);

  /** An error of our encapsulation in noble's terms, found in noble's order: ML-KEM's half, the scalar, the share. */
  const encapsulationError = (err: unknown, publicKey: Uint8Array): unknown => {
    if (!isCode(err, 'ERR_INVALID_PUBLIC_KEY', 'ERR_INVALID_SECRET_KEY')) return err;
    const pk = copyBytes(publicKey);
    try {
      currentKem(spec.level).checkPublicKey(pk.subarray(0, pqSizes.publicKey));
    } catch (modulus) {
      return nobleError('ML-KEM.encapsulate: wrong publicKey modulus', modulus);
    }
    if (err.code === 'ERR_INVALID_SECRET_KEY')
      return spec.scalarRefusal?.(release, err) ?? nobleError('rejection sampling failed', err);
    return nobleError(curveMessage(spec.curve, pk.subarray(pqSizes.publicKey)), err);
  };

  function keygen(seed?: Uint8Array): NobleKeyPair {
    if (seed !== undefined) checkRootSeed(seed, release);
    const pair = hybrid().keygen(seed);
    wipe(pair.seed);
    return { secretKey: pair.secretKey as Bytes, publicKey: pair.publicKey as Bytes };
  }

  return Object.freeze({
    lengths,
    keygen,
    getPublicKey: publicKeyByKeygen(keygen),
    encapsulate(publicKey: Uint8Array, msg?: Uint8Array): NobleEncapsulation {
      bytes(publicKey, sizes.publicKey, 'publicKey');
      if (msg !== undefined) bytes(msg, sizes.eseed, 'msg');
      try {
        const kem = hybrid();
        return asNoble(msg === undefined ? kem.encapsulate(publicKey) : kem.encapsulateInternal(publicKey, msg));
      } catch (err) {
        throw encapsulationError(err, publicKey);
      }
    },
    decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes {
      bytes(cipherText, sizes.ciphertext, 'cipherText');
      bytes(secretKey, sizes.seed, '');
      try {
        return hybrid().decapsulate(cipherText, secretKey) as Bytes;
      } catch (err) {
        if (!isCode(err, 'ERR_INVALID_PUBLIC_KEY')) throw err;
        const ct = copyBytes(cipherText);
        throw nobleError(curveMessage(spec.curve, ct.subarray(pqSizes.ciphertext)), err);
      }
    },
  });
}

/**
 * X-Wing (ML-KEM-768 + X25519, draft-connolly-cfrg-xwing-kem) as noble 0.7's `ml_kem768_x25519`:
 * secretKey a 32-byte seed, publicKey 1216 bytes, cipherText 1120, msgRand 64. Refuses low-order
 * X25519 shares, in encapsulation and decapsulation, as noble does.
 */
export const ml_kem768_x25519: NobleKem = /* @__PURE__ */ nobleHybrid(XWING, '0.7');
/**
 * MLKEM768-P256 (draft-irtf-cfrg-concrete-hybrid-kems) as noble 0.7's `ml_kem768_p256`:
 * secretKey a 32-byte seed, publicKey 1249 bytes, cipherText 1153, msgRand 160.
 */
export const ml_kem768_p256: NobleKem = /* @__PURE__ */ nobleHybrid(P256, '0.7');
/**
 * MLKEM1024-P384 (draft-irtf-cfrg-concrete-hybrid-kems) as noble 0.7's `ml_kem1024_p384`:
 * secretKey a 32-byte seed, publicKey 1665 bytes, cipherText 1665, msgRand 80.
 */
export const ml_kem1024_p384: NobleKem = /* @__PURE__ */ nobleHybrid(P384, '0.7');

/**
 * noble 0.5's and 0.6's `XWing`: {@link ml_kem768_x25519}'s bytes, with 0.5's errors (plain
 * Errors). The same object as {@link MLKEM768X25519}.
 */
export const XWing: NobleKem = /* @__PURE__ */ nobleHybrid(XWING, '0.5');
/** noble 0.5's and 0.6's `MLKEM768X25519`: the same object as {@link XWing}. */
export const MLKEM768X25519: NobleKem = XWing;
/** noble 0.5's and 0.6's `MLKEM768P256`: {@link ml_kem768_p256}'s bytes, with 0.5's errors. */
export const MLKEM768P256: NobleKem = /* @__PURE__ */ nobleHybrid(P256, '0.5');
/** noble 0.5's and 0.6's `MLKEM1024P384`: {@link ml_kem1024_p384}'s bytes, with 0.5's errors. */
export const MLKEM1024P384: NobleKem = /* @__PURE__ */ nobleHybrid(P384, '0.5');

/**
 * noble's `QSF_ml_kem768_p256`: ML-KEM-768 and P-256 (compressed points) under QSF's SHA3-256
 * combiner, label `QSF-KEM(ML-KEM-768,P-256)-XOF(SHAKE256)-KDF(SHA3-256)`.
 */
export const QSF_ml_kem768_p256: NobleKem = /* @__PURE__ */ nobleHybrid(QSF_768, '0.7');
/**
 * noble's `QSF_ml_kem1024_p384`: ML-KEM-1024 and P-384 (compressed points) under QSF's SHA3-256
 * combiner, label `QSF-KEM(ML-KEM-1024,P-384)-XOF(SHAKE256)-KDF(SHA3-256)`.
 */
export const QSF_ml_kem1024_p384: NobleKem = /* @__PURE__ */ nobleHybrid(QSF_1024, '0.7');
/**
 * noble's `KitchenSink_ml_kem768_x25519`: ML-KEM-768 and X25519 under the KitchenSink combiner
 * (HKDF-SHA-256), label `KitchenSink-KEM(ML-KEM-768,X25519)-XOF(SHAKE256)-KDF(HKDF-SHA-256)`.
 */
export const KitchenSink_ml_kem768_x25519: NobleKem = /* @__PURE__ */ nobleHybrid(KITCHEN_SINK, '0.7');
/** noble 0.5's and 0.6's `QSFMLKEM768P256`: {@link QSF_ml_kem768_p256}'s bytes, with 0.5's errors. */
export const QSFMLKEM768P256: NobleKem = /* @__PURE__ */ nobleHybrid(QSF_768, '0.5');
/** noble 0.5's and 0.6's `QSFMLKEM1024P384`: {@link QSF_ml_kem1024_p384}'s bytes, with 0.5's errors. */
export const QSFMLKEM1024P384: NobleKem = /* @__PURE__ */ nobleHybrid(QSF_1024, '0.5');
/** noble 0.5's and 0.6's `KitchenSinkMLKEM768X25519`: {@link KitchenSink_ml_kem768_x25519}'s bytes, with 0.5's errors. */
export const KitchenSinkMLKEM768X25519: NobleKem = /* @__PURE__ */ nobleHybrid(KITCHEN_SINK, '0.5');
