// The curves by the runtime's own code: node:crypto (OpenSSL in Node.js; Deno and Bun provide the
// same API), reached at run time through process.getBuiltinModule, never imported, so that a
// browser bundle holds no Node built-in. Each curve is used only after a known-answer self-test,
// on first use; where node:crypto is missing or fails it, the hybrids use @noble/curves instead.
// Only multiplications happen here: the Group has checked every scalar and element before.
import { decodeBase64url, encodeBase64url } from '../../bytes.js';
import { MlKemError } from '../../errors.js';
import { detail } from '../../random.js';
import type { CurveImpl, CurveKey } from './curve.js';

/** The parts of node:crypto used here (declared, so that no type is imported from node:). */
interface KeyObject {
  export(options: { format: string; type?: string }): Uint8Array | { x?: string };
}
interface Ecdh {
  setPrivateKey(key: Uint8Array): void;
  getPublicKey(): Uint8Array;
  computeSecret(peer: Uint8Array): Uint8Array;
}
interface NodeCrypto {
  createPrivateKey(options: object): KeyObject;
  createPublicKey(options: object): KeyObject;
  diffieHellman(options: { privateKey: KeyObject; publicKey: KeyObject }): Uint8Array;
  createECDH(curve: string): Ecdh;
}

/**
 * What the curves use of node:crypto, captured once: the module's functions read when a curve's
 * self-test starts, and the methods of the objects they make on first use (which the self-test
 * makes). A later change to the module object or to a prototype does not change what a curve that
 * passed computes.
 */
interface Platform {
  createPrivateKey(options: object): KeyObject;
  createPublicKey(options: object): KeyObject;
  diffieHellman(options: { privateKey: KeyObject; publicKey: KeyObject }): Uint8Array;
  exportKey(key: KeyObject, options: { format: string; type?: string }): Uint8Array | { x?: string };
  createECDH(curve: string): Ecdh;
  setPrivateKey(ecdh: Ecdh, key: Uint8Array): void;
  getPublicKey(ecdh: Ecdh): Uint8Array;
  computeSecret(ecdh: Ecdh, peer: Uint8Array): Uint8Array;
}

function capture(c: NodeCrypto): Platform {
  const { createPrivateKey, createPublicKey, diffieHellman, createECDH } = c;
  const apply = Reflect.apply;
  const methods = new Map<string, (...args: unknown[]) => unknown>();
  /** obj's method `name`, looked up on its first call and kept. */
  const call = <T>(obj: object, name: string, args: unknown[]): T => {
    let m = methods.get(name);
    if (m === undefined) {
      m = (obj as Record<string, (...args: unknown[]) => unknown>)[name]!;
      if (typeof m !== 'function') throw new TypeError(`node:crypto: no ${name}`);
      methods.set(name, m);
    }
    return apply(m, obj, args) as T;
  };
  return Object.freeze({
    createPrivateKey: (options: object) => apply(createPrivateKey, c, [options]) as KeyObject,
    createPublicKey: (options: object) => apply(createPublicKey, c, [options]) as KeyObject,
    diffieHellman: (options: { privateKey: KeyObject; publicKey: KeyObject }) => apply(diffieHellman, c, [options]) as Uint8Array,
    exportKey: (key: KeyObject, options: { format: string; type?: string }) => call<Uint8Array | { x?: string }>(key, 'export', [options]),
    createECDH: (curve: string) => apply(createECDH, c, [curve]) as Ecdh,
    setPrivateKey: (ecdh: Ecdh, key: Uint8Array) => call<void>(ecdh, 'setPrivateKey', [key]),
    getPublicKey: (ecdh: Ecdh) => call<Uint8Array>(ecdh, 'getPublicKey', []),
    computeSecret: (ecdh: Ecdh, peer: Uint8Array) => call<Uint8Array>(ecdh, 'computeSecret', [peer]),
  });
}

/**
 * A native curve that passed its self-test, its every call guarded: what the platform throws
 * afterwards (it has no reason to, for inputs the Group has checked) is an MlKemError
 * ERR_PLATFORM with the platform's error as cause, never a foreign error.
 */
function guarded(name: string, impl: CurveImpl): CurveImpl {
  const run = <T>(f: () => T): T => {
    try {
      return f();
    } catch (err) {
      throw new MlKemError('ERR_PLATFORM', `the runtime's native ${name} (node:crypto) failed after passing its self-test${detail(err)}`, { cause: err });
    }
  };
  return Object.freeze({
    path: impl.path,
    load(scalar: Uint8Array): CurveKey {
      const key = run(() => impl.load(scalar));
      return {
        publicKey: () => run(() => key.publicKey()),
        sharedSecret: (peer: Uint8Array) => run(() => key.sharedSecret(peer)),
        dispose: () => key.dispose(),
      };
    },
  });
}

let nodeCrypto: NodeCrypto | null | undefined;

/** node:crypto if the runtime has it, through process.getBuiltinModule (Node ≥ 20.16, Deno, Bun). */
function getNodeCrypto(): NodeCrypto | undefined {
  if (nodeCrypto === undefined) {
    nodeCrypto = null;
    try {
      const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
      const mod = typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule('node:crypto') : undefined;
      if (mod !== null && typeof mod === 'object') nodeCrypto = mod as NodeCrypto;
    } catch {
      // no process, or a getter that throws: no native path
    }
  }
  return nodeCrypto ?? undefined;
}

/**
 * A copy of an input for the platform, on a buffer of its own at offset 0: Deno 2.9's ECDH
 * reads a view's whole buffer, ignoring its offset (the self-tests pass views to catch that).
 * The copy then belongs to the platform and is not wiped: Deno's ECDH keeps the very array given
 * to setPrivateKey, so wiping it would zero the key. Like a KeyObject, it lives until collected.
 */
const own = (bytes: Uint8Array): Uint8Array => bytes.slice();

/**
 * A KeyObject made from our copy of a secret, which is wiped once the KeyObject holds its own
 * (createPrivateKey parses its input; a platform that kept the array instead would lose its key
 * and fail the self-test, and so would not be used).
 */
function imported(secret: Uint8Array, create: (bytes: Uint8Array) => KeyObject): KeyObject {
  try {
    return create(secret);
  } finally {
    secret.fill(0);
  }
}

/** A fresh plain Uint8Array copy of a public value the platform returned (which may be its own state). */
const copyOut = (buffer: Uint8Array): Uint8Array => new Uint8Array(buffer);

/** A fresh plain Uint8Array copy of a shared secret the platform returned, which is then wiped. */
function takeSecret(buffer: Uint8Array): Uint8Array {
  const out = new Uint8Array(buffer);
  buffer.fill(0);
  return out;
}

export const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16));

/** Runs a self-test; a native curve that throws or answers wrongly is not used. */
function passes(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}

export const toHex = (a: Uint8Array): string => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
const sameBytes = (a: Uint8Array, hex: string): boolean => toHex(a) === hex;

// ---------------------------------------------------------------------------------------------
// X25519 (RFC 7748) through KeyObjects

/** PKCS#8 header of an X25519 private key (RFC 8410), for runtimes without the 'raw-private' format. */
const X25519_PKCS8 = '302e020100300506032b656e04220420';

function nativeX25519Impl(c: Platform, raw: boolean): CurveImpl {
  const privateKey = (k: Uint8Array): KeyObject => {
    if (raw) return imported(own(k), (key) => c.createPrivateKey({ key, format: 'raw-private', asymmetricKeyType: 'x25519' }));
    const der = new Uint8Array(48);
    der.set(fromHex(X25519_PKCS8));
    der.set(k, 16);
    return imported(der, (key) => c.createPrivateKey({ key, format: 'der', type: 'pkcs8' }));
  };
  // Where the raw formats are missing (Node 20), a JWK carries the public keys: OpenSSL 3.0
  // decodes one in a few µs, a DER SubjectPublicKeyInfo in tens, and a PKCS#8 private key in
  // about 300 (bench/hybrid-native-micro.ts) — the cost a hybrid key object pays once.
  const publicKey = (u: Uint8Array): KeyObject =>
    raw
      ? c.createPublicKey({ key: u, format: 'raw-public', asymmetricKeyType: 'x25519' })
      : c.createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: encodeBase64url(u) }, format: 'jwk' });
  const exportPublic = (key: KeyObject): Uint8Array => {
    const pub = c.createPublicKey(key);
    if (raw) return copyOut(c.exportKey(pub, { format: 'raw-public' }) as Uint8Array);
    return decodeBase64url((c.exportKey(pub, { format: 'jwk' }) as { x: string }).x, 'X25519 public key');
  };
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const key = privateKey(scalar);
      return {
        publicKey: () => exportPublic(key),
        sharedSecret: (u: Uint8Array) => takeSecret(c.diffieHellman({ privateKey: key, publicKey: publicKey(own(u)) })),
        dispose: () => {
          // A KeyObject keeps its scalar until collected; node:crypto offers no way to clear it.
        },
      };
    },
  } as const);
}

/** The bytes of hex as a view at offset 1 of a larger buffer, as the hybrids pass their inputs. */
export const offsetView = (hex: string): Uint8Array => fromHex(`00${hex}00`).subarray(1, 1 + (hex.length >> 1));

/** RFC 7748, §6.1: Alice's key pair and her shared secret with Bob, inputs given as offset views. */
function x25519SelfTest(impl: CurveImpl): boolean {
  const alice = impl.load(offsetView('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a'));
  return (
    sameBytes(alice.publicKey(), '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a') &&
    sameBytes(
      alice.sharedSecret(offsetView('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f')),
      '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    )
  );
}

/**
 * The native curve gives the reference implementation's bytes for full-width scalars (one with a
 * leading zero byte) and a peer that is not the base point: a platform that mangles part of a
 * scalar or a point passes a test with small or special values, not this one.
 */
function agrees(impl: CurveImpl, reference: CurveImpl, scalars: readonly string[], peer: string): boolean {
  for (const hex of scalars) {
    const ours = impl.load(offsetView(hex));
    const theirs = reference.load(offsetView(hex));
    try {
      if (toHex(ours.publicKey()) !== toHex(theirs.publicKey())) return false;
      if (toHex(ours.sharedSecret(offsetView(peer))) !== toHex(theirs.sharedSecret(fromHex(peer)))) return false;
    } finally {
      ours.dispose();
      theirs.dispose();
    }
  }
  return true;
}

let x25519Native: CurveImpl | null | undefined;

/**
 * Native X25519, or undefined where the runtime has none that passes the self-tests: RFC 7748's,
 * and agreement with `reference` (@noble/curves) on a u with bit 255 set and above p.
 */
export function nativeX25519(reference: CurveImpl): CurveImpl | undefined {
  if (x25519Native === undefined) {
    x25519Native = null;
    const c = getNodeCrypto();
    if (c) {
      for (const raw of [true, false]) {
        const impl = nativeX25519Impl(capture(c), raw);
        if (passes(() => x25519SelfTest(impl) && agrees(impl, reference, ['5a'.repeat(32), `00${'a5'.repeat(31)}`], 'ff'.repeat(32)))) {
          x25519Native = guarded('X25519', impl);
          break;
        }
      }
    }
  }
  return x25519Native ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// P-256 and P-384, in one of two forms (bench/hybrid-native-micro.ts has the costs):
// - 'ecdh', the ECDH class, whose setPrivateKey takes the raw scalar. Its first computeSecret on
//   a key computes d·G once more: nothing on P-256, where OpenSSL has precomputed tables, but as
//   long as the ECDH itself on P-384 (≈ 500 µs, Node 26).
// - 'raw', KeyObjects imported in the 'raw-private' / 'raw-public' formats where the runtime has
//   them (Node 26), which compute d·G once: P-384 encapsulation ≈ 1,000 µs instead of 1,500.
//   Without those formats a KeyObject comes from DER or JWK, which costs more than it saves.

const OPENSSL_NAME = { 'P-256': 'prime256v1', 'P-384': 'secp384r1' } as const;

function nativeNistRawImpl(c: Platform, name: 'P-256' | 'P-384'): CurveImpl {
  const raw = { asymmetricKeyType: 'ec', namedCurve: name } as const;
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const key = imported(own(scalar), (bytes) => c.createPrivateKey({ key: bytes, format: 'raw-private', ...raw }));
      return {
        publicKey: () => copyOut(c.exportKey(c.createPublicKey(key), { format: 'raw-public', type: 'uncompressed' }) as Uint8Array),
        sharedSecret: (q: Uint8Array) =>
          takeSecret(c.diffieHellman({ privateKey: key, publicKey: c.createPublicKey({ key: own(q), format: 'raw-public', ...raw }) })),
        dispose: () => {
          // A KeyObject keeps its scalar until collected; node:crypto offers no way to clear it.
        },
      };
    },
  } as const);
}

function nativeNistEcdhImpl(c: Platform, name: 'P-256' | 'P-384'): CurveImpl {
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const ecdh = c.createECDH(OPENSSL_NAME[name]);
      c.setPrivateKey(ecdh, own(scalar));
      return {
        publicKey: () => copyOut(c.getPublicKey(ecdh)), // uncompressed: the default
        sharedSecret: (q: Uint8Array) => takeSecret(c.computeSecret(ecdh, own(q))), // the x-coordinate (SEC 1 §3.3.1)
        dispose: () => {
          // The ECDH object keeps its scalar until collected; node:crypto offers no way to clear it.
        },
      };
    },
  } as const);
}

/** The generators (SP 800-186, §3.2.1), the public key of the scalar 1. */
export const GENERATOR = {
  'P-256':
    '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5',
  'P-384':
    '04aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab73617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f',
} as const;

/**
 * d·G for the smallest d whose x-coordinate starts with a zero byte (P-256: d = 0x17b, P-384:
 * d = 0xc5; @noble/curves and OpenSSL agree): a platform that trims leading zeros fails on it.
 */
export const LEADING_ZERO = {
  'P-256': [
    '017b',
    '04005543894af3d00ed7d740abdbd75c96b06877b787db5f70eea78b90a8d7c00abb4c85a3d8ea29efaafa24406912dd84d5b14dc32bf656ef6c6bd58a5d943f92',
  ],
  'P-384': [
    'c5',
    '04004d104b26ee5671f72c10c986841d3e65d285e2516161b7baa341b12631b9e32b6f0d5896d8431c51d5d93a37cbc90ef11a1e3f8b7b90538ee42cc00ee934a6e2ee25541607d8fb65c7a8b11e2f886853886eef3865ec933200b9f25599f29f',
  ],
} as const;

/**
 * For d = 1 and the d of LEADING_ZERO: d·G as the public key, and its x-coordinate as the shared
 * secret of d with G, inputs given as offset views.
 */
function nistSelfTest(impl: CurveImpl, name: 'P-256' | 'P-384'): boolean {
  const L = name === 'P-256' ? 32 : 48;
  const cases: Array<[string, string]> = [['01', GENERATOR[name]], [...LEADING_ZERO[name]]];
  return cases.every(([d, point]) => {
    const key = impl.load(offsetView(d.padStart(2 * L, '0')));
    try {
      return sameBytes(key.publicKey(), point) && sameBytes(key.sharedSecret(offsetView(GENERATOR[name])), point.slice(2, 2 + 2 * L));
    } finally {
      key.dispose();
    }
  });
}

const nistNative: Record<'P-256' | 'P-384', CurveImpl | null | undefined> = { 'P-256': undefined, 'P-384': undefined };
const nistForm: Record<'P-256' | 'P-384', 'raw' | 'ecdh' | undefined> = { 'P-256': undefined, 'P-384': undefined };

/** @internal Which form of native code a curve took (after its first use), for test/hybrid/node26.test.ts. */
export function nativeNistForm(name: 'P-256' | 'P-384'): 'raw' | 'ecdh' | undefined {
  return nistForm[name];
}

/**
 * Native P-256 or P-384, or undefined where the runtime has none that passes the self-tests: the
 * scalar 1 with G, and agreement with `reference` (@noble/curves) on full-width scalars and a peer
 * that is not G (run once, on first use: a few noble multiplications, about 3 ms for P-384).
 * P-384 tries the 'raw' form first, P-256 uses the 'ecdh' form (see above).
 */
export function nativeNist(name: 'P-256' | 'P-384', reference: CurveImpl): CurveImpl | undefined {
  if (nistNative[name] === undefined) {
    nistNative[name] = null;
    const c = getNodeCrypto();
    if (c) {
      const L = name === 'P-256' ? 32 : 48;
      const agreesFully = (impl: CurveImpl) => {
        const peer = reference.load(fromHex('3c'.repeat(L)));
        try {
          return agrees(impl, reference, ['5a'.repeat(L), `00${'a5'.repeat(L - 1)}`], toHex(peer.publicKey()));
        } finally {
          peer.dispose();
        }
      };
      const forms = name === 'P-384' ? (['raw', 'ecdh'] as const) : (['ecdh'] as const);
      for (const form of forms) {
        const impl = (form === 'raw' ? nativeNistRawImpl : nativeNistEcdhImpl)(capture(c), name);
        if (passes(() => nistSelfTest(impl, name) && agreesFully(impl))) {
          nistNative[name] = guarded(name, impl);
          nistForm[name] = form;
          break;
        }
      }
    }
  }
  return nistNative[name] ?? undefined;
}
