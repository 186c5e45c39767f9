/// <reference lib="dom" preserve="true" />
// The drop-in classes follow the packages' behaviour, in their order of checks, also where it is
// theirs and not the draft's (DeriveKeyPair): mlkem-ts/hpke/core keeps the draft's.
import {
  DecapError,
  DeriveKeyPairError,
  DeserializeError,
  EncapError,
  InvalidParamError,
  NotSupportedError,
  SerializeError,
  type JsonWebKeyExtended,
  type KemId,
  type KemInterface,
  type RecipientContextParams,
  type SenderContextParams,
} from '@hpke/core';

import { type ByteArray, copyBuffer, copyBytes, decodeBase64url, isUint8Array, lengthOf } from '../bytes.js';
import { wipe, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import { hiddenMap } from '../hidden-map.js';
import { fillRandom } from '../random.js';
import { bytesOf, mapError, toArrayBuffer } from './buffer-source.js';
import { type HpkeKem, keyPairOfSeed } from './kem.js';
import { decapWith, encapTo, HpkeKey, keyBytes, newKey, newKeyPair } from './key.js';

/** What `encap` of the drop-in classes returns, as `@hpke/core`'s KEMs return it. */
export interface HpkeCoreEncapsulation {
  /** The KEM shared secret (32 bytes), the input of HPKE's key schedule. */
  sharedSecret: ArrayBuffer;
  /** The encapsulation (the KEM ciphertext, `encSize` bytes), sent to the recipient. */
  enc: ArrayBuffer;
}

/** What one drop-in class is: our HPKE KEM and where the foreign package's behaviour differs between its KEMs. @internal */
export interface ClassConfig {
  /** Our HPKE KEM (its sizes are the class's). */
  kem: HpkeKem;
  /** The foreign package's `name` (and its keys' `algorithm.name`). */
  name: string;
  /** The private key (seed) of deriveKeyPair(ikm), from a private copy of ikm. */
  seedFromIkm(ikm: ByteArray): ByteArray;
  /** The KEM object whose keygen(seed) gives a private key's (seed's) public key. */
  core: { keygen(seed: Uint8Array): { publicKey: ByteArray; secretKey: ByteArray; seed: ByteArray } };
  /** The encap randomness of `params.ekm` (undefined: fresh), or the package's InvalidParamError. */
  readEkm(ekm: unknown): ByteArray | undefined;
  /** The package's message for an invalid-key refusal of encap (a public key) or decap (an enc). */
  refusal(op: 'encap' | 'decap', publicKey: Uint8Array | undefined): string;
}

/** Each instance's configuration (a WeakMap: nothing of it shows on the instance, as on theirs). */
const configs = /* @__PURE__ */ hiddenMap<object, ClassConfig>();

/** The configuration of a class instance; a TypeError for a method called on anything else. */
function configOf(self: unknown): ClassConfig {
  const c = typeof self === 'object' && self !== null ? configs.get(self) : undefined;
  if (c === undefined) throw new TypeError('the method must be called on an instance of the class');
  return c;
}

/** True for `{ privateKey: object, publicKey: object }`, as @hpke/common tests a CryptoKeyPair. */
export function isKeyPair(x: unknown): x is { privateKey: unknown; publicKey: unknown } {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as { privateKey?: unknown }).privateKey === 'object' &&
    typeof (x as { publicKey?: unknown }).publicKey === 'object'
  );
}

/**
 * A key's bytes as the packages serialize them, after their checks in their order and words: the
 * key's type, its algorithm name, then its length. Our keys (HpkeKey) and the packages' own
 * (XCryptoKey, whose bytes are its `key` field) are both taken, so that keys made by either class
 * serialize with the other. Throws plain Errors, which the caller wraps as SerializeError.
 */
function keyBytesOf(c: ClassConfig, key: unknown, type: 'public' | 'private'): Uint8Array {
  const k = key as { type?: unknown; algorithm?: { name?: unknown }; key?: unknown } | null | undefined;
  if (k?.type !== type) throw new Error(type === 'public' ? 'Not public key' : 'Not private key');
  const name = k.algorithm?.name;
  if (name !== c.name) throw new Error(`Invalid algorithm name: ${String(name)}`);
  if (key instanceof HpkeKey) return keyBytes(c.kem, key, type);
  const size = type === 'public' ? c.kem.Npk : c.kem.Nsk;
  // Read once, copied through the intrinsics: a Buffer's own slice() would share the caller's
  // memory, which decap wipes after use.
  const raw = k.key;
  const length = isUint8Array(raw) ? lengthOf(raw) : undefined;
  if (length !== size) throw new Error(`Invalid key length: ${String(length)}`);
  return copyBytes(raw as Uint8Array);
}

/** A key of c from a private copy of its bytes (wiped after: the key holds its own), checked for length in the packages' words. */
function keyFrom(c: ClassConfig, bytes: Uint8Array, type: 'public' | 'private'): CryptoKey {
  try {
    const size = type === 'public' ? c.kem.Npk : c.kem.Nsk;
    if (bytes.length !== size) throw new Error(`Invalid key length: ${bytes.length}`);
    return newKey(c.kem, type, bytes, true, c.name) as unknown as CryptoKey;
  } finally {
    if (type === 'private') wipe(bytes);
  }
}

/** A pair of keys of c from a private key (seed) it takes over. */
function pairFrom(c: ClassConfig, seed: ByteArray): CryptoKeyPair {
  return newKeyPair(c.kem, keyPairOfSeed(c.core, seed), true, c.name) as unknown as CryptoKeyPair;
}

/** The key pair of a class instance from a private key (seed) it takes over, for a subclass's own methods. @internal */
export function pairOfSeed(self: HpkeKemClass, seed: ByteArray): CryptoKeyPair {
  return pairFrom(configOf(self), seed);
}

/** The bytes of a JWK of the packages' form (`kty: 'AKP'`, `alg`, base64url `pub` or `priv`), after their checks in their order and words. */
function jwkBytes(c: ClassConfig, jwk: JsonWebKeyExtended, isPublic: boolean): Uint8Array {
  if (jwk.kty !== 'AKP') throw new Error(`Invalid kty: ${String(jwk.kty)}`);
  if (jwk.alg !== c.name) throw new Error(`Invalid alg: ${String(jwk.alg)}`);
  const ops = jwk.key_ops;
  if (!isPublic) {
    if (jwk.priv === undefined) throw new Error('Invalid key: `priv` not found');
    if (ops !== undefined && (ops.length !== 1 || ops[0] !== 'deriveBits'))
      throw new Error("Invalid key: `key_ops` should be ['deriveBits']");
    return decodeBase64url(String(jwk.priv), `${c.name} JWK priv`, true);
  }
  if (jwk.priv !== undefined) throw new Error('Invalid key: `priv` should not be set');
  if (jwk.pub === undefined) throw new Error('Invalid key: `pub` not found');
  if (ops !== undefined && ops.length > 0) throw new Error('Invalid key: `key_ops` should not be set');
  return decodeBase64url(String(jwk.pub), `${c.name} JWK pub`);
}

/**
 * The base of the drop-in classes `MlKem512`, `MlKem768`, `MlKem1024` (`mlkem-ts/hpke/ml-kem`) and
 * `XWing` (`mlkem-ts/hpke/x-wing`), over mlkem-ts's HPKE KEMs. A `@hpke/core` `KemInterface` with
 * the constants, methods, errors and messages of `@hpke/ml-kem`'s and `@hpke/hybridkem-x-wing`'s
 * classes. Construct the subclasses, not this.
 * Keys are {@link HpkeKey}s (CryptoKey-shaped, their bytes out of reach; private keys hold the
 * expanded decapsulation key, so a decap does not expand it again). Methods also take the
 * packages' own keys (`XCryptoKey`) of the same algorithm.
 */
export class HpkeKemClass implements KemInterface {
  /** The HPKE KEM id (`KemId.MlKem768`, `KemId.XWing`, ...). */
  readonly id: KemId;
  /** The KEM's name, as the foreign package spells it ('ML-KEM-768', 'X-Wing'); also its keys' `algorithm.name`. */
  readonly name: string;
  /** Bytes of a shared secret (32). */
  readonly secretSize: number;
  /** Bytes of an encapsulation `enc`. */
  readonly encSize: number;
  /** Bytes of a serialized public key. */
  readonly publicKeySize: number;
  /** Bytes of a serialized private key: the seed (64 for ML-KEM, 32 for X-Wing). */
  readonly privateKeySize: number;
  /** False: these KEMs have no authenticated mode. */
  readonly auth: boolean = false;

  /** @internal Construct the subclasses. */
  constructor(config: ClassConfig) {
    const { kem } = config;
    this.id = kem.id as KemId;
    this.name = config.name;
    this.secretSize = kem.Nsecret;
    this.encSize = kem.Nenc;
    this.publicKeySize = kem.Npk;
    this.privateKeySize = kem.Nsk;
    configs.set(this, config);
  }

  /**
   * The bytes of a public key.
   * @param key - a public key of this KEM.
   * @returns its `publicKeySize` bytes.
   * @throws {SerializeError} 'Not public key', 'Invalid algorithm name: …', 'Invalid key length: …'.
   */
  serializePublicKey(key: CryptoKey): Promise<ArrayBuffer> {
    return mapError(SerializeError, () => toArrayBuffer(keyBytesOf(configOf(this), key, 'public')));
  }

  /**
   * A public key from its bytes (checked when first encapsulated to, as the packages do).
   * @param key - `publicKeySize` bytes: an ArrayBuffer, SharedArrayBuffer or view.
   * @returns the key.
   * @throws {DeserializeError} 'Invalid key length: …', or for a value that is not bytes.
   */
  deserializePublicKey(key: ArrayBufferLike | ArrayBufferView): Promise<CryptoKey> {
    return mapError(DeserializeError, () => keyFrom(configOf(this), bytesOf(key, 'key'), 'public'));
  }

  /**
   * The bytes of a private key: its seed.
   * @param key - a private key of this KEM.
   * @returns its `privateKeySize` bytes.
   * @throws {SerializeError} 'Not private key', 'Invalid algorithm name: …', 'Invalid key length: …'.
   */
  serializePrivateKey(key: CryptoKey): Promise<ArrayBuffer> {
    return mapError(SerializeError, () => toArrayBuffer(keyBytesOf(configOf(this), key, 'private')));
  }

  /**
   * A private key from its seed.
   * @param key - `privateKeySize` bytes: an ArrayBuffer, SharedArrayBuffer or view.
   * @returns the key.
   * @throws {DeserializeError} 'Invalid key length: …', or for a value that is not bytes.
   */
  deserializePrivateKey(key: ArrayBufferLike | ArrayBufferView): Promise<CryptoKey> {
    return mapError(DeserializeError, () => keyFrom(configOf(this), bytesOf(key, 'key'), 'private'));
  }

  /**
   * A key from its raw bytes (an ArrayBuffer or Uint8Array) or from a JWK `{ kty: 'AKP', alg, pub }`
   * (public) or `{ kty: 'AKP', alg, priv }` (private, the seed), as the packages take them. Any
   * format other than 'jwk' is read as raw, as theirs do.
   * @param format - 'raw' or 'jwk'.
   * @param key - the bytes or the JWK.
   * @param isPublic - whether it is a public key (default true).
   * @returns the key.
   * @throws {DeserializeError} with the packages' messages ('Invalid key format', 'Invalid jwk key
   *   format', 'Invalid kty: …', 'Invalid alg: …', 'Invalid length of the key', ...).
   */
  importKey(format: 'raw' | 'jwk', key: ArrayBuffer | JsonWebKey, isPublic = true): Promise<CryptoKey> {
    const c = configOf(this);
    return mapError(DeserializeError, () => {
      let bytes: Uint8Array;
      if (format === 'jwk') {
        if (key instanceof ArrayBuffer || isUint8Array(key) || typeof key !== 'object' || key === null)
          throw new Error('Invalid jwk key format');
        bytes = jwkBytes(c, key as JsonWebKeyExtended, isPublic);
      } else {
        if (!(key instanceof ArrayBuffer) && !isUint8Array(key)) throw new Error('Invalid key format');
        bytes = copyBuffer(key)!.bytes;
      }
      if (bytes.length !== (isPublic ? c.kem.Npk : c.kem.Nsk)) {
        wipe(bytes);
        throw new Error('Invalid length of the key');
      }
      return keyFrom(c, bytes, isPublic ? 'public' : 'private');
    });
  }

  /**
   * @returns A fresh key pair `{ privateKey, publicKey }`: a random private key (seed) and its public key.
   * @throws {NotSupportedError} without a secure random source; {DeriveKeyPairError} otherwise.
   */
  async generateKeyPair(): Promise<CryptoKeyPair> {
    const c = configOf(this);
    const seed = new Uint8Array(c.kem.Nsk);
    try {
      fillRandom(seed);
    } catch (err) {
      throw new NotSupportedError(err);
    }
    return await mapError(DeriveKeyPairError, () => pairFrom(c, seed));
  }

  /**
   * The key pair of input keying material, as the foreign package derives it (ML-KEM: ikm is the
   * 64-byte seed d ‖ z itself; X-Wing: the seed is SHAKE256(ikm, 32 bytes)). This is not
   * draft-ietf-hpke-pq's DeriveKeyPair (a LabeledDerive of ikm), which `mlkem-ts/hpke/core` has.
   * @param ikm - the input keying material: an ArrayBuffer, SharedArrayBuffer or view.
   * @returns `{ privateKey, publicKey }`.
   * @throws {DeriveKeyPairError} ML-KEM: 'seed must be 64 bytes in length'.
   */
  deriveKeyPair(ikm: ArrayBufferLike | ArrayBufferView): Promise<CryptoKeyPair> {
    const c = configOf(this);
    return mapError(DeriveKeyPairError, () =>
      wipedAfter(bytesOf(ikm, 'ikm'), (copy) => pairFrom(c, c.seedFromIkm(copy))),
    );
  }

  /**
   * A fresh shared secret and its encapsulation `enc` for `params.recipientPublicKey`; `params.ekm`,
   * for tests, is the encapsulation randomness (32 bytes for ML-KEM's m, 64 for X-Wing's).
   * @param params - @hpke/core's sender parameters.
   * @returns `{ sharedSecret, enc }` as ArrayBuffers.
   * @throws {InvalidParamError} for an ekm the package refuses; {SerializeError} for a recipient
   *   key that is not a public key of this KEM; {EncapError} for a public key that fails the
   *   KEM's checks ('invalid encapsulation key'; X-Wing's low-order X25519 share: 'invalid
   *   private or public key received').
   */
  async encap(params: SenderContextParams): Promise<HpkeCoreEncapsulation> {
    const c = configOf(this);
    const key = params.recipientPublicKey; // before our copy of the ekm: nothing of the caller's runs between it and the try
    const ekm = c.readEkm(params.ekm);
    let result;
    try {
      const pk = await mapError(SerializeError, () => keyBytesOf(c, key, 'public'));
      result = await mapError(
        EncapError,
        () => {
          if (ekm === undefined) return key instanceof HpkeKey ? encapTo(c.kem, key) : c.kem.encap(pk);
          if (ekm.length !== c.kem.Nrandom) throw new Error(`seed must be ${c.kem.Nrandom} bytes in length`);
          return c.kem.encapDerand(pk, ekm);
        },
        (err) =>
          err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY' ? c.refusal('encap', pk) : undefined,
      );
    } finally {
      wipe(ekm); // our copy of the caller's randomness
    }
    return { sharedSecret: toArrayBuffer(result.sharedSecret), enc: toArrayBuffer(result.enc) };
  }

  /**
   * The shared secret of `params.enc` for `params.recipientKey` (a private key or a key pair).
   * @param params - @hpke/core's recipient parameters.
   * @returns the shared secret as an ArrayBuffer.
   * @throws {InvalidParamError} 'Invalid length of enc'; {SerializeError} for a recipient key that
   *   is not a private key of this KEM; {DecapError} for an enc the KEM refuses (X-Wing's
   *   low-order X25519 share: 'invalid private or public key received').
   */
  async decap(params: RecipientContextParams): Promise<ArrayBuffer> {
    const c = configOf(this);
    const enc = copyBuffer(params.enc)?.bytes;
    const recipient: unknown = isKeyPair(params.recipientKey) ? params.recipientKey.privateKey : params.recipientKey;
    if (enc?.length !== this.encSize) throw new InvalidParamError('Invalid length of enc');
    // The packages serialize the key first (its checks, SerializeError); ours then decapsulate
    // with its decapsulation key object, expanded once, theirs expand the seed on every call.
    const sk = await mapError(SerializeError, () => keyBytesOf(c, recipient, 'private'));
    try {
      return toArrayBuffer(
        await mapError(
          DecapError,
          () => (recipient instanceof HpkeKey ? decapWith(c.kem, recipient, enc) : c.kem.decap(enc, sk)),
          (err) =>
            err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY'
              ? c.refusal('decap', undefined)
              : undefined,
        ),
      );
    } finally {
      wipe(sk);
    }
  }
}
