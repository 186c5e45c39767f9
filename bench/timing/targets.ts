// What bench/timing.ts measures: for each test, two classes of prepared inputs and a function
// that times one measurement of a given class. Everything random is made here, before timing;
// the timed region holds only the operation (or a batch of it) between two hrtime reads.
import { randomBytes } from 'node:crypto';

import { ctDiffMask, ctEqual, ctIsZero, ctSelect } from '../../src/ct.js';
import { P384_GROUP, reduceToScalar } from '../../src/hybrid/curves/nist.js';
import type { MlKem } from '../../src/index.js';
import type { ParameterSet } from '../../src/params.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { keyPairWithRho } from './keys.js';
import type { Cls } from './stats.js';

export type TestName =
  | 'decaps-ciphertext'
  | 'decaps-key'
  | 'decaps-control'
  | 'ct-diffmask'
  | 'ct-diffmask-words'
  | 'ct-equal'
  | 'ct-select'
  | 'ct-iszero'
  | 'tls-scalar'
  | 'qsf-scalar'
  | 'x25519-scalar'
  | 'x25519-base-scalar';
export const DECAPS_TESTS: readonly TestName[] = ['decaps-ciphertext', 'decaps-key', 'decaps-control'];
export const CT_TESTS: readonly TestName[] = [
  'ct-diffmask',
  'ct-diffmask-words',
  'ct-equal',
  'ct-select',
  'ct-iszero',
  'tls-scalar',
  'qsf-scalar',
  'x25519-scalar',
  'x25519-base-scalar',
];

export interface Target {
  test: TestName;
  /** 'portable' or 'wasm' for decapsulation; '—' for the ct helpers, which are plain JS. */
  backend: string;
  /** 512, 768 or 1024; undefined for the ct helpers. */
  level: number | undefined;
  /** What class A and class B are, for the report. */
  classes: readonly [string, string];
  /** Operations per measurement (the ns-scale helpers are timed in batches). */
  batch: number;
  /** Times one measurement of class c, in ns (of the whole batch). */
  measure(c: Cls): number;
  /** Keeps results alive so the JIT cannot drop the work; print or ignore it. */
  sink(): number;
}

/**
 * Inputs per class. Before each measurement (outside the timed region) the chosen input is
 * copied into staging buffers that both classes share, so every measurement reads its inputs
 * from the same, cache-warm addresses. Timing each input in its own buffers instead gave
 * per-buffer offsets of 10–50 ns (cache state), enough for |t| ≈ 15 between two classes of
 * identical inputs at 10⁵ samples.
 */
const POOL = 256;
const now = process.hrtime.bigint;

interface DecapsCase {
  ct: Uint8Array;
  sk: Uint8Array;
  /** The shared secret of the encapsulation ct was made from (before any tampering). */
  ss: Uint8Array;
  /** Whether decapsulation must return ss (false: it must reject, returning J(z ‖ c)). */
  accept: boolean;
}

/** Two pools of POOL inputs, one per class. */
function pools<T>(make: (c: Cls) => T): [T[], T[]] {
  return [Array.from({ length: POOL }, () => make(0)), Array.from({ length: POOL }, () => make(1))];
}

function decapsTarget(
  test: TestName,
  backend: string,
  level: number,
  kem: MlKem,
  classes: readonly [string, string],
  cases: readonly [DecapsCase[], DecapsCase[]],
): Target {
  // Check the prepared inputs once: a harness that times the wrong thing reports "no leak".
  for (const pool of cases) {
    for (const { ct, sk, ss, accept } of pool) {
      if (Buffer.from(kem.decapsulate(ct, sk)).equals(ss) !== accept) {
        throw new Error(`${test} ${backend} ${level}: a prepared input does not decapsulate as intended`);
      }
    }
  }
  const ct = new Uint8Array(kem.sizes.ciphertext);
  const sk = new Uint8Array(kem.sizes.secretKey);
  const next = [0, 0];
  let acc = 0;
  return {
    test,
    backend,
    level,
    classes,
    batch: 1,
    measure(c) {
      const x = cases[c][next[c]!++ % POOL]!;
      ct.set(x.ct);
      sk.set(x.sk);
      const t0 = now();
      const ss = kem.decapsulate(ct, sk);
      const t1 = now();
      acc ^= ss[0]!;
      return Number(t1 - t0);
    },
    sink: () => acc,
  };
}

/**
 * decaps-ciphertext: one key pair; class A decapsulates honest ciphertexts, class B the same
 * number of tampered ones (an honest ciphertext with one random bit flipped), which take the
 * implicit-rejection path: c ≠ c' in the comparison and K̄ = J(z ‖ c) chosen by ctSelect.
 */
export function decapsCiphertextTarget(backend: string, level: number, kem: MlKem): Target {
  const { publicKey, secretKey } = kem.keygen();
  const cases = pools((c): DecapsCase => {
    const { ciphertext: ct, sharedSecret: ss } = kem.encapsulate(publicKey);
    if (c === 1) {
      const bit = randomBytes(4).readUInt32LE(0) % (ct.length * 8);
      ct[bit >> 3]! ^= 1 << (bit & 7);
    }
    return { ct, sk: secretKey, ss, accept: c === 0 };
  });
  return decapsTarget('decaps-ciphertext', backend, level, kem, ['valid ciphertexts', 'tampered ciphertexts'], cases);
}

/**
 * decaps-key: dudect's fixed-vs-random on the secret key. Class A decapsulates POOL honest
 * ciphertexts with one fixed key, class B with POOL random keys, each with an honest ciphertext;
 * both take the accepting path. With rho 'shared' (the default) the random keys share the fixed
 * key's public ρ (see keys.ts); with 'random' they are fresh key pairs, and the test also sees
 * the public, ρ-dependent cost of sampling Â.
 */
export function decapsKeyTarget(
  backend: string,
  level: number,
  kem: MlKem,
  p: ParameterSet,
  rho: 'shared' | 'random' = 'shared',
): Target {
  const fixed = kem.keygen();
  const fixedRho = fixed.publicKey.subarray(p.publicKeyBytes - 32);
  const cases = pools((c): DecapsCase => {
    const kp = c === 0 ? fixed : rho === 'shared' ? keyPairWithRho(p, fixedRho) : kem.keygen();
    const { ciphertext: ct, sharedSecret: ss } = kem.encapsulate(kp.publicKey);
    // A copy of the fixed key per input: staging then reads as many cold bytes for either class.
    return { ct, sk: kp.secretKey.slice(), ss, accept: true };
  });
  const name = rho === 'shared' ? 'random keys, same ρ' : 'random keys';
  return decapsTarget('decaps-key', backend, level, kem, ['one fixed key', name], cases);
}

/**
 * decaps-control: the negative control, two classes of the same kind (honest ciphertexts under
 * one key, from two pools made alike). Any |t| here is the harness and the machine, not the code:
 * when it is ≥ 4.5, the other results of the run cannot be read at that threshold either.
 */
export function decapsControlTarget(backend: string, level: number, kem: MlKem): Target {
  const { publicKey, secretKey } = kem.keygen();
  const cases = pools((): DecapsCase => {
    const { ciphertext: ct, sharedSecret: ss } = kem.encapsulate(publicKey);
    return { ct, sk: secretKey, ss, accept: true };
  });
  return decapsTarget('decaps-control', backend, level, kem, ['valid ciphertexts', 'valid ciphertexts'], cases);
}

/** One input of a ct helper: its byte arrays (staged like the decapsulation inputs) and a mask. */
interface CtCase {
  bufs: Uint8Array[];
  mask: number;
}

/** A batched target over the ct helpers: `run` is called `batch` times per measurement. */
function ctTarget(
  test: TestName,
  classes: readonly [string, string],
  batch: number,
  cases: readonly [CtCase[], CtCase[]],
  run: (bufs: readonly Uint8Array[], mask: number) => number,
): Target {
  const staged = cases[0][0]!.bufs.map((b) => new Uint8Array(b.length));
  const next = [0, 0];
  let acc = 0;
  return {
    test,
    backend: '—',
    level: undefined,
    classes,
    batch,
    measure(c) {
      const { bufs, mask } = cases[c][next[c]!++ % POOL]!;
      bufs.forEach((b, i) => staged[i]!.set(b));
      let r = 0;
      const t0 = now();
      for (let j = 0; j < batch; j++) r = (r + run(staged, mask)) | 0;
      const t1 = now();
      acc = (acc + r) | 0;
      return Number(t1 - t0);
    },
    sink: () => acc,
  };
}

/** The size of the comparison in decapsulation: an ML-KEM-768 ciphertext. */
const CMP_LEN = 1088;

/** (a, b), CMP_LEN random bytes each: b equals a (class A) or differs from it in byte 0 only. */
function comparePair(c: Cls): CtCase {
  const a = new Uint8Array(randomBytes(CMP_LEN));
  const b = a.slice();
  if (c === 1) b[0]! ^= 1 + (randomBytes(1)[0]! % 255);
  return { bufs: [a, b], mask: 0 };
}

// Batch sizes put a measurement at 15–20 µs: far above the timer's resolution and the ~100 ns
// cost of reading it, yet short enough that few measurements contain an interrupt. Booleans are
// consumed with Number(), not `? :`: a branch on the result is the caller's, on the very bit
// that tells the classes apart (|t| 60–110 at 10⁵ samples), and not a property of the helper.
export function ctTargets(): Target[] {
  const cmpClasses = ['equal', 'differ in byte 0'] as const;
  return [
    ctTarget('ct-diffmask', cmpClasses, 16, pools(comparePair), ([a, b]) => ctDiffMask(a!, b!, CMP_LEN)),
    // The word views are made in the timed region, the same work for both classes.
    ctTarget('ct-diffmask-words', cmpClasses, 16, pools(comparePair), ([a, b]) =>
      ctDiffMask(new Int32Array(a!.buffer, 0, CMP_LEN >> 2), new Int32Array(b!.buffer, 0, CMP_LEN >> 2), CMP_LEN >> 2),
    ),
    ctTarget('ct-equal', cmpClasses, 16, pools(comparePair), ([a, b]) => Number(ctEqual(a!, b!))),
    ctTarget(
      'ct-select',
      ['mask 0', 'mask −1'],
      256,
      pools((c) => ({
        bufs: [new Uint8Array(32), new Uint8Array(randomBytes(32)), new Uint8Array(randomBytes(32))],
        mask: c === 1 ? -1 : 0,
      })),
      ([out, a, b], mask) => {
        ctSelect(out!, a!, b!, mask, 32);
        return out![31]!;
      },
    ),
    ctTarget(
      'ct-iszero',
      ['all zero', 'nonzero byte 0'],
      16,
      pools((c) => {
        const a = new Uint8Array(CMP_LEN);
        if (c === 1) a[0] = 1 + (randomBytes(1)[0]! % 255);
        return { bufs: [a], mask: 0 };
      }),
      ([a]) => Number(ctIsZero(a!)),
    ),
    // The RFC 10024 P-256 key scalar (c mod (n - 1)) + 1 from a secret 48-byte seed c: an all-zero
    // seed (no conditional subtraction ever taken) against random seeds.
    ctTarget(
      'tls-scalar',
      ['all-zero seed', 'random seed'],
      1,
      pools((c) => ({ bufs: [c === 0 ? new Uint8Array(48) : new Uint8Array(randomBytes(48))], mask: 0 })),
      ([seed]) => reduceToScalar(seed!, P256_ORDER)[31]!,
    ),
    // noble's QSF P-384 scalar c mod n (offset 0) from a secret 72-byte seed c: the same classes.
    ctTarget(
      'qsf-scalar',
      ['all-zero seed', 'random seed'],
      1,
      pools((c) => ({ bufs: [c === 0 ? new Uint8Array(72) : new Uint8Array(randomBytes(72))], mask: 0 })),
      ([seed]) => reduceToScalar(seed!, P384_GROUP.order, 0)[47]!,
    ),
    x25519Target('x25519-scalar'),
    x25519Target('x25519-base-scalar'),
  ];
}

/**
 * x25519-scalar: the WebAssembly X25519 (assembly/x25519.ts) with a secret scalar, one fixed
 * scalar (class A) against random ones (class B), with the same random peer u; x25519-base-scalar:
 * the same for the public key, X25519(k, 9) by the fixed-base code (its table built before timing).
 * The scalar is copied into the module's memory before the timed region, which holds the one call.
 */
function x25519Target(test: 'x25519-scalar' | 'x25519-base-scalar'): Target {
  const ex = instantiate(compileSync());
  const mem = new Uint8Array(ex.memory.buffer);
  const out = ex.heapBase(),
    k = out + 32,
    u = out + 64;
  mem.set(randomBytes(32), u);
  ex.x25519Base(out, k);
  const call = test === 'x25519-scalar' ? () => ex.x25519(out, k, u) : () => ex.x25519Base(out, k);
  const fixed = new Uint8Array(randomBytes(32));
  const cases = [
    Array.from({ length: POOL }, () => fixed),
    Array.from({ length: POOL }, () => new Uint8Array(randomBytes(32))),
  ] as const;
  const next = [0, 0];
  let acc = 0;
  return {
    test,
    backend: 'wasm',
    level: undefined,
    classes: ['fixed scalar', 'random scalars'],
    batch: 1,
    measure(c) {
      mem.set(cases[c][next[c]!++ % POOL]!, k);
      const t0 = now();
      call();
      const t1 = now();
      acc = (acc + mem[out]!) | 0;
      return Number(t1 - t0);
    },
    sink: () => acc,
  };
}

/** The order n of P-256 (SP 800-186, §3.2.1.3), big-endian. */
const P256_ORDER = Uint8Array.from(
  Buffer.from('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex'),
);
