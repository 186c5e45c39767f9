// The runtime's Web Crypto as the third curve implementation of the asynchronous doors
// (src/hybrid/curves/webcrypto-curves.ts), under Node: Node's Web Crypto has X25519 and ECDH, so the
// door on it, on node:crypto and on @noble/curves must give the synchronous noble hybrid's bytes
// and errors for random seeds and every edge case (test/support/curve-paths-suite.ts; the same
// suite runs in Chromium and Firefox in test/browser/curves.test.ts). And the self-test: a Web
// Crypto that refuses a curve, answers wrongly, trims leading zero bytes or refuses PKCS#8 keys is
// not used.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/errors.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { nobleP256, nobleP384 } from '../../src/hybrid/curves/noble-nist.js';
import { nobleX25519 } from '../../src/hybrid/curves/noble-x25519.js';
import { type CurveSubtle, testedWebCryptoImpl, webCryptoCurve } from '../../src/hybrid/curves/webcrypto-curves.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { backends } from '../support/backends.js';
import { runCurvePaths } from '../support/curve-paths-suite.js';
import { runScalarCopies } from '../support/scalar-copies.js';

const ROUNDS = Number(process.env.MLKEM_DIFF_N ?? 3);
/** What 'auto' takes synchronously, which the asynchronous door's 'auto' takes too: node:crypto, but for X25519 the module's where native key loads are slow (wasm-curve.test.ts). */
const GROUPS = { X25519, 'P-256': P256_GROUP, 'P-384': P384_GROUP } as const;
const autoPath = (curve: keyof typeof GROUPS): string => GROUPS[curve].impl('auto').path;

for (const backend of backends) {
  it(
    `${backend.name}: the asynchronous doors on Web Crypto, node:crypto and noble give the noble hybrids' bytes and errors (${ROUNDS} random key pairs each, with every edge case)`,
    { timeout: 300_000 },
    async (t) => {
      const r = await runCurvePaths(backend.kems, ['webcrypto', 'native', 'noble', 'auto'], ROUNDS);
      t.diagnostic(
        Object.entries(r.checks)
          .map(([k, v]) => `${k} ×${v}`)
          .join('; '),
      );
      assert.deepEqual(r.failures, []);
      assert.ok(r.subjects.length >= 3, 'the registry has concrete hybrids on every curve');
      for (const { name, curve } of r.subjects) {
        assert.equal(r.took[`${name} webcrypto`], 'webcrypto', `${name}: Node's Web Crypto did not pass the self-test`);
        assert.equal(r.took[`${name} native`], 'native');
        assert.equal(r.took[`${name} noble`], 'noble');
        assert.equal(
          r.took[`${name} auto`],
          autoPath(curve),
          `${name}: 'auto' takes node:crypto where the runtime has it`,
        );
        assert.ok(r.checks[`${name} webcrypto`]! >= 20 * ROUNDS, `${name}: too few comparisons`);
      }
    },
  );
}

for (const backend of backends) {
  it(
    `${backend.name}: a door whose curve is its synchronous key objects' own (node:crypto, noble) decapsulates through them, with the same bytes and errors (${ROUNDS} random key pairs each, with every edge case)`,
    { timeout: 300_000 },
    async (t) => {
      const r = await runCurvePaths(backend.kems, ['native', 'noble', 'auto'], ROUNDS, 'own');
      t.diagnostic(
        Object.entries(r.checks)
          .map(([k, v]) => `${k} ×${v}`)
          .join('; '),
      );
      assert.deepEqual(r.failures, []);
      for (const { name, curve } of r.subjects) {
        assert.equal(r.took[`${name} native`], 'native');
        assert.equal(r.took[`${name} noble`], 'noble');
        assert.equal(r.took[`${name} auto`], autoPath(curve));
      }
    },
  );
}

/** Node's own SubtleCrypto with `change` applied to some of its methods. */
function subtleWith(
  change: (m: keyof CurveSubtle, f: (...a: unknown[]) => Promise<unknown>, args: unknown[]) => Promise<unknown>,
): CurveSubtle {
  const s = globalThis.crypto.subtle as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const out: Record<string, unknown> = {};
  for (const m of ['importKey', 'exportKey', 'deriveBits', 'generateKey'] as const)
    out[m] = (...args: unknown[]) => change(m, s[m]!.bind(s), args);
  return out as unknown as CurveSubtle;
}

const algorithmOf = (args: unknown[], at: number): string => {
  const a = args[at] as { name?: string; namedCurve?: string } | undefined;
  return a?.namedCurve ?? a?.name ?? '';
};

describe('the self-test: a Web Crypto that fails it is not used', () => {
  const cases = [
    ['X25519', X25519, nobleX25519],
    ['P-256', P256_GROUP, nobleP256],
    ['P-384', P384_GROUP, nobleP384],
  ] as const;

  it("Node's own Web Crypto passes for every curve (the other cases would be blind otherwise)", async () => {
    for (const [name, group, reference] of cases)
      assert.ok(
        await testedWebCryptoImpl(
          group,
          subtleWith((_, f, a) => f(...a)),
          reference,
        ),
        name,
      );
    for (const [name, group, reference] of cases)
      assert.equal((await webCryptoCurve(group, reference))?.path, 'webcrypto', name);
  });

  const broken: Array<
    [string, (m: string, f: (...a: unknown[]) => Promise<unknown>, args: unknown[]) => Promise<unknown>]
  > = [
    [
      'refuses the curve (NotSupportedError, as WebKitGTK does X25519)',
      (m, f, a) =>
        m === 'importKey' || m === 'generateKey'
          ? Promise.reject(new DOMException('not supported', 'NotSupportedError'))
          : f(...a),
    ],
    [
      'refuses PKCS#8 private keys',
      (m, f, a) =>
        m === 'importKey' && a[0] === 'pkcs8' ? Promise.reject(new DOMException('no', 'DataError')) : f(...a),
    ],
    [
      'answers wrongly (one bit of every shared secret flipped)',
      async (m, f, a) => {
        const r = await f(...a);
        if (m !== 'deriveBits') return r;
        const b = new Uint8Array(r as ArrayBuffer).slice();
        b[5]! ^= 1;
        return b.buffer;
      },
    ],
    [
      'trims leading zero bytes of a shared secret (as a big integer would)',
      async (m, f, a) => {
        const r = new Uint8Array((await f(...a)) as ArrayBuffer);
        if (m !== 'deriveBits') return r.buffer;
        let i = 0;
        while (i < r.length - 1 && r[i] === 0) i++;
        return r.slice(i).buffer;
      },
    ],
    [
      'trims trailing zero bytes of a shared secret (a little-endian big integer)',
      async (m, f, a) => {
        const r = new Uint8Array((await f(...a)) as ArrayBuffer);
        if (m !== 'deriveBits') return r.buffer;
        let j = r.length;
        while (j > 1 && r[j - 1] === 0) j--;
        return r.slice(0, j).buffer;
      },
    ],
    [
      'trims leading zero bytes of the scalar it imports',
      (m, f, a) => {
        if (m !== 'importKey' || a[0] !== 'pkcs8') return f(...a);
        const der = new Uint8Array(a[1] as Uint8Array);
        // A scalar with a zero first byte reads as the next one shifted: a mangled key.
        const L = algorithmOf(a, 2) === 'P-384' ? 48 : 32;
        // X25519: RFC 8410's fixed header; ECPrivateKey: after version 1 and the OCTET STRING's tag and length.
        const at =
          algorithmOf(a, 2) === 'X25519'
            ? 16
            : der.findIndex((_, i) => [2, 1, 1, 4, L].every((b, j) => der[i + j] === b)) + 5;
        if (der[at] === 0) der.copyWithin(at, at + 1, at + L);
        return f(a[0], der, ...a.slice(2));
      },
    ],
    [
      'gives a random key pair whose public key is not its own',
      async (m, f, a) => {
        if (m !== 'generateKey') return f(...a);
        const [one, two] = [(await f(...a)) as CryptoKeyPair, (await f(...a)) as CryptoKeyPair];
        return { publicKey: one.publicKey, privateKey: two.privateKey };
      },
    ],
  ];
  for (const [what, change] of broken) {
    const keyPairs = what.startsWith('gives a random key pair');
    it(`a Web Crypto that ${what}: refused for every curve${keyPairs ? ' whose encapsulation uses generateKey' : ''}`, async () => {
      for (const [name, group, reference] of cases) {
        const impl = await testedWebCryptoImpl(group, subtleWith(change), reference);
        // Without getPublicKey (Node 20) a P-curve encapsulation loads a scalar of ours: generateKey is then never used.
        if (keyPairs && name !== 'X25519' && impl?.ephemeral === undefined) continue;
        assert.equal(impl, undefined, name);
      }
    });
  }

  it('a Web Crypto that fails after passing: ERR_PLATFORM with its error as cause, not a DOMException', async () => {
    for (const [name, group, reference] of cases) {
      let failing = false;
      const impl = (await testedWebCryptoImpl(
        group,
        subtleWith((m, f, a) =>
          failing && m === 'deriveBits' ? Promise.reject(new DOMException('boom', 'OperationError')) : f(...a),
        ),
        reference,
      ))!;
      const key = await impl.load(new Uint8Array(name === 'P-384' ? 48 : 32).fill(7));
      const peer = await impl.element(key.publicKey);
      failing = true;
      await assert.rejects(key.sharedSecret(peer), (err: unknown) => {
        assert.ok(err instanceof MlKemError, name);
        assert.equal(err.code, 'ERR_PLATFORM');
        assert.match(err.message, new RegExp(`Web Crypto ${name} failed after passing its self-test: boom`));
        assert.ok((err as { cause?: unknown }).cause instanceof DOMException);
        return true;
      });
    }
  });
});

it('loading a scalar into Web Crypto copies it only into the PKCS#8 handed to importKey, wiped after (never spread into an array)', async (t) => {
  const r = await runScalarCopies();
  t.diagnostic(r.loads.join('; '));
  assert.deepEqual(r.failures, []);
  assert.ok(
    r.loads.every((l) => l.endsWith('loaded')),
    `Node's Web Crypto refused a way: ${r.loads.join('; ')}`,
  );
});
