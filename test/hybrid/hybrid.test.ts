// The hybrids of mlkem-ts/hybrid: the exported objects and factories, and every hybrid of the
// registry on every backend and curve path under the tests of test/support/hybrid-suites.ts
// (composition against ML-KEM and OpenSSL, round trips, fresh outputs, low-order inputs, random
// ciphertexts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  MLKEM1024_P384,
  MLKEM768_P256,
  MLKEM768_X25519,
  MlKemError,
  SecP256r1MLKEM768,
  SecP384r1MLKEM1024,
  X25519MLKEM768,
  XWing,
  createMLKEM1024_P384,
  createMLKEM768_P256,
  createMLKEM768_X25519,
  createSecP256r1MLKEM768,
  createSecP384r1MLKEM1024,
  createX25519MLKEM768,
  createXWing,
} from '../../src/hybrid/index.js';
import { MlKem1024, MlKem512, MlKem768 } from '../../src/index.js';
import { backends } from '../support/backends.js';
import { equalBytes, randomBytes } from '../support/helpers.js';
import { CURVE_PATHS, hybridsOf, randomScalar } from '../support/hybrid-reference.js';
import { hybridTests } from '../support/hybrid-suites.js';

describe('mlkem-ts/hybrid exports', () => {
  it('exports the six hybrids over the portable core, frozen, with the sizes of their specifications', () => {
    const expected = [
      [XWing, 'X-Wing', { publicKey: 1216, secretKey: 32, ciphertext: 1120, sharedSecret: 32, seed: 32, eseed: 64 }],
      [
        MLKEM768_P256,
        'MLKEM768-P256',
        { publicKey: 1249, secretKey: 32, ciphertext: 1153, sharedSecret: 32, seed: 32, eseed: 160 },
      ],
      [
        MLKEM1024_P384,
        'MLKEM1024-P384',
        { publicKey: 1665, secretKey: 32, ciphertext: 1665, sharedSecret: 32, seed: 32, eseed: 80 },
      ],
      [
        X25519MLKEM768,
        'X25519MLKEM768',
        { publicKey: 1216, secretKey: 96, ciphertext: 1120, sharedSecret: 64, seed: 96, eseed: 64 },
      ],
      [
        SecP256r1MLKEM768,
        'SecP256r1MLKEM768',
        { publicKey: 1249, secretKey: 112, ciphertext: 1153, sharedSecret: 64, seed: 112, eseed: 64 },
      ],
      [
        SecP384r1MLKEM1024,
        'SecP384r1MLKEM1024',
        { publicKey: 1665, secretKey: 136, ciphertext: 1665, sharedSecret: 80, seed: 136, eseed: 80 },
      ],
    ] as const;
    for (const [kem, name, sizes] of expected) {
      assert.equal(kem.name, name);
      assert.ok(Object.isFrozen(kem) && Object.isFrozen(kem.sizes), `${name} not frozen`);
      assert.deepEqual({ ...kem.sizes }, sizes, name);
    }
  });

  it('MLKEM768_X25519 is X-Wing (one object); the unreleased spellings createX25519MlKem768 and the like are gone', async () => {
    assert.equal(MLKEM768_X25519, XWing);
    assert.equal(createMLKEM768_X25519, createXWing);
    const H = await import('../../src/hybrid/index.js');
    for (const old of ['createX25519MlKem768', 'createSecP256r1MlKem768', 'createSecP384r1MlKem1024'])
      assert.ok(!(old in H), old);
  });

  it('the exported objects equal the factories over MlKem768 / MlKem1024', () => {
    const pairs = [
      [XWing, createXWing(MlKem768)],
      [MLKEM768_P256, createMLKEM768_P256(MlKem768)],
      [MLKEM1024_P384, createMLKEM1024_P384(MlKem1024)],
      [X25519MLKEM768, createX25519MLKEM768(MlKem768)],
      [SecP256r1MLKEM768, createSecP256r1MLKEM768(MlKem768)],
      [SecP384r1MLKEM1024, createSecP384r1MLKEM1024(MlKem1024)],
    ] as const;
    for (const [a, b] of pairs) {
      const seed = randomBytes(a.sizes.seed);
      const pa = a.keygen(seed);
      const pb = b.keygen(seed);
      assert.ok(equalBytes(pa.publicKey, pb.publicKey), a.name);
      const eseed =
        a === SecP256r1MLKEM768
          ? Uint8Array.from([...randomScalar('P-256'), ...randomBytes(32)])
          : a === SecP384r1MLKEM1024
            ? Uint8Array.from([...randomScalar('P-384'), ...randomBytes(32)])
            : randomBytes(a.sizes.eseed);
      assert.ok(
        equalBytes(
          a.encapsulateInternal(pa.publicKey, eseed).sharedSecret,
          b.encapsulateInternal(pb.publicKey, eseed).sharedSecret,
        ),
      );
    }
  });

  it('the factories refuse anything but an ML-KEM object of the right parameter set (ERR_INVALID_TYPE)', () => {
    const cases: Array<[string, () => unknown, string]> = [
      ['createXWing(MlKem512)', () => createXWing(MlKem512), 'ML-KEM-768'],
      ['createXWing(MlKem1024)', () => createXWing(MlKem1024), 'ML-KEM-768'],
      ['createX25519MLKEM768(MlKem1024)', () => createX25519MLKEM768(MlKem1024), 'ML-KEM-768'],
      ['createSecP256r1MLKEM768(MlKem512)', () => createSecP256r1MLKEM768(MlKem512), 'ML-KEM-768'],
      ['createSecP384r1MLKEM1024(MlKem768)', () => createSecP384r1MLKEM1024(MlKem768), 'ML-KEM-1024'],
      ['createMLKEM768_P256(MlKem1024)', () => createMLKEM768_P256(MlKem1024), 'ML-KEM-768'],
      ['createMLKEM1024_P384(MlKem768)', () => createMLKEM1024_P384(MlKem768), 'ML-KEM-1024'],
      ['createMLKEM768_P256(null)', () => createMLKEM768_P256(null as never), 'ML-KEM-768'],
      ['createXWing(null)', () => createXWing(null as never), 'ML-KEM-768'],
      ['createXWing({ name })', () => createXWing({ name: 'ML-KEM-768' } as never), 'ML-KEM-768'],
      ['createSecP384r1MLKEM1024(undefined)', () => createSecP384r1MLKEM1024(undefined as never), 'ML-KEM-1024'],
    ];
    for (const [what, fn, expected] of cases) {
      assert.throws(
        fn,
        (err: unknown) =>
          err instanceof MlKemError && err.code === 'ERR_INVALID_TYPE' && err.message.includes(expected),
        what,
      );
    }
  });
});

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    describe(`hybrids on ${backend.name}, ${path} curves`, () => {
      for (const c of hybridsOf(backend, path)) hybridTests(c);
    });
  }
}
