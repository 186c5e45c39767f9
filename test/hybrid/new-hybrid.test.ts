// ARCHITECTURE.md's recipe for a new hybrid over an existing curve, proved: a concrete hybrid the
// package does not ship, MLKEM1024-P256, is made from a registry entry alone, as its three src/
// files would make it (its entry in src/registry.ts, `nistConcreteOf(entry, P256_GROUP)` and its
// line of NIST_CONCRETE in src/hybrid/nist-hybrids.ts, its export in src/hybrid/index.ts). The
// tests of the shipped hybrids then take it with no list edited: its layout comes from the entry
// and its curve's record (test/support/hybrid-reference.ts), and it runs through the same suites
// on every backend and curve path — composition against ML-KEM, OpenSSL and SHA3-256
// (hybrid-suites.ts), native against noble, and the asynchronous doors on Web Crypto, node:crypto,
// noble and 'auto' against the synchronous reference (curve-paths-suite.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/errors.js';
import { constructionOf } from '../../src/hybrid/constructions.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { nistConcreteOf } from '../../src/hybrid/nist-hybrids.js';
import { HYBRID_ENTRIES, type HybridEntry } from '../../src/registry.js';
import { backends } from '../support/backends.js';
import { runCurvePaths } from '../support/curve-paths-suite.js';
import { CURVE_PATHS, type ConstructionCase, CURVES, hybridsOf } from '../support/hybrid-reference.js';
import { assertPathsAgree, hybridTests } from '../support/hybrid-suites.js';

/** The NIST curves' Groups, found by an entry's curve name, as nist-hybrids.ts would pass one. */
const groupOf = (entry: HybridEntry) => [P256_GROUP, P384_GROUP].find((g) => g.name === entry.curve)!;

/** An entry as src/registry.ts would hold it: ML-KEM-1024 (ek 1568, ct 1568) with P-256 (points of 65 bytes, Nseed 128). */
const NEW_ENTRY: HybridEntry = Object.freeze({
  kind: 'hybrid',
  family: 'concrete',
  curve: 'P-256',
  name: 'MLKEM1024-P256',
  aliases: [],
  mlkem: 'ML-KEM-1024',
  sizes: Object.freeze({
    publicKey: 1568 + 65,
    secretKey: 32,
    ciphertext: 1568 + 65,
    sharedSecret: 32,
    seed: 32,
    eseed: 32 + 128,
  }),
});

/** Its construction, as NIST_CONCRETE's line would give it to CONSTRUCTIONS: from the entry alone. */
const NEW: ConstructionCase = { entry: NEW_ENTRY, over: nistConcreteOf(NEW_ENTRY, groupOf(NEW_ENTRY)) };

describe('a hybrid from a registry entry alone: MLKEM1024-P256', () => {
  it('the curve records cover every curve of the registry (a new curve is one record there)', () => {
    for (const e of HYBRID_ENTRIES) assert.ok(CURVES[e.curve] !== undefined, `${e.name}: no record of ${e.curve}`);
  });

  it("its hybrid has its entry's name and sizes; an invalid P-256 point is refused naming it", () => {
    const kem = NEW.over(backends[0]!.kems[2]!, 'auto');
    assert.equal(kem.name, NEW_ENTRY.name);
    assert.deepEqual({ ...kem.sizes }, { ...NEW_ENTRY.sizes });
    const pair = kem.keygen();
    const ct = kem.encapsulate(pair.publicKey).ciphertext;
    ct[1568 + 10]! ^= 1; // the P-256 point leaves the curve
    assert.throws(
      () => kem.decapsulate(ct, pair.secretKey),
      (err: unknown) =>
        err instanceof MlKemError &&
        err.code === 'ERR_INVALID_PUBLIC_KEY' &&
        err.message.startsWith('MLKEM1024-P256 ciphertext is not valid: its P-256 element'),
    );
  });
});

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    describe(`a hybrid from a registry entry alone on ${backend.name}, ${path} curves`, () => {
      for (const c of hybridsOf(backend, path, [NEW])) hybridTests(c);
    });
  }

  describe(`a hybrid from a registry entry alone on ${backend.name}: its curve paths agree`, () => {
    it('native and noble give the same bytes and the same errors', () => {
      assertPathsAgree(hybridsOf(backend, 'native', [NEW])[0]!, hybridsOf(backend, 'noble', [NEW])[0]!);
    });

    it("the asynchronous doors on Web Crypto, node:crypto, noble and 'auto' give the noble hybrid's bytes and errors", async () => {
      const r = await runCurvePaths(backend.kems, ['webcrypto', 'native', 'noble', 'auto'], 1, 'reference', [NEW]);
      assert.deepEqual(r.failures, []);
      assert.deepEqual(r.subjects, [{ name: 'MLKEM1024-P256', curve: 'P-256' }]);
      for (const path of ['webcrypto', 'native', 'noble'])
        assert.equal(r.took[`MLKEM1024-P256 ${path}`], path, `the ${path} door took another path`);
      assert.ok(r.checks['MLKEM1024-P256 webcrypto']! >= 20, 'too few comparisons');
    });
  });

  it(`${backend.name}: the shipped NIST concrete hybrids are their entries' hybrids: the same bytes`, () => {
    const entries = HYBRID_ENTRIES.filter((e) => e.family === 'concrete' && CURVES[e.curve].refusesInvalid);
    assert.equal(entries.length, 2);
    for (const entry of entries) {
      const mlkem = backend.kems.find((k) => k.name === entry.mlkem)!;
      const fromEntry = nistConcreteOf(entry, groupOf(entry))(mlkem, 'noble');
      const shipped = constructionOf(entry.name).create(mlkem);
      const seed = randomBytes(32);
      const eseed = randomBytes(entry.sizes.eseed);
      const pk = shipped.keygen(seed).publicKey;
      assert.deepEqual(fromEntry.keygen(seed).publicKey, pk, entry.name);
      assert.deepEqual(fromEntry.encapsulateInternal(pk, eseed), shipped.encapsulateInternal(pk, eseed), entry.name);
    }
  });
}
