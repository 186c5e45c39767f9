// The modern API for the runtime's own algorithms, where its crypto.subtle predates "Modern
// Algorithms in the Web Cryptography API" (Node 20-24, Firefox, Safari). It is getPublicKey of its
// private keys (§4.5), and "raw-public" / "raw-secret", aliases of "raw" for WebCrypto's
// algorithms (§2.1). The key material stays in the runtime: a public key is
// read through node:crypto where there is one (a non-extractable key's KeyObject), else exported
// from an extractable key, and imported again by the runtime.
import { builtinNodeCrypto } from '../node-builtin.js';
import { upperName } from './arguments.js';
import { domError, fail } from './errors.js';
import { type KeyUsage, intersect } from './key.js';
import { RAW_ALIASES } from './shared-key.js';

/** What this module needs of the runtime's crypto.subtle. */
export type RuntimeCall = (method: 'importKey' | 'exportKey', args: unknown[]) => Promise<unknown>;

/** The parts of a runtime CryptoKey read here. */
interface RuntimeKey {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: { readonly name: string };
}

/**
 * The algorithms that derive a public key from a private key, and the usages their public keys
 * allow (each algorithm's importKey steps, WebCrypto §23-§30, "Modern Algorithms" §5-§8): the
 * key types Node 26's getPublicKey accepts.
 */
export const PUBLIC_USAGES: Readonly<Record<string, readonly KeyUsage[]>> = {
  'RSASSA-PKCS1-V1_5': ['verify'],
  'RSA-PSS': ['verify'],
  'RSA-OAEP': ['encrypt', 'wrapKey'],
  ECDSA: ['verify'],
  ECDH: [],
  ED25519: ['verify'],
  ED448: ['verify'],
  X25519: [],
  X448: [],
  'ML-DSA-44': ['verify'],
  'ML-DSA-65': ['verify'],
  'ML-DSA-87': ['verify'],
};

/** The asymmetric algorithms whose "raw" format is a public key: "raw-public" is its alias. */
const RAW_PUBLIC = ['ECDSA', 'ECDH', 'ED25519', 'ED448', 'X25519', 'X448'];

/**
 * The format to hand to a runtime that predates the modern formats: "raw" for "raw-public" of an
 * algorithm in RAW_PUBLIC and "raw-secret" of a symmetric one of WebCrypto (RAW_ALIASES); undefined for any other modern
 * format (the runtime has none of it); the format itself otherwise.
 */
export function runtimeFormat(format: string, alg: unknown): string | undefined {
  if (format !== 'raw-public' && format !== 'raw-secret' && format !== 'raw-private' && format !== 'raw-seed')
    return format;
  const name = upperName(alg);
  if (format === 'raw-public' && RAW_PUBLIC.includes(name)) return 'raw';
  if (format === 'raw-secret' && RAW_ALIASES.includes(name)) return 'raw';
  return undefined;
}

/** The parts of node:crypto used here (declared, so that no type is imported from node:). */
export interface NodeKeys {
  from(key: unknown): object;
  createPublicKey(key: object): object;
  exportSpki(key: object): Uint8Array;
}

let nodeKeys: NodeKeys | null | undefined;

/**
 * node:crypto's KeyObject.from and createPublicKey, captured on first use through
 * process.getBuiltinModule (Node >= 20.16, Deno, Bun), never imported; null where node:crypto
 * lacks them. The export method of public KeyObjects (their class's) is captured from the first one. Later changes to the module or a prototype do not change what is called.
 */
function getNodeKeys(): NodeKeys | null {
  if (nodeKeys !== undefined) return nodeKeys;
  nodeKeys = null;
  try {
    const c = builtinNodeCrypto() as { KeyObject?: { from?: unknown }; createPublicKey?: unknown } | undefined;
    const KeyObject = c?.KeyObject;
    const from = KeyObject?.from;
    const createPublicKey = c?.createPublicKey;
    if (typeof from !== 'function' || typeof createPublicKey !== 'function') return null;
    const apply = Reflect.apply;
    let exportKey: unknown;
    nodeKeys = Object.freeze({
      from: (key: unknown) => apply(from, KeyObject, [key]) as object,
      createPublicKey: (key: object) => apply(createPublicKey, c, [key]) as object,
      exportSpki: (key: object) => {
        exportKey ??= (key as { export?: unknown }).export;
        if (typeof exportKey !== 'function')
          throw new TypeError('node:crypto: a public KeyObject has no export method');
        return apply(exportKey, key, [{ format: 'der', type: 'spki' }]) as Uint8Array;
      },
    });
  } catch {
    // no process, or a getter that throws: no node:crypto
  }
  return nodeKeys;
}

/** The public members of each JWK key type (RFC 7518, §6; "Modern Algorithms", AKP). */
const JWK_PUBLIC: Readonly<Record<string, readonly string[]>> = {
  RSA: ['kty', 'alg', 'n', 'e'],
  EC: ['kty', 'crv', 'x', 'y'],
  OKP: ['kty', 'crv', 'x'],
  AKP: ['kty', 'alg', 'pub'],
};

/**
 * The public key of an extractable private key, as a JWK: its public members only. The private
 * members arrive as strings, which cannot be wiped; the exported object is emptied at once.
 */
async function publicJwkOf(key: RuntimeKey, runtime: RuntimeCall): Promise<Record<string, unknown>> {
  const jwk = (await runtime('exportKey', ['jwk', key])) as Record<string, unknown>;
  try {
    const members = JWK_PUBLIC[`${jwk.kty as string}`];
    if (members === undefined) throw new TypeError(`the exported JWK has an unknown kty ${JSON.stringify(jwk.kty)}`);
    const out: Record<string, unknown> = {};
    for (const m of members) if (jwk[m] !== undefined) out[m] = jwk[m];
    return out;
  } finally {
    for (const m of Object.keys(jwk)) delete jwk[m];
  }
}

/** The public key the runtime imported; its failure is step 10's OperationError. */
const imported = (key: Promise<unknown>, name: string): Promise<unknown> =>
  key.catch((err: unknown) =>
    fail(
      'OperationError',
      `the public key of the ${name} key could not be made: ${(err as Error)?.message ?? String(err)}`,
      err,
    ),
  );

/**
 * getPublicKey ("Modern Algorithms", §4.5) of a runtime key, for a runtime without it.
 * In the method's order: NotSupportedError for an algorithm without public keys (step 3),
 * InvalidAccessError for a key that is not private (step 8), SyntaxError for a usage its public
 * key does not allow (step 9), OperationError when the public key cannot be had (step 10).
 * `node` is node:crypto's part (the tests pass null for a browser's way: the export).
 */
export async function runtimePublicKey(
  key: RuntimeKey,
  usages: readonly KeyUsage[],
  runtime: RuntimeCall,
  node: NodeKeys | null = getNodeKeys(),
): Promise<unknown> {
  const name = key.algorithm.name;
  const allowed = PUBLIC_USAGES[upperName(name)];
  if (allowed === undefined) fail('NotSupportedError', `${name} keys have no public key to derive`);
  if (key.type !== 'private') fail('InvalidAccessError', 'key must be a private key');
  if (usages.some((u) => !allowed.includes(u)))
    fail('SyntaxError', `Unsupported key usage for ${name} public keys (allowed: ${allowed.join(', ') || 'none'})`);
  const publicUsages = intersect(usages, allowed);
  let cause: unknown;
  if (node !== null) {
    let spki: Uint8Array | undefined;
    try {
      spki = node.exportSpki(node.createPublicKey(node.from(key)));
    } catch (err) {
      cause = err; // not a key node:crypto knows (another runtime's): try the export below
    }
    if (spki !== undefined)
      return imported(runtime('importKey', ['spki', spki, key.algorithm, true, publicUsages]), name);
  }
  if (key.extractable)
    return imported(
      publicJwkOf(key, runtime).then((jwk) => runtime('importKey', ['jwk', jwk, key.algorithm, true, publicUsages])),
      name,
    );
  throw domError(
    'OperationError',
    `this runtime's Web Crypto has no getPublicKey, and the public key of a non-extractable ${name} key cannot be read through it: keep the public key generateKey returns, or make the private key extractable`,
    cause,
  );
}
