import type { ByteArray } from '../bytes.js';
// The CryptoKeys of the algorithms of this layer, and their key-pair, encapsulation and public-key
// operations ("Modern Algorithms in the Web Cryptography API", §4 and §8.4). They have the four
// attributes of a CryptoKey (WebCrypto, §13) as accessors of their own and hold the key material
// privately; they are CryptoKeys as far as JavaScript allows (linkToCryptoKey), never the runtime's
// own. They cannot be structured-cloned (postMessage to a worker, IndexedDB): an own enumerable
// getter that throws makes every such attempt throw our DataCloneError, which says what to do
// instead (Chromium and Firefox alike; a Symbol-valued property failed too, but Firefox's message
// dropped our text).
import { wipe } from '../ct.js';
import { hiddenMap } from '../hidden-map.js';
import { recordSecrets } from '../lifetime.js'; // @test-hook
import { randomBytes } from '../random.js';
import type { AlgorithmEntry } from './algorithms.js';
import { fail, failWith, typeError } from './errors.js';
import type { KemHandles, PrivateHandle, PublicHandle } from './handles.js';

/** The usages "Modern Algorithms" adds to the KeyUsage enum (§2.2): the only ones our keys take. */
export const KEM_USAGES = ['encapsulateKey', 'encapsulateBits', 'decapsulateKey', 'decapsulateBits'] as const;

/**
 * The recognized key usages, in the order of the KeyUsage enum ("Modern Algorithms", §2.2): the
 * strings a `keyUsages` argument may hold (any other rejects with a TypeError), and the order in
 * which our keys' `usages` list them.
 */
export const KEY_USAGES = /* @__PURE__ */ Object.freeze([
  'encrypt',
  'decrypt',
  'sign',
  'verify',
  'deriveKey',
  'deriveBits',
  'wrapKey',
  'unwrapKey',
  ...KEM_USAGES,
] as const);

/** A key usage of the KeyUsage enum. */
export type KeyUsage = (typeof KEY_USAGES)[number];

/**
 * The usage intersection of `usages` and `allowed`: each usage in both, once, in the order of
 * the KeyUsage enum (WebCrypto, §14.2). With every usage allowed, the normalized value of usages.
 */
export function intersect(usages: readonly KeyUsage[], allowed: readonly KeyUsage[] = KEY_USAGES): KeyUsage[] {
  return KEY_USAGES.filter((u) => usages.includes(u) && allowed.includes(u));
}

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

const NOT_CLONEABLE =
  'mlkem-ts/webcrypto keys cannot be structured-cloned (postMessage, IndexedDB): wrap it (wrapKey under a non-extractable AES-KW key, which clones) and keep or send the wrapped bytes, or export it; see docs/webcrypto.md, "Keeping keys"';

type Handle = { type: 'public'; handle: PublicHandle } | { type: 'private'; handle: PrivateHandle };

/** Lets only this layer make keys: the constructor refuses anything else. */
const token = Symbol('mlkem-ts/webcrypto key');

/** The internal slots of one of our keys, for this layer only (algorithm and usagesCopy: made on first read). */
interface Slots {
  entry: AlgorithmEntry;
  key: Handle;
  extractable: boolean;
  usages: readonly KeyUsage[];
  algorithm?: { name: string };
  usagesCopy?: KeyUsage[];
}

/**
 * The slots of every key of this layer. Note: a WeakMap, not private fields (#entry, ...): React
 * Native's Babel preset compiles those to plain properties, where anyone holding a
 * non-extractable key could read its handle (its seed).
 */
const slotsOfKeys = /* @__PURE__ */ hiddenMap<object, Slots>(); // its methods captured at load

/** The slots of one of our keys; TypeError for any other object, as a native accessor gives. */
function slotsOfKey(key: unknown): Slots {
  const slots = typeof key === 'object' && key !== null ? slotsOfKeys.get(key) : undefined;
  if (slots === undefined) typeError('Illegal invocation: not a key of mlkem-ts/webcrypto');
  return slots;
}

/**
 * A CryptoKey of an ML-KEM or hybrid KEM algorithm made by mlkem-ts/webcrypto: `instanceof
 * CryptoKey` where the runtime has the class, with its `constructor` and Symbol.toStringTag. Pass
 * it to the `subtle` of this package (or to crypto.subtle after install()); the runtime's own
 * SubtleCrypto methods do not accept it, and it cannot be structured-cloned.
 */
export class MlKemCryptoKey {
  /** @internal */
  constructor(check: symbol, entry: AlgorithmEntry, key: Handle, extractable: boolean, usages: readonly KeyUsage[]) {
    if (check !== token)
      typeError(
        'Illegal constructor: keys come from generateKey, importKey, getPublicKey and the decapsulation methods',
      );
    slotsOfKeys.set(this, { entry, key, extractable, usages: Object.freeze([...usages]) });
    Object.defineProperty(this, 'notCloneable', { get: () => fail('DataCloneError', NOT_CLONEABLE), enumerable: true });
  }

  /** "public" or "private". */
  get type(): 'public' | 'private' {
    return slotsOfKey(this).key.type;
  }

  /** Whether exportKey may export the key material. */
  get extractable(): boolean {
    return slotsOfKey(this).extractable;
  }

  /** The KeyAlgorithm: `{ name }` (the same object every time, as in WebCrypto, §13.4). */
  get algorithm(): {
    /** The algorithm's name ("ML-KEM-768", "MLKEM768-X25519", ...). */
    name: string;
  } {
    const slots = slotsOfKey(this);
    return (slots.algorithm ??= { name: slots.entry.name });
  }

  /** The key usages (the same array every time). */
  get usages(): KeyUsage[] {
    const slots = slotsOfKey(this);
    return (slots.usagesCopy ??= [...slots.usages]);
  }

  /** "CryptoKey", so that `Object.prototype.toString` describes the key as it does a native one (also without a CryptoKey class). */
  get [Symbol.toStringTag](): string {
    return 'CryptoKey';
  }

  /** What Node's console.log shows: the four attributes, as for a native CryptoKey. */
  [Symbol.for('nodejs.util.inspect.custom')](): object {
    return { type: this.type, extractable: this.extractable, algorithm: this.algorithm, usages: this.usages };
  }
}

let linked = false;

/**
 * Once, at the first key: puts CryptoKey.prototype under our keys' prototype and CryptoKey as
 * their constructor, where the runtime has the class (Node.js, Deno, Bun, browsers; not Hermes).
 * Our accessors shadow the runtime's, which would throw on an object that is not its own.
 */
function linkToCryptoKey(): void {
  linked = true;
  const C = (globalThis as { CryptoKey?: { prototype?: unknown } }).CryptoKey;
  // Function's own `prototype` is typed any: read it as unknown.
  const proto: unknown = typeof C === 'function' ? C.prototype : undefined;
  if (typeof C !== 'function' || typeof proto !== 'object' || proto === null) return;
  try {
    Object.setPrototypeOf(MlKemCryptoKey.prototype, proto);
    Object.defineProperty(MlKemCryptoKey.prototype, 'constructor', {
      value: C,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  } catch {
    // a frozen prototype: our keys stay CryptoKey-shaped objects
  }
}

/** True for a key made by this layer. */
export const isOurKey = (value: unknown): value is MlKemCryptoKey =>
  typeof value === 'object' && value !== null && slotsOfKeys.get(value) !== undefined;

/** A new key (the only way to make one). */
export function makeKey(
  entry: AlgorithmEntry,
  key: Handle,
  extractable: boolean,
  usages: readonly KeyUsage[],
): MlKemCryptoKey {
  if (!linked) linkToCryptoKey();
  const made = new MlKemCryptoKey(token, entry, key, extractable, usages);
  recordSecrets(made, { arrays: [], parts: key.type === 'private' ? [key.handle] : [] }); // @test-hook
  return made;
}

/**
 * The slots of an extractable key, for exportKey; InvalidAccessError for a key that is not
 * extractable (WebCrypto, §14.3.10 step 6). Note: no export of this module hands out the slots of
 * a non-extractable key, nor its private handle: what holding such a key gives is only what the
 * functions below do with it.
 */
export function exportableSlots(key: MlKemCryptoKey): Slots {
  const slots = slotsOfKey(key);
  if (!slots.extractable) fail('InvalidAccessError', 'key is not extractable');
  return slots;
}

/**
 * The checks of encapsulateKey/encapsulateBits (§4.1 and §4.2 step 8–9) and decapsulateKey/
 * decapsulateBits (§4.3 and §4.4), and the key's type check of the operation (§8.4): all
 * InvalidAccessError. Returns the handle of a usable key.
 */
function usable(
  entry: AlgorithmEntry,
  key: MlKemCryptoKey,
  usage: KeyUsage,
  type: 'public' | 'private',
): Handle['handle'] {
  const slots = slotsOfKey(key);
  if (slots.entry !== entry)
    fail('InvalidAccessError', `key algorithm mismatch: the key is ${slots.entry.name}, the algorithm ${entry.name}`);
  const parameter = type === 'public' ? 'encapsulationKey' : 'decapsulationKey';
  if (!slots.usages.includes(usage)) fail('InvalidAccessError', `${parameter} does not have the ${usage} usage`);
  if (slots.key.type !== type) fail('InvalidAccessError', `${parameter} must be a ${type} key`);
  return slots.key.handle;
}

/** §8.4 Generate Key, and WebCrypto, §14.3.6 step 9: the private key needs a usage. */
export function generateOurKey(
  entry: AlgorithmEntry,
  h: KemHandles,
  extractable: boolean,
  usages: readonly KeyUsage[],
): { publicKey: MlKemCryptoKey; privateKey: MlKemCryptoKey } {
  checkUsages(usages, [...PUBLIC_USAGES, ...PRIVATE_USAGES], entry);
  // WebCrypto, §14.3.6 step 9 checks the pair's private usages after generation; checking them
  // first gives the same result without a wasted key generation.
  const privateUsages = intersect(usages, PRIVATE_USAGES);
  if (privateUsages.length === 0)
    fail(
      'SyntaxError',
      'Usages cannot be empty when creating a key: the private key needs decapsulateKey or decapsulateBits',
    );
  let seed: Uint8Array | undefined;
  let handle: PrivateHandle;
  try {
    seed = randomBytes(h.kem.sizes.seed); // FIPS 203, §7.1: d ‖ z, kept for export as raw-seed
    handle = h.decapsulationKey(seed);
  } catch (err) {
    failWith('OperationError', 'key generation failed', err);
  } finally {
    wipe(seed);
  }
  const publicHandle = handle.encapsulationKey;
  return {
    publicKey: makeKey(entry, { type: 'public', handle: publicHandle }, true, intersect(usages, PUBLIC_USAGES)),
    privateKey: makeKey(entry, { type: 'private', handle }, extractable, privateUsages),
  };
}

/** The encapsulate operation (§8.4 Encapsulate): the ciphertext and the shared secret (ours to wipe). */
export async function encapsulateOurs(
  entry: AlgorithmEntry,
  key: MlKemCryptoKey,
  usage: 'encapsulateKey' | 'encapsulateBits',
) {
  const handle = usable(entry, key, usage, 'public') as PublicHandle;
  try {
    return await handle.encapsulate();
  } catch (err) {
    failWith('OperationError', 'encapsulation failed', err);
  }
}

/** The decapsulate operation (§8.4 Decapsulate): the shared secret (ours to wipe). */
export async function decapsulateOurs(
  entry: AlgorithmEntry,
  h: KemHandles,
  key: MlKemCryptoKey,
  ciphertext: Uint8Array,
  usage: 'decapsulateKey' | 'decapsulateBits',
): Promise<ByteArray> {
  const handle = usable(entry, key, usage, 'private') as PrivateHandle;
  const expected = h.kem.sizes.ciphertext;
  // FIPS 203, §7.3, the ciphertext type check: OperationError, as Node 26 reports it.
  if (ciphertext.length !== expected)
    fail('OperationError', `ciphertext must be ${expected} bytes for ${entry.name}, got ${ciphertext.length}`);
  try {
    return await handle.decapsulate(ciphertext);
  } catch (err) {
    failWith('OperationError', 'decapsulation failed', err);
  }
}

/** getPublicKey (§4.5) for one of our keys. */
export function publicKeyOf(key: MlKemCryptoKey, usages: readonly KeyUsage[]): MlKemCryptoKey {
  const { entry, key: k } = slotsOfKey(key);
  if (k.type !== 'private') fail('InvalidAccessError', 'key must be a private key');
  checkUsages(usages, PUBLIC_USAGES, entry);
  return makeKey(entry, { type: 'public', handle: k.handle.encapsulationKey }, true, intersect(usages));
}
