// The key usages of each key type of our algorithms, and their check: a module of their own, which
// generateKey (operations.ts) and the key formats (formats.ts, loaded on first use) share.
import type { AlgorithmEntry } from './algorithms.js';
import { fail } from './errors.js';
import type { KeyUsage } from './key.js';

/** The usages a public key of our algorithms may have. */
export const PUBLIC_USAGES: readonly KeyUsage[] = ['encapsulateKey', 'encapsulateBits'];
/** The usages a private key of our algorithms may have. */
export const PRIVATE_USAGES: readonly KeyUsage[] = ['decapsulateKey', 'decapsulateBits'];

/** SyntaxError unless every usage is allowed for the key's type. */
export function checkUsages(usages: readonly KeyUsage[], allowed: readonly KeyUsage[], entry: AlgorithmEntry): void {
  const bad = usages.find((u) => !allowed.includes(u));
  if (bad !== undefined)
    fail('SyntaxError', `Unsupported key usage for ${entry.name} key: ${bad} (allowed: ${allowed.join(', ')})`);
}
