// SubtleCrypto.supports ("Modern Algorithms in the Web Cryptography API", §4.6) for the runtime's
// own algorithms, where the runtime has no supports of its own (Node 20-24, Firefox, Safari).
// It answers "check support for an algorithm" over WebCrypto's registered algorithms (§18.4) and
// their parameter dictionaries, with the steps of each operation that fail before a key or data
// is needed, as Node 26 answers. True only for what such a runtime does: SHA-3,
// ChaCha20-Poly1305, AES-OCB, ML-DSA and the other newer algorithms are not among them.
import { upperName } from './arguments.js';
import { PUBLIC_USAGES } from './runtime-keys.js';

type Params = Readonly<Record<string, unknown>>;
/** A member of a parameter dictionary: whether it may be absent, and its check (false: the step fails). */
type Member = readonly [required: boolean, check: (value: unknown, params: Params) => boolean];
type Dictionary = Readonly<Record<string, Member>>;

/** The runtime is Node.js itself (not Deno or Bun, whose node:crypto stands in): it has Ed448 and X448. */
function isNode(): boolean {
  const g = globalThis as { process?: { release?: { name?: unknown } }; Deno?: unknown; Bun?: unknown };
  return g.process?.release?.name === 'node' && g.Deno === undefined && g.Bun === undefined;
}

/** OpenSSL 3.2 or later under Node.js: Ed448 with a non-empty context. */
function ed448Context(): boolean {
  const v = (globalThis as { process?: { versions?: { openssl?: unknown } } }).process?.versions?.openssl;
  const [major = 0, minor = 0] = `${v as string}`.split('.').map(Number);
  return major > 3 || (major === 3 && minor >= 2);
}

// WebIDL conversions of the members (§3.2): a value that cannot be converted fails the check.
const bufferSource = (v: unknown): boolean =>
  (v instanceof ArrayBuffer ||
    (ArrayBuffer.isView(v) && !(typeof SharedArrayBuffer === 'function' && v.buffer instanceof SharedArrayBuffer))) &&
  !(typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer);
const byteLength = (v: unknown): number => (v as ArrayBuffer | ArrayBufferView).byteLength;
/** An integer type with [EnforceRange]: a finite number within 0..max once truncated. */
const integer =
  (max: number) =>
  (v: unknown): boolean => {
    if (typeof v === 'bigint' || typeof v === 'symbol') return false;
    const x = Math.trunc(Number(v));
    return Number.isFinite(Number(v)) && x >= 0 && x <= max;
  };
const int = (v: unknown): number => Math.trunc(Number(v));
const octet = integer(0xff);
const ushort = integer(0xffff);
const ulong = integer(0xffffffff);

const DIGESTS = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];
const CURVES = ['P-256', 'P-384', 'P-521'];
/** The HMAC key length without a length member: the hash's block size (WebCrypto, §30.5). */
const BLOCK_BITS: Readonly<Record<string, number>> = { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024, 'SHA-512': 1024 };
/** Each hash's output, in bits: HKDF derives at most 255 of them (RFC 5869, §2.3). */
const HASH_BITS: Readonly<Record<string, number>> = { 'SHA-1': 160, 'SHA-256': 256, 'SHA-384': 384, 'SHA-512': 512 };

/**
 * An RSA public exponent the runtimes generate keys with: odd, at least 3, and within 32 bits
 * (Node.js, BoringSSL and NSS take no larger one). Big-endian, as WebCrypto's BigInteger.
 */
function rsaExponent(v: unknown): boolean {
  if (!(v instanceof Uint8Array)) return false;
  let e = 0;
  for (const byte of v) {
    e = e * 256 + byte;
    if (e > 0xffffffff) return false;
  }
  return e >= 3 && (e & 1) === 1; // e < 2^32: its low bit survives ToInt32
}

const nameOf = (alg: unknown): string | undefined => {
  try {
    return upperName(alg);
  } catch {
    return undefined;
  }
};
/** A HashAlgorithmIdentifier, normalized for "digest". */
const hash: Member = [true, (v) => DIGESTS.includes(nameOf(v) ?? '')];
const named = (v: unknown): boolean => typeof v !== 'symbol' && CURVES.includes(`${v as string}`);
const buffer: Member = [true, bufferSource];
const optionalBuffer: Member = [false, bufferSource];
/** HmacKeyGenParams / HmacImportParams length: not 0, and whole bytes (as Node.js requires). */
const hmacLength: Member = [false, (v) => ulong(v) && int(v) !== 0 && (int(v) & 7) === 0];
const aesLength: Member = [true, (v) => ushort(v) && [128, 192, 256].includes(int(v))];

/** EcdhKeyDeriveParams' public: a public CryptoKey of the same algorithm (WebCrypto, §29.4.3 / §32). */
const publicKey: Member = [
  true,
  (v, params) => {
    if (typeof CryptoKey !== 'function' || !(v instanceof CryptoKey)) return false;
    return v.type === 'public' && upperName(v.algorithm.name) === nameOf(params);
  },
];

const RSA = ['RSASSA-PKCS1-V1_5', 'RSA-PSS', 'RSA-OAEP'];
const EC = ['ECDSA', 'ECDH'];
const AES = ['AES-CTR', 'AES-CBC', 'AES-GCM', 'AES-KW'];
const OKP = ['ED25519', 'X25519', 'ED448', 'X448'];
const none: Dictionary = {};
const each = (names: readonly string[], d: Dictionary): Record<string, Dictionary> =>
  Object.fromEntries(names.map((n) => [n, d]));

const CIPHERS: Readonly<Record<string, Dictionary>> = {
  'RSA-OAEP': { label: optionalBuffer },
  'AES-CTR': {
    counter: [true, (v) => bufferSource(v) && byteLength(v) === 16],
    length: [true, (v) => octet(v) && int(v) >= 1 && int(v) <= 128],
  },
  'AES-CBC': { iv: [true, (v) => bufferSource(v) && byteLength(v) === 16] },
  'AES-GCM': {
    iv: buffer,
    additionalData: optionalBuffer,
    tagLength: [false, (v) => octet(v) && [32, 64, 96, 104, 112, 120, 128].includes(int(v))],
  },
};
const SIGNATURES: Readonly<Record<string, Dictionary>> = {
  'RSASSA-PKCS1-V1_5': none,
  'RSA-PSS': { saltLength: [true, ulong] },
  ECDSA: { hash },
  HMAC: none,
  ED25519: none,
  ED448: { context: [false, (v) => bufferSource(v) && (byteLength(v) === 0 || ed448Context())] },
};

/** The registered algorithms of each operation and their parameter dictionaries (WebCrypto, §18.4). */
const TABLE: Readonly<Record<string, Readonly<Record<string, Dictionary>>>> = {
  encrypt: CIPHERS,
  decrypt: CIPHERS,
  sign: SIGNATURES,
  verify: SIGNATURES,
  digest: each(DIGESTS, none),
  generateKey: {
    // Node.js refuses RSA moduli under 512 bits.
    ...each(RSA, {
      modulusLength: [true, (v) => ulong(v) && int(v) >= 512],
      publicExponent: [true, rsaExponent],
      hash,
    }),
    ...each(EC, { namedCurve: [true, named] }),
    ...each(AES, { length: aesLength }),
    HMAC: { hash, length: hmacLength },
    ...each(OKP, none),
  },
  importKey: {
    ...each(RSA, { hash }),
    ...each(EC, { namedCurve: [true, named] }),
    HMAC: { hash, length: hmacLength },
    ...each([...AES, 'HKDF', 'PBKDF2', ...OKP], none),
  },
  exportKey: each([...RSA, ...EC, ...AES, 'HMAC', ...OKP], none),
  deriveBits: {
    ...each(['ECDH', 'X25519', 'X448'], { public: publicKey }),
    HKDF: { hash, salt: buffer, info: buffer },
    PBKDF2: { hash, iterations: [true, (v) => ulong(v) && int(v) !== 0], salt: buffer },
  },
  'get key length': {
    ...each(AES, { length: aesLength }),
    HMAC: { hash, length: hmacLength },
    HKDF: none,
    PBKDF2: none,
  },
  wrapKey: { 'AES-KW': none },
  unwrapKey: { 'AES-KW': none },
};

/** WebCrypto, §18.4.4 "normalizing an algorithm" for `op`: the name and its parameters, or undefined where it fails. */
function normalizeFor(op: string, alg: unknown): { name: string; params: Params } | undefined {
  const name = nameOf(alg);
  if (name === undefined) return undefined;
  if ((name === 'ED448' || name === 'X448') && !isNode()) return undefined;
  const dictionary = TABLE[op]?.[name];
  if (dictionary === undefined) return undefined;
  const params: Params = typeof alg === 'object' && alg !== null ? (alg as Params) : {};
  for (const [member, [required, check]] of Object.entries(dictionary)) {
    let value: unknown;
    try {
      value = params[member];
    } catch {
      return undefined;
    }
    if (value === undefined ? required : !check(value, params)) return undefined;
  }
  return { name, params };
}

/** The largest deriveBits length of an ECDH, X25519 or X448 key (the shared secret's bits). */
function maxDerivedBits(name: string, params: Params): number {
  if (name === 'X25519') return 256;
  if (name === 'X448') return 448;
  const curve = ((params.public as CryptoKey).algorithm as { namedCurve?: string }).namedCurve;
  return { 'P-256': 256, 'P-384': 384, 'P-521': 528 }[curve ?? ''] ?? 0;
}

/** "check support for an algorithm" (§4.6) for the runtime's algorithms. */
function check(op: string, alg: unknown, length: number | null): boolean {
  const n = normalizeFor(op, alg);
  if (n === undefined) {
    // §4.6: wrapKey and unwrapKey fall back to encrypt and decrypt.
    if (op === 'wrapKey') return check('encrypt', alg, null);
    if (op === 'unwrapKey') return check('decrypt', alg, null);
    return false;
  }
  if (op !== 'deriveBits') return true;
  // The deriveBits steps that need no key: HKDF's and PBKDF2's length (WebCrypto, §31.3, §32.3).
  if (n.name === 'HKDF' || n.name === 'PBKDF2') {
    if (length === null || (length & 7) !== 0) return false; // length < 2^32
    return n.name === 'PBKDF2' || length <= 255 * HASH_BITS[nameOf(n.params.hash) ?? '']!;
  }
  return length === null || length <= maxDerivedBits(n.name, n.params);
}

/** The "get key length" of a derived key's algorithm: its bits, null, or undefined where it fails. */
function keyLength(alg: unknown): number | null | undefined {
  const n = normalizeFor('get key length', alg);
  if (n === undefined) return undefined;
  if (n.name === 'HKDF' || n.name === 'PBKDF2') return null;
  const length = n.params.length;
  if (length !== undefined) return int(length);
  return BLOCK_BITS[nameOf(n.params.hash) ?? ''];
}

/**
 * SubtleCrypto.supports (§4.6) for an algorithm of the runtime's own, in a runtime that has no
 * supports method: `extra` is deriveBits' length or the additional algorithm of deriveKey,
 * wrapKey and unwrapKey.
 */
export function runtimeSupports(operation: string, algorithm: unknown, extra?: unknown): boolean {
  // The overloads: a third argument that is an object or a string is an additional algorithm.
  const additional = (typeof extra === 'object' && extra !== null) || typeof extra === 'string';
  if (!additional && operation !== 'deriveBits') extra = undefined;
  switch (operation) {
    case 'deriveKey': {
      if (!additional) return false; // the key's algorithm is needed to derive it
      if (!check('importKey', extra, null)) return false;
      const length = keyLength(extra);
      return length !== undefined && check('deriveBits', algorithm, length);
    }
    case 'wrapKey':
      return (!additional || check('exportKey', extra, null)) && check(operation, algorithm, null);
    case 'unwrapKey':
      return (!additional || check('importKey', extra, null)) && check(operation, algorithm, null);
    case 'deriveBits': {
      if (extra === undefined || extra === null) return check(operation, algorithm, null);
      return !additional && ulong(extra) && check(operation, algorithm, int(extra));
    }
    case 'getPublicKey': {
      const n = normalizeFor('exportKey', algorithm);
      return n !== undefined && PUBLIC_USAGES[n.name] !== undefined;
    }
    default:
      // TABLE's operations; encapsulation (none of the runtime's algorithms) or no operation: false.
      return operation !== 'get key length' && check(operation, algorithm, null);
  }
}
