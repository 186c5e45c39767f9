import type { ByteArray } from '../bytes.js';
// The types shared by the key formats of mlkem-ts/keys (one module, so that the format modules
// and the entry point import it and not each other).
import type { MlKem, MlKemBackend } from '../kem.js';

/** The name of an ML-KEM parameter set, as key formats name it. */
export type MlKemAlgorithm = MlKem['name'];

/**
 * The three ML-KEM objects of one backend: `await loadWasm()` from 'mlkem-ts/wasm', or the
 * portable ones (`import * as mlkem from 'mlkem-ts'`). The default is the portable backend.
 */
export type { MlKemBackend };

/** Options every function of mlkem-ts/keys takes. */
export interface KeyOptions {
  /** The backend that expands and checks keys (key generation from a seed, the §7.2/FIPS 203, §7.3 checks, the pairwise check). */
  backend?: MlKemBackend;
}

/** A public key and its parameter set. */
export interface PublicKeyInfo {
  /** The parameter set. */
  algorithm: MlKemAlgorithm;
  /** The encapsulation key ek. */
  publicKey: ByteArray;
}

/** A private key, its parameter set and its public key. */
export interface PrivateKeyInfo {
  /** The parameter set. */
  algorithm: MlKemAlgorithm;
  /** The 64-byte seed d ‖ z, when the encoding held it. */
  seed?: ByteArray;
  /** The expanded decapsulation key dk (from the seed, or as stored). */
  secretKey: ByteArray;
  /** The encapsulation key ek. */
  publicKey: ByteArray;
}

/**
 * A key handed to an encoder: a KeyPair from keygen, a decoder's result, or any of its parts.
 * `algorithm` is needed only when the seed is given alone (a 64-byte seed fits every level).
 */
export interface KeyParts {
  /** The parameter set; needed only with a seed alone, else it follows from the keys' lengths. */
  algorithm?: MlKemAlgorithm;
  /** The 64-byte seed d ‖ z. */
  seed?: Uint8Array;
  /** The expanded decapsulation key dk. */
  secretKey?: Uint8Array;
  /** The encapsulation key ek. */
  publicKey?: Uint8Array;
}

/** The ML-KEM-PrivateKey CHOICE of RFC 9935, §6: seed [0], expandedKey, or both. */
export type PrivateKeyForm = 'seed' | 'expanded' | 'both';

/** Options of encodePkcs8. */
export interface EncodePkcs8Options extends KeyOptions {
  /** Default: 'seed' when the seed is known, else 'expanded'. */
  form?: PrivateKeyForm;
  /**
   * For a key given as an expanded secretKey without its seed: check it by encapsulating to its
   * public key and decapsulating, as decodePkcs8 does. Default `true`; `false` skips it.
   */
  pairwiseCheck?: boolean;
}

/** Options of decodePkcs8. */
export interface DecodePkcs8Options extends KeyOptions {
  /**
   * Check an expanded key (one stored without its seed) by encapsulating to its public key and
   * decapsulating: the only check that catches an altered secret vector behind a valid H(ek).
   * Default `true`; `false` skips it. It costs one encapsulation and one decapsulation (for
   * ML-KEM-768 on the portable backend some 2.7 times the import of a seed: `npm run bench`,
   * "decodePkcs8: import cost by form"). It needs randomness (ERR_RANDOMNESS without it). Keys with a seed never need it.
   */
  pairwiseCheck?: boolean;
}

/** The PEM labels of RFC 7468 for SubjectPublicKeyInfo and OneAsymmetricKey. */
export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY';

/** An ML-KEM JWK as Node.js writes it: priv (the seed) only in a private key. */
export interface MlKemJwk {
  /** The key type: "AKP" (algorithm key pair). */
  kty: 'AKP';
  /** The parameter set. */
  alg: MlKemAlgorithm;
  /** base64url of the encapsulation key. */
  pub: string;
  /** base64url of the 64-byte seed d ‖ z. */
  priv?: string;
}
