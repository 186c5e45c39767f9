// Key objects (MlKem.encapsulationKey / decapsulationKey) and the explicit key checks
// (checkPublicKey / checkSecretKey), on both backends: the same bytes as the one-shot functions,
// the same refusals, dispose wipes, use after dispose throws, and many live keys at once.
// The ACVP vectors run through the key objects in acvp.test.ts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { MlKemError, type MlKem } from '../../src/index.js';
import { expansionOf, expansionsMade, trackExpansions } from '../../src/key-objects.js';
import { decodePkcs8, encodePkcs8 } from '../../src/keys/index.js';
import { type Backend, backends } from '../support/backends.js';
import { equalBytes, getCoeff, randomBytes, setCoeff } from '../support/helpers.js';

function assertCode(fn: () => unknown, code: string, what: string): void {
  assert.throws(
    fn,
    (err: unknown) => err instanceof MlKemError && err.code === code,
    `${what}: expected MlKemError ${code}`,
  );
}

trackExpansions(); // expansionOf below reads the keys' cached secrets

/** The k of a parameter set, from its public key length 384k + 32. */
const kOf = (kem: MlKem) => (kem.sizes.publicKey - 32) / 384;

for (const backend of backends) {
  for (const kem of backend.kems) {
    describe(`${kem.name} key objects on ${backend.name}`, () => {
      test('equal the one-shot functions on random keys, messages and ciphertexts', () => {
        for (let i = 0; i < 20; i++) {
          const { publicKey, secretKey, seed } = kem.keygen();
          const ek = kem.encapsulationKey(publicKey);
          const fromSeed = kem.decapsulationKey(seed);
          const fromSk = kem.decapsulationKey(secretKey);
          assert.ok(equalBytes(ek.bytes(), publicKey), 'bytes()');
          assert.ok(equalBytes(fromSeed.encapsulationKey.bytes(), publicKey), 'encapsulationKey of a seed key');
          assert.ok(equalBytes(fromSk.encapsulationKey.bytes(), publicKey), 'encapsulationKey of an expanded key');
          assert.ok(equalBytes(fromSeed.seed(), seed), 'seed()');
          assert.equal(fromSk.seed(), undefined, 'seed() of an expanded key');
          assert.ok(
            equalBytes(fromSeed.secretKey(), secretKey) && equalBytes(fromSk.secretKey(), secretKey),
            'secretKey()',
          );

          const m = randomBytes(32);
          const want = kem.encapsulateInternal(publicKey, m);
          for (const key of [ek, fromSeed.encapsulationKey, fromSk.encapsulationKey]) {
            const got = key.encapsulateInternal(m);
            assert.ok(
              equalBytes(got.ciphertext, want.ciphertext) && equalBytes(got.sharedSecret, want.sharedSecret),
              'encapsulateInternal',
            );
          }
          const fresh = ek.encapsulate();
          assert.ok(
            equalBytes(kem.decapsulate(fresh.ciphertext, secretKey), fresh.sharedSecret),
            'encapsulate() round trip',
          );

          const tampered = want.ciphertext.slice();
          tampered[i % tampered.length]! ^= 1 << (i % 8);
          for (const c of [want.ciphertext, tampered, randomBytes(kem.sizes.ciphertext)]) {
            const k = kem.decapsulate(c, secretKey);
            assert.ok(equalBytes(fromSeed.decapsulate(c), k) && equalBytes(fromSk.decapsulate(c), k), 'decapsulate');
          }
        }
      });

      test('refuse what the one-shot functions refuse, with the same codes', () => {
        const { publicKey, secretKey } = kem.keygen();
        for (const bad of ['x', null, undefined, new Uint16Array(4), publicKey.buffer] as unknown[]) {
          assertCode(() => kem.encapsulationKey(bad as Uint8Array), 'ERR_INVALID_TYPE', 'encapsulationKey(non-bytes)');
          assertCode(() => kem.decapsulationKey(bad as Uint8Array), 'ERR_INVALID_TYPE', 'decapsulationKey(non-bytes)');
        }
        assertCode(() => kem.encapsulationKey(publicKey.subarray(1)), 'ERR_INVALID_LENGTH', 'short public key');
        for (const n of [0, 32, 63, 65, kem.sizes.secretKey - 1, kem.sizes.secretKey + 1]) {
          assertCode(
            () => kem.decapsulationKey(new Uint8Array(n)),
            'ERR_INVALID_LENGTH',
            `decapsulationKey of ${n} bytes`,
          );
        }
        const badPk = publicKey.slice();
        setCoeff(badPk, 5, 3329);
        assertCode(() => kem.encapsulationKey(badPk), 'ERR_INVALID_PUBLIC_KEY', 'coefficient q in ek');
        assertCode(() => kem.checkPublicKey(badPk), 'ERR_INVALID_PUBLIC_KEY', 'checkPublicKey');
        kem.checkPublicKey(publicKey);
        kem.checkSecretKey(secretKey);

        const badHash = secretKey.slice();
        badHash[768 * kOf(kem) + 40]! ^= 1;
        assertCode(() => kem.decapsulationKey(badHash), 'ERR_INVALID_SECRET_KEY', 'wrong H(ek)');
        assertCode(() => kem.checkSecretKey(badHash), 'ERR_INVALID_SECRET_KEY', 'checkSecretKey: wrong H(ek)');

        const dk = kem.decapsulationKey(secretKey);
        assertCode(
          () => dk.decapsulate(new Uint8Array(kem.sizes.ciphertext - 1)),
          'ERR_INVALID_LENGTH',
          'short ciphertext',
        );
        assertCode(() => dk.decapsulate('c' as unknown as Uint8Array), 'ERR_INVALID_TYPE', 'ciphertext string');
        assertCode(() => dk.encapsulationKey.encapsulateInternal(new Uint8Array(31)), 'ERR_INVALID_LENGTH', 'short m');
        assertCode(
          () => kem.decapsulationKey(secretKey, { pairwiseCheck: 1 } as never),
          'ERR_INVALID_TYPE',
          'pairwiseCheck: 1',
        );
        assertCode(() => kem.decapsulationKey(secretKey, 'x' as never), 'ERR_INVALID_TYPE', 'options string');
      });

      test('an expanded key with a non-canonical or altered ŝ is refused', () => {
        const { secretKey } = kem.keygen();
        // A coefficient c stored as c + q (< 2^12): the same value mod q, but not ByteEncode_12 of any key.
        const plusQ = secretKey.slice();
        const i = Array.from({ length: 256 }, (_, j) => j).find((j) => getCoeff(plusQ, j) + 3329 < 4096)!;
        setCoeff(plusQ, i, getCoeff(plusQ, i) + 3329);
        assertCode(() => kem.checkSecretKey(plusQ), 'ERR_INVALID_SECRET_KEY', 'checkSecretKey: c + q');
        assertCode(() => kem.decapsulationKey(plusQ), 'ERR_INVALID_SECRET_KEY', 'decapsulationKey: c + q');
        assertCode(
          () => kem.decapsulationKey(plusQ, { pairwiseCheck: false }),
          'ERR_INVALID_SECRET_KEY',
          'c + q without pairwise check',
        );

        // A canonical but altered ŝ behind a valid ek and H(ek): only the pairwise check sees it.
        const altered = secretKey.slice();
        setCoeff(altered, 7, (getCoeff(altered, 7) + 1000) % 3329);
        kem.checkSecretKey(altered);
        assertCode(() => kem.decapsulationKey(altered), 'ERR_INVALID_SECRET_KEY', 'pairwise check');
        const unchecked = kem.decapsulationKey(altered, { pairwiseCheck: false });
        assert.equal(unchecked.secretKey().length, kem.sizes.secretKey);
      });

      test('dispose wipes the secrets; use after dispose throws ERR_KEY_DISPOSED; the public half stays usable', () => {
        const { publicKey, secretKey, seed } = kem.keygen();
        for (const key of [kem.decapsulationKey(seed), kem.decapsulationKey(secretKey)]) {
          const x = expansionOf(key)!;
          assert.ok(
            x.sHat.some((v) => v !== 0) && x.dk.some((v) => v !== 0),
            'the key holds its secrets before dispose',
          );
          const { ciphertext } = key.encapsulationKey.encapsulate();
          key[Symbol.dispose]();
          assert.ok(
            x.sHat.every((v) => v === 0),
            'ŝ wiped',
          );
          assert.ok(
            x.dk.every((v) => v === 0),
            'dk (with z) wiped',
          );
          assert.ok(x.seed === undefined || x.seed.every((v) => v === 0), 'seed wiped');
          assertCode(() => key.decapsulate(ciphertext), 'ERR_KEY_DISPOSED', 'decapsulate after dispose');
          assertCode(() => key.seed(), 'ERR_KEY_DISPOSED', 'seed() after dispose');
          assertCode(() => key.secretKey(), 'ERR_KEY_DISPOSED', 'secretKey() after dispose');
          key.dispose(); // a second dispose does nothing
          assert.ok(equalBytes(key.encapsulationKey.bytes(), publicKey), 'the public half after dispose');
          key.encapsulationKey.encapsulate();
        }
        let outside: ReturnType<MlKem['decapsulationKey']> | undefined;
        {
          using dk = kem.decapsulationKey(seed);
          outside = dk;
          assert.equal(dk.decapsulate(kem.encapsulate(publicKey).ciphertext).length, 32);
        }
        assertCode(
          () => outside!.decapsulate(new Uint8Array(kem.sizes.ciphertext)),
          'ERR_KEY_DISPOSED',
          'after a using block',
        );
      });

      test('key objects are frozen and their methods work detached from the object', () => {
        const { publicKey, seed } = kem.keygen();
        const dk = kem.decapsulationKey(seed);
        const ek = kem.encapsulationKey(publicKey);
        assert.ok(Object.isFrozen(dk) && Object.isFrozen(ek));
        const { encapsulate } = ek;
        const { decapsulate } = dk;
        const { ciphertext, sharedSecret } = encapsulate();
        assert.ok(equalBytes(decapsulate(ciphertext), sharedSecret));
      });

      test('inputs are copied: changing them afterwards changes nothing', () => {
        const { publicKey, secretKey, seed } = kem.keygen();
        const pk = publicKey.slice();
        const ek = kem.encapsulationKey(pk);
        const s = seed.slice();
        const dk = kem.decapsulationKey(s);
        pk.fill(0);
        s.fill(0);
        const { ciphertext, sharedSecret } = ek.encapsulate();
        assert.ok(equalBytes(kem.decapsulate(ciphertext, secretKey), sharedSecret));
        assert.ok(equalBytes(dk.decapsulate(ciphertext), sharedSecret));
      });
    });
  }
}

test('1,000 live WebAssembly decapsulation keys at once, each still correct', () => {
  const kem = backends.find((b) => b.name === 'wasm')!.kems[1]!;
  const pairs = Array.from({ length: 1000 }, () => kem.keygen());
  const keys = pairs.map((p, i) =>
    i % 2 === 0 ? kem.decapsulationKey(p.seed) : kem.decapsulationKey(p.secretKey, { pairwiseCheck: false }),
  );
  for (let i = 0; i < keys.length; i += 37) {
    const { ciphertext, sharedSecret } = kem.encapsulate(pairs[i]!.publicKey);
    assert.ok(equalBytes(keys[i]!.decapsulate(ciphertext), sharedSecret), `key ${i}`);
    assert.ok(
      !equalBytes(keys[(i + 1) % keys.length]!.decapsulate(ciphertext), sharedSecret),
      `key ${i + 1} must not share it`,
    );
  }
  for (const key of keys) key.dispose();
});

test('encapsulate takes its copy of the public key before it calls getRandomValues', () => {
  // A getRandomValues that changes the caller's key (or shrinks a resizable buffer under it) must
  // not change the result: the ciphertext is the one for the key as it was when the call began.
  const original = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
  for (const backend of backends) {
    for (const kem of backend.kems) {
      const { publicKey, secretKey } = kem.keygen();
      const other = kem.keygen().publicKey;
      const pk = publicKey.slice();
      const m = randomBytes(32);
      const hostile = <T extends ArrayBufferView | null>(array: T): T => {
        pk.set(other); // the caller's array now holds another key
        new Uint8Array(array!.buffer, array!.byteOffset, array!.byteLength).set(m);
        return array;
      };
      Object.defineProperty(globalThis.crypto, 'getRandomValues', {
        value: hostile,
        configurable: true,
        writable: true,
      });
      let got;
      try {
        got = kem.encapsulate(pk);
      } finally {
        Object.defineProperty(globalThis.crypto, 'getRandomValues', {
          value: original,
          configurable: true,
          writable: true,
        });
      }
      const want = kem.encapsulateInternal(publicKey, m);
      assert.ok(
        equalBytes(got.ciphertext, want.ciphertext),
        `${backend.name} ${kem.name}: ciphertext for the original key`,
      );
      assert.ok(
        equalBytes(kem.decapsulate(got.ciphertext, secretKey), got.sharedSecret),
        `${backend.name} ${kem.name}: round trip`,
      );
    }
  }
});

test('a length-tracking view of a growable SharedArrayBuffer that grows is read at its checked length', () => {
  const kem = backends[0]!.kems[1]!;
  const { publicKey, secretKey } = kem.keygen();
  const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
  const SAB = SharedArrayBuffer as unknown as new (
    n: number,
    o: { maxByteLength: number },
  ) => SharedArrayBuffer & { grow(n: number): void };
  for (const backend of backends) {
    const k = backend.kems[1]!;
    const sab = new SAB(ciphertext.length, { maxByteLength: 2 * ciphertext.length });
    const view = new Uint8Array(sab); // length-tracking
    view.set(ciphertext);
    assert.ok(equalBytes(k.decapsulate(view, secretKey), sharedSecret));
    sab.grow(ciphertext.length + 5); // now the wrong length: refused, not a RangeError
    assertCode(() => k.decapsulate(view, secretKey), 'ERR_INVALID_LENGTH', `${backend.name}: grown view`);
  }
});

test('a DecapsulationKey collected without dispose() has its secrets wiped (FinalizationRegistry)', () => {
  const fixture = fileURLToPath(new URL('../support/fixtures/collected-key.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fixture], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out.trim()), { heldSecrets: true, wiped: true });
});

test('a getRandomValues that detaches the array it is given is ERR_RANDOMNESS, not a TypeError', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis.crypto, 'getRandomValues');
  const detaching = <T extends ArrayBufferView | null>(array: T): T => {
    structuredClone(array!.buffer, { transfer: [array!.buffer as ArrayBuffer] });
    return array;
  };
  Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: detaching, configurable: true, writable: true });
  try {
    for (const backend of backends) {
      const kem = backend.kems[1]!;
      const { publicKey } = backends[0]!.kems[1]!.keygen(new Uint8Array(64));
      assertCode(() => kem.keygen(), 'ERR_RANDOMNESS', `${backend.name} keygen`);
      assertCode(() => kem.encapsulate(publicKey), 'ERR_RANDOMNESS', `${backend.name} encapsulate`);
      assertCode(
        () => kem.encapsulationKey(publicKey).encapsulate(),
        'ERR_RANDOMNESS',
        `${backend.name} EncapsulationKey.encapsulate`,
      );
    }
  } finally {
    if (original) Object.defineProperty(globalThis.crypto, 'getRandomValues', original);
    else delete (globalThis.crypto as { getRandomValues?: unknown }).getRandomValues;
  }
});

/** A backend as mlkem-ts/keys takes it. */
const backendOf = (b: Backend) => ({ MlKem512: b.kems[0]!, MlKem768: b.kems[1]!, MlKem1024: b.kems[2]! });

test('a pairwise check that cannot draw randomness wipes its copy of the expanded key (both backends, all levels, decapsulationKey, decodePkcs8, encodePkcs8)', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis.crypto, 'getRandomValues');
  const failing = () => {
    throw new Error('no randomness here');
  };
  const zero = (x: { sHat: Int16Array; dk: Uint8Array }) => x.sHat.every((v) => v === 0) && x.dk.every((v) => v === 0);
  for (const backend of backends) {
    for (const kem of backend.kems) {
      const { secretKey } = kem.keygen(randomBytes(64));
      const der = encodePkcs8({ secretKey }, { form: 'expanded', pairwiseCheck: false, backend: backendOf(backend) });
      const calls: Array<[string, () => unknown]> = [
        ['decapsulationKey', () => kem.decapsulationKey(secretKey)],
        ['decodePkcs8', () => decodePkcs8(der, { backend: backendOf(backend) })],
        ['encodePkcs8', () => encodePkcs8({ secretKey }, { form: 'expanded', backend: backendOf(backend) })],
      ];
      for (const [name, call] of calls) {
        expansionsMade();
        Object.defineProperty(globalThis.crypto, 'getRandomValues', {
          value: failing,
          configurable: true,
          writable: true,
        });
        try {
          assertCode(call, 'ERR_RANDOMNESS', `${backend.name} ${kem.name} ${name}`);
        } finally {
          if (original) Object.defineProperty(globalThis.crypto, 'getRandomValues', original);
        }
        const made = expansionsMade();
        assert.ok(made.length > 0, `${backend.name} ${kem.name} ${name}: an expansion was made`);
        assert.ok(made.every(zero), `${backend.name} ${kem.name} ${name}: every expansion made is wiped`);
      }
    }
  }
});
