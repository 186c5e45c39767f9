// Bad input to the hybrids, per backend, as for the core (test/core/errors.test.ts): every wrong
// length and every wrong type of every argument; an ML-KEM encapsulation key with a coefficient
// >= q inside the hybrid public key (FIPS 203 §7.2); for the NIST groups, invalid points in the
// client and server shares (RFC 9846 §4.3.8.2) and out-of-range ephemeral scalars in eseed. Every
// call checks afterwards, also when it throws, that no argument was modified.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { HybridKem, MlKemError } from '../../src/hybrid/index.js';
import { expectError, invoke, type KemMethod, wordRe } from '../support/api.js';
import { backends } from '../support/backends.js';
import { Q, equalBytes, getCoeff, randomBytes, setCoeff, wrongTypes } from '../support/helpers.js';
import {
  CURVE_ORDER,
  CURVE_PATHS,
  FIELD_PRIME,
  bigEndian,
  bigEndianBytes,
  halves,
  hybridsOf,
  joinHalves,
  validEseed,
  type HybridCase,
} from '../support/hybrid-reference.js';

/** The integers of a message, leaving out those in algorithm, curve and document names. */
function numbersIn(message: string, kemName: string): Set<number> {
  const cleaned = message.replace(kemName, '').replace(/ML-KEM-\d+|P-\d+|X25519|FIPS 203|RFC \d+|§[\d.]+/g, '');
  return new Set((cleaned.match(/\d+/g) ?? []).map(Number));
}

for (const backend of backends) {
  for (const path of CURVE_PATHS) {
    describe(`hybrid errors on ${backend.name}, ${path} curves`, () => {
      for (const c of hybridsOf(backend, path)) {
        const { kem } = c;
        describe(kem.name, () => {
          const fixture = () => {
            const pair = invoke(kem, 'keygen', [randomBytes(kem.sizes.seed)]) as ReturnType<HybridKem['keygen']>;
            const eseed = validEseed(c);
            const enc = invoke(kem, 'encapsulateInternal', [pair.publicKey, eseed]) as ReturnType<
              HybridKem['encapsulate']
            >;
            return { pair, eseed, enc };
          };
          const { pair, eseed, enc } = fixture();
          const valid: Record<string, Uint8Array> = {
            seed: pair.seed,
            publicKey: pair.publicKey,
            eseed,
            ciphertext: enc.ciphertext,
            secretKey: pair.secretKey,
          };
          const cases: Array<{ method: KemMethod; arg: string; length: number; call: (bad: unknown) => unknown }> = [
            { method: 'keygen', arg: 'seed', length: kem.sizes.seed, call: (bad) => invoke(kem, 'keygen', [bad]) },
            {
              method: 'encapsulate',
              arg: 'publicKey',
              length: kem.sizes.publicKey,
              call: (bad) => invoke(kem, 'encapsulate', [bad]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'publicKey',
              length: kem.sizes.publicKey,
              call: (bad) => invoke(kem, 'encapsulateInternal', [bad, eseed]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'eseed',
              length: kem.sizes.eseed,
              call: (bad) => invoke(kem, 'encapsulateInternal', [pair.publicKey, bad]),
            },
            {
              method: 'decapsulate',
              arg: 'ciphertext',
              length: kem.sizes.ciphertext,
              call: (bad) => invoke(kem, 'decapsulate', [bad, pair.secretKey]),
            },
            {
              method: 'decapsulate',
              arg: 'secretKey',
              length: kem.sizes.secretKey,
              call: (bad) => invoke(kem, 'decapsulate', [enc.ciphertext, bad]),
            },
          ];

          it('the fixture is valid (control)', () => {
            assert.ok(equalBytes(invoke(kem, 'decapsulate', [enc.ciphertext, pair.secretKey]), enc.sharedSecret));
          });

          describe('every wrong length throws ERR_INVALID_LENGTH naming the argument and both lengths', () => {
            for (const t of cases) {
              it(`${t.method} ${t.arg}: lengths 0..${t.length + 100} except ${t.length}`, () => {
                let checked = 0;
                for (let len = 0; len <= t.length + 100; len++) {
                  if (len === t.length) continue;
                  const bad = new Uint8Array(len);
                  bad.set(valid[t.arg]!.subarray(0, Math.min(len, t.length))); // only the length is wrong
                  const what = `${kem.name} ${t.method} ${t.arg} of ${len} bytes`;
                  expectError(
                    () => t.call(bad),
                    'ERR_INVALID_LENGTH',
                    what,
                    (err) => {
                      assert.match(err.message, wordRe(t.arg), `${what}: ${err.message}`);
                      assert.ok(
                        err.message.startsWith(kem.name),
                        `${what}: message does not name ${kem.name}: ${err.message}`,
                      );
                      const nums = numbersIn(err.message, kem.name);
                      assert.ok(
                        nums.has(t.length) && nums.has(len),
                        `${what}: message lacks ${t.length} or ${len}: ${err.message}`,
                      );
                    },
                  );
                  checked++;
                }
                assert.equal(checked, t.length + 100);
              });
            }
          });

          describe('every wrong type throws ERR_INVALID_TYPE naming the argument', () => {
            for (const t of cases) {
              it(`${t.method} ${t.arg}`, () => {
                // keygen() is valid: no undefined for it.
                for (const [label, bad] of wrongTypes(t.length, t.method === 'keygen')) {
                  const what = `${kem.name} ${t.method} ${t.arg} given ${label}`;
                  expectError(
                    () => t.call(bad),
                    'ERR_INVALID_TYPE',
                    what,
                    (err) => {
                      assert.match(err.message, wordRe(t.arg), `${what}: ${err.message}`);
                      assert.match(err.message, /Uint8Array/, `${what}: ${err.message}`);
                    },
                  );
                }
              });
            }
          });

          it('an ML-KEM ek with a coefficient >= q inside publicKey throws ERR_INVALID_PUBLIC_KEY (FIPS 203 §7.2)', () => {
            const ekOffset = c.kemFirst ? 0 : c.share;
            const count = (c.mlkem.name === 'ML-KEM-1024' ? 4 : 3) * 256;
            for (const pos of [0, count / 2 + 1, count - 1]) {
              const edge = pair.publicKey.slice();
              setCoeff(edge.subarray(ekOffset), pos, Q - 1); // control: q - 1 is valid
              assert.equal(
                (invoke(kem, 'encapsulateInternal', [edge, eseed]) as { ciphertext: Uint8Array }).ciphertext.length,
                kem.sizes.ciphertext,
              );
              for (const value of [Q, 4095]) {
                const bad = pair.publicKey.slice();
                setCoeff(bad.subarray(ekOffset), pos, value);
                assert.equal(getCoeff(bad.subarray(ekOffset), pos), value);
                const what = `${kem.name} ek coefficient ${pos} = ${value}`;
                const check = (err: MlKemError) => {
                  assert.match(err.message, wordRe('publicKey'), `${what}: ${err.message}`);
                  assert.match(err.message, /7\.2/, `${what}: ${err.message}`);
                };
                expectError(
                  () => invoke(kem, 'encapsulate', [bad]),
                  'ERR_INVALID_PUBLIC_KEY',
                  `${what}: encapsulate`,
                  check,
                );
                expectError(
                  () => invoke(kem, 'encapsulateInternal', [bad, eseed]),
                  'ERR_INVALID_PUBLIC_KEY',
                  `${what}: encapsulateInternal`,
                  check,
                );
              }
            }
          });

          if (c.ref.refusesInvalid) nistTests(c, pair, eseed, enc);
        });
      }
    });
  }
}

/** The curves that refuse invalid elements (P-256, P-384): invalid ECDH shares in publicKey and ciphertext; out-of-range eseed scalars. */
function nistTests(
  c: HybridCase,
  pair: ReturnType<HybridKem['keygen']>,
  eseed: Uint8Array,
  enc: ReturnType<HybridKem['encapsulate']>,
): void {
  const { kem } = c;
  const curve = c.curve as keyof typeof FIELD_PRIME; // a Weierstrass curve: its points have x and y
  const L = c.scalar;
  const p = FIELD_PRIME[curve];
  const n = CURVE_ORDER[curve];

  /** Invalid encodings of a share, derived from the valid share `good`. */
  const invalidShares = (good: Uint8Array): Array<[string, Uint8Array]> => {
    const x = good.subarray(1, 1 + L);
    const y = good.subarray(1 + L);
    const point = (head: number, xs: Uint8Array, ys: Uint8Array) => Uint8Array.from([head, ...xs, ...ys]);
    const list: Array<[string, Uint8Array]> = [];
    for (const head of [0x00, 0x02, 0x03, 0x05, 0x06, 0x07, 0xff])
      list.push([`first byte 0x${head.toString(16)}`, point(head, x, y)]);
    const yPlus1 = bigEndianBytes((bigEndian(y) + 1n) % p, L);
    list.push(['y + 1 (off the curve)', point(4, x, yPlus1)]);
    list.push(['x + 1 (off the curve)', point(4, bigEndianBytes((bigEndian(x) + 1n) % p, L), y)]);
    list.push(['x = p', point(4, bigEndianBytes(p, L), y)]);
    list.push([
      'y = p + y mod 2^bits (>= p)',
      point(4, x, bigEndianBytes(p + (bigEndian(y) % (2n ** BigInt(8 * L) - p)), L)),
    ]);
    list.push(['x = 2^bits - 1', point(4, new Uint8Array(L).fill(0xff), y)]);
    list.push(['(0, 0): the identity stand-in', point(4, new Uint8Array(L), new Uint8Array(L))]);
    list.push(['all zero', new Uint8Array(1 + 2 * L)]);
    list.push(['random', randomBytes(1 + 2 * L)]);
    return list;
  };

  it('invalid client shares in publicKey throw ERR_INVALID_PUBLIC_KEY (RFC 9846 §4.3.8.2)', () => {
    const pk = halves(c, pair.publicKey, c.share);
    // Control: the share with y negated is a valid point.
    const negY = Uint8Array.from([
      4,
      ...pk.ec.subarray(1, 1 + L),
      ...bigEndianBytes(p - bigEndian(pk.ec.subarray(1 + L)), L),
    ]);
    assert.equal(
      (invoke(kem, 'encapsulateInternal', [joinHalves(c, pk.kem, negY), eseed]) as { sharedSecret: Uint8Array })
        .sharedSecret.length,
      kem.sizes.sharedSecret,
    );
    for (const [name, share] of invalidShares(pk.ec)) {
      const bad = joinHalves(c, pk.kem, share);
      const what = `${kem.name} client share ${name}`;
      const check = (err: MlKemError) => {
        assert.match(err.message, wordRe('publicKey'), `${what}: ${err.message}`);
        assert.ok(err.message.includes(curve), `${what}: ${err.message}`);
      };
      expectError(() => invoke(kem, 'encapsulate', [bad]), 'ERR_INVALID_PUBLIC_KEY', `${what}: encapsulate`, check);
      expectError(
        () => invoke(kem, 'encapsulateInternal', [bad, eseed]),
        'ERR_INVALID_PUBLIC_KEY',
        `${what}: encapsulateInternal`,
        check,
      );
    }
  });

  it('invalid server shares in ciphertext throw ERR_INVALID_PUBLIC_KEY (RFC 9846 §4.3.8.2)', () => {
    const ct = halves(c, enc.ciphertext, c.share);
    for (const [name, share] of invalidShares(ct.ec)) {
      const what = `${kem.name} server share ${name}`;
      expectError(
        () => invoke(kem, 'decapsulate', [joinHalves(c, ct.kem, share), pair.secretKey]),
        'ERR_INVALID_PUBLIC_KEY',
        what,
        (err) => assert.match(err.message, wordRe('ciphertext'), `${what}: ${err.message}`),
      );
    }
  });

  if (c.concrete) {
    it('RandomScalar: the first eseed window in [1, n - 1] is the scalar; an eseed with none throws ERR_INVALID_SECRET_KEY naming eseed', () => {
      const pkEc = pair.publicKey.subarray(pair.publicKey.length - c.share);
      const m = eseed.subarray(0, 32);
      const windows = c.ecSeed / L;
      const invalid = [0n, n, n + 1n, 2n ** BigInt(8 * L) - 1n];
      for (let k = 0; k < windows; k++) {
        // Windows before k invalid (0, n, ...), window k a valid scalar, later windows random.
        const groupSeed = randomBytes(c.ecSeed);
        for (let j = 0; j < k; j++) groupSeed.set(bigEndianBytes(invalid[j % invalid.length]!, L), j * L);
        const d = k === windows - 1 ? n - 1n : BigInt(k + 1);
        groupSeed.set(bigEndianBytes(d, L), k * L);
        const out = invoke(kem, 'encapsulateInternal', [pair.publicKey, Uint8Array.from([...m, ...groupSeed])]) as {
          ciphertext: Uint8Array;
        };
        const scalar = bigEndianBytes(d, L);
        assert.ok(
          equalBytes(out.ciphertext.subarray(out.ciphertext.length - c.share), c.ref.publicOf(scalar)),
          `window ${k} (scalar ${d})`,
        );
        assert.ok(c.ref.dh(scalar, pkEc).length === L);
      }
      for (const fill of [0x00, 0xff]) {
        const what = `${kem.name} eseed whose ${windows} windows are all 0x${fill.toString(16)}`;
        const bad = Uint8Array.from([...m, ...new Uint8Array(c.ecSeed).fill(fill)]);
        expectError(
          () => invoke(kem, 'encapsulateInternal', [pair.publicKey, bad]),
          'ERR_INVALID_SECRET_KEY',
          what,
          (err) => assert.match(err.message, wordRe('eseed'), `${what}: ${err.message}`),
        );
      }
    });
  } else
    it('an eseed scalar outside [1, n - 1] throws ERR_INVALID_SECRET_KEY naming eseed; 1 and n - 1 work', () => {
      const es = halves(c, eseed, L);
      const pkEc = halves(c, pair.publicKey, c.share).ec;
      for (const d of [1n, 2n, n - 1n]) {
        const scalar = bigEndianBytes(d, L);
        const out = invoke(kem, 'encapsulateInternal', [pair.publicKey, joinHalves(c, es.kem, scalar)]) as {
          ciphertext: Uint8Array;
          sharedSecret: Uint8Array;
        };
        assert.ok(equalBytes(halves(c, out.ciphertext, c.share).ec, c.ref.publicOf(scalar)), `share of scalar ${d}`);
        assert.ok(
          equalBytes(halves(c, out.sharedSecret, c.secret).ec, c.ref.dh(scalar, pkEc)),
          `secret of scalar ${d}`,
        );
      }
      for (const [name, d] of [
        ['0', 0n],
        ['n', n],
        ['n + 1', n + 1n],
        ['2^bits - 1', 2n ** BigInt(8 * L) - 1n],
      ] as const) {
        const what = `${kem.name} eseed scalar ${name}`;
        expectError(
          () => invoke(kem, 'encapsulateInternal', [pair.publicKey, joinHalves(c, es.kem, bigEndianBytes(d, L))]),
          'ERR_INVALID_SECRET_KEY',
          what,
          (err) => assert.match(err.message, wordRe('eseed'), `${what}: ${err.message}`),
        );
      }
    });

  it('every secret key of the right length is valid: the all-zero and all-ones seeds work', () => {
    for (const fill of [0x00, 0xff]) {
      const seed = new Uint8Array(kem.sizes.seed).fill(fill);
      const kp = invoke(kem, 'keygen', [seed]) as ReturnType<HybridKem['keygen']>;
      const e = invoke(kem, 'encapsulate', [kp.publicKey]) as ReturnType<HybridKem['encapsulate']>;
      assert.ok(
        equalBytes(invoke(kem, 'decapsulate', [e.ciphertext, kp.secretKey]), e.sharedSecret),
        `seed of 0x${fill.toString(16)} bytes`,
      );
    }
  });
}
