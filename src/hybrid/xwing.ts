// X-Wing (draft-connolly-cfrg-xwing-kem-10): the general-purpose hybrid KEM of ML-KEM-768 and
// X25519, bound together by SHA3-256. Built over any backend's ML-KEM-768 (the MlKem interface).
import { wipe } from '../ct.js';
import { checkBytes, takeBytes } from '../args.js';
import type { Encapsulation, MlKem } from '../kem.js';
import { sha3_256, shake256 } from '../sha3.js';
import { fillRandom } from '../random.js';
import { concat } from './bytes.js';
import { x25519, x25519Base } from './ecdh.js';
import { checkKem, kemEncapsulate } from './mlkem.js';
import type { HybridKem, HybridKeyPair } from './types.js';

const NAME = 'X-Wing';
const PK_M = 1184; // ML-KEM-768 encapsulation key
const CT_M = 1088; // ML-KEM-768 ciphertext

/** XWingLabel, "\./" ‖ "/^\" (§5.3). */
const LABEL = /* @__PURE__ */ Uint8Array.of(0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c);

/**
 * Implements draft-connolly-cfrg-xwing-kem-10, §5.3 (Combiner):
 * SHA3-256(ss_M ‖ ss_X ‖ ct_X ‖ pk_X ‖ XWingLabel).
 */
function combiner(ssM: Uint8Array, ssX: Uint8Array, ctX: Uint8Array, pkX: Uint8Array): Uint8Array {
  const input = new Uint8Array(32 * 4 + LABEL.length);
  try {
    input.set(ssM, 0);
    input.set(ssX, 32);
    input.set(ctX, 64);
    input.set(pkX, 96);
    input.set(LABEL, 128);
    const ss = new Uint8Array(32);
    sha3_256(ss, input);
    return ss;
  } finally {
    wipe(input);
  }
}

/** The expanded decapsulation key: ML-KEM-768 (sk_M, pk_M) from d ‖ z, and the X25519 scalar sk_X. */
interface Expanded {
  skM: Uint8Array;
  pkM: Uint8Array;
  skX: Uint8Array;
  /** Every secret buffer of this expansion, to wipe. */
  secrets: Uint8Array[];
}

/**
 * Implements draft-connolly-cfrg-xwing-kem-10, §5.2 (expandDecapsulationKey), without pk_X:
 * SHAKE256(sk, 96 bytes) = d ‖ z ‖ sk_X, and ML-KEM-768.KeyGen_internal(d, z) (FIPS 203, Algorithm 16).
 */
function expand(kem: MlKem, sk: Uint8Array): Expanded {
  const expanded = new Uint8Array(96);
  try {
    shake256(expanded, sk);
    const pair = kem.keygen(expanded.subarray(0, 64));
    return { skM: pair.secretKey, pkM: pair.publicKey, skX: expanded.subarray(64, 96), secrets: [expanded, pair.secretKey, pair.seed] };
  } catch (err) {
    wipe(expanded);
    throw err;
  }
}

/**
 * Builds X-Wing over an ML-KEM-768 object of any backend.
 * Sizes: publicKey 1216 (pk_M ‖ pk_X), secretKey = seed 32, ciphertext 1120 (ct_M ‖ ct_X),
 * sharedSecret 32, eseed 64 (ML-KEM m ‖ X25519 ephemeral scalar).
 */
export function createXWing(mlkem768: MlKem): HybridKem {
  const kem = checkKem(mlkem768, 'ML-KEM-768', 'createXWing');
  const arg = (name: string) => `${NAME} ${name}`;

  /**
   * Implements draft-connolly-cfrg-xwing-kem-10, §5.4.1 (EncapsulateDerand). The only check is
   * FIPS 203 §7.2 on pk_M (§4): X-Wing refuses no X25519 value, a low-order pk_X gives ss_X = 0.
   */
  function encaps(pk: Uint8Array, eseed: Uint8Array): Encapsulation {
    const pkM = pk.subarray(0, PK_M);
    const pkX = pk.subarray(PK_M);
    const ekX = eseed.subarray(32, 64);
    const mlkem = kemEncapsulate(kem, pkM, eseed.subarray(0, 32), arg('publicKey'), 0);
    let ssX: Uint8Array | undefined;
    try {
      const ctX = x25519Base(ekX);
      ssX = x25519(ekX, pkX);
      return { ciphertext: concat(mlkem.ciphertext, ctX), sharedSecret: combiner(mlkem.sharedSecret, ssX, ctX, pkX) };
    } finally {
      wipe(mlkem.sharedSecret);
      if (ssX) wipe(ssX);
    }
  }

  return Object.freeze({
    name: NAME,
    sizes: Object.freeze({ publicKey: PK_M + 32, secretKey: 32, ciphertext: CT_M + 32, sharedSecret: 32, seed: 32, eseed: 64 }),

    /** Implements §5.2 (GenerateKeyPair) and, for a given seed, §5.2.1 (GenerateKeyPairDerand). */
    keygen(seed?: Uint8Array): HybridKeyPair {
      if (seed !== undefined) checkBytes(seed, 32, arg('seed'));
      const sk = new Uint8Array(32);
      let e: Expanded | undefined;
      try {
        if (seed === undefined) fillRandom(sk);
        else sk.set(seed);
        e = expand(kem, sk);
        return { publicKey: concat(e.pkM, x25519Base(e.skX)), secretKey: sk.slice(), seed: sk.slice() };
      } finally {
        wipe(sk, ...(e?.secrets ?? []));
      }
    },

    /** Implements §5.4 (Encapsulate) as EncapsulateDerand(pk, random(64)). */
    encapsulate(publicKey: Uint8Array): Encapsulation {
      const pk = takeBytes(publicKey, PK_M + 32, arg('publicKey'));
      const eseed = new Uint8Array(64);
      try {
        fillRandom(eseed);
        return encaps(pk, eseed);
      } finally {
        wipe(eseed);
      }
    },

    encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
      const pk = takeBytes(publicKey, PK_M + 32, arg('publicKey'));
      const es = takeBytes(eseed, 64, arg('eseed'));
      try {
        return encaps(pk, es);
      } finally {
        wipe(es);
      }
    },

    /**
     * Implements §5.5 (Decapsulate). Never refuses a ciphertext of the right length: ML-KEM
     * rejects implicitly, and a low-order ct_X gives ss_X = 0, which the combiner still binds.
     */
    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array {
      const c = takeBytes(ciphertext, CT_M + 32, arg('ciphertext'));
      const sk = takeBytes(secretKey, 32, arg('secretKey'));
      let e: Expanded | undefined;
      let ssM: Uint8Array | undefined;
      let ssX: Uint8Array | undefined;
      try {
        e = expand(kem, sk);
        const ctX = c.subarray(CT_M);
        ssM = kem.decapsulate(c.subarray(0, CT_M), e.skM);
        ssX = x25519(e.skX, ctX);
        return combiner(ssM, ssX, ctX, x25519Base(e.skX));
      } finally {
        wipe(sk, ...(e?.secrets ?? []));
        if (ssM) wipe(ssM);
        if (ssX) wipe(ssX);
      }
    },
  });
}
