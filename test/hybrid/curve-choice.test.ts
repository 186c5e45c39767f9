// How 'auto' picks a curve implementation per runtime and per use (src/hybrid/curves/native.ts's
// chooseImpl). In Node.js with the WebAssembly module loaded, X25519 takes the module's for a
// keygen's public element; on OpenSSL 3.0, whose native key loads are slow, also for a scalar used
// once, and it moves a kept key's shared secrets to node:crypto after KEPT_TRIAL of them; elsewhere
// node:crypto does the rest. And P-384's 'sec1' form, taken on OpenSSL 3.0 only, per use too. The
// runtime's OpenSSL version is faked both ways, so that both choices are tested under Node 20 and 26.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';

import type { CurveImpl, CurveKey, CurvePath, CurveUse } from '../../src/hybrid/curves/curve.js';
import { KEPT_TRIAL, chooseImpl, nativeCurve, nativeForm, openSsl30 } from '../../src/hybrid/curves/native.js';
import { P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { nobleP384 } from '../../src/hybrid/curves/noble-nist.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { secretsOf, trackSecrets } from '../../src/lifetime.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { randomBytes } from '../support/helpers.js';
import { lowOrderEncodings, toHex } from '../support/hybrid-reference.js';

const wasm = loadWasmSync();
trackSecrets();

/** Runs f with process.versions.openssl reading `version`, restored after. */
function withOpenSsl<T>(version: string, f: () => T): T {
  const real = Object.getOwnPropertyDescriptor(process.versions, 'openssl')!;
  Object.defineProperty(process.versions, 'openssl', { ...real, value: version });
  try {
    return f();
  } finally {
    Object.defineProperty(process.versions, 'openssl', real);
  }
}
type Fn = (...args: unknown[]) => unknown;
const OLD = '3.0.19';
const NEW = '3.5.4';

/** An implementation that logs its calls and keeps the arrays it was given to load. */
function fake(path: CurvePath, log: string[]): CurveImpl & { loaded: Uint8Array[] } {
  const loaded: Uint8Array[] = [];
  return {
    path,
    loaded,
    load(scalar: Uint8Array, use?: CurveUse): CurveKey {
      loaded.push(scalar);
      log.push(`${path} load${use === undefined || use === 'once' ? '' : ` ${use}`} ${toHex(scalar)}`);
      return {
        publicKey: () => (log.push(`${path} publicKey`), Uint8Array.of(path.length)),
        sharedSecret: (peer) => (log.push(`${path} sharedSecret ${toHex(peer)}`), Uint8Array.of(path.length, peer[0]!)),
        dispose: () => log.push(`${path} dispose`),
      };
    },
  };
}

function fakes() {
  const log: string[] = [];
  const native = fake('native', log);
  const module = fake('wasm', log);
  const noble = fake('noble', log);
  const choose = (choice: 'auto' | 'native' | 'wasm' | 'noble', hasNative = true, hasWasm = true) =>
    chooseImpl(
      'X',
      choice,
      () => (hasNative ? native : undefined),
      noble,
      () => (hasWasm ? module : undefined),
    );
  return { log, native, module, noble, choose };
}

describe("the curve choice 'auto'", () => {
  it('reads OpenSSL 3.0 (and older) as the slow one, and nothing else', () => {
    for (const [v, slow] of [
      ['3.0.19', true],
      ['3.0.2+quic', true],
      ['1.1.1w', true],
      ['3.5.4', false],
      ['3.1.0', false],
      ['4.0.0', false],
    ] as const)
      assert.equal(
        withOpenSsl(v, () => openSsl30()),
        slow,
        v,
      );
  });

  it("on a fast OpenSSL: node:crypto for every use but a keygen's public element, the module's; Deno and Bun: node:crypto for all", () => {
    const { choose, native, module, noble, log } = fakes();
    withOpenSsl(NEW, () => {
      const auto = choose('auto');
      assert.equal(auto.path, 'native');
      assert.equal(choose('auto'), auto, 'the same object on every call');
      for (const use of [undefined, 'once', 'kept', 'public'] as const) {
        const key = auto.load(Uint8Array.of(1), use);
        key.publicKey();
        if (use !== 'public') key.sharedSecret(Uint8Array.of(2));
        key.dispose();
      }
      const used = (path: string, load: string) => [
        load,
        `${path} publicKey`,
        `${path} sharedSecret 02`,
        `${path} dispose`,
      ];
      assert.deepEqual(log, [
        ...used('native', 'native load 01'),
        ...used('native', 'native load 01'),
        ...used('native', 'native load kept 01'),
        'wasm load public 01',
        'wasm publicKey',
        'wasm dispose',
      ]);
      assert.equal(choose('auto', true, false), native, 'no module loaded: native alone');
      for (const runtime of ['Deno', 'Bun']) {
        (globalThis as Record<string, unknown>)[runtime] = {};
        try {
          assert.equal(choose('auto'), native, runtime);
        } finally {
          delete (globalThis as Record<string, unknown>)[runtime];
        }
      }
      assert.equal(choose('native'), native);
      assert.equal(choose('wasm'), module);
      assert.equal(choose('noble'), noble);
      assert.equal(choose('auto', false), module, 'no native: the module');
      assert.equal(choose('auto', false, false), noble, 'neither: noble');
    });
  });

  it('on OpenSSL 3.0: the module for a scalar used once or for its public element, one composite per pair, native when asked', () => {
    const { choose, native, module, log } = fakes();
    withOpenSsl(OLD, () => {
      const auto = choose('auto');
      assert.equal(auto.path, 'wasm');
      assert.equal(choose('auto'), auto, 'the same object on every call');
      assert.equal(choose('native'), native);
      assert.equal(choose('wasm'), module);
      assert.equal(choose('auto', false), module, 'no native: the module alone');
      assert.equal(choose('auto', true, false), native, 'no module loaded: native alone');
      const k = Uint8Array.of(7);
      const key = auto.load(k);
      key.publicKey();
      key.sharedSecret(Uint8Array.of(9));
      key.dispose();
      auto.load(k, 'public').dispose();
      assert.deepEqual(log, [
        'wasm load 07',
        'wasm publicKey',
        'wasm sharedSecret 09',
        'wasm dispose',
        'wasm load public 07',
        'wasm dispose',
      ]);
    });
  });

  it(`on OpenSSL 3.0: a kept key's public key and first ${KEPT_TRIAL} shared secrets on the module, then native, loaded once from a copy that dispose wipes`, () => {
    const { choose, native, module, log } = fakes();
    const auto = withOpenSsl(OLD, () => choose('auto'));
    const k = Uint8Array.of(5);
    const key = auto.load(k, 'kept');
    k[0] = 6; // the caller's array is not the key's
    assert.equal(toHex(key.publicKey()), '04', "the module's public key");
    const from: number[] = [];
    for (let i = 0; i < KEPT_TRIAL + 4; i++) from.push(key.sharedSecret(Uint8Array.of(i))[0]!);
    assert.deepEqual(
      from,
      [...new Array<number>(KEPT_TRIAL).fill(4), 6, 6, 6, 6],
      'wasm (4) until the trial is over, then native (6)',
    );
    assert.equal(native.loaded.length, 1, 'loaded natively once');
    assert.deepEqual(
      log.filter((l) => l.includes('load')),
      ['wasm load 05', 'native load kept 05'],
    );
    assert.equal(secretsOf(key).length, 1, 'the copy is recorded');
    key.dispose();
    assert.deepEqual(log.slice(-2), ['wasm dispose', 'native dispose']);
    assert.equal(toHex(native.loaded[0]!), '00', 'the copy native loaded from is wiped');
    assert.equal(toHex(module.loaded[0]!), '00', "the module's key was loaded from the same copy");
    assert.ok(secretsOf(key).every((a) => a.every((b) => b === 0)));
  });

  it('on OpenSSL 3.0: a kept key disposed of within its trial never loads natively', () => {
    const { choose, native, log } = fakes();
    const key = withOpenSsl(OLD, () => choose('auto')).load(Uint8Array.of(3), 'kept');
    for (let i = 0; i < KEPT_TRIAL; i++) key.sharedSecret(Uint8Array.of(i));
    key.dispose();
    assert.equal(native.loaded.length, 0);
    assert.equal(log.at(-1), 'wasm dispose');
  });

  for (const version of [OLD, NEW])
    it(`on OpenSSL ${version}, for real: X-Wing over 'auto' gives node:crypto's bytes in keygen, one-shot and through a key object past its trial, and the same low-order refusal`, () => {
      const kem = wasm.MlKem768;
      const native = xwingOver(kem, 'native');
      const strictNative = xwingOver(kem, 'native', { refuseLowOrder: true });
      withOpenSsl(version, () => {
        assert.equal(X25519.impl('auto').path, version === OLD ? 'wasm' : 'native');
        const auto = xwingOver(kem, 'auto');
        const strict = xwingOver(kem, 'auto', { refuseLowOrder: true });
        const pair = auto.keygen();
        assert.equal(toHex(pair.publicKey), toHex(native.keygen(pair.seed).publicKey));
        using dk = auto.decapsulationKey(pair.secretKey);
        for (let i = 0; i < 2 * KEPT_TRIAL; i++) {
          const eseed = randomBytes(64);
          const enc = auto.encapsulateInternal(pair.publicKey, eseed);
          assert.equal(toHex(enc.ciphertext), toHex(native.encapsulateInternal(pair.publicKey, eseed).ciphertext));
          assert.equal(toHex(dk.decapsulate(enc.ciphertext)), toHex(enc.sharedSecret), `decapsulation ${i + 1}`);
          assert.equal(toHex(auto.decapsulate(enc.ciphertext, pair.secretKey)), toHex(enc.sharedSecret));
        }
        using strictDk = strict.decapsulationKey(pair.secretKey);
        using strictNativeDk = strictNative.decapsulationKey(pair.secretKey);
        const ct = auto.encapsulate(pair.publicKey).ciphertext;
        for (let i = 0; i < KEPT_TRIAL + 1; i++) strictDk.decapsulate(ct); // past the trial
        for (const [name, u] of lowOrderEncodings()) {
          const bad = ct.slice();
          bad.set(u, bad.length - 32);
          const expected = (() => {
            try {
              strictNativeDk.decapsulate(bad);
            } catch (err) {
              return err;
            }
            throw new Error('native accepted a low-order point');
          })();
          assert.throws(() => strictDk.decapsulate(bad), expected as Error, name);
          assert.equal(toHex(dk.decapsulate(bad)), toHex(native.decapsulate(bad, pair.secretKey)), name);
        }
      });
    });

  it("P-384's 'sec1' form, only on OpenSSL 3.0: the ECDH class for a scalar used once, diffieHellman on a KeyObject for a kept one; noble's bytes; dispose wipes the copy of d", () => {
    const sec1 = { ...P384_GROUP, native: { ...P384_GROUP.native, forms: ['sec1'] as const } };
    assert.equal(
      withOpenSsl(NEW, () => nativeCurve(sec1, nobleP384)()),
      undefined,
      'not taken on OpenSSL 3.5',
    );
    // Counted from the self-test on, when the form captures what it uses of node:crypto.
    const calls = { diffieHellman: 0, computeSecret: 0 };
    const ecdhProto = (crypto.ECDH as unknown as { prototype: Record<string, unknown> }).prototype;
    const mod = crypto as unknown as Record<string, unknown>;
    const real = { diffieHellman: mod.diffieHellman as Fn, computeSecret: ecdhProto.computeSecret as Fn };
    const counted = (name: keyof typeof calls) =>
      function (this: unknown, ...args: unknown[]) {
        calls[name]++;
        return Reflect.apply(real[name], this, args);
      };
    mod.diffieHellman = counted('diffieHellman');
    ecdhProto.computeSecret = counted('computeSecret');
    let impl: CurveImpl | undefined;
    try {
      impl = withOpenSsl(OLD, () => nativeCurve(sec1, nobleP384)());
    } finally {
      mod.diffieHellman = real.diffieHellman;
      ecdhProto.computeSecret = real.computeSecret;
    }
    assert.ok(impl !== undefined, 'passes its self-test');
    assert.equal(nativeForm('P-384'), 'sec1');
    const peer = () => nobleP384.load(randomBytes(48).fill(0x11, 0, 1)).publicKey();
    const scalar = (top: number) => randomBytes(48).fill(top, 0, 1); // below n
    for (let i = 0; i < 4; i++) {
      const d = scalar(0x7f);
      const q = peer();
      const ref = nobleP384.load(d);
      for (const kept of [false, true]) {
        const key = impl.load(d, kept ? 'kept' : 'once');
        try {
          assert.equal(toHex(key.publicKey()), toHex(ref.publicKey()));
          const before = { ...calls };
          for (let j = 0; j < 2; j++) assert.equal(toHex(key.sharedSecret(q)), toHex(ref.sharedSecret(q)));
          assert.deepEqual(
            [calls.computeSecret - before.computeSecret, calls.diffieHellman - before.diffieHellman],
            kept ? [0, 2] : [2, 0],
            kept ? 'kept: diffieHellman' : 'once: computeSecret',
          );
        } finally {
          key.dispose();
        }
      }
      ref.dispose();
    }
    assert.deepEqual(secretsOf(impl.load(scalar(0x21))), [], 'a key used once holds no copy of ours');
    const key = impl.load(scalar(0x22), 'kept');
    const copies = secretsOf(key);
    assert.equal(copies.length, 1);
    assert.ok(copies[0]!.some((b) => b !== 0));
    key.dispose();
    assert.ok(
      copies[0]!.every((b) => b === 0),
      'its copy of d, wiped on dispose',
    );
    const used = impl.load(scalar(0x33), 'kept');
    const copy = secretsOf(used)[0]!;
    used.sharedSecret(peer());
    assert.ok(
      copy.every((b) => b === 0),
      'wiped once the KeyObject holds d',
    );
    used.dispose();
  });
});
