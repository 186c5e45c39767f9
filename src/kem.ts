// The public ML-KEM objects: one frozen object per parameter set and backend, which checks every
// argument at the boundary, takes private copies of what it must, and runs the algorithms of
// mlkem.ts. Key objects (key-objects.ts) are made here too.
import { checkBytes, checkDecapsulateArguments, describe, isObjectArgument, readFields } from './args.js';
import { type ByteArray, readBytes } from './bytes.js';
import { MlKemError } from './errors.js';
import type { Kernels } from './kernels.js';
import {
  type DecapsulationKey,
  type DecapsulationKeyOptions,
  type EncapsulationKey,
  createDecapsulationKey,
  createEncapsulationKey,
} from './key-objects.js';
import { Core, type Encapsulation, type KeyPair } from './mlkem.js';
import type { ParameterSet } from './params.js';
import { randomBytes } from './random.js';

export type { DecapsulationKey, DecapsulationKeyOptions, Encapsulation, EncapsulationKey, KeyPair };

/**
 * ML-KEM at one parameter set over one backend: `MlKem512`, `MlKem768` and `MlKem1024` from
 * `mlkem-ts` (portable), or the objects `loadWasm()` returns (WebAssembly). Frozen; every method
 * checks its arguments, never modifies them, and returns fresh arrays.
 */
export interface MlKem {
  /** The parameter set (FIPS 203, §8). */
  readonly name: 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024';
  /** Byte sizes (FIPS 203, Table 3). */
  readonly sizes: {
    /** The encapsulation key ek: 384k + 32 bytes (800, 1184 or 1568). */
    readonly publicKey: number;
    /** The decapsulation key dk: 768k + 96 bytes (1632, 2400 or 3168). */
    readonly secretKey: number;
    /** The ciphertext: 32(d_u·k + d_v) bytes (768, 1088 or 1568). */
    readonly ciphertext: number;
    /** The shared secret K. */
    readonly sharedSecret: 32;
    /** The seed d ‖ z of a key pair. */
    readonly seed: 64;
  };
  /**
   * A key pair from the 64-byte seed d ‖ z if given (FIPS 203, Algorithm 16), else from fresh
   * randomness (Algorithm 19).
   * @param seed - the 64-byte seed d ‖ z, for a deterministic key pair; omit it for a fresh one.
   * @returns the encapsulation key, the expanded decapsulation key and the seed they come from.
   * @throws {MlKemError} `ERR_INVALID_TYPE` / `ERR_INVALID_LENGTH` for a seed that is not 64
   *   bytes; `ERR_RANDOMNESS` without a seed when the runtime has no secure random source.
   * @example
   * const { publicKey, secretKey, seed } = MlKem768.keygen();
   * // Store the 64-byte seed; MlKem768.keygen(seed) gives the same keys again.
   */
  keygen(seed?: Uint8Array): KeyPair;
  /**
   * Algorithm 20: a fresh shared secret and its ciphertext, after the §7.2 check of publicKey.
   * @param publicKey - the recipient's encapsulation key.
   * @returns the ciphertext to send to the key's owner and the 32-byte shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`
   *   (FIPS 203, §7.2), `ERR_RANDOMNESS`.
   */
  encapsulate(publicKey: Uint8Array): Encapsulation;
  /**
   * Algorithm 17 with the caller's 32-byte m, after the §7.2 check. For known-answer tests only (FIPS 203, §3.3).
   * @param publicKey - the encapsulation key.
   * @param m - the 32 random bytes that encapsulate would draw.
   * @returns the ciphertext and shared secret that m determines.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`.
   */
  encapsulateInternal(publicKey: Uint8Array, m: Uint8Array): Encapsulation;
  /**
   * Algorithm 21: the shared secret, after the §7.3 checks of both arguments. A ciphertext of the
   * right length is never refused: a wrong one yields the implicit-rejection secret J(z ‖ c).
   * @param ciphertext - the ciphertext from encapsulate.
   * @param secretKey - the expanded decapsulation key (keygen's `secretKey`).
   * @returns the 32-byte shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_SECRET_KEY` (FIPS 203, §7.3).
   */
  decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): ByteArray;
  /**
   * The encapsulation key check of FIPS 203, §7.2 (its length and the modulus check), on its
   * own: returns nothing for a valid key.
   * @param publicKey - the encapsulation key to check.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`.
   */
  checkPublicKey(publicKey: Uint8Array): void;
  /**
   * The checks of an imported expanded decapsulation key: FIPS 203, §7.3 (its length and the hash check),
   * the §7.2 check of the encapsulation key inside it, and that its secret vector ŝ is canonical
   * (every 12-bit value below q; constant time). Returns nothing for a valid key. It cannot tell
   * whether ŝ belongs to the key's ek: the pairwise check of decapsulationKey can.
   * @param secretKey - the expanded decapsulation key to check.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_SECRET_KEY`.
   */
  checkSecretKey(secretKey: Uint8Array): void;
  /**
   * An encapsulation key object: publicKey checked (FIPS 203, §7.2) and expanded once (Âᵀ, t̂, H(ek)), so
   * that each encapsulation to it skips most of the work. Results equal encapsulate's.
   * @param publicKey - the encapsulation key.
   * @returns the key object.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_INVALID_PUBLIC_KEY`.
   * @example
   * const ek = MlKem768.encapsulationKey(publicKey);
   * const { ciphertext, sharedSecret } = ek.encapsulate();
   */
  encapsulationKey(publicKey: Uint8Array): EncapsulationKey;
  /**
   * A decapsulation key object from the 64-byte seed d ‖ z or from the expanded secret key (told
   * apart by length), checked and expanded once. An expanded key gets checkSecretKey's checks
   * and, unless `options.pairwiseCheck` is false, a pairwise check (one encapsulation to its
   * own ek, decapsulated; it needs randomness). Dispose of it (`using`, or `dispose()`) to wipe
   * its secrets.
   * @param secret - the 64-byte seed d ‖ z, or the expanded decapsulation key.
   * @param options - `pairwiseCheck` (default true) for an expanded key.
   * @returns the key object.
   * @throws {MlKemError} `ERR_INVALID_TYPE`; `ERR_INVALID_LENGTH` (neither 64 bytes nor the secret
   *   key's length); `ERR_INVALID_SECRET_KEY`; `ERR_RANDOMNESS` (the pairwise check).
   * @example
   * using dk = MlKem768.decapsulationKey(seed);
   * const sharedSecret = dk.decapsulate(ciphertext);
   */
  decapsulationKey(secret: Uint8Array, options?: DecapsulationKeyOptions): DecapsulationKey;
}

/**
 * The three ML-KEM objects of one backend: the portable ones of `mlkem-ts`
 * (`import * as mlkem from 'mlkem-ts'`) or what `await loadWasm()` returns. The one backend type
 * of every layer (`MlKemBackend` of mlkem-ts/keys, `WasmMlKem`, the Web Crypto layer's backend).
 */
export interface MlKemBackend {
  /** ML-KEM-512 (NIST security category 1). */
  readonly MlKem512: MlKem;
  /** ML-KEM-768 (NIST security category 3), the recommended default. */
  readonly MlKem768: MlKem;
  /** ML-KEM-1024 (NIST security category 5). */
  readonly MlKem1024: MlKem;
}

/** Builds the public, frozen ML-KEM object for a parameter set over a set of kernels. */
export function createMlKem(p: ParameterSet, kernels: Kernels): MlKem {
  let core: Core | undefined;
  const getCore = () => (core ??= new Core(p, kernels)); // workspace allocated on first use
  const arg = (name: string) => `${p.name} ${name}`;
  // The names the hot paths put in messages, made once rather than per call.
  const publicKeyArg = arg('publicKey');
  const secretKeyArg = arg('secretKey');
  let ekCopy: Uint8Array | undefined;

  // Note: randomness is drawn before the workspace is touched, and after every argument has been
  // copied: getRandomValues is a call out to code that is not ours (it can be replaced), and it
  // must neither find the workspace half-used nor change an argument that was already checked.
  return Object.freeze({
    name: p.name,
    sizes: Object.freeze({
      publicKey: p.publicKeyBytes,
      secretKey: p.secretKeyBytes,
      ciphertext: p.ciphertextBytes,
      sharedSecret: 32 as const,
      seed: 64 as const,
    }),

    keygen(seed?: Uint8Array): KeyPair {
      if (seed !== undefined) {
        checkBytes(seed, 64, arg('seed'));
        return getCore().keygen(seed);
      }
      const fresh = randomBytes(64);
      try {
        return getCore().keygen(fresh);
      } finally {
        fresh.fill(0);
      }
    },

    encapsulate(publicKey: Uint8Array): Encapsulation {
      checkBytes(publicKey, p.publicKeyBytes, publicKeyArg);
      // Our copy of the key, in a buffer reused from call to call (a fresh one per call costs
      // more than the rest of the copy); a call that re-enters from getRandomValues finds it
      // taken and uses a fresh one.
      const ek = ekCopy ?? new Uint8Array(p.publicKeyBytes);
      ekCopy = undefined;
      try {
        readBytes(ek, publicKey);
        const m = randomBytes(32);
        try {
          return getCore().encaps(ek, m, publicKeyArg);
        } finally {
          m.fill(0);
        }
      } finally {
        ekCopy = ek;
      }
    },

    encapsulateInternal(publicKey: Uint8Array, m: Uint8Array): Encapsulation {
      checkBytes(publicKey, p.publicKeyBytes, publicKeyArg);
      checkBytes(m, 32, arg('m'));
      return getCore().encaps(publicKey, m, publicKeyArg);
    },

    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): ByteArray {
      checkDecapsulateArguments(ciphertext, secretKey, p.ciphertextBytes, p.secretKeyBytes, p.name);
      return getCore().decaps(ciphertext, secretKey, secretKeyArg);
    },

    checkPublicKey(publicKey: Uint8Array): void {
      checkBytes(publicKey, p.publicKeyBytes, publicKeyArg);
      getCore().checkPublicKey(publicKey, publicKeyArg);
    },

    checkSecretKey(secretKey: Uint8Array): void {
      checkBytes(secretKey, p.secretKeyBytes, secretKeyArg);
      getCore().checkSecretKey(secretKey, secretKeyArg);
    },

    encapsulationKey(publicKey: Uint8Array): EncapsulationKey {
      checkBytes(publicKey, p.publicKeyBytes, publicKeyArg);
      return createEncapsulationKey(getCore(), getCore().expandPublicKey(publicKey, publicKeyArg));
    },

    decapsulationKey(secret: Uint8Array, options?: DecapsulationKeyOptions): DecapsulationKey {
      return createDecapsulationKey(getCore(), secret, options, arg('decapsulationKey'));
    },
  });
}

/**
 * The one check of "is this a KEM object" (an MlKem of any backend, or a HybridKem): an object
 * with a string `name`, `sizes`, and every method of `methods` (read once each, through
 * readFields). Returns its name, or, when it is not one, what it is as the end of a sentence.
 */
export function kemShape(kem: unknown, what: string, methods: readonly string[]): { name: string } | { got: string } {
  if (!isObjectArgument(kem)) return { got: describe(kem) };
  const k = readFields(kem, ['name', 'sizes', ...methods], what);
  if (typeof k.name !== 'string') return { got: `an object whose name is ${describe(k.name)}` };
  const missing = methods.filter((m) => typeof k[m] !== 'function');
  if (typeof k.sizes !== 'object' || k.sizes === null) missing.unshift('sizes');
  if (missing.length > 0) return { got: `an object named ${k.name} without ${missing.join(', ')}` };
  return { name: k.name };
}

/** The methods every KEM object has (MlKem and HybridKem), key objects included. */
export const KEM_OBJECT_METHODS = [
  'keygen',
  'encapsulate',
  'encapsulateInternal',
  'decapsulate',
  'encapsulationKey',
  'decapsulationKey',
] as const;

/** The methods of MlKem that checkKem requires (a call marked pure: a bundle without checkKem drops both lists). */
const KEM_METHODS: readonly string[] = /* @__PURE__ */ (KEM_OBJECT_METHODS as readonly string[]).concat(
  'checkPublicKey',
  'checkSecretKey',
);

/**
 * Returns kem if it is an MlKem object of the parameter set `name` with every method the layers
 * above the core call (the hybrids, mlkem-ts/keys), else throws ERR_INVALID_TYPE.
 */
export function checkKem(kem: unknown, name: MlKem['name'], where: string): MlKem {
  const what = `${where}: kem`;
  const shape = kemShape(kem, what, KEM_METHODS);
  if ('got' in shape || shape.name !== name) {
    const got = 'got' in shape ? shape.got : `an object named ${shape.name}`;
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be an ${name} object (MlKem), got ${got}`);
  }
  return kem as MlKem;
}
