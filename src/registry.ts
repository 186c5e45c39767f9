// The registry of algorithms: one entry per KEM of the package, with every identifier the
// specifications and APIs give it and its sizes. Every layer's lists derive from here — the key
// formats' OIDs and JWK names, the Web Crypto and HPKE algorithm tables, the command line, the
// fuzzer and the tests. Adding a hybrid is one entry here plus its construction in src/hybrid/.
// Pure data: importing it pulls in no algorithm code.
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768, type ParameterSet } from './params.js';

/**
 * Byte lengths of a KEM's inputs and outputs, as its object's `sizes` gives them (HybridSizes and
 * MlKem's sizes say what each is), and `eseed`: the caller-chosen encapsulation randomness (ML-KEM's m).
 */
export type RegistrySizes = Readonly<
  Record<'publicKey' | 'secretKey' | 'ciphertext' | 'sharedSecret' | 'seed' | 'eseed', number>
>;

/** What every entry has. */
interface EntryBase {
  /** The KEM object's `name`: its specification's spelling (the one name mlkem-ts gives it). */
  readonly name: string;
  /** Other spellings of the same KEM, as the APIs that need them use them. */
  readonly aliases: readonly string[];
  /** The ML-KEM parameter set the KEM is built on (itself, for ML-KEM). */
  readonly mlkem: 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024';
  /** The Web Crypto algorithm name, where the Web Crypto layer has the KEM. */
  readonly webCrypto?: string;
  /** The HPKE KEM (draft-ietf-hpke-pq, §3 and §4): its name and KEM id. */
  readonly hpke?: { readonly name: string; readonly id: number };
  /** The PKIX object identifier, dotted (RFC 9935, §3). */
  readonly oid?: string;
  /** The JWK `alg` (as Node.js and the Web Crypto layer write it). */
  readonly jwk?: string;
  /** The TLS NamedGroup code point (RFC 10024, §5). */
  readonly tls?: number;
  readonly sizes: RegistrySizes;
}

/** An ML-KEM parameter set (FIPS 203, §8). */
export interface MlKemEntry extends EntryBase {
  readonly kind: 'ml-kem';
  /** The member of a backend object ({ MlKem512, MlKem768, MlKem1024 }) that holds it. */
  readonly member: 'MlKem512' | 'MlKem768' | 'MlKem1024';
}

/** A hybrid KEM of mlkem-ts/hybrid. */
export interface HybridEntry extends EntryBase {
  readonly kind: 'hybrid';
  /** Its construction: a concrete hybrid KEM (32-byte seed, SHA3-256 combiner) or an RFC 10024 group. */
  readonly family: 'concrete' | 'tls';
  /** Its classical half. */
  readonly curve: 'X25519' | 'P-256' | 'P-384';
}

export type RegistryEntry = MlKemEntry | HybridEntry;

/** The sizes of a KEM; its seed is its secret key unless `seed` says otherwise (ML-KEM's d ‖ z). */
const sizes = /* @__NO_SIDE_EFFECTS__ */ (pk: number, sk: number, ct: number, ss: number, es: number, seed = sk) =>
  Object.freeze<RegistrySizes>({ publicKey: pk, secretKey: sk, ciphertext: ct, sharedSecret: ss, seed, eseed: es });

/** An ML-KEM parameter set, named the same in every API, with its sizes (params.ts). */
const mlkem = /* @__NO_SIDE_EFFECTS__ */ <const N extends MlKemEntry['mlkem'], const M extends MlKemEntry['member']>(
  name: N,
  member: M,
  hpkeId: number,
  oid: string,
  p: ParameterSet,
) =>
  ({
    kind: 'ml-kem',
    name,
    aliases: [],
    mlkem: name,
    member,
    webCrypto: name,
    hpke: { name, id: hpkeId },
    oid,
    jwk: name,
    sizes: sizes(p.publicKeyBytes, p.secretKeyBytes, p.ciphertextBytes, 32, 32, 64),
  }) as const satisfies MlKemEntry;

/** The three ML-KEM parameter sets (FIPS 203, §8, Tables 2 and 3; OIDs of RFC 9935, §3). */
export const ML_KEM_ENTRIES = /* @__PURE__ */ Object.freeze([
  mlkem('ML-KEM-512', 'MlKem512', 0x0040, '2.16.840.1.101.3.4.4.1', ML_KEM_512),
  mlkem('ML-KEM-768', 'MlKem768', 0x0041, '2.16.840.1.101.3.4.4.2', ML_KEM_768),
  mlkem('ML-KEM-1024', 'MlKem1024', 0x0042, '2.16.840.1.101.3.4.4.3', ML_KEM_1024),
] as const);

// The NIST concrete hybrids, which nist-hybrids.ts reads at load, are constants of their own, and the
// lists are made by calls bundlers know to be pure (no spread): a bundle of one keeps no other entry.
export const MLKEM768_P256 = {
  kind: 'hybrid',
  family: 'concrete',
  curve: 'P-256',
  name: 'MLKEM768-P256',
  aliases: [],
  mlkem: 'ML-KEM-768',
  webCrypto: 'MLKEM768-P256',
  hpke: { name: 'MLKEM768-P256', id: 0x0050 },
  jwk: 'MLKEM768-P256',
  sizes: sizes(1249, 32, 1153, 32, 160),
} as const satisfies HybridEntry;
export const MLKEM1024_P384 = {
  kind: 'hybrid',
  family: 'concrete',
  curve: 'P-384',
  name: 'MLKEM1024-P384',
  aliases: [],
  mlkem: 'ML-KEM-1024',
  webCrypto: 'MLKEM1024-P384',
  hpke: { name: 'MLKEM1024-P384', id: 0x0051 },
  jwk: 'MLKEM1024-P384',
  sizes: sizes(1665, 32, 1665, 32, 80),
} as const satisfies HybridEntry;

/**
 * The hybrids: the concrete hybrid KEMs of draft-irtf-cfrg-concrete-hybrid-kems
 * (X-Wing, draft-connolly-cfrg-xwing-kem-10, which that draft names MLKEM768-X25519) and
 * the RFC 10024 TLS groups [RFC10024]. The Web Crypto names are Node 26's and Chromium's.
 */
export const HYBRID_ENTRIES = /* @__PURE__ */ Object.freeze([
  {
    kind: 'hybrid',
    family: 'concrete',
    curve: 'X25519',
    name: 'X-Wing',
    aliases: ['MLKEM768-X25519'],
    mlkem: 'ML-KEM-768',
    webCrypto: 'MLKEM768-X25519',
    hpke: { name: 'MLKEM768-X25519', id: 0x647a },
    jwk: 'MLKEM768-X25519',
    sizes: sizes(1216, 32, 1120, 32, 64),
  },
  MLKEM768_P256,
  MLKEM1024_P384,
  {
    kind: 'hybrid',
    family: 'tls',
    curve: 'X25519',
    name: 'X25519MLKEM768',
    aliases: [],
    mlkem: 'ML-KEM-768',
    tls: 0x11ec,
    sizes: sizes(1216, 96, 1120, 64, 64),
  },
  {
    kind: 'hybrid',
    family: 'tls',
    curve: 'P-256',
    name: 'SecP256r1MLKEM768',
    aliases: [],
    mlkem: 'ML-KEM-768',
    tls: 0x11eb,
    sizes: sizes(1249, 112, 1153, 64, 64),
  },
  {
    kind: 'hybrid',
    family: 'tls',
    curve: 'P-384',
    name: 'SecP384r1MLKEM1024',
    aliases: [],
    mlkem: 'ML-KEM-1024',
    tls: 0x11ed,
    sizes: sizes(1665, 136, 1665, 80, 80),
  },
] as const satisfies readonly HybridEntry[]);

/** Every KEM: the three ML-KEM parameter sets, then the six hybrids. */
export const REGISTRY: readonly RegistryEntry[] = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ ([] as RegistryEntry[]).concat(ML_KEM_ENTRIES, HYBRID_ENTRIES),
);

/** The name of an ML-KEM parameter set. */
export type MlKemName = (typeof ML_KEM_ENTRIES)[number]['name'];
// The name unions are spelled out, not derived from the entries (the reference's readers see the
// names, not an indexed type); NamesOfEntries fails to compile when they and the entries differ.
/** The name of a hybrid, as its specification spells it. */
export type HybridName =
  | 'X-Wing'
  | 'MLKEM768-P256'
  | 'MLKEM1024-P384'
  | 'X25519MLKEM768'
  | 'SecP256r1MLKEM768'
  | 'SecP384r1MLKEM1024';
/** The Web Crypto algorithm names of the package's KEMs (mlkem-ts/webcrypto). */
export type WebCryptoName =
  | 'ML-KEM-512'
  | 'ML-KEM-768'
  | 'ML-KEM-1024'
  | 'MLKEM768-X25519'
  | 'MLKEM768-P256'
  | 'MLKEM1024-P384';
/**
 * The HPKE KEM names of the package's KEMs, as draft-ietf-hpke-pq spells them (mlkem-ts/hpke):
 * Web Crypto's (NamesOfEntries checks both against the entries).
 */
export type HpkeName = WebCryptoName;

/** The entries with their literal types. */
type Entry = (typeof ML_KEM_ENTRIES)[number] | (typeof HYBRID_ENTRIES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/**
 * @internal Compile-time only: does not compile unless each union above holds exactly the entries' names.
 * @lintignore exported so that it counts as used
 */
export type NamesOfEntries = Assert<
  [
    Same<HybridName, (typeof HYBRID_ENTRIES)[number]['name']>,
    Same<WebCryptoName, Extract<Entry, { webCrypto: string }>['webCrypto']>,
    Same<HpkeName, Extract<Entry, { hpke: object }>['hpke']['name']>,
  ] extends [true, true, true]
    ? true
    : false
>;

/** The entry of a KEM by its name (not an alias), if any. */
export function entryOf(name: string): RegistryEntry | undefined {
  return REGISTRY.find((e) => e.name === name);
}

/** "A, B or C" of a list of names. */
export function orList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The member of a backend object that holds an ML-KEM parameter set ('ML-KEM-768' → 'MlKem768'). */
export function memberOf(name: MlKemName): MlKemEntry['member'] {
  return ML_KEM_ENTRIES.find((e) => e.name === name)!.member;
}
