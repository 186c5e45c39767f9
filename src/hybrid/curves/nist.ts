// P-256 and P-384 (SP 800-186) as Groups: SEC 1 uncompressed points, big-endian scalars in
// [1, n - 1], and the full public-key validation of SP 800-56A, §5.6.2.3.4 on every peer point.
// It is done here, before any multiplication, so that every path refuses the same inputs with the
// same errors. Also the ways the hybrids turn seed bytes into a scalar, and compressed points.
import { doors } from './choose.js';
import type { AsyncCurveChoice, CurveChoice, CurveImpl, CurveUse, Group, KnownAnswer } from './curve.js';
import { nativeUncompressed } from './native.js';
import { nobleP256, nobleP384, nobleUncompressed } from './noble-nist.js';

interface NistParams {
  name: 'P-256' | 'P-384';
  /** Bytes of a scalar and of a coordinate. */
  L: number;
  /** The field prime p, the coefficient b of y² = x³ - 3x + b, and the group order n (SP 800-186, §3.2.1). */
  p: bigint;
  b: bigint;
  n: bigint;
  noble: CurveImpl;
  /** The named curve's OID (RFC 5480, §2.1.1.1), the hex of its DER contents, and its OpenSSL name. */
  oid: string;
  opensslName: string;
  /** The ways native.ts tries, in order (native.ts says what each costs): P-384 gains from 'raw' and 'sec1', P-256 does not. */
  nativeForms: readonly ('raw' | 'sec1' | 'ecdh')[];
  /** The generator (SP 800-186, §3.2.1), the public key of the scalar 1. */
  generator: string;
  /**
   * d·G for the smallest d whose x-coordinate starts with a zero byte (@noble/curves and OpenSSL
   * agree): a platform that trims leading zeros fails on it.
   */
  leadingZero: readonly [d: string, point: string];
  /** The public key of the scalar 3c…3c (L bytes), a peer that is not G for the agreement test. */
  peer: string;
}

const P256: NistParams = {
  name: 'P-256',
  L: 32,
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  noble: nobleP256,
  oid: '2a8648ce3d030107',
  opensslName: 'prime256v1',
  nativeForms: ['ecdh'],
  generator:
    '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5',
  leadingZero: [
    '017b',
    '04005543894af3d00ed7d740abdbd75c96b06877b787db5f70eea78b90a8d7c00abb4c85a3d8ea29efaafa24406912dd84d5b14dc32bf656ef6c6bd58a5d943f92',
  ],
  peer: '04480011fd860eae308cc4291ee974eaa40ded6e99e1a51cca5d1e694fdb855afbbf66413c95d399ca88e58c6238166dcb3c07f6c17509af8ed1b8bb15ce4a49fd',
};

const P384: NistParams = {
  name: 'P-384',
  L: 48,
  p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
  b: 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aefn,
  n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
  noble: nobleP384,
  oid: '2b81040022',
  opensslName: 'secp384r1',
  nativeForms: ['raw', 'sec1', 'ecdh'],
  generator:
    '04aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab73617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f',
  leadingZero: [
    'c5',
    '04004d104b26ee5671f72c10c986841d3e65d285e2516161b7baa341b12631b9e32b6f0d5896d8431c51d5d93a37cbc90ef11a1e3f8b7b90538ee42cc00ee934a6e2ee25541607d8fb65c7a8b11e2f886853886eef3865ec933200b9f25599f29f',
  ],
  peer: '046846d4626b3450aaab8c53c044c2a947176a34ff190f56e80a670de892d37741fdcb1c4e1f2b55055efcc7221a9fee870bcfbba070a805cfcdc5e9b699d1d5f05e6cabf8fddc0b3f46a6d7b7692b8d7b79daad44269c71d286802ee811be2d81',
};

/**
 * The self-tests' known answers: d = 1 and the d of leadingZero, each as public key and as the
 * shared secret with G (the x-coordinate of d·G); Web Crypto's also d = 1 with the leading-zero point.
 */
function knownAnswers(c: NistParams, webCrypto: boolean): KnownAnswer[] {
  const g = c.generator;
  const [d, point] = c.leadingZero;
  const xOf = (q: string) => q.slice(2, 2 + 2 * c.L);
  const withG = [g, xOf(g)] as const;
  return [
    { d: '01'.padStart(2 * c.L, '0'), pub: g, peers: webCrypto ? [withG, [point, xOf(point)]] : [withG] },
    { d: d.padStart(2 * c.L, '0'), pub: point, peers: [[g, xOf(point)]] },
  ];
}

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
  const { L } = c;
  const order = toBytes(c.n, L);
  const data = {
    name: c.name,
    elementBytes: 1 + 2 * L,
    scalarBytes: L,
    secretBytes: L,
    refusesInvalid: true,
    hasLowOrder: false,
    tlsShareCheck: '4.3.8.2',
    pkcs8: { ecOid: c.oid },
    native: {
      keys: { namedCurve: c.name, opensslName: c.opensslName },
      forms: c.nativeForms,
      knownAnswers: knownAnswers(c, false),
      agreement: { scalars: ['5a'.repeat(L), `00${'a5'.repeat(L - 1)}`], peer: c.peer },
    },
    webCrypto: {
      algorithm: { name: 'ECDH', namedCurve: c.name },
      rawElement: (q: Uint8Array) => q.slice(),
      knownAnswers: knownAnswers(c, true),
    },
  } as const;
  return Object.freeze({
    ...data,
    order,
    ...doors(data, { noble: c.noble }),
    /** SP 800-56A, §5.6.2.3.4 for an uncompressed point: coordinates in [0, p - 1], on the curve; it cannot be the identity. */
    elementProblem(q: Uint8Array): string | undefined {
      // The point is public: these branches and the BigInt arithmetic depend on public data only.
      if (q[0] !== 0x04) {
        return `must be an uncompressed point starting with 0x04, got first byte 0x${q[0]!.toString(16).padStart(2, '0')}`;
      }
      const x = bigEndian(q.subarray(1, 1 + L));
      const y = bigEndian(q.subarray(1 + L));
      if (x >= c.p || y >= c.p)
        return 'must have coordinates below the field prime p, got one that is not (SP 800-56A §5.6.2.3.4)';
      if ((y * y - (x * x * x - 3n * x + c.b)) % c.p !== 0n) {
        return `must be a point on ${c.name}, got coordinates that do not satisfy the curve equation (SP 800-56A §5.6.2.3.4)`;
      }
      return undefined;
    },
    isValidScalar: (d: Uint8Array) => inRange(d, order) === 1,
  } as const);
}

/**
 * A NIST group whose elements travel compressed (SEC 1, §2.3.3), as noble's QSF has them: 1 + L
 * bytes, decompressed and validated where read (elementProblem), its public elements compressed.
 * The multiplications are the group's, on uncompressed points, at both doors.
 */
export function compressedPoints(g: NistGroup): Group {
  const L = g.scalarBytes;
  const { opensslName } = g.native.keys as { opensslName: string };
  /**
   * The uncompressed point of a compressed one (SEC 1, §2.3.4), valid; undefined where q encodes
   * none. node:crypto's answer where it checks out (the same x, the prefix's parity of y, on the
   * curve: one point has all three), so that a platform's fault costs speed, never a wrong point;
   * else @noble/curves'. Here, not in the Group: an app without compressed points bundles none of it.
   */
  const decompress = (q: Uint8Array): Uint8Array | undefined => {
    if (q.length !== 1 + L || (q[0] !== 2 && q[0] !== 3)) return undefined; // public: branches are fine
    const u = nativeUncompressed(opensslName, q);
    const checks = (v: Uint8Array) =>
      v.length === 1 + 2 * L &&
      v.subarray(1, 1 + L).every((b, i) => b === q[1 + i]) &&
      (v[2 * L]! & 1) === (q[0]! & 1) &&
      g.elementProblem(v) === undefined;
    return u !== undefined && checks(u) ? u : nobleUncompressed(g.name, q);
  };
  // The last decompression (public data): a decapsulation checks its element twice, then uses it.
  let last: { q: Uint8Array; u: Uint8Array | undefined } | undefined;
  const uncompressed = (q: Uint8Array): Uint8Array | undefined => {
    if (last?.q.length !== q.length || !last.q.every((b, i) => b === q[i])) last = { q: q.slice(), u: decompress(q) };
    return last.u;
  };
  const compress = (u: Uint8Array): Uint8Array => {
    const out = u.slice(0, 1 + L);
    out[0] = 0x02 | (u[2 * L]! & 1); // public: the parity of y
    return out;
  };
  const impl = (choice: CurveChoice): CurveImpl => {
    const inner = g.impl(choice);
    return Object.freeze({
      path: inner.path,
      load(scalar: Uint8Array, use?: CurveUse) {
        const key = inner.load(scalar, use);
        return {
          publicKey: () => compress(key.publicKey()),
          sharedSecret: (q: Uint8Array) => key.sharedSecret(uncompressed(q)!),
          dispose: () => key.dispose(),
        };
      },
    });
  };
  return Object.freeze({
    ...g,
    elementBytes: 1 + L,
    elementProblem: (q: Uint8Array) =>
      uncompressed(q) === undefined
        ? `must be a compressed point (SEC 1 §2.3.3) on ${g.name}, got one that does not decode to any`
        : undefined,
    impl,
    /**
     * choose.ts's answer at either door is impl's: Web Crypto's implementation takes uncompressed
     * points only, and no door of the package asks for it here.
     */
    serve(choice: AsyncCurveChoice): CurveImpl {
      if (choice === 'webcrypto') throw new Error(`${g.name}: compressed points have no Web Crypto implementation`);
      return impl(choice);
    },
  });
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
 */
export function tlsScalar(group: NistGroup, seed: Uint8Array): Uint8Array {
  return reduceToScalar(seed, group.order);
}

/**
 * (c mod (n - offset)) + offset as scalarBytes big-endian bytes, for big-endian c of at least
 * scalarBytes - 1 bytes and the public odd order n, whose top 9 bits are set (P-256, P-384):
 * offset 1 is FIPS 186-5's d (RFC 10024's groups), 0 the plain c mod n of @noble/curves'
 * Fn.create (noble's QSF, which then refuses 0).
 * Note: c is secret, so the reduction runs a byte at a time in 16-bit limbs with a masked
 * conditional subtraction and no branch, index or division on c: its time depends only on the
 * (public) lengths, where BigInt's `%` would not (bench/timing.ts: tls-scalar, qsf-scalar).
 */
export function reduceToScalar(c: Uint8Array, order: Uint8Array, offset: 0 | 1 = 1): Uint8Array {
  const L = order.length;
  const H = L >> 1; // 16-bit limbs of m = n - offset (L is even), little-endian
  const W = H + 1; // one spare limb: x < 2m < 2^(8L + 1) before its subtraction
  const m = new Int32Array(W);
  for (let i = 0; i < H; i++) m[i] = (order[L - 2 - 2 * i]! << 8) | order[L - 1 - 2 * i]!;
  m[0] = m[0]! - offset; // n is odd: n - 1 borrows nothing
  const fold = new Int32Array(W); // 2^(8L) - m, below 2^(8L - 9) (P-256, P-384)
  for (let i = 0, borrow = 0; i < H; i++) {
    const v = -m[i]! - borrow;
    fold[i] = v & 0xffff;
    borrow = (v >> 16) & 1;
  }
  const r = new Int32Array(W);
  const x = new Int32Array(W);
  const t = new Int32Array(W);
  // The first L - 1 bytes of c are below 2^(8L - 8) < m (n has its top bit set): they are the
  // remainder so far as they stand, and the division starts after them.
  const head = L - 1;
  for (let j = 0; j < head; j++) r[j >> 1] = r[j >> 1]! | (c[head - 1 - j]! << (8 * (j & 1)));
  try {
    for (let k = head; k < c.length; k++) {
      // r ← 256r + c[k] mod m, Horner's rule a byte at a time: the top byte q of r < 2^(8L) is
      // folded back in, x = (r mod 2^(8L - 8)) · 256 + c[k] + q · (2^(8L) - m) ≡ 256r + c[k] and
      // x < 2^(8L) + 2^(8L - 1) < 2m; then t = x - m, taken with a mask when it did not borrow
      const q = r[H - 1]! >>> 8;
      let carry = 0;
      let borrow = 0;
      for (let i = 0; i < W; i++) {
        const low = i === 0 ? c[k]! : r[i - 1]! >>> 8;
        const shifted = i === H ? 0 : ((r[i]! << 8) | low) & 0xffff;
        const v = shifted + q * fold[i]! + carry;
        x[i] = v & 0xffff;
        carry = v >>> 16;
        const d = x[i]! - m[i]! - borrow;
        t[i] = d & 0xffff;
        borrow = (d >> 16) & 1;
      }
      const keep = borrow - 1; // -1 (take t) when x ≥ m, 0 (keep x) otherwise
      for (let i = 0; i < W; i++) r[i] = x[i]! ^ ((x[i]! ^ t[i]!) & keep);
    }
    // d = r + offset ≤ n - 1 < 2^(8L): no carry out of the L bytes
    let carry = offset;
    const out = new Uint8Array(L);
    for (let i = 0; i < H; i++) {
      const v = r[i]! + carry;
      carry = v >>> 16;
      out[L - 1 - 2 * i] = v & 0xff;
      out[L - 2 - 2 * i] = (v >>> 8) & 0xff;
    }
    return out;
  } finally {
    r.fill(0);
    x.fill(0);
    t.fill(0);
  }
}
