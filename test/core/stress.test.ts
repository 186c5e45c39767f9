// Stress, per parameter set and backend: 5,000 honest round trips (fresh keys, fresh randomness),
// 2,000 tampered ciphertexts (random bytes changed) and 1,000 random ciphertexts, each of which
// must decapsulate without an error to the implicit-rejection secret J(z ‖ c) = SHAKE256(z ‖ c),
// computed here with node:crypto. Counts can be scaled with MLKEM_STRESS_SCALE (e.g. 0.1).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { backends } from '../support/backends.js';
import { randomBytes } from '../support/helpers.js';

const SCALE = Number(process.env.MLKEM_STRESS_SCALE ?? '1');
const ROUND_TRIPS = Math.ceil(5000 * SCALE);
const TAMPERED = Math.ceil(2000 * SCALE);
const GARBAGE = Math.ceil(1000 * SCALE);
/** Key pairs reused by the tamper and garbage checks (a fresh pair for every round trip). */
const KEYS = 16;

const j = (z: Uint8Array, c: Uint8Array) =>
  new Uint8Array(createHash('shake256', { outputLength: 32 }).update(z).update(c).digest());
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

for (const backend of backends) {
  for (const kem of backend.kems) {
    test(`stress ${kem.name} on ${backend.name}: ${ROUND_TRIPS} round trips, ${TAMPERED} tampered and ${GARBAGE} random ciphertexts`, () => {
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const { publicKey, secretKey } = kem.keygen();
        const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
        if (!equal(kem.decapsulate(ciphertext, secretKey), sharedSecret)) assert.fail(`round trip ${i} disagreed`);
      }

      const keys = Array.from({ length: KEYS }, () => kem.keygen());
      for (let i = 0; i < TAMPERED; i++) {
        const { publicKey, secretKey } = keys[i % KEYS]!;
        const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
        const tampered = ciphertext.slice();
        const changes = 1 + (i % 4); // one to four random bytes changed, each by a nonzero XOR
        const r = randomBytes(3 * changes);
        for (let c = 0; c < 3 * changes; c += 3) {
          const at = (r[c]! | (r[c + 1]! << 8)) % tampered.length;
          tampered[at] = tampered[at]! ^ (1 + (r[c + 2]! % 255));
        }
        const got = kem.decapsulate(tampered, secretKey);
        if (equal(tampered, ciphertext)) continue; // two changes cancelled out: nothing tampered
        if (equal(got, sharedSecret)) assert.fail(`tampered ciphertext ${i} gave the honest secret`);
        if (!equal(got, j(secretKey.subarray(-32), tampered))) assert.fail(`tampered ciphertext ${i}: not J(z ‖ c)`);
      }

      for (let i = 0; i < GARBAGE; i++) {
        const { secretKey } = keys[i % KEYS]!;
        const garbage = randomBytes(kem.sizes.ciphertext);
        const got = kem.decapsulate(garbage, secretKey);
        if (!equal(got, j(secretKey.subarray(-32), garbage))) assert.fail(`random ciphertext ${i}: not J(z ‖ c)`);
      }
    });
  }
}
