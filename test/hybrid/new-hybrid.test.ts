// ARCHITECTURE.md's recipe for a new hybrid over an existing curve: a registry entry and a
// construction built from it. Here a concrete hybrid that the package does not ship, MLKEM1024-P256,
// is made from an entry alone (its curve's Group found by the entry's curve name), and its bytes
// are checked against the concrete draft's steps computed here with OpenSSL and ML-KEM's own
// functions; the shipped NIST hybrids are made the same way from their entries.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/errors.js';
import { constructionOf } from '../../src/hybrid/constructions.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { nistConcreteOf } from '../../src/hybrid/nist-hybrids.js';
import { HYBRID_ENTRIES, type HybridEntry } from '../../src/registry.js';
import { backends } from '../support/backends.js';
import { firstValidWindow, nodeEcPublic, nodeEcShared, sha3_256, shake256 } from '../support/hybrid-reference.js';

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

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

for (const backend of backends) {
  const mlkem = (e: HybridEntry) => backend.kems.find((k) => k.name === e.mlkem)!;

  describe(`a hybrid from a registry entry alone (${backend.name})`, () => {
    it("MLKEM1024-P256: the sizes of its entry, and the concrete draft's bytes computed here (keygen, EncapsDerand, Decaps)", () => {
      const kem = nistConcreteOf(NEW_ENTRY, groupOf(NEW_ENTRY))(mlkem(NEW_ENTRY), 'auto');
      assert.equal(kem.name, NEW_ENTRY.name);
      assert.deepEqual({ ...kem.sizes }, { ...NEW_ENTRY.sizes });
      const ml = mlkem(NEW_ENTRY);
      for (let round = 0; round < 3; round++) {
        const seed = randomBytes(32);
        const eseed = randomBytes(NEW_ENTRY.sizes.eseed);
        // expandKey: SHAKE256(seed, 64 + Nseed) = seed_PQ ‖ seed_T; dk_T = RandomScalar(seed_T)
        const expanded = shake256(seed, 64 + 128);
        const pq = ml.keygen(expanded.subarray(0, 64));
        const dkT = firstValidWindow('P-256', expanded.subarray(64));
        const ekT = nodeEcPublic('P-256', dkT);
        const ek = concat(pq.publicKey, ekT);
        const pair = kem.keygen(seed);
        assert.deepEqual(pair.publicKey, ek);
        // EncapsDerand(ek, m ‖ group seed)
        const pqEnc = ml.encapsulateInternal(pq.publicKey, eseed.subarray(0, 32));
        const e = firstValidWindow('P-256', eseed.subarray(32));
        const ctT = nodeEcPublic('P-256', e);
        const ssT = nodeEcShared('P-256', e, ekT);
        const expected = sha3_256(concat(pqEnc.sharedSecret, ssT, ctT, ekT, Buffer.from(NEW_ENTRY.name, 'ascii')));
        const enc = kem.encapsulateInternal(ek, eseed);
        assert.deepEqual(enc.ciphertext, concat(pqEnc.ciphertext, ctT));
        assert.deepEqual(enc.sharedSecret, expected);
        assert.deepEqual(kem.decapsulate(enc.ciphertext, pair.secretKey), expected);
      }
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

    it("the shipped NIST concrete hybrids are their entries' hybrids: the same bytes", () => {
      const entries = HYBRID_ENTRIES.filter((e) => e.family === 'concrete' && e.curve !== 'X25519');
      assert.equal(entries.length, 2);
      for (const entry of entries) {
        const fromEntry = nistConcreteOf(entry, groupOf(entry))(mlkem(entry), 'noble');
        const shipped = constructionOf(entry.name).create(mlkem(entry));
        const seed = randomBytes(32);
        const eseed = randomBytes(entry.sizes.eseed);
        const pk = shipped.keygen(seed).publicKey;
        assert.deepEqual(fromEntry.keygen(seed).publicKey, pk, entry.name);
        assert.deepEqual(fromEntry.encapsulateInternal(pk, eseed), shipped.encapsulateInternal(pk, eseed), entry.name);
      }
    });
  });
}
