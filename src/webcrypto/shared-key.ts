// The shared key of encapsulateKey and decapsulateKey ("Modern Algorithms in the Web Cryptography
// API", §4.1–§4.4): the checks of its algorithm (step 4, normalized for "importKey") and the one
// answer SubtleCrypto.supports gives for it (§4.6), which must be what the operation does. The key
// itself is imported by the runtime, from the 32-byte shared secret.
import { algorithmName, upperName } from './arguments.js';
import { fail, typeError } from './errors.js';

/** What the checks need of the runtime: its SubtleCrypto.supports, where it has one. */
type NativeSupports = ((operation: string, algorithm: unknown, extra?: unknown) => boolean) | undefined;

/**
 * The symmetric algorithms of WebCrypto, for which "raw-secret" is an alias of "raw" ("Modern
 * Algorithms", §2.1): a key is imported as "raw" into a runtime that predates "raw-secret".
 */
export const RAW_ALIASES = ['AES-CTR', 'AES-CBC', 'AES-GCM', 'AES-KW', 'HMAC', 'HKDF', 'PBKDF2'];

/**
 * The symmetric algorithms with a "raw-secret" format (§2.1 and the specifications that register
 * them): the only ones a shared secret can become. Ed25519, X25519, ML-KEM and the others import
 * from other formats only, and the operation rejects them.
 */
const RAW_SECRET = [
  ...RAW_ALIASES,
  'AES-OCB',
  'CHACHA20-POLY1305',
  'KMAC128',
  'KMAC256',
  'ARGON2D',
  'ARGON2I',
  'ARGON2ID',
];

/** The hashes of HmacImportParams in a runtime without SubtleCrypto.supports (WebCrypto, §30). */
const LEGACY_HASHES = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];

/** The import parameters whose `length` is the key's length in bits: it must be 256, the shared secret's. */
const HAS_LENGTH = ['HMAC', 'KMAC128', 'KMAC256'];

/** Required members of import parameters (WebIDL: a missing one is a TypeError when the dictionary is converted). */
const REQUIRED: Readonly<Record<string, string>> = {
  HMAC: 'hash',
  'RSASSA-PKCS1-V1_5': 'hash',
  'RSA-PSS': 'hash',
  'RSA-OAEP': 'hash',
  ECDSA: 'namedCurve',
  ECDH: 'namedCurve',
};

const member = (alg: unknown, name: string): unknown =>
  (typeof alg === 'object' && alg !== null) || typeof alg === 'function'
    ? (alg as Record<string, unknown>)[name]
    : undefined;

/** The format the shared key is imported in: "raw-secret", or "raw" in a runtime that predates it. */
export const sharedKeyFormat = (supports: NativeSupports): 'raw-secret' | 'raw' =>
  supports !== undefined ? 'raw-secret' : 'raw';

/** Whether the runtime can import a key of this algorithm at all (the "importKey" normalization succeeds). */
function importable(alg: unknown, supports: NativeSupports): boolean {
  if (supports !== undefined) return supports('importKey', alg);
  const name = upperName(alg);
  if (!RAW_ALIASES.includes(name)) return false;
  if (name !== 'HMAC') return true;
  const hash = member(alg, 'hash');
  return hash !== undefined && LEGACY_HASHES.includes(upperName(hash));
}

/**
 * encapsulateKey/decapsulateKey step 4: normalize the shared key's algorithm for "importKey". An
 * unknown one is NotSupportedError; one whose import parameters lack a required member (HMAC
 * without `hash`) is the TypeError of converting the dictionary, as in Node 26.
 */
export function checkSharedAlgorithm(alg: unknown, supports: NativeSupports): void {
  const name = algorithmName(alg);
  if (importable(alg, supports)) return;
  const required = REQUIRED[upperName(name)];
  if (required !== undefined && member(alg, required) === undefined) {
    typeError(`Failed to normalize algorithm: '${required}' is required in the import parameters of ${name}`);
  }
  fail('NotSupportedError', `Unrecognized algorithm name for the shared key: ${JSON.stringify(name)}`);
}

/**
 * SubtleCrypto.supports for encapsulateKey/decapsulateKey with a shared-key algorithm (§4.6): the
 * runtime imports it, from "raw-secret", and a length, where its parameters have one, of 256 bits.
 * True exactly when the operation, with usages and extractability the algorithm allows, succeeds.
 */
export function sharedKeySupported(alg: unknown, supports: NativeSupports): boolean {
  try {
    const name = upperName(alg);
    if (!RAW_SECRET.includes(name) || !importable(alg, supports)) return false;
    const length = member(alg, 'length');
    return !HAS_LENGTH.includes(name) || length === undefined || Number(length) === 256;
  } catch {
    return false; // a name that cannot be converted
  }
}
