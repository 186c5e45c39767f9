// The in-browser test suite: the entry of the bundle that test/browser/browser.test.ts builds with esbuild
// (as a web app would) and loads in headless Chromium. It runs, for the portable and the
// WebAssembly backend at every level: the NIST ACVP vectors, a differential test against
// @noble/post-quantum, portable = wasm on the same seeds, bad input, tampered ciphertexts,
// untouched inputs and fresh outputs. Browser code only: no node:*, no Buffer, no process (the
// page checks that it has none of them, so the bundle is proven not to need them).
//
// The page fetches its input (the ACVP files, read by the Node side, and the settings) from
// ./suite-input.json, and publishes a SuiteResult as globalThis.__mlkemSuiteResult and in
// <pre id="result">. Every case is counted under a check name "<check> <level> (<backend>)".
import { shake256 } from '@noble/hashes/sha3.js';
import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';

import { MlKem1024, MlKem512, MlKem768, MlKemError, type MlKem } from '../../src/index.js';
import { MlKemError as WasmMlKemError, loadWasm } from '../../src/wasm/index.js';
import { setCoeff, wrongTypes } from '../support/helpers.js';

// ---- the contract with test/browser/browser.test.ts ----------------------------------------------------

export interface AcvpCase {
  tcId: number;
  [field: string]: unknown;
}

export interface AcvpGroup {
  tgId: number;
  parameterSet: string;
  keyFormat?: 'seed' | 'expanded';
  tests: AcvpCase[];
}

/** One file of ../shared/vectors/acvp (format mlkem-acvp-compact/1), as test/core/acvp.test.ts reads it. */
export interface AcvpFile {
  revision: string;
  function: string;
  testGroups: AcvpGroup[];
}

export interface SuiteInput {
  /** Random seeds per level for the differential and cross-backend checks. */
  diffN: number;
  /** A 32-byte iteration seed (hex) to run first at every level (MLKEM_DIFF_SEED), or null. */
  replaySeed: string | null;
  /** The ACVP files, or null when the vectors are missing (skipped outside CI). */
  acvp: Array<{ name: string; data: AcvpFile }> | null;
}

export interface Failure {
  check: string;
  case: string;
  message: string;
}

export interface SuiteResult {
  passed: number;
  failed: number;
  /** The first MAX_FAILURES failures (failed counts them all). */
  failures: Failure[];
  /** Cases passed and failed per check, keyed "<check> <level> (<backend>)". */
  checks: Record<string, { passed: number; failed: number }>;
  skipped: string[];
  /** WebAssembly load times in ms (performance.now): the first loadWasm() decodes, compiles and
   *  instantiates; the second reuses the compiled module and only instantiates. */
  wasm: { firstLoadMs: number | null; secondLoadMs: number | null };
  environment: { userAgent: string; crossOriginIsolated: boolean };
  durationMs: number;
  /** Set when the suite itself crashed (then the counts are incomplete). */
  fatal: string | null;
}

export const LEVELS = ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024'] as const;
type Level = (typeof LEVELS)[number];
const MAX_FAILURES = 50;

// ---- recording ------------------------------------------------------------------------------

class Recorder {
  passed = 0;
  failed = 0;
  readonly failures: Failure[] = [];
  readonly checks: Record<string, { passed: number; failed: number }> = {};

  /** Runs one case: it passes when fn returns, fails when it throws. */
  run(check: string, name: string, fn: () => void): boolean {
    const count = (this.checks[check] ??= { passed: 0, failed: 0 });
    try {
      fn();
      count.passed++;
      this.passed++;
      return true;
    } catch (err) {
      count.failed++;
      this.failed++;
      if (this.failures.length < MAX_FAILURES) this.failures.push({ check, case: name, message: describeError(err) });
      return false;
    }
  }
}

function describeError(err: unknown): string {
  if (err instanceof CheckFailed) return err.message;
  if (err instanceof MlKemError) return `threw MlKemError ${err.code}: ${err.message}`;
  if (err instanceof Error) return `threw ${err.name}: ${err.message}`;
  return `threw ${String(err)}`;
}

/** A failed expectation (as opposed to an unexpected exception from the code under test). */
class CheckFailed extends Error {}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

// ---- bytes ----------------------------------------------------------------------------------

const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

function fromHex(s: string): Uint8Array {
  const out = new Uint8Array(s.length >>> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const sameBytes = (a: unknown, b: Uint8Array): boolean =>
  a instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);

/** Byte equality, failing with the length or the first differing offset instead of a huge dump. */
function expectBytes(actual: unknown, expected: Uint8Array, what: string): void {
  expect(actual instanceof Uint8Array, `${what}: expected a Uint8Array, got ${String(actual)}`);
  expect(actual.length === expected.length, `${what}: length ${actual.length}, expected ${expected.length}`);
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  expect(
    i === actual.length,
    `${what}: differs first at byte ${i} (got ${toHex(actual.subarray(i, i + 8))}…, expected ${toHex(expected.subarray(i, i + 8))}…)`,
  );
}

/** Expects fn to throw an MlKemError with `code` (the one error type of the API). */
function expectMlKemError(fn: () => unknown, code: string, what: string): void {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown !== undefined, `${what}: did not throw (expected ${code})`);
  expect(thrown instanceof MlKemError, `${what}: ${describeError(thrown)}, not an MlKemError (expected ${code})`);
  expect(thrown instanceof Error && thrown.name === 'MlKemError', `${what}: not an Error named MlKemError`);
  expect(thrown.code === code, `${what}: code ${thrown.code}, expected ${code} (message: ${thrown.message})`);
  expect(thrown.message.length > 0, `${what}: empty message`);
}

/** The implicit-rejection secret J(z ‖ c) = SHAKE256(z ‖ c, 32), z the last 32 bytes of dk. */
const implicitRejection = (dk: Uint8Array, c: Uint8Array): Uint8Array =>
  shake256(concat(dk.subarray(dk.length - 32), c), { dkLen: 32 });

/** Lets the page breathe between checks (rendering, the test driver's polling). */
const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

// ---- backends and the reference -------------------------------------------------------------

interface Backend {
  name: 'portable' | 'wasm';
  kems: readonly [MlKem, MlKem, MlKem]; // in the order of LEVELS
}

const noble = { 'ML-KEM-512': ml_kem512, 'ML-KEM-768': ml_kem768, 'ML-KEM-1024': ml_kem1024 } as const;

/** A valid key pair and encapsulation at a level, made by the reference (not the code under test). */
function fixture(level: Level): {
  seed: Uint8Array;
  pk: Uint8Array;
  sk: Uint8Array;
  m: Uint8Array;
  ct: Uint8Array;
  ss: Uint8Array;
} {
  const seed = randomBytes(64);
  const m = randomBytes(32);
  const { publicKey: pk, secretKey: sk } = noble[level].keygen(seed);
  const { cipherText: ct, sharedSecret: ss } = noble[level].encapsulate(pk, m);
  return { seed, pk, sk, m, ct, ss };
}

// ---- (a) ACVP ---------------------------------------------------------------------------------

/** A hex field of a case, checked to be lowercase hex of exactly `length` bytes. */
function field(tc: AcvpCase, name: string, length: number): Uint8Array {
  const s = tc[name];
  expect(
    typeof s === 'string' && /^[0-9a-f]*$/.test(s) && s.length === 2 * length,
    `field ${name} must be ${length} bytes of lowercase hex`,
  );
  return fromHex(s);
}

/** One ACVP case, as test/core/acvp.test.ts runs it. */
function runAcvpCase(kem: MlKem, fn: string, group: AcvpGroup, tc: AcvpCase): void {
  const { sizes } = kem;
  switch (fn) {
    case 'keyGen': {
      const seed = concat(field(tc, 'd', 32), field(tc, 'z', 32));
      const pair = kem.keygen(seed);
      expectBytes(pair.publicKey, field(tc, 'ek', sizes.publicKey), 'ek');
      expectBytes(pair.secretKey, field(tc, 'dk', sizes.secretKey), 'dk');
      expectBytes(pair.seed, seed, 'returned seed (d ‖ z)');
      return;
    }
    case 'encapsulation': {
      const ek = field(tc, 'ek', sizes.publicKey);
      const dk = field(tc, 'dk', sizes.secretKey);
      const c = field(tc, 'c', sizes.ciphertext);
      const k = field(tc, 'k', 32);
      const enc = kem.encapsulateInternal(ek, field(tc, 'm', 32));
      expectBytes(enc.ciphertext, c, 'c');
      expectBytes(enc.sharedSecret, k, 'k');
      expectBytes(kem.decapsulate(c, dk), k, 'decapsulate(c, dk)');
      return;
    }
    case 'decapsulation': {
      const reason = tc['reason'];
      expect(reason === 'valid decapsulation' || reason === 'modified ciphertext', `unknown reason ${String(reason)}`);
      let dk = field(tc, 'dk', sizes.secretKey);
      if (group.keyFormat === 'seed') {
        const derived = kem.keygen(concat(field(tc, 'd', 32), field(tc, 'z', 32))).secretKey;
        expectBytes(derived, dk, 'dk derived from d ‖ z');
        dk = derived;
      } else {
        expect(
          group.keyFormat === undefined || group.keyFormat === 'expanded',
          `unknown keyFormat ${String(group.keyFormat)}`,
        );
      }
      expectBytes(
        kem.decapsulate(field(tc, 'c', sizes.ciphertext), dk),
        field(tc, 'k', 32),
        `decapsulate(c, dk) (${reason})`,
      );
      return;
    }
    case 'encapsulationKeyCheck': {
      const testPassed = tc['testPassed'];
      expect(typeof testPassed === 'boolean', 'testPassed must be a boolean');
      const ek = field(tc, 'ek', sizes.publicKey);
      const m = new Uint8Array(32).fill(0x5a);
      if (testPassed) {
        const e = kem.encapsulate(ek);
        expect(e.ciphertext.length === sizes.ciphertext && e.sharedSecret.length === 32, 'encapsulate output sizes');
        expect(
          kem.encapsulateInternal(ek, m).ciphertext.length === sizes.ciphertext,
          'encapsulateInternal ciphertext size',
        );
      } else {
        expectMlKemError(() => kem.encapsulate(ek), 'ERR_INVALID_PUBLIC_KEY', 'encapsulate(ek)');
        expectMlKemError(() => kem.encapsulateInternal(ek, m), 'ERR_INVALID_PUBLIC_KEY', 'encapsulateInternal(ek, m)');
      }
      return;
    }
    case 'decapsulationKeyCheck': {
      const testPassed = tc['testPassed'];
      expect(typeof testPassed === 'boolean', 'testPassed must be a boolean');
      const dk = field(tc, 'dk', sizes.secretKey);
      const k = (sizes.publicKey - 32) / 384;
      // An honest ciphertext for the ek embedded in dk (dk = dkPKE ‖ ek ‖ H(ek) ‖ z), and a zero one.
      const honest = kem.encapsulate(dk.slice(384 * k, 768 * k + 32));
      const zeroC = new Uint8Array(sizes.ciphertext);
      if (testPassed) {
        expectBytes(kem.decapsulate(honest.ciphertext, dk), honest.sharedSecret, 'decapsulate(honest c, dk)');
        expect(kem.decapsulate(zeroC, dk).length === 32, 'decapsulate(zero c, dk) length');
      } else {
        expectMlKemError(
          () => kem.decapsulate(honest.ciphertext, dk),
          'ERR_INVALID_SECRET_KEY',
          'decapsulate(honest c, dk)',
        );
        expectMlKemError(() => kem.decapsulate(zeroC, dk), 'ERR_INVALID_SECRET_KEY', 'decapsulate(zero c, dk)');
      }
      return;
    }
    default:
      throw new CheckFailed(`unknown ACVP function ${fn}`);
  }
}

function runAcvp(rec: Recorder, backend: Backend, files: NonNullable<SuiteInput['acvp']>): void {
  for (const { data } of files) {
    for (const group of data.testGroups) {
      const index = LEVELS.indexOf(group.parameterSet as Level);
      for (const tc of group.tests) {
        const name = `${data.revision}/${data.function}/tgId=${group.tgId}/tcId=${tc.tcId}`;
        rec.run(`acvp ${group.parameterSet} (${backend.name})`, name, () => {
          expect(index >= 0, `unknown parameter set ${group.parameterSet}`);
          runAcvpCase(backend.kems[index]!, data.function, group, tc);
        });
      }
    }
  }
}

// ---- (b) differential and (c) cross-backend ---------------------------------------------------

interface Inputs {
  iterSeed: Uint8Array;
  seed: Uint8Array; // d ‖ z
  m: Uint8Array;
  randomCt: Uint8Array;
  bit: number; // the bit of the honest ciphertext to flip
}

/**
 * The inputs of one iteration: SHAKE256 of a 32-byte iteration seed, as in test/core/differential.test.ts.
 * A deliberate copy: this suite is bundled for the browser, which cannot load that Node test file.
 */
function deriveInputs(iterSeed: Uint8Array, ctBytes: number): Inputs {
  const stream = shake256(iterSeed, { dkLen: 64 + 32 + ctBytes + 4 });
  const word = new DataView(stream.buffer, stream.byteOffset + 96 + ctBytes, 4).getUint32(0, true);
  return {
    iterSeed,
    seed: stream.slice(0, 64),
    m: stream.slice(64, 96),
    randomCt: stream.slice(96, 96 + ctBytes),
    bit: word % (8 * ctBytes),
  };
}

/** Everything one iteration produces; compared field by field. */
interface Outputs {
  ek: Uint8Array;
  dk: Uint8Array;
  ct: Uint8Array;
  ss: Uint8Array;
  kHonest: Uint8Array; // decapsulate(honest c)
  kRandom: Uint8Array; // decapsulate(random c)
  kFlipped: Uint8Array; // decapsulate(honest c with one bit flipped)
}
const OUTPUT_FIELDS = ['ek', 'dk', 'ct', 'ss', 'kHonest', 'kRandom', 'kFlipped'] as const;

function flipBit(ct: Uint8Array, bit: number): Uint8Array {
  const out = ct.slice();
  out[bit >>> 3]! ^= 1 << (bit & 7);
  return out;
}

function referenceOutputs(level: Level, inp: Inputs): Outputs {
  const ref = noble[level];
  const { publicKey: ek, secretKey: dk } = ref.keygen(inp.seed);
  const { cipherText: ct, sharedSecret: ss } = ref.encapsulate(ek, inp.m);
  return {
    ek,
    dk,
    ct,
    ss,
    kHonest: ref.decapsulate(ct, dk),
    kRandom: ref.decapsulate(inp.randomCt, dk),
    kFlipped: ref.decapsulate(flipBit(ct, inp.bit), dk),
  };
}

function backendOutputs(kem: MlKem, inp: Inputs): Outputs {
  const pair = kem.keygen(inp.seed);
  expectBytes(pair.seed, inp.seed, 'returned seed (d ‖ z)');
  const enc = kem.encapsulateInternal(pair.publicKey, inp.m);
  return {
    ek: pair.publicKey,
    dk: pair.secretKey,
    ct: enc.ciphertext,
    ss: enc.sharedSecret,
    kHonest: kem.decapsulate(enc.ciphertext, pair.secretKey),
    kRandom: kem.decapsulate(inp.randomCt, pair.secretKey),
    kFlipped: kem.decapsulate(flipBit(enc.ciphertext, inp.bit), pair.secretKey),
  };
}

function compareOutputs(actual: Outputs, expected: Outputs, against: string): void {
  for (const f of OUTPUT_FIELDS) expectBytes(actual[f], expected[f], `${f} vs ${against}`);
}

const describeInputs = (inp: Inputs): string =>
  `iteration seed ${toHex(inp.iterSeed)} (replay with MLKEM_DIFF_SEED), d ‖ z = ${toHex(inp.seed)}, m = ${toHex(inp.m)}, flipped bit ${inp.bit}`;

async function runDifferential(rec: Recorder, backends: readonly Backend[], input: SuiteInput): Promise<void> {
  for (const [li, level] of LEVELS.entries()) {
    const ctBytes = backends[0]!.kems[li]!.sizes.ciphertext;
    for (let i = 0; i < input.diffN; i++) {
      const iterSeed = i === 0 && input.replaySeed !== null ? fromHex(input.replaySeed) : randomBytes(32);
      const inp = deriveInputs(iterSeed, ctBytes);
      const expected = referenceOutputs(level, inp);
      const name = `iteration ${i}: ${describeInputs(inp)}`;
      // Each backend's outputs, or what it threw: the cross-backend check compares both.
      const results = backends.map((backend) => {
        try {
          return { backend, outputs: backendOutputs(backend.kems[li]!, inp) };
        } catch (err) {
          return { backend, error: err };
        }
      });
      for (const r of results) {
        rec.run(`differential ${level} (${r.backend.name})`, name, () => {
          if (r.outputs === undefined) throw r.error;
          compareOutputs(r.outputs, expected, '@noble/post-quantum');
          // Tampered ciphertexts give the implicit-rejection secret, never the honest one.
          expect(!sameBytes(r.outputs.kRandom, r.outputs.ss), 'decapsulate(random c) equals the honest K');
          expect(!sameBytes(r.outputs.kFlipped, r.outputs.ss), 'decapsulate(bit-flipped c) equals the honest K');
        });
      }
      const [portable, wasm] = results;
      if (portable && wasm) {
        rec.run(`cross-backend ${level} (portable = wasm)`, name, () => {
          expect(portable.outputs !== undefined, `portable ${describeError(portable.error)}`);
          expect(wasm.outputs !== undefined, `wasm ${describeError(wasm.error)}`);
          compareOutputs(wasm.outputs, portable.outputs, 'portable');
        });
      }
    }
    await yieldToBrowser();
  }
}

// ---- (d) bad input and tampered ciphertexts ---------------------------------------------------

function runBadInput(rec: Recorder, backend: Backend, li: number): void {
  const kem = backend.kems[li]!;
  const level = LEVELS[li]!;
  const { sizes } = kem;
  const check = `bad input ${level} (${backend.name})`;
  const fx = fixture(level);
  const wrongLengths = (n: number) => [0, n - 1, n + 1];

  // Every argument: wrong lengths give ERR_INVALID_LENGTH, wrong types ERR_INVALID_TYPE.
  const args: Array<{ what: string; length: number; undefinedAllowed: boolean; call: (v: unknown) => unknown }> = [
    { what: 'keygen(seed)', length: 64, undefinedAllowed: true, call: (v) => kem.keygen(v as Uint8Array) },
    {
      what: 'encapsulate(publicKey)',
      length: sizes.publicKey,
      undefinedAllowed: false,
      call: (v) => kem.encapsulate(v as Uint8Array),
    },
    {
      what: 'encapsulateInternal(publicKey, m)',
      length: sizes.publicKey,
      undefinedAllowed: false,
      call: (v) => kem.encapsulateInternal(v as Uint8Array, fx.m),
    },
    {
      what: 'encapsulateInternal(publicKey, m) m',
      length: 32,
      undefinedAllowed: false,
      call: (v) => kem.encapsulateInternal(fx.pk, v as Uint8Array),
    },
    {
      what: 'decapsulate(ciphertext, secretKey)',
      length: sizes.ciphertext,
      undefinedAllowed: false,
      call: (v) => kem.decapsulate(v as Uint8Array, fx.sk),
    },
    {
      what: 'decapsulate(ciphertext, secretKey) secretKey',
      length: sizes.secretKey,
      undefinedAllowed: false,
      call: (v) => kem.decapsulate(fx.ct, v as Uint8Array),
    },
  ];
  for (const a of args) {
    for (const n of wrongLengths(a.length)) {
      rec.run(check, `${a.what}: ${n} bytes`, () =>
        expectMlKemError(() => a.call(new Uint8Array(n)), 'ERR_INVALID_LENGTH', `${n} bytes`),
      );
    }
    for (const [name, value] of wrongTypes(a.length, a.undefinedAllowed)) {
      rec.run(check, `${a.what}: ${name}`, () => expectMlKemError(() => a.call(value), 'ERR_INVALID_TYPE', name));
    }
  }

  // §7.2: a 12-bit coefficient of ek at or above q. §7.3: dk whose stored H(ek) does not match.
  const k = (sizes.publicKey - 32) / 384;
  for (const [i, v] of [
    [0, 3329],
    [256 * k - 1, 4095],
  ] as const) {
    const pk = fx.pk.slice();
    setCoeff(pk, i, v);
    rec.run(check, `encapsulate: coefficient ${i} = ${v}`, () =>
      expectMlKemError(() => kem.encapsulate(pk), 'ERR_INVALID_PUBLIC_KEY', 'encapsulate'),
    );
    rec.run(check, `encapsulateInternal: coefficient ${i} = ${v}`, () =>
      expectMlKemError(() => kem.encapsulateInternal(pk, fx.m), 'ERR_INVALID_PUBLIC_KEY', 'encapsulateInternal'),
    );
  }
  for (const [where, at] of [
    ['H(ek)', 768 * k + 32],
    ['the embedded ek', 384 * k + 5],
  ] as const) {
    const sk = fx.sk.slice();
    sk[at]! ^= 0x01;
    rec.run(check, `decapsulate: a byte of ${where} flipped`, () =>
      expectMlKemError(() => kem.decapsulate(fx.ct, sk), 'ERR_INVALID_SECRET_KEY', 'decapsulate'),
    );
  }
}

/** Modified ciphertexts of the right length: never refused, the implicit-rejection secret J(z ‖ c). */
function runTampered(rec: Recorder, backend: Backend, li: number): void {
  const kem = backend.kems[li]!;
  const level = LEVELS[li]!;
  const check = `tampered ciphertext ${level} (${backend.name})`;
  const fx = fixture(level);
  const n = fx.ct.length;
  rec.run(check, 'honest ciphertext', () => expectBytes(kem.decapsulate(fx.ct, fx.sk), fx.ss, 'decapsulate(honest c)'));
  const cases: Array<[string, Uint8Array]> = [
    ['bit 0 flipped', flipBit(fx.ct, 0)],
    ['last bit flipped', flipBit(fx.ct, 8 * n - 1)],
    ['a middle bit flipped', flipBit(fx.ct, 4 * n + 3)],
    ['all zero', new Uint8Array(n)],
    ['all 0xff', new Uint8Array(n).fill(0xff)],
    ['random', randomBytes(n)],
  ];
  for (const [name, c] of cases) {
    rec.run(check, name, () => {
      let k: Uint8Array | undefined;
      try {
        k = kem.decapsulate(c, fx.sk);
      } catch (err) {
        throw new CheckFailed(
          `decapsulate ${describeError(err)}; it must never throw for a ciphertext of the right length`,
        );
      }
      expect(!sameBytes(k, fx.ss), 'the secret equals the honest one');
      expectBytes(k, implicitRejection(fx.sk, c), 'the implicit-rejection secret J(z ‖ c)');
    });
  }
}

// ---- (e) untouched inputs and fresh outputs ---------------------------------------------------

/**
 * A view of `bytes` at an odd offset inside a larger buffer of guard bytes: a call must change
 * neither the view nor anything around it.
 */
function guarded(bytes: Uint8Array): { view: Uint8Array; untouched: () => boolean } {
  const whole = new Uint8Array(bytes.length + 14).fill(0xa5);
  whole.set(bytes, 7);
  const copy = whole.slice();
  return { view: whole.subarray(7, 7 + bytes.length), untouched: () => sameBytes(whole, copy) };
}

function runImmutability(rec: Recorder, backend: Backend, li: number): void {
  const kem = backend.kems[li]!;
  const level = LEVELS[li]!;
  const check = `inputs untouched ${level} (${backend.name})`;
  const fx = fixture(level);
  const badPk = fx.pk.slice();
  setCoeff(badPk, 0, 4095);
  const badSk = fx.sk.slice();
  badSk[badSk.length - 40]! ^= 1; // in H(ek)
  // Calls that return and calls that throw: neither may write to an argument.
  const calls: Array<[string, Uint8Array[], (...a: Uint8Array[]) => unknown]> = [
    ['keygen(seed)', [fx.seed], (s) => kem.keygen(s)],
    ['encapsulate(pk)', [fx.pk], (p) => kem.encapsulate(p!)],
    ['encapsulateInternal(pk, m)', [fx.pk, fx.m], (p, m) => kem.encapsulateInternal(p!, m!)],
    ['decapsulate(ct, sk)', [fx.ct, fx.sk], (c, s) => kem.decapsulate(c!, s!)],
    ['decapsulate(tampered ct, sk)', [flipBit(fx.ct, 9), fx.sk], (c, s) => kem.decapsulate(c!, s!)],
    ['encapsulate(invalid pk), throws', [badPk], (p) => kem.encapsulate(p!)],
    ['encapsulateInternal(pk, short m), throws', [fx.pk, fx.m.subarray(1)], (p, m) => kem.encapsulateInternal(p!, m!)],
    ['decapsulate(ct, invalid sk), throws', [fx.ct, badSk], (c, s) => kem.decapsulate(c!, s!)],
  ];
  for (const [name, args, call] of calls) {
    rec.run(check, name, () => {
      const g = args.map(guarded);
      try {
        call(...g.map((x) => x.view));
      } catch {
        // What it throws is checked elsewhere; here only the arguments matter.
      }
      g.forEach((x, i) => expect(x.untouched(), `argument ${i} (or the bytes around its view) was modified`));
    });
  }
}

/** True when the byte ranges of two typed arrays overlap (one aliases the other). */
const overlaps = (a: Uint8Array, b: Uint8Array): boolean =>
  a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;

function runFreshOutputs(rec: Recorder, backend: Backend, li: number): void {
  const kem = backend.kems[li]!;
  const level = LEVELS[li]!;
  const check = `fresh outputs ${level} (${backend.name})`;
  const a = fixture(level);
  const b = fixture(level);
  rec.run(check, 'outputs share no memory and later calls leave earlier outputs alone', () => {
    const pairA = kem.keygen(a.seed);
    const encA = kem.encapsulateInternal(pairA.publicKey, a.m);
    const kA = kem.decapsulate(encA.ciphertext, pairA.secretKey);
    const outputs = [pairA.publicKey, pairA.secretKey, pairA.seed, encA.ciphertext, encA.sharedSecret, kA];
    const copies = outputs.map((o) => o.slice());
    for (let i = 0; i < outputs.length; i++) {
      for (let j = i + 1; j < outputs.length; j++)
        expect(!overlaps(outputs[i]!, outputs[j]!), `outputs ${i} and ${j} share memory`);
    }
    // The same operations on other inputs (a backend returning views of its memory fails here).
    const pairB = kem.keygen(b.seed);
    kem.decapsulate(kem.encapsulateInternal(pairB.publicKey, b.m).ciphertext, pairB.secretKey);
    outputs.forEach((o, i) => expectBytes(o, copies[i]!, `output ${i} after later calls`));
    // Writing to an output must not change what the next call returns.
    pairA.secretKey.fill(0);
    encA.ciphertext.fill(0);
    expectBytes(kem.keygen(a.seed).secretKey, copies[1]!, 'keygen after the caller wiped an earlier secret key');
  });
}

/** Fresh randomness (keygen(), encapsulate()) through the browser's crypto.getRandomValues. */
function runRandomRoundTrip(rec: Recorder, backend: Backend, li: number): void {
  const kem = backend.kems[li]!;
  const level = LEVELS[li]!;
  rec.run(
    `random round trip ${level} (${backend.name})`,
    'keygen(), encapsulate(), decapsulate(), and noble decapsulates',
    () => {
      const pair = kem.keygen();
      expectBytes(pair.publicKey, noble[level].keygen(pair.seed).publicKey, 'ek of the returned seed');
      const enc = kem.encapsulate(pair.publicKey);
      expectBytes(kem.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret, 'decapsulate');
      expectBytes(noble[level].decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret, 'noble decapsulate');
    },
  );
}

// ---- the suite ------------------------------------------------------------------------------

export async function runSuite(input: SuiteInput): Promise<SuiteResult> {
  const start = performance.now();
  const rec = new Recorder();
  const skipped: string[] = [];
  const wasmTimes: SuiteResult['wasm'] = { firstLoadMs: null, secondLoadMs: null };
  let fatal: string | null = null;
  const log = (s: string) => console.log(`[suite] ${s}`);

  try {
    const backends: Backend[] = [{ name: 'portable', kems: [MlKem512, MlKem768, MlKem1024] }];
    // The async loader, as a web app's main thread must use (synchronous compilation of large
    // modules is refused there). Timed first, before anything else has warmed the engine.
    let wasm: Awaited<ReturnType<typeof loadWasm>> | undefined;
    let loadError: unknown;
    try {
      let t = performance.now();
      wasm = await loadWasm();
      wasmTimes.firstLoadMs = performance.now() - t;
      t = performance.now();
      await loadWasm();
      wasmTimes.secondLoadMs = performance.now() - t;
    } catch (err) {
      loadError = err;
    }
    rec.run('load (wasm)', 'await loadWasm(), twice', () => {
      if (loadError !== undefined) throw loadError;
    });
    if (wasm) backends.push({ name: 'wasm', kems: [wasm.MlKem512, wasm.MlKem768, wasm.MlKem1024] });

    rec.run('environment', 'no Buffer, no process: the bundle must not need Node', () => {
      expect(!('Buffer' in globalThis), 'globalThis.Buffer exists');
      expect(!('process' in globalThis), 'globalThis.process exists');
    });
    rec.run('environment', 'one MlKemError class for both entry points', () => {
      expect(WasmMlKemError === MlKemError, "mlkem-ts/wasm's MlKemError is not mlkem-ts's");
    });

    if (input.acvp === null) {
      skipped.push('acvp: the vectors were not found (see the notice of the test)');
    } else {
      for (const backend of backends) {
        log(`acvp on ${backend.name}`);
        runAcvp(rec, backend, input.acvp);
        await yieldToBrowser();
      }
    }

    log(`differential and cross-backend, N = ${input.diffN}`);
    await runDifferential(rec, backends, input);

    for (const backend of backends) {
      log(`bad input, tampered ciphertexts, inputs and outputs on ${backend.name}`);
      for (let li = 0; li < LEVELS.length; li++) {
        runBadInput(rec, backend, li);
        runTampered(rec, backend, li);
        runImmutability(rec, backend, li);
        runFreshOutputs(rec, backend, li);
        runRandomRoundTrip(rec, backend, li);
      }
      await yieldToBrowser();
    }
  } catch (err) {
    fatal = err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err);
  }

  return {
    passed: rec.passed,
    failed: rec.failed,
    failures: rec.failures,
    checks: rec.checks,
    skipped,
    wasm: wasmTimes,
    environment: environment(),
    durationMs: performance.now() - start,
    fatal,
  };
}

function environment(): SuiteResult['environment'] {
  const userAgent = typeof navigator === 'undefined' ? 'no navigator' : navigator.userAgent;
  return { userAgent, crossOriginIsolated: globalThis.crossOriginIsolated === true };
}

async function main(): Promise<void> {
  let result: SuiteResult;
  try {
    const response = await fetch('./suite-input.json');
    if (!response.ok) throw new Error(`GET suite-input.json: HTTP ${response.status}`);
    result = await runSuite((await response.json()) as SuiteInput);
  } catch (err) {
    result = {
      passed: 0,
      failed: 1,
      failures: [],
      checks: {},
      skipped: [],
      wasm: { firstLoadMs: null, secondLoadMs: null },
      environment: environment(),
      durationMs: 0,
      fatal: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    };
  }
  const out = document.getElementById('result');
  if (out) out.textContent = JSON.stringify(result, null, 2);
  (globalThis as { __mlkemSuiteResult?: SuiteResult }).__mlkemSuiteResult = result;
}

// Runs on load in a page; importing the module elsewhere (for its types) runs nothing.
if (typeof document !== 'undefined') void main();
