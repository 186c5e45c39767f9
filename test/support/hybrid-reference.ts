// Independent references for the hybrid tests: the hybrids built over every backend, and the
// classical halves and hashes computed by node:crypto (OpenSSL) rather than by @noble/curves or
// our Keccak, plus RFC 7748's X25519 ladder written out, for the inputs OpenSSL refuses.
import crypto from 'node:crypto';

import { CONSTRUCTIONS, type HybridConstruction } from '../../src/hybrid/constructions.js';
import type { CurveChoice, CurvePath } from '../../src/hybrid/curves/curve.js';
import type { HybridKem } from '../../src/hybrid/index.js';
import type { MlKem } from '../../src/index.js';
import { type HybridEntry, entryOf } from '../../src/registry.js';
import { type Backend, kemByName } from './backends.js';

/**
 * The implementations of the curve halves; every hybrid test runs on each ('wasm': X25519 in the
 * WebAssembly module, which test/support/backends.ts has loaded, and the NIST curves on noble).
 */
export const CURVE_PATHS: readonly CurvePath[] = ['native', 'noble', 'wasm'];

/** Splits bytes into its ML-KEM and ECDH halves, where the ECDH half is ecBytes long. */
export function halves(c: HybridCase, bytes: Uint8Array, ecBytes: number): { kem: Uint8Array; ec: Uint8Array } {
  const kemBytes = bytes.length - ecBytes;
  return c.kemFirst
    ? { kem: bytes.subarray(0, kemBytes), ec: bytes.subarray(kemBytes) }
    : { kem: bytes.subarray(ecBytes), ec: bytes.subarray(0, ecBytes) };
}

/** Joins an ML-KEM half and an ECDH half in the hybrid's order. */
export function joinHalves(c: HybridCase, kemPart: Uint8Array, ecPart: Uint8Array): Uint8Array {
  return Uint8Array.from(c.kemFirst ? [...kemPart, ...ecPart] : [...ecPart, ...kemPart]);
}

export const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

// ---- hashes (OpenSSL) --------------------------------------------------------------------------

export const sha3_256 = (data: Uint8Array): Uint8Array =>
  new Uint8Array(crypto.createHash('sha3-256').update(data).digest());
export const shake256 = (data: Uint8Array, length: number): Uint8Array =>
  new Uint8Array(crypto.createHash('shake256', { outputLength: length }).update(data).digest());

// ---- X25519 (OpenSSL) --------------------------------------------------------------------------

const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const X25519_SPKI = Buffer.from('302a300506032b656e032100', 'hex');

const x25519Private = (k: Uint8Array) =>
  crypto.createPrivateKey({ key: Buffer.concat([X25519_PKCS8, k]), format: 'der', type: 'pkcs8' });

/** X25519(k, 9) by OpenSSL. */
export function nodeX25519Public(k: Uint8Array): Uint8Array {
  const spki = crypto.createPublicKey(x25519Private(k)).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(X25519_SPKI.length));
}

/** X25519(k, u) by OpenSSL, which throws where the result would be all zero. */
export function nodeX25519(k: Uint8Array, u: Uint8Array): Uint8Array {
  const publicKey = crypto.createPublicKey({ key: Buffer.concat([X25519_SPKI, u]), format: 'der', type: 'spki' });
  return new Uint8Array(crypto.diffieHellman({ privateKey: x25519Private(k), publicKey }));
}

// ---- X25519 (RFC 7748 §5, written out) ---------------------------------------------------------

const P = 2n ** 255n - 19n;
const modP = (x: bigint) => ((x % P) + P) % P;
const powP = (b: bigint, e: bigint) => {
  let r = 1n;
  for (b = modP(b); e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
  return r;
};

/** X25519(k, u) as RFC 7748 §5 defines it (slow, not constant time): all zero for low-order u. */
export function rfc7748X25519(kBytes: Uint8Array, uBytes: Uint8Array): Uint8Array {
  const kb = Uint8Array.from(kBytes);
  kb[0]! &= 248;
  kb[31]! &= 127;
  kb[31]! |= 64;
  const ub = Uint8Array.from(uBytes);
  ub[31]! &= 127;
  const le = (b: Uint8Array) => b.reduceRight((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  const k = le(kb);
  const x1 = le(ub) % P;
  let [x2, z2, x3, z3, swap] = [1n, 0n, x1, 1n, 0n];
  for (let t = 254n; t >= 0n; t--) {
    const kt = (k >> t) & 1n;
    swap ^= kt;
    if (swap) [x2, x3, z2, z3] = [x3, x2, z3, z2];
    swap = kt;
    const A = x2 + z2,
      AA = modP(A * A),
      B = x2 - z2,
      BB = modP(B * B),
      E = AA - BB;
    const C = x3 + z3,
      D = x3 - z3,
      DA = modP(D * A),
      CB = modP(C * B);
    x3 = modP((DA + CB) ** 2n);
    z3 = modP(x1 * (DA - CB) ** 2n);
    x2 = modP(AA * BB);
    z2 = modP(E * (AA + 121665n * E));
  }
  if (swap) [x2, z2] = [x3, z3];
  let r = modP(x2 * powP(z2, P - 2n));
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, r >>= 8n) out[i] = Number(r & 0xffn);
  return out;
}

/** Little-endian 32-byte encoding of u (for low-order points and their non-canonical forms). */
export function encodeU(u: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, u >>= 8n) out[i] = Number(u & 0xffn);
  return out;
}

/**
 * The 32-byte u encodings whose X25519 result is all zero: the points of order 1, 2, 4, 8 (on the
 * curve and the twist), their non-canonical forms (u + p below 2^255), and each with bit 255 set
 * (which RFC 7748 masks). Used as attack inputs; verified in the tests against RFC 7748 and OpenSSL.
 */
export function lowOrderEncodings(): Array<[string, Uint8Array]> {
  const base: Array<[string, bigint]> = [
    ['0', 0n],
    ['1', 1n],
    ['p - 1', P - 1n],
    ['order 8 (a)', 325606250916557431795983626356110631294008115727848805560023387167927233504n],
    ['order 8 (b)', 39382357235489614581723060781553021112529911719440698176882885853963445705823n],
    ['p (= 0)', P],
    ['p + 1 (= 1)', P + 1n],
  ];
  const out: Array<[string, Uint8Array]> = [];
  for (const [name, u] of base) {
    out.push([name, encodeU(u)]);
    const high = encodeU(u);
    high[31]! |= 0x80;
    out.push([`${name}, bit 255 set`, high]);
  }
  return out;
}

// ---- P-256 and P-384 (OpenSSL) -----------------------------------------------------------------

const OPENSSL_CURVE = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;
export const CURVE_ORDER = {
  'P-256': 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  'P-384': 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
} as const;
export const FIELD_PRIME = {
  'P-256': 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  'P-384': 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
} as const;

export function bigEndianBytes(x: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

export const bigEndian = (b: Uint8Array): bigint => b.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);

/** The uncompressed public point of a scalar, by OpenSSL. */
export function nodeEcPublic(curve: 'P-256' | 'P-384', scalar: Uint8Array): Uint8Array {
  const ecdh = crypto.createECDH(OPENSSL_CURVE[curve]);
  ecdh.setPrivateKey(scalar);
  return new Uint8Array(ecdh.getPublicKey());
}

/** The x-coordinate of scalar · point, by OpenSSL (which validates the point). */
export function nodeEcShared(curve: 'P-256' | 'P-384', scalar: Uint8Array, point: Uint8Array): Uint8Array {
  const ecdh = crypto.createECDH(OPENSSL_CURVE[curve]);
  ecdh.setPrivateKey(scalar);
  return new Uint8Array(ecdh.computeSecret(point));
}

/** A random valid scalar of the curve, as big-endian bytes. */
export function randomScalar(curve: 'P-256' | 'P-384'): Uint8Array {
  const ecdh = crypto.createECDH(OPENSSL_CURVE[curve]);
  ecdh.generateKeys();
  const bytes = curve === 'P-256' ? 32 : 48;
  return bigEndianBytes(bigEndian(ecdh.getPrivateKey()), bytes); // OpenSSL may drop leading zeros
}

/** The scalar our key-pair seed material maps to, d = (c mod (n - 1)) + 1, computed here. */
export function scalarFromSeed(curve: 'P-256' | 'P-384', seed: Uint8Array): Uint8Array {
  const n = CURVE_ORDER[curve];
  return bigEndianBytes((bigEndian(seed) % (n - 1n)) + 1n, curve === 'P-256' ? 32 : 48);
}

/** RandomScalar of the concrete KEMs, computed here: the first scalar-sized window in [1, n - 1]. */
export function firstValidWindow(curve: 'P-256' | 'P-384', seed: Uint8Array): Uint8Array {
  const L = curve === 'P-256' ? 32 : 48;
  for (let at = 0; at + L <= seed.length; at += L) {
    const d = bigEndian(seed.subarray(at, at + L));
    if (d > 0n && d < CURVE_ORDER[curve]) return seed.slice(at, at + L);
  }
  throw new Error('no valid window');
}

// ---- the curves and the hybrids ----------------------------------------------------------------

/** A curve of the registry's hybrids (an entry's `curve`). */
export type CurveName = HybridEntry['curve'];

/**
 * What the tests know of a curve, independently of src/: its sizes, its constants in the two
 * constructions, OpenSSL (node:crypto) as its reference implementation, the inputs a hybrid must
 * refuse or survive, and its vectors in the shared folder. Every hybrid test takes what differs
 * between curves from here, never from the curve's name: a hybrid over a known curve needs no test
 * edit, and a new curve is one record here.
 */
export interface CurveReference {
  readonly name: CurveName;
  /** Bytes of an element (an ECDH share), a scalar and a shared secret. */
  readonly share: number;
  readonly scalar: number;
  readonly secret: number;
  /** Group.Nseed of draft-irtf-cfrg-concrete-hybrid-kems, §3.1: the group seed RandomScalar reads. */
  readonly concreteSeed: number;
  /** RFC 10024: bytes of the key-pair seed material, and whether the ML-KEM half comes first (§4.1–§4.3). */
  readonly tlsSeed: number;
  readonly tlsKemFirst: boolean;
  /**
   * Whether invalid elements are refused (P-256, P-384: RFC 9846, §4.3.8.2). X25519 has none: its
   * low-order elements give an all-zero secret, which X-Wing takes and the others refuse.
   */
  readonly refusesInvalid: boolean;
  /** Rounds of the randomized compositional checks (the NIST curves are slow in JavaScript). */
  readonly rounds: number;
  /** The public element of a scalar, by OpenSSL. */
  publicOf(scalar: Uint8Array): Uint8Array;
  /** The shared secret of a scalar and a peer's element, by OpenSSL (which refuses invalid and low-order ones). */
  dh(scalar: Uint8Array, element: Uint8Array): Uint8Array;
  /** A random valid scalar. */
  randomScalar(): Uint8Array;
  /** RandomScalar of the concrete draft, computed here: the scalar a group seed gives. */
  concreteScalar(seed: Uint8Array): Uint8Array;
  /** RFC 10024's scalar of key-pair seed material, computed here. */
  tlsScalar(seed: Uint8Array): Uint8Array;
  /**
   * Whether a peer's element is one RFC 10024 accepts, by OpenSSL: for X25519, that it does not
   * give the all-zero secret (OpenSSL refuses it; with a clamped scalar that happens exactly for
   * the low-order points, whatever the scalar); for P-256 and P-384, an uncompressed point on the
   * curve with coordinates below p (EC_POINT_oct2point).
   */
  validShare(share: Uint8Array): boolean;
  /** Whether a scalar-sized value is a scalar: big-endian in [1, n - 1]; any 32 bytes for X25519. */
  validScalar(scalar: Uint8Array): boolean;
  /** A scalar-sized value that is no scalar (outside [1, n - 1]), where the curve has one. */
  readonly invalidScalar: Uint8Array | undefined;
  /** A peer's elements the hybrids must refuse (refusesInvalid), or that give X25519's all-zero secret. */
  badShares(): Array<[string, Uint8Array]>;
  /** The curve's own vectors in the shared folder (test/support/vectors.ts), where it has any. */
  readonly vectors: { folder: string; file: string } | undefined;
}

function nist(curve: 'P-256' | 'P-384', concreteSeed: number, tlsSeed: number, rounds: number): CurveReference {
  const L = curve === 'P-256' ? 32 : 48;
  const share = 2 * L + 1;
  return {
    name: curve,
    share,
    scalar: L,
    secret: L,
    concreteSeed,
    tlsSeed,
    tlsKemFirst: false,
    refusesInvalid: true,
    rounds,
    publicOf: (k) => nodeEcPublic(curve, k),
    dh: (k, e) => nodeEcShared(curve, k, e),
    randomScalar: () => randomScalar(curve),
    concreteScalar: (seed) => firstValidWindow(curve, seed),
    tlsScalar: (seed) => scalarFromSeed(curve, seed),
    validShare: (share) =>
      share[0] === 0x04 && // convertKey also takes compressed and hybrid forms
      succeeds(() => crypto.ECDH.convertKey(share, OPENSSL_CURVE[curve], undefined, undefined, 'compressed')),
    validScalar: (scalar) => {
      const d = bigEndian(scalar);
      return d >= 1n && d < CURVE_ORDER[curve];
    },
    invalidScalar: bigEndianBytes(CURVE_ORDER[curve], L),
    badShares: () => [
      ['random', randomBytes(share)],
      ['off the curve', Uint8Array.from([4, ...randomBytes(share - 1)])],
      ['0x02 prefix', Uint8Array.from([2, ...randomBytes(share - 1)])],
      ['x = p', Uint8Array.from([4, ...bigEndianBytes(FIELD_PRIME[curve], L), ...new Uint8Array(L)])],
    ],
    vectors: undefined,
  };
}

const randomBytes = (n: number): Uint8Array => new Uint8Array(crypto.randomBytes(n));
const succeeds = (f: () => unknown): boolean => {
  try {
    f();
    return true;
  } catch {
    return false;
  }
};
const X25519_PROBE = new Uint8Array(32).fill(0x42);

/** The curves of the registry's hybrids. */
export const CURVES: Readonly<Record<CurveName, CurveReference>> = {
  X25519: {
    name: 'X25519',
    share: 32,
    scalar: 32,
    secret: 32,
    concreteSeed: 32,
    tlsSeed: 32,
    tlsKemFirst: true,
    refusesInvalid: false,
    rounds: 8,
    publicOf: (k) => nodeX25519Public(k),
    dh: (k, u) => nodeX25519(k, u),
    randomScalar: () => randomBytes(32),
    concreteScalar: (seed) => seed.slice(), // any 32 bytes: RFC 7748 clamps them
    tlsScalar: (seed) => seed.slice(),
    validShare: (u) => succeeds(() => nodeX25519(X25519_PROBE, u)),
    validScalar: () => true,
    invalidScalar: undefined,
    badShares: () => lowOrderEncodings(),
    vectors: { folder: 'wycheproof-x25519', file: 'x25519_test.json' },
  },
  'P-256': /* @__PURE__ */ nist('P-256', 128, 48, 4),
  'P-384': /* @__PURE__ */ nist('P-384', 48, 72, 3),
};

/** A hybrid of the registry over one backend and curve path, with what the tests know of its layout. */
export interface HybridCase {
  kem: HybridKem;
  /** The ML-KEM object of the backend the hybrid is built over. */
  mlkem: MlKem;
  /** The classical half (the entry's curve), and what the tests know of it. */
  curve: CurveName;
  ref: CurveReference;
  /** Whether the ML-KEM half comes first in every concatenation. */
  kemFirst: boolean;
  /** A concrete hybrid KEM (draft-irtf-cfrg-concrete-hybrid-kems: 32-byte seed, SHA3-256 combiner) rather than an RFC 10024 group. */
  concrete: boolean;
  /** Bytes of an ECDH share, scalar, shared secret and key-pair seed material. */
  share: number;
  scalar: number;
  secret: number;
  ecSeed: number;
  /** A concrete hybrid's combiner label: X-Wing's own (draft-connolly-cfrg-xwing-kem, §5.3), else its name (§4). */
  label: string;
}

/** The case of a registry entry's hybrid, from the entry and its curve's record alone. */
export function caseOf(entry: HybridEntry, kem: HybridKem, mlkem: MlKem): HybridCase {
  const ref = CURVES[entry.curve];
  const concrete = entry.family === 'concrete';
  return {
    kem,
    mlkem,
    curve: entry.curve,
    ref,
    kemFirst: concrete || ref.tlsKemFirst,
    concrete,
    share: ref.share,
    scalar: ref.scalar,
    secret: ref.secret,
    ecSeed: concrete ? ref.concreteSeed : ref.tlsSeed,
    label: entry.name === 'X-Wing' ? '\\.//^\\' : entry.name,
  };
}

/** A construction and its registry entry: the shipped ones (CONSTRUCTIONS), or one a test makes. */
export interface ConstructionCase {
  entry: HybridEntry;
  over: HybridConstruction['over'];
}

/** The registry's hybrids as their constructions build them. */
export const REGISTERED: readonly ConstructionCase[] = CONSTRUCTIONS.map((c) => ({
  entry: entryOf(c.name) as HybridEntry,
  over: c.over,
}));

/**
 * Every hybrid of the registry (or those given) over a backend's ML-KEM objects, with the given
 * curve implementation. The tests loop over these: a hybrid whose entry and construction exist
 * is under every hybrid test.
 */
export function hybridsOf(
  backend: Backend,
  curves: CurveChoice = 'auto',
  constructions: readonly ConstructionCase[] = REGISTERED,
): HybridCase[] {
  return constructions.map(({ entry, over }) => {
    const mlkem = kemByName(backend, entry.mlkem);
    return caseOf(entry, over(mlkem, curves), mlkem);
  });
}

/** An eseed whose ephemeral scalar is valid: a concrete hybrid's random group seed, or m ‖ a random scalar. */
export function validEseed(c: HybridCase): Uint8Array {
  if (c.concrete) return randomBytes(c.kem.sizes.eseed);
  return joinHalves(c, randomBytes(32), c.ref.randomScalar());
}
