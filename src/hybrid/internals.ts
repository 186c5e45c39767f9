import type { ByteArray } from '../bytes.js';
// One internal record per KEM object this package's hybrids make, reached through internalsOf:
// what the layers above the public objects need of one (Web Crypto and HPKE: the parts of the
// asynchronous door, the twin that refuses low-order shares). A module with no code of the
// hybrids, so that importing it pulls in none.
import { hiddenMap } from '../hidden-map.js';
import type { DecapsulationKey, EncapsulationKey, MlKem } from '../kem.js';
import type { CurveChoice, Group } from './curves/curve.js';
import type { HybridDecapsulationKey, HybridKem, HybridName, HybridSizes } from './types.js';

/** What concrete.ts shares with concrete-async.ts: its parameters and the steps that involve no curve. */
export interface ConcreteParts {
  name: HybridName;
  kem: MlKem;
  group: Group;
  sizes: HybridSizes;
  /** The synchronous hybrid's curve choice: the door's default ('auto' also tries Web Crypto). */
  curves: CurveChoice;
  /** Whether this X-Wing refuses low-order shares where it uses them (refuseLowOrder). */
  refusesLowOrder: boolean;
  /** Checks a peer's element: ERR_INVALID_PUBLIC_KEY naming `what` where the group refuses it (or `refusing` says to). */
  checkElement(element: Uint8Array, what: string, from: number, refusing?: boolean): void;
  /** SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label). */
  combiner(ssPq: Uint8Array, ssT: Uint8Array, ctT: Uint8Array, ekT: Uint8Array): ByteArray;
  /** m and the scalar of an eseed (ERR_INVALID_SECRET_KEY when it holds none); the caller wipes the scalar. */
  splitEseed(eseed: Uint8Array): { m: Uint8Array; scalar: Uint8Array };
  /** SHAKE256(seed) = seed_PQ ‖ seed_T and dk_T = RandomScalar(seed_T), handed to use and wiped after. */
  derive<T>(seed: Uint8Array, what: string, use: (seedPq: Uint8Array, scalar: Uint8Array) => T): T;
  /** The ML-KEM key of a public key (a private copy), after the element check and FIPS 203, §7.2. */
  parsePublicKey(pk: Uint8Array): { ekPq: EncapsulationKey; ekT: Uint8Array };
  /** The synchronous decapsulation key object of a seed (a private copy, which it keeps and wipes), and its ML-KEM half and ek_T. */
  decapsulationKey(seed: Uint8Array): { key: HybridDecapsulationKey; dkPq: DecapsulationKey; ekT: Uint8Array };
}

/** What the package knows of one hybrid KEM object it made. */
export interface KemInternals {
  /** Its construction: the registry entry's name. */
  readonly construction: HybridName;
  /** Its parts: its parameters and the steps that involve no curve (concrete-async.ts's asynchronousOf builds its asynchronous door of them). */
  readonly parts: ConcreteParts;
  /**
   * The same construction over the same ML-KEM object and curves that refuses low-order shares
   * (itself, for one that refuses them), made once; undefined where the curve has none.
   */
  refusing(): HybridKem | undefined;
}

const records = /* @__PURE__ */ hiddenMap<HybridKem, KemInternals>();

/** Records a KEM object's internals (concrete.ts, once per object). */
export function recordInternals(kem: HybridKem, internals: KemInternals): void {
  records.set(kem, internals);
}

/** The internals of a KEM object made by this package's hybrids; undefined for any other object (and the RFC 10024 groups, which no door serves). */
export function internalsOf(kem: HybridKem): KemInternals | undefined {
  return records.get(kem);
}
