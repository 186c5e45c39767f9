// The curve seam of the asynchronous doors (mlkem-ts/webcrypto, the HPKE adapters): the same
// multiplications as curve.ts's CurveImpl, behind promises, so that a third implementation — the
// runtime's own Web Crypto (webcrypto-curves.ts) — can sit beside node:crypto and @noble/curves.
// The Group's checks still run before any of them is called (the seam's types are in curve.ts). 'auto' takes node:crypto where the
// runtime has it, else the WebAssembly X25519 once loaded, else Web Crypto where it passes its self-test, else noble.
import type {
  AsyncCurveChoice,
  AsyncCurveImpl,
  AsyncCurveKey,
  AsyncElement,
  CurveImpl,
  CurveUse,
  Group,
} from './curve.js';
import { webCryptoCurve } from './webcrypto-curves.js';

/** A synchronous implementation behind the asynchronous seam (`sync` says which). */
function lift(impl: CurveImpl): AsyncCurveImpl {
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

/**
 * The asynchronous implementation of a group for a choice. 'webcrypto' rejects where the runtime's
 * Web Crypto lacks the curve or fails the self-test; 'auto' then falls back to noble.
 */
export async function asyncImpl(group: Group, choice: AsyncCurveChoice): Promise<AsyncCurveImpl> {
  if (choice === 'noble' || choice === 'native' || choice === 'wasm') return lift(group.impl(choice));
  const sync = group.impl('auto');
  // The WebAssembly X25519 too: mostly faster than the browsers' Web Crypto (bench:browser), and
  // synchronous, so a door decapsulates through its key object.
  if (choice === 'auto' && (sync.path === 'native' || sync.path === 'wasm')) return lift(sync);
  const web = await webCryptoCurve(group, group.impl('noble'));
  if (web !== undefined) return web;
  if (choice === 'webcrypto')
    throw new Error(`${group.name}: this runtime's Web Crypto has no ${group.name} that passes the self-test`);
  return lift(sync);
}
