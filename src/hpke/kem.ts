import { checkBytes, describe, takeUint8Array } from '../args.js';
import type { ByteArray } from '../bytes.js';
// The KEMs depend on no HPKE library: the adapters (hpke.ts, hpke-core.ts) wrap them.
import { wipe, wipedAfter } from '../ct.js';
import { MlKemError } from '../errors.js';
import { hiddenMap } from '../hidden-map.js';
import { asynchronousOf } from '../hybrid/concrete-async.js';
import { internalsOf } from '../hybrid/internals.js';
import type { HybridKem } from '../hybrid/types.js';
import { KEM_OBJECT_METHODS, kemShape, type Encapsulation, type MlKem } from '../kem.js';
import { fillRandom } from '../random.js';
import { HYBRID_ENTRIES, type HpkeName, entryOf } from '../registry.js';
import { deriveSeed } from './derive.js';

/** The names of the KEMs, as draft-ietf-hpke-pq spells them (the registry's `hpke` names). */
export type { HpkeName as HpkeKemName };

/** A key pair in serialized form: for every KEM of the draft, both are fixed-length byte strings. */
export interface HpkeKeyPair {
  /** The decapsulation key in seed form (Nsk bytes): 64 bytes d ‖ z for ML-KEM, 32 for the hybrids. */
  privateKey: ByteArray;
  /** The encapsulation key (Npk bytes). */
  publicKey: ByteArray;
}

/** The result of Encap: the KEM shared secret and its encapsulation `enc`. */
export interface HpkeEncapsulation {
  /** The KEM shared secret (Nsecret = 32 bytes), input of HPKE's key schedule. */
  sharedSecret: ByteArray;
  /** The encapsulation (the KEM ciphertext, Nenc bytes), sent to the recipient. */
  enc: ByteArray;
}

/**
 * One KEM of draft-ietf-hpke-pq with the functions and constants HPKE requires of a KEM
 * (draft-ietf-hpke-hpke, §4). Serialization is the identity for all of them (the draft, §3 and §4),
 * so keys are byte strings. Every function is synchronous; invalid input throws MlKemError.
 */
export interface HpkeKem {
  /** The HPKE KEM identifier (0x0040–0x0042, 0x0050, 0x0051, 0x647a). */
  readonly id: number;
  /** The KEM's name in draft-ietf-hpke-pq ('ML-KEM-768', 'MLKEM768-X25519', ...). */
  readonly name: HpkeName;
  /** ByteArray of a shared secret (32 for all). */
  readonly Nsecret: number;
  /** ByteArray of an encapsulation `enc` (the KEM ciphertext). */
  readonly Nenc: number;
  /** ByteArray of a public key. */
  readonly Npk: number;
  /** ByteArray of a private key (seed form): 64 for ML-KEM, 32 for the hybrids. */
  readonly Nsk: number;
  /** ByteArray of randomness one Encap consumes (the input of encapDerand). */
  readonly Nrandom: number;
  /**
   * DeriveKeyPair(ikm) of the draft: SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", Nseed), then
   * the KEM's key generation.
   * @param ikm - input keying material, at least Nsk bytes of entropy
   * @returns the key pair: the private key in seed form (Nsk bytes) and the public key (Npk bytes)
   * @throws {MlKemError} `ERR_INVALID_TYPE` when ikm is not a Uint8Array; `ERR_RANDOMNESS` on a
   *   hybrid's @noble/curves path without a random source.
   */
  deriveKeyPair(ikm: Uint8Array): HpkeKeyPair;
  /**
   * GenerateKeyPair() of the draft: a key pair from fresh randomness.
   * @returns the key pair: the private key in seed form (Nsk bytes) and the public key (Npk bytes)
   * @throws {MlKemError} `ERR_RANDOMNESS` when the runtime has no secure random source.
   */
  generateKeyPair(): HpkeKeyPair;
  /**
   * Encap(pkR): a fresh shared secret and its encapsulation for the recipient's public key.
   * @param publicKey - the recipient's serialized public key (Npk bytes)
   * @returns `{ sharedSecret, enc }`
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY` (a key
   *   that fails the KEM's checks: HPKE's EncapError), `ERR_RANDOMNESS`.
   */
  encap(publicKey: Uint8Array): HpkeEncapsulation;
  /**
   * Encap with the caller's Nrandom bytes instead of fresh randomness, as the draft's test vectors
   * (ikmE) need. For tests only.
   * @param publicKey - the recipient's serialized public key (Npk bytes)
   * @param randomness - Nrandom bytes
   * @returns `{ sharedSecret, enc }`
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`;
   *   `ERR_INVALID_SECRET_KEY` when a NIST-curve hybrid's randomness holds no valid scalar.
   */
  encapDerand(publicKey: Uint8Array, randomness: Uint8Array): HpkeEncapsulation;
  /**
   * Decap(enc, skR): the shared secret of an encapsulation.
   * @param enc - the encapsulation (Nenc bytes)
   * @param privateKey - the recipient's private key in seed form (Nsk bytes)
   * @returns the shared secret (Nsecret bytes)
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`; `ERR_INVALID_PUBLIC_KEY` for an
   *   invalid NIST-curve point in enc (all of these are HPKE's DecapError).
   */
  decap(enc: Uint8Array, privateKey: Uint8Array): ByteArray;
}

/** The pair (seed, ek) of a seed, which it takes over (and wipes on error): ek of `kem`'s keygen. */
export function keyPairOfSeed(
  kem: { keygen(seed: Uint8Array): { publicKey: ByteArray; secretKey: ByteArray; seed: ByteArray } },
  seed: ByteArray,
): HpkeKeyPair {
  try {
    const pair = kem.keygen(seed);
    wipe(pair.secretKey, pair.seed);
    return { privateKey: seed, publicKey: pair.publicKey };
  } catch (err) {
    wipe(seed);
    throw err;
  }
}

/** A KEM's { ciphertext, sharedSecret } as HPKE names them: the ciphertext is `enc`. */
export const asHpke = (e: Encapsulation): HpkeEncapsulation => ({ sharedSecret: e.sharedSecret, enc: e.ciphertext });

/** The key objects behind an HPKE KEM's keys: the ML-KEM or hybrid KEM's own (parsed, checked and expanded once). */
export interface KeyObjects {
  encapsulationKey(publicKey: Uint8Array): { encapsulate(): Encapsulation | Promise<Encapsulation> };
  decapsulationKey(privateKey: Uint8Array): {
    decapsulate(ciphertext: Uint8Array): ByteArray | Promise<ByteArray>;
    seed(): ByteArray | undefined;
    dispose(): void;
  };
}

const keyObjects = /* @__PURE__ */ hiddenMap<HpkeKem, KeyObjects>();

/** The key objects of an HPKE KEM made by createHpkeKem; ERR_INVALID_TYPE for any other object. */
export function keyObjectsOf(hpke: HpkeKem): KeyObjects {
  const k = typeof hpke === 'object' && hpke !== null ? keyObjects.get(hpke) : undefined;
  if (k === undefined)
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `the KEM must be one made by mlkem-ts/hpke (ML_KEM_768, ..., or createHpkeKem), got ${describe(hpke)}`,
    );
  return k;
}

/** deriveSeed over a private copy of the caller's ikm (wiped after). */
function seedFromIkm(id: number, ikm: Uint8Array, seedBytes: number, name: string): ByteArray {
  return wipedAfter(takeUint8Array(ikm, `HPKE ${name} ikm`), (copy) => deriveSeed(id, copy, seedBytes));
}

/** A KEM's HPKE name and id (the registry's `hpke`). */
type HpkeIds = { name: HpkeName; id: number };

/**
 * The HPKE KEM of draft-ietf-hpke-pq over an ML-KEM object of any backend (§3) or a hybrid KEM of
 * mlkem-ts/hybrid (§4). The private key is the seed form in both: ML-KEM's d ‖ z (64 bytes), the
 * hybrid's seed; the public key is the KEM's keygen of it (§3 expandDecapsKey: FIPS 203,
 * Algorithm 16). Encap is the KEM's Encaps, whose check failing (FIPS 203, §7.2; a hybrid's
 * invalid curve point) is HPKE's EncapError.
 */
function fromKem(given: MlKem | HybridKem, ids: HpkeIds): HpkeKem {
  const hybrid = 'eseed' in given.sizes;
  // MLKEM768-X25519 refuses low-order X25519 shares (EncapError, DecapError), as HPKE's
  // DHKEM(X25519) must (RFC 9180, §7.1.4), and as the HPKE libraries and age do: the drafts leave it open.
  const kem = hybrid ? (internalsOf(given as HybridKem)?.refusing() ?? given) : given;
  const { id, name } = ids;
  const { publicKey: Npk, ciphertext: Nenc, seed: Nsk, sharedSecret: Nsecret } = kem.sizes;

  const hpke: HpkeKem = Object.freeze({
    id,
    name,
    Nsecret,
    Nenc,
    Npk,
    Nsk,
    Nrandom: hybrid ? (kem as HybridKem).sizes.eseed : 32,
    /** §3, §4 DeriveKeyPair: seed = SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", Nsk); ek from the KEM's keygen(seed). */
    deriveKeyPair(ikm: Uint8Array): HpkeKeyPair {
      return keyPairOfSeed(kem, seedFromIkm(id, ikm, Nsk, name));
    },
    /** §3, §4 GenerateKeyPair: seed = random(Nsk). */
    generateKeyPair(): HpkeKeyPair {
      const seed = new Uint8Array(Nsk);
      fillRandom(seed);
      return keyPairOfSeed(kem, seed);
    },
    /** §3, §4 Encap: the KEM's Encaps (ML-KEM: FIPS 203, Algorithm 20). */
    encap(publicKey: Uint8Array): HpkeEncapsulation {
      return asHpke(kem.encapsulate(publicKey));
    },
    /** Encaps_internal with the caller's randomness (ML-KEM: FIPS 203, Algorithm 17 with m; the vectors' ikmE). */
    encapDerand(publicKey: Uint8Array, randomness: Uint8Array): HpkeEncapsulation {
      return asHpke(kem.encapsulateInternal(publicKey, randomness));
    },
    /** §4: a hybrid's Decap is its Decaps. §3: ML-KEM.Decaps(expandDecapsKey(skR), enc) (FIPS 203, Algorithm 21). */
    decap(enc: Uint8Array, privateKey: Uint8Array): ByteArray {
      if (hybrid) return kem.decapsulate(enc, privateKey);
      checkBytes(privateKey, 64, `HPKE ${kem.name} private key`); // the seed form only (Nsk), not the expanded key
      const dk = kem.decapsulationKey(privateKey);
      try {
        return dk.decapsulate(enc);
      } finally {
        dk.dispose();
      }
    },
  });
  // The key objects of the adapters' keys. Their Encap and Decap are asynchronous: a concrete
  // hybrid's keys are those of its asynchronous door (its curve half where src/hybrid/curves/choose.ts
  // says, the runtime's own Web Crypto among them).
  keyObjects.set(hpke, (hybrid ? asynchronousOf(kem as HybridKem) : undefined) ?? kem);
  return hpke;
}

/**
 * The HPKE KEM of draft-ietf-hpke-pq for an ML-KEM object (`MlKem768` of `mlkem-ts`, or of
 * `mlkem-ts/wasm`) or a hybrid of `mlkem-ts/hybrid` (X-Wing = MLKEM768-X25519).
 * @param kem - an `MlKem` of any backend, or a `HybridKem` that the draft names.
 * @returns the KEM with the draft's id, constants, DeriveKeyPair, Encap and Decap.
 * @throws MlKemError `ERR_INVALID_TYPE` when kem is neither, or a hybrid the draft does not name
 *   (the RFC 10024 TLS groups are not HPKE KEMs).
 * @example
 * ```ts
 * import { loadWasm } from 'mlkem-ts/wasm';
 * import { createHpkeKem, hpkeKem } from 'mlkem-ts/hpke';
 * const { MlKem768 } = await loadWasm();
 * const KEM_ML_KEM_768_WASM = hpkeKem(createHpkeKem(MlKem768)); // for new CipherSuite(...) of 'hpke'
 * ```
 */
export function createHpkeKem(kem: MlKem | HybridKem): HpkeKem {
  const what = 'createHpkeKem: kem';
  const shape = kemShape(kem, what, KEM_OBJECT_METHODS);
  if ('name' in shape) {
    const entry = entryOf(shape.name);
    if (entry?.hpke !== undefined) {
      return fromKem(kem, entry.hpke as HpkeIds); // the registry's hpke names are HpkeName
    }
  }
  const got = 'got' in shape ? shape.got : `an object named ${shape.name}`;
  throw new MlKemError(
    'ERR_INVALID_TYPE',
    `${what} must be an ML-KEM object (MlKem) or one of the hybrids of draft-ietf-hpke-pq (${HYBRID_ENTRIES.filter(
      (e) => 'hpke' in e,
    )
      .map((e) => e.name)
      .join(', ')}), got ${got}`,
  );
}
