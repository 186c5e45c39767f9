// Known-answer tests of the concrete hybrid KEMs, on every backend and both curve paths:
// - draft-irtf-cfrg-concrete-hybrid-kems' own vectors (../shared/vectors/concrete-hybrid-kems):
//   the 10 MLKEM768-X25519 vectors in full. Its P-256/P-384 entries come from an older key
//   derivation (see that folder's README): for those, the ML-KEM half of every public key must
//   match ours and the curve half must not, which records the difference instead of hiding it;
// - the KEM fields of the HPKE-PQ vectors (../shared/vectors/hpke-pq) for MLKEM768-P256 (0x0050),
//   MLKEM1024-P384 (0x0051) and MLKEM768-X25519 (0x647a): skRm → pkRm, enc → shared_secret, and
//   ikmE → enc.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { backends } from '../support/backends.js';
import { CURVE_PATHS, CURVE_ORDER, bigEndian, hybridsOf, toHex } from '../support/hybrid-reference.js';
import { hex, readJson, vectorFolder } from '../support/vectors.js';

interface CfrgVector {
  seed: string;
  randomness: string;
  encapsulation_key: string;
  decapsulation_key: string;
  ciphertext: string;
  shared_secret: string;
}
interface HpkeVector {
  kem_id: number;
  ikmE: string;
  skRm: string;
  pkRm: string;
  enc: string;
  shared_secret: string;
}

const cfrgDir = vectorFolder('concrete-hybrid-kems');
const cfrg =
  cfrgDir === undefined ? undefined : readJson<Record<string, CfrgVector[]>>(join(cfrgDir, 'test-vectors.json'));
const hpkeDir = vectorFolder('hpke-pq');
const hpke = hpkeDir === undefined ? [] : readJson<HpkeVector[]>(join(hpkeDir, 'test-vectors.json'));
const HPKE_KEM = { 0x647a: 'X-Wing', 0x0050: 'MLKEM768-P256', 0x0051: 'MLKEM1024-P384' } as const;

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    const kems = new Map(hybridsOf(backend, path).map((c) => [c.kem.name, c.kem] as const));

    describe(
      `concrete hybrid KEM vectors (CFRG draft) on ${backend.name}, ${path} curves`,
      { skip: cfrg === undefined ? 'vectors not found' : false },
      () => {
        const x25519 = cfrg?.['qsf_x25519_mlkem768_shake256_sha3256'] ?? [];
        it('MLKEM768-X25519: all 10 vectors (keygen, encapsulateInternal, decapsulate)', () => {
          assert.equal(x25519.length, 10);
          const kem = kems.get('X-Wing')!;
          for (const [i, v] of x25519.entries()) {
            const pair = kem.keygen(hex(v.seed));
            assert.equal(toHex(pair.publicKey), v.encapsulation_key, `vector ${i}: public key`);
            assert.equal(toHex(pair.secretKey), v.decapsulation_key, `vector ${i}: secret key`);
            const enc = kem.encapsulateInternal(hex(v.encapsulation_key), hex(v.randomness));
            assert.equal(toHex(enc.ciphertext), v.ciphertext, `vector ${i}: ciphertext`);
            assert.equal(toHex(enc.sharedSecret), v.shared_secret, `vector ${i}: shared secret`);
            assert.equal(
              toHex(kem.decapsulate(hex(v.ciphertext), hex(v.decapsulation_key))),
              v.shared_secret,
              `vector ${i}: decapsulate`,
            );
          }
        });

        for (const [key, name, ekBytes] of [
          ['qsf_p256_mlkem768_shake256_sha3256', 'MLKEM768-P256', 1184],
          ['qsf_p384_mlkem1024_shake256_sha3256', 'MLKEM1024-P384', 1568],
        ] as const) {
          it(`${name}: the file's 10 vectors (older curve derivation) share our ML-KEM half and differ in the curve half`, () => {
            const vectors = cfrg?.[key] ?? [];
            assert.equal(vectors.length, 10);
            const kem = kems.get(name)!;
            for (const [i, v] of vectors.entries()) {
              const ours = toHex(kem.keygen(hex(v.seed)).publicKey);
              assert.equal(
                ours.slice(0, 2 * ekBytes),
                v.encapsulation_key.slice(0, 2 * ekBytes),
                `vector ${i}: ML-KEM half`,
              );
              assert.notEqual(
                ours.slice(2 * ekBytes),
                v.encapsulation_key.slice(2 * ekBytes),
                `vector ${i}: curve half unexpectedly equal`,
              );
            }
          });
        }
      },
    );

    describe(
      `HPKE-PQ vectors, KEM fields, on ${backend.name}, ${path} curves`,
      { skip: hpkeDir === undefined ? 'vectors not found' : false },
      () => {
        const relevant = hpke.filter((v) => v.kem_id in HPKE_KEM);
        it('has the 5 hybrid vectors of the README (2 × 0x0050, 1 × 0x0051, 2 × 0x647a)', () => {
          assert.deepEqual(
            relevant.map((v) => v.kem_id).sort((a, b) => a - b),
            [0x0050, 0x0050, 0x0051, 0x647a, 0x647a],
          );
        });
        for (const [i, v] of relevant.entries()) {
          const name = HPKE_KEM[v.kem_id as keyof typeof HPKE_KEM];
          it(`vector ${i} (${name}): skRm → pkRm, enc → shared_secret, ikmE → enc`, () => {
            const kem = kems.get(name)!;
            assert.equal(toHex(kem.keygen(hex(v.skRm)).publicKey), v.pkRm, 'public key');
            assert.equal(toHex(kem.decapsulate(hex(v.enc), hex(v.skRm))), v.shared_secret, 'decapsulate');
            // ikmE is m ‖ group seed. For MLKEM768-P256 it holds 96 of the draft's 128 group-seed
            // bytes (3 of RandomScalar's 4 windows): the 4th is read only if the first three are all
            // rejected, so zeros in its place change nothing once the first window is valid.
            const ikmE = hex(v.ikmE);
            if (ikmE.length < kem.sizes.eseed) {
              assert.equal(name, 'MLKEM768-P256');
              const first = bigEndian(ikmE.subarray(32, 64));
              assert.ok(
                first > 0n && first < CURVE_ORDER['P-256'],
                'the first P-256 window of ikmE is not a valid scalar',
              );
            }
            const eseed = new Uint8Array(kem.sizes.eseed);
            eseed.set(ikmE);
            const enc = kem.encapsulateInternal(hex(v.pkRm), eseed);
            assert.equal(toHex(enc.ciphertext), v.enc, 'enc');
            assert.equal(toHex(enc.sharedSecret), v.shared_secret, 'shared secret');
          });
        }
      },
    );
  }
}
