// The algorithms this layer implements: the registry's entries that have a Web Crypto name, each
// with which key formats it has and the KEM object that does the work on a given backend. A
// hybrid with a Web Crypto name in the registry is an algorithm here without a change to this
// file. The hybrids' code (and @noble/curves under it) is loaded the first time a hybrid
// algorithm is used, by a dynamic import: an app that uses only ML-KEM never loads it, and a
// bundler that splits code puts it in a chunk of its own.
import { type HiddenMap, hiddenMap } from '../hidden-map.js';
import type { AsyncCurveChoice } from '../hybrid/curves/curve.js';
import type { HybridKem } from '../hybrid/types.js';
import { type HybridName, REGISTRY, type RegistryEntry, memberOf } from '../registry.js';
import type { Backend } from './backend.js';
import type { Kem, KemHandles } from './handles.js';

export interface AlgorithmEntry {
  /** The recognized algorithm name, as the specification (or, for the hybrids, Node) spells it. */
  readonly name: string;
  /** spki and pkcs8 (RFC 9935) exist for ML-KEM only: Node 26 refuses them for the hybrids. */
  readonly pkix: boolean;
  /** The KEM on a backend: the hybrids' after their module has loaded (hence a promise). */
  readonly kem: (backend: Backend) => Kem | Promise<Kem>;
}

/** The hybrids' constructions and their asynchronous door (src/hybrid), loaded on first use. */
const hybrids = () => import('../hybrid/constructions.js');

/**
 * A registry entry as an algorithm of this layer: ML-KEM is the backend's object, a hybrid its
 * construction over it. MLKEM768-X25519 refuses low-order X25519 shares (OperationError in
 * encapsulation and decapsulation), as Node 26's does: the drafts leave it open.
 */
function algorithmOf(e: RegistryEntry & { webCrypto: string }): AlgorithmEntry {
  const member = memberOf(e.mlkem);
  const kem =
    e.kind === 'ml-kem'
      ? (b: Backend) => b[member]
      : async (b: Backend) =>
          (await hybrids()).constructionOf(e.name as HybridName).create(b[member], { refuseLowOrder: true });
  return { name: e.webCrypto, pkix: e.oid !== undefined, kem };
}

let algorithms: readonly AlgorithmEntry[] | undefined;

/**
 * ML-KEM ("Modern Algorithms in the Web Cryptography API", §8 "ML-KEM") and the hybrid KEMs of
 * Node 26 and Chromium (draft-irtf-cfrg-concrete-hybrid-kems; MLKEM768-X25519 is X-Wing,
 * draft-connolly-cfrg-xwing-kem). No specification registers these with Web Crypto yet: their
 * behaviour is Node 26's. Made on first use.
 */
export function algorithmList(): readonly AlgorithmEntry[] {
  return (algorithms ??= Object.freeze(
    REGISTRY.filter((e): e is RegistryEntry & { webCrypto: string } => e.webCrypto !== undefined).map(algorithmOf),
  ));
}

let byUpperName: HiddenMap<string, AlgorithmEntry> | undefined;

/**
 * The entry whose name matches `name` ASCII case-insensitively (WebCrypto, §18.4.4), if any, from
 * the entries by their names in upper case (the first of a name, as a search in order finds it).
 */
export function entryNamed(name: string): AlgorithmEntry | undefined {
  if (byUpperName === undefined) {
    const map = (byUpperName = hiddenMap<string, AlgorithmEntry>(true));
    for (const e of algorithmList()) if (map.get(e.name.toUpperCase()) === undefined) map.set(e.name.toUpperCase(), e);
  }
  return byUpperName.get(name.replace(/[a-z]/g, (c) => c.toUpperCase()));
}

const handleCache = /* @__PURE__ */ hiddenMap<Backend, HiddenMap<string, Promise<KemHandles>>>();

/** The key handles of an algorithm on a backend, made once (a failed load is tried again next time). */
export function handlesFor(entry: AlgorithmEntry, backend: Backend, curves?: AsyncCurveChoice): Promise<KemHandles> {
  let byName = handleCache.get(backend);
  if (byName === undefined) handleCache.set(backend, (byName = hiddenMap(true)));
  // The default and 'auto' share one entry; no string is built per call for them (every operation asks).
  const name = curves === undefined || curves === 'auto' ? entry.name : `${entry.name} ${curves}`;
  let handles = byName.get(name);
  if (handles === undefined) {
    const made = (async (): Promise<KemHandles> => {
      const kem = await entry.kem(backend);
      // A concrete hybrid runs through its asynchronous door, whose curve half may be the
      // runtime's own Web Crypto (undefined for the others: ML-KEM's sizes have no eseed).
      const door = 'eseed' in kem.sizes ? (await hybrids()).asynchronousOf(kem as HybridKem, curves) : undefined;
      const keys = door ?? kem;
      return {
        kem,
        encapsulationKey: (bytes) => keys.encapsulationKey(bytes), // the FIPS 203, §7.2 check (and a curve's)
        decapsulationKey: (seed) => keys.decapsulationKey(seed),
      };
    })();
    made.catch(() => byName.delete(name));
    byName.set(name, (handles = made));
  }
  return handles;
}
