// The elliptic-curve half of a hybrid, split in two. A Group (x25519.ts, nist.ts) holds what the
// specifications define (encodings, the checks of a peer's element, scalar ranges), the same on
// every runtime. A CurveImpl does only the scalar multiplications: through node:crypto
// (native.ts), the WebAssembly module (wasm-x25519.ts) or @noble/curves (noble-*.ts), and on the
// asynchronous doors the runtime's Web Crypto (webcrypto-curves.ts); choose.ts says which serves.
// Every check runs before an implementation is called, so all give the same bytes and errors.
import { wipe } from '../../ct.js';
import { MlKemError } from '../../errors.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import { detail, randomnessError } from '../../random.js';
import type { HybridEntry } from '../../registry.js';
import { fromHex, offsetView, toHex } from './encoding.js';

/** Which implementation does the scalar multiplications ('auto': choose.ts's rules). */
export type CurvePath = 'native' | 'noble' | 'wasm';
export type CurveChoice = CurvePath | 'auto';

/**
 * What a loaded scalar is for: 'once', an ephemeral key or a one-shot decapsulation (its public
 * element and one shared secret); 'kept', a decapsulation key object (many shared secrets, so a
 * slower load that makes them faster pays off); 'public', its public element alone (a keygen).
 */
export type CurveUse = 'once' | 'kept' | 'public';

/**
 * A private scalar loaded into one implementation, ready for repeated use: a native key object,
 * or a copy of the scalar for @noble/curves. A hybrid key object keeps one.
 */
export interface CurveKey {
  /** The public element of the scalar (X25519(k, 9), or d·G uncompressed), fresh. */
  publicKey(): Uint8Array;
  /**
   * The Diffie-Hellman value with a peer element that the Group has already accepted
   * (X25519(k, u) for u not of low order; the x-coordinate of d·Q for a valid point Q), fresh.
   */
  sharedSecret(peer: Uint8Array): Uint8Array;
  /** Drops (noble: wipes) the implementation's copy of the scalar. */
  dispose(): void;
}

/** The scalar multiplications of one curve by one implementation. */
export interface CurveImpl {
  readonly path: CurvePath;
  /** Loads a scalar that the Group has already accepted, for a use (default 'once'); the implementation keeps its own copy. */
  load(scalar: Uint8Array, use?: CurveUse): CurveKey;
}

/**
 * An implementation that keeps its own copy of a loaded scalar, wiped on dispose, and computes
 * from it (@noble/curves', the WebAssembly module's): the same for every use.
 */
export function scalarCopy(
  path: CurvePath,
  publicKey: (k: Uint8Array) => Uint8Array,
  sharedSecret: (k: Uint8Array, peer: Uint8Array) => Uint8Array,
): CurveImpl {
  return Object.freeze({
    path,
    load(scalar: Uint8Array): CurveKey {
      const k = scalar.slice();
      const key: CurveKey = {
        publicKey: () => publicKey(k),
        sharedSecret: (peer: Uint8Array) => sharedSecret(k, peer),
        dispose: () => wipe(k),
      };
      recordSecrets(key, { arrays: [k], parts: [] }); // @test-hook
      return key;
    },
  });
}

/** A scalar loaded for one use (by default an ephemeral key's), disposed of after it, also when `use` throws. */
export function withCurveKey<T>(impl: CurveImpl, scalar: Uint8Array, use: (key: CurveKey) => T, purpose?: CurveUse): T {
  const key = impl.load(scalar, purpose);
  try {
    return use(key);
  } finally {
    key.dispose();
  }
}

/** The public element of a scalar loaded for nothing else (ek_T of a keygen). */
export const publicElement = (impl: CurveImpl, scalar: Uint8Array): Uint8Array =>
  withCurveKey(impl, scalar, (key) => key.publicKey(), 'public');

/**
 * One curve as the specifications use it, independent of the implementation, and as data: what
 * differs between curves is a field here, so that no file outside the curve's own branches on it.
 */
export interface Group {
  /** Its name, as the registry spells it. */
  readonly name: HybridEntry['curve'];
  /** Bytes of an element (X25519 u, or an uncompressed SEC 1 point): 32, 65, 97. */
  readonly elementBytes: number;
  /** Bytes of a scalar: 32, 32, 48. */
  readonly scalarBytes: number;
  /** Bytes of a Diffie-Hellman value (X25519's output, or the x-coordinate): 32, 32, 48. */
  readonly secretBytes: number;
  /**
   * True where an invalid element is refused wherever a hybrid reads one (the NIST curves' point
   * validation). False where every encoding is an element (X25519), and elementProblem names only
   * the elements of low order, which a protocol may refuse or use.
   */
  readonly refusesInvalid: boolean;
  /** True where some elements give an all-zero Diffie-Hellman value (X25519's low-order points). */
  readonly hasLowOrder: boolean;
  /** The section of RFC 9846 that checks a TLS key share on this curve. */
  readonly tlsShareCheck: string;
  /**
   * How a scalar is written as PKCS#8 (RFC 5208) for node:crypto and Web Crypto: behind a fixed
   * prefix (RFC 8410, §7), or as an ECPrivateKey (RFC 5915) of the curve's named-curve OID (the
   * hex of its DER contents).
   */
  readonly pkcs8: { readonly prefix: string } | { readonly ecOid: string };
  /** node:crypto's names for the curve and the self-test of its native implementation (native.ts). */
  readonly native: NativeCurve;
  /** Web Crypto's names for the curve and the self-test of its implementation there (webcrypto-curves.ts). */
  readonly webCrypto: WebCryptoCurve;
  /** The implementation for a choice (choose.ts). */
  impl(choice: CurveChoice): CurveImpl;
  /**
   * choose.ts's answer at a door: the synchronous implementation for a choice, or 'webcrypto' where
   * the asynchronous door is to run the runtime's Web Crypto's self-test (`webcrypto`: its result,
   * once run). webcrypto-curves.ts's asyncImpl asks it.
   */
  serve(choice: AsyncCurveChoice, door: 'sync' | 'async', webcrypto?: boolean): CurveImpl | 'webcrypto';
  /**
   * Undefined when a peer's element can be used; else what is wrong with it, as the end of a
   * sentence. X25519: a low-order u, for which X25519 gives all zeros. P-256, P-384: not a valid
   * uncompressed point (SP 800-56A, §5.6.2.3.4). The element is public: checks may branch on it.
   */
  elementProblem(element: Uint8Array): string | undefined;
  /** False for a scalar outside [1, n - 1] (P-256, P-384; constant time); X25519: always true. */
  isValidScalar(scalar: Uint8Array): boolean;
}

/** A self-test's known answer, in hex: a scalar, its public element, and its Diffie-Hellman values with some peers. */
export interface KnownAnswer {
  readonly d: string;
  readonly pub: string;
  readonly peers: ReadonlyArray<readonly [peer: string, secret: string]>;
}

/** The ways native.ts can reach a curve in node:crypto, tried in the order a curve lists them. */
export type NativeForm = 'raw' | 'pkcs8' | 'ecdh' | 'sec1';

interface NativeCurve {
  /**
   * The KeyObjects' names: an OKP key type (X25519: 'x25519', whose JWK `crv` is 'X25519'), or an
   * EC named curve and its OpenSSL name for the ECDH class.
   */
  readonly keys:
    | { readonly okp: string; readonly jwkCrv: string }
    | { readonly namedCurve: string; readonly opensslName: string };
  /**
   * 'raw' (the raw-private and raw-public formats), 'pkcs8' (OKP: PKCS#8 and JWK), 'ecdh' (EC: the
   * ECDH class), 'sec1' (EC: the ECDH class for d·G, KeyObjects from DER for the shared secrets).
   */
  readonly forms: readonly NativeForm[];
  readonly knownAnswers: readonly KnownAnswer[];
  /** Agreement with @noble/curves on full-width scalars (one with a leading zero byte) and a peer that is not the base point. */
  readonly agreement: { readonly scalars: readonly string[]; readonly peer: string };
}

/**
 * The self-test of a synchronous implementation (node:crypto's forms, the WebAssembly X25519),
 * on first use: the Group's known answers (RFC 7748, §6.1; a NIST curve's d·G) by a key loaded for
 * one use and by a kept one (which may take another way), then agreement with `reference`
 * (@noble/curves) on full-width scalars and a peer that is not the base point: a platform that
 * mangles part of a scalar or a point passes a test with small or special values, not this one.
 * Inputs are offset views, as the hybrids pass them. False where the implementation throws.
 */
export function passesSelfTest(impl: CurveImpl, t: Group['native'], reference: CurveImpl): boolean {
  const same = (a: Uint8Array, b: Uint8Array | string) => toHex(a) === (typeof b === 'string' ? b : toHex(b));
  const check = (d: string, use: CurveUse, test: (key: CurveKey) => boolean) =>
    withCurveKey(impl, offsetView(d), test, use);
  const { scalars, peer } = t.agreement;
  try {
    return (
      (['once', 'kept'] as const).every((use) =>
        t.knownAnswers.every((a) =>
          check(
            a.d,
            use,
            (k) => same(k.publicKey(), a.pub) && a.peers.every(([q, ss]) => same(k.sharedSecret(offsetView(q)), ss)),
          ),
        ),
      ) &&
      scalars.every((d) =>
        withCurveKey(reference, offsetView(d), (theirs) =>
          check(
            d,
            'kept',
            (k) =>
              same(k.publicKey(), theirs.publicKey()) &&
              same(k.sharedSecret(offsetView(peer)), theirs.sharedSecret(fromHex(peer))),
          ),
        ),
      )
    );
  } catch {
    return false;
  }
}

interface WebCryptoCurve {
  /** The algorithm of importKey and generateKey ({ name: 'X25519' }, { name: 'ECDH', namedCurve }). */
  readonly algorithm: { readonly name: string; readonly namedCurve?: string };
  /** An element as importKey('raw') is given it, a fresh copy (X25519: u reduced as RFC 7748, §5 reads it). */
  rawElement(bytes: Uint8Array): Uint8Array;
  /**
   * Where getPublicKey is missing: the base point whose Diffie-Hellman value with the scalar is its
   * public element (X25519), or none (then @noble/curves' d·G travels in the PKCS#8).
   */
  readonly basePoint?: string;
  readonly knownAnswers: readonly KnownAnswer[];
}

/**
 * A guard for the calls into an implementation that passed its self-test: what the platform
 * throws afterwards (it has no reason to, for inputs the Group has checked), or a promise rejects
 * with, is an MlKemError ERR_PLATFORM naming `what`, with the platform's error as cause.
 */
export function platformGuard(what: string): <T>(f: () => T) => T {
  const fail = (err: unknown): never => {
    throw new MlKemError('ERR_PLATFORM', `${what} failed after passing its self-test${detail(err)}`, { cause: err });
  };
  return <T>(f: () => T): T => {
    try {
      const r = f();
      return (r instanceof Promise ? r.catch(fail) : r) as T;
    } catch (err) {
      return fail(err);
    }
  };
}

/**
 * @noble/curves blinds its scalar multiplications with bytes from getRandomValues, so a
 * deterministic operation on the noble path still calls out for randomness. Its inputs were
 * checked before the call, so a failure inside it is that call out: report it as ERR_RANDOMNESS.
 */
export function nobleCall<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof MlKemError) throw err;
    throw randomnessError(
      `no secure random source: @noble/curves blinds the ${what} scalar multiplication with bytes from globalThis.crypto.getRandomValues, which failed${detail(err)}`,
      err,
    );
  }
}

// The seam of the asynchronous doors (webcrypto-curves.ts's asyncImpl): the same multiplications behind
// promises, so that the runtime's own Web Crypto (webcrypto-curves.ts) can be one more implementation.

export type AsyncCurvePath = CurvePath | 'webcrypto';
export type AsyncCurveChoice = AsyncCurvePath | 'auto';

/** A peer's element, imported once into an implementation (a Web Crypto public key, or a copy of the bytes). */
export interface AsyncElement {
  readonly bytes: Uint8Array;
}

/** What ephemeral() gives: the public element and the shared secret (the caller's to wipe). */
export interface Ephemeral {
  readonly publicKey: Uint8Array;
  readonly sharedSecret: Uint8Array | undefined;
}

/** A scalar loaded into an implementation, with its public element computed. */
export interface AsyncCurveKey {
  /** The public element of the scalar (X25519(k, 9), or d·G uncompressed): the caller's to keep. */
  readonly publicKey: Uint8Array;
  /** The Diffie-Hellman value with an element that the Group has accepted (not of low order), fresh. */
  sharedSecret(peer: AsyncElement): Promise<Uint8Array>;
  /** Drops (noble: wipes) the implementation's copy of the scalar. */
  dispose(): void;
}

export interface AsyncCurveImpl {
  readonly path: AsyncCurvePath;
  /** The synchronous implementation behind the seam, for a lifted one (lift); none for Web Crypto. */
  readonly sync?: CurveImpl;
  /**
   * Loads a scalar that the Group has already accepted; reads it before returning its promise (the
   * caller may wipe it then). `use` as CurveImpl's.
   */
  load(scalar: Uint8Array, use?: CurveUse): Promise<AsyncCurveKey>;
  /** Imports an element that the Group has already accepted (bytes: a private copy the element keeps). */
  element(bytes: Uint8Array): Promise<AsyncElement>;
  /**
   * An ephemeral key pair whose scalar never leaves the implementation (Web Crypto's
   * generateKey), where it has one: its public element, and its Diffie-Hellman value with `peer`
   * (none without a peer: X25519's low-order case, which the caller answers with zeros). Without
   * it the caller draws a scalar and loads it.
   */
  readonly ephemeral?: (peer: AsyncElement | undefined) => Promise<Ephemeral>;
}

/** A synchronous implementation behind the asynchronous seam (`sync` says which). */
export function lift(impl: CurveImpl): AsyncCurveImpl {
  return Object.freeze({
    path: impl.path,
    sync: impl,
    async load(scalar: Uint8Array, use?: CurveUse): Promise<AsyncCurveKey> {
      const key = impl.load(scalar, use);
      try {
        return {
          publicKey: key.publicKey(),
          sharedSecret: async (peer: AsyncElement) => key.sharedSecret(peer.bytes),
          dispose: () => key.dispose(),
        };
      } catch (err) {
        key.dispose();
        throw err;
      }
    },
    element: async (bytes: Uint8Array): Promise<AsyncElement> => ({ bytes }),
  });
}
