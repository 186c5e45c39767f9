// Bad input and the API contract (the README's API and Errors sections, ARCHITECTURE.md), per backend and
// parameter set: every wrong length and every wrong type of every argument, out-of-range
// coefficients in ek (§7.2), a wrong H(ek) in dk (§7.3), random ciphertexts (never refused),
// inputs never modified, outputs fresh, frozen objects with the sizes of FIPS 203 Table 3, and
// random key generation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKemError, type Encapsulation, type KeyPair, type MlKem } from '../../src/index.js';
import { expectError, invoke, type KemMethod, wordRe } from '../support/api.js';
import { backends } from '../support/backends.js';
import { Q, equalBytes, getCoeff, randomBytes, setCoeff, wrongTypes } from '../support/helpers.js';

/** FIPS 203 Table 3, in the order of backend.kems. */
const TABLE3 = [
  { name: 'ML-KEM-512', k: 2, publicKey: 800, secretKey: 1632, ciphertext: 768 },
  { name: 'ML-KEM-768', k: 3, publicKey: 1184, secretKey: 2400, ciphertext: 1088 },
  { name: 'ML-KEM-1024', k: 4, publicKey: 1568, secretKey: 3168, ciphertext: 1568 },
] as const;

// Every call in this file goes through invoke(), which checks that no argument was modified,
// whether the call returned or threw.
const keygen = (kem: MlKem, ...seed: [Uint8Array] | []): KeyPair => invoke(kem, 'keygen', seed) as KeyPair;
const encapsulate = (kem: MlKem, pk: Uint8Array): Encapsulation => invoke(kem, 'encapsulate', [pk]) as Encapsulation;
const encapsulateInternal = (kem: MlKem, pk: Uint8Array, m: Uint8Array): Encapsulation =>
  invoke(kem, 'encapsulateInternal', [pk, m]) as Encapsulation;
const decapsulate = (kem: MlKem, ct: Uint8Array, sk: Uint8Array): Uint8Array =>
  invoke(kem, 'decapsulate', [ct, sk]) as Uint8Array;

// ---------------------------------------------------------------------------------------------
// Helpers

/** The integers written in a message, leaving out those of parameter-set names and "FIPS 203". */
function numbersIn(message: string): Set<number> {
  const cleaned = message.replace(/ML-KEM-\d+/g, '').replace(/FIPS 203/g, '');
  return new Set((cleaned.match(/\d+/g) ?? []).map(Number));
}

/** True when the byte ranges of two typed arrays overlap (one aliases the other). */
function overlaps(a: Uint8Array, b: Uint8Array): boolean {
  if (a.buffer !== b.buffer) return false;
  return a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

function assertNoAliasing(arrays: Record<string, Uint8Array>, what: string): void {
  const entries = Object.entries(arrays);
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [na, a] = entries[i]!;
      const [nb, b] = entries[j]!;
      assert.ok(!overlaps(a, b), `${what}: ${na} and ${nb} share memory`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

for (const backend of backends) {
  describe(`errors and API contract on ${backend.name}`, () => {
    it('has the three parameter sets in order', () => {
      assert.deepEqual(
        backend.kems.map((k) => k.name),
        TABLE3.map((t) => t.name),
      );
    });

    backend.kems.forEach((kem, index) => {
      const table = TABLE3[index]!;
      describe(kem.name, () => {
        // A valid key pair and ciphertext to pair with the bad argument under test.
        const fixture = (): { seed: Uint8Array; pair: KeyPair; m: Uint8Array; enc: Encapsulation } => {
          const seed = randomBytes(64);
          const pair = keygen(kem, seed);
          const m = randomBytes(32);
          const enc = encapsulateInternal(kem, pair.publicKey, m);
          return { seed, pair, m, enc };
        };

        it('is frozen, with the name and the sizes of FIPS 203 Table 3', () => {
          assert.equal(kem.name, table.name);
          assert.ok(Object.isFrozen(kem), 'object not frozen');
          assert.ok(Object.isFrozen(kem.sizes), 'sizes not frozen');
          assert.deepEqual(
            { ...kem.sizes },
            {
              publicKey: table.publicKey,
              secretKey: table.secretKey,
              ciphertext: table.ciphertext,
              sharedSecret: 32,
              seed: 64,
            },
          );
          // The formulas of FIPS 203 (ek = 384k+32, dk = 768k+96).
          assert.equal(kem.sizes.publicKey, 384 * table.k + 32);
          assert.equal(kem.sizes.secretKey, 768 * table.k + 96);
        });

        it('the valid fixture works (control for the tests below)', () => {
          const { seed, pair, enc } = fixture();
          assert.equal(pair.publicKey.length, table.publicKey);
          assert.equal(pair.secretKey.length, table.secretKey);
          assert.ok(equalBytes(pair.seed, seed), 'returned seed differs from the given one');
          assert.equal(enc.ciphertext.length, table.ciphertext);
          assert.ok(
            equalBytes(decapsulate(kem, enc.ciphertext, pair.secretKey), enc.sharedSecret),
            'round trip failed',
          );
        });

        // ---- every wrong length --------------------------------------------------------------
        describe('every wrong length throws ERR_INVALID_LENGTH naming the argument and both lengths', () => {
          const { pair, m, enc } = fixture();
          const cases: Array<{ method: KemMethod; arg: string; length: number; call: (bad: Uint8Array) => unknown }> = [
            { method: 'keygen', arg: 'seed', length: 64, call: (bad) => invoke(kem, 'keygen', [bad]) },
            {
              method: 'encapsulate',
              arg: 'publicKey',
              length: table.publicKey,
              call: (bad) => invoke(kem, 'encapsulate', [bad]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'publicKey',
              length: table.publicKey,
              call: (bad) => invoke(kem, 'encapsulateInternal', [bad, m]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'm',
              length: 32,
              call: (bad) => invoke(kem, 'encapsulateInternal', [pair.publicKey, bad]),
            },
            {
              method: 'decapsulate',
              arg: 'ciphertext',
              length: table.ciphertext,
              call: (bad) => invoke(kem, 'decapsulate', [bad, pair.secretKey]),
            },
            {
              method: 'decapsulate',
              arg: 'secretKey',
              length: table.secretKey,
              call: (bad) => invoke(kem, 'decapsulate', [enc.ciphertext, bad]),
            },
          ];
          for (const c of cases) {
            it(`${c.method} ${c.arg}: lengths 0..${c.length + 100} except ${c.length}`, () => {
              let checked = 0;
              for (let len = 0; len <= c.length + 100; len++) {
                if (len === c.length) continue;
                // Content from the valid value where it fits, so that only the length is wrong.
                const bad = new Uint8Array(len);
                const valid: Record<string, Uint8Array> = {
                  seed: pair.seed,
                  publicKey: pair.publicKey,
                  m,
                  ciphertext: enc.ciphertext,
                  secretKey: pair.secretKey,
                };
                bad.set(valid[c.arg]!.subarray(0, Math.min(len, c.length)));
                const what = `${kem.name} ${c.method} ${c.arg} of ${len} bytes`;
                expectError(
                  () => c.call(bad),
                  'ERR_INVALID_LENGTH',
                  what,
                  (err) => {
                    assert.match(err.message, wordRe(c.arg), `${what}: message does not name ${c.arg}: ${err.message}`);
                    const nums = numbersIn(err.message);
                    assert.ok(
                      nums.has(c.length),
                      `${what}: message does not give the expected length ${c.length}: ${err.message}`,
                    );
                    assert.ok(nums.has(len), `${what}: message does not give the length ${len}: ${err.message}`);
                  },
                );
                checked++;
              }
              assert.equal(checked, c.length + 100, 'lengths checked');
            });
          }
        });

        // ---- every wrong type ----------------------------------------------------------------
        describe('every wrong type throws ERR_INVALID_TYPE naming the argument', () => {
          const { pair, m, enc } = fixture();
          const cases: Array<{
            method: KemMethod;
            arg: string;
            length: number;
            call: (bad: unknown) => unknown;
            undefinedAllowed?: boolean;
          }> = [
            {
              method: 'keygen',
              arg: 'seed',
              length: 64,
              call: (bad) => invoke(kem, 'keygen', [bad]),
              undefinedAllowed: true,
            },
            {
              method: 'encapsulate',
              arg: 'publicKey',
              length: table.publicKey,
              call: (bad) => invoke(kem, 'encapsulate', [bad]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'publicKey',
              length: table.publicKey,
              call: (bad) => invoke(kem, 'encapsulateInternal', [bad, m]),
            },
            {
              method: 'encapsulateInternal',
              arg: 'm',
              length: 32,
              call: (bad) => invoke(kem, 'encapsulateInternal', [pair.publicKey, bad]),
            },
            {
              method: 'decapsulate',
              arg: 'ciphertext',
              length: table.ciphertext,
              call: (bad) => invoke(kem, 'decapsulate', [bad, pair.secretKey]),
            },
            {
              method: 'decapsulate',
              arg: 'secretKey',
              length: table.secretKey,
              call: (bad) => invoke(kem, 'decapsulate', [enc.ciphertext, bad]),
            },
          ];
          for (const c of cases) {
            it(`${c.method} ${c.arg}`, () => {
              for (const [label, bad] of wrongTypes(c.length, c.undefinedAllowed === true)) {
                const what = `${kem.name} ${c.method} ${c.arg} given ${label}`;
                expectError(
                  () => c.call(bad),
                  'ERR_INVALID_TYPE',
                  what,
                  (err) => {
                    assert.match(err.message, wordRe(c.arg), `${what}: message does not name ${c.arg}: ${err.message}`);
                    assert.match(
                      err.message,
                      /Uint8Array/,
                      `${what}: message does not say a Uint8Array is expected: ${err.message}`,
                    );
                  },
                );
              }
            });
          }
        });

        // ---- §7.2: coefficients >= q in ek --------------------------------------------------------
        it('an ek with a coefficient >= q (first, middle, last) throws ERR_INVALID_PUBLIC_KEY', () => {
          const { pair, m } = fixture();
          const count = 256 * table.k;
          const positions = [0, count / 2, count / 2 + 1, count - 1]; // even and odd positions
          for (const pos of positions) {
            // Control: q - 1 at the same position is a valid key, so the placement is right.
            const edge = pair.publicKey.slice();
            setCoeff(edge, pos, Q - 1);
            assert.equal(getCoeff(edge, pos), Q - 1);
            assert.equal(encapsulate(kem, edge).ciphertext.length, table.ciphertext, `q - 1 at ${pos} refused`);
            assert.equal(
              encapsulateInternal(kem, edge, m).ciphertext.length,
              table.ciphertext,
              `q - 1 at ${pos} refused`,
            );

            for (const value of [Q, 4095]) {
              const bad = pair.publicKey.slice();
              setCoeff(bad, pos, value);
              assert.equal(getCoeff(bad, pos), value);
              // Only that one coefficient changed.
              for (let i = 0; i < count; i++)
                if (i !== pos) assert.equal(getCoeff(bad, i), getCoeff(pair.publicKey, i));
              const what = `${kem.name} ek with coefficient ${pos} = ${value}`;
              const names = (err: MlKemError): void =>
                assert.match(err.message, wordRe('publicKey'), `${what}: ${err.message}`);
              expectError(() => encapsulate(kem, bad), 'ERR_INVALID_PUBLIC_KEY', `${what}: encapsulate`, names);
              expectError(
                () => encapsulateInternal(kem, bad, m),
                'ERR_INVALID_PUBLIC_KEY',
                `${what}: encapsulateInternal`,
                names,
              );
            }
          }
        });

        // ---- §7.3: hash check of dk ---------------------------------------------------------
        it('a dk with a wrong H(ek) (one bit flipped in each byte 768k+32..768k+64) throws ERR_INVALID_SECRET_KEY', () => {
          const { pair, enc } = fixture();
          const start = 768 * table.k + 32;
          assert.ok(equalBytes(decapsulate(kem, enc.ciphertext, pair.secretKey), enc.sharedSecret), 'control');
          for (let i = start; i < start + 32; i++) {
            const bad = pair.secretKey.slice();
            bad[i]! ^= 1 << (i & 7);
            const what = `${kem.name} dk with byte ${i} of H(ek) flipped`;
            expectError(
              () => decapsulate(kem, enc.ciphertext, bad),
              'ERR_INVALID_SECRET_KEY',
              what,
              (err) => assert.match(err.message, wordRe('secretKey'), `${what}: ${err.message}`),
            );
          }
        });

        it('a dk whose embedded ek was altered throws ERR_INVALID_SECRET_KEY', () => {
          const { pair, enc } = fixture();
          const start = 384 * table.k; // dk = dkPKE ‖ ek ‖ H(ek) ‖ z
          const end = 768 * table.k + 32;
          assert.ok(
            equalBytes(pair.secretKey.subarray(start, end), pair.publicKey),
            'dk does not embed ek where expected',
          );
          for (const i of [start, start + 1, (start + end) >> 1, end - 33, end - 32, end - 1]) {
            const bad = pair.secretKey.slice();
            bad[i]! ^= 0x10;
            const what = `${kem.name} dk with byte ${i} (embedded ek) altered`;
            expectError(
              () => decapsulate(kem, enc.ciphertext, bad),
              'ERR_INVALID_SECRET_KEY',
              what,
              (err) => assert.match(err.message, wordRe('secretKey'), `${what}: ${err.message}`),
            );
          }
          // The embedded ek replaced by another valid key (H(ek) left as it was).
          const other = keygen(kem, randomBytes(64));
          const swapped = pair.secretKey.slice();
          swapped.set(other.publicKey, start);
          expectError(
            () => decapsulate(kem, enc.ciphertext, swapped),
            'ERR_INVALID_SECRET_KEY',
            `${kem.name} dk with another ek`,
          );
        });

        // ---- random ciphertexts ---------------------------------------------------------------
        it('decapsulating 200 random ciphertexts of the right length never throws and returns 32 bytes', () => {
          const { pair, enc } = fixture();
          for (let i = 0; i < 200; i++) {
            const ct = randomBytes(table.ciphertext);
            let out: Uint8Array | undefined;
            assert.doesNotThrow(() => {
              out = decapsulate(kem, ct, pair.secretKey);
            }, `random ciphertext ${i}`);
            assert.ok(out instanceof Uint8Array, 'not a Uint8Array');
            assert.equal(out.length, 32);
            assert.ok(!equalBytes(out, enc.sharedSecret), 'random ciphertext gave the honest shared secret');
          }
        });

        // ---- fresh outputs ----------------------------------------------------------------------
        it('outputs are fresh: they alias neither the inputs nor each other, across calls too', () => {
          const seed = randomBytes(64);
          const a = keygen(kem, seed);
          const b = keygen(kem, seed);
          assert.ok(
            equalBytes(a.publicKey, b.publicKey) && equalBytes(a.secretKey, b.secretKey),
            'keygen not deterministic',
          );
          assert.ok(
            a.publicKey !== b.publicKey && a.secretKey !== b.secretKey && a.seed !== b.seed,
            'same objects returned',
          );
          assertNoAliasing(
            {
              seedIn: seed,
              pk1: a.publicKey,
              sk1: a.secretKey,
              seed1: a.seed,
              pk2: b.publicKey,
              sk2: b.secretKey,
              seed2: b.seed,
            },
            'keygen',
          );

          const m = randomBytes(32);
          const e1 = encapsulateInternal(kem, a.publicKey, m);
          const e2 = encapsulateInternal(kem, a.publicKey, m);
          assert.ok(equalBytes(e1.ciphertext, e2.ciphertext) && equalBytes(e1.sharedSecret, e2.sharedSecret));
          const r1 = encapsulate(kem, a.publicKey);
          const r2 = encapsulate(kem, a.publicKey);
          assert.ok(!equalBytes(r1.ciphertext, r2.ciphertext), 'encapsulate gave the same ciphertext twice');
          const d1 = decapsulate(kem, e1.ciphertext, a.secretKey);
          const d2 = decapsulate(kem, e1.ciphertext, a.secretKey);
          assert.ok(equalBytes(d1, e1.sharedSecret) && equalBytes(d2, e1.sharedSecret));
          assertNoAliasing(
            {
              pk: a.publicKey,
              sk: a.secretKey,
              m,
              c1: e1.ciphertext,
              k1: e1.sharedSecret,
              c2: e2.ciphertext,
              k2: e2.sharedSecret,
              rc1: r1.ciphertext,
              rk1: r1.sharedSecret,
              rc2: r2.ciphertext,
              rk2: r2.sharedSecret,
              d1,
              d2,
            },
            'encapsulate/decapsulate',
          );

          // Overwriting returned arrays changes nothing that comes later.
          const expected = {
            pk: b.publicKey.slice(),
            sk: b.secretKey.slice(),
            c: e2.ciphertext.slice(),
            k: e2.sharedSecret.slice(),
          };
          for (const arr of [
            a.publicKey,
            a.secretKey,
            a.seed,
            e1.ciphertext,
            e1.sharedSecret,
            d1,
            r1.ciphertext,
            r1.sharedSecret,
          ])
            arr.fill(0xff);
          const c = keygen(kem, seed);
          assert.ok(
            equalBytes(c.publicKey, expected.pk) && equalBytes(c.secretKey, expected.sk),
            'keygen after overwriting outputs',
          );
          assert.ok(equalBytes(c.seed, seed), 'seed after overwriting outputs');
          const e3 = encapsulateInternal(kem, c.publicKey, m);
          assert.ok(
            equalBytes(e3.ciphertext, expected.c) && equalBytes(e3.sharedSecret, expected.k),
            'encapsulate after overwriting outputs',
          );
          assert.ok(
            equalBytes(decapsulate(kem, e3.ciphertext, c.secretKey), expected.k),
            'decapsulate after overwriting outputs',
          );
          assert.ok(
            equalBytes(b.publicKey, expected.pk) && equalBytes(e2.ciphertext, expected.c),
            'earlier outputs changed',
          );
        });

        // ---- keygen() without a seed ----------------------------------------------------------
        it('keygen() without a seed gives a working random key pair, different each time', () => {
          const a = keygen(kem);
          const b = keygen(kem);
          assert.equal(a.publicKey.length, table.publicKey);
          assert.equal(a.secretKey.length, table.secretKey);
          assert.equal(a.seed.length, 64);
          const enc = encapsulate(kem, a.publicKey);
          assert.equal(enc.sharedSecret.length, 32);
          assert.ok(equalBytes(decapsulate(kem, enc.ciphertext, a.secretKey), enc.sharedSecret), 'round trip failed');
          // The other key does not decapsulate it to the same secret.
          assert.ok(
            !equalBytes(decapsulate(kem, enc.ciphertext, b.secretKey), enc.sharedSecret),
            'wrong key decapsulated',
          );
          // The returned seed is the one the pair came from.
          const again = keygen(kem, a.seed);
          assert.ok(
            equalBytes(again.publicKey, a.publicKey) && equalBytes(again.secretKey, a.secretKey),
            'seed does not reproduce the pair',
          );
          assert.ok(!equalBytes(a.seed, b.seed), 'two random seeds are equal');
          assert.ok(!equalBytes(a.publicKey, b.publicKey), 'two random public keys are equal');
          assert.ok(!equalBytes(a.secretKey, b.secretKey), 'two random secret keys are equal');
          assert.ok(!equalBytes(a.seed.subarray(32), b.seed.subarray(32)), 'z repeated');
        });
      });
    });
  });
}

it('instanceof MlKemError: true for the brand of any copy of the class with a code, never throws on a hostile Proxy', () => {
  const hostile = new Proxy(
    {},
    {
      has() {
        throw new Error('trap');
      },
      get() {
        throw new Error('trap');
      },
    },
  );
  assert.equal(hostile instanceof MlKemError, false);
  assert.equal({ [Symbol.for('mlkem-ts.MlKemError')]: true } instanceof MlKemError, false, 'a brand without a code');
  assert.equal(new MlKemError('ERR_INVALID_TYPE', 'x') instanceof MlKemError, true);
});

// A wrong length names the likely mistake, from FIPS 203 Table 3: the level a key belongs to, a
// seed given as a secret key, one kind of key where the other belongs.
for (const backend of backends) {
  describe(`wrong lengths name the likely mistake on ${backend.name}`, () => {
    const pairs = backend.kems.map((kem) => ({ kem, pair: keygen(kem, randomBytes(64)) }));
    const use = (name: string) => `; use MlKem${name.slice(7)}`;
    const ends = (call: () => unknown, end: string) =>
      expectError(call, 'ERR_INVALID_LENGTH', end, (e) => assert.ok(e.message.endsWith(end), e.message));
    for (const [i, { kem, pair }] of pairs.entries()) {
      const ct = encapsulate(kem, pair.publicKey).ciphertext;
      it(`${kem.name}: another level's key or ciphertext names that level`, () => {
        for (const [j, other] of pairs.entries()) {
          if (j === i) continue;
          const pk = `, got ${TABLE3[j]!.publicKey}: that is an ${other.kem.name} publicKey${use(other.kem.name)}`;
          for (const call of [
            () => encapsulate(kem, other.pair.publicKey),
            () => kem.encapsulationKey(other.pair.publicKey),
            () => kem.checkPublicKey(other.pair.publicKey),
          ])
            ends(call, pk);
          const sk = `: that is an ${other.kem.name} secretKey${use(other.kem.name)}`;
          for (const call of [
            () => decapsulate(kem, ct, other.pair.secretKey),
            () => kem.checkSecretKey(other.pair.secretKey),
            () => kem.decapsulationKey(other.pair.secretKey),
          ])
            ends(call, sk);
          const otherCt = encapsulate(other.kem, other.pair.publicKey).ciphertext;
          const dk = kem.decapsulationKey(pair.seed);
          for (const call of [() => decapsulate(kem, otherCt, pair.secretKey), () => dk.decapsulate(otherCt)])
            ends(call, `: that is an ${other.kem.name} ciphertext${use(other.kem.name)}`);
          dk.dispose();
        }
      });
      it(`${kem.name}: a seed given as a secret key says how to expand it`, () => {
        expectError(
          () => decapsulate(kem, ct, pair.seed),
          'ERR_INVALID_LENGTH',
          'decapsulate',
          (e) =>
            assert.equal(
              e.message,
              `${kem.name} secretKey must be ${TABLE3[i]!.secretKey} bytes long, got 64: that is a seed; use decapsulationKey(seed) or keygen(seed) to expand it`,
            ),
        );
      });
      it(`${kem.name}: a decapsulation key given to encapsulate, and the reverse`, () => {
        const sk = `, got ${TABLE3[i]!.secretKey}: that is an ${kem.name} secretKey, not a publicKey`;
        for (const call of [() => encapsulate(kem, pair.secretKey), () => kem.encapsulationKey(pair.secretKey)])
          ends(call, sk);
        const pk = `: that is an ${kem.name} publicKey, not a secretKey`;
        for (const call of [() => decapsulate(kem, ct, pair.publicKey), () => kem.decapsulationKey(pair.publicKey)])
          ends(call, pk);
        ends(() => keygen(kem, pair.secretKey), `: that is an ${kem.name} secretKey, not a seed`);
      });
    }
    it('a length no ML-KEM input has gets no hint', () => {
      ends(() => encapsulate(backend.kems[1]!, new Uint8Array(1000)), 'got 1000');
    });
  });
}
