// NIST ACVP known-answer tests for ML-KEM (FIPS 203): every file, group and case of the shared
// compact vectors (../shared/vectors/acvp, see its README.md), both revisions (FIPS203 and
// FIPS203-tr1), run against every backend. Each case is its own subtest, named
// revision/function/tgId/tcId, so that a failure says which case.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { MlKemError, type MlKem } from '../../src/index.js';
import { type Backend, backends, kemByName } from '../support/backends.js';
import { hex, jsonFiles, readJson, vectorFolder } from '../support/vectors.js';

/** Cases per backend in the vector set (README.md, "Counts"). */
const EXPECTED_TOTAL = 435;
const EXPECTED_PER_SET = 145;

/** The nine files of the set, relative to the acvp folder. */
const EXPECTED_FILES = [
  'ML-KEM-encapDecap-FIPS203-tr1/decapsulation.json',
  'ML-KEM-encapDecap-FIPS203-tr1/decapsulationKeyCheck.json',
  'ML-KEM-encapDecap-FIPS203-tr1/encapsulation.json',
  'ML-KEM-encapDecap-FIPS203-tr1/encapsulationKeyCheck.json',
  'ML-KEM-encapDecap-FIPS203/decapsulation.json',
  'ML-KEM-encapDecap-FIPS203/decapsulationKeyCheck.json',
  'ML-KEM-encapDecap-FIPS203/encapsulation.json',
  'ML-KEM-encapDecap-FIPS203/encapsulationKeyCheck.json',
  'ML-KEM-keyGen-FIPS203/keyGen.json',
];

type AcvpFunction = 'keyGen' | 'encapsulation' | 'decapsulation' | 'encapsulationKeyCheck' | 'decapsulationKeyCheck';

interface AcvpCase {
  tcId: number;
  [field: string]: unknown;
}

interface AcvpGroup {
  tgId: number;
  testType: string;
  parameterSet: string;
  keyFormat?: 'seed' | 'expanded';
  tests: AcvpCase[];
}

interface AcvpFile {
  format: string;
  algorithm: string;
  revision: string;
  function: AcvpFunction;
  testGroups: AcvpGroup[];
}

/** A hex field of a case, checked to be present, lowercase hex and exactly `length` bytes. */
function field(tc: AcvpCase, name: string, length: number): Uint8Array {
  const s = tc[name];
  assert.equal(typeof s, 'string', `field ${name} missing or not a string`);
  assert.match(s as string, /^[0-9a-f]*$/, `field ${name} is not lowercase hex`);
  assert.equal((s as string).length, 2 * length, `field ${name} must be ${length} bytes`);
  return hex(s as string);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Byte equality with a short message (length or first differing offset) instead of a huge diff. */
function assertBytes(actual: unknown, expected: Uint8Array, what: string): void {
  assert.ok(actual instanceof Uint8Array, `${what}: expected a Uint8Array`);
  assert.equal(actual.length, expected.length, `${what}: length`);
  if (Buffer.compare(actual, expected) !== 0) {
    let i = 0;
    while (actual[i] === expected[i]) i++;
    assert.fail(
      `${what}: differs from the expected value first at byte ${i} ` +
        `(got ${Buffer.from(actual.subarray(i, i + 8)).toString('hex')}…, ` +
        `expected ${Buffer.from(expected.subarray(i, i + 8)).toString('hex')}…)`,
    );
  }
}

/** Asserts that fn throws an MlKemError with the given code. */
function assertMlKemError(fn: () => unknown, code: string, what: string): void {
  assert.throws(
    fn,
    (err: unknown) => {
      assert.ok(err instanceof MlKemError, `${what}: expected an MlKemError, got ${String(err)}`);
      assert.equal(err.code, code, `${what}: error code (message: ${err.message})`);
      return true;
    },
    `${what}: expected an MlKemError ${code}`,
  );
}

/** Runs one case; returns nothing, throws on failure. */
function runCase(kem: MlKem, fn: AcvpFunction, group: AcvpGroup, tc: AcvpCase): void {
  const { sizes } = kem;
  switch (fn) {
    case 'keyGen': {
      // ML-KEM.KeyGen_internal(d, z), Algorithm 16.
      const d = field(tc, 'd', 32);
      const z = field(tc, 'z', 32);
      const seed = concat(d, z);
      const { publicKey, secretKey, seed: returnedSeed } = kem.keygen(seed);
      assertBytes(publicKey, field(tc, 'ek', sizes.publicKey), 'ek');
      assertBytes(secretKey, field(tc, 'dk', sizes.secretKey), 'dk');
      assertBytes(returnedSeed, concat(d, z), 'returned seed (d ‖ z)');
      const key = kem.decapsulationKey(seed);
      assertBytes(
        key.encapsulationKey.bytes(),
        field(tc, 'ek', sizes.publicKey),
        'decapsulationKey(seed).encapsulationKey.bytes()',
      );
      assertBytes(key.secretKey(), field(tc, 'dk', sizes.secretKey), 'decapsulationKey(seed).secretKey()');
      return;
    }
    case 'encapsulation': {
      // ML-KEM.Encaps_internal(ek, m), Algorithm 17; then Decaps(dk, c) = k.
      const ek = field(tc, 'ek', sizes.publicKey);
      const dk = field(tc, 'dk', sizes.secretKey);
      const m = field(tc, 'm', 32);
      const c = field(tc, 'c', sizes.ciphertext);
      const k = field(tc, 'k', 32);
      const { ciphertext, sharedSecret } = kem.encapsulateInternal(ek, m);
      assertBytes(ciphertext, c, 'c');
      assertBytes(sharedSecret, k, 'k');
      assertBytes(kem.decapsulate(c, dk), k, 'decapsulate(c, dk)');
      const viaKey = kem.encapsulationKey(ek).encapsulateInternal(m);
      assertBytes(viaKey.ciphertext, c, 'encapsulationKey(ek).encapsulateInternal(m) c');
      assertBytes(viaKey.sharedSecret, k, 'encapsulationKey(ek).encapsulateInternal(m) k');
      assertBytes(kem.decapsulationKey(dk).decapsulate(c), k, 'decapsulationKey(dk).decapsulate(c)');
      return;
    }
    case 'decapsulation': {
      // ML-KEM.Decaps(dk, c) returns k, for honest and for modified ciphertexts (never throws).
      const reason = tc['reason'];
      assert.ok(
        reason === 'valid decapsulation' || reason === 'modified ciphertext',
        `unknown reason ${String(reason)}`,
      );
      const givenDk = field(tc, 'dk', sizes.secretKey);
      const c = field(tc, 'c', sizes.ciphertext);
      const k = field(tc, 'k', 32);
      let dk = givenDk;
      if (group.keyFormat === 'seed') {
        const seed = concat(field(tc, 'd', 32), field(tc, 'z', 32));
        dk = kem.keygen(seed).secretKey;
        assertBytes(dk, givenDk, 'dk derived from d ‖ z');
        assertBytes(
          kem.decapsulationKey(seed).decapsulate(c),
          k,
          `decapsulationKey(d ‖ z).decapsulate(c) (${String(reason)})`,
        );
      } else {
        assert.ok(
          group.keyFormat === undefined || group.keyFormat === 'expanded',
          `unknown keyFormat ${String(group.keyFormat)}`,
        );
      }
      let out: Uint8Array | undefined;
      assert.doesNotThrow(() => {
        out = kem.decapsulate(c, dk);
      }, `decapsulate threw for reason "${reason}"`);
      assertBytes(out, k, `decapsulate(c, dk) (${reason})`);
      assertBytes(kem.decapsulationKey(dk).decapsulate(c), k, `decapsulationKey(dk).decapsulate(c) (${reason})`);
      return;
    }
    case 'encapsulationKeyCheck': {
      // §7.2: Encaps(ek) refuses exactly when testPassed is false.
      const testPassed = tc['testPassed'];
      assert.equal(typeof testPassed, 'boolean', 'testPassed must be a boolean');
      const ek = field(tc, 'ek', sizes.publicKey);
      const m = new Uint8Array(32).fill(0x5a);
      if (testPassed) {
        const e = kem.encapsulate(ek);
        assert.ok(e.ciphertext instanceof Uint8Array && e.ciphertext.length === sizes.ciphertext, 'ciphertext size');
        assert.ok(e.sharedSecret instanceof Uint8Array && e.sharedSecret.length === 32, 'shared secret size');
        const ei = kem.encapsulateInternal(ek, m);
        assert.equal(ei.ciphertext.length, sizes.ciphertext, 'encapsulateInternal ciphertext size');
        kem.checkPublicKey(ek);
        assertBytes(
          kem.encapsulationKey(ek).encapsulateInternal(m).ciphertext,
          ei.ciphertext,
          'encapsulationKey(ek) c',
        );
      } else {
        assertMlKemError(() => kem.encapsulate(ek), 'ERR_INVALID_PUBLIC_KEY', 'encapsulate(ek)');
        assertMlKemError(() => kem.encapsulateInternal(ek, m), 'ERR_INVALID_PUBLIC_KEY', 'encapsulateInternal(ek, m)');
        assertMlKemError(() => kem.checkPublicKey(ek), 'ERR_INVALID_PUBLIC_KEY', 'checkPublicKey(ek)');
        assertMlKemError(() => kem.encapsulationKey(ek), 'ERR_INVALID_PUBLIC_KEY', 'encapsulationKey(ek)');
      }
      return;
    }
    case 'decapsulationKeyCheck': {
      // §7.3: Decaps(dk, c) with a correctly sized c refuses exactly when testPassed is false.
      const testPassed = tc['testPassed'];
      assert.equal(typeof testPassed, 'boolean', 'testPassed must be a boolean');
      const dk = field(tc, 'dk', sizes.secretKey);
      const k = (sizes.publicKey - 32) / 384;
      // An honest ciphertext for the ek embedded in dk (dk = dkPKE ‖ ek ‖ H(ek) ‖ z), and a zero one.
      const embeddedEk = dk.slice(384 * k, 768 * k + 32);
      const honest = kem.encapsulate(embeddedEk);
      const zeroC = new Uint8Array(sizes.ciphertext);
      if (testPassed) {
        assertBytes(kem.decapsulate(honest.ciphertext, dk), honest.sharedSecret, 'decapsulate(honest c, dk)');
        const kBar = kem.decapsulate(zeroC, dk);
        assert.equal(kBar.length, 32, 'decapsulate(zero c, dk) length');
        kem.checkSecretKey(dk);
        assertBytes(kem.decapsulationKey(dk).decapsulate(zeroC), kBar, 'decapsulationKey(dk).decapsulate(zero c)');
      } else {
        assertMlKemError(
          () => kem.decapsulate(honest.ciphertext, dk),
          'ERR_INVALID_SECRET_KEY',
          'decapsulate(honest c, dk)',
        );
        assertMlKemError(() => kem.decapsulate(zeroC, dk), 'ERR_INVALID_SECRET_KEY', 'decapsulate(zero c, dk)');
        assertMlKemError(() => kem.checkSecretKey(dk), 'ERR_INVALID_SECRET_KEY', 'checkSecretKey(dk)');
        assertMlKemError(() => kem.decapsulationKey(dk), 'ERR_INVALID_SECRET_KEY', 'decapsulationKey(dk)');
      }
      return;
    }
    default:
      assert.fail(`unknown ACVP function ${String(fn)}`);
  }
}

const folder = vectorFolder('acvp');

if (folder === undefined) {
  it('ACVP vectors', { skip: 'vectors folder not found (see the notice above)' }, () => {});
} else {
  const dir = folder;
  const names = jsonFiles(dir);
  const files = names.map((name) => ({ name, data: readJson<AcvpFile>(join(dir, name)) }));

  it('the acvp folder holds exactly the nine expected files', () => {
    assert.deepEqual(names, [...EXPECTED_FILES].sort());
    for (const { name, data } of files) {
      assert.equal(data.format, 'mlkem-acvp-compact/1', `${name}: format`);
      assert.equal(data.algorithm, 'ML-KEM', `${name}: algorithm`);
    }
  });

  const runBackend = (backend: Backend): void => {
    describe(`ACVP on ${backend.name}`, () => {
      let total = 0;
      const perSet = new Map<string, number>();
      for (const { name, data } of files) {
        describe(name, () => {
          for (const group of data.testGroups) {
            for (const tc of group.tests) {
              const title = `${data.revision}/${data.function}/tgId=${group.tgId}/tcId=${tc.tcId} (${group.parameterSet})`;
              it(title, () => {
                total++;
                perSet.set(group.parameterSet, (perSet.get(group.parameterSet) ?? 0) + 1);
                runCase(kemByName(backend, group.parameterSet), data.function, group, tc);
              });
            }
          }
        });
      }
      it(`ran exactly ${EXPECTED_TOTAL} cases`, () => {
        assert.equal(total, EXPECTED_TOTAL, 'total cases run');
        assert.deepEqual(
          Object.fromEntries([...perSet].sort(([a], [b]) => a.localeCompare(b))),
          { 'ML-KEM-1024': EXPECTED_PER_SET, 'ML-KEM-512': EXPECTED_PER_SET, 'ML-KEM-768': EXPECTED_PER_SET },
          'cases run per parameter set',
        );
      });
    });
  };

  for (const backend of backends) runBackend(backend);
}
