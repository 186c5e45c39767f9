import type { AlgorithmEntry } from './algorithms.js';
import { ourEntry } from './arguments.js';
import { runtimeSupports } from './runtime-supports.js';
import { sharedKeySupported } from './shared-key.js';
import { type NativeCrypto, OPERATIONS } from './subtle.js';

/** The signature of SubtleCrypto.supports. */
export type Supports = (operation: string, algorithm: unknown, lengthOrAdditionalAlgorithm?: unknown) => boolean;

/**
 * SubtleCrypto.supports ("Modern Algorithms in the Web Cryptography API", §4.6) over our algorithms
 * (those `handles` accepts) and the runtime's (runtime-supports.ts's answer where it has none).
 */
export function createSupports(native: () => NativeCrypto, handles: (entry: AlgorithmEntry) => boolean): Supports {
  return (operation, algorithm, extra) => {
    let entry: AlgorithmEntry | undefined;
    try {
      entry = ourEntry(algorithm);
    } catch {
      return false; // normalization failed (§4.6 "check support for an algorithm", step 4)
    }
    const n = native().supports;
    if (entry === undefined || !handles(entry))
      return n !== undefined ? n(`${operation}`, algorithm, extra) : runtimeSupports(`${operation}`, algorithm, extra);
    const op = `${operation}`;
    if (!OPERATIONS.includes(op)) return false;
    // The second overload: encapsulateKey/decapsulateKey also need the shared key's import (§4.6).
    const additional = (typeof extra === 'object' && extra !== null) || typeof extra === 'string';
    if (additional && (op === 'encapsulateKey' || op === 'decapsulateKey')) {
      return sharedKeySupported(extra, n);
    }
    return true;
  };
}
