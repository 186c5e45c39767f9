// The example keys of RFC 9935 (../shared/vectors/rfc9935, README there): every good key decodes
// to the keys derived from the seed 00 01 … 3f, our encoder writes each file back byte for byte,
// and the four bad keys are refused with ERR_INVALID_SECRET_KEY — the second one only with the
// pairwise-consistency option, since it passes every check that needs no decapsulation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromPem, kemFor, toPem } from '../../src/keys/index.js';
import { FORMS, LEVELS, expectError } from '../support/api.js';
import { equalBytes } from '../support/helpers.js';
import { vectorFolder } from '../support/vectors.js';

const dir = vectorFolder('rfc9935');
const read = (name: string): string => readFileSync(join(dir!, name), 'utf8');
const seed = Uint8Array.from({ length: 64 }, (_, i) => i);

describe('RFC 9935 example keys', { skip: dir === undefined ? 'vectors missing (notice above)' : false }, () => {
  for (const algorithm of LEVELS) {
    describe(algorithm, () => {
      const kem = kemFor(algorithm);
      const expected = kem.keygen(seed);

      it(`${algorithm}.pub decodes to the public key of seed 00..3f and is re-encoded byte for byte`, () => {
        const text = read(`${algorithm}.pub`);
        const { label, der } = fromPem(text);
        assert.equal(label, 'PUBLIC KEY');
        const info = decodeSpki(der);
        assert.equal(info.algorithm, algorithm);
        assert.ok(equalBytes(info.publicKey, expected.publicKey), 'public key differs from keygen(00..3f)');
        assert.ok(equalBytes(encodeSpki(info.publicKey), der), 'DER differs');
        assert.equal(toPem(encodeSpki(expected.publicKey), 'PUBLIC KEY'), text, 'PEM text differs');
      });

      for (const form of FORMS) {
        it(`${algorithm}-${form}.priv decodes to the keys of seed 00..3f and is re-encoded byte for byte`, () => {
          const text = read(`${algorithm}-${form}.priv`);
          const { label, der } = fromPem(text);
          assert.equal(label, 'PRIVATE KEY');
          const info = decodePkcs8(der);
          assert.equal(info.algorithm, algorithm);
          assert.ok(equalBytes(info.secretKey, expected.secretKey), 'secret key differs');
          assert.ok(equalBytes(info.publicKey, expected.publicKey), 'public key differs');
          if (form === 'expanded') assert.equal(info.seed, undefined, 'an expanded key has no seed');
          else assert.ok(equalBytes(info.seed, seed), 'seed differs');
          // Our encoder writes the same file from the keygen output (which holds seed and dk).
          assert.equal(toPem(encodePkcs8(expected, { form }), 'PRIVATE KEY'), text, 'PEM text differs');
          // ... and from what was decoded; the default form is the seed's when it is known.
          assert.ok(equalBytes(encodePkcs8(info, form === 'both' ? { form } : undefined), der), 'round trip differs');
          // The pairwise check passes on good keys.
          assert.ok(equalBytes(decodePkcs8(der, { pairwiseCheck: true }).secretKey, expected.secretKey));
        });
      }
    });
  }

  describe('bad keys', () => {
    const bad = (n: number) => fromPem(read(`bad-ML-KEM-512-${n}.priv`)).der;
    const good = kemFor('ML-KEM-512').keygen(seed);

    it('bad-1 (both; seed and expandedKey inconsistent) is refused: ERR_INVALID_SECRET_KEY', () => {
      assert.equal(bad(1)[24], 0x30, 'not the both form'); // the CHOICE tag: after SEQUENCE (4), version (3), algorithm (13), privateKey header (4)
      const err = expectError(() => decodePkcs8(bad(1)), 'ERR_INVALID_SECRET_KEY', 'bad-1');
      assert.match(err.message, /seed and the expandedKey .* disagree/);
    });

    it('bad-2 (expanded; s_0 altered, H(ek) valid) is refused by the default pairwise check, accepted only with pairwiseCheck: false', () => {
      const der = bad(2);
      const err = expectError(() => decodePkcs8(der), 'ERR_INVALID_SECRET_KEY', 'bad-2 by default');
      assert.match(err.message, /pairwise-consistency/);
      expectError(
        () => decodePkcs8(der, { pairwiseCheck: true }),
        'ERR_INVALID_SECRET_KEY',
        'bad-2 with pairwiseCheck',
      );
      const info = decodePkcs8(der, { pairwiseCheck: false }); // nothing short of a decapsulation can tell
      assert.equal(info.algorithm, 'ML-KEM-512');
      assert.ok(equalBytes(info.publicKey, good.publicKey), 'bad-2 carries the public key of seed 00..3f');
      assert.ok(!equalBytes(info.secretKey, good.secretKey), 'bad-2 is the good key');
    });

    it('bad-3 (expanded; H(ek) altered) fails the FIPS 203 §7.3 hash check: ERR_INVALID_SECRET_KEY', () => {
      const err = expectError(() => decodePkcs8(bad(3)), 'ERR_INVALID_SECRET_KEY', 'bad-3');
      assert.match(err.message, /§7\.3/);
    });

    it('bad-4 (both; differs from the seed only in z) is refused by the seed-consistency check: ERR_INVALID_SECRET_KEY', () => {
      const der = bad(4);
      // Check the premise: the stored expandedKey equals the seed's dk except in its last 32 bytes (z).
      const dk = der.subarray(der.length - 1632);
      const fileSeed = der.subarray(der.length - 1632 - 4 - 64, der.length - 1632 - 4);
      const derived = kemFor('ML-KEM-512').keygen(fileSeed).secretKey;
      assert.ok(equalBytes(dk.subarray(0, 1600), derived.subarray(0, 1600)), 'bad-4 differs before z');
      assert.ok(!equalBytes(dk.subarray(1600), derived.subarray(1600)), 'bad-4 does not differ in z');
      const err = expectError(() => decodePkcs8(der), 'ERR_INVALID_SECRET_KEY', 'bad-4');
      assert.match(err.message, /seed and the expandedKey .* disagree/);
    });
  });
});
