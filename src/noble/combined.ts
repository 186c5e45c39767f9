// noble's QSF and KitchenSink hybrids (@noble/post-quantum's hybrid.js): its combineKEMS over our
// noble-shaped ML-KEM. @noble/curves does the curve half as noble has it (compressed P-256/P-384
// points, X25519) and @noble/hashes KitchenSink's HKDF-SHA-256: mlkem-ts/hybrid has neither. The curve half's checks and errors are @noble/curves' own.
import { x25519 } from '@noble/curves/ed25519.js';
import { p256, p384 } from '@noble/curves/nist.js';
import { bytesToNumberBE, bytesToNumberLE } from '@noble/curves/utils.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

import { copyBytes, concat } from '../bytes.js';
import { wipe } from '../ct.js';
import { randomBytes } from '../random.js';
import { sha3_256, shake256 } from '../sha3.js';
import { checkRootSeed, nobleBytes, publicKeyByKeygen, type Release } from './checks.js';
import { ml_kem1024, ml_kem768 } from './ml-kem.js';
import type { Bytes, NobleEncapsulation, NobleKem, NobleKemLengths, NobleKeyPair, NobleMlKem } from './types.js';

/** A curve as noble's _ecdhKem wraps it: keys from a seed, the shared secret without a point's prefix. */
interface CurveKem {
  readonly seed: number;
  readonly publicKey: number;
  keygen(seed: Uint8Array): { secretKey: Uint8Array; publicKey: Uint8Array };
  /** The shared secret of a secret key and a peer's public key (noble's decapsulate). */
  shared(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array;
}

/** X25519: the seed is the secret key; low-order points refused by @noble/curves. */
const X25519: CurveKem = {
  seed: 32,
  publicKey: 32,
  keygen: (seed) => x25519.keygen(seed),
  shared: (sk, pk) => x25519.getSharedSecret(sk, pk),
};

/**
 * A NIST curve as noble's QSF has it: the secret scalar is the seed mod n (noble's allowZeroKey:
 * no +1, so a seed ≡ 0 is refused by getPublicKey), compressed points, the x-coordinate as secret.
 * (noble gives p256 and p384 one type, which the parameter names once.)
 */
function nist(curve: typeof p256, release: Release): CurveKem {
  const { Fn } = curve.Point;
  const { seed, publicKey } = curve.lengths as { seed: number; publicKey: number };
  return {
    seed,
    publicKey,
    keygen(s) {
      nobleBytes(s, seed, 'seed', release);
      const secretKey = Fn.toBytes(Fn.create(Fn.isLE ? bytesToNumberLE(s) : bytesToNumberBE(s)));
      return { secretKey, publicKey: curve.getPublicKey(secretKey) };
    },
    shared: (sk, pk) => curve.getSharedSecret(sk, pk).subarray(1),
  };
}

/** The ASCII bytes of a label. */
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

type Combiner = (pk: readonly Uint8Array[], ct: readonly Uint8Array[], ss: readonly Uint8Array[]) => Uint8Array;

/** QSF's combiner: SHA3-256(ss_M ‖ ss_T ‖ ct_T ‖ pk_T ‖ label). */
function qsf(label: string): Combiner {
  const l = ascii(label);
  return (pk, ct, ss) => {
    const out = new Uint8Array(32);
    const input = concat(ss[0]!, ss[1]!, ct[1]!, pk[1]!, l);
    sha3_256(out, input);
    wipe(input);
    return out;
  };
}

/** KitchenSink's combiner: HKDF-SHA-256 of 'hybrid_prk' ‖ ss_M ‖ ss_T ‖ ct_M ‖ pk_M ‖ ct_T ‖ pk_T ‖ label. */
function kitchenSink(label: string): Combiner {
  const l = ascii(label);
  const info = concat(Uint8Array.of(0, 32), ascii('shared_secret'));
  return (pk, ct, ss) => {
    const ikm = concat(ascii('hybrid_prk'), ss[0]!, ss[1]!, ct[0]!, pk[0]!, ct[1]!, pk[1]!, l);
    const prk = extract(sha256, ikm);
    const out = expand(sha256, prk, info, 32);
    wipe(ikm, prk);
    return out;
  };
}

/**
 * The curve as noble 0.5 has it: @noble/curves 2.0, whose refusals are all plain Errors (2.4 throws
 * RangeError for a scalar out of range), with the same messages.
 */
function plainErrors(curve: CurveKem): CurveKem {
  const plain = <T>(f: () => T): T => {
    try {
      return f();
    } catch (err) {
      throw err instanceof Error && err.constructor !== Error ? new Error(err.message, { cause: err }) : err;
    }
  };
  return {
    ...curve,
    keygen: (seed) => plain(() => curve.keygen(seed)),
    shared: (sk, pk) => plain(() => curve.shared(sk, pk)),
  };
}

/** noble's combineKEMS of an ML-KEM and a curve, with a 32-byte root seed expanded by SHAKE256. */
function combined(pq: NobleMlKem, curveOf07: CurveKem, combine: Combiner, release: Release): NobleKem {
  const curve = release === '0.5' ? plainErrors(curveOf07) : curveOf07;
  const pqL = pq.lengths;
  const lengths: NobleKemLengths = Object.freeze({
    seed: 32,
    publicKey: pqL.publicKey + curve.publicKey,
    secretKey: 32,
    msg: 32,
    msgRand: 32 + curve.seed,
    cipherText: pqL.cipherText + curve.publicKey,
  });
  const bytes = (v: unknown, length: number | undefined, title: string) => nobleBytes(v, length, title, release);

  /** The halves' keys of a root seed (the caller wipes the secret ones). */
  const expandSeed = (seed: Uint8Array) => {
    bytes(seed, 32, '');
    const x = new Uint8Array(64 + curve.seed);
    shake256(x, copyBytes(seed));
    try {
      const m = pq.keygen(x.subarray(0, 64));
      const t = curve.keygen(x.slice(64));
      return { sk: [m.secretKey, t.secretKey], pk: [m.publicKey, t.publicKey] };
    } finally {
      wipe(x);
    }
  };

  function keygen(seed?: Uint8Array): NobleKeyPair {
    if (seed !== undefined) checkRootSeed(seed, release);
    const root = seed === undefined ? randomBytes(32) : copyBytes(seed);
    let keys;
    try {
      keys = expandSeed(root);
    } catch (err) {
      wipe(root);
      throw err;
    }
    wipe(...keys.sk);
    return { secretKey: root as Bytes, publicKey: concat(...keys.pk) as Bytes };
  }

  return Object.freeze({
    lengths,
    keygen,
    getPublicKey: publicKeyByKeygen(keygen),
    encapsulate(publicKey: Uint8Array, msg?: Uint8Array): NobleEncapsulation {
      bytes(publicKey, lengths.publicKey, 'publicKey');
      if (msg !== undefined) bytes(msg, lengths.msgRand, 'msg');
      const pk = copyBytes(publicKey);
      const rand = msg === undefined ? randomBytes(lengths.msgRand) : copyBytes(msg);
      const pks = [pk.subarray(0, pqL.publicKey), pk.subarray(pqL.publicKey)];
      const ss: Uint8Array[] = [];
      let ek: Uint8Array | undefined;
      try {
        const m = pq.encapsulate(pks[0]!, rand.subarray(0, 32));
        ss.push(m.sharedSecret);
        const t = curve.keygen(rand.slice(32)); // the ephemeral key pair, from the curve's part of msg
        ek = t.secretKey;
        ss.push(curve.shared(ek, pks[1]!));
        const ct = [m.cipherText, t.publicKey];
        return { cipherText: concat(...ct) as Bytes, sharedSecret: combine(pks, ct, ss) as Bytes };
      } finally {
        wipe(rand, ek, ...ss);
      }
    },
    decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes {
      bytes(cipherText, lengths.cipherText, 'cipherText');
      const c = copyBytes(cipherText);
      const cts = [c.subarray(0, pqL.cipherText), c.subarray(pqL.cipherText)];
      const keys = expandSeed(secretKey);
      const ss: Uint8Array[] = [];
      try {
        ss.push(pq.decapsulate(cts[0]!, keys.sk[0]!));
        ss.push(curve.shared(keys.sk[1]!, cts[1]!));
        return combine(keys.pk, cts, ss) as Bytes;
      } finally {
        wipe(...keys.sk, ...ss);
      }
    },
  });
}

const QSF_768 = 'QSF-KEM(ML-KEM-768,P-256)-XOF(SHAKE256)-KDF(SHA3-256)';
const QSF_1024 = 'QSF-KEM(ML-KEM-1024,P-384)-XOF(SHAKE256)-KDF(SHA3-256)';
const KITCHEN_SINK = 'KitchenSink-KEM(ML-KEM-768,X25519)-XOF(SHAKE256)-KDF(HKDF-SHA-256)';

/**
 * noble's `QSF_ml_kem768_p256`: ML-KEM-768 and P-256 (compressed points) under QSF's SHA3-256
 * combiner, label `QSF-KEM(ML-KEM-768,P-256)-XOF(SHAKE256)-KDF(SHA3-256)`.
 */
export const QSF_ml_kem768_p256: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  /* @__PURE__ */ nist(p256, '0.7'),
  /* @__PURE__ */ qsf(QSF_768),
  '0.7',
);
/**
 * noble's `QSF_ml_kem1024_p384`: ML-KEM-1024 and P-384 (compressed points) under QSF's SHA3-256
 * combiner, label `QSF-KEM(ML-KEM-1024,P-384)-XOF(SHAKE256)-KDF(SHA3-256)`.
 */
export const QSF_ml_kem1024_p384: NobleKem = /* @__PURE__ */ combined(
  ml_kem1024,
  /* @__PURE__ */ nist(p384, '0.7'),
  /* @__PURE__ */ qsf(QSF_1024),
  '0.7',
);
/**
 * noble's `KitchenSink_ml_kem768_x25519`: ML-KEM-768 and X25519 under the KitchenSink combiner
 * (HKDF-SHA-256), label `KitchenSink-KEM(ML-KEM-768,X25519)-XOF(SHAKE256)-KDF(HKDF-SHA-256)`.
 */
export const KitchenSink_ml_kem768_x25519: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  X25519,
  /* @__PURE__ */ kitchenSink(KITCHEN_SINK),
  '0.7',
);
/** noble 0.5's and 0.6's `QSFMLKEM768P256`: {@link QSF_ml_kem768_p256}'s bytes, with 0.5's errors. */
export const QSFMLKEM768P256: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  /* @__PURE__ */ nist(p256, '0.5'),
  /* @__PURE__ */ qsf(QSF_768),
  '0.5',
);
/** noble 0.5's and 0.6's `QSFMLKEM1024P384`: {@link QSF_ml_kem1024_p384}'s bytes, with 0.5's errors. */
export const QSFMLKEM1024P384: NobleKem = /* @__PURE__ */ combined(
  ml_kem1024,
  /* @__PURE__ */ nist(p384, '0.5'),
  /* @__PURE__ */ qsf(QSF_1024),
  '0.5',
);
/** noble 0.5's and 0.6's `KitchenSinkMLKEM768X25519`: {@link KitchenSink_ml_kem768_x25519}'s bytes, with 0.5's errors. */
export const KitchenSinkMLKEM768X25519: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  X25519,
  /* @__PURE__ */ kitchenSink(KITCHEN_SINK),
  '0.5',
);
