// The hybrids of mlkem-ts/hybrid, on every backend, checked by composition: the ML-KEM half must
// equal the backend's MlKem768 / MlKem1024 on the same seed and m, the classical half must equal
// OpenSSL's (node:crypto) X25519 or ECDH on the same scalars, and X-Wing's combiner must equal
// SHA3-256 of its inputs. Also round trips, the X25519 low-order inputs (X-Wing accepts them,
// X25519MLKEM768 refuses them), random ciphertexts, fresh outputs and the exported objects.
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
import {
  CURVE_PATHS,
  LABELS,
  firstValidWindow,
  halves,
  hybridsOf,
  joinHalves,
  lowOrderEncodings,
  nodeEcPublic,
  nodeEcShared,
  nodeX25519,
  nodeX25519Public,
  randomScalar,
  rfc7748X25519,
  scalarFromSeed,
  sha3_256,
  shake256,
  toHex,
  type HybridCase,
} from '../support/hybrid-reference.js';

/** SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label): the combiner of the concrete hybrid KEMs (X-Wing's §5.3). */
const combiner = (name: string, ssM: Uint8Array, ssX: Uint8Array, ctX: Uint8Array, pkX: Uint8Array): Uint8Array =>
  sha3_256(Uint8Array.from([...ssM, ...ssX, ...ctX, ...pkX, ...Buffer.from(LABELS[name]!, 'latin1')]));
const xwingCombiner = (ssM: Uint8Array, ssX: Uint8Array, ctX: Uint8Array, pkX: Uint8Array): Uint8Array =>
  combiner('X-Wing', ssM, ssX, ctX, pkX);

/** Rounds of the randomized compositional checks (the NIST curves are slow in JavaScript). */
const ROUNDS = {
  'X-Wing': 8,
  'MLKEM768-P256': 4,
  'MLKEM1024-P384': 3,
  X25519MLKEM768: 8,
  SecP256r1MLKEM768: 4,
  SecP384r1MLKEM1024: 3,
} as const;

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
      for (const c of hybridsOf(backend, path)) {
        const { kem, mlkem } = c;
        describe(kem.name, () => {
          it('round trip: keygen(), encapsulate, decapsulate agree; another key does not', () => {
            const a = kem.keygen();
            const b = kem.keygen();
            assert.equal(a.publicKey.length, kem.sizes.publicKey);
            assert.equal(a.secretKey.length, kem.sizes.secretKey);
            assert.ok(equalBytes(a.seed, a.secretKey), 'seed and secretKey differ');
            assert.ok(!equalBytes(a.seed, b.seed), 'two random seeds are equal');
            const enc = kem.encapsulate(a.publicKey);
            assert.equal(enc.ciphertext.length, kem.sizes.ciphertext);
            assert.equal(enc.sharedSecret.length, kem.sizes.sharedSecret);
            assert.ok(equalBytes(kem.decapsulate(enc.ciphertext, a.secretKey), enc.sharedSecret), 'round trip failed');
            assert.ok(!equalBytes(kem.decapsulate(enc.ciphertext, b.secretKey), enc.sharedSecret), 'wrong key agreed');
            const enc2 = kem.encapsulate(a.publicKey);
            assert.ok(
              !equalBytes(enc2.ciphertext, enc.ciphertext) && !equalBytes(enc2.sharedSecret, enc.sharedSecret),
              'encapsulate repeated itself',
            );
            // keygen(seed) rebuilds the pair.
            assert.ok(equalBytes(kem.keygen(a.seed).publicKey, a.publicKey), 'keygen(seed) differs');
          });

          it(`composition: the ML-KEM half equals ${mlkem.name} and the ${c.curve} half equals OpenSSL, on random seeds`, () => {
            for (let round = 0; round < ROUNDS[kem.name]; round++) compositional(c);
          });

          it('outputs are fresh and inputs unchanged', () => {
            const seed = randomBytes(kem.sizes.seed);
            const seedCopy = seed.slice();
            const p1 = kem.keygen(seed);
            const p2 = kem.keygen(seed);
            assert.ok(equalBytes(seed, seedCopy), 'keygen modified seed');
            assert.ok(p1.publicKey !== p2.publicKey && p1.seed !== seed && p1.secretKey !== p1.seed, 'outputs shared');
            assert.ok(p1.seed.buffer !== seed.buffer && p1.secretKey.buffer !== p1.seed.buffer, 'outputs alias');
            const eseed = validEseed(c);
            const [pk, es] = [p1.publicKey.slice(), eseed.slice()];
            const e1 = kem.encapsulateInternal(p1.publicKey, eseed);
            assert.ok(equalBytes(p1.publicKey, pk) && equalBytes(eseed, es), 'encapsulateInternal modified its input');
            assert.ok(e1.ciphertext.buffer !== e1.sharedSecret.buffer, 'ciphertext and shared secret alias');
            const [ct, sk] = [e1.ciphertext.slice(), p1.secretKey.slice()];
            const d1 = kem.decapsulate(e1.ciphertext, p1.secretKey);
            assert.ok(equalBytes(e1.ciphertext, ct) && equalBytes(p1.secretKey, sk), 'decapsulate modified its input');
            // Overwriting outputs changes nothing later.
            const expected = e1.sharedSecret.slice();
            for (const arr of [p1.publicKey, p1.secretKey, p1.seed, e1.sharedSecret, d1]) arr.fill(0xa5);
            assert.ok(
              equalBytes(
                kem.decapsulate(kem.encapsulateInternal(p2.publicKey, eseed).ciphertext, p2.secretKey),
                expected,
              ),
            );
          });

          if (c.curve === 'X25519') {
            lowOrderTests(c);
            it('decapsulating 100 random ciphertexts of the right length never throws', () => {
              const pair = kem.keygen();
              for (let i = 0; i < 100; i++) {
                const out = kem.decapsulate(randomBytes(kem.sizes.ciphertext), pair.secretKey);
                assert.equal(out.length, kem.sizes.sharedSecret);
              }
            });
          } else {
            it('random ciphertexts: a valid ECDH share is never refused; random bytes in its place are refused only with ERR_INVALID_PUBLIC_KEY', () => {
              const pair = kem.keygen();
              for (let i = 0; i < 6; i++) {
                const share = nodeEcPublic(c.curve as 'P-256' | 'P-384', randomScalar(c.curve as 'P-256' | 'P-384'));
                const ct = joinHalves(c, randomBytes(mlkem.sizes.ciphertext), share);
                assert.equal(kem.decapsulate(ct, pair.secretKey).length, kem.sizes.sharedSecret);
              }
              for (let i = 0; i < 50; i++) {
                const ct = randomBytes(kem.sizes.ciphertext);
                try {
                  kem.decapsulate(ct, pair.secretKey);
                  assert.fail('a random share was accepted (a 2^-128 event)');
                } catch (err) {
                  assert.ok(
                    err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY',
                    `random ciphertext ${i}: ${String(err)}`,
                  );
                }
              }
            });
          }
        });
      }
    });
  }
}

/** An eseed with a valid ephemeral scalar for the hybrid. */
function validEseed(c: HybridCase): Uint8Array {
  if (c.curve === 'X25519' || c.concrete) return randomBytes(c.kem.sizes.eseed);
  return joinHalves(c, randomBytes(32), randomScalar(c.curve));
}

/** One round of the compositional check of a hybrid against its parts. */
function compositional(c: HybridCase): void {
  const { kem, mlkem } = c;
  const seed = randomBytes(kem.sizes.seed);
  const pair = kem.keygen(seed);
  const eseed = validEseed(c);
  const enc = kem.encapsulateInternal(pair.publicKey, eseed);
  assert.ok(equalBytes(kem.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret), 'round trip');

  if (c.concrete) {
    // expandKey: SHAKE256(seed, 64 + Group.Nseed) = d ‖ z ‖ seed_T; dk_T = RandomScalar(seed_T); pk = ek_PQ ‖ Exp(G, dk_T).
    const expanded = shake256(seed, 64 + c.ecSeed);
    const inner = mlkem.keygen(expanded.subarray(0, 64));
    const seedT = expanded.subarray(64);
    const dkT = c.curve === 'X25519' ? seedT : firstValidWindow(c.curve, seedT);
    const pub = (k: Uint8Array) => (c.curve === 'X25519' ? nodeX25519Public(k) : nodeEcPublic(c.curve, k));
    const dh = (k: Uint8Array, e: Uint8Array) =>
      c.curve === 'X25519' ? nodeX25519(k, e) : nodeEcShared(c.curve, k, e);
    const pkT = pub(dkT);
    assert.equal(toHex(pair.publicKey), toHex(inner.publicKey) + toHex(pkT), `${kem.name} public key`);
    // EncapsDerand: eseed = m ‖ group seed; ct = ct_PQ ‖ Exp(G, e); ss = SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label).
    const m = eseed.subarray(0, 32);
    const e = c.curve === 'X25519' ? eseed.subarray(32) : firstValidWindow(c.curve, eseed.subarray(32));
    const innerEnc = mlkem.encapsulateInternal(inner.publicKey, m);
    const ctT = pub(e);
    assert.equal(toHex(enc.ciphertext), toHex(innerEnc.ciphertext) + toHex(ctT), `${kem.name} ciphertext`);
    const ssT = dh(e, pkT);
    assert.ok(equalBytes(ssT, dh(dkT, ctT)), 'OpenSSL disagrees with itself');
    assert.equal(
      toHex(enc.sharedSecret),
      toHex(combiner(kem.name, innerEnc.sharedSecret, ssT, ctT, pkT)),
      `${kem.name} shared secret`,
    );
    return;
  }

  // RFC 10024: secret key and seed = ML-KEM d ‖ z and ECDH seed material, in the group's order.
  const skHalves = halves(c, seed, c.ecSeed);
  const inner = mlkem.keygen(skHalves.kem);
  const pk = halves(c, pair.publicKey, c.share);
  assert.ok(equalBytes(pk.kem, inner.publicKey), 'ML-KEM half of the public key');
  const es = halves(c, eseed, c.scalar);
  const innerEnc = mlkem.encapsulateInternal(inner.publicKey, es.kem);
  const ct = halves(c, enc.ciphertext, c.share);
  const ss = halves(c, enc.sharedSecret, c.secret);
  assert.ok(equalBytes(ct.kem, innerEnc.ciphertext), 'ML-KEM half of the ciphertext');
  assert.ok(equalBytes(ss.kem, innerEnc.sharedSecret), 'ML-KEM half of the shared secret');
  assert.ok(equalBytes(mlkem.decapsulate(ct.kem, inner.secretKey), ss.kem), 'ML-KEM decapsulation');

  if (c.curve === 'X25519') {
    const k = skHalves.ec; // the X25519 scalar itself
    assert.ok(equalBytes(pk.ec, nodeX25519Public(k)), 'X25519 public share');
    assert.ok(equalBytes(ct.ec, nodeX25519Public(es.ec)), 'X25519 ephemeral share');
    assert.ok(equalBytes(ss.ec, nodeX25519(es.ec, pk.ec)), 'X25519 shared secret (server side)');
    assert.ok(equalBytes(ss.ec, nodeX25519(k, ct.ec)), 'X25519 shared secret (client side)');
  } else {
    const d = scalarFromSeed(c.curve, skHalves.ec); // (c mod (n - 1)) + 1, computed in the test
    assert.ok(equalBytes(pk.ec, nodeEcPublic(c.curve, d)), `${c.curve} public share`);
    assert.ok(equalBytes(ct.ec, nodeEcPublic(c.curve, es.ec)), `${c.curve} ephemeral share`);
    assert.ok(equalBytes(ss.ec, nodeEcShared(c.curve, es.ec, pk.ec)), `${c.curve} shared secret (server side)`);
    assert.ok(equalBytes(ss.ec, nodeEcShared(c.curve, d, ct.ec)), `${c.curve} shared secret (client side)`);
  }
}

/** X25519 low-order inputs: X-Wing computes with ss_X = 0 (it refuses nothing); X25519MLKEM768 refuses. */
function lowOrderTests(c: HybridCase): void {
  const { kem, mlkem } = c;
  const lowOrder = lowOrderEncodings();

  it('the low-order u encodings give all zeros by RFC 7748 and are refused by OpenSSL (control for the tests below)', () => {
    const k = randomBytes(32);
    for (const [name, u] of lowOrder) {
      assert.ok(
        rfc7748X25519(k, u).every((b) => b === 0),
        `RFC 7748 X25519(k, ${name}) is not zero`,
      );
      assert.throws(() => nodeX25519(k, u), Error, `OpenSSL accepted ${name}`);
    }
    // The written-out ladder agrees with OpenSSL on ordinary inputs.
    const u = nodeX25519Public(randomBytes(32));
    assert.ok(equalBytes(rfc7748X25519(k, u), nodeX25519(k, u)), 'RFC 7748 ladder disagrees with OpenSSL');
  });

  if (kem.name === 'X-Wing') {
    it('X-Wing: a low-order pk_X or ct_X is not refused; ss_X = 0 enters the combiner (draft -10 §5.4, §5.5)', () => {
      const pair = kem.keygen();
      const pkM = pair.publicKey.subarray(0, 1184);
      const inner = mlkem.keygen(shake256(pair.seed, 96).subarray(0, 64));
      const pkX = pair.publicKey.subarray(1184);
      for (const [name, u] of lowOrder) {
        // Encapsulation to a public key whose X25519 part is low order.
        const eseed = randomBytes(64);
        const bad = Uint8Array.from([...pkM, ...u]);
        const enc = kem.encapsulateInternal(bad, eseed);
        const innerEnc = mlkem.encapsulateInternal(pkM, eseed.subarray(0, 32));
        const ctX = nodeX25519Public(eseed.subarray(32));
        assert.equal(toHex(enc.ciphertext), toHex(innerEnc.ciphertext) + toHex(ctX), name);
        assert.equal(
          toHex(enc.sharedSecret),
          toHex(xwingCombiner(innerEnc.sharedSecret, new Uint8Array(32), ctX, u)),
          `encapsulate to ${name}`,
        );
        assert.equal(kem.encapsulate(bad).sharedSecret.length, 32);
        // Decapsulation of a ciphertext whose X25519 part is low order.
        const ct = Uint8Array.from([...enc.ciphertext.subarray(0, 1088), ...u]);
        const ssM = mlkem.decapsulate(ct.subarray(0, 1088), inner.secretKey);
        assert.equal(
          toHex(kem.decapsulate(ct, pair.secretKey)),
          toHex(xwingCombiner(ssM, new Uint8Array(32), u, pkX)),
          `decapsulate ${name}`,
        );
      }
    });
  } else {
    it('X25519MLKEM768: a low-order client or server X25519 share is refused with ERR_INVALID_PUBLIC_KEY (RFC 10024 §4.3)', () => {
      const pair = kem.keygen();
      const enc = kem.encapsulate(pair.publicKey);
      for (const [name, u] of lowOrder) {
        const badPk = Uint8Array.from([...pair.publicKey.subarray(0, 1184), ...u]);
        for (const call of [() => kem.encapsulate(badPk), () => kem.encapsulateInternal(badPk, randomBytes(64))]) {
          assert.throws(call, (err: unknown) => {
            assert.ok(err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY', `${name}: ${String(err)}`);
            assert.match(err.message, /publicKey/);
            assert.match(err.message, /all-zero/);
            return true;
          });
        }
        const badCt = Uint8Array.from([...enc.ciphertext.subarray(0, 1088), ...u]);
        assert.throws(
          () => kem.decapsulate(badCt, pair.secretKey),
          (err: unknown) => {
            assert.ok(err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY', `${name}: ${String(err)}`);
            assert.match(err.message, /ciphertext/);
            return true;
          },
        );
      }
      // Control: the same key and ciphertext with their own shares work.
      assert.ok(equalBytes(kem.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret));
    });
  }
}
