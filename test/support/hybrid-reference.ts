// Independent references for the hybrid tests: the hybrids built over every backend, and the
// classical halves and hashes computed by node:crypto (OpenSSL) rather than by @noble/curves or
// our Keccak, plus RFC 7748's X25519 ladder written out, for the inputs OpenSSL refuses.
import crypto from 'node:crypto';

import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
import type { CurveChoice, CurvePath } from '../../src/hybrid/curves/curve.js';
import type { HybridKem } from '../../src/hybrid/index.js';
import type { MlKem } from '../../src/index.js';
import { entryOf } from '../../src/registry.js';
import { type Backend, kemByName } from './backends.js';

/**
 * The implementations of the curve halves; every hybrid test runs on each ('wasm': X25519 in the
 * WebAssembly module, which test/support/backends.ts has loaded, and the NIST curves on noble).
 */
export const CURVE_PATHS: readonly CurvePath[] = ['native', 'noble', 'wasm'];

export interface HybridCase {
  kem: HybridKem;
  /** The ML-KEM object of the backend the hybrid is built over. */
  mlkem: MlKem;
  /** The classical half: 'X25519' (X-Wing, X25519MLKEM768), 'P-256' or 'P-384'. */
  curve: 'X25519' | 'P-256' | 'P-384';
  /** Whether the ML-KEM half comes first in every concatenation. */
  kemFirst: boolean;
  /** A concrete hybrid KEM (draft-irtf-cfrg-concrete-hybrid-kems: 32-byte seed, SHA3-256 combiner) rather than an RFC 10024 group. */
  concrete: boolean;
  /** Bytes of an ECDH share, scalar, shared secret and key-pair seed material. */
  share: number;
  scalar: number;
  secret: number;
  ecSeed: number;
}

/** The combiner labels of the concrete hybrid KEMs. */
export const LABELS: Record<string, string> = {
  'X-Wing': '\\.//^\\',
  'MLKEM768-P256': 'MLKEM768-P256',
  'MLKEM1024-P384': 'MLKEM1024-P384',
};

/** What the tests know of each hybrid independently of src/ (the specifications' layouts). */
const REFERENCE: Readonly<Record<string, Omit<HybridCase, 'kem' | 'mlkem'>>> = {
  'X-Wing': { curve: 'X25519', kemFirst: true, concrete: true, share: 32, scalar: 32, secret: 32, ecSeed: 32 },
  'MLKEM768-P256': { curve: 'P-256', kemFirst: true, concrete: true, share: 65, scalar: 32, secret: 32, ecSeed: 128 },
  'MLKEM1024-P384': { curve: 'P-384', kemFirst: true, concrete: true, share: 97, scalar: 48, secret: 48, ecSeed: 48 },
  X25519MLKEM768: { curve: 'X25519', kemFirst: true, concrete: false, share: 32, scalar: 32, secret: 32, ecSeed: 32 },
  SecP256r1MLKEM768: {
    curve: 'P-256',
    kemFirst: false,
    concrete: false,
    share: 65,
    scalar: 32,
    secret: 32,
    ecSeed: 48,
  },
  SecP384r1MLKEM1024: {
    curve: 'P-384',
    kemFirst: false,
    concrete: false,
    share: 97,
    scalar: 48,
    secret: 48,
    ecSeed: 72,
  },
};

/**
 * Every hybrid of the registry over a backend's ML-KEM objects, with the given curve
 * implementation; a hybrid the tests have no reference layout for fails here, so a new entry
 * cannot go untested.
 */
export function hybridsOf(backend: Backend, curves: CurveChoice = 'auto'): HybridCase[] {
  return CONSTRUCTIONS.map((c) => {
    const reference = REFERENCE[c.name];
    if (reference === undefined)
      throw new Error(`test/support/hybrid-reference.ts has no reference layout for ${c.name}`);
    const mlkem = kemByName(backend, entryOf(c.name)!.mlkem);
    return { kem: c.over(mlkem, curves), mlkem, ...reference };
  });
}

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
