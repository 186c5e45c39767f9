// mlkem-ts/noble/ml-kem.js against @noble/post-quantum 0.7's ml-kem.js, on both backends: the same
// bytes for random seeds and messages, and the same refusals (class and message) for every edge
// case: wrong types and lengths, the modulus check, the hash check, secret keys noble accepts
// though no key generation makes them, and prepared keys given another key's secret key.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { sha3_256 } from '@noble/hashes/sha3.js';
import * as noble from '@noble/post-quantum/ml-kem.js';

import { MlKem768 } from '../../src/index.js';
import { registerLoadedBackend } from '../../src/loaded-backend.js';
import { currentKem } from '../../src/noble/backend.js';
import * as ours from '../../src/noble/ml-kem.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { Q, setCoeff, wrongTypes } from '../support/helpers.js';
import { onEachBackend, random, same, scale } from './compare.js';

const NAMES = ['ml_kem512', 'ml_kem768', 'ml_kem1024'] as const;
const LEVELS = { ml_kem512: 'MlKem512', ml_kem768: 'MlKem768', ml_kem1024: 'MlKem1024' } as const;
type Kem = typeof noble.ml_kem768;

/** Bad values for an argument of `length` bytes: every wrong type, and lengths around the right one. */
function badArguments(length: number, undefinedAllowed: boolean): unknown[] {
  return [
    ...wrongTypes(length, undefinedAllowed).map(([, v]) => v),
    new Uint8Array(0),
    new Uint8Array(length - 1),
    new Uint8Array(length + 1),
  ];
}

/** XORs mask into byte i of bytes. */
function flip(bytes: Uint8Array, i: number, mask: number): void {
  bytes[i] = bytes[i]! ^ mask;
}

/** A copy of a secret key with its stored H(ek) made right again for its (edited) embedded ek. */
function rehash(kem: Kem, sk: Uint8Array): Uint8Array {
  const pkLen = kem.lengths.publicKey!;
  const ekStart = pkLen - 32;
  const out = sk.slice();
  out.set(sha3_256(out.subarray(ekStart, ekStart + pkLen)), ekStart + pkLen);
  return out;
}

for (const name of NAMES) {
  const n = noble[name] as Kem;
  const o = ours[name];
  const { publicKey: pkLen, secretKey: skLen, cipherText: ctLen } = n.lengths as Required<Kem['lengths']>;

  describe(`noble ${name}`, () => {
    it('has noble’s fields, lengths and info, frozen like noble’s', () => {
      assert.deepEqual(Object.keys(o).sort(), Object.keys(n).sort());
      assert.deepEqual({ ...o.lengths }, { ...n.lengths });
      assert.deepEqual(Object.keys(o.lengths), Object.keys(n.lengths));
      assert.deepEqual({ ...o.info }, { ...n.info });
      assert.equal(Object.isFrozen(o), Object.isFrozen(n));
      assert.equal(Object.isFrozen(o.lengths), Object.isFrozen(n.lengths));
      const { publicKey } = n.keygen(random(64));
      const pn = n.prepare(publicKey);
      const po = o.prepare(publicKey);
      assert.deepEqual(Object.keys(po).sort(), Object.keys(pn).sort());
      assert.equal(Object.isFrozen(po), Object.isFrozen(pn));
    });

    it(`gives noble’s bytes for random seeds and messages (${scale(100)} of each per backend)`, () => {
      for (let i = 0; i < scale(100); i++) {
        const seed = random(64);
        const msg = random(32);
        const keys = n.keygen(seed);
        const enc = n.encapsulate(keys.publicKey, msg);
        const tampered = enc.cipherText.slice();
        flip(tampered, i % ctLen, 1 << (i % 8));
        const expected = {
          keys,
          pk: n.getPublicKey(keys.secretKey),
          enc,
          dec: n.decapsulate(enc.cipherText, keys.secretKey),
          rejected: n.decapsulate(tampered, keys.secretKey),
        };
        const pn = n.prepare(keys.publicKey);
        const prepared = {
          enc: pn.encapsulate(msg),
          dec: pn.decapsulate(enc.cipherText, keys.secretKey),
          rejected: pn.decapsulate(tampered, keys.secretKey),
        };
        onEachBackend((backend) => {
          const what = `${name} ${backend} #${i}`;
          const k = o.keygen(seed);
          const e = o.encapsulate(keys.publicKey, msg);
          assert.deepEqual(
            {
              keys: k,
              pk: o.getPublicKey(keys.secretKey),
              enc: e,
              dec: o.decapsulate(enc.cipherText, keys.secretKey),
              rejected: o.decapsulate(tampered, keys.secretKey),
            },
            expected,
            what,
          );
          const po = o.prepare(keys.publicKey);
          assert.deepEqual(
            {
              enc: po.encapsulate(msg),
              dec: po.decapsulate(enc.cipherText, keys.secretKey),
              rejected: po.decapsulate(tampered, keys.secretKey),
            },
            prepared,
            `${what} prepared`,
          );
          // Fresh randomness: what ours encapsulates, noble decapsulates (and the reverse).
          const fresh = o.encapsulate(keys.publicKey);
          assert.deepEqual(n.decapsulate(fresh.cipherText, keys.secretKey), fresh.sharedSecret, `${what} fresh`);
          const freshPrepared = po.encapsulate();
          assert.deepEqual(
            n.decapsulate(freshPrepared.cipherText, keys.secretKey),
            freshPrepared.sharedSecret,
            `${what} fresh prepared`,
          );
        });
      }
    });

    it('refuses every wrong type and length where noble does, with noble’s error', () => {
      const keys = n.keygen(random(64));
      const { cipherText } = n.encapsulate(keys.publicKey, random(32));
      {
        const w = name;
        const pn = n.prepare(keys.publicKey);
        // A prepared key of the backend in use when the call runs.
        const po = {
          encapsulate: (m?: Uint8Array) => o.prepare(keys.publicKey).encapsulate(m),
          decapsulate: (c: Uint8Array, sk: Uint8Array) => o.prepare(keys.publicKey).decapsulate(c, sk),
        };
        for (const bad of badArguments(64, true)) same(`${w} keygen`, n.keygen, o.keygen, [bad]);
        for (const bad of badArguments(skLen, false)) same(`${w} getPublicKey`, n.getPublicKey, o.getPublicKey, [bad]);
        for (const bad of badArguments(pkLen, false)) {
          same(`${w} encapsulate publicKey`, n.encapsulate, o.encapsulate, [bad, random(32)]);
          same(`${w} encapsulate publicKey, no msg`, n.encapsulate, o.encapsulate, [bad], true);
          same(`${w} prepare`, n.prepare, o.prepare, [bad], true);
        }
        for (const bad of badArguments(32, true)) {
          same(`${w} encapsulate msg`, n.encapsulate, o.encapsulate, [keys.publicKey, bad], bad === undefined);
          same(`${w} prepared encapsulate msg`, pn.encapsulate, po.encapsulate, [bad], bad === undefined);
        }
        for (const bad of badArguments(ctLen, false)) {
          same(`${w} decapsulate cipherText`, n.decapsulate, o.decapsulate, [bad, keys.secretKey]);
          same(`${w} prepared decapsulate cipherText`, pn.decapsulate, po.decapsulate, [bad, keys.secretKey]);
        }
        for (const bad of badArguments(skLen, false)) {
          same(`${w} decapsulate secretKey`, n.decapsulate, o.decapsulate, [cipherText, bad]);
          same(`${w} prepared decapsulate secretKey`, pn.decapsulate, po.decapsulate, [cipherText, bad]);
          // Both wrong: the secret key is checked first.
          same(`${w} decapsulate both`, n.decapsulate, o.decapsulate, [new Uint8Array(1), bad]);
        }
        // Buffers and offset views are Uint8Arrays: accepted.
        const offset = new Uint8Array(pkLen + 3).subarray(3);
        offset.set(keys.publicKey);
        const m = random(32);
        same(`${w} Buffer and offset view`, n.encapsulate, o.encapsulate, [offset, Buffer.from(m)]);
        same(`${w} Buffer secret key`, n.decapsulate, o.decapsulate, [
          Buffer.from(cipherText),
          Buffer.from(keys.secretKey),
        ]);
      }
    });

    it('refuses a public key that fails the modulus check (FIPS 203, §7.2) as noble does, and no other', () => {
      const { publicKey } = n.keygen(random(64));
      const k = (pkLen - 32) / 384;
      const cases: Uint8Array[] = [];
      for (const index of [0, 1, 255, 256, 256 * k - 2, 256 * k - 1]) {
        for (const value of [Q, Q + 1, 4095, Q - 1, 0]) {
          const pk = publicKey.slice();
          setCoeff(pk, index, value);
          cases.push(pk);
        }
      }
      const rho = publicKey.slice();
      flip(rho, pkLen - 1, 0xff); // ρ is not checked: any 32 bytes
      cases.push(rho, new Uint8Array(pkLen), new Uint8Array(pkLen).fill(0xff));
      for (const [i, pk] of cases.entries()) {
        const m = random(32);
        same(`${name} encapsulate #${i}`, n.encapsulate, o.encapsulate, [pk, m]);
        same(
          `${name} prepare #${i}`,
          (p: Uint8Array) => n.prepare(p).encapsulate(m),
          (p: Uint8Array) => o.prepare(p).encapsulate(m),
          [pk],
        );
      }
    });

    it('checks secret keys as noble does: the hash check refused, any other content decapsulated alike', () => {
      const keys = n.keygen(random(64));
      const { cipherText } = n.encapsulate(keys.publicKey, random(32));
      const ekStart = pkLen - 32;
      const variants: Array<[string, Uint8Array]> = [];
      const hashFlip = keys.secretKey.slice();
      flip(hashFlip, ekStart + pkLen + 5, 1);
      variants.push(['a wrong H(ek)', hashFlip]);
      const ekFlip = keys.secretKey.slice();
      flip(ekFlip, ekStart + 7, 1);
      variants.push(['an ek that does not hash to H(ek)', ekFlip]);
      for (const value of [Q, 4095]) {
        const sHat = keys.secretKey.slice();
        setCoeff(sHat, 3, value);
        variants.push([`ŝ with a coefficient ${value}`, sHat]);
        const ek = keys.secretKey.slice();
        setCoeff(ek.subarray(ekStart), 10, value);
        variants.push([`an embedded ek with a coefficient ${value}, rehashed`, rehash(n, ek)]);
      }
      const z = keys.secretKey.slice();
      flip(z, skLen - 1, 0x80);
      variants.push(['another z', z]);
      variants.push(['all zeros', new Uint8Array(skLen)]);
      for (const [what, sk] of variants) {
        same(`${name} decapsulate, ${what}`, n.decapsulate, o.decapsulate, [cipherText, sk]);
        same(`${name} getPublicKey, ${what}`, n.getPublicKey, o.getPublicKey, [sk]);
        const tampered = cipherText.slice();
        flip(tampered, 0, 1);
        same(`${name} decapsulate tampered, ${what}`, n.decapsulate, o.decapsulate, [tampered, sk]);
      }
    });

    it('binds a prepared key to its own secret keys as noble does (mismatches refused, the rest alike)', () => {
      const keys = n.keygen(random(64));
      const other = n.keygen(random(64));
      const { cipherText } = n.encapsulate(keys.publicKey, random(32));
      const ekStart = pkLen - 32;
      const cases: Array<[string, Uint8Array]> = [
        ['its own', keys.secretKey],
        ['another key’s', other.secretKey],
      ];
      const hashFlip = keys.secretKey.slice();
      flip(hashFlip, ekStart + pkLen, 1);
      cases.push(['a wrong H(ek)', hashFlip]);
      const ekFlip = keys.secretKey.slice();
      flip(ekFlip, ekStart, 1);
      cases.push(['another ek, rehashed', rehash(n, ekFlip)]);
      // Same ek and H(ek), other ŝ or z: noble accepts, and so must the cache of ours.
      const sHat = keys.secretKey.slice();
      flip(sHat, 0, 1);
      cases.push(['another ŝ', sHat]);
      const big = keys.secretKey.slice();
      setCoeff(big, 0, 4095);
      cases.push(['a non-canonical ŝ', big]);
      const z = keys.secretKey.slice();
      flip(z, skLen - 2, 4);
      cases.push(['another z', z]);
      const pn = n.prepare(keys.publicKey);
      // One prepared key per backend, kept from call to call: its cache sees every key after every other.
      const byBackend = new Map<unknown, ours.NoblePreparedKey>();
      const po = (c: Uint8Array, sk: Uint8Array) => {
        const kem = currentKem(LEVELS[name]);
        if (!byBackend.has(kem)) byBackend.set(kem, o.prepare(keys.publicKey));
        return byBackend.get(kem)!.decapsulate(c, sk);
      };
      for (const [what, sk] of [...cases, ...cases.slice().reverse(), ...cases]) {
        same(`${name} prepared decapsulate, ${what}`, pn.decapsulate, po, [cipherText, sk]);
      }
    });
  });
}

describe('noble ML-KEM: what ours adds', () => {
  it('never modifies an argument, and returns fresh arrays', () => {
    const seed = random(64);
    const keys = ours.ml_kem768.keygen(seed.slice());
    const args = [seed, keys.publicKey, keys.secretKey, random(32)].map((a) => a.slice());
    const before = args.map((a) => a.slice());
    const [s, pk, sk, m] = args as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    ours.ml_kem768.keygen(s);
    const e = ours.ml_kem768.encapsulate(pk, m);
    ours.ml_kem768.decapsulate(e.cipherText, sk);
    ours.ml_kem768.getPublicKey(sk);
    const p = ours.ml_kem768.prepare(pk);
    p.encapsulate(m);
    p.decapsulate(e.cipherText, sk);
    assert.deepEqual(args, before);
    assert.notEqual(e.sharedSecret.buffer, e.cipherText.buffer);
    assert.equal(e.sharedSecret.buffer.byteLength, 32);
    p.publicKey.fill(0); // the prepared key keeps its own copy
    assert.deepEqual(p.encapsulate(m), e);
  });

  it('refuses a prepared key after clean() (noble would go on with zeroed data)', () => {
    const keys = ours.ml_kem768.keygen();
    const p = ours.ml_kem768.prepare(keys.publicKey);
    const { cipherText } = p.encapsulate();
    p.decapsulate(cipherText, keys.secretKey);
    p.clean();
    assert.throws(() => p.encapsulate(), /used after clean\(\)/);
    assert.throws(() => p.decapsulate(cipherText, keys.secretKey), /used after clean\(\)/);
    p.clean();
  });

  it('a prepared key collected without clean() leaves no copy of the secret key it was given (issue #38, --expose-gc)', () => {
    const fixture = fileURLToPath(new URL('../support/fixtures/noble-prepared-collected.ts', import.meta.url));
    const out = JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fixture], { encoding: 'utf8' }).trim(),
    ) as { copies: number; unwiped: string[] };
    assert.ok(
      out.copies >= 12,
      `${out.copies} copies watched (at least ours and the key object's, 2 backends × 3 levels)`,
    );
    assert.deepEqual(out.unwiped, [], 'copies of the secret key left unwiped after collection');
  });

  it('switches to the WebAssembly core when the application loads it', () => {
    try {
      registerLoadedBackend(undefined);
      assert.equal(currentKem('MlKem768'), MlKem768);
      const wasm = loadWasmSync();
      assert.equal(currentKem('MlKem768'), wasm.MlKem768);
      assert.equal(currentKem('MlKem1024'), wasm.MlKem1024);
    } finally {
      registerLoadedBackend(undefined);
    }
  });
});

/** The arrays getRandomValues was given while f ran, and what f threw (undefined if it returned). */
function watchRandomness(f: () => unknown): { drawn: Uint8Array[]; thrown: unknown } {
  const c = globalThis.crypto as { getRandomValues: (a: Uint8Array) => Uint8Array };
  const real = c.getRandomValues;
  const drawn: Uint8Array[] = [];
  c.getRandomValues = (a: Uint8Array) => {
    drawn.push(a);
    return real.call(globalThis.crypto, a);
  };
  try {
    f();
    return { drawn, thrown: undefined };
  } catch (err) {
    return { drawn, thrown: err };
  } finally {
    c.getRandomValues = real;
  }
}

describe('noble ML-KEM: the randomness of encapsulate, as noble draws and wipes it', () => {
  it('draws 32 bytes before any check and wipes them, whether the public key is refused or used', () => {
    const { publicKey } = noble.ml_kem768.keygen(random(64));
    const outOfRange = publicKey.slice();
    setCoeff(outOfRange, 0, Q);
    for (const [what, pk] of [
      ['no public key', new Uint8Array(0)],
      ['a key failing the modulus check', outOfRange],
      ['a valid key', publicKey],
    ] as const) {
      const theirs = watchRandomness(() => noble.ml_kem768.encapsulate(pk));
      const mine = watchRandomness(() => ours.ml_kem768.encapsulate(pk));
      assert.equal(mine.thrown === undefined, theirs.thrown === undefined, what);
      assert.deepEqual(
        mine.drawn.map((a) => a.length),
        [32],
        what,
      );
      assert.deepEqual(
        theirs.drawn.map((a) => a.length),
        [32],
        `noble, ${what}`,
      );
      assert.ok(
        mine.drawn.every((a) => a.every((b) => b === 0)),
        `${what}: the drawn bytes are wiped`,
      );
    }
  });
});
