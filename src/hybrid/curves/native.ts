// The curves by the runtime's own code: node:crypto (OpenSSL in Node.js; Deno and Bun provide the
// same API), reached at run time through node-builtin.ts, never imported, so that a
// browser bundle holds no Node built-in. Each curve is used only after a known-answer self-test,
// on first use; where node:crypto is missing or fails it, the hybrids use @noble/curves instead.
// Only multiplications happen here: the Group has checked every scalar and element before.
import { decodeBase64url, encodeBase64url } from '../../bytes.js';
import { wipe } from '../../ct.js';
import { MlKemError } from '../../errors.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import { builtinNodeCrypto } from '../../node-builtin.js';
import { detail } from '../../random.js';
import type { CurveChoice, CurveImpl, CurveKey, CurveUse, Group, KnownAnswer, NativeForm } from './curve.js';
import { ecAlgorithm, ecPrivateKey, ecPublicPart, fromHex, offsetView, prefixedPkcs8, tlv, toHex } from './encoding.js';

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
  ECDH?: { convertKey?: unknown };
  createHmac?: unknown;
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

/** A caller of methods by name, each looked up on the first object it is called on, and kept. */
function firstMethods(): <T>(obj: object, name: string, args: unknown[]) => T {
  const methods = new Map<string, (...args: unknown[]) => unknown>();
  return <T>(obj: object, name: string, args: unknown[]): T => {
    let m = methods.get(name);
    if (m === undefined) {
      m = (obj as Record<string, (...args: unknown[]) => unknown>)[name]!;
      if (typeof m !== 'function') throw new TypeError(`node:crypto: no ${name}`);
      methods.set(name, m);
    }
    return Reflect.apply(m, obj, args) as T;
  };
}

function capture(c: NodeCrypto): Platform {
  const { createPrivateKey, createPublicKey, diffieHellman, createECDH } = c;
  const apply = Reflect.apply;
  const call = firstMethods();
  return Object.freeze({
    createPrivateKey: (options: object) => apply(createPrivateKey, c, [options]) as KeyObject,
    createPublicKey: (options: object) => apply(createPublicKey, c, [options]) as KeyObject,
    diffieHellman: (options: { privateKey: KeyObject; publicKey: KeyObject }) =>
      apply(diffieHellman, c, [options]) as Uint8Array,
    exportKey: (key: KeyObject, options: { format: string; type?: string }) =>
      call<Uint8Array | { x?: string }>(key, 'export', [options]),
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
      throw new MlKemError(
        'ERR_PLATFORM',
        `the runtime's native ${name} (node:crypto) failed after passing its self-test${detail(err)}`,
        { cause: err },
      );
    }
  };
  return Object.freeze({
    path: impl.path,
    load(scalar: Uint8Array, use?: CurveUse): CurveKey {
      const key = run(() => impl.load(scalar, use));
      const outer: CurveKey = {
        publicKey: () => run(() => key.publicKey()),
        sharedSecret: (peer: Uint8Array) => run(() => key.sharedSecret(peer)),
        dispose: () => key.dispose(),
      };
      recordSecrets(outer, { arrays: [], parts: [key] }); // @test-hook
      return outer;
    },
  });
}

let nodeCrypto: NodeCrypto | null | undefined;

/** node:crypto if the runtime has it (node-builtin.ts), looked up once. */
function getNodeCrypto(): NodeCrypto | undefined {
  if (nodeCrypto === undefined) {
    const mod = builtinNodeCrypto();
    nodeCrypto = mod !== null && typeof mod === 'object' ? (mod as NodeCrypto) : null;
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

/** Runs a self-test; a native curve that throws or answers wrongly is not used. */
function passes(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}

const sameBytes = (a: Uint8Array, hex: string): boolean => toHex(a) === hex;

// ---------------------------------------------------------------------------------------------
// The forms (bench/hybrid-native-micro.ts has the costs):
// - 'raw', KeyObjects imported in the 'raw-private' / 'raw-public' formats where the runtime has
//   them (Node 26), which compute d·G once: P-384 encapsulation ≈ 1,000 µs instead of 1,500.
// - 'pkcs8' (OKP curves, where the raw formats are missing): the scalar in PKCS#8, public keys in
//   a JWK, which OpenSSL 3.0 decodes in a few µs (a DER SubjectPublicKeyInfo takes tens, and a
//   PKCS#8 private key about 300: the cost a hybrid key object pays once).
// - 'ecdh' (EC curves), the ECDH class, whose setPrivateKey takes the raw scalar. Its first
//   computeSecret on a key computes d·G once more: nothing on P-256, where OpenSSL has
//   precomputed tables, but as long as the ECDH itself on P-384 (≈ 500 µs, Node 26). Without the
//   raw formats an EC KeyObject comes from DER or JWK, which costs more than it saves, except:
// - 'sec1' (P-384 on OpenSSL 3.0, Node 20), whose computeSecret checks the key pair on every
//   call: a scalar used once keeps the ECDH class; a kept one computes d·G there, and its shared
//   secrets by diffieHellman on a KeyObject, made on the first one from an ECPrivateKey (SEC 1)
//   that carries d·G so that OpenSSL does not compute it again, with peers from DER
//   SubjectPublicKeyInfo (a JWK import checks n·Q): ≈ 1,500 µs CPU against computeSecret's 2,100.
//   Making and first using the KeyObject costs ≈ 700 µs, about what one shared secret saves.

/** The curve data native.ts reads. */
type NativeGroup = Pick<Group, 'name' | 'pkcs8' | 'native'>;

function nativeOkpImpl(c: Platform, g: NativeGroup, okp: string, jwkCrv: string, raw: boolean): CurveImpl {
  const prefix = 'prefix' in g.pkcs8 ? g.pkcs8.prefix : '';
  const privateKey = (k: Uint8Array): KeyObject => {
    if (raw)
      return imported(own(k), (key) => c.createPrivateKey({ key, format: 'raw-private', asymmetricKeyType: okp }));
    return imported(prefixedPkcs8(prefix, k), (key) => c.createPrivateKey({ key, format: 'der', type: 'pkcs8' }));
  };
  const publicKey = (u: Uint8Array): KeyObject =>
    raw
      ? c.createPublicKey({ key: u, format: 'raw-public', asymmetricKeyType: okp })
      : c.createPublicKey({ key: { kty: 'OKP', crv: jwkCrv, x: encodeBase64url(u) }, format: 'jwk' });
  const exportPublic = (key: KeyObject): Uint8Array => {
    const pub = c.createPublicKey(key);
    if (raw) return copyOut(c.exportKey(pub, { format: 'raw-public' }) as Uint8Array);
    return decodeBase64url((c.exportKey(pub, { format: 'jwk' }) as { x: string }).x, `${g.name} public key`);
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

function nativeEcRawImpl(c: Platform, namedCurve: string): CurveImpl {
  const raw = { asymmetricKeyType: 'ec', namedCurve } as const;
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const key = imported(own(scalar), (bytes) => c.createPrivateKey({ key: bytes, format: 'raw-private', ...raw }));
      return {
        publicKey: () =>
          copyOut(c.exportKey(c.createPublicKey(key), { format: 'raw-public', type: 'uncompressed' }) as Uint8Array),
        sharedSecret: (q: Uint8Array) =>
          takeSecret(
            c.diffieHellman({
              privateKey: key,
              publicKey: c.createPublicKey({ key: own(q), format: 'raw-public', ...raw }),
            }),
          ),
        dispose: () => {
          // A KeyObject keeps its scalar until collected; node:crypto offers no way to clear it.
        },
      };
    },
  } as const);
}

function nativeEcSec1Impl(c: Platform, opensslName: string, oid: Uint8Array): CurveImpl {
  const once = nativeEcdhImpl(c, opensslName);
  const spki = (q: Uint8Array): Uint8Array =>
    Uint8Array.from(tlv(0x30, [...ecAlgorithm(oid), ...tlv(0x03, [0x00, ...q])]));
  const tail = (q: Uint8Array): number[] => [...tlv(0xa0, tlv(0x06, [...oid])), ...ecPublicPart(q)];
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array, use?: CurveUse): CurveKey {
      const ecdh = once.load(scalar);
      if (use !== 'kept') return ecdh;
      // Our copy of d until the KeyObject, made on the first shared secret (not at all for a keygen's public key), holds its own.
      const d = scalar.slice();
      let key: KeyObject | undefined;
      const privateKey = (): KeyObject =>
        (key ??= imported(ecPrivateKey(d, tail(ecdh.publicKey())), (der) => {
          const k = c.createPrivateKey({ key: der, format: 'der', type: 'sec1' });
          wipe(d);
          return k;
        }));
      const curveKey: CurveKey = {
        publicKey: () => ecdh.publicKey(),
        sharedSecret: (q: Uint8Array) =>
          takeSecret(
            c.diffieHellman({
              privateKey: privateKey(),
              publicKey: c.createPublicKey({ key: spki(q), format: 'der', type: 'spki' }),
            }),
          ),
        dispose: () => {
          // Our copy is wiped; the ECDH object and the KeyObject keep theirs until collected.
          wipe(d);
        },
      };
      recordSecrets(curveKey, { arrays: [d], parts: [] }); // @test-hook
      return curveKey;
    },
  } as const);
}

function nativeEcdhImpl(c: Platform, opensslName: string): CurveImpl {
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const ecdh = c.createECDH(opensslName);
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

/** A curve's native implementation in one form (undefined: a form the curve's kind has not). */
function nativeImpl(c: Platform, g: NativeGroup, form: NativeForm): CurveImpl | undefined {
  const keys = g.native.keys;
  if ('okp' in keys) return form === 'ecdh' ? undefined : nativeOkpImpl(c, g, keys.okp, keys.jwkCrv, form === 'raw');
  if (form === 'raw') return nativeEcRawImpl(c, keys.namedCurve);
  // Only where it was measured faster (see the forms above); elsewhere the ECDH class is as fast.
  if (form === 'sec1')
    return openSsl30() && 'ecOid' in g.pkcs8
      ? nativeEcSec1Impl(c, keys.opensslName, fromHex(g.pkcs8.ecOid))
      : undefined;
  return form === 'ecdh' ? nativeEcdhImpl(c, keys.opensslName) : undefined;
}

/**
 * The known answers (RFC 7748, §6.1; a NIST curve's d·G), inputs given as offset views, by a key
 * loaded for one use and by a kept one (which may take another way through node:crypto).
 */
function answersKnown(impl: CurveImpl, answers: readonly KnownAnswer[]): boolean {
  for (const use of ['once', 'kept'] as const) {
    for (const a of answers) {
      const key = impl.load(offsetView(a.d), use);
      try {
        if (!sameBytes(key.publicKey(), a.pub)) return false;
        for (const [peer, secret] of a.peers) if (!sameBytes(key.sharedSecret(offsetView(peer)), secret)) return false;
      } finally {
        key.dispose();
      }
    }
  }
  return true;
}

/**
 * The native curve gives the reference implementation's bytes for full-width scalars (one with a
 * leading zero byte) and a peer that is not the base point: a platform that mangles part of a
 * scalar or a point passes a test with small or special values, not this one. Kept keys, the
 * long-lived ones.
 */
function agrees(impl: CurveImpl, reference: CurveImpl, scalars: readonly string[], peer: string): boolean {
  for (const hex of scalars) {
    const ours = impl.load(offsetView(hex), 'kept');
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

const forms = new Map<string, NativeForm>();

/** @internal Which form of native code a curve took (after its first use), for test/hybrid/node26.test.ts. */
export function nativeForm(name: string): NativeForm | undefined {
  return forms.get(name);
}

/**
 * The native implementation of a curve, found on first use: the first of its forms that passes
 * the self-tests (its known answers, and agreement with `reference`, @noble/curves); undefined
 * where the runtime has none that does.
 */
export function nativeCurve(g: NativeGroup, reference: CurveImpl): () => CurveImpl | undefined {
  let native: CurveImpl | null | undefined;
  return () => {
    if (native === undefined) {
      native = null;
      const c = getNodeCrypto();
      if (c) {
        const { forms: ways, knownAnswers, agreement } = g.native;
        for (const form of ways) {
          const impl = nativeImpl(capture(c), g, form);
          if (
            impl !== undefined &&
            passes(() => answersKnown(impl, knownAnswers) && agrees(impl, reference, agreement.scalars, agreement.peer))
          ) {
            native = guarded(g.name, impl);
            forms.set(g.name, form);
            break;
          }
        }
      }
    }
    return native ?? undefined;
  };
}

/** The OpenSSL version of Node.js's own node:crypto; undefined elsewhere (Deno and Bun report a version that is not their code's). */
function nodeOpenSsl(): readonly [major: number, minor: number] | undefined {
  const g = globalThis as { process?: { versions?: { openssl?: unknown } }; Deno?: unknown; Bun?: unknown };
  const v = g.Deno === undefined && g.Bun === undefined ? g.process?.versions?.openssl : undefined;
  const m = typeof v === 'string' ? /^(\d+)\.(\d+)\./.exec(v) : null;
  return m === null ? undefined : [Number(m[1]), Number(m[2])];
}

/**
 * True where node:crypto is Node.js's own over OpenSSL 3.0 (Node 20), whose key decoders make the
 * PKCS#8 import of an X25519 scalar cost about 0.5 ms, against 0.05 ms on OpenSSL 3.5 (Node 26;
 * bench/x25519-paths.ts), and whose P-384 computeSecret is slower than diffieHellman ('sec1').
 */
export function openSsl30(): boolean {
  const v = nodeOpenSsl();
  return v !== undefined && (v[0] < 3 || (v[0] === 3 && v[1] === 0));
}

/**
 * The shared secrets a kept X25519 key runs on the module before it loads itself into node:crypto
 * on OpenSSL 3.0: about the native load's cost in shared secrets saved (a load ≈ 450 µs, a shared
 * secret ≈ 55 µs against the module's 85; bench/x25519-paths.ts), so that a key used a few times
 * never pays the load, and one used often pays it once: at most about 1.6 times the better of the two.
 */
export const KEPT_TRIAL = 8;

/** Which implementation serves each use of a scalar (perUse). */
interface Uses {
  readonly public: CurveImpl;
  readonly once: CurveImpl;
  readonly kept: CurveImpl;
  /** How many shared secrets a kept key runs on `once` (which also gives its public element) before it loads into `kept`; 0: none. */
  readonly trial: number;
}

/** One implementation for each use of a scalar; a kept key's copy for its later load is wiped on dispose. */
function perUse(u: Uses): CurveImpl {
  return Object.freeze({
    path: u.once.path,
    load(scalar: Uint8Array, use: CurveUse = 'once'): CurveKey {
      if (use !== 'kept') return u[use].load(scalar, use);
      if (u.trial === 0) return u.kept.load(scalar, use);
      const copy = scalar.slice();
      const first = u.once.load(copy);
      let uses = 0;
      let later: CurveKey | undefined;
      const key: CurveKey = {
        publicKey: () => first.publicKey(),
        sharedSecret(peer: Uint8Array): Uint8Array {
          if (later === undefined && ++uses > u.trial) later = u.kept.load(copy, 'kept');
          return (later ?? first).sharedSecret(peer);
        },
        dispose: () => {
          first.dispose();
          later?.dispose();
          wipe(copy);
        },
      };
      recordSecrets(key, { arrays: [copy], parts: [first] }); // @test-hook
      return key;
    },
  } as const);
}

const perUseOf = new WeakMap<CurveImpl, { native: CurveImpl; slow: boolean; impl: CurveImpl }>();

/**
 * 'auto' in Node.js with both node:crypto and the WebAssembly module (X25519), per use. A keygen's
 * public element alone: the module's fixed-base code (Node 26: ≈ 33 µs CPU against a native
 * load's 55). On OpenSSL 3.0 also a scalar used once (a native load ≈ 450 µs), and a kept key's
 * first KEPT_TRIAL shared secrets; node:crypto for the rest (its shared secret on a loaded key
 * ≈ 50 µs against the module's 85; Node 26: an encapsulation 108 against 126).
 */
function perUseX25519(module: CurveImpl, native: CurveImpl): CurveImpl {
  const slow = openSsl30();
  let p = perUseOf.get(module);
  if (p?.native !== native || p.slow !== slow) {
    const once = slow ? module : native;
    const impl = perUse({ public: module, once, kept: native, trial: slow ? KEPT_TRIAL : 0 });
    perUseOf.set(module, (p = { native, slow, impl }));
  }
  return p.impl;
}

/**
 * A Group's impl(): noble or the WebAssembly module's when asked, else native where it passes its
 * self-tests; 'auto' then falls back to the module's, where the curve has one and the app has
 * loaded it, else to noble. In Node.js, 'auto' with both native and the module's is chosen per
 * use (perUseX25519).
 */
export function chooseImpl(
  name: string,
  choice: CurveChoice,
  native: () => CurveImpl | undefined,
  noble: CurveImpl,
  wasm?: () => CurveImpl | undefined,
): CurveImpl {
  if (choice === 'noble') return noble;
  if (choice === 'wasm') {
    // A curve the module does not have: 'wasm' is then noble, as 'auto' is in a browser.
    if (wasm === undefined) return noble;
    const impl = wasm();
    if (impl) return impl;
    throw new Error(`${name}: no WebAssembly ${name}: the WebAssembly backend is not loaded (loadWasm, loadWasmSync)`);
  }
  const impl = native();
  if (impl !== undefined && choice === 'auto' && nodeOpenSsl() !== undefined) {
    const module = wasm?.();
    if (module !== undefined) return perUseX25519(module, impl);
  }
  if (impl) return impl;
  if (choice === 'native') throw new Error(`${name}: this runtime has no native ${name} (node:crypto)`);
  return wasm?.() ?? noble;
}

let ecdhClass: { convertKey?: unknown } | null | undefined;
let convertKey: unknown;

/**
 * The uncompressed form of a compressed point by node:crypto's ECDH.convertKey (captured on first
 * use), a fresh copy; undefined where the runtime has none, or it refuses or fails. Public data,
 * unchecked: nist.ts's decompress checks the answer.
 */
export function nativeUncompressed(opensslName: string, q: Uint8Array): Uint8Array | undefined {
  if (ecdhClass === undefined) convertKey = (ecdhClass = getNodeCrypto()?.ECDH ?? null)?.convertKey;
  try {
    const args = [own(q), opensslName, undefined, undefined, 'uncompressed'];
    const u = typeof convertKey === 'function' ? (Reflect.apply(convertKey, ecdhClass, args) as unknown) : undefined;
    return u instanceof Uint8Array ? copyOut(u) : undefined;
  } catch {
    return undefined; // not a point, or no such curve: @noble/curves decides
  }
}

let hmacSha256: ((key: Uint8Array, data: readonly Uint8Array[]) => Uint8Array) | null | undefined;

/**
 * node:crypto's HMAC-SHA-256 of the concatenated data, for noble's KitchenSink; undefined where the
 * runtime has none, or it fails RFC 5869's test case 3 (SHA-256, no salt: PRK and OKM are two
 * HMACs). createHmac, and the update and digest of the object it makes, are captured at that test,
 * so a later change to node:crypto or Hmac.prototype neither sees the data nor changes the result.
 */
export function nativeHmacSha256(): ((key: Uint8Array, data: readonly Uint8Array[]) => Uint8Array) | undefined {
  if (hmacSha256 === undefined) {
    const c = getNodeCrypto();
    const createHmac = c?.createHmac;
    const call = firstMethods();
    const hmac = (key: Uint8Array, data: readonly Uint8Array[]): Uint8Array => {
      const h = Reflect.apply(createHmac as () => object, c, ['sha256', key]) as object;
      for (const d of data) call(h, 'update', [d]);
      return takeSecret(call<Uint8Array>(h, 'digest', []));
    };
    const known = (): boolean => {
      const prk = hmac(new Uint8Array(32), [new Uint8Array(22).fill(0x0b)]);
      return (
        sameBytes(prk, '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04') &&
        sameBytes(hmac(prk, [Uint8Array.of(1)]), '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d')
      );
    };
    hmacSha256 = typeof createHmac === 'function' && passes(known) ? hmac : null;
  }
  return hmacSha256 ?? undefined;
}
