// The curves by the runtime's own Web Crypto (crypto.subtle: X25519, and ECDH on P-256 and
// P-384), for the asynchronous doors only. Each curve is used only after a known-answer self-test
// on first use; a runtime that lacks it or fails the test (WebKitGTK refuses X25519) gets
// @noble/curves instead. What the runtimes need, and how this file meets it:
// - Web Crypto imports no raw private key: a scalar goes in as PKCS#8 (RFC 8410 for X25519,
//   RFC 5915 inside RFC 5208 for the NIST curves), non-extractable.
// - Not every runtime can derive the public key (Firefox has no getPublicKey, and exports no JWK
//   of a P-curve key imported without its public key). So: getPublicKey where it works, else
//   X25519(k, 9) by deriveBits, else (P-256, P-384) the reference implementation's d·G, which
//   then travels in the PKCS#8.
// - deriveBits refuses an all-zero X25519 result: the Group's low-order check runs before, and
//   a non-canonical u is reduced first (RFC 7748, §5 defines X25519 on u mod p with bit 255 masked),
//   so that no runtime's handling of those inputs matters.
import { wipe } from '../../ct.js';
import { hiddenMap } from '../../hidden-map.js';
import {
  type AsyncCurveChoice,
  type AsyncCurveImpl,
  type AsyncCurveKey,
  type AsyncElement,
  type CurveImpl,
  type Ephemeral,
  type Group,
  lift,
  platformGuard,
  publicElement,
} from './curve.js';
import {
  ecAlgorithm,
  ecPrivateKey,
  ecPublicPart,
  fromHex,
  offsetView,
  prefixedPkcs8,
  takeSecret,
  tlv,
  toHex,
} from './encoding.js';

/** The curve data this file reads: every difference between curves is one of these fields. */
type WebCryptoGroup = Pick<Group, 'name' | 'secretBytes' | 'pkcs8' | 'webCrypto'>;

/** The methods of SubtleCrypto used here, bound to the runtime's own object. */
export interface CurveSubtle {
  importKey(
    format: string,
    data: Uint8Array,
    algorithm: object,
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  exportKey(format: 'raw', key: unknown): Promise<ArrayBuffer>;
  deriveBits(algorithm: { name: string; public: unknown }, key: unknown, length: number): Promise<ArrayBuffer>;
  generateKey(
    algorithm: object,
    extractable: boolean,
    usages: string[],
  ): Promise<{ publicKey: unknown; privateKey: unknown }>;
  getPublicKey?(key: unknown, usages: string[]): Promise<unknown>;
}

/** How a loaded scalar's public element is computed (see the top of the file). */
type PublicFrom = 'getPublicKey' | 'base-point' | 'reference';

interface WebElement extends AsyncElement {
  readonly key: unknown;
}

/** A fresh copy of what deriveBits or exportKey returned, the original wiped (it may be a secret). */
const take = (buffer: ArrayBuffer): Uint8Array => takeSecret(new Uint8Array(buffer));

/** PKCS#8 (RFC 5208) of an ECPrivateKey (RFC 5915) with scalar d and, if given, its public point; the caller wipes it. */
const ecPkcs8 = (curveOid: string, d: Uint8Array, publicKey?: Uint8Array): Uint8Array =>
  ecPrivateKey(d, publicKey === undefined ? [] : ecPublicPart(publicKey), (ec) =>
    tlv(0x30, [0x02, 0x01, 0x00, ...ecAlgorithm(fromHex(curveOid)), ...tlv(0x04, ec)]),
  );

/** The Web Crypto implementation of a curve on `subtle`, computing public elements as `publicFrom` says. */
export function webCryptoImpl(
  group: WebCryptoGroup,
  subtle: CurveSubtle,
  publicFrom: PublicFrom,
  reference: CurveImpl,
): AsyncCurveImpl {
  const { algorithm, rawElement, basePoint: base } = group.webCrypto;
  const { pkcs8 } = group;
  const bits = 8 * group.secretBytes;
  const element = async (bytes: Uint8Array): Promise<WebElement> => ({
    bytes,
    key: await subtle.importKey('raw', rawElement(bytes), algorithm, true, []),
  });
  let basePoint: Promise<WebElement> | undefined;
  const keyOf = (privateKey: unknown, publicKey: Uint8Array): AsyncCurveKey => ({
    publicKey,
    sharedSecret: async (peer: AsyncElement) =>
      take(await subtle.deriveBits({ name: algorithm.name, public: (peer as WebElement).key }, privateKey, bits)),
    dispose: () => {}, // a CryptoKey keeps its scalar until collected; Web Crypto offers no way to clear it
  });

  async function load(scalar: Uint8Array): Promise<AsyncCurveKey> {
    let der: Uint8Array | undefined;
    try {
      let publicKey = publicFrom === 'reference' ? publicElement(reference, scalar) : undefined;
      der = 'prefix' in pkcs8 ? prefixedPkcs8(pkcs8.prefix, scalar) : ecPkcs8(pkcs8.ecOid, scalar, publicKey);
      const privateKey = await subtle.importKey('pkcs8', der, algorithm, false, ['deriveBits']);
      if (publicFrom === 'getPublicKey')
        publicKey = take(await subtle.exportKey('raw', await subtle.getPublicKey!(privateKey, [])));
      const key = keyOf(privateKey, publicKey ?? new Uint8Array(0));
      if (publicFrom === 'base-point') {
        basePoint ??= element(fromHex(base!));
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
    const secret = peer && keyOf(pair.privateKey, new Uint8Array(0)).sharedSecret(peer);
    try {
      const [publicKey, sharedSecret] = await Promise.all([subtle.exportKey('raw', pair.publicKey), secret]);
      return { publicKey: take(publicKey), sharedSecret };
    } catch (err) {
      // The export failed first: the secret, derived side by side, has no owner but us.
      secret?.then(wipe, () => undefined);
      throw err;
    }
  }

  // Where the runtime cannot give a P-curve public key (Firefox, WebKitGTK), its generateKey is the
  // slow part (see `npm run bench:browser`). There an encapsulation loads a scalar of ours instead,
  // its d·G from the reference's fixed-base multiplication.
  if (publicFrom === 'reference') return Object.freeze({ path: 'webcrypto', load, element } as const);
  return Object.freeze({ path: 'webcrypto', load, element, ephemeral } as const);
}

/**
 * The curve's known answers (its Group's webCrypto.knownAnswers: X25519's of RFC 7748 and with
 * zero bytes at either end; a NIST curve's d·G with leading zero bytes), inputs given as offset
 * views. A platform that trims leading zeros, mangles a scalar's bytes or refuses the key fails here.
 */
async function selfTest(impl: AsyncCurveImpl, group: WebCryptoGroup): Promise<boolean> {
  const cases = group.webCrypto.knownAnswers;
  for (const c of cases) {
    const key = await impl.load(offsetView(c.d));
    try {
      if (toHex(key.publicKey) !== c.pub) return false;
      for (const [peer, secret] of c.peers)
        if (toHex(await key.sharedSecret(await impl.element(offsetView(peer)))) !== secret) return false;
    } finally {
      key.dispose();
    }
  }
  // ephemeral(), where offered: its public key and its secret with a known key agree with that key's side.
  if (impl.ephemeral === undefined) return true;
  const known = await impl.load(offsetView(cases[0]!.d));
  const fresh = await impl.ephemeral(await impl.element(known.publicKey));
  const theirs = await known.sharedSecret(await impl.element(fresh.publicKey));
  return fresh.sharedSecret?.length === group.secretBytes && toHex(fresh.sharedSecret) === toHex(theirs);
}

/** The runtime's own SubtleCrypto, as it was before any install() of mlkem-ts/webcrypto patched it. */
function runtimeSubtle(): CurveSubtle | undefined {
  try {
    const subtle = (globalThis as unknown as { crypto?: { subtle?: Record<string | symbol, unknown> } }).crypto?.subtle;
    if (subtle === undefined || subtle === null) return undefined;
    const installed = subtle[Symbol.for('mlkem-ts/webcrypto installed')] as
      | { native?: { subtle?: Record<string, unknown> } }
      | undefined;
    const source = installed?.native?.subtle ?? subtle;
    const bound: Record<string, unknown> = {};
    for (const m of ['importKey', 'exportKey', 'deriveBits', 'generateKey', 'getPublicKey']) {
      const f = source[m];
      if (typeof f === 'function') bound[m] = (f as (...a: unknown[]) => unknown).bind(subtle);
    }
    return ['importKey', 'exportKey', 'deriveBits', 'generateKey'].every((m) => m in bound)
      ? (bound as unknown as CurveSubtle)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Web Crypto implementation of a curve on `subtle` that passes the self-test, trying the ways
 * of computing public elements in turn; undefined where none does (or the runtime lacks the curve).
 */
export async function testedWebCryptoImpl(
  group: WebCryptoGroup,
  subtle: CurveSubtle,
  reference: CurveImpl,
): Promise<AsyncCurveImpl | undefined> {
  const ways: PublicFrom[] = typeof subtle.getPublicKey === 'function' ? ['getPublicKey'] : [];
  ways.push(group.webCrypto.basePoint === undefined ? 'reference' : 'base-point');
  for (const way of ways) {
    const impl = webCryptoImpl(group, subtle, way, reference);
    try {
      if (await selfTest(impl, group)) return guarded(group.name, impl);
    } catch {
      // refused (NotSupportedError, OperationError, DataError...): not this way
    }
  }
  return undefined;
}

/** A Web Crypto curve that passed its self-test, its every call guarded (platformGuard): never a DOMException. */
function guarded(name: string, impl: AsyncCurveImpl): AsyncCurveImpl {
  const run = platformGuard(`the runtime's Web Crypto ${name}`);
  return Object.freeze({
    path: impl.path,
    load: (scalar: Uint8Array) =>
      run(() => impl.load(scalar)).then((key: AsyncCurveKey) => ({
        publicKey: key.publicKey,
        sharedSecret: (peer: AsyncElement) => run(() => key.sharedSecret(peer)),
        dispose: () => key.dispose(),
      })),
    element: (bytes: Uint8Array) => run(() => impl.element(bytes)),
    ...(impl.ephemeral === undefined
      ? {}
      : { ephemeral: (peer: AsyncElement | undefined) => run(() => impl.ephemeral!(peer)) }),
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

const chosen = /* @__PURE__ */ hiddenMap<string, Promise<AsyncCurveImpl | undefined>>(true);

/**
 * The runtime's Web Crypto curve, self-tested once (on first use); undefined where it is missing,
 * fails the test or does not finish it within SELF_TEST_LIMIT_MS. The answer is kept: it never rejects.
 */
export function webCryptoCurve(group: WebCryptoGroup, reference: CurveImpl): Promise<AsyncCurveImpl | undefined> {
  let p = chosen.get(group.name);
  if (p !== undefined) return p;
  const subtle = runtimeSubtle();
  p = subtle && withinLimit(testedWebCryptoImpl(group, subtle, reference), SELF_TEST_LIMIT_MS);
  chosen.set(group.name, (p ??= Promise.resolve(undefined)));
  return p;
}

/**
 * A Group's implementation for the asynchronous doors (concrete-async.ts): choose.ts's answer
 * (Group.serve), the runtime's Web Crypto among them after its self-test; it rejects where impl throws.
 */
export async function asyncImpl(group: Group, choice: AsyncCurveChoice): Promise<AsyncCurveImpl> {
  let impl = group.serve(choice, 'async');
  if (impl !== 'webcrypto') return lift(impl);
  const web = await webCryptoCurve(group, group.impl('noble'));
  impl = group.serve(choice, 'async', web !== undefined);
  return impl === 'webcrypto' ? web! : lift(impl);
}
