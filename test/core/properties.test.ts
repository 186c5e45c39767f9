// Property tests (fast-check) of the public API, on both backends and at every level:
//   (a) round trip for any seed and m; (b) keygen and encapsulateInternal give the same bytes on
//   repeated calls and on both backends; (c) any single bit flip of a ciphertext is rejected
//   implicitly, to J(z ‖ c') computed by node:crypto; (d) for any value in any argument of the
//   core, the hybrids, their factories and mlkem-ts/keys (Proxies with throwing traps, revoked
//   ones, throwing getters and detached arrays included), the outcome is the one
//   test/support/contract.ts predicts: a result only for right-length Uint8Arrays, else an MlKemError
//   with a documented code, never another throw; (e) every Uint8Array argument of every public function, passed as each
//   ARG_KIND (Buffer, subclasses, another realm, offset views, ...), gives what the plain array
//   gives, is left unmodified, and shares no memory with the results.
// fast-check's seed is random; a failure prints it. MLKEM_FC_SEED replays one, MLKEM_FC_SCALE
// scales every run count.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
import type { HybridKem } from '../../src/hybrid/index.js';
import type { MlKem } from '../../src/index.js';
import {
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  kemFor,
  toJwk,
  toPem,
  type MlKemAlgorithm,
  type PrivateKeyInfo,
  type PublicKeyInfo,
} from '../../src/keys/index.js';
import { entryOf } from '../../src/registry.js';
import { FORMS, LEVELS } from '../support/api.js';
import { backends } from '../support/backends.js';
import {
  ARG_KINDS,
  type Expected,
  type KemMethod,
  type Outcome,
  aliasProblem,
  attempt,
  describeOutcome,
  dkLayout,
  expectedCore,
  expectedHybrid,
  isU8,
  jReject,
  kOfPublicKey,
  sameOutcome,
  watchArgs,
} from '../support/contract.js';
import { hybridsOf } from '../support/hybrid-reference.js';

const SCALE = Number(process.env.MLKEM_FC_SCALE ?? '1');
const FC_SEED = process.env.MLKEM_FC_SEED;
const runs = (n: number) => ({
  numRuns: Math.max(1, Math.round(n * SCALE)),
  ...(FC_SEED !== undefined ? { seed: Number(FC_SEED) } : {}),
});

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const [portable, wasm] = [backends[0]!, backends[1]!];

// ---- (a), (b), (c): the algorithms -----------------------------------------------------------

describe('properties of ML-KEM', () => {
  for (const backend of backends) {
    for (const kem of backend.kems) {
      it(`(a) round trip: decapsulate(encapsulateInternal(pk, m)) = K for any seed and m (${kem.name}, ${backend.name})`, () => {
        fc.assert(
          fc.property(bytes(64), bytes(32), (seed, m) => {
            const pair = kem.keygen(seed);
            const enc = kem.encapsulateInternal(pair.publicKey, m);
            assert.equal(enc.ciphertext.length, kem.sizes.ciphertext);
            assert.equal(hex(kem.decapsulate(enc.ciphertext, pair.secretKey)), hex(enc.sharedSecret));
          }),
          runs(40),
        );
      });

      it(`(c) implicit rejection: any single bit flip of the ciphertext decapsulates to J(z ‖ c') (${kem.name}, ${backend.name})`, () => {
        fc.assert(
          fc.property(bytes(64), bytes(32), fc.nat(8 * kem.sizes.ciphertext - 1), (seed, m, bit) => {
            const pair = kem.keygen(seed);
            const enc = kem.encapsulateInternal(pair.publicKey, m);
            const flipped = enc.ciphertext.slice();
            flipped[bit >> 3]! ^= 1 << (bit & 7);
            const k = kem.decapsulate(flipped, pair.secretKey); // must not throw
            const z = pair.secretKey.subarray(dkLayout(kOfPublicKey(kem.sizes.publicKey)).z);
            assert.equal(hex(k), hex(jReject(z, flipped)), `bit ${bit}`);
            assert.notEqual(hex(k), hex(enc.sharedSecret), `bit ${bit}: the honest secret`);
          }),
          runs(40),
        );
      });
    }
  }

  portable.kems.forEach((kem, i) => {
    const other = wasm.kems[i]!;
    it(`(b) keygen(seed) and encapsulateInternal(pk, m) are deterministic, and the same on both backends (${kem.name})`, () => {
      fc.assert(
        fc.property(bytes(64), bytes(32), (seed, m) => {
          const pairs = [kem.keygen(seed), kem.keygen(seed), other.keygen(seed), other.keygen(seed)];
          const encs = [kem, kem, other, other].map((k) => k.encapsulateInternal(pairs[0]!.publicKey, m));
          for (let j = 1; j < 4; j++) {
            assert.equal(hex(pairs[j]!.publicKey), hex(pairs[0]!.publicKey), `publicKey ${j}`);
            assert.equal(hex(pairs[j]!.secretKey), hex(pairs[0]!.secretKey), `secretKey ${j}`);
            assert.equal(hex(pairs[j]!.seed), hex(seed), `seed ${j}`);
            assert.equal(hex(encs[j]!.ciphertext), hex(encs[0]!.ciphertext), `ciphertext ${j}`);
            assert.equal(hex(encs[j]!.sharedSecret), hex(encs[0]!.sharedSecret), `sharedSecret ${j}`);
          }
        }),
        runs(25),
      );
    });
  });
});

// ---- (d): any input shape ---------------------------------------------------------------------

type Ctor = { new (length: number): ArrayBufferView; readonly BYTES_PER_ELEMENT: number };
const TYPED: readonly Ctor[] = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];
const anything = fc.anything({
  maxDepth: 2,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});
/**
 * Objects that fight back: a Proxy whose traps throw, a revoked Proxy, a throwing getter, and a
 * Uint8Array whose buffer was transferred (detached: length 0). Reading them is the caller's
 * code running; whatever it throws must still come out as an MlKemError. fast-check cannot
 * hold such values (it inspects and prints what it generates), so it holds a Deferred that the
 * property turns into the value (materialize); so too for ARG_KINDS whose methods throw.
 */
class Deferred {
  constructor(
    readonly name: string,
    readonly make: () => unknown,
  ) {}
  [fc.toStringMethod](): string {
    return `<${this.name}>`;
  }
}
const hostile = (n: number) =>
  fc.constantFrom(
    new Deferred(
      'Proxy whose traps throw',
      () =>
        new Proxy(new Uint8Array(n), {
          get: () => {
            throw new Error('Proxy get trap');
          },
          ownKeys: () => {
            throw new Error('Proxy ownKeys trap');
          },
        }),
    ),
    new Deferred('revoked Proxy', () => {
      const r = Proxy.revocable(new Uint8Array(n), {});
      r.revoke();
      return r.proxy;
    }),
    new Deferred('object with a throwing getter', () =>
      Object.defineProperty({ length: n }, 'seed', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    ),
    new Deferred('detached Uint8Array', () => {
      const a = new Uint8Array(n);
      structuredClone(a.buffer, { transfer: [a.buffer] });
      return a;
    }),
  );

/** The value to pass: a Deferred made, also one level down in a plain object (key parts, options). */
function materialize(v: unknown): unknown {
  if (v instanceof Deferred) return v.make();
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x instanceof Deferred ? x.make() : x]));
  }
  return v;
}

/** Lengths around n: n itself, its neighbours, 0, and anything up to n + 8. */
const around = (n: number) => fc.oneof(fc.constantFrom(n, Math.max(0, n - 1), n + 1, 0, 2 * n), fc.nat(n + 8));

/** Any JavaScript value for an argument that must be a Uint8Array of n bytes; `valid` gives right ones. */
function shapes(n: number, valid: fc.Arbitrary<Uint8Array>): fc.Arbitrary<unknown> {
  return fc.oneof(
    anything,
    fc
      .tuple(fc.constantFrom(...TYPED), around(n), fc.boolean())
      .map(([C, len, sameBytes]) => new C(sameBytes ? Math.floor(len / C.BYTES_PER_ELEMENT) : len)),
    around(n).map((len) => new ArrayBuffer(len)),
    around(n).map((len) => new SharedArrayBuffer(len)),
    around(n).map((len) => new DataView(new ArrayBuffer(len))),
    fc.tuple(around(n), fc.integer({ min: -1, max: 256 })).map(([len, v]) => new Array<number>(len).fill(v)),
    fc.oneof(
      fc.string(),
      around(n).map((len) => 'A'.repeat(len)),
    ),
    fc.constantFrom(null, undefined, 0, n, true, Symbol('x'), () => new Uint8Array(n)),
    around(n).map((len) => ({ length: len })),
    around(n).map((len) => Object.create(Uint8Array.prototype, { length: { value: len } }) as object), // looks like one, is not
    fc.uint8Array({ maxLength: n + 8 }),
    valid.map((v) => new Proxy(v, {})),
    hostile(n),
    valid,
    valid,
    fc.tuple(valid, fc.constantFrom(...ARG_KINDS)).map(([v, k]) => new Deferred(k.name, () => k.wrap(v))),
  );
}

/** Runs fn(...args) and checks it against `expected` and the contract; `sizes` checks a result. */
function checkCall(
  what: string,
  args: unknown[],
  call: (...a: unknown[]) => unknown,
  expected: Expected | undefined,
  sizes?: (v: unknown) => void,
): Outcome {
  const watch = watchArgs(args);
  const out = attempt(() => call(...args));
  assert.equal(watch(), undefined, `${what}: an argument was modified`);
  assert.notEqual(out.kind, 'foreign', `${what}: ${describeOutcome(out)}`);
  if (expected !== undefined) {
    assert.equal(
      out.kind === 'ok' ? 'ok' : out.kind === 'error' ? out.code : 'foreign',
      expected,
      `${what}: ${describeOutcome(out)}`,
    );
  }
  if (out.kind === 'ok') {
    assert.equal(aliasProblem(out.value, args), undefined, `${what}: ${aliasProblem(out.value, args)}`);
    sizes?.(out.value);
  }
  return out;
}

type AnyKem = MlKem | HybridKem;
const argNames: Record<KemMethod, string[]> = {
  keygen: ['seed'],
  encapsulate: ['publicKey'],
  encapsulateInternal: ['publicKey', 'm'],
  decapsulate: ['ciphertext', 'secretKey'],
};

/** The result sizes of a method. */
function resultSizes(kem: AnyKem, method: KemMethod): (v: unknown) => void {
  return (v) => {
    const r = v as Record<string, Uint8Array>;
    if (method === 'keygen') {
      assert.deepEqual(
        [r.publicKey?.length, r.secretKey?.length, r.seed?.length],
        [kem.sizes.publicKey, kem.sizes.secretKey, kem.sizes.seed],
      );
    } else if (method === 'decapsulate') {
      assert.ok(v instanceof Uint8Array && v.length === kem.sizes.sharedSecret);
    } else {
      assert.deepEqual([r.ciphertext?.length, r.sharedSecret?.length], [kem.sizes.ciphertext, kem.sizes.sharedSecret]);
    }
  };
}

/** Valid values of each argument, from a seed through the kem itself (valid ones only matter as often-right shapes). */
function validArgs(kem: AnyKem, eseed: number): Record<string, fc.Arbitrary<Uint8Array>> {
  const pairOf = (s: Uint8Array) => kem.keygen(s);
  const seed = bytes(kem.sizes.seed);
  const pk = fc.oneof(
    seed.map((s) => pairOf(s).publicKey),
    bytes(kem.sizes.publicKey),
  );
  return {
    seed,
    publicKey: pk,
    m: bytes(eseed),
    ciphertext: fc.oneof(
      fc.tuple(seed, bytes(eseed)).map(([s, e]) => {
        const r = attempt(() => kem.encapsulateInternal(pairOf(s).publicKey, e));
        return r.kind === 'ok'
          ? (r.value as { ciphertext: Uint8Array }).ciphertext
          : new Uint8Array(kem.sizes.ciphertext);
      }),
      bytes(kem.sizes.ciphertext),
    ),
    secretKey: fc.oneof(
      seed.map((s) => pairOf(s).secretKey),
      bytes(kem.sizes.secretKey),
    ),
  };
}

const METHODS: readonly KemMethod[] = ['keygen', 'encapsulate', 'encapsulateInternal', 'decapsulate'];

function anyShapeTests(
  kem: AnyKem,
  label: string,
  expected: typeof expectedCore,
  numRuns: number,
  eseed: number,
): void {
  const valid = validArgs(kem, eseed);
  for (const method of METHODS) {
    it(`(d) ${label} ${method}: any value in any argument gives the predicted outcome, never a foreign throw`, () => {
      const lengths: Record<string, number> = {
        seed: kem.sizes.seed,
        publicKey: kem.sizes.publicKey,
        m: eseed,
        ciphertext: kem.sizes.ciphertext,
        secretKey: kem.sizes.secretKey,
      };
      const arbs = argNames[method].map((name) => shapes(lengths[name]!, valid[name]!));
      const argsArb =
        method === 'keygen' ? fc.oneof(fc.constant([] as unknown[]), fc.tuple(...arbs)) : fc.tuple(...arbs);
      fc.assert(
        fc.property(argsArb, (generated) => {
          const args = generated.map(materialize);
          const call = (...a: unknown[]) => (kem[method] as (...x: unknown[]) => unknown).apply(kem, a);
          checkCall(`${label} ${method}`, args, call, expected(kem, method, args), resultSizes(kem, method));
        }),
        runs(numRuns),
      );
    });
  }
}

describe('(d) any input shape: the core and the hybrids', () => {
  for (const backend of backends) {
    for (const kem of backend.kems) anyShapeTests(kem, `${kem.name} (${backend.name})`, expectedCore, 150, 32);
    for (const { kem } of hybridsOf(backend))
      anyShapeTests(kem, `${kem.name} (${backend.name})`, expectedHybrid, 40, kem.sizes.eseed);
  }
});

describe('(d) any input shape: the hybrid factories', () => {
  // Every hybrid's public factory, from the registry: [factory, the level it takes, the name it gives].
  const factories = CONSTRUCTIONS.map((c) => [c.create, entryOf(c.name)!.mlkem, c.name] as const);
  const kems = backends.flatMap((b) => b.kems);
  for (const [factory, level, name] of factories) {
    it(`(d) ${factory.name}: an MlKem of ${level} gives ${name}; anything else ERR_INVALID_TYPE`, () => {
      const arb = fc.oneof(
        anything,
        hostile(8),
        anyOf(kems),
        anyOf(kems).map((k) => ({ ...k })),
        fc
          .tuple(anyOf(kems), fc.constantFrom('name', 'keygen', 'encapsulateInternal', 'decapsulate'), anything)
          .map(([k, member, v]) => ({ ...k, [member]: v })),
      );
      fc.assert(
        fc.property(arb, (generated) => {
          const kem = materialize(generated);
          // The shape an MlKem must have, read here with every read guarded.
          let expected: Expected = 'ERR_INVALID_TYPE';
          try {
            const k = kem as Record<string, unknown>;
            if (
              typeof k === 'object' &&
              k !== null &&
              k.name === level &&
              ['keygen', 'encapsulateInternal', 'decapsulate'].every((m) => typeof k[m] === 'function')
            )
              expected = 'ok';
          } catch {
            // unreadable: not an MlKem
          }
          checkCall(factory.name, [kem], factory as (...a: unknown[]) => unknown, expected, (v) =>
            assert.equal((v as HybridKem).name, name),
          );
        }),
        runs(100),
      );
    });
  }
});

// The keys: a corpus of valid encodings to draw right shapes from.
const corpus = LEVELS.map((algorithm) => {
  const pair = kemFor(algorithm).keygen();
  return {
    algorithm,
    pair,
    spki: encodeSpki(pair.publicKey),
    pkcs8: FORMS.map((form) => encodePkcs8(pair, { form })),
  };
});
const anyOf = <T>(items: readonly T[]) => fc.constantFrom(...items);
const spkiArb = anyOf(corpus.map((c) => c.spki));
const pkcs8Arb = anyOf(corpus.flatMap((c) => c.pkcs8));
const pkArb = anyOf(corpus.map((c) => c.pair.publicKey));
const skArb = anyOf(corpus.map((c) => c.pair.secretKey));
const seedArb = fc.oneof(anyOf(corpus.map((c) => c.pair.seed)), bytes(64));
const derShapes = fc.oneof(shapes(100, fc.oneof(spkiArb, pkcs8Arb)), spkiArb, pkcs8Arb);
const keyParts = fc.oneof(
  anything,
  hostile(64),
  fc.record(
    {
      algorithm: fc.oneof(anyOf(LEVELS), anything),
      seed: fc.oneof(seedArb, shapes(64, seedArb)),
      secretKey: fc.oneof(skArb, shapes(2400, skArb)),
      publicKey: fc.oneof(pkArb, shapes(1184, pkArb)),
    },
    { requiredKeys: [] },
  ),
  anyOf(corpus.map((c) => c.pair)),
);
const pemArb = anyOf(corpus.flatMap((c) => [toPem(c.spki, 'PUBLIC KEY'), toPem(c.pkcs8[0]!, 'PRIVATE KEY')]));
const labelArb = fc.oneof(anyOf(['PUBLIC KEY', 'PRIVATE KEY', undefined]), anything);
const jwkArb = fc.oneof(
  anything,
  hostile(8),
  fc
    .tuple(
      anyOf(corpus.flatMap((c) => [toJwk(c.pair), toJwk({ publicKey: c.pair.publicKey })])),
      fc.constantFrom('kty', 'alg', 'pub', 'priv', 'x'),
      anything,
    )
    .map(([jwk, member, value]) => ({ ...jwk, [member]: value })),
  anyOf(corpus.map((c) => toJwk(c.pair))),
);

function checkPublicInfo(v: unknown): void {
  const info = v as PublicKeyInfo;
  assert.ok(LEVELS.includes(info.algorithm));
  assert.equal(info.publicKey.length, kemFor(info.algorithm).sizes.publicKey);
}
function checkPrivateInfo(v: unknown): void {
  checkPublicInfo(v);
  const info = v as PrivateKeyInfo;
  assert.equal(info.secretKey.length, kemFor(info.algorithm).sizes.secretKey);
  if (info.seed !== undefined) assert.equal(info.seed.length, 64);
}
/** ERR_INVALID_TYPE when v is not a Uint8Array, else no prediction. */
const typeUnlessU8 = (v: unknown): Expected | undefined => (isU8(v) ? undefined : 'ERR_INVALID_TYPE');

describe('(d) any input shape: mlkem-ts/keys', () => {
  const cases: Array<{
    name: string;
    arb: fc.Arbitrary<unknown[]>;
    call: (...a: any[]) => unknown;
    expect: (args: unknown[]) => Expected | undefined;
    check?: (v: unknown) => void;
  }> = [
    {
      name: 'decodeSpki',
      arb: fc.tuple(derShapes),
      call: decodeSpki,
      expect: (a) => typeUnlessU8(a[0]),
      check: checkPublicInfo,
    },
    {
      name: 'decodePkcs8',
      arb: fc.tuple(
        derShapes,
        fc.oneof(
          fc.constant(undefined),
          fc.record({ pairwiseCheck: fc.oneof(fc.boolean(), anything) }, { requiredKeys: [] }),
          anything,
          hostile(0),
        ),
      ),
      call: decodePkcs8,
      expect: (a) => typeUnlessU8(a[0]),
      check: checkPrivateInfo,
    },
    {
      name: 'encodeSpki',
      arb: fc.tuple(fc.oneof(pkArb, shapes(1184, pkArb))),
      call: encodeSpki,
      expect: (a) => typeUnlessU8(a[0]),
      check: (v) => assert.ok(isU8(v)),
    },
    {
      name: 'encodePkcs8',
      arb: fc.tuple(
        keyParts,
        fc.oneof(
          fc.constant(undefined),
          fc.record({ form: fc.oneof(anyOf(FORMS), anything) }, { requiredKeys: [] }),
          anything,
          hostile(0),
        ),
      ),
      call: encodePkcs8,
      expect: () => undefined,
      check: (v) => assert.ok(isU8(v)),
    },
    {
      name: 'toJwk',
      arb: fc.tuple(keyParts),
      call: toJwk,
      expect: () => undefined,
      check: (v) => assert.equal((v as { kty: unknown }).kty, 'AKP'),
    },
    {
      name: 'fromJwk',
      arb: fc.tuple(jwkArb),
      call: fromJwk,
      expect: () => undefined,
      check: (v) => ('secretKey' in (v as object) ? checkPrivateInfo(v) : checkPublicInfo(v)),
    },
    {
      name: 'toPem',
      arb: fc.tuple(derShapes, labelArb),
      call: toPem,
      expect: (a) => typeUnlessU8(a[0]),
      check: (v) => assert.equal(typeof v, 'string'),
    },
    {
      name: 'fromPem',
      arb: fc.tuple(fc.oneof(pemArb, fc.string(), anything), labelArb),
      call: fromPem,
      expect: (a) => (typeof a[0] === 'string' ? undefined : 'ERR_INVALID_TYPE'),
      check: (v) => assert.ok(isU8((v as { der: unknown }).der)),
    },
    {
      name: 'kemFor',
      arb: fc.tuple(fc.oneof(anyOf(LEVELS), anything)),
      call: kemFor,
      expect: (a) => (LEVELS.includes(a[0] as never) ? 'ok' : 'ERR_INVALID_TYPE'),
    },
  ];
  for (const c of cases) {
    it(`(d) ${c.name}: any value in any argument gives a result or an MlKemError with a documented code`, () => {
      fc.assert(
        fc.property(c.arb, (generated) => {
          const args = generated.map(materialize);
          checkCall(c.name, args, c.call, c.expect(args), c.check);
        }),
        runs(c.name === 'kemFor' ? 100 : 300),
      );
    });
  }
});

// ---- (e): argument kinds ----------------------------------------------------------------------

/**
 * A call with Uint8Array arguments at numbered slots. `prepare` makes the valid values from
 * small random content (seeds, which is what a failure prints); `build` makes the arguments,
 * passing each slot's bytes through `at` (which wraps one slot in an ArgKind); `check` verifies
 * the result of a call that is not deterministic (fresh randomness) instead of comparing it with
 * the plain call's.
 */
interface Site<C, D> {
  name: string;
  content: fc.Arbitrary<C>;
  prepare(content: C): D;
  slots: number;
  build(data: D, at: (slot: number, bytes: Uint8Array) => Uint8Array): unknown[];
  call(...args: any[]): unknown;
  check?(result: unknown, data: D): void;
}

function checkKinds<C, D>(site: Site<C, D>, numRuns: number): void {
  fc.assert(
    fc.property(site.content, (content) => {
      const data = site.prepare(content);
      const plainArgs = site.build(data, (_, b) => b.slice());
      const reference = attempt(() => site.call(...plainArgs));
      assert.notEqual(reference.kind, 'foreign', `${site.name} with plain arrays: ${describeOutcome(reference)}`);
      if (site.check !== undefined && reference.kind === 'ok') site.check(reference.value, data);
      for (let slot = 0; slot < site.slots; slot++) {
        for (const kind of ARG_KINDS) {
          const what = `${site.name}, argument slot ${slot} as ${kind.name}`;
          const args = site.build(data, (i, b) => (i === slot ? kind.wrap(b) : b.slice()));
          const watch = watchArgs(args);
          const out = attempt(() => site.call(...args));
          assert.equal(watch(), undefined, `${what}: ${watch()}`);
          if (site.check === undefined) {
            assert.ok(
              sameOutcome(out, reference),
              `${what}: ${describeOutcome(out)}, with a plain Uint8Array ${describeOutcome(reference)}`,
            );
          } else {
            assert.equal(out.kind, reference.kind, `${what}: ${describeOutcome(out)}`);
            if (out.kind === 'ok') site.check(out.value, data);
          }
          if (out.kind === 'ok')
            assert.equal(aliasProblem(out.value, args), undefined, `${what}: ${aliasProblem(out.value, args)}`);
        }
      }
    }),
    runs(numRuns),
  );
}

/** The sites of an MlKem or a HybridKem: every method, with valid arguments made from random seeds. */
function kemSites(kem: AnyKem, label: string, eseedBytes: number): Array<Site<[Uint8Array, Uint8Array], any>> {
  const content = fc.tuple(bytes(kem.sizes.seed), bytes(eseedBytes));
  const prepare = ([seed, e]: [Uint8Array, Uint8Array]) => {
    const pair = kem.keygen(seed);
    return { seed, e, pair, enc: kem.encapsulateInternal(pair.publicKey, e) };
  };
  type K = ReturnType<typeof prepare>;
  const site = { content, prepare };
  return [
    {
      ...site,
      name: `${label} keygen`,
      slots: 1,
      build: (c: K, at) => [at(0, c.seed)],
      call: (s: Uint8Array) => kem.keygen(s),
    },
    {
      ...site,
      name: `${label} encapsulateInternal`,
      slots: 2,
      build: (c: K, at) => [at(0, c.pair.publicKey), at(1, c.e)],
      call: (p: Uint8Array, e: Uint8Array) => kem.encapsulateInternal(p, e),
    },
    {
      ...site,
      name: `${label} decapsulate`,
      slots: 2,
      build: (c: K, at) => [at(0, c.enc.ciphertext), at(1, c.pair.secretKey)],
      call: (ct: Uint8Array, sk: Uint8Array) => kem.decapsulate(ct, sk),
    },
    {
      ...site,
      name: `${label} encapsulate`,
      slots: 1,
      build: (c: K, at) => [at(0, c.pair.publicKey)],
      call: (p: Uint8Array) => kem.encapsulate(p),
      check: (v, c: K) => {
        const { ciphertext, sharedSecret } = v as { ciphertext: Uint8Array; sharedSecret: Uint8Array };
        assert.equal(
          hex(kem.decapsulate(ciphertext, c.pair.secretKey)),
          hex(sharedSecret),
          `${label} encapsulate: round trip`,
        );
      },
    },
  ];
}

describe('(e) argument kinds: every Uint8Array argument as each ARG_KIND behaves as a plain one', () => {
  for (const backend of backends) {
    for (const kem of backend.kems) {
      for (const site of kemSites(kem, `${kem.name} (${backend.name})`, 32)) it(site.name, () => checkKinds(site, 3));
    }
    for (const { kem } of hybridsOf(backend)) {
      for (const site of kemSites(kem, `${kem.name} (${backend.name})`, kem.sizes.eseed))
        it(site.name, () => checkKinds(site, 1));
    }
  }

  const content = fc.tuple(anyOf(LEVELS), bytes(64));
  const prepare = ([algorithm, seed]: [MlKemAlgorithm, Uint8Array]) => {
    const pair = kemFor(algorithm).keygen(seed);
    return {
      algorithm,
      pair,
      spki: encodeSpki(pair.publicKey),
      pkcs8: FORMS.map((form) => encodePkcs8(pair, { form })),
    };
  };
  type L = ReturnType<typeof prepare>;
  const site = { content, prepare };
  const keySites: Array<Site<[MlKemAlgorithm, Uint8Array], L>> = [
    { ...site, name: 'encodeSpki', slots: 1, build: (c, at) => [at(0, c.pair.publicKey)], call: encodeSpki },
    { ...site, name: 'decodeSpki', slots: 1, build: (c, at) => [at(0, c.spki)], call: decodeSpki },
    ...FORMS.map((form, i): Site<[MlKemAlgorithm, Uint8Array], L> => ({
      ...site,
      name: `decodePkcs8 (${form})`,
      slots: 1,
      build: (c, at) => [at(0, c.pkcs8[i]!)],
      call: decodePkcs8,
    })),
    {
      ...site,
      name: 'decodePkcs8 (expanded, pairwiseCheck)',
      slots: 1,
      build: (c, at) => [at(0, c.pkcs8[1]!), { pairwiseCheck: true }],
      call: decodePkcs8,
    },
    { ...site, name: 'toPem', slots: 1, build: (c, at) => [at(0, c.pkcs8[0]!), 'PRIVATE KEY'], call: toPem },
    {
      ...site,
      name: 'encodePkcs8 { seed, secretKey, publicKey } (both)',
      slots: 3,
      build: (c, at) => [
        { seed: at(0, c.pair.seed), secretKey: at(1, c.pair.secretKey), publicKey: at(2, c.pair.publicKey) },
        { form: 'both' },
      ],
      call: encodePkcs8,
    },
    {
      ...site,
      name: 'encodePkcs8 { algorithm, seed }',
      slots: 1,
      build: (c, at) => [{ algorithm: c.algorithm, seed: at(0, c.pair.seed) }],
      call: encodePkcs8,
    },
    {
      ...site,
      name: 'encodePkcs8 { secretKey }',
      slots: 1,
      build: (c, at) => [{ secretKey: at(0, c.pair.secretKey) }],
      call: encodePkcs8,
    },
    {
      ...site,
      name: 'toJwk { seed, publicKey, algorithm }',
      slots: 2,
      build: (c, at) => [{ algorithm: c.algorithm, seed: at(0, c.pair.seed), publicKey: at(1, c.pair.publicKey) }],
      call: toJwk,
    },
    {
      ...site,
      name: 'toJwk { publicKey }',
      slots: 1,
      build: (c, at) => [{ publicKey: at(0, c.pair.publicKey) }],
      call: toJwk,
    },
  ];
  for (const s of keySites) it(`keys ${s.name}`, () => checkKinds(s, 3));
});
