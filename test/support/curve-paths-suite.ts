import { MlKemError } from '../../src/errors.js';
import type { AsyncHybrid } from '../../src/hybrid/concrete-async.js';
import type { AsyncCurveChoice, CurveChoice } from '../../src/hybrid/curves/curve.js';
import { internalsOf } from '../../src/hybrid/internals.js';
import { mlkem1024P384Over, mlkem768P256Over } from '../../src/hybrid/nist-hybrids.js';
import type { HybridKem } from '../../src/hybrid/types.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
// The asynchronous doors' curve paths against each other, differentially, in any runtime (no Node
// built-in: test/hybrid/webcrypto-curves.test.ts runs it under Node, test/browser/curves.test.ts
// bundles it into Chromium and Firefox). For each concrete hybrid, the asynchronous door on each
// path given ('webcrypto', 'native', 'noble') must give the bytes — or the error code and message —
// of the synchronous hybrid on @noble/curves, for random seeds and for every edge case the hybrid
// tests have: low-order, high-bit and non-canonical X25519 values, invalid P-256/P-384 points,
// invalid eseed scalars, wrong lengths, disposed keys, random ciphertexts; and a random encapsulation
// on each path decapsulates to the same secret on the reference.
import type { MlKem } from '../../src/index.js';

export interface CurvePathsResult {
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
  reference: HybridKem;
  /** The same hybrid with its synchronous key objects on `curves`. */
  over(curves: CurveChoice): HybridKem;
  share: number;
  nist: 'P-256' | 'P-384' | undefined;
}

/** The shares every path must treat alike: low-order, high-bit and non-canonical u; invalid points. */
function edgeShares(s: Subject): Array<[string, Uint8Array]> {
  if (s.nist === undefined) {
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
  const L = s.nist === 'P-256' ? 32 : 48;
  return [
    ['random bytes', random(s.share)],
    ['off the curve', Uint8Array.from([4, ...random(s.share - 1)])],
    ['0x02 prefix', Uint8Array.from([2, ...random(s.share - 1)])],
    ['x = p', Uint8Array.from([4, ...bigEndianBytes(FIELD_PRIME[s.nist], L), ...new Uint8Array(L)])],
    ['all zeros', new Uint8Array(s.share)],
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
  for (const [name, share] of edgeShares(s)) {
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
  if (s.nist !== undefined) {
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

/**
 * Runs `rounds` rounds per hybrid and path, over ML-KEM objects of one backend; the reference
 * is the synchronous hybrid on @noble/curves. `doors`: 'reference' opens each path's door on the
 * reference itself; 'own' on the same hybrid with its synchronous key objects on the path's curve
 * ('auto' for 'webcrypto'), so that a door whose curve is its synchronous key objects' own
 * (node:crypto or noble) decapsulates through them, and is compared all the same.
 */
export async function runCurvePaths(
  kems: { MlKem768: MlKem; MlKem1024: MlKem },
  paths: readonly AsyncCurveChoice[],
  rounds: number,
  doors: 'reference' | 'own' = 'reference',
): Promise<CurvePathsResult> {
  const subject = (s: Omit<Subject, 'reference'>): Subject => ({ ...s, reference: s.over('noble') });
  const subjects: Subject[] = [
    subject({ name: 'X-Wing', over: (c) => xwingOver(kems.MlKem768, c), share: 32, nist: undefined }),
    subject({
      name: 'X-Wing refusing low order',
      over: (c) => xwingOver(kems.MlKem768, c, { refuseLowOrder: true }),
      share: 32,
      nist: undefined,
    }),
    subject({ name: 'MLKEM768-P256', over: (c) => mlkem768P256Over(kems.MlKem768, c), share: 65, nist: 'P-256' }),
    subject({ name: 'MLKEM1024-P384', over: (c) => mlkem1024P384Over(kems.MlKem1024, c), share: 97, nist: 'P-384' }),
  ];
  const result: CurvePathsResult = { took: {}, checks: {}, failures: [] };
  for (const s of subjects) {
    for (const path of paths) {
      const label = `${s.name} ${path}`;
      try {
        const door = internalsOf(
          doors === 'own' ? s.over(path === 'webcrypto' ? 'auto' : path) : s.reference,
        )!.asynchronous(path);
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
