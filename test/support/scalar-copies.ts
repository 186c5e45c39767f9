import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
// Where a scalar goes on the Web Crypto curve path (src/hybrid/curves/webcrypto-curves.ts), in any runtime
// (no Node built-in: test/hybrid/webcrypto-curves.test.ts runs it under Node, test/browser/curves.test.ts
// in Chromium, Firefox and WebKitGTK): loading a scalar may copy it only into the PKCS#8 handed to
// importKey, which must hold zeros once load() has settled, and must never spread or iterate it
// (a spread or Array.from copies it into a plain array or number list that nothing can wipe).
// Each curve is loaded in every way of computing its public element, on the runtime's own Web
// Crypto; a way the runtime refuses still has to leave no copy behind.
import { nobleP256, nobleP384 } from '../../src/hybrid/curves/noble-nist.js';
import { nobleX25519 } from '../../src/hybrid/curves/noble-x25519.js';
import { type CurveSubtle, webCryptoImpl } from '../../src/hybrid/curves/webcrypto-curves.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';

export interface ScalarCopiesResult {
  /** Loads made, each as `curve way: loaded` or `curve way: refused (error)`. */
  loads: string[];
  failures: string[];
}

const ITERATING = ['values', 'keys', 'entries', 'forEach', 'map', 'join', 'toString', 'toLocaleString'] as const;

/** A scalar that records every spread or iteration of it (own properties shadow the prototype's). */
function trappedScalar(length: number, record: (how: string) => void): Uint8Array {
  const d = new Uint8Array(length).fill(0x5c);
  d[0] = 0x01; // below every group order
  const proto = Uint8Array.prototype as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
  for (const m of [Symbol.iterator, ...ITERATING]) {
    Object.defineProperty(d, m, { value: (...a: unknown[]) => (record(String(m)), proto[m as string]!.apply(d, a)) });
  }
  return d;
}

export async function runScalarCopies(): Promise<ScalarCopiesResult> {
  const result: ScalarCopiesResult = { loads: [], failures: [] };
  const runtime = globalThis.crypto.subtle as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const handed: Uint8Array[] = [];
  const subtle: Record<string, unknown> = {};
  for (const m of ['importKey', 'exportKey', 'deriveBits', 'generateKey', 'getPublicKey']) {
    if (typeof runtime[m] !== 'function') continue;
    subtle[m] = (...args: unknown[]) => {
      if (m === 'importKey' && args[0] === 'pkcs8') handed.push(args[1] as Uint8Array);
      return runtime[m]!.apply(runtime, args);
    };
  }
  const curves = [
    ['X25519', X25519, nobleX25519, 32, 'base-point'],
    ['P-256', P256_GROUP, nobleP256, 32, 'reference'],
    ['P-384', P384_GROUP, nobleP384, 48, 'reference'],
  ] as const;
  for (const [name, group, reference, length, fallback] of curves) {
    for (const way of [...(subtle.getPublicKey === undefined ? [] : ['getPublicKey' as const]), fallback]) {
      const label = `${name} ${way}`;
      const uses: string[] = [];
      const scalar = trappedScalar(length, (how) => uses.push(how));
      handed.length = 0;
      try {
        const key = await webCryptoImpl(group, subtle as unknown as CurveSubtle, way, reference).load(scalar);
        key.dispose();
        result.loads.push(`${label}: loaded`);
      } catch (err) {
        result.loads.push(`${label}: refused (${err instanceof Error ? err.name : String(err)})`);
      }
      if (uses.length > 0)
        result.failures.push(`${label}: the scalar was copied out by ${[...new Set(uses)].join(', ')}`);
      if (handed.length === 0) result.failures.push(`${label}: no PKCS#8 reached importKey (the check would be blind)`);
      for (const der of handed)
        if (der.some((b) => b !== 0))
          result.failures.push(`${label}: the PKCS#8 handed to importKey still holds its bytes`);
    }
  }
  return result;
}
