// `npm run fuzz -- --iterations N [--seed S] [--target name|group|all] [--start I]
// [--max-violations M] [--list]`: a seeded fuzzer of every public function. Each iteration picks
// a target — keygen (with and without a seed), encapsulate, encapsulateInternal and decapsulate of
// ML-KEM-512/768/1024 and of the four hybrids, run on BOTH backends, the hybrid factories, and the
// encoders and decoders of mlkem-ts/keys (one implementation: over the portable core) —
// and feeds it valid, mutated (bit flips, byte changes, truncation, extension, splices,
// coefficients >= q in public keys, a wrong H(ek) in secret keys, invalid curve points, DER, PEM
// and JWK mutations), random or wrongly typed arguments, or valid ones passed as another kind of
// Uint8Array (test/contract.ts, ARG_KINDS). Invariants (test/contract.ts):
//   - nothing but an MlKemError with a documented code is thrown, and for the core and the
//     hybrids exactly the outcome the independent oracle predicts (so decapsulating a ciphertext
//     of the right length never throws for ML-KEM and X-Wing);
//   - results have the right sizes and structure, decapsulation gives the honest secret or
//     J(z ‖ c) computed by node:crypto, and decoded keys re-encode to the same bytes;
//   - both backends agree (same bytes, or the same error code), and another argument kind gives
//     what the plain Uint8Array gives;
//   - arguments are left unmodified, and results are plain Uint8Arrays sharing no memory with them.
// Each iteration draws from its own PRNG seeded by (seed, iteration), and the corpus of valid
// inputs from the seed, so `--seed S --start I --iterations 1` replays iteration I. Progress goes
// to stderr every 5 s; the summary to stdout. Stops after --max-violations (20) and exits 1 on any.
import { performance } from 'node:perf_hooks';
import {
  type HybridKem,
  createSecP256r1MlKem768,
  createSecP384r1MlKem1024,
  createX25519MlKem768,
  createXWing,
} from '../src/hybrid/index.js';
import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../src/index.js';
import * as keys from '../src/keys/index.js';
import type { MlKemAlgorithm, PrivateKeyInfo, PublicKeyInfo } from '../src/keys/index.js';
import { loadWasmSync } from '../src/wasm/index.js';
import { CODES, FORMS, LEVELS } from '../test/api.js';
import { headerOffsets, setCoeff } from '../test/helpers.js';
import {
  ARG_KINDS,
  type ArgKind,
  type Expected,
  HYBRID_LAYOUTS,
  type HybridLayout,
  type KemMethod,
  type Outcome,
  Q,
  aliasProblem,
  attempt,
  canonical,
  describeOutcome,
  dkLayout,
  expectedCore,
  expectedHybrid,
  hybridParts,
  isU8,
  jReject,
  kOfPublicKey,
  sameOutcome,
  scalarIsValid,
  sha3_256,
  watchArgs,
} from '../test/contract.js';

// ---- options ------------------------------------------------------------------------------------

interface Options {
  iterations: number;
  seed: number;
  target: string;
  start: number;
  list: boolean;
  maxViolations: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { iterations: 10_000, seed: (Math.random() * 2 ** 32) >>> 0, target: 'all', start: 0, list: false, maxViolations: 20 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const num = (v: string) => {
      const n = Number(v.replace(/_/g, ''));
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag}: not a non-negative integer: ${v}`);
      return n;
    };
    if (flag === '--iterations' || flag === '-n') o.iterations = num(value());
    else if (flag === '--seed') o.seed = num(value()) >>> 0;
    else if (flag === '--target') o.target = value();
    else if (flag === '--start') o.start = num(value());
    else if (flag === '--list') o.list = true;
    else if (flag === '--max-violations') o.maxViolations = num(value());
    else throw new Error(`unknown option ${flag} (use --iterations N, --seed S, --target name|group|all, --start I, --max-violations M, --list)`);
  }
  return o;
}

// ---- PRNG ---------------------------------------------------------------------------------------

/** sfc32, seeded through splitmix32 from (seed, stream): fast, and one stream per iteration. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: number) {
    let s = (seed ^ Math.imul(stream, 0x9e3779b9) ^ (Math.floor(stream / 2 ** 32) * 0x85ebca6b)) >>> 0;
    const mix = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
  /** Uniform in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 2 ** 32) * n);
  }
  chance(p: number): boolean {
    return this.u32() < p * 2 ** 32;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const w = this.u32();
      out[i] = w;
      if (i + 1 < n) out[i + 1] = w >>> 8;
      if (i + 2 < n) out[i + 2] = w >>> 16;
      if (i + 3 < n) out[i + 3] = w >>> 24;
    }
    return out;
  }
  /** A length near n most of the time: n - 1, n + 1, 0, or anything up to 2n + 8. */
  lengthNear(n: number): number {
    switch (this.int(5)) {
      case 0:
        return Math.max(0, n - 1 - this.int(3));
      case 1:
        return n + 1 + this.int(3);
      case 2:
        return this.pick([0, 1, 32, 64]);
      default:
        return this.int(2 * n + 9);
    }
  }
}

// ---- bytes and arguments ----------------------------------------------------------------------

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * An argument as generated: bytes (passed as a plain Uint8Array, or as an ArgKind), an object of
 * such arguments (the key parts of mlkem-ts/keys), or any other value. Each call gets fresh
 * instances, so that one backend cannot change what the other is given.
 */
type Arg = { t: 'bytes'; bytes: Uint8Array; kind?: ArgKind } | { t: 'object'; parts: Record<string, Arg> } | { t: 'value'; value: unknown };

const bytesArg = (bytes: Uint8Array): Arg => ({ t: 'bytes', bytes });
const valueArg = (value: unknown): Arg => ({ t: 'value', value });

function make(a: Arg, plain = false): unknown {
  if (a.t === 'value') return a.value;
  if (a.t === 'bytes') return !plain && a.kind !== undefined ? a.kind.wrap(a.bytes) : a.bytes.slice();
  return Object.fromEntries(Object.entries(a.parts).map(([k, v]) => [k, make(v, plain)]));
}

function hasKind(a: Arg): boolean {
  if (a.t === 'bytes') return a.kind !== undefined;
  return a.t === 'object' && Object.values(a.parts).some(hasKind);
}

/** The byte slots of the arguments (nested ones too), to wrap in an ArgKind. */
function byteSlots(args: Arg[]): Array<Extract<Arg, { t: 'bytes' }>> {
  const out: Array<Extract<Arg, { t: 'bytes' }>> = [];
  const walk = (a: Arg) => {
    if (a.t === 'bytes') out.push(a);
    else if (a.t === 'object') Object.values(a.parts).forEach(walk);
  };
  args.forEach(walk);
  return out;
}

function showArg(a: Arg): string {
  if (a.t === 'bytes') {
    const h = hex(a.bytes);
    return `${a.kind ? `${a.kind.name} of ` : ''}${a.bytes.length} bytes ${h.length > 96 ? `${h.slice(0, 48)}…${h.slice(-48)}` : h}`;
  }
  if (a.t === 'object') return `{ ${Object.entries(a.parts).map(([k, v]) => `${k}: ${showArg(v)}`).join(', ')} }`;
  const v = a.value;
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 200 ? `${v.slice(0, 200)}…` : v)}`;
  if (typeof v === 'symbol' || typeof v === 'function') return typeof v;
  if (typeof v === 'bigint') return `${v}n`;
  if (v === null || typeof v !== 'object') return String(v);
  try {
    return `${Object.prototype.toString.call(v)} ${canonical(v).slice(0, 200)}`;
  } catch {
    return 'an object that cannot be shown (a Proxy)';
  }
}

// ---- wrong types ------------------------------------------------------------------------------

const TYPED: ReadonlyArray<{ new (length: number): ArrayBufferView; readonly BYTES_PER_ELEMENT: number; readonly name: string }> = [
  Int8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array,
];

/** A value that is not a Uint8Array (or is one, detached or of the wrong length), sized like n bytes where that applies. */
function wrongType(r: Rng, n: number, like: Uint8Array): unknown {
  switch (r.int(24)) {
    case 0:
      return 'A'.repeat(n);
    case 1:
      return hex(like);
    case 2:
      return Array.from(like);
    case 3:
      return new ArrayBuffer(n);
    case 4:
      return new SharedArrayBuffer(n);
    case 5:
      return new DataView(like.slice().buffer);
    case 6: {
      const C = r.pick(TYPED);
      return new C(r.chance(0.5) ? n : Math.floor(n / C.BYTES_PER_ELEMENT));
    }
    case 7:
      return r.pick([null, undefined, 0, n, -1, NaN, Infinity, 2n ** 64n, true, false, '', Symbol('Uint8Array')]);
    case 8:
      return { length: n };
    case 9:
      return Object.assign(Object.create(null) as object, { ...Array.from(like.subarray(0, 8)), length: n });
    case 10:
      return new Proxy(like.slice(), {});
    case 11:
      return new Proxy(like.slice(), {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          return Uint8Array.prototype;
        },
      });
    case 12: {
      const { proxy, revoke } = Proxy.revocable(like.slice(), {});
      revoke();
      return proxy;
    }
    case 13:
      return Object.create(Uint8Array.prototype, { length: { value: n } }) as object;
    case 14:
      return { [Symbol.toStringTag]: 'Uint8Array', length: n, buffer: new ArrayBuffer(n), byteLength: n, byteOffset: 0 };
    case 15:
      return [like.slice()];
    case 16:
      return () => like;
    case 17:
      return new Map([[0, 1]]);
    case 18:
      return Object(n) as object;
    case 19:
      return {
        get constructor(): never {
          throw new Error('constructor getter');
        },
      };
    case 20: {
      const detached = like.slice();
      structuredClone(detached.buffer, { transfer: [detached.buffer] }); // length 0 from now on
      return detached;
    }
    case 21:
      return new Date(0);
    case 22:
      return Promise.resolve(like);
    default:
      return new Uint16Array(like.buffer.slice(0, like.length - (like.length % 2)));
  }
}

// ---- byte mutations ---------------------------------------------------------------------------

const INTERESTING = [0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x30, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0xa0, 0xfe, 0xff];

/** A generic mutation of valid bytes; `pool` gives partners for splices; `hot` offsets to favour (DER headers). */
function mutateBytes(r: Rng, src: Uint8Array, pool: readonly Uint8Array[], hot: readonly number[] = []): [Uint8Array, string] {
  const at = () => (hot.length > 0 && r.chance(0.5) ? r.pick(hot) : r.int(Math.max(1, src.length)));
  const b = src.slice();
  if (src.length === 0) return [r.bytes(r.int(8)), 'random (empty source)'];
  switch (r.int(11)) {
    case 0:
    case 1: {
      const n = 1 + (r.chance(0.6) ? 0 : r.int(3));
      for (let i = 0; i < n; i++) b[at()]! ^= 1 << r.int(8);
      return [b, `${n} bit flip(s)`];
    }
    case 2:
      b[at()] = r.chance(0.5) ? r.pick(INTERESTING) : r.int(256);
      return [b, 'a byte set'];
    case 3:
      return [b.subarray(0, r.chance(0.5) ? b.length - 1 : r.int(b.length)), 'truncated'];
    case 4:
      return [concat(b, r.bytes(r.chance(0.5) ? 1 : 1 + r.int(16))), 'extended'];
    case 5: {
      const i = at();
      return [concat(b.subarray(0, i), r.bytes(1 + r.int(3)), b.subarray(i)), 'bytes inserted'];
    }
    case 6: {
      const i = at();
      return [concat(b.subarray(0, i), b.subarray(i + 1 + r.int(3))), 'bytes deleted'];
    }
    case 7: {
      const other = pool.length > 0 ? r.pick(pool) : src;
      const i = r.int(b.length);
      const j = r.chance(0.7) ? i : Math.min(other.length, Math.max(0, i + r.int(9) - 4));
      return [concat(b.subarray(0, i), other.subarray(j)), 'spliced with another valid input'];
    }
    case 8:
      return [r.bytes(b.length), 'random of the same length'];
    case 9:
      return [b.fill(r.pick([0x00, 0xff])), 'filled'];
    default: {
      const [once] = mutateBytes(r, src, pool, hot);
      const [twice, how] = mutateBytes(r, once, pool, hot);
      return [twice, `stacked: ${how}`];
    }
  }
}

/** Mutations of an ML-KEM encapsulation key (k from its length), valid or not. */
function mutateEk(r: Rng, ek: Uint8Array, pool: readonly Uint8Array[]): [Uint8Array, string] {
  const k = kOfPublicKey(ek.length);
  const b = ek.slice();
  switch (r.int(5)) {
    case 0: {
      const n = 1 + (r.chance(0.8) ? 0 : r.int(4));
      for (let i = 0; i < n; i++) setCoeff(b, r.int(256 * k), Q + r.int(4096 - Q));
      return [b, `${n} coefficient(s) >= q injected`];
    }
    case 1:
      setCoeff(b, r.int(256 * k), Q - 1);
      return [b, 'a coefficient set to q - 1'];
    case 2:
      b.set(r.bytes(32), 384 * k);
      return [b, 'rho replaced'];
    default:
      return mutateBytes(r, ek, pool);
  }
}

/** Mutations of an ML-KEM decapsulation key dk = dkPKE ‖ ek ‖ H(ek) ‖ z. */
function mutateDk(r: Rng, dk: Uint8Array, pool: readonly Uint8Array[]): [Uint8Array, string] {
  const k = (dk.length - 96) / 768;
  const l = dkLayout(k);
  const b = dk.slice();
  switch (r.int(8)) {
    case 0:
      b[l.h + r.int(32)]! ^= 1 << r.int(8);
      return [b, 'H(ek) corrupted'];
    case 1:
      b[l.ek + r.int(l.h - l.ek)]! ^= 1 << r.int(8);
      return [b, 'embedded ek changed (H(ek) stale)'];
    case 2: {
      const [ek, how] = mutateEk(r, b.slice(l.ek, l.h), []);
      if (ek.length !== l.h - l.ek) return [b, 'unchanged'];
      b.set(ek, l.ek);
      b.set(sha3_256(ek), l.h);
      return [b, `embedded ek mutated (${how}) and H(ek) recomputed`];
    }
    case 3:
      for (let i = 1 + r.int(3); i > 0; i--) setCoeff(b, r.int(256 * k), Q + r.int(4096 - Q));
      return [b, 'coefficient(s) >= q in dkPKE'];
    case 4:
      b[r.int(l.ek)]! ^= 1 << r.int(8);
      return [b, 'dkPKE bit flip'];
    case 5:
      b.set(r.bytes(32), l.z);
      return [b, 'z replaced'];
    default:
      return mutateBytes(r, dk, pool);
  }
}

// ---- the implementations under test ------------------------------------------------------------

const wasm = loadWasmSync();
const BACKENDS = ['portable', 'wasm'] as const;
const CORE: ReadonlyArray<readonly [MlKem, MlKem]> = [
  [MlKem512, wasm.MlKem512],
  [MlKem768, wasm.MlKem768],
  [MlKem1024, wasm.MlKem1024],
];
const HYBRIDS: ReadonlyArray<readonly [HybridKem, HybridKem]> = [
  [createXWing(MlKem768), createXWing(wasm.MlKem768)],
  [createX25519MlKem768(MlKem768), createX25519MlKem768(wasm.MlKem768)],
  [createSecP256r1MlKem768(MlKem768), createSecP256r1MlKem768(wasm.MlKem768)],
  [createSecP384r1MlKem1024(MlKem1024), createSecP384r1MlKem1024(wasm.MlKem1024)],
];
type AnyKem = MlKem | HybridKem;

// ---- the corpus of valid inputs, from the seed ---------------------------------------------------

interface Honest {
  m: Uint8Array;
  ct: Uint8Array;
  ss: Uint8Array;
}
interface KeyEntry {
  seed: Uint8Array;
  pk: Uint8Array;
  sk: Uint8Array;
  encs: Honest[];
}

function buildCorpus(seed: number) {
  const r = new Rng(seed, 2 ** 40); // a stream no iteration uses
  const problems: string[] = [];
  const both = <T>(what: string, a: T, b: T) => {
    if (canonical(a) !== canonical(b)) problems.push(`corpus: the backends disagree on ${what}`);
    return a;
  };
  const keysOf = (pair: readonly [AnyKem, AnyKem], eseed: (r: Rng) => Uint8Array): KeyEntry[] =>
    Array.from({ length: 3 }, () => {
      const s = r.bytes(pair[0].sizes.seed);
      const kp = both(`${pair[0].name} keygen`, pair[0].keygen(s), pair[1].keygen(s));
      const encs = Array.from({ length: 2 }, () => {
        const m = eseed(r);
        const e = both(`${pair[0].name} encapsulateInternal`, pair[0].encapsulateInternal(kp.publicKey, m), pair[1].encapsulateInternal(kp.publicKey, m));
        return { m, ct: e.ciphertext, ss: e.sharedSecret };
      });
      return { seed: s, pk: kp.publicKey, sk: kp.secretKey, encs };
    });
  const core = CORE.map((pair) => keysOf(pair, (x) => x.bytes(32)));
  const hybrid = HYBRIDS.map((pair) =>
    keysOf(pair, (x) => {
      const l = HYBRID_LAYOUTS[pair[0].name]!;
      for (;;) {
        const e = x.bytes(l.eseed); // a random NIST scalar is out of range with probability 2^-32 or less
        if (scalarIsValid(l.curve, hybridParts(l, e, l.scalar).ec)) return e;
      }
    }),
  );

  const der: Uint8Array[] = [];
  const spkis: Uint8Array[] = [];
  const pkcs8s: Uint8Array[] = [];
  const pems: string[] = [];
  const jwks: Array<Record<string, unknown>> = [];
  const pairs = LEVELS.map((algorithm, i) => {
    const e = core[i]![0]!;
    const pair = { algorithm, seed: e.seed, secretKey: e.sk, publicKey: e.pk };
    const spki = keys.encodeSpki(pair.publicKey);
    spkis.push(spki);
    for (const form of FORMS) pkcs8s.push(keys.encodePkcs8(pair, { form }));
    pkcs8s.push(pkcs8v2(pair.seed, pair.publicKey, i));
    pems.push(keys.toPem(spki, 'PUBLIC KEY'), keys.toPem(pkcs8s.at(-4)!, 'PRIVATE KEY'), keys.toPem(pkcs8s.at(-2)!, 'PRIVATE KEY'));
    jwks.push({ ...keys.toJwk(pair) }, { ...keys.toJwk({ publicKey: pair.publicKey }) });
    return pair;
  });
  der.push(...spkis, ...pkcs8s);
  return { core, hybrid, keys: { pairs, der, spkis, pkcs8s, pems, jwks, headers: new Map(der.map((d) => [d, headerOffsets(d)])) }, problems };
}

function tlv(tag: number, content: Uint8Array): Uint8Array {
  const n = content.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return concat(Uint8Array.of(tag, ...len), content);
}

/** OneAsymmetricKey v2 (seed form) with attributes [0] and publicKey [1], written out here. */
function pkcs8v2(seed: Uint8Array, publicKey: Uint8Array, level: number): Uint8Array {
  const oid = Uint8Array.of(0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, level + 1);
  return tlv(
    0x30,
    concat(Uint8Array.of(0x02, 0x01, 0x01), tlv(0x30, oid), tlv(0x04, tlv(0x80, seed)), tlv(0xa0, Uint8Array.of(0x30, 0x00)), tlv(0x81, concat(Uint8Array.of(0), publicKey))),
  );
}

/** The tags of the children of a valid DER SEQUENCE (one the decoder accepted), and the first content byte of the first. */
function derChildren(der: Uint8Array): { tags: number[]; first: number } {
  const header = (p: number) => {
    const first = der[p + 1]!;
    const n = first & 0x80 ? first & 0x7f : 0;
    let len = first & 0x80 ? 0 : first;
    for (let i = 0; i < n; i++) len = len * 256 + der[p + 2 + i]!;
    return { body: p + 2 + n, len };
  };
  const top = header(0);
  const tags: number[] = [];
  for (let p = top.body; p < top.body + top.len; ) {
    tags.push(der[p]!);
    const h = header(p);
    p = h.body + h.len;
  }
  return { tags, first: der[header(top.body).body]! };
}

// ---- targets ------------------------------------------------------------------------------------

type Strategy = 'valid' | 'mutated' | 'random' | 'wrong type' | 'arg kind';
interface Input {
  args: Arg[];
  strategy: Strategy;
  note: string;
}
interface Target {
  name: string;
  group: string;
  weight: number;
  generate(r: Rng): Input;
  /** Runs the input; reports violations; returns the outcome to count ('ok' or an error code). */
  run(input: Input, r: Rng, fail: (message: string) => void): string;
}

function pickStrategy(r: Rng): Strategy {
  const x = r.int(100);
  return x < 10 ? 'valid' : x < 55 ? 'mutated' : x < 70 ? 'random' : x < 80 ? 'wrong type' : 'arg kind';
}

/** Args from valid bytes by a strategy: one slot (or, for random, sometimes all) changed. */
function shapeArgs(
  r: Rng,
  valid: Uint8Array[],
  mutate: Array<(r: Rng, b: Uint8Array) => [Uint8Array, string]>,
  strategy: Strategy,
): { args: Arg[]; note: string } {
  const args = valid.map(bytesArg);
  if (valid.length === 0) return { args, note: 'no arguments' };
  const slot = r.int(valid.length);
  switch (strategy) {
    case 'valid':
      return { args, note: 'valid' };
    case 'mutated': {
      const [b, how] = mutate[slot]!(r, valid[slot]!);
      args[slot] = bytesArg(b);
      return { args, note: `argument ${slot}: ${how}` };
    }
    case 'random': {
      const all = r.chance(0.3);
      for (let i = 0; i < valid.length; i++) {
        if (!all && i !== slot) continue;
        const n = valid[i]!.length;
        args[i] = bytesArg(r.bytes(r.chance(0.5) ? n : r.lengthNear(n)));
      }
      return { args, note: all ? 'all arguments random' : `argument ${slot} random` };
    }
    case 'wrong type':
      args[slot] = valueArg(wrongType(r, valid[slot]!.length, valid[slot]!));
      return { args, note: `argument ${slot} of a wrong type` };
    case 'arg kind': {
      let note = 'valid';
      if (r.chance(0.4)) {
        const [b, how] = mutate[slot]!(r, valid[slot]!);
        args[slot] = bytesArg(b);
        note = `argument ${slot}: ${how}`;
      }
      return { args: withKind(r, args), note };
    }
  }
}

/** Passes one byte slot, or all of them, as an ArgKind. */
function withKind(r: Rng, args: Arg[]): Arg[] {
  const slots = byteSlots(args);
  const kind = r.pick(ARG_KINDS);
  if (r.chance(0.3)) slots.forEach((s) => (s.kind = kind));
  else if (slots.length > 0) r.pick(slots).kind = kind;
  return args;
}

const tag = (o: Outcome) => (o.kind === 'ok' ? 'ok' : o.kind === 'error' ? o.code : 'foreign');

/**
 * One call with fresh instances of the arguments, checked against the contract: no foreign throw,
 * the expected outcome, arguments unmodified, results unaliased.
 */
function checkedCall(what: string, args: Arg[], call: (...a: unknown[]) => unknown, expected: Expected | undefined, fail: (m: string) => void, plain = false): Outcome {
  const values = args.map((a) => make(a, plain));
  const watch = watchArgs(values);
  const out = attempt(() => call(...values));
  const modified = watch();
  if (modified !== undefined) fail(`${what}: ${modified}`);
  if (out.kind === 'foreign') {
    const e = out.error;
    fail(`${what}: threw something other than a documented MlKemError: ${describeOutcome(out)}${e instanceof Error && e.stack ? `\n${e.stack}` : ''}`);
    return out;
  }
  if (expected !== undefined && tag(out) !== expected) fail(`${what}: expected ${expected}, got ${describeOutcome(out)}${out.kind === 'error' ? ` (${out.message})` : ''}`);
  if (out.kind === 'ok') {
    const alias = aliasProblem(out.value, values);
    if (alias !== undefined) fail(`${what}: ${alias}`);
  }
  return out;
}

/** Compares two outcomes of the same input: bytes when deterministic, else the outcome kind and code. */
function agree(what: string, a: Outcome, b: Outcome, deterministic: boolean, fail: (m: string) => void): void {
  const same = deterministic ? sameOutcome(a, b) : tag(a) === tag(b);
  if (!same) fail(`${what}: ${describeOutcome(a)} vs ${describeOutcome(b)}`);
}

function plainBytes(a: Arg | undefined): Uint8Array | undefined {
  return a?.t === 'bytes' ? a.bytes : undefined;
}

/** A target for one method of a pair of equal objects (portable, wasm): the core or a hybrid. */
function kemTarget(
  pair: readonly [AnyKem, AnyKem],
  method: KemMethod,
  seedless: boolean,
  weight: number,
  valid: (r: Rng) => Uint8Array[],
  mutate: Array<(r: Rng, b: Uint8Array) => [Uint8Array, string]>,
  post: (value: unknown, args: Arg[], backend: number, fail: (m: string) => void, r: Rng) => void,
): Target {
  const [p] = pair;
  const hybrid = 'eseed' in p.sizes;
  const name = `${p.name}.${method}${seedless ? '()' : ''}`;
  return {
    name,
    group: p.name,
    weight,
    generate(r) {
      if (seedless) return { args: r.chance(0.5) ? [] : [valueArg(undefined)], strategy: 'valid', note: 'no seed' };
      const strategy = pickStrategy(r);
      return { ...shapeArgs(r, valid(r), mutate, strategy), strategy };
    },
    run(input, r, fail) {
      const plain = input.args.map((a) => make(a, true));
      const deterministic = method === 'keygen' ? plain[0] !== undefined : method !== 'encapsulate'; // keygen(undefined) draws a seed
      const expected = (hybrid ? expectedHybrid : expectedCore)(p, method, plain);
      const call = (kem: AnyKem) => (...a: unknown[]) => (kem[method] as (...x: unknown[]) => unknown).apply(kem, a);
      const outs = pair.map((kem, b) => checkedCall(`${name} on ${BACKENDS[b]}`, input.args, call(kem), expected, fail));
      agree(`${name}: the backends disagree`, outs[0]!, outs[1]!, deterministic, fail);
      if (input.args.some(hasKind)) {
        const b = r.int(2);
        const ref = checkedCall(`${name} on ${BACKENDS[b]} with plain arrays`, input.args, call(pair[b]!), expected, fail, true);
        agree(`${name} on ${BACKENDS[b]}: an argument kind changes the outcome (plain first)`, ref, outs[b]!, deterministic, fail);
      }
      outs.forEach((o, b) => {
        if (o.kind === 'ok') post(o.value, input.args, b, fail, r);
      });
      return tag(outs[0]!);
    },
  };
}

// ---- the core's targets ---------------------------------------------------------------------------

type Corpus = ReturnType<typeof buildCorpus>;

function coreTargets(corpus: Corpus): Target[] {
  return CORE.flatMap((pair, level) => {
    const kem = pair[0];
    const k = kOfPublicKey(kem.sizes.publicKey);
    const l = dkLayout(k);
    const entries = corpus.core[level]!;
    const pool = (f: (e: KeyEntry) => Uint8Array[]) => entries.flatMap(f);
    const allPks = corpus.core.flatMap((es) => es.map((e) => e.pk)); // splices across levels too
    const cts = pool((e) => e.encs.map((x) => x.ct));
    const mSeed = (r: Rng, b: Uint8Array) => (r.chance(0.3) ? ([r.bytes(b.length), 'random'] as [Uint8Array, string]) : mutateBytes(r, b, pool((e) => [e.seed])));
    const mPk = (r: Rng, b: Uint8Array) => mutateEk(r, b, allPks);
    const mM = (r: Rng, b: Uint8Array) => mutateBytes(r, b, [r.bytes(32)]);
    const mCt = (r: Rng, b: Uint8Array) => mutateBytes(r, b, cts);
    const mSk = (r: Rng, b: Uint8Array) => mutateDk(r, b, pool((e) => [e.sk]));
    const keyOf = (r: Rng) => r.pick(entries);

    /** keygen: the structure of dk (FIPS 203, Algorithm 16) and, without a seed, the same keys from its seed on the other backend. */
    const keygenPost = (seedless: boolean) => (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { publicKey: Uint8Array; secretKey: Uint8Array; seed: Uint8Array };
      const given = plainBytes(args[0]);
      if (v.publicKey.length !== kem.sizes.publicKey || v.secretKey.length !== kem.sizes.secretKey || v.seed.length !== 64) {
        return fail(`${kem.name}.keygen: wrong sizes`);
      }
      const sk = v.secretKey;
      if (!equal(sk.subarray(l.ek, l.h), v.publicKey) || !equal(sk.subarray(l.h, l.z), sha3_256(v.publicKey)) || !equal(sk.subarray(l.z), v.seed.subarray(32))) {
        fail(`${kem.name}.keygen on ${BACKENDS[b]}: dk is not dkPKE ‖ ek ‖ H(ek) ‖ z`);
      }
      if (given !== undefined && !equal(v.seed, given)) fail(`${kem.name}.keygen on ${BACKENDS[b]}: the returned seed is not the one given`);
      if (seedless) {
        const again = pair[1 - b]!.keygen(v.seed);
        if (!equal(again.publicKey, v.publicKey) || !equal(again.secretKey, sk)) fail(`${kem.name}.keygen() on ${BACKENDS[b]}: keygen(seed) on the other backend gives other keys`);
      }
    };

    /** encapsulate: sizes; to a corpus key, the other backend decapsulates it to the same secret. */
    const encapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { ciphertext: Uint8Array; sharedSecret: Uint8Array };
      if (v.ciphertext.length !== kem.sizes.ciphertext || v.sharedSecret.length !== 32) return fail(`${kem.name} encapsulation: wrong sizes`);
      const pk = plainBytes(args[0])!;
      const e = entries.find((x) => equal(x.pk, pk));
      if (e !== undefined && !equal(pair[1 - b]!.decapsulate(v.ciphertext, e.sk), v.sharedSecret)) {
        fail(`${kem.name}: a ciphertext from ${BACKENDS[b]} does not decapsulate to its secret on the other backend`);
      }
    };

    /**
     * decapsulate: the honest secret for a corpus ciphertext under its own key (or J(z ‖ c) when
     * dkPKE was altered), and J(z ‖ c) for every other ciphertext (implicit rejection, §6.3).
     */
    const decapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const got = value as Uint8Array;
      const ct = plainBytes(args[0])!;
      const sk = plainBytes(args[1])!;
      const j = jReject(sk.subarray(l.z), ct);
      const ek = sk.subarray(l.ek, l.h);
      const honest = entries.find((e) => equal(e.pk, ek))?.encs.find((x) => equal(x.ct, ct));
      if (equal(got, j)) return;
      if (honest !== undefined && equal(got, honest.ss)) return;
      fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: neither J(z ‖ c) nor the honest secret${honest ? '' : ' (not an honest ciphertext: J(z ‖ c) expected)'}`);
    };

    return [
      kemTarget(pair, 'keygen', false, 8, (r) => [keyOf(r).seed], [mSeed], keygenPost(false)),
      kemTarget(pair, 'keygen', true, 2, () => [], [], keygenPost(true)),
      kemTarget(pair, 'encapsulate', false, 8, (r) => [keyOf(r).pk], [mPk], encapsPost),
      kemTarget(pair, 'encapsulateInternal', false, 8, (r) => {
        const e = keyOf(r);
        return [e.pk, r.chance(0.5) ? r.pick(e.encs).m : r.bytes(32)];
      }, [mPk, mM], encapsPost),
      kemTarget(pair, 'decapsulate', false, 12, (r) => {
        const e = keyOf(r);
        return [r.chance(0.8) ? r.pick(e.encs).ct : r.pick(cts), e.sk];
      }, [mCt, mSk], decapsPost),
    ];
  });
}

// ---- the hybrids' targets -------------------------------------------------------------------------

const X25519_LOW_ORDER = [
  0n, 1n, 2n ** 255n - 20n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  2n ** 255n - 19n, 2n ** 255n - 18n,
].map((u) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, u >>= 8n) out[i] = Number(u & 0xffn);
  return out;
});
const ORDER = {
  'P-256': 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  'P-384': 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
} as const;
const bigEndianBytes = (x: bigint, n: number) => {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};

/** Mutations of an ECDH share: low-order and non-canonical X25519 values, points off the curve or out of range. */
function mutateShare(r: Rng, l: HybridLayout, share: Uint8Array, others: readonly Uint8Array[]): [Uint8Array, string] {
  const b = share.slice();
  if (l.curve === 'X25519') {
    switch (r.int(4)) {
      case 0: {
        const u = r.pick(X25519_LOW_ORDER).slice();
        if (r.chance(0.5)) u[31]! |= 0x80;
        return [u, 'a low-order X25519 point'];
      }
      case 1:
        b[31]! ^= 0x80;
        return [b, 'bit 255 flipped'];
      case 2:
        return [r.pick(others), 'the share of another key'];
      default:
        b[r.int(32)]! ^= 1 << r.int(8);
        return [b, 'a bit flip'];
    }
  }
  const L = l.scalar; // coordinate bytes
  switch (r.int(6)) {
    case 0:
      b[0] = r.pick([0x00, 0x02, 0x03, 0x05, 0x06, 0x07]);
      return [b, 'another point format byte'];
    case 1:
      b.fill(0xff, 1 + (r.chance(0.5) ? 0 : L));
      return [b, 'a coordinate >= p'];
    case 2:
      b.fill(0, 1);
      return [b, 'coordinates (0, 0)'];
    case 3:
      return [r.pick(others), 'the share of another key'];
    default:
      b[1 + r.int(2 * L)]! ^= 1 << r.int(8);
      return [b, 'a bit flip in a coordinate (off the curve)'];
  }
}

function hybridTargets(corpus: Corpus): Target[] {
  return HYBRIDS.flatMap((pair, h) => {
    const kem = pair[0];
    const l = HYBRID_LAYOUTS[kem.name]!;
    const entries = corpus.hybrid[h]!;
    const pks = entries.map((e) => e.pk);
    const cts = entries.flatMap((e) => e.encs.map((x) => x.ct));
    const keyOf = (r: Rng) => r.pick(entries);
    /** A mutation of the ML-KEM part or the ECDH part of a public key or ciphertext, or of the whole. */
    const mutateShared = (isPk: boolean) => (r: Rng, b: Uint8Array): [Uint8Array, string] => {
      const pool = isPk ? pks : cts;
      if (b.length !== (isPk ? kem.sizes.publicKey : kem.sizes.ciphertext) || r.chance(0.3)) return mutateBytes(r, b, pool);
      const parts = hybridParts(l, b, l.share);
      const others = pool.map((x) => hybridParts(l, x, l.share).ec.slice());
      const [kemPart, ecPart, how] = r.chance(0.5)
        ? (() => {
            const [m, how] = isPk ? mutateEk(r, parts.kem, []) : mutateBytes(r, parts.kem, []);
            return [m, parts.ec, `ML-KEM part: ${how}`] as const;
          })()
        : (() => {
            const [e, how] = mutateShare(r, l, parts.ec, others);
            return [parts.kem, e, `ECDH part: ${how}`] as const;
          })();
      return [l.kemFirst ? concat(kemPart, ecPart) : concat(ecPart, kemPart), how];
    };
    const mutateEseed = (r: Rng, b: Uint8Array): [Uint8Array, string] => {
      if (l.curve === 'X25519' || b.length !== l.eseed || r.chance(0.4)) return mutateBytes(r, b, [r.bytes(l.eseed)]);
      const n = ORDER[l.curve];
      const scalar = r.pick([0n, 1n, n - 1n, n, n + 1n, 2n ** BigInt(8 * l.scalar) - 1n]);
      const m = hybridParts(l, b, l.scalar).kem;
      const s = bigEndianBytes(scalar, l.scalar);
      return [l.kemFirst ? concat(m, s) : concat(s, m), `scalar ${scalar === 0n ? '0' : scalar < n ? 'in range at an edge' : '>= n'}`];
    };
    const mutateSeed = (r: Rng, b: Uint8Array) => mutateBytes(r, b, entries.map((e) => e.seed));

    const keygenPost = (seedless: boolean) => (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { publicKey: Uint8Array; secretKey: Uint8Array; seed: Uint8Array };
      const given = plainBytes(args[0]);
      if (v.publicKey.length !== kem.sizes.publicKey || !equal(v.secretKey, v.seed) || v.seed.length !== kem.sizes.seed) {
        return fail(`${kem.name}.keygen on ${BACKENDS[b]}: wrong sizes, or secretKey is not the seed`);
      }
      if (given !== undefined && !equal(v.seed, given)) fail(`${kem.name}.keygen on ${BACKENDS[b]}: the returned seed is not the one given`);
      if (seedless && !equal(pair[1 - b]!.keygen(v.seed).publicKey, v.publicKey)) fail(`${kem.name}.keygen() on ${BACKENDS[b]}: keygen(seed) on the other backend gives another key`);
    };
    const encapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void, r: Rng) => {
      const v = value as { ciphertext: Uint8Array; sharedSecret: Uint8Array };
      if (v.ciphertext.length !== kem.sizes.ciphertext || v.sharedSecret.length !== kem.sizes.sharedSecret) return fail(`${kem.name} encapsulation: wrong sizes`);
      const e = entries.find((x) => equal(x.pk, plainBytes(args[0])!));
      // A round trip costs milliseconds here: one in four.
      if (e !== undefined && r.chance(0.25) && !equal(pair[1 - b]!.decapsulate(v.ciphertext, e.sk), v.sharedSecret)) {
        fail(`${kem.name}: a ciphertext from ${BACKENDS[b]} does not decapsulate to its secret on the other backend`);
      }
    };
    /** The honest secret for a corpus pair; for the TLS groups, the ML-KEM half is J(z ‖ ct_M) for any other. */
    const decapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const got = value as Uint8Array;
      const ct = plainBytes(args[0])!;
      const sk = plainBytes(args[1])!;
      if (got.length !== kem.sizes.sharedSecret) return fail(`${kem.name}.decapsulate: wrong size`);
      const honest = entries.find((x) => equal(x.seed, sk))?.encs.find((x) => equal(x.ct, ct));
      if (honest !== undefined && !equal(got, honest.ss)) return fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: not the honest secret`);
      if (kem.name === 'X-Wing') return;
      const ctM = hybridParts(l, ct, l.share).kem;
      const dz = hybridParts(l, sk, l.seed - 64).kem;
      const ssM = l.kemFirst ? got.subarray(0, 32) : got.subarray(got.length - 32);
      // ek and the secret vector come from d alone (z only names the rejection secret): a corpus key
      // with the same d decrypts its honest ciphertexts whatever its z and ECDH seed.
      const e = entries.find((x) => equal(hybridParts(l, x.seed, l.seed - 64).kem.subarray(0, 32), dz.subarray(0, 32)));
      const honestM = e?.encs.find((x) => equal(hybridParts(l, x.ct, l.share).kem, ctM));
      if (honestM !== undefined) {
        const want = l.kemFirst ? honestM.ss.subarray(0, 32) : honestM.ss.subarray(honestM.ss.length - 32);
        if (!equal(ssM, want)) fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: the ML-KEM half is not the honest one`);
      } else if (!equal(ssM, jReject(dz.subarray(32, 64), ctM))) {
        fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: the ML-KEM half of a dishonest ciphertext is not J(z ‖ c)`);
      }
    };

    return [
      kemTarget(pair, 'keygen', false, 0.5, (r) => [keyOf(r).seed], [mutateSeed], keygenPost(false)),
      kemTarget(pair, 'keygen', true, 0.2, () => [], [], keygenPost(true)),
      kemTarget(pair, 'encapsulate', false, 0.6, (r) => [keyOf(r).pk], [mutateShared(true)], encapsPost),
      kemTarget(pair, 'encapsulateInternal', false, 0.6, (r) => {
        const e = keyOf(r);
        return [e.pk, r.chance(0.5) ? r.pick(e.encs).m : r.pick(entries).encs[0]!.m];
      }, [mutateShared(true), mutateEseed], encapsPost),
      kemTarget(pair, 'decapsulate', false, 0.8, (r) => {
        const e = keyOf(r);
        return [r.chance(0.8) ? r.pick(e.encs).ct : r.pick(cts), e.seed];
      }, [mutateShared(false), mutateSeed], decapsPost),
    ];
  });
}

// ---- the hybrids' factories ------------------------------------------------------------------------

/**
 * createXWing and the other factories, given a real MlKem of either backend and any level, a copy
 * of one, objects shaped like one with a wrong name or a member missing, or values of wrong types.
 */
function factoryTargets(corpus: Corpus): Target[] {
  const FACTORIES = [
    [createXWing, 'ML-KEM-768'],
    [createX25519MlKem768, 'ML-KEM-768'],
    [createSecP256r1MlKem768, 'ML-KEM-768'],
    [createSecP384r1MlKem1024, 'ML-KEM-1024'],
  ] as const;
  const kems = CORE.flat();
  return FACTORIES.map(([factory, level], h): Target => ({
    name: `factory.${factory.name}`,
    group: 'factory',
    weight: 0.3,
    generate(r) {
      const kem = r.pick(kems);
      switch (r.int(4)) {
        case 0:
          return { args: [valueArg(kem)], strategy: 'valid', note: `${kem.name}` };
        case 1:
          return { args: [valueArg({ ...kem })], strategy: 'valid', note: `a copy of ${kem.name}` };
        case 2: {
          const shaped: Record<string, unknown> = { ...kem };
          const member = r.pick(['name', 'keygen', 'encapsulateInternal', 'decapsulate']);
          shaped[member] = r.chance(0.3) ? undefined : r.pick(['ML-KEM-768', 'ML-KEM-1024', 'X-Wing', 42, () => 0, Object.create(null), Symbol('name'), { toString: () => 'ML-KEM-768' }]);
          return { args: [valueArg(shaped)], strategy: 'mutated', note: `${member} replaced` };
        }
        default:
          return { args: [valueArg(wrongType(r, 16, r.bytes(16)))], strategy: 'wrong type', note: 'not an MlKem' };
      }
    },
    run(input, _r, fail) {
      const kem = input.args[0]!.t === 'value' ? input.args[0]!.value : undefined;
      // The factory's contract, read here with every read guarded: whatever cannot be read is not an MlKem.
      const expected = ((): Expected => {
        try {
          const k = kem as Record<string, unknown>;
          const ok = typeof k === 'object' && k !== null && k.name === level && ['keygen', 'encapsulateInternal', 'decapsulate'].every((m) => typeof k[m] === 'function');
          return ok ? 'ok' : 'ERR_INVALID_TYPE';
        } catch {
          return 'ERR_INVALID_TYPE';
        }
      })();
      const out = checkedCall(`factory.${factory.name}`, input.args, factory as (...a: unknown[]) => unknown, expected, fail);
      // Only over a real MlKem: an object that merely has the shape may do anything when used.
      if (out.kind === 'ok' && input.strategy === 'valid') {
        const made = out.value as HybridKem;
        const e = corpus.hybrid[h]![0]!;
        if (made.name !== HYBRIDS[h]![0].name || !equal(made.keygen(e.seed).publicKey, e.pk)) fail(`factory.${factory.name}: not the hybrid it should make`);
      }
      return tag(out);
    },
  }));
}

// ---- mlkem-ts/keys --------------------------------------------------------------------------------

function randomText(r: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \t\r\n:-*';
  let s = '';
  for (let i = r.int(120); i > 0; i--) s += r.chance(0.95) ? alphabet[r.int(alphabet.length)] : String.fromCharCode(r.int(0x10000));
  return s;
}

function keysTargets(corpus: Corpus): Target[] {
  const K = corpus.keys;
  const mutateDer = (r: Rng, b: Uint8Array) => mutateBytes(r, b, K.der, K.headers.get(b) ?? []);
  const pickDer = (r: Rng, kind: 'spki' | 'pkcs8' | 'any') => r.pick(kind === 'spki' ? K.spkis : kind === 'pkcs8' ? K.pkcs8s : K.der);
  const decodeArgs = (r: Rng, kind: 'spki' | 'pkcs8') => {
    const strategy = pickStrategy(r);
    const valid = pickDer(r, r.chance(0.85) ? kind : 'any');
    return { ...shapeArgs(r, [valid], [mutateDer], strategy), strategy };
  };
  const LABELS = ['PUBLIC KEY', 'PRIVATE KEY'] as const;

  /** A target over mlkem-ts/keys: one implementation, compared with itself for argument kinds. */
  const target = (
    name: string,
    weight: number,
    generate: (r: Rng) => Input,
    call: (...a: any[]) => unknown,
    expected: (plain: unknown[]) => Expected | undefined,
    post: (value: unknown, plain: unknown[], fail: (m: string) => void) => void,
  ): Target => ({
    name: `keys.${name}`,
    group: 'keys',
    weight,
    generate,
    run(input, _r, fail) {
      const plain = input.args.map((a) => make(a, true));
      const exp = expected(plain);
      const out = checkedCall(`keys.${name}`, input.args, call, exp, fail);
      if (input.args.some(hasKind)) {
        const ref = checkedCall(`keys.${name} with plain arrays`, input.args, call, exp, fail, true);
        agree(`keys.${name}: an argument kind changes the outcome (plain first)`, ref, out, true, fail);
      }
      if (out.kind === 'ok') {
        const problem = attempt(() => post(out.value, plain, fail));
        if (problem.kind !== 'ok') fail(`keys.${name}: the check of its result failed: ${describeOutcome(problem)}`);
      }
      return tag(out);
    },
  });
  const typeUnlessU8 = (v: unknown): Expected | undefined => (isU8(v) ? undefined : 'ERR_INVALID_TYPE');
  const checkPublic = (v: unknown, what: string, fail: (m: string) => void) => {
    const info = v as PublicKeyInfo;
    if (!LEVELS.includes(info.algorithm) || info.publicKey.length !== keys.kemFor(info.algorithm).sizes.publicKey) fail(`${what}: a malformed result`);
  };

  /** Key parts for the encoders: a key's parts, some mutated, mixed with another key's, or of wrong types. */
  const partsArgs = (r: Rng, forJwk: boolean): Input => {
    const strategy = pickStrategy(r);
    const p = r.pick(K.pairs);
    const o = r.pick(K.pairs);
    const parts: Record<string, Arg> = {};
    const choice = r.int(forJwk ? 4 : 5);
    if (choice === 0 || choice === 3) parts.seed = bytesArg(p.seed);
    if (choice === 0 || choice === 4) parts.secretKey = bytesArg(p.secretKey);
    if (choice !== 2 || r.chance(0.3)) parts.publicKey = bytesArg(p.publicKey);
    if (choice === 2 && Object.keys(parts).length === 0) parts.publicKey = bytesArg(p.publicKey);
    if (choice === 3 || r.chance(0.2)) parts.algorithm = valueArg(r.chance(0.9) ? p.algorithm : r.pick([o.algorithm, 'ML-KEM-2048', 768, null]));
    let note = `parts ${Object.keys(parts).join(', ')}`;
    const names = Object.keys(parts).filter((n) => n !== 'algorithm');
    const name = r.pick(names);
    const bytes = (parts[name] as Extract<Arg, { t: 'bytes' }>).bytes;
    if (strategy === 'mutated' || (strategy === 'arg kind' && r.chance(0.3))) {
      const [b, how] =
        r.chance(0.3) ? [(o as Record<string, unknown>)[name] as Uint8Array, "another key's"]
        : name === 'publicKey' ? mutateEk(r, bytes, K.pairs.map((x) => x.publicKey))
        : name === 'secretKey' ? mutateDk(r, bytes, K.pairs.map((x) => x.secretKey))
        : mutateBytes(r, bytes, K.pairs.map((x) => x.seed));
      parts[name] = bytesArg(b);
      note += `; ${name}: ${how}`;
    } else if (strategy === 'random') {
      parts[name] = bytesArg(r.bytes(r.lengthNear(bytes.length)));
      note += `; ${name} random`;
    } else if (strategy === 'wrong type') {
      if (r.chance(0.3)) return { args: [valueArg(wrongType(r, 64, bytes))], strategy, note: 'key of a wrong type' };
      parts[name] = valueArg(wrongType(r, bytes.length, bytes));
      note += `; ${name} of a wrong type`;
    }
    const args: Arg[] = [{ t: 'object', parts }];
    if (!forJwk && r.chance(0.5)) args.push(valueArg(r.chance(0.9) ? { form: r.pick(FORMS) } : r.pick([{ form: 'compact' }, null, 'seed', [], { form: 1 }])));
    return { args: strategy === 'arg kind' ? withKind(r, args) : args, strategy, note };
  };

  const mutatePem = (r: Rng, src: string): [string, string] => {
    const lines = src.split('\n');
    switch (r.int(8)) {
      case 0: {
        const i = r.int(src.length);
        return [src.slice(0, i) + randomText(r).slice(0, 1 + r.int(3)) + src.slice(i + r.int(3)), 'characters changed'];
      }
      case 1:
        lines.splice(r.int(lines.length), 1);
        return [lines.join('\n'), 'a line removed'];
      case 2:
        return [src.replace(r.pick(['PUBLIC', 'PRIVATE', 'BEGIN', 'END', 'KEY', '-----']), r.pick(['', 'PUBLIC', 'PRIVATE', 'X', '----'])), 'armour changed'];
      case 3:
        return [src.slice(0, r.int(src.length)), 'truncated'];
      case 4:
        return [randomText(r) + src + randomText(r), 'text around'];
      case 5: {
        const i = 1 + r.int(Math.max(1, lines.length - 2));
        lines[i] = lines[i]!.slice(0, r.int(lines[i]!.length + 1)) + randomText(r).slice(0, 2);
        return [lines.join('\r\n'), 'a line changed, CRLF'];
      }
      case 6:
        return [`-----BEGIN ${r.pick(LABELS)}-----\n${randomText(r)}\n-----END ${r.pick(LABELS)}-----\n`, 'random body'];
      default: {
        const [der, how] = mutateDer(r, r.pick(K.der));
        return [keys.toPem(der, r.pick(LABELS)), `valid armour around DER ${how}`];
      }
    }
  };

  const mutateJwk = (r: Rng, src: Record<string, unknown>): [unknown, string] => {
    const j: Record<string, unknown> = { ...src };
    const field = r.pick(['kty', 'alg', 'pub', 'priv', 'kid']);
    const value = j[field];
    switch (r.int(7)) {
      case 0:
        delete j[field];
        return [j, `${field} removed`];
      case 1:
        j[field] = r.pick([null, 0, 1, true, [], {}, '', 'AKP', 'ML-KEM-768', 'ML-KEM-512', randomText(r)]);
        return [j, `${field} replaced`];
      case 2:
        if (typeof value === 'string') {
          const i = r.int(value.length + 1);
          j[field] = value.slice(0, i) + randomText(r).slice(0, r.int(3)) + value.slice(i + r.int(3));
        }
        return [j, `${field} edited`];
      case 3:
        if (typeof value === 'string') j[field] = value.slice(0, r.int(value.length + 1));
        return [j, `${field} truncated`];
      case 4:
        j[field] = r.pick(K.jwks)[field];
        return [j, `${field} from another JWK`];
      case 5:
        return [wrongType(r, 16, r.bytes(16)), 'not a JWK'];
      default:
        if (typeof value === 'string') {
          const b = new Uint8Array(Buffer.from(value, 'base64url'));
          if (b.length > 0) b[r.int(b.length)]! ^= 1 << r.int(8);
          j[field] = Buffer.from(b).toString('base64url');
        }
        return [j, `a bit of ${field} flipped`];
    }
  };

  const kemFor = (alg: MlKemAlgorithm) => keys.kemFor(alg);

  return [
    target('decodeSpki', 4, (r) => decodeArgs(r, 'spki'), keys.decodeSpki, (p) => typeUnlessU8(p[0]), (v, p, fail) => {
      checkPublic(v, 'decodeSpki', fail);
      if (!equal(keys.encodeSpki((v as PublicKeyInfo).publicKey), p[0] as Uint8Array)) fail('decodeSpki: accepted DER that does not re-encode to itself');
    }),
    target(
      'decodePkcs8',
      5,
      (r) => {
        const input = decodeArgs(r, 'pkcs8');
        if (r.chance(0.4)) input.args.push(valueArg(r.chance(0.9) ? { pairwiseCheck: r.chance(0.5) } : r.pick([null, 'yes', { pairwiseCheck: 1 }, []])));
        return input;
      },
      keys.decodePkcs8,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        const info = v as PrivateKeyInfo;
        checkPublic(info, 'decodePkcs8', fail);
        const kem = kemFor(info.algorithm);
        if (info.secretKey.length !== kem.sizes.secretKey) return fail('decodePkcs8: wrong secretKey size');
        const k = kOfPublicKey(kem.sizes.publicKey);
        const l = dkLayout(k);
        if (!equal(info.secretKey.subarray(l.ek, l.h), info.publicKey)) fail('decodePkcs8: publicKey is not the one in secretKey');
        if (!equal(info.secretKey.subarray(l.h, l.z), sha3_256(info.publicKey))) fail('decodePkcs8: accepted a secretKey that fails the §7.3 hash check');
        if (info.seed !== undefined) {
          const again = kem.keygen(info.seed);
          if (!equal(again.secretKey, info.secretKey)) fail('decodePkcs8: secretKey is not the expansion of the seed');
        }
        // Strict DER: a v1 key without attributes re-encodes to the same bytes in its form. (A v2
        // key, version 1, is accepted also without publicKey [1]; the encoder writes v1.)
        const der = p[0] as Uint8Array;
        const children = derChildren(der);
        if (children.tags.length === 3 && children.first === 0) {
          const forms = FORMS.filter((f) => f === 'expanded' || info.seed !== undefined);
          if (!forms.some((form) => equal(keys.encodePkcs8(info, { form }), der))) fail('decodePkcs8: accepted DER that does not re-encode to itself');
        }
      },
    ),
    target(
      'encodeSpki',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const pk = r.pick(K.pairs).publicKey;
        return { ...shapeArgs(r, [pk], [(x, b) => mutateEk(x, b, K.pairs.map((e) => e.publicKey))], strategy), strategy };
      },
      keys.encodeSpki,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        if (!equal(keys.decodeSpki(v as Uint8Array).publicKey, p[0] as Uint8Array)) fail('encodeSpki: the DER does not decode to the key');
      },
    ),
    target('encodePkcs8', 4, (r) => partsArgs(r, false), keys.encodePkcs8, () => undefined, (v, p, fail) => {
      const info = keys.decodePkcs8(v as Uint8Array);
      const given = p[0] as Record<string, unknown>;
      for (const part of ['seed', 'secretKey', 'publicKey'] as const) {
        const g = given[part];
        const got = info[part];
        if (!isU8(g) || (part === 'seed' && got === undefined)) continue; // the expanded form leaves the seed out
        if (got === undefined || !equal(got, g)) fail(`encodePkcs8: the DER does not hold the ${part} given`);
      }
    }),
    target('toJwk', 3, (r) => partsArgs(r, true), keys.toJwk, () => undefined, (v, p, fail) => {
      const jwk = v as { kty: string; pub: string; priv?: string };
      const info = keys.fromJwk(jwk);
      const given = p[0] as Record<string, unknown>;
      if (jwk.kty !== 'AKP') fail('toJwk: kty is not AKP');
      if (isU8(given.publicKey) && !equal(info.publicKey, given.publicKey)) fail('toJwk: pub is not the publicKey given');
      if (isU8(given.seed) && !('seed' in info && info.seed !== undefined && equal(info.seed, given.seed))) fail('toJwk: priv is not the seed given');
    }),
    target(
      'fromJwk',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const src = r.pick(K.jwks);
        if (strategy === 'valid' || strategy === 'arg kind') return { args: [valueArg({ ...src })], strategy: 'valid', note: 'valid' };
        if (strategy === 'wrong type') return { args: [valueArg(wrongType(r, 8, r.bytes(8)))], strategy, note: 'not a JWK' };
        const [jwk, how] = mutateJwk(r, src);
        return { args: [valueArg(strategy === 'random' ? { ...src, [r.pick(['pub', 'priv'])]: randomText(r) } : jwk)], strategy, note: strategy === 'random' ? 'random member' : how };
      },
      keys.fromJwk,
      (p) => {
        try {
          return p[0] === null || typeof p[0] !== 'object' || Array.isArray(p[0]) ? 'ERR_INVALID_TYPE' : undefined;
        } catch {
          return 'ERR_INVALID_TYPE'; // a revoked Proxy
        }
      },
      (v, p, fail) => {
        const jwk = keys.toJwk(v as PrivateKeyInfo);
        const given = p[0] as Record<string, unknown>;
        if (jwk.alg !== given.alg || jwk.pub !== given.pub || (given.priv !== undefined && jwk.priv !== given.priv)) fail('fromJwk: accepted a JWK that does not re-encode to itself');
      },
    ),
    target(
      'toPem',
      2,
      (r) => {
        const strategy = pickStrategy(r);
        const input = shapeArgs(r, [pickDer(r, 'any')], [mutateDer], strategy);
        input.args.push(valueArg(r.chance(0.9) ? r.pick(LABELS) : r.pick(['CERTIFICATE', 'public key', null, undefined, 1])));
        return { ...input, strategy };
      },
      keys.toPem,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        if ((p[0] as Uint8Array).length === 0) return; // toPem writes an empty block, which fromPem refuses (no DER is empty)
        const back = keys.fromPem(v as string, p[1] as 'PUBLIC KEY');
        if (!equal(back.der, p[0] as Uint8Array)) fail('toPem: fromPem does not give the DER back');
      },
    ),
    target(
      'fromPem',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const src = r.pick(K.pems);
        const text =
          strategy === 'valid' || strategy === 'arg kind' ? src
          : strategy === 'random' ? randomText(r)
          : strategy === 'wrong type' ? wrongType(r, src.length, r.bytes(8))
          : mutatePem(r, src)[0];
        const args = [valueArg(text)];
        if (r.chance(0.3)) args.push(valueArg(r.chance(0.8) ? r.pick(LABELS) : r.pick(['CERTIFICATE', null, 3])));
        return { args, strategy: strategy === 'arg kind' ? 'valid' : strategy, note: strategy };
      },
      keys.fromPem,
      (p) => (typeof p[0] !== 'string' ? 'ERR_INVALID_TYPE' : undefined),
      (v, p, fail) => {
        const got = v as { label: string; der: unknown };
        if (!LABELS.includes(got.label as 'PUBLIC KEY') || !isU8(got.der) || (p[1] !== undefined && got.label !== p[1])) fail('fromPem: a malformed result');
      },
    ),
    target(
      'kemFor',
      0.5,
      (r) => ({ args: [valueArg(r.chance(0.5) ? r.pick(LEVELS) : wrongType(r, 10, r.bytes(10)))], strategy: 'random', note: '' }),
      keys.kemFor,
      (p) => (LEVELS.includes(p[0] as MlKemAlgorithm) ? 'ok' : 'ERR_INVALID_TYPE'),
      (v, p, fail) => {
        if ((v as MlKem).name !== p[0]) fail('kemFor: another parameter set');
      },
    ),
  ];
}

// ---- the run --------------------------------------------------------------------------------------

interface Violation {
  iteration: number;
  target: string;
  message: string;
}

function main(): number {
  const opts = parseOptions(process.argv.slice(2));
  const corpus = buildCorpus(opts.seed);
  const all = [...coreTargets(corpus), ...hybridTargets(corpus), ...factoryTargets(corpus), ...keysTargets(corpus)];
  if (opts.list) {
    for (const t of all) console.log(`${t.name.padEnd(40)} group ${t.group.padEnd(20)} weight ${t.weight}`);
    return 0;
  }
  const wanted = opts.target.split(',').map((s) => s.trim());
  const targets = all.filter((t) => wanted.some((w) => w === 'all' || w === t.name || w === t.group || t.name.startsWith(`${w}.`)));
  if (targets.length === 0) throw new Error(`no target matches ${opts.target} (see --list)`);
  const totalWeight = targets.reduce((s, t) => s + t.weight, 0);
  const pickTarget = (r: Rng) => {
    let x = (r.u32() / 2 ** 32) * totalWeight;
    for (const t of targets) if ((x -= t.weight) < 0) return t;
    return targets[targets.length - 1]!;
  };

  const counts = new Map<string, Map<string, number>>(targets.map((t) => [t.name, new Map()]));
  const strategies = new Map<string, number>();
  const codes = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const violations: Violation[] = [];
  /** Violations by kind (the first line, numbers and hex left out), to print only the first few of each in full. */
  const kinds = new Map<string, { count: number; first: Violation }>();
  const MAX_VIOLATIONS = opts.maxViolations;

  console.error(`fuzz: seed ${opts.seed}, ${opts.iterations} iterations from ${opts.start}, ${targets.length} targets (${opts.target})`);
  for (const p of corpus.problems) {
    violations.push({ iteration: -1, target: 'corpus', message: p });
    kinds.set(p, { count: 1, first: violations.at(-1)! });
  }

  const t0 = performance.now();
  let lastReport = t0;
  let done = 0;
  const progress = (final: boolean) => {
    const s = (performance.now() - t0) / 1000;
    const lines = [...new Set(targets.map((t) => t.group))].map((g) => {
      const parts = targets.filter((t) => t.group === g).map((t) => `${t.name.slice(g.length + 1)} ${[...counts.get(t.name)!.values()].reduce((a, b) => a + b, 0)}`);
      return `  ${g}: ${parts.join(', ')}`;
    });
    const byCode = [...codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ');
    console.error(
      `fuzz: ${done}/${opts.iterations} (${((100 * done) / Math.max(1, opts.iterations)).toFixed(1)}%) in ${s.toFixed(0)} s, ${(done / Math.max(s, 1e-9)).toFixed(0)} iterations/s, ${violations.length} violations${final ? ', done' : ''}\n` +
        `${lines.join('\n')}\n  outcomes: ${byCode}`,
    );
  };

  for (let i = opts.start; i < opts.start + opts.iterations && violations.length < MAX_VIOLATIONS; i++) {
    const r = new Rng(opts.seed, i);
    const target = pickTarget(r);
    const input = target.generate(r);
    const found: string[] = [];
    let outcome: string;
    try {
      outcome = target.run(input, r, (m) => found.push(m));
    } catch (err) {
      outcome = 'harness error';
      found.push(`the fuzzer itself threw: ${err instanceof Error ? err.stack : String(err)}`);
    }
    bump(counts.get(target.name)!, outcome);
    bump(strategies, input.strategy);
    bump(codes, outcome);
    if (found.length > 0) {
      const message = [
        ...found,
        `strategy: ${input.strategy} (${input.note})`,
        ...input.args.map((a, j) => `argument ${j}: ${showArg(a)}`),
        `replay: npm run fuzz -- --seed ${opts.seed} --start ${i} --iterations 1 --target ${target.name}`,
      ].join('\n  ');
      const v = { iteration: i, target: target.name, message };
      violations.push(v);
      const kind = found[0]!.split('\n')[0]!.replace(/<[0-9a-f]*>|[0-9a-f]{16,}|\d+/g, '#');
      const k = kinds.get(kind) ?? { count: 0, first: v };
      kinds.set(kind, { ...k, count: k.count + 1 });
      if (k.count < 5) console.error(`\nVIOLATION at iteration ${i} (seed ${opts.seed}), ${target.name}:\n  ${message}\n`);
    }
    done++;
    const now = performance.now();
    if (now - lastReport > 5000) {
      lastReport = now;
      progress(false);
    }
  }
  progress(true);

  // The summary: per target, then per strategy, then the verdict on the last line.
  const seconds = (performance.now() - t0) / 1000;
  const columns = ['ok', ...CODES];
  const head = `${'target'.padEnd(40)}${'calls'.padStart(9)}${columns.map((c) => c.replace('ERR_INVALID_', '').replace('ERR_', '').toLowerCase().padStart(13)).join('')}`;
  console.log(`\nfuzz summary: seed ${opts.seed}, iterations ${opts.start}..${opts.start + done - 1}, ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)} iterations/s), both backends per ML-KEM and hybrid call`);
  console.log(head);
  for (const t of targets) {
    const c = counts.get(t.name)!;
    const total = [...c.values()].reduce((a, b) => a + b, 0);
    const other = [...c.keys()].filter((k) => !columns.includes(k));
    console.log(`${t.name.padEnd(40)}${String(total).padStart(9)}${columns.map((k) => String(c.get(k) ?? 0).padStart(13)).join('')}${other.map((k) => `  ${k} ${c.get(k)}`).join('')}`);
  }
  console.log(`strategies: ${[...strategies].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  if (violations.length > 0) {
    console.log(`\n${violations.length} violation(s)${violations.length >= MAX_VIOLATIONS ? ` (stopped at --max-violations ${MAX_VIOLATIONS})` : ''}, by kind:`);
    for (const [kind, { count, first }] of kinds) console.log(`- ${count} × ${kind}\n    first at iteration ${first.iteration} (${first.target})`);
  }
  console.log(`fuzz: ${done} iterations, ${violations.length} violations`);
  return violations.length > 0 ? 1 : 0;
}

process.exitCode = main();
