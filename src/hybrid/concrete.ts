import { type ByteArray, concat } from '../bytes.js';
// The concrete hybrid KEMs of draft-irtf-cfrg-concrete-hybrid-kems: MLKEM768-X25519 (= X-Wing,
// draft-connolly-cfrg-xwing-kem-10), MLKEM768-P256 and MLKEM1024-P384. One construction (the
// "CG" framework of draft-irtf-cfrg-hybrid-kems) over an ML-KEM object of any backend and a
// Group. A 32-byte seed is the whole secret key: SHAKE256 expands it into ML-KEM's d ‖ z and the
// group's seed. SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label) binds the two shared secrets.
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import type { DecapsulationKey, Encapsulation, EncapsulationKey, MlKem } from '../kem.js';
import { fillRandom } from '../random.js';
import { sha3_256, shake256 } from '../sha3.js';
import { type Expanded, buildHybrid, kemEncapsulationKey } from './builder.js';
import { type CurveChoice, type CurveKey, type Group, publicElement, withCurveKey } from './curves/curve.js';
import { type ConcreteParts, recordInternals } from './internals.js';
import type { HybridKem, HybridName } from './types.js';

/** A concrete hybrid KEM's parameters (the draft's §4, and its groups' constants of §3.1). */
export interface ConcreteParams {
  /** The hybrid's name (a concrete entry of the registry). */
  name: HybridName;
  kem: MlKem;
  group: Group;
  /** Group.Nseed: bytes of group seed that RandomScalar turns into a scalar (32, 128, 48). */
  groupSeedBytes: number;
  /** RandomScalar: the identity for X25519, rejection sampling for P-256/P-384; undefined on failure. */
  randomScalar(seed: Uint8Array): Uint8Array | undefined;
  /** The combiner's label, ASCII. */
  label: string;
  /** Which implementation does the curve's multiplications. */
  curves: CurveChoice;
  /**
   * For a group with low-order elements (X25519): refuse a peer element of low order, whose X25519
   * value is all zeros (RFC 7748 §6.1's check), as Node 26's Web Crypto, HPKE's DHKEM and age do.
   * The drafts do not ask for it: without it a low-order element gives ss_T = 0, which the
   * combiner still binds. Refused where it is used, as Node 26 does: the public key's in
   * encapsulation, the ciphertext's in decapsulation (so importing such a public key works).
   * internalsOf(kem).refusing() is the twin made with it.
   */
  refuseLowOrder?: boolean;
  /**
   * A combiner of both halves (public keys, ciphertexts, shared secrets, as noble's combineKEMS has
   * them), in place of SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label): noble's KitchenSink. The
   * synchronous door only (no registry hybrid has one).
   */
  combine?: (ek: readonly Uint8Array[], ct: readonly Uint8Array[], ss: readonly Uint8Array[]) => ByteArray;
}

/**
 * Builds a concrete hybrid KEM. Sizes: publicKey = ML-KEM ek ‖ group element; secretKey = seed =
 * 32 bytes; ciphertext = ML-KEM ct ‖ group element; sharedSecret 32; eseed = ML-KEM m (32) ‖
 * group seed (EncapsDerand's randomness, Appendix A of the draft: Nrandom = 32 + Group.Nseed).
 * builder.ts makes the public object around the steps below: derivation, combiner and byte layout.
 */
export function createConcrete(c: ConcreteParams): HybridKem {
  const { name, kem, group } = c;
  const arg = (what: string) => `${name} ${what}`;
  const nEk = kem.sizes.publicKey;
  const nCt = kem.sizes.ciphertext;
  const nElem = group.elementBytes;
  const label = Uint8Array.from(c.label, (ch) => ch.charCodeAt(0));
  // The NIST groups refuse invalid points when a key or ciphertext is read; X25519 a low-order one
  // only with refuseLowOrder, where it is used.
  const refuses = group.refusesInvalid;
  const refusesLowOrder = group.hasLowOrder && c.refuseLowOrder === true;
  const impl = () => group.impl(c.curves);
  const sizes = Object.freeze({
    publicKey: nEk + nElem,
    secretKey: 32,
    ciphertext: nCt + nElem,
    sharedSecret: 32,
    seed: 32,
    eseed: 32 + c.groupSeedBytes,
  });

  /**
   * RandomScalar, or ERR_INVALID_SECRET_KEY naming the argument the group seed came from: `where`
   * says which bytes of it (an eseed's), or that they are its SHAKE256 expansion (a seed's, where a
   * failure has probability below 2^-128).
   */
  function scalarOf(seed: Uint8Array, what: string, where: string): Uint8Array {
    const scalar = c.randomScalar(seed);
    if (scalar === undefined) {
      throw new MlKemError(
        'ERR_INVALID_SECRET_KEY',
        `${what} is not valid: none of the ${group.scalarBytes}-byte windows of its ${group.name} seed (${where}) is a scalar in [1, n - 1] (RandomScalar, draft-irtf-cfrg-concrete-hybrid-kems §3.1.1)`,
      );
    }
    return scalar;
  }

  /** A peer's group element, checked: ERR_INVALID_PUBLIC_KEY where the group refuses it. */
  function checkElement(element: Uint8Array, what: string, from: number, refusing = refuses): void {
    const problem = refusing ? group.elementProblem(element) : undefined;
    if (problem !== undefined) {
      throw new MlKemError(
        'ERR_INVALID_PUBLIC_KEY',
        `${what} is not valid: its ${group.name} element (bytes ${from}..${from + nElem}) ${problem}`,
      );
    }
  }

  /**
   * Group.Exp and ElementToSharedSecret for an element checkElement let through: a refusing group's
   * is valid; X25519 gives zeros for a low-order one (RFC 7748, §5), which X-Wing does not refuse.
   */
  function dh(key: CurveKey, element: Uint8Array): Uint8Array {
    return refuses || group.elementProblem(element) === undefined
      ? key.sharedSecret(element)
      : new Uint8Array(group.secretBytes);
  }

  /** SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label): the C2PRI combiner (X-Wing's §5.3). */
  function combiner(ssPq: Uint8Array, ssT: Uint8Array, ctT: Uint8Array, ekT: Uint8Array): ByteArray {
    const input = new Uint8Array(32 + ssT.length + 2 * nElem + label.length);
    try {
      input.set(ssPq, 0);
      input.set(ssT, 32);
      input.set(ctT, 32 + ssT.length);
      input.set(ekT, 32 + ssT.length + nElem);
      input.set(label, 32 + ssT.length + 2 * nElem);
      const ss = new Uint8Array(32);
      sha3_256(ss, input);
      return ss;
    } finally {
      wipe(input);
    }
  }

  /** The combiner of both halves: c.combine where given, else the draft's. */
  const bind = (ss: Uint8Array[], ct: Uint8Array[], ekPq: EncapsulationKey, ekT: Uint8Array): ByteArray =>
    c.combine ? c.combine([ekPq.bytes(), ekT], ct, ss) : combiner(ss[0]!, ss[1]!, ct[1]!, ekT);

  /**
   * expandKey's derivation: SHAKE256(seed, 64 + Group.Nseed) = seed_PQ ‖ seed_T and
   * dk_T = RandomScalar(seed_T), handed to use and wiped after it.
   */
  function derive<T>(seed: Uint8Array, what: string, use: (seedPq: Uint8Array, scalar: Uint8Array) => T): T {
    const full = new Uint8Array(64 + c.groupSeedBytes);
    let scalar: Uint8Array | undefined;
    try {
      shake256(full, seed);
      scalar = scalarOf(full.subarray(64), what, `bytes 64..${64 + c.groupSeedBytes} of SHAKE256 of it`);
      return use(full.subarray(0, 64), scalar);
    } finally {
      wipe(full, scalar);
    }
  }

  /**
   * expandKey: ML-KEM.KeyGen_internal(seed_PQ) (FIPS 203, Algorithm 16) as an ML-KEM key object;
   * dk_T loaded (kept, for a key object); ek_T = Exp(G, dk_T).
   */
  function expand(seed: Uint8Array, what: string, forKey: boolean): Expanded {
    return derive(seed, what, (seedPq, scalar) => {
      let dkPq: DecapsulationKey | undefined;
      let dkT: CurveKey | undefined;
      try {
        dkPq = kem.decapsulationKey(seedPq);
        dkT = impl().load(scalar, forKey ? 'kept' : 'once');
        return { dkPq, dkT, ekT: dkT.publicKey() };
      } catch (err) {
        dkPq?.dispose();
        dkT?.dispose();
        throw err;
      }
    });
  }

  /** ek = ek_PQ ‖ ek_T of a seed, without the key objects that decapsulation needs (keygen). */
  function publicKeyOf(seed: Uint8Array, what: string): ByteArray {
    return derive(seed, what, (seedPq, scalar) => {
      const pair = kem.keygen(seedPq);
      try {
        return concat(pair.publicKey, publicElement(impl(), scalar));
      } finally {
        wipe(pair.secretKey, pair.seed);
      }
    });
  }

  /** EncapsDerand with m and the group scalar, to a checked ML-KEM key and group element. */
  function encaps(ekPq: EncapsulationKey, ekT: Uint8Array, m: Uint8Array, scalar: Uint8Array): Encapsulation {
    if (refusesLowOrder) checkElement(ekT, arg('publicKey'), nEk, true);
    const pq = ekPq.encapsulateInternal(m);
    let ssT: Uint8Array | undefined;
    try {
      return withCurveKey(impl(), scalar, (key) => {
        const ctT = key.publicKey();
        ssT = dh(key, ekT);
        const ss = bind([pq.sharedSecret, ssT], [pq.ciphertext, ctT], ekPq, ekT);
        return { ciphertext: concat(pq.ciphertext, ctT), sharedSecret: ss };
      });
    } finally {
      wipe(ssT, pq.sharedSecret);
    }
  }

  /** Decaps of a ciphertext (a private copy of the right length) with an expanded key. */
  function decaps(e: Expanded, ct: Uint8Array): ByteArray {
    const ctT = ct.subarray(nCt);
    checkElement(ctT, arg('ciphertext'), nCt, refuses || refusesLowOrder);
    let ssPq: Uint8Array | undefined;
    let ssT: Uint8Array | undefined;
    try {
      ssPq = e.dkPq.decapsulate(ct.subarray(0, nCt));
      ssT = dh(e.dkT, ctT);
      return bind([ssPq, ssT], [ct.subarray(0, nCt), ctT], e.dkPq.encapsulationKey, e.ekT);
    } finally {
      wipe(ssPq, ssT);
    }
  }

  /** The eseed's two parts: m and the scalar RandomScalar draws from its group seed. */
  function splitEseed(eseed: Uint8Array): { m: Uint8Array; scalar: Uint8Array } {
    return { m: eseed.subarray(0, 32), scalar: scalarOf(eseed.subarray(32), arg('eseed'), `bytes 32..${sizes.eseed}`) };
  }

  /** A public key's halves (a private copy): the group element checked, then FIPS 203, §7.2 on ek_PQ. */
  function parsePublicKey(pk: Uint8Array): { ekPq: EncapsulationKey; ekT: Uint8Array } {
    checkElement(pk.subarray(nEk), arg('publicKey'), nEk);
    return { ekPq: kemEncapsulationKey(kem, pk.subarray(0, nEk), arg('publicKey'), 0), ekT: pk.slice(nEk) };
  }

  const { kem: hybrid, expandedKey } = buildHybrid({
    name,
    sizes,
    parsePublicKey,
    publicKeyBytes: (ekPq, ekT) => concat(ekPq.bytes(), ekT),
    /** ML-KEM rejects implicitly: only ct_T's element is refused (as checkElement and refuseLowOrder say). */
    checkCiphertext: (ct) => checkElement(ct.subarray(nCt), arg('ciphertext'), nCt, refuses || refusesLowOrder),
    splitEseed,
    /** Encaps: EncapsDerand(ek, random(32 + Group.Nseed)). */
    fillEseed: fillRandom,
    encaps,
    expand,
    publicKeyOf,
    decaps,
  });

  // The same construction for the asynchronous doors (concrete-async.ts's asynchronousOf), whose
  // curve half may run on the runtime's Web Crypto: every step but the curve's is one of these.
  const parts: ConcreteParts = {
    name,
    kem,
    group,
    sizes,
    curves: c.curves,
    refusesLowOrder,
    checkElement,
    combiner,
    splitEseed,
    derive,
    parsePublicKey,
    decapsulationKey: (seed) => expandedKey(seed, arg('secretKey')),
  };
  let twin: HybridKem | undefined;
  recordInternals(hybrid, {
    construction: name,
    parts,
    refusing: () =>
      refusesLowOrder
        ? hybrid
        : group.hasLowOrder
          ? (twin ??= createConcrete({ ...c, refuseLowOrder: true }))
          : undefined,
  });
  return hybrid;
}
