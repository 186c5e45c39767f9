import { MlKemError } from '../../src/errors.js';
import type { AsyncHybrid } from '../../src/hybrid/concrete-async.js';
import { asynchronousOf } from '../../src/hybrid/concrete-async.js';
import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
import type { AsyncCurveChoice, CurveChoice } from '../../src/hybrid/curves/curve.js';
import { internalsOf } from '../../src/hybrid/internals.js';
import type { HybridKem } from '../../src/hybrid/types.js';
// The asynchronous doors' curve paths against each other, differentially, in any runtime (no Node
// built-in: test/hybrid/webcrypto-curves.test.ts runs it under Node, test/browser/curves.test.ts
// bundles it into Chromium and Firefox). For each concrete hybrid of the registry (and its twin that
// refuses low-order shares, where its curve has them), the asynchronous door on each
// path given ('webcrypto', 'native', 'noble') must give the bytes — or the error code and message —
// of the synchronous hybrid on @noble/curves, for random seeds and for every edge case the hybrid
// tests have: low-order, high-bit and non-canonical X25519 values, invalid P-256/P-384 points,
// invalid eseed scalars, wrong lengths, disposed keys, random ciphertexts; and a random encapsulation
// on each path decapsulates to the same secret on the reference.
import type { MlKem } from '../../src/index.js';
import { type HybridEntry, entryOf } from '../../src/registry.js';

export interface CurvePathsResult {
  /** The hybrids compared, in order, with their curves: each has its rows below. */
  subjects: Array<{ name: string; curve: HybridEntry['curve'] }>;
  /** The implementation each path's door took, per hybrid (e.g. 'X-Wing webcrypto' → 'webcrypto'). */
  took: Record<string, string>;
  /** Comparisons made, per hybrid and path. */
  checks: Record<string, number>;
  failures: string[];
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const random = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
const P25519 = 2n ** 255n - 19n;
const encodeU = (u: bigint): Uint8Array =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((u >> BigInt(8 * i)) & 0xffn));
const bigEndianBytes = (x: bigint, L: number): Uint8Array =>
  Uint8Array.from({ length: L }, (_, i) => Number((x >> BigInt(8 * (L - 1 - i))) & 0xffn));
const FIELD_PRIME = {
  'P-256': 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  'P-384': 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
};

/** The outcome of a call, as comparable text: the bytes (or fields) it returned or the MlKemError it threw. */
async function outcome(f: () => unknown): Promise<string> {
  try {
    const r = await f();
    if (r instanceof Uint8Array) return hex(r);
    const o = r as Record<string, Uint8Array>;
    return Object.keys(o)
      .sort()
      .map((k) => `${k}=${hex(o[k]!)}`)
      .join(' ');
  } catch (err) {
    if (!(err instanceof MlKemError)) return `FOREIGN ${String(err)}`;
    return `${err.code}: ${err.message}`;
  }
}

interface Subject {
  name: string;
  curve: HybridEntry['curve'];
  reference: HybridKem;
  /** The same hybrid with its synchronous key objects on `curves`. */
  over(curves: CurveChoice): HybridKem;
  share: number;
}

/**
 * What the suite knows of each curve (test/support/hybrid-reference.ts has the rest; this file
 * runs in browsers too): its element's bytes, the shares every path must treat alike, and whether
 * some scalar-sized values are no scalar (then an eseed can hold none).
 */
interface CurveEdges {
  share: number;
  edges(): Array<[string, Uint8Array]>;
  invalidScalars: boolean;
}
const CURVES: Readonly<Record<HybridEntry['curve'], CurveEdges>> = {
  X25519: { share: 32, edges: () => x25519Edges(), invalidScalars: false },
  'P-256': { share: 65, edges: () => pointEdges('P-256', 32), invalidScalars: true },
  'P-384': { share: 97, edges: () => pointEdges('P-384', 48), invalidScalars: true },
};

/** X25519's low-order, high-bit and non-canonical u. */
function x25519Edges(): Array<[string, Uint8Array]> {
  const lowOrder = [
    0n,
    1n,
    P25519 - 1n,
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
    P25519,
    P25519 + 1n,
  ];
  const highBit = random(32);
  highBit[31] = highBit[31]! | 0x80;
  return [
    ...lowOrder.map((u, i): [string, Uint8Array] => [`low-order #${i}`, encodeU(u)]),
    ...[0n, 1n].map((u): [string, Uint8Array] => {
      const e = encodeU(u);
      e[31] = e[31]! | 0x80;
      return [`low-order ${u} with bit 255`, e];
    }),
    ['bit 255 set', highBit],
    ...[2n, 3n, 10n, 18n].map((d): [string, Uint8Array] => [`non-canonical p + ${d}`, encodeU(P25519 + d)]),
    ['2^255 - 1', encodeU(2n ** 255n - 1n)],
    ['u = 9', encodeU(9n)],
  ];
}

/** Invalid P-256 and P-384 points. */
function pointEdges(curve: 'P-256' | 'P-384', L: number): Array<[string, Uint8Array]> {
  const share = 2 * L + 1;
  return [
    ['random bytes', random(share)],
    ['off the curve', Uint8Array.from([4, ...random(share - 1)])],
    ['0x02 prefix', Uint8Array.from([2, ...random(share - 1)])],
    ['x = p', Uint8Array.from([4, ...bigEndianBytes(FIELD_PRIME[curve], L), ...new Uint8Array(L)])],
    ['all zeros', new Uint8Array(share)],
  ];
}

const withShare = (bytes: Uint8Array, share: Uint8Array): Uint8Array => {
  const out = bytes.slice();
  out.set(share, bytes.length - share.length);
  return out;
};

/** One round of comparisons of `door` against `ref` for one fresh key pair; returns the count. */
async function round(
  s: Subject,
  door: AsyncHybrid,
  fail: (what: string, ours: string, theirs: string) => void,
): Promise<number> {
  const ref = s.reference;
  const pair = ref.keygen(random(32));
  const eseed = random(ref.sizes.eseed);
  const enc = ref.encapsulateInternal(pair.publicKey, eseed);
  let n = 0;
  const same = async (what: string, ours: () => unknown, theirs: () => unknown) => {
    const [a, b] = [await outcome(ours), await outcome(theirs)];
    if (a !== b || a.startsWith('FOREIGN')) fail(what, a, b);
    n++;
  };
  const ek = door.encapsulationKey(pair.publicKey);
  const dk = door.decapsulationKey(pair.secretKey);
  await same(
    'public key bytes',
    () => ek.bytes(),
    () => pair.publicKey,
  );
  await same(
    'encapsulateInternal',
    () => ek.encapsulateInternal(eseed),
    () => ref.encapsulateInternal(pair.publicKey, eseed),
  );
  await same(
    'dk.encapsulationKey.encapsulateInternal',
    () => dk.encapsulationKey.encapsulateInternal(eseed),
    () => ref.encapsulateInternal(pair.publicKey, eseed),
  );
  await same(
    'decapsulate',
    () => dk.decapsulate(enc.ciphertext),
    () => ref.decapsulate(enc.ciphertext, pair.secretKey),
  );
  await same(
    'decapsulate again (loaded key)',
    () => dk.decapsulate(enc.ciphertext),
    () => enc.sharedSecret,
  );
  await same(
    'seed',
    () => dk.seed(),
    () => pair.secretKey,
  );
  const fresh = await ek.encapsulate();
  await same(
    'encapsulate → reference decapsulate',
    () => fresh.sharedSecret,
    () => ref.decapsulate(fresh.ciphertext, pair.secretKey),
  );
  const fresh2 = await ek.encapsulate();
  await same(
    'encapsulate → door decapsulate',
    () => dk.decapsulate(fresh2.ciphertext),
    () => ref.decapsulate(fresh2.ciphertext, pair.secretKey),
  );
  const randomKemPart = withShare(random(ref.sizes.ciphertext), enc.ciphertext.subarray(-s.share));
  await same(
    'decapsulate of a random ML-KEM part',
    () => dk.decapsulate(randomKemPart),
    () => ref.decapsulate(randomKemPart, pair.secretKey),
  );
  const randomCt = random(ref.sizes.ciphertext);
  await same(
    'decapsulate of random bytes',
    () => dk.decapsulate(randomCt),
    () => ref.decapsulate(randomCt, pair.secretKey),
  );
  for (const [name, share] of CURVES[s.curve].edges()) {
    const pk = withShare(pair.publicKey, share);
    const ct = withShare(enc.ciphertext, share);
    await same(
      `encapsulateInternal to a share ${name}`,
      () => door.encapsulationKey(pk).encapsulateInternal(eseed),
      () => ref.encapsulateInternal(pk, eseed),
    );
    await same(
      `decapsulate of a share ${name}`,
      () => dk.decapsulate(ct),
      () => ref.decapsulate(ct, pair.secretKey),
    );
  }
  if (CURVES[s.curve].invalidScalars) {
    const bad = new Uint8Array(ref.sizes.eseed).fill(0xff); // no window below n
    await same(
      'encapsulateInternal with an invalid eseed scalar',
      () => ek.encapsulateInternal(bad),
      () => ref.encapsulateInternal(pair.publicKey, bad),
    );
  }
  await same(
    'encapsulateInternal of a short eseed',
    () => ek.encapsulateInternal(eseed.subarray(1)),
    () => ref.encapsulateInternal(pair.publicKey, eseed.subarray(1)),
  );
  await same(
    'decapsulate of a short ciphertext',
    () => dk.decapsulate(enc.ciphertext.subarray(1)),
    () => ref.decapsulationKey(pair.secretKey).decapsulate(enc.ciphertext.subarray(1)),
  );
  await same(
    'a short public key',
    () => door.encapsulationKey(pair.publicKey.subarray(1)),
    () => ref.encapsulationKey(pair.publicKey.subarray(1)),
  );
  await same(
    'a short secret key',
    () => door.decapsulationKey(pair.secretKey.subarray(1)),
    () => ref.decapsulationKey(pair.secretKey.subarray(1)),
  );
  dk.dispose();
  const refDk = ref.decapsulationKey(pair.secretKey);
  refDk.dispose();
  await same(
    'decapsulate after dispose',
    () => dk.decapsulate(enc.ciphertext),
    () => refDk.decapsulate(enc.ciphertext),
  );
  return n;
}

/** A hybrid's construction and registry entry: the registry's concrete hybrids, or one a test makes. */
export interface PathConstruction {
  entry: HybridEntry;
  over(kem: MlKem, curves: CurveChoice): HybridKem;
}

/** The registry's concrete hybrids (the ones with asynchronous doors), from their constructions. */
const CONCRETE: readonly PathConstruction[] = CONSTRUCTIONS.map((c) => ({
  entry: entryOf(c.name) as HybridEntry,
  over: c.over,
})).filter((c) => c.entry.family === 'concrete');

/**
 * Runs `rounds` rounds per hybrid and path, over ML-KEM objects of one backend (a list, or a
 * backend object such as loadWasm's); the reference
 * is the synchronous hybrid on @noble/curves. `doors`: 'reference' opens each path's door on the
 * reference itself; 'own' on the same hybrid with its synchronous key objects on the path's curve
 * ('auto' for 'webcrypto'), so that a door whose curve is its synchronous key objects' own
 * (node:crypto or noble) decapsulates through them, and is compared all the same.
 */
export async function runCurvePaths(
  kems: readonly MlKem[] | { readonly [member in 'MlKem768' | 'MlKem1024']?: MlKem },
  paths: readonly AsyncCurveChoice[],
  rounds: number,
  doors: 'reference' | 'own' = 'reference',
  constructions: readonly PathConstruction[] = CONCRETE,
): Promise<CurvePathsResult> {
  const subjects: Subject[] = [];
  for (const { entry, over } of constructions) {
    const kem = (Object.values(kems) as MlKem[]).find((k) => k.name === entry.mlkem)!;
    const base = { curve: entry.curve, share: CURVES[entry.curve].share };
    subjects.push({ ...base, name: entry.name, over: (c) => over(kem, c), reference: over(kem, 'noble') });
    // Where the curve has low-order elements, the twin that refuses them (HPKE's, Web Crypto's).
    const twin = (c: CurveChoice) => internalsOf(over(kem, c))!.refusing();
    const referenceTwin = twin('noble');
    if (referenceTwin !== undefined)
      subjects.push({
        ...base,
        name: `${entry.name} refusing low order`,
        over: (c) => twin(c)!,
        reference: referenceTwin,
      });
  }
  const result: CurvePathsResult = {
    subjects: subjects.map((s) => ({ name: s.name, curve: s.curve })),
    took: {},
    checks: {},
    failures: [],
  };
  for (const s of subjects) {
    for (const path of paths) {
      const label = `${s.name} ${path}`;
      try {
        const door = asynchronousOf(
          doors === 'own' ? s.over(path === 'webcrypto' ? 'auto' : path) : s.reference,
          path,
        )!;
        result.took[label] = await door.curvePath();
        let n = 0;
        for (let r = 0; r < rounds; r++) {
          n += await round(s, door, (what, ours, theirs) => {
            if (result.failures.length < 50)
              result.failures.push(
                `${label}: ${what}:\n  door:      ${ours.slice(0, 300)}\n  reference: ${theirs.slice(0, 300)}`,
              );
          });
        }
        result.checks[label] = n;
      } catch (err) {
        result.failures.push(`${label}: crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
  }
  return result;
}
