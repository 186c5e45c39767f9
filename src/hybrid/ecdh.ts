// The classical halves of the hybrids: thin adapters over @noble/curves (audited; the curve
// arithmetic is entirely theirs). Here are only the encodings, the checks the specifications
// require, and their errors as MlKemError. Scalars and shares are byte strings; outputs are fresh.
import { x25519 as nobleX25519 } from '@noble/curves/ed25519.js';
import { p256, p384 } from '@noble/curves/nist.js';
import type { ECDSA } from '@noble/curves/abstract/weierstrass.js';
import { ctIsZero, wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { fillRandom } from '../random.js';

// ---------------------------------------------------------------------------------------------
// X25519 (RFC 7748)

/** 2^255 - 19. */
const P25519 = 57896044618658097711785492504343953926634992332820282019728792003956564819949n;

/**
 * The u-coordinates (reduced mod p) of the points of order 1, 2, 4 and 8 on Curve25519 and its
 * twist: the inputs for which X25519 with a clamped scalar (a multiple of 8) yields all zeros.
 */
const LOW_ORDER_U: readonly bigint[] = [
  0n,
  1n,
  P25519 - 1n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
];

/** True when u decodes (RFC 7748 §5: little-endian, bit 255 masked, reduced mod p) to a low-order point. */
function isLowOrderU(u: Uint8Array): boolean {
  let n = BigInt(u[31]! & 0x7f);
  for (let i = 30; i >= 0; i--) n = (n << 8n) | BigInt(u[i]!);
  return LOW_ORDER_U.includes(n % P25519); // u is public: a branch on it leaks nothing secret
}

/** X25519(k, X25519_BASE) (RFC 7748, §6.1): the public key of the 32-byte scalar k. */
export function x25519Base(k: Uint8Array): Uint8Array {
  return nobleX25519.getPublicKey(k);
}

/**
 * X25519(k, u) (RFC 7748, §5) for 32-byte k and u, exactly as the function is defined: a
 * low-order u yields 32 zero bytes. Note: @noble/curves refuses low-order u instead (it throws);
 * for those inputs the RFC's ladder gives zero, so we return zero without running it.
 */
export function x25519(k: Uint8Array, u: Uint8Array): Uint8Array {
  if (isLowOrderU(u)) return new Uint8Array(32);
  return nobleX25519.scalarMult(k, u);
}

// ---------------------------------------------------------------------------------------------
// The ECDH of a TLS 1.3 group, as RFC 10024 uses it

/** The ECDH half of an RFC 10024 group. */
export interface Ecdh {
  readonly name: 'X25519' | 'P-256' | 'P-384';
  /** Bytes of a key share: 32 for X25519; 65 or 97 for an uncompressed P-256 or P-384 point. */
  readonly shareBytes: number;
  /** Bytes of the ECDH shared secret (the x-coordinate for P-256 and P-384): 32, 32, 48. */
  readonly secretBytes: number;
  /** Bytes of a scalar: 32, 32, 48. */
  readonly scalarBytes: number;
  /** Bytes of key-pair seed material for this half: 32 (the X25519 scalar itself), 48, 72. */
  readonly seedBytes: number;
  /** The scalar derived from seedBytes of seed material (fresh array). */
  scalarFromSeed(seed: Uint8Array): Uint8Array;
  /** A fresh random scalar. */
  randomScalar(): Uint8Array;
  /** False for a scalar that is not a valid secret key (P-256, P-384: outside [1, n - 1]). */
  isValidScalar(scalar: Uint8Array): boolean;
  /** The key share of a valid scalar. */
  publicShare(scalar: Uint8Array): Uint8Array;
  /**
   * The shared secret of a valid scalar and the peer's share, after the checks of RFC 9846
   * (§4.3.8.2, §7.4.2). A share that fails them throws ERR_INVALID_PUBLIC_KEY naming `what`
   * and the byte range [from, from + shareBytes) of the share in it.
   */
  sharedSecret(scalar: Uint8Array, share: Uint8Array, what: string, from: number): Uint8Array;
}

function invalidShare(name: string, what: string, from: number, length: number, detail: string): MlKemError {
  return new MlKemError('ERR_INVALID_PUBLIC_KEY', `${what} is not valid: its ${name} share (bytes ${from}..${from + length}) ${detail}`);
}

/** X25519 for TLS 1.3: any 32 bytes are a scalar (clamped) and a share; the result must not be all zero. */
export const ecdhX25519: Ecdh = Object.freeze({
  name: 'X25519',
  shareBytes: 32,
  secretBytes: 32,
  scalarBytes: 32,
  seedBytes: 32,
  scalarFromSeed: (seed: Uint8Array) => seed.slice(),
  randomScalar(): Uint8Array {
    const k = new Uint8Array(32);
    fillRandom(k);
    return k;
  },
  isValidScalar: () => true,
  publicShare: x25519Base,
  /** RFC 9846 §7.4.2 (RFC 7748 §6.1): the all-zero X25519 value is refused. */
  sharedSecret(scalar: Uint8Array, share: Uint8Array, what: string, from: number): Uint8Array {
    const z = x25519(scalar, share);
    if (ctIsZero(z)) {
      throw invalidShare('X25519', what, from, 32, 'must give a non-zero X25519 shared secret, got a low-order point that gives the all-zero value (RFC 9846 §7.4.2)');
    }
    return z;
  },
} as const);

function bigEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/**
 * ECDH over a NIST prime curve (SEC 1 §3.3.1; NIST SP 800-56A §5.7.1.2), with the public-key
 * validation of RFC 9846 §4.3.8.2 (SP 800-56A §5.6.2.3.4) on every peer share. Key-pair seed
 * material becomes a scalar in [1, n - 1] as d = (c mod (n - 1)) + 1 for the big-endian integer c
 * of 1.5 times the scalar's bytes (FIPS 186-5 Appendix A.2.1 with extra bits; noble's
 * randomSecretKey), so that every seed is valid and the bias is below 2^-128.
 */
function nistEcdh(name: 'P-256' | 'P-384', curve: ECDSA): Ecdh {
  const { Point } = curve;
  const L = Point.Fp.BYTES;
  const seedBytes = L + L / 2;
  return Object.freeze({
    name,
    shareBytes: 1 + 2 * L,
    secretBytes: L,
    scalarBytes: L,
    seedBytes,
    scalarFromSeed: (seed: Uint8Array) => curve.utils.randomSecretKey(seed),
    randomScalar(): Uint8Array {
      const c = new Uint8Array(seedBytes);
      try {
        fillRandom(c);
        return curve.utils.randomSecretKey(c);
      } finally {
        wipe(c);
      }
    },
    isValidScalar: (scalar: Uint8Array) => curve.utils.isValidSecretKey(scalar),
    publicShare: (scalar: Uint8Array) => curve.getPublicKey(scalar, false),
    sharedSecret(scalar: Uint8Array, share: Uint8Array, what: string, from: number): Uint8Array {
      const bad = (detail: string) => invalidShare(name, what, from, share.length, detail);
      // The share is public: these branches depend on public data only.
      if (share[0] !== 0x04) {
        throw bad(`must be an uncompressed point starting with 0x04 (RFC 9846 §4.3.8.2), got first byte 0x${share[0]!.toString(16).padStart(2, '0')}`);
      }
      const p = Point.Fp.ORDER;
      if (bigEndian(share.subarray(1, 1 + L)) >= p || bigEndian(share.subarray(1 + L)) >= p) {
        throw bad('must have coordinates below the field prime p, got one that is not (SP 800-56A §5.6.2.3.4)');
      }
      let point;
      try {
        point = Point.fromBytes(share); // on the curve, and not the identity
      } catch {
        throw bad(`must be a point on ${name}, got coordinates that do not satisfy the curve equation (SP 800-56A §5.6.2.3.4)`);
      }
      // The x-coordinate of d·Q (RFC 9846 §7.4.2). Prime order, valid Q and d ∈ [1, n - 1]: never the identity.
      return Point.Fp.toBytes(point.multiply(Point.Fn.fromBytes(scalar)).toAffine().x);
    },
  });
}

/** ECDH over secp256r1 (NIST P-256). */
export const ecdhP256: Ecdh = /* @__PURE__ */ nistEcdh('P-256', p256);
/** ECDH over secp384r1 (NIST P-384). */
export const ecdhP384: Ecdh = /* @__PURE__ */ nistEcdh('P-384', p384);
