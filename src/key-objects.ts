/// <reference lib="esnext.disposable" preserve="true" />
// Key objects: a key parsed, checked and expanded once (Âᵀ, t̂, H(ek); ŝ), then used many times.
// Each operation copies the cached expansion into the backend's workspace, so a key holds no
// backend memory: any number of keys can be alive at once, on either backend, and the backend's
// memory holds no secret between operations. A decapsulation key wipes its secrets on dispose.
import { checkBytes, describe, lengthHint, readBoolean, readOptions } from './args.js';
import { type ByteArray, isUint8Array, lengthOf } from './bytes.js';
import { ctEqual, wipe } from './ct.js';
import { MlKemError } from './errors.js';
import { keyLifetime } from './lifetime.js';
import type { Core, DkExpansion, EkExpansion, Encapsulation } from './mlkem.js';
import type { ParameterSet } from './params.js';
import { randomBytes } from './random.js';

/**
 * An ML-KEM encapsulation key, checked (FIPS 203, §7.2) and expanded once. Made by
 * `MlKem.encapsulationKey(publicKey)`; every method gives the same bytes as the one-shot
 * function of the same name.
 */
export interface EncapsulationKey {
  /** The parameter set. */
  readonly name: ParameterSet['name'];
  /**
   * @returns A fresh copy of the encapsulation key ek's bytes.
   * @throws Nothing: the key holds public data only, also after its DecapsulationKey is disposed.
   */
  bytes(): ByteArray;
  /**
   * @returns FIPS 203, Algorithm 20: a fresh 32-byte shared secret and its ciphertext, to send to the key's owner.
   * @throws {MlKemError} `ERR_RANDOMNESS` when the runtime has no secure random source.
   */
  encapsulate(): Encapsulation;
  /**
   * Algorithm 17 with the caller's 32-byte m. For known-answer tests only (FIPS 203, §3.3).
   * @param m - the 32 random bytes that encapsulate would draw.
   * @returns the ciphertext and shared secret that m determines.
   * @throws {MlKemError} `ERR_INVALID_TYPE` / `ERR_INVALID_LENGTH` for an m that is not 32 bytes.
   */
  encapsulateInternal(m: Uint8Array): Encapsulation;
}

/**
 * An ML-KEM decapsulation key, checked and expanded once. Made by
 * `MlKem.decapsulationKey(seedOrSecretKey)`. `dispose()` (or leaving a `using` block) wipes its
 * secrets; any use after that throws `ERR_KEY_DISPOSED`. Its `encapsulationKey` holds public data
 * only and stays usable.
 */
export interface DecapsulationKey {
  /** The parameter set. */
  readonly name: ParameterSet['name'];
  /** The public half, an EncapsulationKey sharing this key's expansion. */
  readonly encapsulationKey: EncapsulationKey;
  /**
   * FIPS 203, Algorithm 18: the shared secret for a ciphertext. A ciphertext of the right length
   * is never refused: a wrong one yields the implicit-rejection secret J(z ‖ c).
   * @param ciphertext - the ciphertext from an encapsulation to this key.
   * @returns the 32-byte shared secret.
   * @throws {MlKemError} `ERR_INVALID_TYPE`, `ERR_INVALID_LENGTH`, `ERR_KEY_DISPOSED`.
   */
  decapsulate(ciphertext: Uint8Array): ByteArray;
  /**
   * @returns A copy of the 64-byte seed d ‖ z, or undefined for a key made from its expanded form.
   * @throws {MlKemError} `ERR_KEY_DISPOSED`.
   */
  seed(): ByteArray | undefined;
  /**
   * @returns A copy of the expanded decapsulation key dk (FIPS 203's format, 768k + 96 bytes).
   * @throws {MlKemError} `ERR_KEY_DISPOSED`.
   */
  secretKey(): ByteArray;
  /**
   * Wipes the key's secrets (ŝ, z, the seed, the expanded key). Calling it again does nothing.
   * @throws Nothing.
   */
  dispose(): void;
  /**
   * The same as dispose(), for `using dk = kem.decapsulationKey(...)`.
   * @throws Nothing.
   */
  [Symbol.dispose](): void;
}

/** Options of `MlKem.decapsulationKey`. */
export interface DecapsulationKeyOptions {
  /**
   * For a key given in its expanded form: encapsulate to its own encapsulation key and check
   * that it decapsulates to the same secret, which catches an ŝ that does not belong to the key.
   * Default true; it costs about one encapsulation and one decapsulation with the key, and
   * needs randomness. Keys made from their seed are consistent by construction and skip it.
   */
  pairwiseCheck?: boolean;
}

/** The EncapsulationKey over an expansion. */
export function createEncapsulationKey(core: Core, x: EkExpansion): EncapsulationKey {
  const name = core.p.name;
  return Object.freeze({
    name,
    bytes(): ByteArray {
      return x.ek.slice();
    },
    encapsulate(): Encapsulation {
      const m = randomBytes(32);
      try {
        return core.encapsExpanded(x, m);
      } finally {
        m.fill(0);
      }
    },
    encapsulateInternal(m: Uint8Array): Encapsulation {
      checkBytes(m, 32, `${name} m`);
      return core.encapsExpanded(x, m);
    },
  });
}

/** Checks the arguments of MlKem.decapsulationKey and makes the key. */
export function createDecapsulationKey(core: Core, secret: unknown, options: unknown, what: string): DecapsulationKey {
  const p = core.p;
  const { pairwiseCheck } = readOptions(options, ['pairwiseCheck'], `${what} options`);
  const pairwise = readBoolean(pairwiseCheck, `${what} options.pairwiseCheck`, true);
  const expected = `64 bytes (the seed d ‖ z) or ${p.secretKeyBytes} bytes (the expanded decapsulation key)`;
  if (!isUint8Array(secret))
    throw new MlKemError('ERR_INVALID_TYPE', `${what} must be a Uint8Array of ${expected}, got ${describe(secret)}`);
  const length = lengthOf(secret);
  if (length === 64) return decapsulationKeyOf(core, core.expandSeed(secret));
  if (length !== p.secretKeyBytes)
    throw new MlKemError(
      'ERR_INVALID_LENGTH',
      `${what} must be ${expected}, got ${length}${lengthHint(length, 'secretKey')}`,
    );
  const x = core.expandSecretKey(secret, `${p.name} secretKey`);
  expansions?.made.push(x); // @test-hook
  if (pairwise) checkPairwise(core, x);
  return decapsulationKeyOf(core, x);
}

/**
 * Pairwise consistency of an expanded key: a fresh encapsulation to its ek must decapsulate to
 * the same secret. It catches an ŝ altered behind a valid ek and H(ek) (RFC 9935's
 * bad-ML-KEM-512-2), which no check of the bytes alone can. Wipes the key if it fails.
 */
function checkPairwise(core: Core, x: DkExpansion): void {
  let same = false;
  let m: Uint8Array | undefined;
  try {
    m = randomBytes(32); // inside the try: a getRandomValues that throws must still wipe x
    const { ciphertext, sharedSecret } = core.encapsExpanded(x.ek, m);
    const k = core.decapsExpanded(x, ciphertext);
    same = ctEqual(k, sharedSecret);
    wipe(k, sharedSecret);
  } finally {
    wipe(m);
    if (!same) wipe(x.sHat, x.dk, x.seed);
  }
  if (!same) {
    throw new MlKemError(
      'ERR_INVALID_SECRET_KEY',
      `${core.p.name} secretKey failed the pairwise-consistency check: it does not decapsulate a ciphertext made for its own encapsulation key`,
    );
  }
}

// @test-hooks begin: for the tests only, left out of dist/ by the build (scripts/build.ts).
let expansions: { byKey: WeakMap<DecapsulationKey, DkExpansion>; made: DkExpansion[] } | undefined;

/**
 * @internal For the tests that check that dispose wipes a key's expansion: from now on, keys
 * made are remembered for expansionOf, and every expansion of an expanded key (also one whose
 * checks then fail) for expansionsMade. Off by default: a WeakMap entry costs every key about
 * 3 µs of construction and garbage collection.
 */
export function trackExpansions(): void {
  expansions ??= { byKey: new WeakMap(), made: [] };
}

/** @internal The expansion a key made after trackExpansions() holds. */
export function expansionOf(key: DecapsulationKey): DkExpansion | undefined {
  return expansions?.byKey.get(key);
}

/** @internal The expansions of expanded keys made since the last call (after trackExpansions()), oldest first. */
export function expansionsMade(): DkExpansion[] {
  return expansions?.made.splice(0) ?? [];
}
// @test-hooks end

/** The DecapsulationKey over an expansion; it owns x and wipes it on dispose. */
function decapsulationKeyOf(core: Core, x: DkExpansion): DecapsulationKey {
  const name = core.p.name;
  const { alive, dispose, seal } = keyLifetime(name, { arrays: [x.sHat, x.dk, x.seed], parts: [] });
  const key = {
    name,
    encapsulationKey: createEncapsulationKey(core, x.ek),
    decapsulate(ciphertext: Uint8Array): ByteArray {
      alive();
      checkBytes(ciphertext, core.p.ciphertextBytes, `${name} ciphertext`);
      return core.decapsExpanded(x, ciphertext);
    },
    seed(): ByteArray | undefined {
      alive();
      return x.seed?.slice();
    },
    secretKey(): ByteArray {
      alive();
      return x.dk.slice();
    },
    dispose,
  } as DecapsulationKey;
  expansions?.byKey.set(key, x); // @test-hook
  return seal(key);
}
