// Key objects for the HPKE libraries: the shape of a Web Crypto CryptoKey that both `hpke` (its
// Key interface) and `@hpke/core` (CryptoKey) read, with the key bytes held out of reach in a
// WeakMap, so that `extractable: false` means something and a key cannot be altered after creation.
import { checkBytes, describe } from '../args.js';
import { type ByteArray, copyBytes } from '../bytes.js';
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { hiddenMap } from '../hidden-map.js';
import { recordSecrets } from '../lifetime.js'; // @test-hook
import {
  asHpke,
  keyObjectsOf,
  type HpkeEncapsulation,
  type HpkeKem,
  type HpkeKeyPair,
  type KeyObjects,
} from './kem.js';

/** A public key: its bytes, and its key object once the first Encap has checked and expanded it. */
interface PublicData {
  kem: HpkeKem;
  type: 'public';
  bytes: ByteArray;
  ek?: ReturnType<KeyObjects['encapsulationKey']>;
}

/** A private key: the KEM's decapsulation key object, made (checked and expanded) with the key. */
interface PrivateData {
  kem: HpkeKem;
  type: 'private';
  dk: ReturnType<KeyObjects['decapsulationKey']>;
}

const keyData = /* @__PURE__ */ hiddenMap<object, PublicData | PrivateData>(); // its methods captured at load

/**
 * A public or private key of one of the KEMs of mlkem-ts/hpke, as the HPKE libraries take it (made
 * by their DeriveKeyPair, GenerateKeyPair and Deserialize functions). A private key holds the KEM's
 * decapsulation key object (expanded once); like a CryptoKey it has no dispose: its secrets are
 * wiped when it is garbage-collected (the key objects' one lifetime). A public key is checked and
 * expanded on its first Encap, where HPKE puts the check.
 */
export class HpkeKey {
  /** `{ name }`: the KEM's name in draft-ietf-hpke-pq ('ML-KEM-768', 'MLKEM768-X25519', ...). */
  readonly algorithm: {
    /** The KEM's name. */
    readonly name: string;
  };
  /** Whether SerializePrivateKey may return the bytes (public keys: always true). */
  readonly extractable: boolean;
  /** Whether this is a recipient's public key or a private key. */
  readonly type: 'public' | 'private';
  /** Web Crypto's usages, as @hpke/core's keys carry them. */
  readonly usages: readonly string[];

  /** @internal Use newKey. */
  constructor(kem: HpkeKem, type: 'public' | 'private', extractable: boolean, name: string = kem.name) {
    this.algorithm = Object.freeze({ name });
    this.type = type;
    this.extractable = extractable;
    this.usages = Object.freeze(type === 'private' ? ['deriveBits'] : []);
    Object.freeze(this);
  }
}

/**
 * A key of kem holding a private copy of bytes (Npk or Nsk of them; else MlKemError). `name` is its
 * `algorithm.name`: the KEM's, or the name a drop-in class gives it ('X-Wing').
 */
export function newKey(
  kem: HpkeKem,
  type: 'public' | 'private',
  bytes: Uint8Array,
  extractable: boolean,
  name?: string,
): HpkeKey {
  const what = `HPKE ${kem.name} ${type} key`;
  const objects = keyObjectsOf(kem);
  checkBytes(bytes, type === 'public' ? kem.Npk : kem.Nsk, what);
  const key = new HpkeKey(kem, type, extractable, name);
  if (type === 'public') {
    keyData.set(key, { kem, type, bytes: copyBytes(bytes) });
  } else {
    const dk = objects.decapsulationKey(bytes); // its own copy, wiped by its lifetime
    keyData.set(key, { kem, type, dk });
    recordSecrets(key, { arrays: [], parts: [dk] }); // @test-hook
  }
  return key;
}

/** The data of a key of kem and type; MlKemError ERR_INVALID_TYPE for anything else. */
function dataOf<T extends 'public' | 'private'>(
  kem: HpkeKem,
  key: unknown,
  type: T,
): Extract<PublicData | PrivateData, { type: T }> {
  const data = typeof key === 'object' && key !== null ? keyData.get(key) : undefined;
  // By name: a key of ML-KEM-768 serves every backend's ML-KEM-768 (they agree byte for byte).
  if (data === undefined || data.kem.name !== kem.name || data.type !== type) {
    const got = data === undefined ? describe(key) : `a ${data.type} key of ${data.kem.name}`;
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `the key must be a ${type} key of ${kem.name} made by mlkem-ts/hpke, got ${got}`,
    );
  }
  return data as Extract<PublicData | PrivateData, { type: T }>;
}

/** A copy of the bytes of a key of kem and type (a private key's seed); a private key only if it is extractable. */
export function keyBytes(kem: HpkeKem, key: unknown, type: 'public' | 'private'): ByteArray {
  if (type === 'public') return dataOf(kem, key, 'public').bytes.slice();
  const data = dataOf(kem, key, 'private');
  if (!(key as HpkeKey).extractable) {
    throw new MlKemError('ERR_INVALID_TYPE', `the ${kem.name} private key is not extractable: it cannot be serialized`);
  }
  return data.dk.seed()!; // made from its seed, so it has one
}

/** Encap(pkR) to a public key of kem; the key is checked and expanded on first use, and kept. */
export async function encapTo(kem: HpkeKem, key: unknown): Promise<HpkeEncapsulation> {
  const data = dataOf(kem, key, 'public');
  data.ek ??= keyObjectsOf(kem).encapsulationKey(data.bytes);
  return asHpke(await data.ek.encapsulate());
}

/** Decap(enc, skR) with a private key of kem, through its decapsulation key object. */
export function decapWith(kem: HpkeKem, key: unknown, enc: Uint8Array): ByteArray | Promise<ByteArray> {
  return dataOf(kem, key, 'private').dk.decapsulate(enc);
}

/** The key objects of a fresh serialized pair (whose private key is wiped once copied). */
export function newKeyPair(
  kem: HpkeKem,
  pair: HpkeKeyPair,
  extractable: boolean,
  name?: string,
): { privateKey: HpkeKey; publicKey: HpkeKey } {
  try {
    return {
      privateKey: newKey(kem, 'private', pair.privateKey, extractable, name),
      publicKey: newKey(kem, 'public', pair.publicKey, true, name),
    };
  } finally {
    wipe(pair.privateKey);
  }
}
