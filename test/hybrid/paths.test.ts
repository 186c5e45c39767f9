// The two implementations of the curve halves (native node:crypto and @noble/curves) against
// each other, differentially: every Group gives the same bytes for the same scalars and elements
// (edge scalars, non-canonical and high-bit X25519 inputs, random valid points), and every hybrid
// gives the same bytes or the same error (code and message) for the same inputs, valid or not.
// Also which operations call out for randomness on each path: with no
// globalThis.crypto, the deterministic operations work on the native path and fail with
// ERR_RANDOMNESS — not a foreign Error — on the noble path, where @noble/curves blinds its
// scalar multiplications with random bytes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Group } from '../../src/hybrid/curves/curve.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { MlKemError } from '../../src/hybrid/index.js';
import { backends } from '../support/backends.js';
import { randomBytes } from '../support/helpers.js';
import {
  CURVE_ORDER,
  FIELD_PRIME,
  bigEndianBytes,
  encodeU,
  hybridsOf,
  lowOrderEncodings,
  toHex,
  validEseed,
} from '../support/hybrid-reference.js';
import { assertPathsAgree } from '../support/hybrid-suites.js';

const native = (g: Group) => g.impl('native');
const noble = (g: Group) => g.impl('noble');

describe('curve groups: native and noble give the same bytes', () => {
  it('X25519: public keys of edge and random scalars; shared secrets with random, high-bit and non-canonical u', () => {
    const p = 2n ** 255n - 19n;
    const scalars = [
      new Uint8Array(32),
      new Uint8Array(32).fill(0xff),
      ...Array.from({ length: 20 }, () => randomBytes(32)),
    ];
    const us = [
      ...Array.from({ length: 10 }, () => randomBytes(32)),
      ...Array.from({ length: 5 }, () => {
        const u = randomBytes(32);
        u[31]! |= 0x80; // bit 255: masked by RFC 7748 §5
        return u;
      }),
      ...[2n, 3n, 10n, 18n].map((d) => encodeU(p + d)), // non-canonical: u + p below 2^255
      encodeU(2n ** 255n - 1n),
      encodeU(9n),
    ];
    for (const k of scalars) {
      const [a, b] = [native(X25519).load(k), noble(X25519).load(k)];
      assert.equal(toHex(a.publicKey()), toHex(b.publicKey()), `public key of ${toHex(k)}`);
      for (const u of us) {
        assert.equal(X25519.elementProblem(u), undefined, `u ${toHex(u)} taken for low order`);
        assert.equal(toHex(a.sharedSecret(u)), toHex(b.sharedSecret(u)), `X25519(${toHex(k)}, ${toHex(u)})`);
      }
    }
    for (const [name, u] of lowOrderEncodings())
      assert.ok(X25519.elementProblem(u) !== undefined, `${name} not flagged`);
  });

  for (const group of [P256_GROUP, P384_GROUP]) {
    it(`${group.name}: public keys of 1, 2, n - 2, n - 1 and random scalars, and their shared secrets with random points`, () => {
      const L = group.scalarBytes;
      const n = CURVE_ORDER[group.name];
      const scalars = [1n, 2n, n - 2n, n - 1n].map((d) => bigEndianBytes(d, L));
      for (let i = 0; i < 8; i++) scalars.push(randomBytes(L));
      const points = Array.from({ length: 4 }, () =>
        noble(group)
          .load(bigEndianBytes(1n + (BigInt(`0x${toHex(randomBytes(L))}`) % (n - 1n)), L))
          .publicKey(),
      );
      for (const d of scalars) {
        if (!group.isValidScalar(d)) continue; // a random 48-byte P-384 value can be ≥ n (2^-190)
        const [a, b] = [native(group).load(d), noble(group).load(d)];
        assert.equal(toHex(a.publicKey()), toHex(b.publicKey()), `public key of ${toHex(d)}`);
        for (const q of points) assert.equal(toHex(a.sharedSecret(q)), toHex(b.sharedSecret(q)), `x(${toHex(d)}·Q)`);
      }
    });

    it(`${group.name}: the same scalar-range decisions at the edges (0, n, 2^bits - 1 refused; 1, n - 1 taken)`, () => {
      const L = group.scalarBytes;
      const n = CURVE_ORDER[group.name];
      for (const [d, ok] of [
        [0n, false],
        [1n, true],
        [n - 1n, true],
        [n, false],
        [n + 1n, false],
        [2n ** BigInt(8 * L) - 1n, false],
      ] as const) {
        assert.equal(group.isValidScalar(bigEndianBytes(d, L)), ok, `${d}`);
      }
      assert.ok(FIELD_PRIME[group.name] > n);
    });
  }
});

for (const backend of backends) {
  describe(`hybrids on ${backend.name}: native and noble give the same bytes and the same errors`, () => {
    const nobles = hybridsOf(backend, 'noble');
    hybridsOf(backend, 'native').forEach((c, i) => {
      it(c.kem.name, () => assertPathsAgree(c, nobles[i]!));
    });
  });
}

/** Runs f with globalThis.crypto replaced by `value` (default: removed), restored afterwards. */
function withoutCrypto<T>(f: () => T, value?: unknown): T {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
  Object.defineProperty(globalThis, 'crypto', { value, configurable: true, writable: true });
  try {
    return f();
  } finally {
    Object.defineProperty(globalThis, 'crypto', descriptor);
  }
}

describe('randomness: which hybrid operations call getRandomValues on each curve path', () => {
  const backend = backends[0]!;
  const cases = (path: 'native' | 'noble') =>
    hybridsOf(backend, path).map((c) => {
      const pair = c.kem.keygen();
      const eseed = validEseed(c);
      const enc = c.kem.encapsulateInternal(pair.publicKey, eseed);
      return { c, pair, eseed, enc };
    });

  it('native path: keygen(seed), encapsulateInternal, decapsulationKey and decapsulate of every hybrid need no randomness; keygen() and encapsulate throw ERR_RANDOMNESS', () => {
    for (const { c, pair, eseed, enc } of cases('native')) {
      withoutCrypto(() => {
        assert.equal(toHex(c.kem.keygen(pair.seed).publicKey), toHex(pair.publicKey), c.kem.name);
        assert.equal(
          toHex(c.kem.encapsulateInternal(pair.publicKey, eseed).ciphertext),
          toHex(enc.ciphertext),
          c.kem.name,
        );
        assert.equal(toHex(c.kem.decapsulate(enc.ciphertext, pair.secretKey)), toHex(enc.sharedSecret), c.kem.name);
        const dk = c.kem.decapsulationKey(pair.secretKey);
        assert.equal(toHex(dk.decapsulate(enc.ciphertext)), toHex(enc.sharedSecret), c.kem.name);
        for (const call of [
          () => c.kem.keygen(),
          () => c.kem.encapsulate(pair.publicKey),
          () => dk.encapsulationKey.encapsulate(),
        ]) {
          assert.throws(call, (err: unknown) => err instanceof MlKemError && err.code === 'ERR_RANDOMNESS', c.kem.name);
        }
      });
    }
  });

  it('noble path: keygen(seed), encapsulateInternal and decapsulationKey of every hybrid, and decapsulate of all but X25519MLKEM768, throw ERR_RANDOMNESS (noble blinds with random bytes)', () => {
    for (const { c, pair, eseed, enc } of cases('noble')) {
      withoutCrypto(() => {
        const calls: Array<[string, () => unknown]> = [
          ['keygen(seed)', () => c.kem.keygen(pair.seed)],
          ['encapsulateInternal', () => c.kem.encapsulateInternal(pair.publicKey, eseed)],
          ['decapsulationKey', () => c.kem.decapsulationKey(pair.secretKey)],
        ];
        // X25519MLKEM768's decapsulation multiplies only by the peer's u: noble's ladder draws nothing.
        if (c.kem.name === 'X25519MLKEM768')
          assert.equal(toHex(c.kem.decapsulate(enc.ciphertext, pair.secretKey)), toHex(enc.sharedSecret));
        else calls.push(['decapsulate', () => c.kem.decapsulate(enc.ciphertext, pair.secretKey)]);
        for (const [what, call] of calls) {
          assert.throws(
            call,
            (err: unknown) => {
              assert.ok(err instanceof MlKemError, `${c.kem.name} ${what}: a foreign error: ${String(err)}`);
              assert.equal(err.code, 'ERR_RANDOMNESS');
              assert.match(err.message, /@noble\/curves/);
              return true;
            },
            `${c.kem.name} ${what}`,
          );
        }
      });
      // A getRandomValues that throws an error whose message getter throws: still ERR_RANDOMNESS, with the cause.
      const hostile = new Error('x');
      Object.defineProperty(hostile, 'message', {
        get: () => {
          throw new Error('message getter');
        },
      });
      const throwing = {
        getRandomValues: () => {
          throw hostile;
        },
      };
      withoutCrypto(() => {
        assert.throws(
          () => c.kem.encapsulateInternal(pair.publicKey, eseed),
          (err: unknown) => {
            assert.ok(err instanceof MlKemError && err.code === 'ERR_RANDOMNESS', `${c.kem.name}: ${String(err)}`);
            assert.equal((err as { cause?: unknown }).cause, hostile);
            return true;
          },
        );
      }, throwing);
      // With randomness back, the same calls work again.
      assert.equal(toHex(c.kem.decapsulate(enc.ciphertext, pair.secretKey)), toHex(enc.sharedSecret));
    }
  });
});
