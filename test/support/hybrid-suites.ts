// The tests every hybrid gets on every backend and curve path (test/hybrid/hybrid.test.ts runs them
// over the registry's hybrids, test/hybrid/new-hybrid.test.ts over one made from an entry alone),
// checked by composition: the ML-KEM half must equal the backend's ML-KEM object on the same seed
// and m, the classical half must equal OpenSSL's on the same scalars, and a concrete hybrid's
// combiner must equal SHA3-256 of its inputs. Also round trips, fresh outputs, the X25519
// low-order inputs (X-Wing takes them, the TLS group refuses them) and random ciphertexts. What
// differs between curves comes from the curve's record (hybrid-reference.ts), never its name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/hybrid/index.js';
import { equalBytes, randomBytes } from './helpers.js';
import {
  halves,
  joinHalves,
  lowOrderEncodings,
  nodeX25519,
  nodeX25519Public,
  rfc7748X25519,
  sha3_256,
  shake256,
  toHex,
  validEseed,
  type HybridCase,
} from './hybrid-reference.js';

/** SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label): the combiner of the concrete hybrid KEMs (X-Wing's §5.3). */
const combiner = (c: HybridCase, ssM: Uint8Array, ssX: Uint8Array, ctX: Uint8Array, pkX: Uint8Array): Uint8Array =>
  sha3_256(Uint8Array.from([...ssM, ...ssX, ...ctX, ...pkX, ...Buffer.from(c.label, 'latin1')]));

/** The behavioural tests of one hybrid on one backend and curve path. */
export function hybridTests(c: HybridCase): void {
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
      for (let round = 0; round < c.ref.rounds; round++) compositional(c);
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
        equalBytes(kem.decapsulate(kem.encapsulateInternal(p2.publicKey, eseed).ciphertext, p2.secretKey), expected),
      );
    });

    if (!c.ref.refusesInvalid) {
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
          const share = c.ref.publicOf(c.ref.randomScalar());
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

/** One round of the compositional check of a hybrid against its parts. */
function compositional(c: HybridCase): void {
  const { kem, mlkem, ref } = c;
  const seed = randomBytes(kem.sizes.seed);
  const pair = kem.keygen(seed);
  const eseed = validEseed(c);
  const enc = kem.encapsulateInternal(pair.publicKey, eseed);
  assert.ok(equalBytes(kem.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret), 'round trip');

  if (c.concrete) {
    // expandKey: SHAKE256(seed, 64 + Group.Nseed) = d ‖ z ‖ seed_T; dk_T = RandomScalar(seed_T); pk = ek_PQ ‖ Exp(G, dk_T).
    const expanded = shake256(seed, 64 + c.ecSeed);
    const inner = mlkem.keygen(expanded.subarray(0, 64));
    const dkT = ref.concreteScalar(expanded.subarray(64));
    const pkT = ref.publicOf(dkT);
    assert.equal(toHex(pair.publicKey), toHex(inner.publicKey) + toHex(pkT), `${kem.name} public key`);
    // EncapsDerand: eseed = m ‖ group seed; ct = ct_PQ ‖ Exp(G, e); ss = SHA3-256(ss_PQ ‖ ss_T ‖ ct_T ‖ ek_T ‖ label).
    const m = eseed.subarray(0, 32);
    const e = ref.concreteScalar(eseed.subarray(32));
    const innerEnc = mlkem.encapsulateInternal(inner.publicKey, m);
    const ctT = ref.publicOf(e);
    assert.equal(toHex(enc.ciphertext), toHex(innerEnc.ciphertext) + toHex(ctT), `${kem.name} ciphertext`);
    const ssT = ref.dh(e, pkT);
    assert.ok(equalBytes(ssT, ref.dh(dkT, ctT)), 'OpenSSL disagrees with itself');
    assert.equal(
      toHex(enc.sharedSecret),
      toHex(combiner(c, innerEnc.sharedSecret, ssT, ctT, pkT)),
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

  const d = ref.tlsScalar(skHalves.ec); // X25519: the seed material itself; P-256, P-384: (c mod (n - 1)) + 1
  assert.ok(equalBytes(pk.ec, ref.publicOf(d)), `${c.curve} public share`);
  assert.ok(equalBytes(ct.ec, ref.publicOf(es.ec)), `${c.curve} ephemeral share`);
  assert.ok(equalBytes(ss.ec, ref.dh(es.ec, pk.ec)), `${c.curve} shared secret (server side)`);
  assert.ok(equalBytes(ss.ec, ref.dh(d, ct.ec)), `${c.curve} shared secret (client side)`);
}

/**
 * X25519's low-order inputs: a concrete hybrid (X-Wing) computes with ss_X = 0 and refuses nothing
 * (draft-connolly-cfrg-xwing-kem-10, §5.4, §5.5); an RFC 10024 group refuses them (§4.3).
 */
function lowOrderTests(c: HybridCase): void {
  const { kem, mlkem } = c;
  const lowOrder = lowOrderEncodings();
  const [nEk, nCt] = [mlkem.sizes.publicKey, mlkem.sizes.ciphertext];

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

  if (c.concrete) {
    it(`${kem.name}: a low-order pk_X or ct_X is not refused; ss_X = 0 enters the combiner (draft -10 §5.4, §5.5)`, () => {
      const pair = kem.keygen();
      const pkM = pair.publicKey.subarray(0, nEk);
      const inner = mlkem.keygen(shake256(pair.seed, 64 + c.ecSeed).subarray(0, 64));
      const pkX = pair.publicKey.subarray(nEk);
      for (const [name, u] of lowOrder) {
        // Encapsulation to a public key whose X25519 part is low order.
        const eseed = randomBytes(kem.sizes.eseed);
        const bad = Uint8Array.from([...pkM, ...u]);
        const enc = kem.encapsulateInternal(bad, eseed);
        const innerEnc = mlkem.encapsulateInternal(pkM, eseed.subarray(0, 32));
        const ctX = nodeX25519Public(eseed.subarray(32));
        assert.equal(toHex(enc.ciphertext), toHex(innerEnc.ciphertext) + toHex(ctX), name);
        assert.equal(
          toHex(enc.sharedSecret),
          toHex(combiner(c, innerEnc.sharedSecret, new Uint8Array(32), ctX, u)),
          `encapsulate to ${name}`,
        );
        assert.equal(kem.encapsulate(bad).sharedSecret.length, 32);
        // Decapsulation of a ciphertext whose X25519 part is low order.
        const ct = Uint8Array.from([...enc.ciphertext.subarray(0, nCt), ...u]);
        const ssM = mlkem.decapsulate(ct.subarray(0, nCt), inner.secretKey);
        assert.equal(
          toHex(kem.decapsulate(ct, pair.secretKey)),
          toHex(combiner(c, ssM, new Uint8Array(32), u, pkX)),
          `decapsulate ${name}`,
        );
      }
    });
  } else {
    it(`${kem.name}: a low-order client or server X25519 share is refused with ERR_INVALID_PUBLIC_KEY (RFC 10024 §4.3)`, () => {
      const pair = kem.keygen();
      const enc = kem.encapsulate(pair.publicKey);
      const withShare = (bytes: Uint8Array, u: Uint8Array) => joinHalves(c, halves(c, bytes, c.share).kem, u);
      for (const [name, u] of lowOrder) {
        const badPk = withShare(pair.publicKey, u);
        for (const call of [
          () => kem.encapsulate(badPk),
          () => kem.encapsulateInternal(badPk, randomBytes(kem.sizes.eseed)),
        ]) {
          assert.throws(call, (err: unknown) => {
            assert.ok(err instanceof MlKemError && err.code === 'ERR_INVALID_PUBLIC_KEY', `${name}: ${String(err)}`);
            assert.match(err.message, /publicKey/);
            assert.match(err.message, /all-zero/);
            return true;
          });
        }
        assert.throws(
          () => kem.decapsulate(withShare(enc.ciphertext, u), pair.secretKey),
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

/** The outcome of a call, as comparable text: the bytes it returned or the error it threw. */
function outcome(f: () => unknown): string {
  try {
    const r = f();
    if (r instanceof Uint8Array) return toHex(r);
    const o = r as Record<string, Uint8Array>;
    return Object.keys(o)
      .sort()
      .map((k) => `${k}=${toHex(o[k]!)}`)
      .join(' ');
  } catch (err) {
    assert.ok(err instanceof MlKemError, `a foreign error: ${String(err)}`);
    return `${err.code}: ${err.message}`;
  }
}

/** Inputs to try on two curve paths: valid ones and the adversarial ones each hybrid must treat alike. */
function inputs(c: HybridCase): Array<[string, (kem: HybridCase['kem']) => unknown]> {
  const seed = randomBytes(c.kem.sizes.seed);
  const eseed = validEseed(c);
  const pair = c.kem.keygen(seed);
  const enc = c.kem.encapsulateInternal(pair.publicKey, eseed);
  const withShare = (bytes: Uint8Array, share: Uint8Array) => joinHalves(c, halves(c, bytes, c.share).kem, share);
  const randomKemPart = withShare(randomBytes(c.kem.sizes.ciphertext), halves(c, enc.ciphertext, c.share).ec);
  const randomCiphertext = randomBytes(c.kem.sizes.ciphertext);
  const list: Array<[string, (kem: HybridCase['kem']) => unknown]> = [
    ['keygen(seed)', (k) => k.keygen(seed)],
    ['encapsulateInternal', (k) => k.encapsulateInternal(pair.publicKey, eseed)],
    ['decapsulate', (k) => k.decapsulate(enc.ciphertext, pair.secretKey)],
    ['decapsulate of a random ML-KEM part', (k) => k.decapsulate(randomKemPart, pair.secretKey)],
    ['decapsulate of random bytes', (k) => k.decapsulate(randomCiphertext, pair.secretKey)],
  ];
  for (const [name, share] of c.ref.badShares()) {
    list.push([
      `encapsulateInternal to a public key with share ${name}`,
      (k) => k.encapsulateInternal(withShare(pair.publicKey, share), eseed),
    ]);
    list.push([
      `decapsulate of a ciphertext with share ${name}`,
      (k) => k.decapsulate(withShare(enc.ciphertext, share), pair.secretKey),
    ]);
  }
  const invalid = c.ref.invalidScalar;
  if (invalid !== undefined) {
    const bad = c.concrete
      ? new Uint8Array(c.kem.sizes.eseed).fill(0xff) // no window below n
      : joinHalves(c, randomBytes(32), invalid);
    list.push(['encapsulateInternal with an invalid eseed scalar', (k) => k.encapsulateInternal(pair.publicKey, bad)]);
  }
  return list;
}

/** The same hybrid on two curve paths gives the same bytes and the same errors (code and message). */
export function assertPathsAgree(a: HybridCase, b: HybridCase): void {
  for (let round = 0; round < 2; round++) {
    for (const [what, call] of inputs(a)) {
      assert.equal(
        outcome(() => call(a.kem)),
        outcome(() => call(b.kem)),
        `${a.kem.name}: ${what}`,
      );
    }
  }
}
