// The curves by node:crypto (OpenSSL in Node.js; Deno and Bun provide the same API), reached at
// run time through node-builtin.ts, never imported, so that a browser bundle holds no Node
// built-in. A curve takes the first of its forms that passes the self-test (curve.ts's
// passesSelfTest), on first use; choose.ts says when it serves.
//
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
import { decodeBase64url, encodeBase64url } from '../../bytes.js';
import { wipe } from '../../ct.js';
import { hiddenMap } from '../../hidden-map.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import { builtinNodeCrypto } from '../../node-builtin.js';
import {
  type CurveImpl,
  type CurveKey,
  type CurveUse,
  type Group,
  type NativeForm,
  passesSelfTest,
  platformGuard,
} from './curve.js';
import { ecAlgorithm, ecPrivateKey, ecPublicPart, fromHex, prefixedPkcs8, takeSecret, tlv, toHex } from './encoding.js';

/** The parts of node:crypto used here (declared, so that no type is imported from node:). */
interface KeyObject {
  export(options: { format: string; type?: string }): Uint8Array | { x?: string };
}
type Ecdh = object;
interface NodeCrypto {
  createPrivateKey(options: object): KeyObject;
  createPublicKey(options: object): KeyObject;
  diffieHellman(options: { privateKey: KeyObject; publicKey: KeyObject }): Uint8Array;
  createECDH(curve: string): Ecdh;
  ECDH?: { convertKey?: unknown };
  createHmac?: unknown;
}

/**
 * What the curves use of node:crypto, captured once: the module's functions read when a form's
 * self-test starts, and the methods of the objects they make on first use (which the self-test
 * makes). A later change to the module object or to a prototype does not change what a curve that
 * passed computes.
 */
interface Platform extends NodeCrypto {
  /** obj's method `name` (looked up on its first call and kept), called with args. */
  call<T>(obj: object, name: string, args: unknown[]): T;
}

/** A caller of methods by name, each looked up on the first object it is called on, and kept. */
function firstMethods(): <T>(obj: object, name: string, args: unknown[]) => T {
  const [methods, apply] = [hiddenMap<string, (...args: unknown[]) => unknown>(true), Reflect.apply];
  return <T>(obj: object, name: string, args: unknown[]): T => {
    let m = methods.get(name);
    if (m === undefined) {
      m = (obj as Record<string, (...args: unknown[]) => unknown>)[name]!;
      if (typeof m !== 'function') throw new TypeError(`node:crypto: no ${name}`);
      methods.set(name, m);
    }
    return apply(m, obj, args) as T;
  };
}

function capture(c: NodeCrypto): Platform {
  const { createPrivateKey, createPublicKey, diffieHellman, createECDH } = c;
  const apply = Reflect.apply;
  return Object.freeze({
    createPrivateKey: (options: object) => apply(createPrivateKey, c, [options]) as KeyObject,
    createPublicKey: (options: object) => apply(createPublicKey, c, [options]) as KeyObject,
    diffieHellman: (options: { privateKey: KeyObject; publicKey: KeyObject }) =>
      apply(diffieHellman, c, [options]) as Uint8Array,
    createECDH: (curve: string) => apply(createECDH, c, [curve]) as Ecdh,
    call: firstMethods(),
  });
}

/** A native curve that passed its self-test, its every call guarded (platformGuard). */
function guarded(name: string, impl: CurveImpl): CurveImpl {
  const run = platformGuard(`the runtime's native ${name} (node:crypto)`);
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

let nodeCrypto: NodeCrypto | null | undefined;

/** node:crypto if the runtime has it (node-builtin.ts), looked up once. */
function getNodeCrypto(): NodeCrypto | undefined {
  if (nodeCrypto === undefined) {
    const mod = builtinNodeCrypto();
    nodeCrypto = mod !== null && typeof mod === 'object' ? (mod as NodeCrypto) : null;
  }
  return nodeCrypto ?? undefined;
}

/** A KeyObject or an ECDH object keeps its scalar until collected; node:crypto offers no way to clear it. */
const keptByPlatform = (): void => {};

/** A curve on KeyObjects: the scalar imported once, each peer per call, shared secrets by diffieHellman. */
function keyObjectImpl(
  c: Platform,
  privateKey: (k: Uint8Array) => KeyObject,
  peer: (q: Uint8Array) => KeyObject,
  publicOf: (key: KeyObject) => Uint8Array,
): CurveImpl {
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const key = privateKey(scalar);
      return {
        publicKey: () => publicOf(key),
        sharedSecret: (q: Uint8Array) => takeSecret(c.diffieHellman({ privateKey: key, publicKey: peer(q) })),
        dispose: keptByPlatform,
      };
    },
  } as const);
}

function ecdhImpl(c: Platform, opensslName: string): CurveImpl {
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array): CurveKey {
      const ecdh = c.createECDH(opensslName);
      c.call(ecdh, 'setPrivateKey', [own(scalar)]);
      return {
        publicKey: () => copyOut(c.call<Uint8Array>(ecdh, 'getPublicKey', [])), // uncompressed: the default
        sharedSecret: (q: Uint8Array) => takeSecret(c.call<Uint8Array>(ecdh, 'computeSecret', [own(q)])), // the x-coordinate (SEC 1 §3.3.1)
        dispose: keptByPlatform,
      };
    },
  } as const);
}

function sec1Impl(c: Platform, opensslName: string, oid: Uint8Array): CurveImpl {
  const once = ecdhImpl(c, opensslName);
  const spki = (q: Uint8Array): Uint8Array =>
    Uint8Array.from(tlv(0x30, [...ecAlgorithm(oid), ...tlv(0x03, [0x00, ...q])]));
  return Object.freeze({
    path: 'native',
    load(scalar: Uint8Array, use?: CurveUse): CurveKey {
      const ecdh = once.load(scalar);
      if (use !== 'kept') return ecdh;
      // Our copy of d until the KeyObject, made on the first shared secret (not at all for a keygen's public key), holds its own.
      const d = scalar.slice();
      let key: KeyObject | undefined;
      const privateKey = (): KeyObject =>
        (key ??= imported(
          ecPrivateKey(d, [...tlv(0xa0, tlv(0x06, [...oid])), ...ecPublicPart(ecdh.publicKey())]),
          (der) => {
            const k = c.createPrivateKey({ key: der, format: 'der', type: 'sec1' });
            wipe(d);
            return k;
          },
        ));
      const curveKey: CurveKey = {
        publicKey: () => ecdh.publicKey(),
        sharedSecret: (q: Uint8Array) =>
          takeSecret(
            c.diffieHellman({
              privateKey: privateKey(),
              publicKey: c.createPublicKey({ key: spki(q), format: 'der', type: 'spki' }),
            }),
          ),
        // Our copy is wiped; the ECDH object and the KeyObject keep theirs until collected.
        dispose: () => wipe(d),
      };
      recordSecrets(curveKey, { arrays: [d], parts: [] }); // @test-hook
      return curveKey;
    },
  } as const);
}

/** The curve data native.ts reads. */
type NativeGroup = Pick<Group, 'name' | 'pkcs8' | 'native'>;

/** A curve's native implementation in one form (undefined: a form the curve's kind has not). */
function nativeImpl(c: Platform, g: NativeGroup, form: NativeForm): CurveImpl | undefined {
  const keys = g.native.keys;
  const okp = 'okp' in keys;
  if (form === 'raw') {
    const type = okp ? { asymmetricKeyType: keys.okp } : { asymmetricKeyType: 'ec', namedCurve: keys.namedCurve };
    const exported = okp ? { format: 'raw-public' } : { format: 'raw-public', type: 'uncompressed' };
    return keyObjectImpl(
      c,
      (k) => imported(own(k), (key) => c.createPrivateKey({ key, format: 'raw-private', ...type })),
      (q) => c.createPublicKey({ key: own(q), format: 'raw-public', ...type }),
      (key) => copyOut(c.call<Uint8Array>(c.createPublicKey(key), 'export', [exported])),
    );
  }
  if (okp) {
    if (form !== 'pkcs8' || !('prefix' in g.pkcs8)) return undefined;
    const prefix = g.pkcs8.prefix;
    return keyObjectImpl(
      c,
      (k) => imported(prefixedPkcs8(prefix, k), (key) => c.createPrivateKey({ key, format: 'der', type: 'pkcs8' })),
      (u) => c.createPublicKey({ key: { kty: 'OKP', crv: keys.jwkCrv, x: encodeBase64url(u) }, format: 'jwk' }),
      (key) =>
        decodeBase64url(
          c.call<{ x: string }>(c.createPublicKey(key), 'export', [{ format: 'jwk' }]).x,
          `${g.name} public key`,
        ),
    );
  }
  if (form === 'ecdh') return ecdhImpl(c, keys.opensslName);
  return form === 'sec1' && 'ecOid' in g.pkcs8 ? sec1Impl(c, keys.opensslName, fromHex(g.pkcs8.ecOid)) : undefined;
}

const forms = /* @__PURE__ */ hiddenMap<string, NativeForm>(true);

/** @internal Which form of native code a curve took (after its first use), for the tests. */
export function nativeForm(name: string): NativeForm | undefined {
  return forms.get(name);
}

/**
 * The native implementation of a curve: the first of `ways` (choose.ts's nativeForms of the
 * curve's) that passes the self-test against `reference` (@noble/curves); undefined where the
 * runtime has no node:crypto or none passes. Each call tests anew: choose.ts keeps the answer.
 */
export function nativeCurve(g: NativeGroup, reference: CurveImpl, ways: readonly NativeForm[]): CurveImpl | undefined {
  const mod = getNodeCrypto();
  if (mod === undefined) return undefined;
  for (const form of ways) {
    const impl = nativeImpl(capture(mod), g, form);
    if (impl !== undefined && passesSelfTest(impl, g.native, reference)) {
      forms.set(g.name, form);
      return guarded(g.name, impl);
    }
  }
  return undefined;
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
    const [call, apply] = [firstMethods(), Reflect.apply]; // captured: a later Reflect.apply never sees the key
    const hmac = (key: Uint8Array, data: readonly Uint8Array[]): Uint8Array => {
      const h = apply(createHmac as () => object, c, ['sha256', key]) as object;
      for (const d of data) call(h, 'update', [d]);
      return takeSecret(call<Uint8Array>(h, 'digest', []));
    };
    const known = (): boolean => {
      try {
        const prk = hmac(new Uint8Array(32), [new Uint8Array(22).fill(0x0b)]);
        return (
          toHex(prk) === '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04' &&
          toHex(hmac(prk, [Uint8Array.of(1)])) === '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d'
        );
      } catch {
        return false; // a platform function that throws is not used
      }
    };
    hmacSha256 = typeof createHmac === 'function' && known() ? hmac : null;
  }
  return hmacSha256 ?? undefined;
}
