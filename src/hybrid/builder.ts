// The shared builder of the hybrids (the concrete KEMs of concrete.ts, the RFC 10024 groups of
// tls-hybrids.ts): the public HybridKem around a construction's own steps. A construction says how its
// keys and ciphertexts are laid out, derived, checked and combined. The builder does the rest the
// same way for all: argument checks and private copies, fresh randomness, the key objects (one
// lifetime, lifetime.ts), and wiping every temporary secret, also on error. It
// fixes the order of the checks: an eseed's scalar before the public key's, a ciphertext's curve
// element before any work on the secret key.
import { checkBytes, checkDecapsulateArguments, takeBytes } from '../args.js';
import type { ByteArray } from '../bytes.js';
import { wipe, wipedAfter } from '../ct.js';
import { rethrowAs } from '../errors.js';
import type { DecapsulationKey, Encapsulation, EncapsulationKey, MlKem } from '../kem.js';
import { keyLifetime } from '../lifetime.js';
import { fillRandom } from '../random.js';
import type { CurveKey } from './curves/curve.js';
import type {
  HybridDecapsulationKey,
  HybridEncapsulationKey,
  HybridKem,
  HybridKeyPair,
  HybridName,
  HybridSizes,
} from './types.js';

/** A decapsulation key, expanded: the ML-KEM key object, the loaded curve scalar, and the curve public element. */
export interface Expanded {
  dkPq: DecapsulationKey;
  dkT: CurveKey;
  ekT: Uint8Array;
}

/** What a construction defines. Every byte string it is given is a private copy of the right length. */
export interface HybridSteps {
  readonly name: HybridName;
  readonly sizes: HybridSizes;
  /** The public key's halves after its checks (the curve element's, then FIPS 203, §7.2): the ML-KEM key object and the element (a private copy). */
  parsePublicKey(pk: Uint8Array): { ekPq: EncapsulationKey; ekT: Uint8Array };
  /** The public key's bytes from its halves, in the construction's order. */
  publicKeyBytes(ekPq: EncapsulationKey, ekT: Uint8Array): ByteArray;
  /** Throws ERR_INVALID_PUBLIC_KEY for a ciphertext whose curve element the construction refuses. */
  checkCiphertext(ct: Uint8Array): void;
  /** An eseed's ML-KEM m and curve scalar, which the builder wipes (ERR_INVALID_SECRET_KEY when it holds no valid scalar). */
  splitEseed(eseed: Uint8Array): { m: Uint8Array; scalar: Uint8Array };
  /** Fills an eseed for Encaps with fresh randomness. */
  fillEseed(eseed: Uint8Array): void;
  /** EncapsDerand to a checked public key with m and the scalar. */
  encaps(ekPq: EncapsulationKey, ekT: Uint8Array, m: Uint8Array, scalar: Uint8Array): Encapsulation;
  /**
   * The expanded key of a seed; `what` names the argument it came from. `forKey`: for a key
   * object, which needs ek_T; a one-shot decapsulation that does not use ek_T may leave it empty.
   */
  expand(seed: Uint8Array, what: string, forKey: boolean): Expanded;
  /** The public key of a seed, without the key objects that decapsulation needs (keygen). */
  publicKeyOf(seed: Uint8Array, what: string): ByteArray;
  /** Decaps of a ciphertext with an expanded key (its checks included). */
  decaps(x: Expanded, ct: Uint8Array): ByteArray;
}

/** A hybrid built by buildHybrid, and its decapsulation key objects with their halves (for the asynchronous doors). */
export interface BuiltHybrid {
  kem: HybridKem;
  /** The decapsulation key object of a seed (a private copy, which it keeps and wipes), its ML-KEM half and ek_T. */
  expandedKey(seed: Uint8Array, what: string): { key: HybridDecapsulationKey; dkPq: DecapsulationKey; ekT: Uint8Array };
}

/**
 * The ML-KEM encapsulation key object of the hybrid's ML-KEM half, after the §7.2 check (FIPS 203),
 * reached only through the public MlKem interface, so that any backend's object plugs in. A §7.2
 * failure is rethrown naming `what` (the hybrid's publicKey) and the byte range [from, from + ek
 * length) of its ML-KEM part.
 */
export function kemEncapsulationKey(kem: MlKem, ek: Uint8Array, what: string, from: number): EncapsulationKey {
  try {
    return kem.encapsulationKey(ek);
  } catch (err) {
    rethrowAs(
      err,
      ['ERR_INVALID_PUBLIC_KEY'],
      'ERR_INVALID_PUBLIC_KEY',
      () =>
        `${what} is not valid: its ${kem.name} encapsulation key (bytes ${from}..${from + ek.length}) must have every 12-bit coefficient below q = 3329, got one that is not (FIPS 203, §7.2)`,
    );
  }
}

/** The frozen HybridKem of a construction. */
export function buildHybrid(s: HybridSteps): BuiltHybrid {
  const { name, sizes } = s;
  const arg = (what: string) => `${name} ${what}`;

  /** EncapsDerand with an eseed (a private copy), its scalar wiped after. */
  function run(ekPq: EncapsulationKey, ekT: Uint8Array, eseed: Uint8Array): Encapsulation {
    const { m, scalar } = s.splitEseed(eseed);
    try {
      return s.encaps(ekPq, ekT, m, scalar);
    } finally {
      wipe(scalar);
    }
  }

  /** The key object of a checked public key's halves. */
  function encapsulationKeyOf(ekPq: EncapsulationKey, ekT: Uint8Array): HybridEncapsulationKey {
    return Object.freeze({
      name,
      bytes: () => s.publicKeyBytes(ekPq, ekT),
      /** Encaps: EncapsDerand with fresh randomness. */
      encapsulate(): Encapsulation {
        const eseed = new Uint8Array(sizes.eseed);
        try {
          s.fillEseed(eseed);
          return run(ekPq, ekT, eseed);
        } finally {
          wipe(eseed);
        }
      },
      encapsulateInternal: (eseed: Uint8Array): Encapsulation =>
        wipedAfter(takeBytes(eseed, sizes.eseed, arg('eseed')), (es) => run(ekPq, ekT, es)),
    });
  }

  const parsePublicKey = (publicKey: Uint8Array): HybridEncapsulationKey => {
    const { ekPq, ekT } = s.parsePublicKey(takeBytes(publicKey, sizes.publicKey, arg('publicKey')));
    return encapsulationKeyOf(ekPq, ekT);
  };

  function expandedKey(
    seed: Uint8Array,
    what: string,
  ): { key: HybridDecapsulationKey; dkPq: DecapsulationKey; ekT: Uint8Array } {
    let x: Expanded;
    try {
      x = s.expand(seed, what, true);
    } catch (err) {
      wipe(seed);
      throw err;
    }
    // One lifetime (lifetime.ts): after dispose every method but dispose throws ERR_KEY_DISPOSED;
    // dispose (or collection) wipes the seed and disposes of the halves once.
    const { alive, dispose, seal } = keyLifetime(name, { arrays: [seed], parts: [x.dkPq, x.dkT] });
    const key = seal({
      name,
      encapsulationKey: encapsulationKeyOf(x.dkPq.encapsulationKey, x.ekT),
      decapsulate(ciphertext: Uint8Array): ByteArray {
        alive();
        return s.decaps(x, takeBytes(ciphertext, sizes.ciphertext, arg('ciphertext')));
      },
      seed(): ByteArray {
        alive();
        return seed.slice();
      },
      dispose,
    } as HybridDecapsulationKey);
    return { key, dkPq: x.dkPq, ekT: x.ekT };
  }

  const kem: HybridKem = Object.freeze({
    name,
    sizes,

    /** A key pair from a given seed (DeriveKeyPair) or a fresh one (GenerateKeyPair). */
    keygen(seed?: Uint8Array): HybridKeyPair {
      if (seed !== undefined) checkBytes(seed, sizes.seed, arg('seed'));
      const sd = new Uint8Array(sizes.seed);
      let copies: { secretKey: ByteArray; seed: ByteArray } | undefined;
      try {
        if (seed === undefined) fillRandom(sd);
        else sd.set(seed);
        copies = { secretKey: sd.slice(), seed: sd.slice() };
        return { publicKey: s.publicKeyOf(sd, arg('seed')), ...copies };
      } catch (err) {
        wipe(copies?.secretKey, copies?.seed);
        throw err;
      } finally {
        wipe(sd);
      }
    },

    encapsulate: (publicKey: Uint8Array): Encapsulation => parsePublicKey(publicKey).encapsulate(),

    encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
      const pk = takeBytes(publicKey, sizes.publicKey, arg('publicKey'));
      const es = takeBytes(eseed, sizes.eseed, arg('eseed'));
      let scalar: Uint8Array | undefined;
      try {
        const parts = s.splitEseed(es); // ERR_INVALID_SECRET_KEY before the public key's errors
        scalar = parts.scalar;
        const { ekPq, ekT } = s.parsePublicKey(pk);
        return s.encaps(ekPq, ekT, parts.m, scalar);
      } finally {
        wipe(es, scalar);
      }
    },

    /** Decaps with a secret key expanded for the call: the ciphertext's checks come before any work on the key. */
    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): ByteArray {
      checkDecapsulateArguments(ciphertext, secretKey, sizes.ciphertext, sizes.secretKey, name);
      const ct = takeBytes(ciphertext, sizes.ciphertext, arg('ciphertext'));
      const sk = takeBytes(secretKey, sizes.secretKey, arg('secretKey'));
      let x: Expanded | undefined;
      try {
        s.checkCiphertext(ct);
        x = s.expand(sk, arg('secretKey'), false);
        return s.decaps(x, ct);
      } finally {
        wipe(sk); // our copy of the caller's secret
        x?.dkPq.dispose();
        x?.dkT.dispose();
      }
    },

    encapsulationKey: parsePublicKey,

    decapsulationKey: (secretKey: Uint8Array): HybridDecapsulationKey =>
      expandedKey(takeBytes(secretKey, sizes.secretKey, arg('secretKey')), arg('secretKey')).key,
  });

  return { kem, expandedKey };
}
