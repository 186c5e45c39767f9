// The concrete hybrid KEMs (concrete.ts) for the asynchronous doors: the same construction, the
// same checks in the same order and the same errors, with the curve half on the asynchronous
// seam (webcrypto-curves.ts's asyncImpl), so that it can run on the runtime's own Web Crypto. Not
// public API: the Web Crypto layer and the HPKE adapters reach it through asynchronousOf(kem) for
// a hybrid made by this package's factories (its parts recorded in internals.ts). The synchronous
// hybrids import nothing of it, nor of Web Crypto's curves.
import { takeBytes } from '../args.js';
import { type ByteArray, concat } from '../bytes.js';
import { wipe, wipedAfter } from '../ct.js';
import type { Encapsulation, EncapsulationKey } from '../kem.js';
import { keyLifetime } from '../lifetime.js';
import { fillRandom } from '../random.js';
import type { AsyncCurveChoice, AsyncCurveKey, AsyncCurvePath, AsyncElement } from './curves/curve.js';
import { asyncImpl } from './curves/webcrypto-curves.js';
import { type ConcreteParts, internalsOf } from './internals.js';
import type { HybridKem, HybridName, HybridSizes } from './types.js';

/** An encapsulation key of the asynchronous door: checked at creation, its curve element imported on first use. */
interface AsyncEncapsulationKey {
  readonly name: HybridName;
  bytes(): ByteArray;
  encapsulate(): Promise<Encapsulation>;
  encapsulateInternal(eseed: Uint8Array): Promise<Encapsulation>;
}

/**
 * A decapsulation key of the asynchronous door: expanded at creation (the curve public key by
 * the synchronous path), its scalar loaded into the asynchronous implementation on first use
 * and kept. dispose() as HybridDecapsulationKey's.
 */
interface AsyncDecapsulationKey {
  readonly name: HybridName;
  readonly encapsulationKey: AsyncEncapsulationKey;
  decapsulate(ciphertext: Uint8Array): Promise<ByteArray>;
  seed(): ByteArray;
  dispose(): void;
}

export interface AsyncHybrid {
  readonly name: HybridName;
  readonly sizes: HybridSizes;
  /** Which implementation the curve half runs on (self-tests run on the first call). */
  curvePath(): Promise<AsyncCurvePath>;
  encapsulationKey(publicKey: Uint8Array): AsyncEncapsulationKey;
  decapsulationKey(secretKey: Uint8Array): AsyncDecapsulationKey;
}

/** For a promise whose failure is reported elsewhere (awaited) or no longer matters. */
const ignore = (): void => {};

/**
 * `make()`, called once and its promise kept (`kept`: the one made, if any); dropped if it rejects
 * (a transient platform error), so that the next call tries again instead of failing for good.
 */
function retried<T>(make: () => Promise<T>): { (): Promise<T>; kept(): Promise<T> | undefined } {
  let kept: Promise<T> | undefined;
  const get = () =>
    (kept ??= make().catch((err: unknown) => {
      kept = undefined;
      throw err;
    }));
  return Object.assign(get, { kept: () => kept });
}

/**
 * The asynchronous door of a hybrid made by this package's factories, with its curve half on
 * `curves` (by default the KEM's own choice); undefined for any other object.
 */
export function asynchronousOf(kem: HybridKem, curves?: AsyncCurveChoice): AsyncHybrid | undefined {
  const parts = internalsOf(kem)?.parts;
  return parts === undefined ? undefined : asyncConcrete(parts, curves ?? parts.curves);
}

/** The asynchronous door of a concrete hybrid, with its curve half on `curves` (choose.ts says which serves). */
function asyncConcrete(c: ConcreteParts, curves: AsyncCurveChoice): AsyncHybrid {
  const { name, kem, group, sizes } = c;
  const nCt = kem.sizes.ciphertext;
  const refuses = group.refusesInvalid;
  /**
   * Set once the implementation is chosen, when it is the synchronous key objects' own (the one
   * c.decapsulationKey's key loaded its scalar into). Then a decapsulation key decapsulates through
   * its synchronous key object: the same checks, steps and errors, with no promise between steps.
   */
  let synchronous = false;
  const impl = retried(() =>
    asyncImpl(group, curves).then((curve) => {
      const sync = curve.sync;
      synchronous = sync !== undefined && sync === syncImpl();
      return curve;
    }),
  );
  /** The synchronous key objects' implementation (concrete.ts's impl()), or undefined where it throws. */
  const syncImpl = () => {
    try {
      return group.impl(c.curves);
    } catch {
      return undefined;
    }
  };
  /** ss_T for an element the checks let through: X25519's zeros for a low-order one (RFC 7748, §5), never computed. */
  const dh = async (key: AsyncCurveKey, element: () => Promise<AsyncElement>, bytes: Uint8Array): Promise<Uint8Array> =>
    refuses || group.elementProblem(bytes) === undefined
      ? key.sharedSecret(await element())
      : new Uint8Array(group.secretBytes);

  /** EncapsDerand, or Encaps where the implementation draws its own ephemeral key pair. */
  async function encaps(
    ekPq: EncapsulationKey,
    ekT: Uint8Array,
    element: () => Promise<AsyncElement>,
    eseed?: Uint8Array,
  ): Promise<Encapsulation> {
    let pq: Encapsulation | undefined;
    let key: AsyncCurveKey | undefined;
    let ssT: Uint8Array | undefined;
    let scalar: Uint8Array | undefined;
    let ctT: Uint8Array;
    try {
      if (c.refusesLowOrder) c.checkElement(ekT, `${name} publicKey`, kem.sizes.publicKey, true);
      const curve = await impl();
      if (eseed === undefined && curve.ephemeral !== undefined) {
        // Note: Encaps is EncapsDerand with random m and a random group seed, whose RandomScalar is a
        // uniform scalar (X25519: 32 random bytes; P-256, P-384: uniform in [1, n - 1]). ML-KEM's own
        // random m and the implementation's key pair generation draw from the same distributions.
        // The curve half is asked for first, so that the runtime computes it while ML-KEM runs here.
        const lowOrder = !refuses && group.elementProblem(ekT) !== undefined; // X25519's zeros, never computed
        const pending = (lowOrder ? Promise.resolve(undefined) : element()).then((peer) => curve.ephemeral!(peer));
        pending.then((e) => void (pq === undefined && wipe(e.sharedSecret)), ignore); // ML-KEM failed: nobody takes it
        pq = ekPq.encapsulate();
        const e = await pending;
        ctT = e.publicKey;
        ssT = e.sharedSecret ?? new Uint8Array(group.secretBytes);
      } else {
        const es = eseed ?? new Uint8Array(sizes.eseed);
        try {
          if (eseed === undefined) fillRandom(es);
          const parts = c.splitEseed(es);
          scalar = parts.scalar;
          pq = ekPq.encapsulateInternal(parts.m);
        } finally {
          if (eseed === undefined) wipe(es);
        }
        key = await curve.load(scalar);
        ctT = key.publicKey;
        ssT = await dh(key, element, ekT);
      }
      return { ciphertext: concat(pq.ciphertext, ctT), sharedSecret: c.combiner(pq.sharedSecret, ssT, ctT, ekT) };
    } finally {
      wipe(ssT, scalar, pq?.sharedSecret);
      key?.dispose();
    }
  }

  function encapsulationKeyOf(ekPq: EncapsulationKey, ekT: Uint8Array): AsyncEncapsulationKey {
    const elementOnce = retried(() => impl().then((curve) => curve.element(ekT.slice())));
    return Object.freeze({
      name,
      bytes: () => concat(ekPq.bytes(), ekT),
      encapsulate: () => encaps(ekPq, ekT, elementOnce),
      async encapsulateInternal(eseed: Uint8Array): Promise<Encapsulation> {
        const es = takeBytes(eseed, sizes.eseed, `${name} eseed`);
        try {
          return await encaps(ekPq, ekT, elementOnce, es);
        } finally {
          wipe(es);
        }
      },
    });
  }

  function decapsulationKeyOf(secretKey: Uint8Array): AsyncDecapsulationKey {
    const { key: dk, dkPq, ekT } = c.decapsulationKey(takeBytes(secretKey, 32, `${name} secretKey`));
    /** dk_T in the asynchronous implementation, derived again from the seed (wiped after) and loaded once (again after a failure). */
    const dkT = retried(() =>
      impl().then((curve) =>
        wipedAfter(dk.seed(), (seed) => c.derive(seed, `${name} secretKey`, (_, scalar) => curve.load(scalar, 'kept'))),
      ),
    );
    const encapsulationKey = encapsulationKeyOf(dkPq.encapsulationKey, ekT);
    // One lifetime (lifetime.ts): dispose() or collection disposes of the synchronous key object
    // (the seed, the ML-KEM half) and of the loaded curve key.
    const curveKey = {
      dispose: () => void dkT.kept()?.then((k) => k.dispose(), ignore),
    };
    const { alive, dispose, seal } = keyLifetime(name, { arrays: [], parts: [dk, curveKey] });
    return seal({
      name,
      encapsulationKey,
      /** Decaps: the checks and the ML-KEM half as the synchronous key does them, then ss_T on this door's curve (or all of it by the synchronous key, on its own curve). */
      async decapsulate(ciphertext: Uint8Array): Promise<ByteArray> {
        alive();
        // Once the curve is known to be the synchronous key's own (from the first call on), the
        // synchronous key object does all of the below, without the promises between the steps,
        // which cost more than the steps around the multiplication.
        if (synchronous) return dk.decapsulate(ciphertext);
        const ct = takeBytes(ciphertext, sizes.ciphertext, `${name} ciphertext`);
        const ctT = ct.subarray(nCt);
        let ssPq: Uint8Array | undefined;
        let ssT: Uint8Array | undefined;
        let pending: Promise<Uint8Array> | undefined;
        try {
          c.checkElement(ctT, `${name} ciphertext`, nCt, refuses || c.refusesLowOrder);
          // ss_T is asked for first, so that the runtime computes it while ML-KEM runs here.
          const element = () => impl().then((curve) => curve.element(ctT.slice()));
          pending = dkT().then((key) => dh(key, element, ctT));
          pending.catch(ignore); // awaited below; a failure of ML-KEM first must not leave it unhandled
          ssPq = dkPq.decapsulate(ct.subarray(0, nCt));
          ssT = await pending;
          return c.combiner(ssPq, ssT, ctT, ekT);
        } finally {
          wipe(ssPq, ssT);
          if (ssT === undefined) pending?.then((x) => wipe(x), ignore); // abandoned: wiped when it arrives
        }
      },
      seed: () => dk.seed(),
      dispose,
    });
  }

  return Object.freeze({
    name,
    sizes,
    curvePath: async () => (await impl()).path,
    encapsulationKey(publicKey: Uint8Array): AsyncEncapsulationKey {
      const { ekPq, ekT } = c.parsePublicKey(takeBytes(publicKey, sizes.publicKey, `${name} publicKey`));
      return encapsulationKeyOf(ekPq, ekT);
    },
    decapsulationKey: decapsulationKeyOf,
  });
}
