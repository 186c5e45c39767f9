// The ponyfill handles all our algorithms (the ML-KEM levels and the hybrids); the polyfill
// (install.ts) only those the runtime lacks. Keys made here are always handled here.
import { wipe } from '../ct.js';
import type { AsyncCurveChoice } from '../hybrid/curves/curve.js';
import { type AlgorithmEntry, handlesFor } from './algorithms.js';
import {
  type Jwk,
  type KeyFormat,
  algorithmName,
  copyBufferSource,
  normalize,
  ourEntry,
  readFormat,
  readJwk,
  readUsages,
} from './arguments.js';
import type { Backend } from './backend.js';
import { fail, typeError } from './errors.js';
import {
  KEM_USAGES,
  type KeyUsage,
  decapsulateOurs,
  encapsulateOurs,
  generateOurKey,
  isOurKey,
  publicKeyOf,
} from './key.js';
import { type RuntimeCall, runtimeFormat, runtimePublicKey } from './runtime-keys.js';
import { RAW_ALIASES, checkSharedAlgorithm, sharedKeyFormat } from './shared-key.js';
import type { AnyCryptoKey, Bytes, Usages, WebCryptoSubtle } from './types.js';

// The key formats (and with them mlkem-ts/keys' DER and the portable ML-KEM behind its default
// backend): a chunk of their own in a bundle, loaded by the first import or export of a key.
const formats = () => import('./formats.js');

type NativeMethod = (...args: unknown[]) => Promise<unknown>;

/** The runtime's own Web Crypto: its crypto.subtle methods and SubtleCrypto.supports, if any. */
export interface NativeCrypto {
  readonly subtle: Readonly<Record<string, NativeMethod | undefined>> | undefined;
  readonly supports: ((operation: string, algorithm: unknown, extra?: unknown) => boolean) | undefined;
}

export interface SubtleOptions {
  /** The runtime's Web Crypto, read at each call. */
  native(): NativeCrypto;
  /** Whether to do an algorithm of ours here (rather than hand it to the runtime). */
  handles(entry: AlgorithmEntry): boolean;
  backend(): Promise<Backend>;
  /** Where the hybrids' curve halves run (internal, for the benchmarks; default 'auto'). */
  curves?: AsyncCurveChoice;
}

/**
 * The methods our algorithms have no part in, which refuse our names and keys and pass the call
 * on to the runtime: the positions of their algorithm and key arguments, and their arity.
 */
const PASSED_ON: Readonly<Record<string, readonly [algorithms: number[], keys: number[], arity: number]>> = {
  encrypt: [[0], [1], 3],
  decrypt: [[0], [1], 3],
  sign: [[0], [1], 3],
  verify: [[0], [1], 4],
  digest: [[0], [], 2],
  deriveBits: [[0], [1], 3],
  deriveKey: [[0, 2], [1], 5],
};

/** The operations our algorithms support (§8.2 "Registration", and getPublicKey, §4.5). */
export const OPERATIONS = [
  'generateKey',
  'importKey',
  'exportKey',
  'encapsulateBits',
  'decapsulateBits',
  'encapsulateKey',
  'decapsulateKey',
  'getPublicKey',
];

/** The method names of SubtleCrypto, as the polyfill patches them. */
export const SUBTLE_METHODS = [...Object.keys(PASSED_ON), 'wrapKey', 'unwrapKey', ...OPERATIONS] as Array<
  keyof WebCryptoSubtle
>;

/** The key usages and formats of "Modern Algorithms", which older runtimes' enums lack. */
const MODERN_USAGES: readonly string[] = KEM_USAGES;
const MODERN_FORMATS: readonly string[] = ['raw-public', 'raw-private', 'raw-seed', 'raw-secret'];
/** The runtime algorithms that import keys but export none (WebCrypto, §31 HKDF, §32 PBKDF2). */
const NO_EXPORT = ['HKDF', 'PBKDF2'];
/** Usages that no algorithm allows together (a signing and an encryption usage). */
const NO_ALGORITHM_USAGES = ['sign', 'encrypt'];

// Captured at load (bound), as every function given a key or a secret: a later patch never sees one.
const [apply, stringify, parse, encodeUtf8, decodeUtf8] = /* @__PURE__ */ (() => {
  const text = typeof TextEncoder === 'function' && typeof TextDecoder === 'function'; // Hermes may lack them
  const encoder = text ? new TextEncoder() : undefined;
  const decoder = text ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  return [Reflect.apply, JSON.stringify, JSON.parse, encoder?.encode.bind(encoder), decoder?.decode.bind(decoder)];
})();

const buffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;
/** A key of the runtime's own (ours pass `instanceof CryptoKey` too). */
const isNativeKey = (value: unknown): boolean =>
  typeof CryptoKey === 'function' && value instanceof CryptoKey && !isOurKey(value);

/** Builds the object. */
export function createSubtle(o: SubtleOptions): WebCryptoSubtle {
  /** Our entry for an algorithm when this object does it, else undefined (the runtime's). */
  const ours = (alg: unknown): AlgorithmEntry | undefined => {
    const entry = ourEntry(alg);
    return entry !== undefined && o.handles(entry) ? entry : undefined;
  };
  const native = (method: string, args: unknown[]): Promise<unknown> => {
    const n = o.native().subtle;
    const f = n?.[method];
    if (typeof f !== 'function') fail('NotSupportedError', `this runtime's crypto.subtle has no ${method}`);
    return apply(f, n, args);
  };
  const hasNative = (method: string): boolean => typeof o.native().subtle?.[method] === 'function';
  /** A runtime that predates "Modern Algorithms" (no encapsulateBits: Node 20-24, Firefox, Safari). */
  const predatesModern = (): boolean => !hasNative('encapsulateBits');
  /**
   * The format to give such a runtime for an algorithm of its own: "raw" for the "raw-public" and
   * "raw-secret" aliases (runtime-keys.ts); another modern format stays, for refuseModern to refuse.
   */
  const formatFor = (format: unknown, alg: unknown): unknown => {
    if (!predatesModern()) return format;
    const f = readFormat(format as KeyFormat);
    return runtimeFormat(f, alg) ?? f;
  };
  /** formatFor for wrapKey and unwrapKey, whose export or import step refuses another modern format. */
  const wrapFormatFor = (format: unknown, alg: unknown, method: string): unknown => {
    const f = formatFor(format, alg);
    if (predatesModern() && MODERN_FORMATS.includes(f as string))
      fail('NotSupportedError', `${method}: ${algorithmName(alg)} keys have no ${String(f)} format`);
    return f;
  };
  const kemHandles = async (entry: AlgorithmEntry) => handlesFor(entry, await o.backend(), o.curves);

  /**
   * A key-taking method of "Modern Algorithms" given a key that is not ours: the runtime's, or,
   * where the runtime lacks the method, the errors the specification gives for such a key.
   */
  const notOurKey = (method: string, args: unknown[], alg: unknown, key: unknown): Promise<unknown> => {
    if (hasNative(method)) return native(method, args);
    if (!isNativeKey(key)) typeError(`${method}: the key is not a CryptoKey`);
    const entry = normalize(alg);
    return fail('InvalidAccessError', `key algorithm mismatch: the key is not ${entry.name}`);
  };

  /** The checks of a method our algorithms have no part in: our names and keys are refused. */
  const refuseOurs = (method: string, algs: unknown[], keys: unknown[]): void => {
    for (const alg of algs) {
      const entry = ourEntry(alg);
      if (entry !== undefined) fail('NotSupportedError', `${entry.name} does not support ${method}`);
    }
    const key = keys.find(isOurKey);
    if (key !== undefined) fail('InvalidAccessError', `${method} cannot use an ${key.algorithm.name} key`);
  };
  const passOn = (method: string, algs: unknown[], keys: unknown[], args: unknown[]): Promise<unknown> => {
    refuseOurs(method, algs, keys);
    return native(method, args);
  };

  /**
   * Imports a shared secret as a key through the runtime, in the "raw-secret" format (§4.1 step
   * 10), or as "raw" where the runtime predates it (checkSharedAlgorithm let only those through).
   */
  const importShared = (secret: Uint8Array, alg: unknown, extractable: boolean, usages: KeyUsage[]) => {
    const format = sharedKeyFormat(o.native().supports);
    return native('importKey', [format, secret, alg, Boolean(extractable), usages]) as Promise<CryptoKey>;
  };

  /** f of a shared secret of ours, which is wiped when f is done. */
  const withSecret = async <T>(secret: Uint8Array, f: (secret: Uint8Array) => T | Promise<T>): Promise<T> => {
    try {
      return await f(secret);
    } finally {
      wipe(secret);
    }
  };

  /**
   * A key in the runtime's hands that holds `bytes` as its raw material: an HMAC key, the one
   * symmetric key every runtime imports from any number of bytes and exports unchanged. It
   * carries our key material through the runtime's wrapKey and unwrapKey.
   */
  const carrier = { name: 'HMAC', hash: 'SHA-256' };

  /**
   * A runtime that predates "Modern Algorithms" (no encapsulateBits: Node 20-24, Safari) refuses
   * their key usages and formats as WebIDL type errors before it looks at the algorithm. The
   * specification, whose enums hold them, normalizes the algorithm first, and this gives its answer
   * for an algorithm that is not ours. The runtime normalizes the algorithm, with usages no
   * algorithm allows together in place of the modern ones. Its NotSupportedError (unrecognized
   * name) or TypeError (bad parameters) stands; a recognized algorithm has none of the modern
   * usages or formats.
   */
  const refuseModern = async (
    method: 'generateKey' | 'importKey',
    algorithm: unknown,
    format: unknown,
    keyUsages: unknown,
  ): Promise<void> => {
    if (!predatesModern()) return;
    const usages = readUsages(keyUsages as Usages);
    const formatName = format === undefined ? undefined : readFormat(format as KeyFormat);
    const modernFormat = formatName !== undefined && MODERN_FORMATS.includes(formatName);
    if (!modernFormat && !usages.some((u) => MODERN_USAGES.includes(u))) return;
    const probe =
      method === 'generateKey'
        ? [algorithm, false, NO_ALGORITHM_USAGES]
        : ['raw', new Uint8Array(32), algorithm, false, NO_ALGORITHM_USAGES];
    try {
      await native(method, probe);
    } catch (err) {
      const name = (err as { name?: unknown } | null)?.name;
      if (name === 'NotSupportedError' || name === 'TypeError') throw err;
    }
    if (modernFormat && RAW_ALIASES.includes(algorithmName(algorithm).toUpperCase())) {
      // Node 26 checks the usages of WebCrypto's symmetric algorithms before the format (for AES
      // and HMAC, the first import step): a usage they refuse is the SyntaxError, as the runtime gives it for "raw".
      if (usages.some((u) => MODERN_USAGES.includes(u)))
        fail('SyntaxError', `Unsupported key usage for ${algorithmName(algorithm)}`);
      try {
        await native('importKey', ['raw', new Uint8Array(32), algorithm, false, usages]);
      } catch (err) {
        if ((err as { name?: unknown } | null)?.name === 'SyntaxError') throw err;
      }
    }
    if (modernFormat)
      fail('NotSupportedError', `Unable to import ${algorithmName(algorithm)} keys in ${formatName} format`);
    fail('SyntaxError', `Unsupported key usage for ${algorithmName(algorithm)}`);
  };

  /** PASSED_ON's methods, given the runtime as many arguments as it declares (deriveBits' length only when given). */
  const passedOn = Object.fromEntries(
    Object.entries(PASSED_ON).map(([method, [algs, keys, arity]]) => [
      method,
      async (...given: unknown[]) => {
        const args = Array.from({ length: arity }, (_, i) => given[i]);
        if (method === 'deriveBits' && args[2] === undefined) args.pop();
        const at = (i: number) => args[i];
        return passOn(method, algs.map(at), keys.map(at), args);
      },
    ]),
  );

  const subtle: WebCryptoSubtle = {
    ...passedOn,
    async generateKey(algorithm: unknown, extractable: boolean, keyUsages: Usages) {
      const entry = ours(algorithm);
      if (entry === undefined) {
        await refuseModern('generateKey', algorithm, undefined, keyUsages);
        return native('generateKey', [algorithm, extractable, keyUsages]);
      }
      const usages = readUsages(keyUsages);
      return generateOurKey(entry, await kemHandles(entry), Boolean(extractable), usages);
    },

    async importKey(format: KeyFormat, keyData: unknown, algorithm: unknown, extractable: boolean, keyUsages: Usages) {
      const entry = ours(algorithm);
      if (entry === undefined) {
        const f = formatFor(format, algorithm);
        await refuseModern('importKey', algorithm, f, keyUsages);
        return native('importKey', [f, keyData, algorithm, extractable, keyUsages]);
      }
      const f = readFormat(format);
      const usages = readUsages(keyUsages);
      const data: Uint8Array<ArrayBuffer> | Jwk = f === 'jwk' ? readJwk(keyData) : copyBufferSource(keyData, 'keyData');
      try {
        const backend = await o.backend();
        const { importOurKey } = await formats();
        return importOurKey(f, data, entry, await handlesFor(entry, backend, o.curves), Boolean(extractable), usages);
      } finally {
        if (f !== 'jwk') wipe(data as Uint8Array);
      }
    },

    async exportKey(format: KeyFormat, key: AnyCryptoKey) {
      if (!isOurKey(key)) {
        if (!predatesModern() || !isNativeKey(key)) return native('exportKey', [format, key]);
        if (!MODERN_FORMATS.includes(readFormat(format))) return native('exportKey', [format, key]);
        const f = formatFor(format, key.algorithm);
        // WebCrypto, §14.3.10: an algorithm without export (step 5), then extractability (step 6),
        // then the format (the export operation).
        if (NO_EXPORT.includes(key.algorithm.name.toUpperCase()))
          fail('NotSupportedError', `${key.algorithm.name} keys cannot be exported`);
        if (!key.extractable) fail('InvalidAccessError', 'key is not extractable');
        if (MODERN_FORMATS.includes(f as string))
          fail('NotSupportedError', `Unable to export ${key.algorithm.name} keys in ${format} format`); // as refuseModern
        // The raw export of a curve key is its public key (WebCrypto, §23.5 and the curves' export
        // steps): Node 22 gives NotSupportedError for a private one, where the steps say this.
        if (format === 'raw-public' && key.type !== 'public')
          fail(
            'InvalidAccessError',
            `a ${key.algorithm.name} private key has no raw-public form: export its public key`,
          );
        return native('exportKey', [f, key]);
      }
      const f = readFormat(format);
      return (await formats()).exportOurKey(f, key);
    },

    async encapsulateBits(algorithm: unknown, key: AnyCryptoKey) {
      if (!isOurKey(key)) return notOurKey('encapsulateBits', [algorithm, key], algorithm, key);
      const { ciphertext, sharedSecret } = await encapsulateOurs(normalize(algorithm), key, 'encapsulateBits');
      return withSecret(sharedSecret, (secret) => ({ ciphertext: buffer(ciphertext), sharedKey: buffer(secret) }));
    },

    async decapsulateBits(algorithm: unknown, key: AnyCryptoKey, ciphertext: Bytes) {
      if (!isOurKey(key)) return notOurKey('decapsulateBits', [algorithm, key, ciphertext], algorithm, key);
      const c = copyBufferSource(ciphertext, 'ciphertext');
      const entry = normalize(algorithm);
      return withSecret(await decapsulateOurs(entry, await kemHandles(entry), key, c, 'decapsulateBits'), buffer);
    },

    async encapsulateKey(
      algorithm: unknown,
      key: AnyCryptoKey,
      sharedKeyAlgorithm: unknown,
      extractable: boolean,
      keyUsages: Usages,
    ) {
      const args = [algorithm, key, sharedKeyAlgorithm, extractable, keyUsages];
      if (!isOurKey(key)) return notOurKey('encapsulateKey', args, algorithm, key);
      const usages = readUsages(keyUsages);
      const entry = normalize(algorithm);
      checkSharedAlgorithm(sharedKeyAlgorithm, o.native().supports);
      const { ciphertext, sharedSecret } = await encapsulateOurs(entry, key, 'encapsulateKey');
      return withSecret(sharedSecret, async (secret) => ({
        ciphertext: buffer(ciphertext),
        sharedKey: await importShared(secret, sharedKeyAlgorithm, extractable, usages),
      }));
    },

    async decapsulateKey(
      algorithm: unknown,
      key: AnyCryptoKey,
      ciphertext: Bytes,
      sharedKeyAlgorithm: unknown,
      extractable: boolean,
      keyUsages: Usages,
    ) {
      const args = [algorithm, key, ciphertext, sharedKeyAlgorithm, extractable, keyUsages];
      if (!isOurKey(key)) return notOurKey('decapsulateKey', args, algorithm, key);
      const c = copyBufferSource(ciphertext, 'ciphertext');
      const usages = readUsages(keyUsages);
      const entry = normalize(algorithm);
      checkSharedAlgorithm(sharedKeyAlgorithm, o.native().supports);
      const secret = await decapsulateOurs(entry, await kemHandles(entry), key, c, 'decapsulateKey');
      return withSecret(secret, (s) => importShared(s, sharedKeyAlgorithm, extractable, usages));
    },

    async getPublicKey(key: AnyCryptoKey, keyUsages: Usages) {
      if (!isOurKey(key)) {
        if (hasNative('getPublicKey')) return native('getPublicKey', [key, keyUsages]);
        if (!isNativeKey(key)) typeError('getPublicKey: the key is not a CryptoKey');
        return runtimePublicKey(key, readUsages(keyUsages), native as RuntimeCall);
      }
      return publicKeyOf(key, readUsages(keyUsages));
    },

    async wrapKey(format: KeyFormat, key: AnyCryptoKey, wrappingKey: AnyCryptoKey, wrapAlgorithm: unknown) {
      if (!isOurKey(key)) {
        const f = isNativeKey(key) ? wrapFormatFor(format, key.algorithm, 'wrapKey') : format;
        return passOn('wrapKey', [wrapAlgorithm], [wrappingKey], [f, key, wrappingKey, wrapAlgorithm]);
      }
      refuseOurs('wrapKey', [wrapAlgorithm], [wrappingKey]);
      // WebCrypto, §14.3.11: export, serialize a JWK as UTF-8 JSON, then wrap those bytes. The
      // wrapping algorithm is read first: nothing of the caller's runs between the export and the try.
      const f = readFormat(format);
      const aesKw = algorithmName(wrapAlgorithm).toUpperCase() === 'AES-KW';
      const exported = (await formats()).exportOurKey(f, key);
      let json = exported instanceof ArrayBuffer ? '' : stringify(exported);
      // AES-KW wraps whole 64-bit blocks (RFC 3394): pad the JSON with spaces, as Node does.
      if (aesKw) json = json.padEnd((json.length + 7) & ~7, ' '); // ASCII: one byte per character
      const bytes = exported instanceof ArrayBuffer ? new Uint8Array(exported) : encodeUtf8!(json);
      try {
        const inner = (await native('importKey', ['raw', bytes, carrier, true, ['sign']])) as CryptoKey;
        return native('wrapKey', ['raw', inner, wrappingKey, wrapAlgorithm]);
      } finally {
        wipe(bytes);
      }
    },

    async unwrapKey(
      format: KeyFormat,
      wrappedKey: Bytes,
      unwrappingKey: AnyCryptoKey,
      unwrapAlgorithm: unknown,
      unwrappedKeyAlgorithm: unknown,
      extractable: boolean,
      keyUsages: Usages,
    ) {
      const entry = ours(unwrappedKeyAlgorithm);
      if (entry === undefined) {
        const f = wrapFormatFor(format, unwrappedKeyAlgorithm, 'unwrapKey');
        const args = [f, wrappedKey, unwrappingKey, unwrapAlgorithm, unwrappedKeyAlgorithm, extractable, keyUsages];
        return passOn('unwrapKey', [unwrapAlgorithm], [unwrappingKey], args);
      }
      refuseOurs('unwrapKey', [unwrapAlgorithm], [unwrappingKey]); // as wrapKey does
      const f = readFormat(format);
      const usages = readUsages(keyUsages); // read once: a one-shot iterable is empty the second time
      const args = ['raw', wrappedKey, unwrappingKey, unwrapAlgorithm, carrier, true, ['sign']];
      const inner = (await native('unwrapKey', args)) as CryptoKey;
      const bytes = new Uint8Array((await native('exportKey', ['raw', inner])) as ArrayBuffer);
      try {
        let data: Uint8Array | object = bytes;
        if (f === 'jwk') {
          // WebCrypto, §14.3.12 step 14, "parse a JWK": JSON, converted to a JsonWebKey, with a kty.
          let parsed: unknown;
          try {
            parsed = parse(decodeUtf8!(bytes));
          } catch {
            fail('DataError', 'the unwrapped key is not a JSON Web Key');
          }
          const jwk = readJwk(parsed);
          if (jwk.kty === undefined) fail('DataError', 'the unwrapped JSON Web Key has no kty member');
          data = jwk;
        }
        return await importKey(f, data, unwrappedKeyAlgorithm as AlgorithmIdentifier, extractable, usages);
      } finally {
        wipe(bytes);
      }
    },
  } as WebCryptoSubtle;
  const { importKey } = subtle; // unwrapKey's, before anyone else can replace it
  return subtle;
}
