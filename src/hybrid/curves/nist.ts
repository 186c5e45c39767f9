// P-256 and P-384 (SP 800-186) as Groups: SEC 1 uncompressed points, big-endian scalars in
// [1, n - 1], and the full public-key validation of SP 800-56A, §5.6.2.3.4 on every peer point,
// done here, before any multiplication, so that the native and the noble path refuse the same
// inputs with the same errors. Also the two ways the hybrids turn seed bytes into a scalar.
import type { CurveChoice, CurveImpl, Group } from './curve.js';
import { nativeNist } from './native.js';
import { nobleP256, nobleP384 } from './noble-nist.js';

interface NistParams {
  name: 'P-256' | 'P-384';
  /** The field prime p, the coefficient b of y² = x³ - 3x + b, and the group order n (SP 800-186, §3.2.1). */
  p: bigint;
  b: bigint;
  n: bigint;
  noble: CurveImpl;
}

const P256: NistParams = {
  name: 'P-256',
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  noble: nobleP256,
};

const P384: NistParams = {
  name: 'P-384',
  p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
  b: 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aefn,
  n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
  noble: nobleP384,
};

function bigEndian(bytes: Uint8Array): bigint {
  let x = 0n;
  for (const byte of bytes) x = (x << 8n) | BigInt(byte);
  return x;
}

function toBytes(x: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

export interface NistGroup extends Group {
  readonly name: 'P-256' | 'P-384';
  /** The group order n, big-endian in scalarBytes bytes. */
  readonly order: Uint8Array;
}

function nistGroup(c: NistParams): NistGroup {
  const L = c.name === 'P-256' ? 32 : 48;
  const order = toBytes(c.n, L);
  return Object.freeze({
    name: c.name,
    elementBytes: 1 + 2 * L,
    scalarBytes: L,
    secretBytes: L,
    order,
    impl(choice: CurveChoice): CurveImpl {
      // The WebAssembly module has X25519 only: 'wasm' is then noble, as 'auto' is in a browser.
      if (choice === 'noble' || choice === 'wasm') return c.noble;
      const native = nativeNist(c.name, c.noble);
      if (native) return native;
      if (choice === 'native') throw new Error(`${c.name}: this runtime has no native ${c.name} (node:crypto)`);
      return c.noble;
    },
    /** SP 800-56A, §5.6.2.3.4 for an uncompressed point: coordinates in [0, p - 1], on the curve; it cannot be the identity. */
    elementProblem(q: Uint8Array): string | undefined {
      // The point is public: these branches and the BigInt arithmetic depend on public data only.
      if (q[0] !== 0x04) {
        return `must be an uncompressed point starting with 0x04, got first byte 0x${q[0]!.toString(16).padStart(2, '0')}`;
      }
      const x = bigEndian(q.subarray(1, 1 + L));
      const y = bigEndian(q.subarray(1 + L));
      if (x >= c.p || y >= c.p) return 'must have coordinates below the field prime p, got one that is not (SP 800-56A §5.6.2.3.4)';
      if ((y * y - (x * x * x - 3n * x + c.b)) % c.p !== 0n) {
        return `must be a point on ${c.name}, got coordinates that do not satisfy the curve equation (SP 800-56A §5.6.2.3.4)`;
      }
      return undefined;
    },
    isValidScalar: (d: Uint8Array) => inRange(d, order) === 1,
  } as const);
}

/** ECDH over secp256r1 (NIST P-256). */
export const P256_GROUP: NistGroup = /* @__PURE__ */ nistGroup(P256);
/** ECDH over secp384r1 (NIST P-384). */
export const P384_GROUP: NistGroup = /* @__PURE__ */ nistGroup(P384);

/** 1 if 1 ≤ d ≤ n - 1, else 0, for big-endian d and n of the same length, in constant time (no branch on d). */
function inRange(d: Uint8Array, n: Uint8Array): number {
  let borrow = 0; // d - n, byte by byte from the end: a final borrow means d < n
  let any = 0;
  for (let i = d.length - 1; i >= 0; i--) {
    const diff = d[i]! - n[i]! - borrow;
    borrow = (diff >>> 31) & 1;
    any |= d[i]!;
  }
  return borrow & (((any | -any) >>> 31) & 1);
}

/**
 * RandomScalar of draft-irtf-cfrg-concrete-hybrid-kems, §3.1.1 (P-256 and P-384 nominal groups):
 * the first scalarBytes-long window of seed that is in [1, n - 1]; undefined (a failure of
 * probability < 2^-128) if none is. Note: every window is examined and the first valid one is
 * selected with masks, so the time does not depend on which one it is.
 */
export function randomScalar(group: NistGroup, seed: Uint8Array): Uint8Array | undefined {
  const L = group.scalarBytes;
  const out = new Uint8Array(L);
  let found = 0;
  for (let start = 0; start + L <= seed.length; start += L) {
    const window = seed.subarray(start, start + L);
    const take = -(inRange(window, group.order) & (found ^ 1)) & 0xff; // 0xff for the first valid window
    for (let i = 0; i < L; i++) out[i] = out[i]! ^ ((out[i]! ^ window[i]!) & take);
    found |= take & 1;
  }
  return found === 1 ? out : undefined;
}

/**
 * The key scalar of an RFC 10024 group from its seed material c (1.5 × scalarBytes bytes):
 * d = (c mod (n - 1)) + 1 (FIPS 186-5 Appendix A.2.1 with extra bits), so that every seed is valid.
 * Note: c is secret, so the reduction is a bit-by-bit long division in 16-bit limbs with a masked
 * conditional subtraction: its time depends only on the (public) lengths, where BigInt's `%`
 * would not.
 */
export function tlsScalar(group: NistGroup, seed: Uint8Array): Uint8Array {
  return reduceToScalar(seed, group.order);
}

/** (c mod (n - 1)) + 1 as scalarBytes big-endian bytes, for big-endian c and the public odd order n. */
export function reduceToScalar(c: Uint8Array, order: Uint8Array): Uint8Array {
  const L = order.length;
  const limbs = L >> 1; // 16-bit limbs of n - 1 (L is even)
  const W = limbs + 1; // limbs of r, little-endian, one spare: r < 2(n - 1) after each doubling
  const m = new Int32Array(W);
  for (let i = 0; i < limbs; i++) m[i] = (order[L - 2 - 2 * i]! << 8) | order[L - 1 - 2 * i]!;
  m[0] = m[0]! - 1; // n is odd: n - 1 borrows nothing
  const r = new Int32Array(W);
  const t = new Int32Array(W);
  // The first L - 1 bytes of c are below 2^(8L - 8) < n - 1 (n has its top bit set): they are the
  // remainder so far as they stand, and the division starts after them.
  const head = L - 1;
  for (let j = 0; j < head; j++) {
    const k = head - 1 - j; // byte k of the head is bits 8j .. 8j + 7 of r
    r[j >> 1] = r[j >> 1]! | (c[k]! << (8 * (j & 1)));
  }
  try {
    for (let byte = head; byte < c.length; byte++) {
      for (let bit = 7; bit >= 0; bit--) {
        // r = 2r + the next bit of c (r < n - 1 before, so it stays below 2^(8L + 1))
        let carry = (c[byte]! >> bit) & 1;
        for (let i = 0; i < W; i++) {
          const v = (r[i]! << 1) | carry;
          r[i] = v & 0xffff;
          carry = v >>> 16;
        }
        // t = r - (n - 1); keep t when it did not borrow (r ≥ n - 1), with a mask
        let borrow = 0;
        for (let i = 0; i < W; i++) {
          const v = r[i]! - m[i]! - borrow;
          t[i] = v & 0xffff;
          borrow = (v >> 16) & 1;
        }
        const keep = borrow - 1; // -1 (take t) when no borrow, 0 (keep r) otherwise
        for (let i = 0; i < W; i++) r[i] = r[i]! ^ ((r[i]! ^ t[i]!) & keep);
      }
    }
    // d = r + 1 ≤ n - 1 < 2^(8L): no carry out of the L bytes
    let carry = 1;
    const out = new Uint8Array(L);
    for (let i = 0; i < limbs; i++) {
      const v = r[i]! + carry;
      carry = v >>> 16;
      out[L - 1 - 2 * i] = v & 0xff;
      out[L - 2 - 2 * i] = (v >>> 8) & 0xff;
    }
    return out;
  } finally {
    r.fill(0);
    t.fill(0);
  }
}
