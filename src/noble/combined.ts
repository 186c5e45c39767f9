// noble's QSF and KitchenSink hybrids (@noble/post-quantum's hybrid.js): its combineKEMS over our
// noble-shaped ML-KEM and our curve seam (src/hybrid/curves: node:crypto where it works, the
// WebAssembly X25519 once loaded, else @noble/curves), with noble's bytes, checks and errors. QSF
// carries compressed P-256/P-384 points; KitchenSink's HKDF-SHA-256 is node:crypto's HMAC where it
// passes a known answer, else @noble/hashes'.
import { x25519 } from '@noble/curves/ed25519.js';
import { p256, p384 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

import { copyBytes, concat } from '../bytes.js';
import { ctIsZero, wipe } from '../ct.js';
import { type Group, withCurveKey } from '../hybrid/curves/curve.js';
import { toHex } from '../hybrid/curves/encoding.js';
import { type NistGroup, P256_GROUP, P384_GROUP } from '../hybrid/curves/nist.js';
import { X25519 as X25519_GROUP } from '../hybrid/curves/x25519.js';
import { builtinNodeCrypto } from '../node-builtin.js';
import { randomBytes } from '../random.js';
import { sha3_256, shake256 } from '../sha3.js';
import { checkRootSeed, nobleBytes, publicKeyByKeygen, type Release } from './checks.js';
import { ml_kem1024, ml_kem768 } from './ml-kem.js';
import type { Bytes, NobleEncapsulation, NobleKem, NobleKemLengths, NobleKeyPair, NobleMlKem } from './types.js';

/** What one use of a curve key gives: its public key (noble's share), and the shared secret with a peer's. */
interface CurveUse {
  readonly publicKey: Uint8Array;
  readonly shared: Uint8Array | undefined;
}

/** A curve as noble's _ecdhKem wraps it, over our seam. */
interface CurveKem {
  readonly seed: number;
  readonly publicKey: number;
  /**
   * noble's keygen(seed) and, given a peer's share, its getSharedSecret (the secret without a
   * point's prefix): refused where noble refuses, in its order (the scalar, then the share).
   */
  use(seed: Uint8Array, peer: Uint8Array | undefined): CurveUse;
}

/** A refusal of @noble/curves 2.4 as the release has it: 0.5 had 2.0, whose are plain Errors with the same messages. */
function asRelease(release: Release, err: unknown): unknown {
  return release === '0.5' && err instanceof Error && err.constructor !== Error
    ? new Error(err.message, { cause: err })
    : err;
}

/**
 * Throws what @noble/curves throws for an input our checks refused (`nobleRefuses` repeats
 * noble's call, on public or zero data only). Should noble accept it, it is refused all the same.
 */
function refuse(release: Release, nobleRefuses: () => unknown, fallback: string): never {
  try {
    nobleRefuses();
  } catch (err) {
    throw asRelease(release, err);
  }
  throw new Error(fallback);
}

/** One use of a scalar the Group accepts, on the implementation the runtime offers now. */
function useScalar(group: Group, scalar: Uint8Array, peer: Uint8Array | undefined): CurveUse {
  return withCurveKey(group.impl('auto'), scalar, (key) => ({
    publicKey: key.publicKey(),
    shared: peer === undefined ? undefined : key.sharedSecret(peer),
  }));
}

/** X25519: the seed is the secret key; a low-order share is refused, as @noble/curves refuses it. */
function x25519Kem(release: Release): CurveKem {
  return {
    seed: 32,
    publicKey: 32,
    use(seed, peer) {
      // noble's keygen cannot fail: only the share can be refused (before the ladder, as noble)
      if (peer !== undefined && X25519_GROUP.elementProblem(peer) !== undefined) {
        // noble checks the share before it reads the scalar: a zero one gives its error
        refuse(
          release,
          () => x25519.getSharedSecret(new Uint8Array(32), peer),
          'invalid private or public key received',
        );
      }
      return useScalar(X25519_GROUP, seed, peer);
    },
  };
}

/** What this file uses of node:crypto, captured on first use. */
interface NodeParts {
  convertKey?: (key: Uint8Array, curve: string, inEnc: undefined, outEnc: undefined, format: 'uncompressed') => unknown;
  /** HMAC-SHA-256 of the concatenated data; passed its known answer. */
  hmacSha256?: (key: Uint8Array, data: readonly Uint8Array[]) => Uint8Array;
}
interface NodeHmac {
  update(data: Uint8Array): NodeHmac;
  digest(): Uint8Array;
}
let nodeParts: NodeParts | undefined;

/**
 * node:crypto's ECDH.convertKey and createHmac, where the runtime has them (node-builtin.ts).
 * The HMAC is used only after RFC 5869's test case 3 (SHA-256, no salt) gives its PRK and OKM.
 */
function getNodeParts(): NodeParts {
  if (nodeParts !== undefined) return nodeParts;
  nodeParts = {};
  try {
    const c = builtinNodeCrypto() as { ECDH?: { convertKey?: unknown }; createHmac?: unknown } | undefined;
    const ecdh = c?.ECDH;
    const convertKey = ecdh?.convertKey;
    if (typeof convertKey === 'function') {
      nodeParts.convertKey = (...args) => Reflect.apply(convertKey, ecdh, args) as unknown;
    }
    const createHmac = c?.createHmac;
    if (typeof createHmac === 'function') {
      const hmac = (key: Uint8Array, data: readonly Uint8Array[]): Uint8Array => {
        let h = Reflect.apply(createHmac, c, ['sha256', key]) as NodeHmac;
        for (const d of data) h = h.update(d);
        const digest = h.digest();
        const out = new Uint8Array(digest);
        digest.fill(0);
        return out;
      };
      const prk = hmac(new Uint8Array(32), [new Uint8Array(22).fill(0x0b)]);
      const okm = hmac(prk, [Uint8Array.of(1)]);
      if (
        toHex(prk) === '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04' &&
        toHex(okm) === '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d'
      ) {
        nodeParts.hmacSha256 = hmac;
      }
    }
  } catch {
    // a getter that throws, or an HMAC that fails: @noble/curves and @noble/hashes
  }
  return nodeParts;
}

/**
 * The uncompressed form of a compressed point (SEC 1, §2.3.4), undefined where node:crypto has
 * none. Its answer is checked, so a platform's fault costs speed, never a wrong point: the same
 * x, the prefix's parity of y, and on the curve (the Group's validation) leave only one point.
 */
function nativeDecompress(group: NistGroup, opensslName: string, q: Uint8Array): Uint8Array | undefined {
  const { convertKey } = getNodeParts();
  if (convertKey === undefined || (q[0] !== 0x02 && q[0] !== 0x03)) return undefined;
  const L = group.scalarBytes;
  let u: Uint8Array;
  try {
    const out = convertKey(q.slice(), opensslName, undefined, undefined, 'uncompressed');
    if (!(out instanceof Uint8Array) || out.length !== 1 + 2 * L) return undefined;
    u = new Uint8Array(out);
  } catch {
    return undefined; // not a point, or no such curve: noble decides and words the refusal
  }
  for (let i = 1; i <= L; i++) if (u[i] !== q[i]) return undefined;
  if ((u[2 * L]! & 1) !== (q[0] & 1) || group.elementProblem(u) !== undefined) return undefined;
  return u;
}

/**
 * c ↦ c mod n for a big-endian c of at least L - 1 bytes (noble's Fn.create of a seed), for the
 * public order n of L bytes with 2^(8L) - n < 2^(8L - 9) (P-256, P-384). Note: c is secret, so
 * this is Horner's rule a byte at a time with no branch, index or division on it: r ← 256r + byte,
 * its top byte q folded back in as q · (2^(8L) - n), then one masked subtraction of n (r < 2n).
 */
function modOrder(order: Uint8Array): (c: Uint8Array) => Uint8Array {
  const L = order.length;
  const H = L >> 1; // 16-bit limbs of n, little-endian, and one spare: r < 2^(8L + 1) before the subtraction
  const n = new Int32Array(H + 1);
  const fold = new Int32Array(H + 1); // 2^(8L) - n
  for (let i = 0, borrow = 0; i < H; i++) {
    n[i] = (order[L - 2 - 2 * i]! << 8) | order[L - 1 - 2 * i]!;
    const v = -n[i]! - borrow;
    fold[i] = v & 0xffff;
    borrow = (v >> 16) & 1;
  }
  return (c) => {
    const r = new Int32Array(H + 1);
    const x = new Int32Array(H + 1);
    const t = new Int32Array(H + 1);
    // The first L - 1 bytes are below 2^(8L - 8) < n: the remainder as they stand.
    const head = L - 1;
    for (let j = 0; j < head; j++) r[j >> 1] = r[j >> 1]! | (c[head - 1 - j]! << (8 * (j & 1)));
    try {
      for (let k = head; k < c.length; k++) {
        const q = r[H - 1]! >>> 8; // the top byte of r < 2^(8L)
        // x = (r mod 2^(8L - 8)) · 256 + c[k] + q · (2^(8L) - n) ≡ 256r + c[k] (mod n), and t = x - n
        let carry = 0;
        let borrow = 0;
        for (let i = 0; i <= H; i++) {
          const low = i === 0 ? c[k]! : r[i - 1]! >>> 8;
          const shifted = i === H ? 0 : ((r[i]! << 8) | low) & 0xffff;
          const v = shifted + q * fold[i]! + carry;
          x[i] = v & 0xffff;
          carry = v >>> 16;
          const d = x[i]! - n[i]! - borrow;
          t[i] = d & 0xffff;
          borrow = (d >> 16) & 1;
        }
        const keep = borrow - 1; // -1 (take t) when x ≥ n
        for (let i = 0; i <= H; i++) r[i] = x[i]! ^ ((x[i]! ^ t[i]!) & keep);
      }
      const out = new Uint8Array(L);
      for (let i = 0; i < H; i++) {
        out[L - 1 - 2 * i] = r[i]! & 0xff;
        out[L - 2 - 2 * i] = r[i]! >>> 8;
      }
      return out;
    } finally {
      r.fill(0);
      x.fill(0);
      t.fill(0);
    }
  };
}

/**
 * A NIST curve as noble's QSF has it: the secret scalar is the seed mod n (noble's allowZeroKey:
 * no +1, so a seed ≡ 0 is refused by getPublicKey), compressed points, the x-coordinate as secret.
 */
function nistKem(group: NistGroup, curve: typeof p256, release: Release): CurveKem {
  const L = group.scalarBytes;
  const keys = group.native.keys;
  const opensslName = 'opensslName' in keys ? keys.opensslName : group.name;
  const scalarOf = modOrder(group.order);
  const compress = (u: Uint8Array): Uint8Array => {
    const out = u.slice(0, 1 + L);
    out[0] = 0x02 | (u[2 * L]! & 1); // public: the parity of y
    return out;
  };
  return {
    seed: curve.lengths.seed!, // noble's: getMinHashLength(n), 1.5 × scalarBytes
    publicKey: 1 + L, // compressed
    use(seed, peer) {
      const d = scalarOf(seed);
      try {
        // noble refuses the scalar 0 (a seed ≡ 0 mod n): the one branch on the secret, which
        // noble's semantics force; it tells only that the seed is a multiple of n.
        if (ctIsZero(d)) refuse(release, () => curve.getPublicKey(d), 'invalid secret key: 0');
        let q: Uint8Array | undefined;
        if (peer !== undefined) {
          q = nativeDecompress(group, opensslName, peer);
          if (q === undefined) {
            // no node:crypto, or a share it does not decompress: @noble/curves' decoding, and its refusal
            try {
              q = curve.Point.fromBytes(peer).toBytes(false);
            } catch (err) {
              throw asRelease(release, err);
            }
          }
        }
        const out = useScalar(group, d, q);
        return { publicKey: compress(out.publicKey), shared: out.shared };
      } finally {
        wipe(d);
      }
    },
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

/**
 * KitchenSink's combiner: HKDF-SHA-256 (RFC 5869, no salt, 32 bytes: one block of expand) of
 * 'hybrid_prk' ‖ ss_M ‖ ss_T ‖ ct_M ‖ pk_M ‖ ct_T ‖ pk_T ‖ label, with info len ‖ 'shared_secret'.
 * node:crypto's HMAC where it has passed its test (its copies of the secrets live until collected,
 * as a KeyObject's do), else @noble/hashes'.
 */
function kitchenSink(label: string): Combiner {
  const l = ascii(label);
  const prefix = ascii('hybrid_prk');
  const info = concat(Uint8Array.of(0, 32), ascii('shared_secret'));
  const infoBlock = concat(info, Uint8Array.of(1)); // T(1) = HMAC(PRK, info ‖ 0x01)
  return (pk, ct, ss) => {
    const parts = [prefix, ss[0]!, ss[1]!, ct[0]!, pk[0]!, ct[1]!, pk[1]!, l];
    const { hmacSha256 } = getNodeParts();
    if (hmacSha256 !== undefined) {
      let prk: Uint8Array | undefined;
      try {
        prk = hmacSha256(new Uint8Array(32), parts);
        return hmacSha256(prk, [infoBlock]);
      } catch {
        // node:crypto failing after its test: @noble/hashes' answer is the same
      } finally {
        wipe(prk);
      }
    }
    const ikm = concat(...parts);
    const prk = extract(sha256, ikm);
    const out = expand(sha256, prk, info, 32);
    wipe(ikm, prk);
    return out;
  };
}

/** noble's combineKEMS of an ML-KEM and a curve, with a 32-byte root seed expanded by SHAKE256. */
function combined(pq: NobleMlKem, curve: CurveKem, combine: Combiner, release: Release): NobleKem {
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

  /**
   * The halves' keys of a root seed, and the curve's shared secret with `peer` if given (the
   * caller wipes the secret ones): noble's expandDecapsulationKey, then the curve's decapsulate.
   */
  const expandSeed = (seed: Uint8Array, peer?: Uint8Array) => {
    bytes(seed, 32, '');
    const x = new Uint8Array(64 + curve.seed);
    shake256(x, copyBytes(seed));
    try {
      const m = pq.keygen(x.subarray(0, 64));
      try {
        const t = curve.use(x.subarray(64), peer);
        return { sk: m.secretKey, pk: [m.publicKey, t.publicKey], shared: t.shared };
      } catch (err) {
        wipe(m.secretKey);
        throw err;
      }
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
    wipe(keys.sk);
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
      try {
        const m = pq.encapsulate(pks[0]!, rand.subarray(0, 32));
        ss.push(m.sharedSecret);
        // the ephemeral key pair, from the curve's part of msg: its public key is ct_T
        const t = curve.use(rand.subarray(32), pks[1]!);
        ss.push(t.shared!);
        const ct = [m.cipherText, t.publicKey];
        return { cipherText: concat(...ct) as Bytes, sharedSecret: combine(pks, ct, ss) as Bytes };
      } finally {
        wipe(rand, ...ss);
      }
    },
    decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes {
      bytes(cipherText, lengths.cipherText, 'cipherText');
      const c = copyBytes(cipherText);
      const cts = [c.subarray(0, pqL.cipherText), c.subarray(pqL.cipherText)];
      const keys = expandSeed(secretKey, cts[1]!);
      const ss: Uint8Array[] = [];
      try {
        ss.push(pq.decapsulate(cts[0]!, keys.sk), keys.shared!);
        return combine(keys.pk, cts, ss) as Bytes;
      } finally {
        wipe(keys.sk, keys.shared, ...ss);
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
  /* @__PURE__ */ nistKem(P256_GROUP, p256, '0.7'),
  /* @__PURE__ */ qsf(QSF_768),
  '0.7',
);
/**
 * noble's `QSF_ml_kem1024_p384`: ML-KEM-1024 and P-384 (compressed points) under QSF's SHA3-256
 * combiner, label `QSF-KEM(ML-KEM-1024,P-384)-XOF(SHAKE256)-KDF(SHA3-256)`.
 */
export const QSF_ml_kem1024_p384: NobleKem = /* @__PURE__ */ combined(
  ml_kem1024,
  /* @__PURE__ */ nistKem(P384_GROUP, p384, '0.7'),
  /* @__PURE__ */ qsf(QSF_1024),
  '0.7',
);
/**
 * noble's `KitchenSink_ml_kem768_x25519`: ML-KEM-768 and X25519 under the KitchenSink combiner
 * (HKDF-SHA-256), label `KitchenSink-KEM(ML-KEM-768,X25519)-XOF(SHAKE256)-KDF(HKDF-SHA-256)`.
 */
export const KitchenSink_ml_kem768_x25519: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  /* @__PURE__ */ x25519Kem('0.7'),
  /* @__PURE__ */ kitchenSink(KITCHEN_SINK),
  '0.7',
);
/** noble 0.5's and 0.6's `QSFMLKEM768P256`: {@link QSF_ml_kem768_p256}'s bytes, with 0.5's errors. */
export const QSFMLKEM768P256: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  /* @__PURE__ */ nistKem(P256_GROUP, p256, '0.5'),
  /* @__PURE__ */ qsf(QSF_768),
  '0.5',
);
/** noble 0.5's and 0.6's `QSFMLKEM1024P384`: {@link QSF_ml_kem1024_p384}'s bytes, with 0.5's errors. */
export const QSFMLKEM1024P384: NobleKem = /* @__PURE__ */ combined(
  ml_kem1024,
  /* @__PURE__ */ nistKem(P384_GROUP, p384, '0.5'),
  /* @__PURE__ */ qsf(QSF_1024),
  '0.5',
);
/** noble 0.5's and 0.6's `KitchenSinkMLKEM768X25519`: {@link KitchenSink_ml_kem768_x25519}'s bytes, with 0.5's errors. */
export const KitchenSinkMLKEM768X25519: NobleKem = /* @__PURE__ */ combined(
  ml_kem768,
  /* @__PURE__ */ x25519Kem('0.5'),
  /* @__PURE__ */ kitchenSink(KITCHEN_SINK),
  '0.5',
);
