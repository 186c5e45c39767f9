// The algorithms this layer implements, one table entry each: their Web Crypto names, which key
// formats they have, and the KEM object that does the work on a given backend. A hybrid KEM is
// one more entry. The hybrids' code (and @noble/curves under it) is loaded the first time a hybrid
// algorithm is used, by a dynamic import: an app that uses only ML-KEM never loads it, and a
// bundler that splits code puts it in a chunk of its own.
import type { Backend } from './backend.js';
import { type Kem, type KemHandles, handlesOf } from './handles.js';

export interface AlgorithmEntry {
  /** The recognized algorithm name, as the specification (or, for the hybrids, Node) spells it. */
  readonly name: string;
  /** spki and pkcs8 (RFC 9935) exist for ML-KEM only: Node 26 refuses them for the hybrids. */
  readonly pkix: boolean;
  /** The KEM on a backend: the hybrids' after their module has loaded (hence a promise). */
  readonly kem: (backend: Backend) => Kem | Promise<Kem>;
}

/** src/hybrid, loaded on first use. */
const hybrids = () => import('../hybrid/index.js');

/**
 * ML-KEM ("Modern Algorithms in the Web Cryptography API", §8 "ML-KEM") and the hybrid KEMs of
 * Node 26 and Chromium (draft-irtf-cfrg-concrete-hybrid-kems; MLKEM768-X25519 is X-Wing,
 * draft-connolly-cfrg-xwing-kem), which no specification registers with Web Crypto yet: their
 * behaviour is Node 26's.
 */
export const ALGORITHMS: readonly AlgorithmEntry[] = [
  { name: 'ML-KEM-512', pkix: true, kem: (b) => b.MlKem512 },
  { name: 'ML-KEM-768', pkix: true, kem: (b) => b.MlKem768 },
  { name: 'ML-KEM-1024', pkix: true, kem: (b) => b.MlKem1024 },
  { name: 'MLKEM768-X25519', pkix: false, kem: async (b) => (await hybrids()).createXWing(b.MlKem768) },
  { name: 'MLKEM768-P256', pkix: false, kem: async (b) => (await hybrids()).createMLKEM768_P256(b.MlKem768) },
  { name: 'MLKEM1024-P384', pkix: false, kem: async (b) => (await hybrids()).createMLKEM1024_P384(b.MlKem1024) },
];

/** The entry whose name matches `name` ASCII case-insensitively (WebCrypto §18.4.4), if any. */
export function entryNamed(name: string): AlgorithmEntry | undefined {
  const upper = name.replace(/[a-z]/g, (c) => c.toUpperCase());
  return ALGORITHMS.find((e) => e.name.toUpperCase() === upper);
}

const handleCache = new WeakMap<Backend, Map<string, Promise<KemHandles>>>();

/** The key handles of an algorithm on a backend, made once (a failed load is tried again next time). */
export function handlesFor(entry: AlgorithmEntry, backend: Backend): Promise<KemHandles> {
  let byName = handleCache.get(backend);
  if (byName === undefined) handleCache.set(backend, (byName = new Map()));
  let handles = byName.get(entry.name);
  if (handles === undefined) {
    const made = (async () => handlesOf(await entry.kem(backend)))();
    made.catch(() => byName.delete(entry.name));
    byName.set(entry.name, (handles = made));
  }
  return handles;
}
