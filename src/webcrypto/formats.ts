import type { ByteArray } from '../bytes.js';
// importKey and exportKey for our algorithms ("Modern Algorithms in the Web Cryptography API",
// §8.4 "Import Key" and §8.4 "Export Key" of ML-KEM): raw-public, raw-seed, spki, pkcs8 and jwk.
// SPKI, PKCS#8 and base64url come from mlkem-ts/keys; this file maps their results and errors to
// the specification's steps and DOMExceptions. Where the specification is silent (what a
// raw-public key is checked for, the hybrids), Node 26 is followed.
import { ctEqual, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import { decodeAkpMember, encodeAkp } from '../keys/akp.js';
import { TAG_OCTET_STRING } from '../keys/der.js';
import { showMember } from '../keys/jwk.js';
import { encodePkcs8 } from '../keys/pkcs8.js';
import { type Pkcs8Fields, type SpkiFields, pkcs8Outline, readPkcs8, readSpki } from '../keys/pkix.js';
import { encodeSpki } from '../keys/spki.js';
import type { AlgorithmEntry } from './algorithms.js';
import type { Jwk, KeyFormat } from './arguments.js';
import { fail, failWith } from './errors.js';
import type { KemHandles, PrivateHandle, PublicHandle } from './handles.js';
import {
  type KeyUsage,
  type MlKemCryptoKey,
  PRIVATE_USAGES,
  PUBLIC_USAGES,
  checkUsages,
  exportableSlots,
  intersect,
  makeKey,
} from './key.js';

function publicFrom(h: KemHandles, entry: AlgorithmEntry, bytes: Uint8Array, what: string): PublicHandle {
  if (bytes.length !== h.kem.sizes.publicKey)
    fail('DataError', `${what} must be ${h.kem.sizes.publicKey} bytes for ${entry.name}, got ${bytes.length}`);
  try {
    return h.encapsulationKey(bytes);
  } catch (err) {
    return failWith('DataError', `${what} is not a valid ${entry.name} public key`, err);
  }
}

/** The private key of a seed; the seed (our copy) is wiped. */
function privateFrom(h: KemHandles, entry: AlgorithmEntry, seed: Uint8Array, what: string): PrivateHandle {
  return wipedAfter(seed, () => {
    if (seed.length !== h.kem.sizes.seed)
      fail('DataError', `${what} must be ${h.kem.sizes.seed} bytes for ${entry.name}, got ${seed.length}`);
    return h.decapsulationKey(seed);
  });
}

/**
 * A PKCS#8 key through the structural reader of mlkem-ts/keys, then expanded once, into the
 * handle, on which the key checks of decodePkcs8 run: a both form's expandedKey must be the
 * seed's, a publicKey [1] the key's own.
 */
function importPkcs8(h: KemHandles, entry: AlgorithmEntry, der: ByteArray): PrivateHandle {
  // The algorithm, then the expandedKey form, decide the error first, also for a key the reader refuses.
  const outline = pkcs8Outline(der);
  if (outline?.algorithm !== undefined && outline.algorithm !== entry.name)
    fail('DataError', `PKCS#8 holds an ${outline.algorithm} key, not ${entry.name}`);
  if (outline?.tag === TAG_OCTET_STRING) {
    fail(
      'NotSupportedError',
      'importing an ML-KEM PKCS#8 key in the expandedKey form (without its seed) is not supported ("Modern Algorithms in the Web Cryptography API", §8.4)',
    );
  }
  let fields: Pkcs8Fields;
  try {
    fields = readPkcs8(der);
  } catch (err) {
    return failWith('DataError', 'PKCS#8 is not a valid ML-KEM private key', err);
  }
  const handle = privateFrom(h, entry, fields.seed!.slice(), 'PKCS#8 seed');
  const invalid = (message: string): never =>
    failWith(
      'DataError',
      'PKCS#8 is not a valid ML-KEM private key',
      new MlKemError('ERR_INVALID_SECRET_KEY', `PKCS#8: ${message}`),
    );
  const { expandedKey, publicKey } = fields;
  return disposedIfRefused(handle, () => {
    if (expandedKey !== undefined && !wipedAfter(handle.secretKey!(), (expanded) => ctEqual(expanded, expandedKey)))
      invalid(`the seed and the expandedKey of this ${entry.name} key disagree: the seed does not expand to it`);
    if (publicKey !== undefined && !ctEqual(publicKey, handle.encapsulationKey.bytes()))
      invalid(`publicKey [1] is not the public key of this ${entry.name} private key`);
  });
}

/** handle once check passes; a refused key is disposed of at once (its secrets wiped), not at collection. */
function disposedIfRefused(handle: PrivateHandle, check: () => void): PrivateHandle {
  try {
    check();
    return handle;
  } catch (err) {
    handle.dispose();
    throw err;
  }
}

/** The private CryptoKey of a handle; WebCrypto, §14.3.9 step 9: a private key needs a usage. */
function privateKey(entry: AlgorithmEntry, handle: PrivateHandle, extractable: boolean, usages: readonly KeyUsage[]) {
  disposedIfRefused(handle, () => {
    if (usages.length === 0) fail('SyntaxError', 'Usages cannot be empty when importing a private key');
  });
  return makeKey(entry, { type: 'private', handle }, extractable, intersect(usages));
}

function decodeJwkBytes(text: string | undefined, what: 'pub' | 'priv'): ByteArray {
  if (text === undefined) fail('DataError', `JWK ${what} is missing`);
  try {
    return decodeAkpMember(text, what);
  } catch (err) {
    return failWith('DataError', `JWK ${what} is not base64url without padding (RFC 7515, §2)`, err);
  }
}

/** The JWK checks of "Modern Algorithms", §8.4 Import Key, format "jwk", in their order. */
function importJwk(
  h: KemHandles,
  entry: AlgorithmEntry,
  jwk: Jwk,
  extractable: boolean,
  usages: readonly KeyUsage[],
): MlKemCryptoKey {
  const isPrivate = jwk.priv !== undefined;
  checkUsages(usages, isPrivate ? PRIVATE_USAGES : PUBLIC_USAGES, entry);
  if (jwk.kty !== 'AKP') fail('DataError', `JWK kty must be "AKP", got ${showMember(jwk.kty)}`);
  // Note: the specification names the alg values of draft-ietf-jose-pqc-kem ("MLKEM768") and says
  // the format is not standardized yet; Node 26 and Chromium write and accept the algorithm name.
  if (jwk.alg !== entry.name) fail('DataError', `JWK alg must be "${entry.name}", got ${showMember(jwk.alg)}`);
  if (usages.length > 0 && jwk.use !== undefined && jwk.use !== 'enc')
    fail('DataError', `JWK use must be "enc", got ${showMember(jwk.use)}`);
  if (jwk.key_ops !== undefined) {
    const ops = jwk.key_ops;
    if (new Set(ops).size !== ops.length) fail('DataError', 'JWK key_ops has a duplicate entry (RFC 7517, §4.3)');
    const missing = usages.find((u) => !ops.includes(u));
    if (missing !== undefined) fail('DataError', `JWK key_ops does not allow the usage ${missing}`);
  }
  if (jwk.ext === false && extractable)
    fail('DataError', 'JWK ext is false, so the key cannot be imported as extractable');
  if (isPrivate) {
    const priv = privateFrom(h, entry, decodeJwkBytes(jwk.priv, 'priv'), 'JWK priv (the seed)');
    disposedIfRefused(priv, () => {
      if (!ctEqual(decodeJwkBytes(jwk.pub, 'pub'), priv.encapsulationKey.bytes()))
        fail('DataError', `JWK pub is not the public key of the seed in priv`);
    });
    return privateKey(entry, priv, extractable, usages);
  }
  const pub = publicFrom(h, entry, decodeJwkBytes(jwk.pub, 'pub'), 'JWK pub');
  return makeKey(entry, { type: 'public', handle: pub }, extractable, intersect(usages));
}

/**
 * The import key operation of an algorithm of ours. `keyData` is already converted: bytes, or
 * a JWK for the "jwk" format. Includes WebCrypto, §14.3.9 step 9: a private key needs a usage (privateKey).
 */
export function importOurKey(
  format: KeyFormat,
  keyData: ByteArray | Jwk,
  entry: AlgorithmEntry,
  h: KemHandles,
  extractable: boolean,
  usages: readonly KeyUsage[],
): MlKemCryptoKey {
  const bytes = keyData as ByteArray;
  const pkix = format === 'spki' || format === 'pkcs8';
  if (pkix && !entry.pkix) fail('NotSupportedError', `Unable to import ${entry.name} using ${format} format`);
  if (format === 'raw-public' || format === 'spki') {
    checkUsages(usages, PUBLIC_USAGES, entry);
    let raw = bytes;
    if (format === 'spki') {
      // The structure here; the key's check once, in publicFrom.
      let info: SpkiFields | undefined;
      try {
        info = readSpki(bytes);
      } catch (err) {
        failWith('DataError', 'SubjectPublicKeyInfo is not a valid ML-KEM public key', err);
      }
      if (info.algorithm !== entry.name)
        fail('DataError', `SubjectPublicKeyInfo holds an ${info.algorithm} key, not ${entry.name}`);
      raw = info.publicKey;
    }
    const handle = publicFrom(h, entry, raw, `${format} key data`);
    return makeKey(entry, { type: 'public', handle }, extractable, intersect(usages));
  }
  if (format === 'raw-seed' || format === 'pkcs8') {
    checkUsages(usages, PRIVATE_USAGES, entry);
    const handle =
      format === 'pkcs8' ? importPkcs8(h, entry, bytes) : privateFrom(h, entry, bytes.slice(), 'raw-seed key data');
    return privateKey(entry, handle, extractable, usages);
  }
  if (format === 'jwk') return importJwk(h, entry, keyData as Jwk, extractable, usages);
  return fail('NotSupportedError', `Unable to import ${entry.name} using ${format} format`);
}

const buffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

/** The export key operation (WebCrypto, §14.3.10 and "Modern Algorithms", §8.4 Export Key). */
export function exportOurKey(format: KeyFormat, key: MlKemCryptoKey): ArrayBuffer | Record<string, unknown> {
  const { entry, key: k, extractable, usages } = exportableSlots(key);
  const needType = (type: 'public' | 'private') => {
    if (k.type !== type) fail('InvalidAccessError', `Key must be a ${type} key to export it as ${format}`);
  };
  /** f of a copy of the private key's seed, which is wiped afterwards. */
  const withSeed = <T>(f: (seed: Uint8Array) => T): T => wipedAfter((k.handle as PrivateHandle).seed()!, f);
  if ((format === 'spki' || format === 'pkcs8') && !entry.pkix)
    fail('NotSupportedError', `Unable to export ${entry.name} ${k.type} key using ${format} format`);
  switch (format) {
    case 'raw-public':
      needType('public');
      return (k.handle as PublicHandle).bytes().buffer;
    case 'raw-seed':
      needType('private');
      return withSeed(buffer);
    case 'spki':
      needType('public');
      return encodeSpki((k.handle as PublicHandle).bytes()).buffer;
    case 'pkcs8': {
      needType('private');
      // The seed-only form, as the specification requires for export.
      const der = withSeed((seed) => encodePkcs8({ algorithm: entry.name as 'ML-KEM-768', seed }, { form: 'seed' }));
      return der.buffer as ArrayBuffer;
    }
    case 'jwk': {
      const pub = (
        k.type === 'public' ? (k.handle as PublicHandle) : (k.handle as PrivateHandle).encapsulationKey
      ).bytes();
      // Members in the lexicographic order in which WebIDL converts a dictionary (WebIDL, §3.2.18).
      const akp =
        k.type === 'private' ? withSeed((seed) => encodeAkp(entry.name, pub, seed)) : encodeAkp(entry.name, pub);
      const jwk: Record<string, unknown> = { alg: akp.alg, ext: extractable, key_ops: [...usages], kty: akp.kty };
      if (akp.priv !== undefined) jwk.priv = akp.priv;
      jwk.pub = akp.pub;
      return jwk;
    }
    default:
      return fail('NotSupportedError', `Unable to export ${entry.name} ${k.type} key using ${format} format`);
  }
}
