// The curves by the runtime's own Web Crypto (crypto.subtle: X25519, and ECDH on P-256 and
// P-384), for the asynchronous doors only. Each curve is used only after a known-answer self-test
// on first use; a runtime that lacks it or fails the test (WebKitGTK refuses X25519) gets
// @noble/curves instead. What the runtimes need, and how this file meets it:
// - Web Crypto imports no raw private key: a scalar goes in as PKCS#8 (RFC 8410 for X25519,
//   RFC 5915 inside RFC 5208 for the NIST curves), non-extractable.
// - Not every runtime can derive the public key (Firefox has no getPublicKey, and exports no JWK
//   of a P-curve key imported without its public key): getPublicKey where it works, else
//   X25519(k, 9) by deriveBits with the base point, else (P-256, P-384) the reference
//   implementation's d·G, which then travels in the PKCS#8.
// - deriveBits refuses an all-zero X25519 result: the Group's low-order check runs before, and
//   a non-canonical u is reduced first (RFC 7748, §5 defines X25519 on u mod p with bit 255 masked),
//   so that no runtime's handling of those inputs matters.
// Only multiplications happen here: the Group has checked every scalar and element before.
import { wipe } from '../../ct.js';
import { MlKemError } from '../../errors.js';
import { detail } from '../../random.js';
import type { AsyncCurveImpl, AsyncCurveKey, AsyncElement, CurveImpl, Ephemeral } from './curve.js';
import { GENERATOR, LEADING_ZERO, fromHex, offsetView, toHex } from './native.js';

type CurveName = 'X25519' | 'P-256' | 'P-384';

/** The methods of SubtleCrypto used here, bound to the runtime's own object. */
export interface CurveSubtle {
  importKey(format: string, data: Uint8Array, algorithm: object, extractable: boolean, usages: string[]): Promise<unknown>;
  exportKey(format: 'raw', key: unknown): Promise<ArrayBuffer>;
  deriveBits(algorithm: { name: string; public: unknown }, key: unknown, length: number): Promise<ArrayBuffer>;
  generateKey(algorithm: object, extractable: boolean, usages: string[]): Promise<{ publicKey: unknown; privateKey: unknown }>;
  getPublicKey?(key: unknown, usages: string[]): Promise<unknown>;
}

/** How a loaded scalar's public element is computed (see the top of the file). */
type PublicFrom = 'getPublicKey' | 'base-point' | 'reference';

interface WebElement extends AsyncElement {
  readonly key: unknown;
}

/** A fresh copy of what deriveBits or exportKey returned, the original wiped (it may be a secret). */
function take(buffer: ArrayBuffer): Uint8Array {
  const view = new Uint8Array(buffer);
  const out = view.slice();
  view.fill(0);
  return out;
}

const P = 2n ** 255n - 19n;

/** u with bit 255 masked and reduced mod p (RFC 7748, §5): the only change is for u in [p, 2^255). */
function canonicalU(u: Uint8Array): Uint8Array {
  const out = u.slice();
  out[31] = out[31]! & 0x7f;
  let x = 0n;
  for (let i = 31; i >= 0; i--) x = (x << 8n) | BigInt(out[i]!); // u is public: BigInt is fine
  if (x >= P) {
    x -= P;
    for (let i = 0; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  }
  return out;
}

const DER_LENGTH = (n: number): number[] => (n < 0x80 ? [n] : [0x81, n]);

/** PKCS#8 (RFC 5208) of an X25519 scalar (RFC 8410, §7). */
function x25519Pkcs8(k: Uint8Array): Uint8Array {
  const der = new Uint8Array(48);
  der.set(fromHex('302e020100300506032b656e04220420'));
  der.set(k, 16);
  return der;
}

const CURVE_OID = { 'P-256': '2a8648ce3d030107', 'P-384': '2b81040022' } as const;

/**
 * PKCS#8 (RFC 5208) of an ECPrivateKey (RFC 5915) with scalar d and, if given, its public point.
 * Only the lengths and the public parts pass through arrays: d is copied once, into the result
 * (which the caller wipes), so that no copy of it is left in a value nobody can wipe.
 */
function ecPkcs8(name: 'P-256' | 'P-384', d: Uint8Array, publicKey?: Uint8Array): Uint8Array {
  const pub = publicKey === undefined ? [] : [0xa1, ...DER_LENGTH(publicKey.length + 3), 0x03, ...DER_LENGTH(publicKey.length + 1), 0x00, ...publicKey];
  const oid = fromHex(CURVE_OID[name]);
  const algorithm = [0x30, 9 + 2 + oid.length, 0x06, 0x07, ...fromHex('2a8648ce3d0201'), 0x06, oid.length, ...oid];
  const ecKeyLength = 5 + d.length + pub.length; // version 1, then the OCTET STRING's tag and length
  const octetsLength = 1 + DER_LENGTH(ecKeyLength).length + ecKeyLength;
  const bodyLength = 3 + algorithm.length + 1 + DER_LENGTH(octetsLength).length + octetsLength;
  const head = [
    ...[0x30, ...DER_LENGTH(bodyLength), 0x02, 0x01, 0x00, ...algorithm],
    ...[0x04, ...DER_LENGTH(octetsLength), 0x30, ...DER_LENGTH(ecKeyLength), 0x02, 0x01, 0x01, 0x04, d.length],
  ];
  const der = new Uint8Array(head.length + d.length + pub.length);
  der.set(head);
  der.set(d, head.length);
  der.set(pub, head.length + d.length);
  return der;
}

/** The Web Crypto implementation of a curve on `subtle`, computing public elements as `publicFrom` says. */
export function webCryptoImpl(name: CurveName, subtle: CurveSubtle, publicFrom: PublicFrom, reference: CurveImpl): AsyncCurveImpl {
  const x = name === 'X25519';
  const algorithm = x ? { name: 'X25519' } : { name: 'ECDH', namedCurve: name };
  const bits = name === 'P-384' ? 384 : 256;
  const element = async (bytes: Uint8Array): Promise<WebElement> => ({
    bytes,
    key: await subtle.importKey('raw', x ? canonicalU(bytes) : bytes.slice(), algorithm, true, []),
  });
  let basePoint: Promise<WebElement> | undefined;
  const keyOf = (privateKey: unknown, publicKey: Uint8Array): AsyncCurveKey => ({
    publicKey,
    sharedSecret: async (peer: AsyncElement) => take(await subtle.deriveBits({ name: algorithm.name, public: (peer as WebElement).key }, privateKey, bits)),
    dispose: () => {
      // A CryptoKey keeps its scalar until collected; Web Crypto offers no way to clear it.
    },
  });

  async function load(scalar: Uint8Array): Promise<AsyncCurveKey> {
    let der: Uint8Array | undefined;
    try {
      let publicKey: Uint8Array | undefined;
      if (publicFrom === 'reference') {
        const ref = reference.load(scalar);
        try {
          publicKey = ref.publicKey();
        } finally {
          ref.dispose();
        }
      }
      der = x ? x25519Pkcs8(scalar) : ecPkcs8(name as 'P-256' | 'P-384', scalar, publicKey);
      const privateKey = await subtle.importKey('pkcs8', der, algorithm, false, ['deriveBits']);
      if (publicFrom === 'getPublicKey') publicKey = take(await subtle.exportKey('raw', await subtle.getPublicKey!(privateKey, [])));
      const key = keyOf(privateKey, publicKey ?? new Uint8Array(0));
      if (publicFrom === 'base-point') {
        basePoint ??= element(fromHex(`09${'00'.repeat(31)}`));
        return keyOf(privateKey, await key.sharedSecret(await basePoint));
      }
      return key;
    } finally {
      wipe(der);
    }
  }

  /**
   * Web Crypto's own key pair (Generate Key), whose scalar never leaves it; its public key exported
   * and its secret with the peer derived side by side.
   */
  async function ephemeral(peer: AsyncElement | undefined): Promise<Ephemeral> {
    const pair = await subtle.generateKey(algorithm, false, ['deriveBits']);
    const [publicKey, sharedSecret] = await Promise.all([subtle.exportKey('raw', pair.publicKey), peer && keyOf(pair.privateKey, new Uint8Array(0)).sharedSecret(peer)]);
    return { publicKey: take(publicKey), sharedSecret };
  }

  // Where the runtime cannot give a P-curve public key (Firefox, WebKitGTK), its generateKey is the
  // slow part (WebKitGTK's P-256 one took longer than noble's whole encapsulation in
  // `npm run bench:browser`): there an encapsulation loads a scalar of ours instead, its d·G from
  // the reference's fixed-base multiplication.
  if (publicFrom === 'reference') return Object.freeze({ path: 'webcrypto', load, element } as const);
  return Object.freeze({ path: 'webcrypto', load, element, ephemeral } as const);
}

/**
 * The known answers: RFC 7748, §6.1 (Alice's pair and her secret with Bob); scalars whose X25519(k, 9)
 * starts or ends with a zero byte (shared secret with u = 9 as well as public key), and a scalar
 * with a leading zero byte against a u above p with bit 255 set. For the NIST curves, d = 1 and the
 * d of LEADING_ZERO (whose d·G begins with a zero byte), each as public key and with both points.
 * A platform that trims leading zeros, mangles a scalar's bytes or refuses the key fails here.
 */
async function selfTest(impl: AsyncCurveImpl, name: CurveName): Promise<boolean> {
  const cases: Array<{ d: string; pub: string; peers: Array<[string, string]> }> = [];
  if (name === 'X25519') {
    const nine = `09${'00'.repeat(31)}`;
    cases.push(
      {
        d: '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
        pub: '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
        peers: [['de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f', '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742']],
      },
      { d: `3812${'5a'.repeat(30)}`, pub: '0085933f88b7b09637cf6428f761962d14355015e3640beed0bbb3edeb4e0864', peers: [[nine, '0085933f88b7b09637cf6428f761962d14355015e3640beed0bbb3edeb4e0864']] },
      { d: `2000${'5a'.repeat(30)}`, pub: '16bb997204f97e11781db0e7bd608d7c382670bbfe7beef1e62ce7a385dce300', peers: [[nine, '16bb997204f97e11781db0e7bd608d7c382670bbfe7beef1e62ce7a385dce300']] },
      {
        d: `00${'a5'.repeat(31)}`,
        pub: 'e41176026c5e696cee662dbfebe27cb0786397fcf3f7ef386b08d3dca440ef59',
        peers: [['ff'.repeat(32), '3165df85273923e52d1ac4ffbba7d8a1a4fe6bddac57c9e627d96b2be95cc015']],
      },
    );
  } else {
    const L = name === 'P-256' ? 32 : 48;
    const [lzd, lzPoint] = LEADING_ZERO[name];
    const g = GENERATOR[name];
    const xOf = (point: string) => point.slice(2, 2 + 2 * L);
    cases.push(
      { d: '01'.padStart(2 * L, '0'), pub: g, peers: [[g, xOf(g)], [lzPoint, xOf(lzPoint)]] },
      { d: lzd.padStart(2 * L, '0'), pub: lzPoint, peers: [[g, xOf(lzPoint)]] },
    );
  }
  for (const c of cases) {
    const key = await impl.load(offsetView(c.d));
    try {
      if (toHex(key.publicKey) !== c.pub) return false;
      for (const [peer, secret] of c.peers) if (toHex(await key.sharedSecret(await impl.element(offsetView(peer)))) !== secret) return false;
    } finally {
      key.dispose();
    }
  }
  // ephemeral(), where offered: its public key and its secret with a known key agree with that key's side.
  if (impl.ephemeral === undefined) return true;
  const known = await impl.load(offsetView(cases[0]!.d));
  const fresh = await impl.ephemeral(await impl.element(known.publicKey));
  const theirs = await known.sharedSecret(await impl.element(fresh.publicKey));
  return fresh.sharedSecret?.length === (name === 'P-384' ? 48 : 32) && toHex(fresh.sharedSecret) === toHex(theirs);
}

/** The runtime's own SubtleCrypto, as it was before any install() of mlkem-ts/webcrypto patched it. */
function runtimeSubtle(): CurveSubtle | undefined {
  try {
    const subtle = (globalThis as unknown as { crypto?: { subtle?: Record<string | symbol, unknown> } }).crypto?.subtle;
    if (subtle === undefined || subtle === null) return undefined;
    const installed = subtle[Symbol.for('mlkem-ts/webcrypto installed')] as { native?: { subtle?: Record<string, unknown> } } | undefined;
    const source = installed?.native?.subtle ?? subtle;
    const bound: Record<string, unknown> = {};
    for (const m of ['importKey', 'exportKey', 'deriveBits', 'generateKey', 'getPublicKey']) {
      const f = source[m];
      if (typeof f === 'function') bound[m] = (f as (...a: unknown[]) => unknown).bind(subtle);
    }
    return ['importKey', 'exportKey', 'deriveBits', 'generateKey'].every((m) => m in bound) ? (bound as unknown as CurveSubtle) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Web Crypto implementation of a curve on `subtle` that passes the self-test, trying the ways
 * of computing public elements in turn; undefined where none does (or the runtime lacks the curve).
 */
export async function testedWebCryptoImpl(name: CurveName, subtle: CurveSubtle, reference: CurveImpl): Promise<AsyncCurveImpl | undefined> {
  const ways: PublicFrom[] = typeof subtle.getPublicKey === 'function' ? ['getPublicKey'] : [];
  ways.push(name === 'X25519' ? 'base-point' : 'reference');
  for (const way of ways) {
    const impl = webCryptoImpl(name, subtle, way, reference);
    try {
      if (await selfTest(impl, name)) return guarded(name, impl);
    } catch {
      // refused (NotSupportedError, OperationError, DataError...): not this way
    }
  }
  return undefined;
}

/**
 * A Web Crypto curve that passed its self-test, its every call guarded: what the platform throws
 * afterwards (it has no reason to, for inputs the Group has checked) is an MlKemError
 * ERR_PLATFORM with the platform's error as cause, never a DOMException.
 */
function guarded(name: CurveName, impl: AsyncCurveImpl): AsyncCurveImpl {
  const run = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (err) {
      throw new MlKemError('ERR_PLATFORM', `the runtime's Web Crypto ${name} failed after passing its self-test${detail(err)}`, { cause: err });
    }
  };
  const guard = (key: AsyncCurveKey): AsyncCurveKey => ({
    publicKey: key.publicKey,
    sharedSecret: (peer) => run(() => key.sharedSecret(peer)),
    dispose: () => key.dispose(),
  });
  return Object.freeze({
    path: impl.path,
    load: async (scalar: Uint8Array) => guard(await run(() => impl.load(scalar))),
    element: (bytes: Uint8Array) => run(() => impl.element(bytes)),
    ...(impl.ephemeral === undefined ? {} : { ephemeral: (peer: AsyncElement | undefined) => run(() => impl.ephemeral!(peer)) }),
  });
}

/**
 * How long the self-test of one curve may take (all its ways together). A runtime whose Web
 * Crypto has not answered by then is treated as one that fails it: the curve runs on noble.
 * The test takes milliseconds where the runtime has the curve; the limit is for one that never answers.
 */
export const SELF_TEST_LIMIT_MS = 5000;

/** `test`'s answer, or undefined if it rejects or has not settled after `ms` (where the runtime has timers). */
function withinLimit<T>(test: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  if (typeof setTimeout !== 'function') return test.catch(() => undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    const settle = (value: T | undefined) => {
      clearTimeout(timer);
      resolve(value);
    };
    test.then(settle, () => settle(undefined));
  });
}

const chosen = new Map<CurveName, Promise<AsyncCurveImpl | undefined>>();

/**
 * The runtime's Web Crypto curve, self-tested once (on first use); undefined where it is missing,
 * fails the test or does not finish it within SELF_TEST_LIMIT_MS. The answer is kept: it never rejects.
 */
export function webCryptoCurve(name: CurveName, reference: CurveImpl): Promise<AsyncCurveImpl | undefined> {
  let p = chosen.get(name);
  if (p === undefined) {
    const subtle = runtimeSubtle();
    chosen.set(name, (p = subtle === undefined ? Promise.resolve(undefined) : withinLimit(testedWebCryptoImpl(name, subtle, reference), SELF_TEST_LIMIT_MS)));
  }
  return p;
}
