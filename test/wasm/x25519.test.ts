// Tests of the WebAssembly X25519 (assembly/x25519.ts): RFC 7748's vectors (§5.2, the iterated
// ones to 1,000, and §6.1's key exchange), all 518 Wycheproof tests, the fixed-base public key
// against the ladder, agreement with node:crypto
// and @noble/curves on random and edge-case scalars and u-coordinates, the field arithmetic at the
// bounds its comments claim (against BigInt, through a test-only module), and the module's hygiene:
// static scratch zero after every call, nothing written outside the output, inputs untouched.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { x25519 as noble } from '@noble/curves/ed25519.js';

import { opensslX25519 as openssl } from '../../scripts/fuzz/openssl-x25519.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { rng } from '../support/helpers.js';
import { CURVES } from '../support/hybrid-reference.js';
import { readJson, vectorFolder } from '../support/vectors.js';
import { compileTestModule, freshWasm } from '../support/wasm-harness.js';

const { ex, kernels: W, assertScratchClean } = freshWasm();
const P = 2n ** 255n - 19n;
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fromHex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const SENTINEL = 0xa5;

// Inputs and output in the module's memory, with room around them for the sentinel check.
const region = W.alloc8(160);
const K = region.subarray(16, 48);
const U = region.subarray(64, 96);
const OUT = region.subarray(112, 144);

/** X25519(k, u) by the module, with the hygiene checks of every call. */
function wasm(k: Uint8Array, u: Uint8Array): Uint8Array {
  region.fill(SENTINEL);
  K.set(k);
  U.set(u);
  ex.x25519(OUT.byteOffset, K.byteOffset, U.byteOffset);
  assert.equal(hex(K), hex(k), 'the scalar is left as given');
  assert.equal(hex(U), hex(u), 'the u-coordinate is left as given');
  for (let i = 0; i < region.length; i++) {
    if ((i < 16 || i >= 144 || (i >= 48 && i < 64) || (i >= 96 && i < 112)) && region[i] !== SENTINEL)
      assert.fail(`wrote outside its output at ${i}`);
  }
  assertScratchClean('x25519');
  return OUT.slice();
}

/** X25519 by @noble/curves, which also refuses the all-zero result. */
function nobleX(k: Uint8Array, u: Uint8Array): Uint8Array {
  try {
    return noble.scalarMult(k, u);
  } catch {
    return new Uint8Array(32);
  }
}

const le = (v: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn));

test('RFC 7748 §5.2: the two test vectors (the second with bit 255 of u set)', () => {
  assert.equal(
    hex(
      wasm(
        fromHex('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'),
        fromHex('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c'),
      ),
    ),
    'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
  );
  assert.equal(
    hex(
      wasm(
        fromHex('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d'),
        fromHex('e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493'),
      ),
    ),
    '95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957',
  );
});

test('RFC 7748 §5.2: k = u = 9, then k, u = X25519(k, u), k: after 1 and 1,000 iterations', () => {
  let k = le(9n);
  let u = le(9n);
  const want = new Map([
    [1, '422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079'],
    [1000, '684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51'],
  ]);
  for (let i = 1; i <= 1000; i++) {
    K.set(k);
    U.set(u);
    ex.x25519(OUT.byteOffset, K.byteOffset, U.byteOffset);
    u = k;
    k = OUT.slice();
    if (want.has(i)) assert.equal(hex(k), want.get(i), `after ${i} iterations`);
  }
  assertScratchClean('x25519, iterated');
});

test("RFC 7748 §6.1: Alice's and Bob's public keys and their shared secret", () => {
  const a = fromHex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
  const b = fromHex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
  const aPub = wasm(a, le(9n));
  const bPub = wasm(b, le(9n));
  assert.equal(hex(aPub), '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a');
  assert.equal(hex(bPub), 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
  const shared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
  assert.equal(hex(wasm(a, bPub)), shared);
  assert.equal(hex(wasm(b, aPub)), shared);
});

interface WycheproofTest {
  tcId: number;
  comment: string;
  flags: string[];
  public: string;
  private: string;
  shared: string;
  result: 'valid' | 'acceptable' | 'invalid';
}

// The curve's vectors as its record names them, through the one folder helper: skipped with a
// notice when the folder is missing, a failure in CI.
const wycheproof = CURVES.X25519.vectors!;
const wycheproofDir = vectorFolder(wycheproof.folder);

test(
  'Wycheproof: all 518 X25519 tests give their shared value (twist, low-order, non-canonical u included)',
  { skip: wycheproofDir === undefined ? 'vectors not found' : false },
  () => {
    const file = readJson<{ testGroups: Array<{ tests: WycheproofTest[] }> }>(join(wycheproofDir!, wycheproof.file));
    const tests = file.testGroups.flatMap((g) => g.tests);
    assert.equal(tests.length, 518);
    const flags = new Map<string, number>();
    for (const t of tests) {
      // RFC 7748 defines the all-zero result for a low-order u; refusing it is the protocol's choice
      // (x25519.ts' elementProblem), so every test here, valid or acceptable, has its value.
      assert.notEqual(t.result, 'invalid', `tcId ${t.tcId}`);
      assert.equal(
        hex(wasm(fromHex(t.private), fromHex(t.public))),
        t.shared,
        `tcId ${t.tcId} (${t.comment}; ${t.flags.join(', ')})`,
      );
      for (const f of t.flags) flags.set(f, (flags.get(f) ?? 0) + 1);
    }
    assert.equal(flags.get('Twist'), 221);
    assert.equal(flags.get('LowOrderPublic'), 31);
    assert.equal(flags.get('NonCanonicalPublic'), 19);
  },
);

/** Edge-case u: small, near p and 2^255 (non-canonical forms), the low-order points, bit 255 set. */
function edgeUs(): Uint8Array[] {
  const values = [
    0n,
    1n,
    2n,
    9n,
    P - 2n,
    P - 1n,
    P,
    P + 1n,
    P + 18n,
    2n ** 255n - 1n,
    2n ** 254n,
    2n ** 254n - 1n,
    2n ** 128n,
    2n ** 51n - 1n,
  ];
  values.push(
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  );
  // Every limb of the radix-2^25.5 form at its maximum, alone: carries through each limb boundary.
  const widths = [26, 25, 26, 25, 26, 25, 26, 25, 26, 25];
  let pos = 0n;
  for (const w of widths) {
    values.push(((1n << BigInt(w)) - 1n) << pos);
    pos += BigInt(w);
  }
  const us = values.map(le);
  for (const u of us.slice()) {
    const high = u.slice();
    high[31]! |= 0x80;
    us.push(high);
  }
  return us;
}

function edgeScalars(): Uint8Array[] {
  const ks = [
    new Uint8Array(32),
    new Uint8Array(32).fill(0xff),
    new Uint8Array(32).fill(0x55),
    new Uint8Array(32).fill(0xaa),
  ];
  for (const bit of [0, 3, 7, 8, 128, 253, 254, 255]) {
    const k = new Uint8Array(32);
    k[bit >> 3] = 1 << (bit & 7);
    ks.push(k);
  }
  return ks;
}

test('agrees with node:crypto on every edge-case scalar × u and 300 random pairs, and with @noble/curves on a quarter of them', () => {
  const next = rng(0x78323535);
  const random = (): Uint8Array => Uint8Array.from({ length: 32 }, () => next() & 0xff);
  const pairs: Array<[Uint8Array, Uint8Array]> = [];
  const us = edgeUs();
  for (const k of [...edgeScalars(), random(), random()]) for (const u of us) pairs.push([k, u]);
  for (let i = 0; i < 300; i++) pairs.push([random(), random()]);
  pairs.forEach(([k, u], i) => {
    const ours = hex(wasm(k, u));
    assert.equal(ours, hex(openssl(k, u)), `node:crypto, k ${hex(k)}, u ${hex(u)}`);
    // noble's BigInt ladder costs about 1.5 ms a call: every fourth pair
    if (i % 4 === 0) assert.equal(ours, hex(nobleX(k, u)), `noble, k ${hex(k)}, u ${hex(u)}`);
  });
});

test("x25519Base: X25519(k, 9) by the fixed-base code is the ladder's and OpenSSL's for edge and 300 random scalars; it leaves the scratch zero", () => {
  // An instance of its own: the first call fills the table (public multiples of the base point) in
  // the static region, which is then compared after every later call.
  const inst = instantiate(compileSync());
  const mem = new Uint8Array(inst.memory.buffer);
  const base = inst.heapBase();
  const [out, k, u, out2] = [base, base + 32, base + 64, base + 96];
  mem[u] = 9;
  inst.x25519Base(out, k);
  const staticRegion = mem.slice(0, base);
  const next = rng(0x62617365);
  const scalars = [
    ...edgeScalars(),
    ...Array.from({ length: 300 }, () => Uint8Array.from({ length: 32 }, () => next() & 0xff)),
  ];
  // scalars whose signed radix-16 digits hit the edges: every nibble 8 (digit -8, carries), every nibble 15, 7
  for (const b of [0x88, 0xff, 0x77, 0x80, 0x08]) scalars.push(new Uint8Array(32).fill(b));
  for (const scalar of scalars) {
    mem.set(scalar, k);
    inst.x25519Base(out, k);
    inst.x25519(out2, k, u);
    const got = hex(mem.subarray(out, out + 32));
    assert.equal(got, hex(mem.subarray(out2, out2 + 32)), `fixed base vs ladder, k ${hex(scalar)}`);
    assert.equal(got, hex(noble.getPublicKey(scalar)), `fixed base vs noble, k ${hex(scalar)}`);
    assert.equal(hex(mem.subarray(k, k + 32)), hex(scalar), 'the scalar is left as given');
    const now = mem.subarray(0, base);
    for (let i = 0; i < base; i++)
      if (now[i] !== staticRegion[i]) assert.fail(`static byte ${i} changed by x25519Base`);
  }
  assert.equal(
    hex(noble.getPublicKey(new Uint8Array(32).fill(0x88))),
    hex(openssl(new Uint8Array(32).fill(0x88), le(9n))),
  );
});

// The field arithmetic against BigInt, at the limb bounds assembly/x25519.ts states.
interface Field {
  memory: WebAssembly.Memory;
  fPtr(): number;
  gPtr(): number;
  hPtr(): number;
  sPtr(): number;
  mul(): void;
  sq(): void;
  h2Ptr(): number;
  mul2(): void;
  sq2(): void;
  sumDiff(): void;
  diffSum(): void;
  a24(): void;
  invert(): void;
  encode(): void;
  decode(): void;
}
let fe: Field;
before(() => {
  fe = compileTestModule<Field>('field25519');
});

const POS = [0n, 26n, 51n, 77n, 102n, 128n, 153n, 179n, 204n, 230n];
const limbs = (at: number): BigInt64Array => new BigInt64Array(fe.memory.buffer, at, 10);
const valueOf = (l: BigInt64Array): bigint => l.reduce((s, x, i) => s + x * (1n << POS[i]!), 0n);
const mod = (v: bigint): bigint => ((v % P) + P) % P;

/** A carried element as feMul and feSq leave one: even limbs in [0, 2^26), odd in (-2^15, 2^25 + 2^15). */
function assertCarried(l: BigInt64Array, what: string): void {
  for (let i = 0; i < 10; i++) {
    const x = l[i]!;
    const ok = i % 2 === 0 ? x >= 0n && x < 1n << 26n : x > -(1n << 15n) && x < (1n << 25n) + (1n << 15n);
    if (!ok) assert.fail(`${what}: limb ${i} = ${x} outside the carried bounds`);
  }
}

/**
 * Limb vectors at the bounds that feMul and feSq accept (a sum or difference of two carried
 * elements: |even| < 2^27, |odd| < 2^26 + 2^16), or those of max: every limb at +max, at -max,
 * alternating, one limb alone, and `count` random within the bounds.
 */
function extremeInputs(
  next: () => number,
  max = (i: number): bigint => (i % 2 === 0 ? (1n << 27n) - 1n : (1n << 26n) + (1n << 16n) - 1n),
  count = 200,
): bigint[][] {
  const rand = (i: number): bigint => {
    const m = max(i);
    const r = (BigInt(next()) << 32n) | BigInt(next());
    return (r % (2n * m + 1n)) - m;
  };
  const out: bigint[][] = [];
  const ten = (f: (i: number) => bigint) => Array.from({ length: 10 }, (_, i) => f(i));
  out.push(
    ten(max),
    ten((i) => -max(i)),
    ten((i) => (i % 2 === 0 ? max(i) : -max(i))),
    ten((i) => (i % 2 === 0 ? -max(i) : max(i))),
  );
  for (let j = 0; j < 10; j++)
    out.push(
      ten((i) => (i === j ? max(i) : 0n)),
      ten((i) => (i === j ? -max(i) : 0n)),
    );
  for (let n = 0; n < count; n++) out.push(ten(rand));
  return out;
}

test('field: feMul and feSq give the product mod p, carried, for inputs at their bounds', () => {
  const next = rng(0x66653235);
  const inputs = extremeInputs(next);
  const F = limbs(fe.fPtr()),
    G = limbs(fe.gPtr()),
    H = limbs(fe.hPtr());
  for (let a = 0; a < inputs.length; a++) {
    F.set(inputs[a]!);
    const f = valueOf(F);
    fe.sq();
    assert.equal(mod(valueOf(H)), mod(f * f), `sq of input ${a}`);
    assertCarried(H, `sq of input ${a}`);
    for (const b of [a, (a * 7 + 3) % inputs.length, (a * 13 + 1) % inputs.length]) {
      F.set(inputs[a]!);
      G.set(inputs[b]!);
      fe.mul();
      assert.equal(mod(valueOf(H)), mod(f * valueOf(G)), `mul of inputs ${a}, ${b}`);
      assertCarried(H, `mul of inputs ${a}, ${b}`);
    }
  }
});

// The ladder's pairs: limb i of lane L at i32 index 2i + L.
const pairOf = (at: number): Int32Array => new Int32Array(fe.memory.buffer, at, 20);
const lane = (p: Int32Array, l: number): bigint =>
  Array.from({ length: 10 }, (_, i) => BigInt(p[2 * i + l]!)).reduce((s, x, i) => s + x * (1n << POS[i]!), 0n);
const setPair = (p: Int32Array, a: bigint[], b: bigint[]): void => {
  for (let i = 0; i < 10; i++) {
    p[2 * i] = Number(a[i]!);
    p[2 * i + 1] = Number(b[i]!);
  }
};
const laneLimbs = (p: Int32Array, l: number): BigInt64Array =>
  BigInt64Array.from({ length: 10 }, (_, i) => BigInt(p[2 * i + l]!));

/**
 * Limb vectors at the bounds feMul2 and feSq2 accept (|even| < 2^26 + 2^24, |odd| < 2^25 + 2^19:
 * carried elements, their differences, butterfly's and a24Pair's outputs), as extremeInputs.
 */
const pairInputs = (next: () => number): bigint[][] =>
  extremeInputs(next, (i) => (i % 2 === 0 ? (1n << 26n) + (1n << 24n) - 1n : (1n << 25n) + (1n << 19n) - 1n), 150);

/** Limbs within the bounds feMul2 and feSq2 accept. */
function assertPairInput(p: Int32Array, what: string): void {
  for (let i = 0; i < 20; i++) {
    const x = Math.abs(p[i]!);
    const bound = (i >> 1) % 2 === 0 ? 2 ** 26 + 2 ** 24 : 2 ** 25 + 2 ** 19;
    if (x >= bound)
      assert.fail(`${what}: limb ${i >> 1} of lane ${i & 1} = ${p[i]} outside the bounds of feMul2's inputs`);
  }
}

test("field: feMul2 and feSq2 give both lanes' products mod p, carried, for inputs at their bounds", () => {
  const inputs = pairInputs(rng(0x70616972));
  const F = pairOf(fe.fPtr()),
    G = pairOf(fe.gPtr()),
    H = pairOf(fe.hPtr());
  const n = inputs.length;
  for (let a = 0; a < n; a++) {
    const b = (a * 7 + 3) % n,
      c = (a * 13 + 1) % n,
      d = (a * 5 + 2) % n;
    setPair(F, inputs[a]!, inputs[b]!);
    const [f0, f1] = [lane(F, 0), lane(F, 1)];
    fe.sq2();
    assert.equal(mod(lane(H, 0)), mod(f0 * f0), `sq2 lane 0 of input ${a}`);
    assert.equal(mod(lane(H, 1)), mod(f1 * f1), `sq2 lane 1 of input ${b}`);
    assertCarried(laneLimbs(H, 0), `sq2 of input ${a}`);
    assertCarried(laneLimbs(H, 1), `sq2 of input ${b}`);
    setPair(G, inputs[c]!, inputs[d]!);
    fe.mul2();
    assert.equal(mod(lane(H, 0)), mod(f0 * lane(G, 0)), `mul2 lane 0 of inputs ${a}, ${c}`);
    assert.equal(mod(lane(H, 1)), mod(f1 * lane(G, 1)), `mul2 lane 1 of inputs ${b}, ${d}`);
    assertCarried(laneLimbs(H, 0), `mul2 of inputs ${a}, ${c}`);
    assertCarried(laneLimbs(H, 1), `mul2 of inputs ${b}, ${d}`);
  }
});

test("field: butterfly and a24Pair give the ladder's sums, differences and AA + a24·E within feMul2's bounds", () => {
  const next = rng(0x62666c79);
  // carried elements: even limbs in [0, 2^26), odd in (-2^15, 2^25 + 2^15), at the ends and random
  const ten = (f: (i: number) => bigint) => Array.from({ length: 10 }, (_, i) => f(i));
  const top = (i: number): bigint => (i % 2 === 0 ? (1n << 26n) - 1n : (1n << 25n) + (1n << 15n) - 1n);
  const low = (i: number): bigint => (i % 2 === 0 ? 0n : -(1n << 15n) + 1n);
  const carried = [
    ten(top),
    ten(low),
    ten((i) => (i % 2 === 0 ? top(i) : low(i))),
    ten((i) => (i % 2 === 0 ? low(i) : top(i))),
  ];
  for (let n = 0; n < 150; n++)
    carried.push(
      ten((i) => {
        const r = (BigInt(next()) << 32n) | BigInt(next());
        return low(i) + (r % (top(i) - low(i) + 1n));
      }),
    );
  const F = pairOf(fe.fPtr()),
    H = pairOf(fe.hPtr()),
    H2 = pairOf(fe.h2Ptr());
  for (let a = 0; a < carried.length; a++)
    for (const b of [a, (a * 3 + 1) % carried.length, (a + 1) % carried.length]) {
      setPair(F, carried[a]!, carried[b]!);
      const [x, y] = [lane(F, 0), lane(F, 1)];
      fe.sumDiff();
      assert.equal(mod(lane(H, 0)), mod(x + y), `sum of ${a}, ${b}`);
      assert.equal(mod(lane(H, 1)), mod(x - y), `difference of ${a}, ${b}`);
      assertPairInput(H, `sumDiff of ${a}, ${b}`);
      fe.diffSum();
      assert.equal(mod(lane(H, 0)), mod(x - y), `difference of ${a}, ${b}`);
      assert.equal(mod(lane(H, 1)), mod(x + y), `sum of ${a}, ${b}`);
      assertPairInput(H, `diffSum of ${a}, ${b}`);
      fe.a24();
      assert.equal(mod(lane(H, 0)), mod(x), `AA of ${a}, ${b}`);
      assert.equal(mod(lane(H, 1)), mod(x - y), `E of ${a}, ${b}`);
      assertPairInput(H, `E of ${a}, ${b}`);
      assert.equal(mod(lane(H2, 0)), mod(y), `BB of ${a}, ${b}`);
      assert.equal(mod(lane(H2, 1)), mod(x + 121665n * (x - y)), `AA + a24·E of ${a}, ${b}`);
      assertPairInput(H2, `a24Pair of ${a}, ${b}`);
    }
});

test('field: feEncode reduces every carried element into [0, p), also those just below 0 and at or above p', () => {
  const next = rng(0x656e6364);
  const F = limbs(fe.fPtr()),
    H = limbs(fe.hPtr());
  const S = new Uint8Array(fe.memory.buffer, fe.sPtr(), 32);
  const cases: bigint[][] = [];
  const ten = (f: (i: number) => bigint) => Array.from({ length: 10 }, (_, i) => f(i));
  const top = (i: number): bigint => (i % 2 === 0 ? (1n << 26n) - 1n : (1n << 25n) + (1n << 15n) - 1n);
  const low = (i: number): bigint => (i % 2 === 0 ? 0n : -(1n << 15n) + 1n);
  cases.push(
    ten(top),
    ten(low),
    ten(() => 0n),
  );
  // p - d and p + d, 2^255 - d and 2^255 + d in carried form; small negative values (-1 .. -40).
  const carriedOf = (v: bigint): bigint[] => {
    const out: bigint[] = [];
    for (let i = 0; i < 10; i++) {
      const w = i % 2 === 0 ? 26n : 25n;
      out.push(i === 9 ? v : v & ((1n << w) - 1n));
      v >>= w;
    }
    return out;
  };
  for (let d = 0n; d < 40n; d++) cases.push(carriedOf(P - d), carriedOf(P + d), carriedOf(2n ** 255n - 1n - d));
  for (let d = 1n; d <= 40n; d++) {
    // -d with limb 1 negative: limb 0 = 2^26 - d, limb 1 = -1.
    cases.push(ten((i) => (i === 0 ? (1n << 26n) - d : i === 1 ? -1n : 0n)));
    cases.push(
      ten((i) =>
        i === 4
          ? (1n << 26n) - 1n
          : i === 5
            ? -1n
            : i === 0
              ? (1n << 26n) - d
              : i < 4
                ? i % 2 === 0
                  ? (1n << 26n) - 1n
                  : (1n << 25n) - 1n
                : 0n,
      ),
    );
  }
  for (let n = 0; n < 500; n++) {
    cases.push(
      ten((i) => {
        const lo = low(i),
          hi = top(i);
        const r = (BigInt(next()) << 32n) | BigInt(next());
        return lo + (r % (hi - lo + 1n));
      }),
    );
  }
  for (const c of cases) {
    F.set(c);
    const v = valueOf(F);
    fe.encode();
    assert.equal(hex(S), hex(le(mod(v))), `encode of ${v}`);
    // decode gives back the same value (and masks bit 255)
    fe.decode();
    assert.equal(valueOf(H), mod(v));
    S[31]! |= 0x80;
    fe.decode();
    assert.equal(valueOf(H), mod(v), 'bit 255 masked');
  }
});

test('field: feInvert gives 1/z (z^(p-2)), and 0 for 0', () => {
  const next = rng(0x696e7665);
  const F = limbs(fe.fPtr()),
    H = limbs(fe.hPtr());
  const pow = (b: bigint, e: bigint): bigint => {
    let r = 1n;
    for (b = mod(b); e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
    return r;
  };
  for (let n = 0; n < 20; n++) {
    F.set(Array.from({ length: 10 }, (_, i) => BigInt(next() & (i % 2 === 0 ? 0x3ffffff : 0x1ffffff))));
    const z = valueOf(F);
    fe.invert();
    assert.equal(mod(valueOf(H)), pow(z, P - 2n));
    if (mod(z) !== 0n) assert.equal(mod(valueOf(H) * z), 1n);
  }
  F.fill(0n);
  fe.invert();
  assert.equal(mod(valueOf(H)), 0n);
});
