// One call from a key file to a key object, as Node's createPrivateKey / createPublicKey: PEM
// text, DER or PEM bytes (a file as read), or a JWK, of any ML-KEM parameter set. The steps are
// the documented chain (fromPem, decodePkcs8 / decodeSpki / fromJwk, kemFor, decapsulationKey),
// with the same checks. The hybrids' JWKs are loaded by mlkem-ts/hybrid's functions of the same
// names, so that an app of ML-KEM alone does not carry the curves.
import { describe, isObjectArgument, lengthHint, readOptions } from '../args.js';
import { type ByteArray, copyBytes, isUint8Array } from '../bytes.js';
import { wipe, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import type { DecapsulationKey, EncapsulationKey } from '../kem.js';
import { HYBRID_ENTRIES, ML_KEM_ENTRIES, type RegistryEntry } from '../registry.js';
import { backendOption, kemFor, lengthsOf, readBackend } from './algorithms.js';
import { fromJwk } from './jwk.js';
import { fromPem } from './pem.js';
import { decodePkcs8 } from './pkcs8.js';
import { decodeSpki } from './spki.js';
import type { DecodePkcs8Options, KeyOptions, PemLabel, PrivateKeyInfo, PublicKeyInfo } from './types.js';

/**
 * A key file as loadPrivateKey and loadPublicKey take it: PEM text, the bytes of a file (DER, PEM
 * or JWK JSON, as `readFileSync` or `fetch` gives them), or a JWK object.
 */
export type KeyFileInput = string | Uint8Array | object;

const PEM_BEGIN = '-----BEGIN ';

// JSON.parse and UTF-8 decoding as they were at load: a later patch of either never sees a private key's text.
const [apply, parse, decoder, decode] = /* @__PURE__ */ (() => {
  const d = typeof TextDecoder === 'function' ? new TextDecoder() : undefined; // Hermes may lack it: decoding fails on use
  return [Reflect.apply, JSON.parse, d, d?.decode] as const;
})();
/** UTF-8 text of bytes, through the decoder captured at load. */
export const decodeUtf8 = (b: Uint8Array): string => apply(decode!, decoder, [b]) as string;

/** What a key file holds, before it is decoded: DER of either kind, or a JWK. */
type Unwrapped = { kind: 'der'; label: PemLabel; der: ByteArray } | { kind: 'jwk'; jwk: object };

/** JSON text of a JWK, parsed; the parser's message is not kept (it quotes the text, which may be the seed). */
function parseJwk(text: string, fn: string): object {
  let value: unknown;
  try {
    value = apply(parse, JSON, [text]);
  } catch {
    throw new MlKemError('ERR_INVALID_KEY_ENCODING', `${fn}: the key starts like a JWK ('{') but is not valid JSON`);
  }
  if (!isObjectArgument(value))
    throw new MlKemError('ERR_INVALID_KEY_ENCODING', `${fn}: the key's JSON is ${describe(value)}, not a JWK object`);
  return value;
}

/**
 * The DER or JWK inside a key file. PEM takes the block labelled `label` where the text has one
 * (a file of a public and a private key), else the first key block. DER is told apart by its
 * second field: an INTEGER (the version) opens a PKCS#8 key, a SEQUENCE (the algorithm) an SPKI.
 */
export function unwrapKeyFile(key: unknown, label: PemLabel, fn: string): Unwrapped {
  if (typeof key === 'string') {
    const text = key.charCodeAt(0) === 0xfeff ? key.slice(1) : key; // one byte-order mark, as Node and OpenSSL skip
    if (text.trimStart().charAt(0) === '{') return { kind: 'jwk', jwk: parseJwk(text, fn) };
    if (!text.includes(PEM_BEGIN)) {
      throw new MlKemError(
        'ERR_INVALID_KEY_ENCODING',
        `${fn}: the text is not PEM (no '${PEM_BEGIN}…' line) nor a JWK's JSON`,
      );
    }
    const wanted = new RegExp(`^${PEM_BEGIN}${label}-----`, 'm').test(text) ? label : undefined;
    const found = fromPem(text, wanted);
    return { kind: 'der', label: found.label, der: found.der };
  }
  if (isUint8Array(key)) {
    const bytes = copyBytes(key);
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf; // UTF-8's; TextDecoder drops it
    let i = bom ? 3 : 0;
    while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i]! >= 0x09 && bytes[i]! <= 0x0d))) i++;
    const first = bytes[i];
    if (first === 0x2d /* '-' */ || first === 0x7b /* '{' */) {
      try {
        return unwrapKeyFile(decodeUtf8(bytes), label, fn);
      } finally {
        wipe(bytes); // the text's DER is decoded afresh; this copy may hold a private key
      }
    }
    if (bytes.length < 2 || bytes[0] !== 0x30) {
      wipe(bytes);
      throw new MlKemError(
        'ERR_INVALID_KEY_ENCODING',
        `${fn}: the bytes are not a key file: expected DER (a SEQUENCE, byte 0x30), PEM text ('${PEM_BEGIN}…') or a JWK's JSON, got ${bom ? 'a byte-order mark, then not text' : `byte 0x${(first ?? 0).toString(16).padStart(2, '0')} first`}`,
      );
    }
    const header = bytes[1]! < 0x80 ? 2 : 2 + (bytes[1]! & 0x7f);
    return { kind: 'der', label: bytes[header] === 0x30 ? 'PUBLIC KEY' : 'PRIVATE KEY', der: bytes };
  }
  if (isObjectArgument(key)) return { kind: 'jwk', jwk: key };
  throw new MlKemError(
    'ERR_INVALID_TYPE',
    `${fn} key must be PEM text, the bytes of a key file (DER, PEM or JWK) or a JWK object, got ${describe(key)}`,
  );
}

/** A hybrid's JWK alg ('MLKEM768-X25519', …), or undefined. */
export function hybridJwkAlg(jwk: object): string | undefined {
  let alg: unknown;
  try {
    alg = (jwk as { alg?: unknown }).alg;
  } catch {
    return undefined; // fromJwk reads it again and reports the failure
  }
  return (HYBRID_ENTRIES as readonly RegistryEntry[]).some((e) => e.jwk !== undefined && e.jwk === alg)
    ? (alg as string)
    : undefined;
}

/** Refuses a hybrid's JWK here, naming the function that loads it. */
function refuseHybrid(jwk: object, fn: string): void {
  const alg = hybridJwkAlg(jwk);
  if (alg !== undefined) {
    throw new MlKemError(
      'ERR_INVALID_KEY_ENCODING',
      `${fn}: the JWK is an ${alg} key, a hybrid: load it with ${fn} from 'mlkem-ts/hybrid', which reads ML-KEM and hybrid keys`,
    );
  }
}

/** The decoded private key of a key file: decodePkcs8 or fromJwk, with the messages of loadPrivateKey. */
function decodePrivate(key: unknown, options: DecodePkcs8Options | undefined, fn: string): PrivateKeyInfo {
  const u = unwrapKeyFile(key, 'PRIVATE KEY', fn);
  if (u.kind === 'jwk') {
    refuseHybrid(u.jwk, fn);
    const info = fromJwk(u.jwk, options?.backend === undefined ? undefined : { backend: options.backend });
    if (!('secretKey' in info))
      throw new MlKemError('ERR_INVALID_KEY_ENCODING', `${fn}: the JWK is a public key (no priv): use loadPublicKey`);
    return info;
  }
  return wipedAfter(u.der, (der) => {
    if (u.label === 'PUBLIC KEY')
      throw new MlKemError(
        'ERR_INVALID_KEY_ENCODING',
        `${fn}: the key is a public key (SubjectPublicKeyInfo): use loadPublicKey`,
      );
    return decodePkcs8(der, options);
  });
}

/**
 * Loads a private key file into a decapsulation key object, as Node's `createPrivateKey`: PKCS#8
 * (RFC 9935: the seed, expanded or both forms) as PEM text, PEM bytes or DER, or a private JWK,
 * of any ML-KEM parameter set, which it finds in the file. The same checks as decodePkcs8 and
 * fromJwk (the pairwise check of an expanded key included, unless `pairwiseCheck: false`).
 * Hybrid JWKs: `loadPrivateKey` from 'mlkem-ts/hybrid'.
 * @param key - PEM text, the bytes of a key file, or a JWK object.
 * @param options - `backend` (default: the portable objects) and `pairwiseCheck`, as decodePkcs8.
 * @returns the key object; its `name` is the parameter set ('ML-KEM-768').
 * @throws {MlKemError} `ERR_INVALID_TYPE` (not a key file, bad options), `ERR_INVALID_KEY_ENCODING`
 *   (malformed, a public key, a hybrid's JWK), `ERR_INVALID_SECRET_KEY` (a failed check).
 * @example
 * const key = loadPrivateKey(readFileSync('key.pem', 'utf8'));
 * const sharedSecret = key.decapsulate(ciphertext); // key.name: 'ML-KEM-768'
 */
export function loadPrivateKey(key: KeyFileInput, options?: DecodePkcs8Options): DecapsulationKey {
  const o = readOptions(options, ['pairwiseCheck', 'backend'], 'loadPrivateKey options'); // each read once
  const backend = readBackend(o.backend, 'loadPrivateKey options');
  const info = decodePrivate(key, o as DecodePkcs8Options, 'loadPrivateKey');
  try {
    // The key's checks ran in decodePkcs8 / fromJwk: the object is built without a second pairwise check.
    return kemFor(info.algorithm, backend).decapsulationKey(info.seed ?? info.secretKey, { pairwiseCheck: false });
  } finally {
    wipe(info.seed, info.secretKey);
  }
}

/**
 * Loads a public key into an encapsulation key object, as Node's `createPublicKey`: an SPKI (PEM
 * text, PEM bytes or DER) or a public JWK, or a private key file, whose public key it takes. Any
 * ML-KEM parameter set; the FIPS 203, §7.2 check runs. Hybrid JWKs: `loadPublicKey` from 'mlkem-ts/hybrid'.
 * @param key - PEM text, the bytes of a key file, or a JWK object.
 * @param options - `backend`: the MlKem objects (default: the portable ones).
 * @returns the key object; its `name` is the parameter set.
 * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_KEY_ENCODING`, `ERR_INVALID_PUBLIC_KEY`,
 *   and for a private key file the errors of loadPrivateKey.
 * @example
 * const recipient = loadPublicKey(await (await fetch('/key.pub')).bytes());
 * const { ciphertext, sharedSecret } = recipient.encapsulate();
 */
export function loadPublicKey(key: KeyFileInput, options?: KeyOptions): EncapsulationKey {
  const backend = backendOption(options, 'loadPublicKey');
  const u = unwrapKeyFile(key, 'PUBLIC KEY', 'loadPublicKey');
  let info: PublicKeyInfo;
  if (u.kind === 'jwk') {
    refuseHybrid(u.jwk, 'loadPublicKey');
    info = fromJwk(u.jwk, { backend });
    if ('secretKey' in info) wipe((info as PrivateKeyInfo).seed, (info as PrivateKeyInfo).secretKey);
  } else if (u.label === 'PUBLIC KEY') {
    info = decodeSpki(u.der, { backend });
  } else {
    info = wipedAfter(u.der, (der) => decodePkcs8(der, { backend }));
    wipe((info as PrivateKeyInfo).seed, (info as PrivateKeyInfo).secretKey);
  }
  return kemFor(info.algorithm, backend).encapsulationKey(info.publicKey);
}

/**
 * The public key of a secret key, in one call (noble: `getPublicKey`). It is the encapsulation key
 * embedded in an expanded decapsulation key (after the FIPS 203, §7.3 checks), or the one a 64-byte
 * seed d ‖ z yields (ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16).
 * A seed needs `algorithm`: it fits every parameter set.
 * @param secret - the expanded secret key (1632, 2400 or 3168 bytes) or the 64-byte seed.
 * @param algorithm - the parameter set; needed for a seed, checked against an expanded key's length.
 * @param options - `backend`: the MlKem objects (default: the portable ones).
 * @returns a fresh copy of the public key.
 * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_SECRET_KEY`.
 */
export function getPublicKey(
  secret: Uint8Array,
  algorithm?: PublicKeyInfo['algorithm'],
  options?: KeyOptions,
): ByteArray {
  const backend = backendOption(options, 'getPublicKey');
  if (!isUint8Array(secret))
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `getPublicKey secret must be a Uint8Array (a secret key or a 64-byte seed), got ${describe(secret)}`,
    );
  const bytes = copyBytes(secret);
  try {
    if (algorithm === undefined && bytes.length === 64) {
      throw new MlKemError(
        'ERR_INVALID_TYPE',
        "getPublicKey needs the algorithm with a 64-byte seed, which fits every parameter set: getPublicKey(seed, 'ML-KEM-768')",
      );
    }
    const named = algorithm ?? ML_KEM_ENTRIES.find((e) => e.sizes.secretKey === bytes.length)?.name;
    const kem = named === undefined ? undefined : kemFor(named, backend);
    if (kem === undefined || (bytes.length !== 64 && bytes.length !== kem.sizes.secretKey)) {
      const expected = kem === undefined ? lengthsOf('secretKey') : String(kem.sizes.secretKey);
      throw new MlKemError(
        'ERR_INVALID_LENGTH',
        `getPublicKey secret must be a 64-byte seed or a ${expected}-byte secret key, got ${bytes.length} bytes${lengthHint(bytes.length, 'secretKey')}`,
      );
    }
    const key = kem.decapsulationKey(bytes, { pairwiseCheck: false });
    try {
      return key.encapsulationKey.bytes();
    } finally {
      key.dispose();
    }
  } finally {
    wipe(bytes);
  }
}
