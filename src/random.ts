import type { ByteArray } from './bytes.js';
// The one place mlkem-ts calls out for randomness: Web Crypto's getRandomValues, reached through
// globalThis.crypto at call time (on Node.js after loadWasm, while that is Node's own, the
// generator behind it: nodeRandom). Whatever goes wrong there (no crypto, a getter that throws, a
// call that throws, as Cloudflare workerd's does at global scope) becomes ERR_RANDOMNESS, with the
// platform's error kept as `cause`. The generator only ever sees a fresh buffer of our own: a
// polyfill cannot read or keep a view of the caller's arrays or of a workspace.
import { wipe } from './ct.js';
import { MlKemError } from './errors.js';
import { builtinNodeCrypto } from './node-builtin.js';

/** Web Crypto's limit on one getRandomValues call (W3C Web Crypto, §10.1.1: QuotaExceededError). */
const MAX_CALL = 65536;

type GetRandomValues = (array: Uint8Array) => unknown;

/** An ERR_RANDOMNESS MlKemError with the failure that caused it as its `cause`. */
export function randomnessError(message: string, cause?: unknown): MlKemError {
  return new MlKemError('ERR_RANDOMNESS', message, cause === undefined ? undefined : { cause });
}

/** ": <the error's message>" for the message, or nothing; a hostile error cannot make it throw. */
export function detail(err: unknown): string {
  try {
    const message = err instanceof Error ? err.message : undefined;
    return typeof message === 'string' && message !== ''
      ? `: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`
      : '';
  } catch {
    return '';
  }
}

/** The platform's getRandomValues and its crypto object (its `this`; or nodeRandom's), or ERR_RANDOMNESS. */
function source(): [GetRandomValues, unknown?] {
  let crypto: unknown;
  let getRandomValues: unknown;
  try {
    crypto = (globalThis as { crypto?: unknown }).crypto;
    getRandomValues =
      crypto === undefined || crypto === null ? undefined : (crypto as { getRandomValues?: unknown }).getRandomValues;
  } catch (err) {
    throw randomnessError(
      `no secure random source: reading globalThis.crypto.getRandomValues threw${detail(err)}`,
      err,
    );
  }
  if (typeof getRandomValues !== 'function') {
    throw randomnessError(
      'no secure random source: globalThis.crypto.getRandomValues is not available in this runtime',
    );
  }
  return nodeRandom && crypto === nodeRandom[0] && getRandomValues === nodeRandom[1]
    ? nodeRandom[2]
    : [getRandomValues as GetRandomValues, crypto];
}

/**
 * Node's own Web Crypto object, its getRandomValues and the generator behind it, node:crypto's
 * randomFillSync, as touchRandomSource found them. While globalThis.crypto is still that object
 * with that method, randomFillSync fills the buffer: the same generator without Web Crypto's
 * argument conversion, whose code a fresh process loads on its first call (≈ 1 ms on Node 26).
 * A replaced crypto object or getRandomValues is called, as anywhere else.
 */
let nodeRandom: [unknown, unknown, [GetRandomValues]] | undefined;

/**
 * Reads the platform's generator without calling it, ignoring a failure (the first call that
 * needs randomness reports it): Node.js loads its Web Crypto on the first read of
 * globalThis.crypto (≈ 5 ms), which loadWasm does while the module compiles off the main thread;
 * and captures nodeRandom where the runtime has node:crypto (here, not in source(): a page's
 * bundle of the portable core then holds none of this).
 */
export function touchRandomSource(): void {
  try {
    source();
    const node = builtinNodeCrypto() as { webcrypto: object; randomFillSync: unknown } | undefined;
    const web = node?.webcrypto;
    if (nodeRandom === undefined && typeof web === 'object' && typeof node?.randomFillSync === 'function')
      nodeRandom = [
        web,
        Reflect.get(Object.getPrototypeOf(web) as object, 'getRandomValues'),
        [node.randomFillSync as GetRandomValues],
      ];
  } catch {}
}

/**
 * n fresh bytes from the platform's cryptographically secure generator (Web Crypto getRandomValues).
 * The generator fills the new array itself: nobody else has seen it, so it needs no second copy.
 * @throws {MlKemError} `ERR_RANDOMNESS`, as fillRandom.
 */
export function randomBytes(n: number): ByteArray {
  const out = new Uint8Array(n);
  const [get, crypto] = source();
  for (let i = 0; i < n; i += MAX_CALL) {
    const chunk = i === 0 && n <= MAX_CALL ? out : out.subarray(i, Math.min(n, i + MAX_CALL));
    try {
      Reflect.apply(get, crypto, [chunk]);
    } catch (err) {
      throw randomnessError(
        `the secure random source failed: globalThis.crypto.getRandomValues threw${detail(err)}`,
        err,
      );
    }
    if (out.length !== n)
      throw randomnessError('the secure random source failed: getRandomValues detached the array it was given');
  }
  return out;
}

/**
 * Fills out from the platform's cryptographically secure generator (Web Crypto getRandomValues).
 * The generator fills a fresh private buffer (randomBytes), which is copied into out and wiped:
 * it never sees out, which may be a caller's array or a workspace's.
 * @throws {MlKemError} `ERR_RANDOMNESS` when there is no generator or reading or calling it throws
 *   (the original error as `cause`).
 */
export function fillRandom(out: Uint8Array): void {
  const fresh = randomBytes(out.length);
  try {
    out.set(fresh);
  } finally {
    wipe(fresh);
  }
}
