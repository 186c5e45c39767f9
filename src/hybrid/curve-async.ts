// The curve seam of the asynchronous doors (mlkem-ts/webcrypto, the HPKE adapters): the same
// multiplications as curve.ts's CurveImpl, behind promises, so that a third implementation — the
// runtime's own Web Crypto (webcrypto-curves.ts) — can sit beside node:crypto and @noble/curves.
// The Group's checks still run before any of them is called. 'auto' takes node:crypto where the
// runtime has it, else Web Crypto where it passes its self-test, else noble.
import type { CurvePath, CurveImpl, Group } from './curve.js';
import { webCryptoCurve } from './webcrypto-curves.js';

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
  /** Loads a scalar that the Group has already accepted; reads it before returning its promise (the caller may wipe it then). */
  load(scalar: Uint8Array): Promise<AsyncCurveKey>;
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

/** A synchronous implementation behind the asynchronous seam. */
export function lift(impl: CurveImpl): AsyncCurveImpl {
  return Object.freeze({
    path: impl.path,
    async load(scalar: Uint8Array): Promise<AsyncCurveKey> {
      const key = impl.load(scalar);
      try {
        return { publicKey: key.publicKey(), sharedSecret: async (peer: AsyncElement) => key.sharedSecret(peer.bytes), dispose: () => key.dispose() };
      } catch (err) {
        key.dispose();
        throw err;
      }
    },
    element: async (bytes: Uint8Array): Promise<AsyncElement> => ({ bytes }),
  });
}

const lifted = new WeakMap<CurveImpl, AsyncCurveImpl>();
const liftOnce = (impl: CurveImpl): AsyncCurveImpl => {
  let a = lifted.get(impl);
  if (a === undefined) lifted.set(impl, (a = lift(impl)));
  return a;
};

/**
 * The asynchronous implementation of a group for a choice. 'webcrypto' rejects where the runtime's
 * Web Crypto lacks the curve or fails the self-test; 'auto' then falls back to noble.
 */
export async function asyncImpl(group: Group, choice: AsyncCurveChoice): Promise<AsyncCurveImpl> {
  if (choice === 'noble' || choice === 'native') return liftOnce(group.impl(choice));
  const sync = group.impl('auto');
  if (choice === 'auto' && sync.path === 'native') return liftOnce(sync);
  const web = await webCryptoCurve(group.name, group.impl('noble'));
  if (web !== undefined) return web;
  if (choice === 'webcrypto') throw new Error(`${group.name}: this runtime's Web Crypto has no ${group.name} that passes the self-test`);
  return liftOnce(sync);
}
