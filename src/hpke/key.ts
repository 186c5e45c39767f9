// Key objects for the HPKE libraries: the shape of a Web Crypto CryptoKey that both `hpke` (its
// Key interface) and `@hpke/core` (CryptoKey) read, with the key bytes held out of reach in a
// WeakMap, so that `extractable: false` means something and a key cannot be altered after creation.
import { checkBytes, copyBytes, describe } from '../args.js';
import { MlKemError } from '../errors.js';
import { wipe } from '../ct.js';
import { decapsulator, encapsulator, type Decapsulator, type Encapsulator, type HpkeEncapsulation, type HpkeKem, type HpkeKeyPair } from './kem.js';

interface KeyData {
  kem: HpkeKem;
  bytes: Uint8Array;
  /** Encap (public keys) or Decap (private keys) with the key's expansion, made on first use and kept. */
  encap?: Encapsulator;
  decap?: Decapsulator;
}

const keyData = new WeakMap<object, KeyData>();

/**
 * A public or private key of one of the KEMs of mlkem-ts/hpke, as the HPKE libraries take it (made
 * by their DeriveKeyPair, GenerateKeyPair and Deserialize functions). Like a CryptoKey, a key keeps
 * what its first use computes (an ML-KEM key's expansion) for its lifetime; there is no dispose.
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
  constructor(kem: HpkeKem, type: 'public' | 'private', extractable: boolean) {
    this.algorithm = Object.freeze({ name: kem.name });
    this.type = type;
    this.extractable = extractable;
    this.usages = Object.freeze(type === 'private' ? ['deriveBits'] : []);
    Object.freeze(this);
  }
}

/** A key of kem holding a private copy of bytes (Npk or Nsk of them; else MlKemError). */
export function newKey(kem: HpkeKem, type: 'public' | 'private', bytes: Uint8Array, extractable: boolean): HpkeKey {
  const what = `HPKE ${kem.name} ${type} key`;
  checkBytes(bytes, type === 'public' ? kem.Npk : kem.Nsk, what);
  const key = new HpkeKey(kem, type, extractable);
  keyData.set(key, { kem, bytes: copyBytes(bytes) });
  return key;
}

/** The data of a key of kem and type; MlKemError ERR_INVALID_TYPE for anything else. */
function dataOf(kem: HpkeKem, key: unknown, type: 'public' | 'private'): KeyData {
  const data = typeof key === 'object' && key !== null ? keyData.get(key) : undefined;
  // By name: a key of ML-KEM-768 serves every backend's ML-KEM-768 (they agree byte for byte).
  if (data === undefined || data.kem.name !== kem.name || (key as HpkeKey).type !== type) {
    const got = data === undefined ? describe(key) : `a ${(key as HpkeKey).type} key of ${data.kem.name}`;
    throw new MlKemError('ERR_INVALID_TYPE', `the key must be a ${type} key of ${kem.name} made by mlkem-ts/hpke, got ${got}`);
  }
  return data;
}

/** A copy of the bytes of a key of kem and type; a private key only if it is extractable. */
export function keyBytes(kem: HpkeKem, key: unknown, type: 'public' | 'private'): Uint8Array {
  const data = dataOf(kem, key, type);
  if (type === 'private' && !(key as HpkeKey).extractable) {
    throw new MlKemError('ERR_INVALID_TYPE', `the ${kem.name} private key is not extractable: it cannot be serialized`);
  }
  return data.bytes.slice();
}

/** Encap(pkR) to a public key of kem; the key's expansion is made on first use and kept. */
export function encapTo(kem: HpkeKem, key: unknown): HpkeEncapsulation {
  const data = dataOf(kem, key, 'public');
  data.encap ??= encapsulator(kem, data.bytes);
  return data.encap();
}

/** Decap(enc, skR) with a private key of kem; the key's expansion is made once and kept. */
export function decapWith(kem: HpkeKem, key: unknown, enc: Uint8Array): Uint8Array {
  const data = dataOf(kem, key, 'private');
  data.decap ??= decapsulator(kem, data.bytes);
  return data.decap(enc);
}

/** The key objects of a fresh serialized pair (whose private key is wiped once copied). */
export function newKeyPair(kem: HpkeKem, pair: HpkeKeyPair, extractable: boolean): { privateKey: HpkeKey; publicKey: HpkeKey } {
  try {
    return {
      privateKey: newKey(kem, 'private', pair.privateKey, extractable),
      publicKey: newKey(kem, 'public', pair.publicKey, true),
    };
  } finally {
    wipe(pair.privateKey);
  }
}
