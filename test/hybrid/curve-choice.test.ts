// Which implementation serves a curve's operations (src/hybrid/curves/choose.ts). choose() is a
// pure function of the runtime's facts, so its table is tested by passing facts, every
// combination of them against the rows below, with no runtime faked; then the one-per-use
// composite with stand-in implementations; then the real wiring on this runtime (Node 20 takes
// the OpenSSL 3.0 rows, Node 26 the later ones: CI runs both): both doors, X-Wing end to end, and
// P-384's 'sec1' form of node:crypto on real KeyObjects.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';

import {
  type Answer,
  KEPT_TRIAL,
  NODE_30,
  NODE_LATER,
  ONLY,
  type OpenSsl,
  choose,
  nativeForms,
  opensslOf,
  perUse,
  runtimeOpenSsl,
} from '../../src/hybrid/curves/choose.js';
import type { AsyncCurveChoice, CurveImpl, CurveKey, CurvePath, CurveUse } from '../../src/hybrid/curves/curve.js';
import { nativeCurve, nativeForm } from '../../src/hybrid/curves/native.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { nobleP384 } from '../../src/hybrid/curves/noble-nist.js';
import { asyncImpl } from '../../src/hybrid/curves/webcrypto-curves.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { secretsOf, trackSecrets } from '../../src/lifetime.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { randomBytes } from '../support/helpers.js';
import { lowOrderEncodings, toHex } from '../support/hybrid-reference.js';

const wasm = loadWasmSync();
trackSecrets();

// The table, first matching row wins. Columns: the choice, the door, Node.js's OpenSSL ('none':
// Deno, Bun, a browser), whether the curve is in the module, then whether node:crypto, the module
// and Web Crypto passed their self-tests ('?': not probed yet); '*' matches anything.
type Cell = '*' | 'y' | 'n' | '?';
type Row = [AsyncCurveChoice, '*' | 'sync' | 'async', '*' | '3.0' | 'later' | 'none', Cell, Cell, Cell, Cell, Answer];
const ROWS: Row[] = [
  ['noble', '*', '*', '*', '*', '*', '*', ONLY.noble],
  ['wasm', '*', '*', 'n', '*', '*', '*', ONLY.noble],
  ['wasm', '*', '*', 'y', '*', '?', '*', { probe: 'wasm' }],
  ['wasm', '*', '*', 'y', '*', 'y', '*', ONLY.wasm],
  ['wasm', '*', '*', 'y', '*', 'n', '*', { missing: 'wasm' }],
  ['native', '*', '*', '*', '?', '*', '*', { probe: 'native' }],
  ['native', '*', '*', '*', 'y', '*', '*', ONLY.native],
  ['native', '*', '*', '*', 'n', '*', '*', { missing: 'native' }],
  ['webcrypto', 'async', '*', '*', '*', '*', '?', { probe: 'webcrypto' }],
  ['webcrypto', 'async', '*', '*', '*', '*', 'y', ONLY.webcrypto],
  ['webcrypto', 'async', '*', '*', '*', '*', 'n', { missing: 'webcrypto' }],
  ['auto', '*', '*', '*', '?', '*', '*', { probe: 'native' }],
  ['auto', '*', 'none', '*', 'y', '*', '*', ONLY.native],
  ['auto', '*', '*', 'n', 'y', '*', '*', ONLY.native],
  ['auto', '*', '*', 'y', 'y', '?', '*', { probe: 'wasm' }],
  ['auto', '*', '3.0', 'y', 'y', 'y', '*', NODE_30],
  ['auto', '*', 'later', 'y', 'y', 'y', '*', NODE_LATER],
  ['auto', '*', '*', 'y', 'y', 'n', '*', ONLY.native],
  ['auto', '*', '*', 'y', 'n', '?', '*', { probe: 'wasm' }],
  ['auto', '*', '*', 'y', 'n', 'y', '*', ONLY.wasm],
  ['auto', 'sync', '*', '*', 'n', '*', '*', ONLY.noble],
  ['auto', 'async', '*', '*', 'n', '*', '?', { probe: 'webcrypto' }],
  ['auto', 'async', '*', '*', 'n', '*', 'y', ONLY.webcrypto],
  ['auto', 'async', '*', '*', 'n', '*', 'n', ONLY.noble],
];

const cell = (b: boolean | undefined): Cell => (b === undefined ? '?' : b ? 'y' : 'n');
const matches = (pattern: string, value: string) => pattern === '*' || pattern === value;
const tri = [true, false, undefined] as const;

describe('choose: the table', () => {
  it('answers every combination of facts as its first matching row, and every row answers some', () => {
    const used = new Set<number>();
    let combinations = 0;
    for (const door of ['sync', 'async'] as const)
      for (const choice of [
        'auto',
        'native',
        'wasm',
        'noble',
        ...(door === 'async' ? ['webcrypto' as const] : []),
      ] as const)
        for (const openssl of ['3.0', 'later', undefined] as const)
          for (const inModule of [true, false])
            for (const native of tri)
              for (const module of tri)
                for (const webcrypto of tri) {
                  const passed: Partial<Record<'noble' | 'native' | 'wasm' | 'webcrypto', boolean>> = { noble: true };
                  for (const [key, value] of [
                    ['native', native],
                    ['wasm', module],
                    ['webcrypto', webcrypto],
                  ] as const)
                    if (value !== undefined) passed[key] = value; // absent: not probed yet
                  const facts = [
                    choice,
                    door,
                    openssl ?? 'none',
                    cell(inModule),
                    cell(native),
                    cell(module),
                    cell(webcrypto),
                  ];
                  const at = ROWS.findIndex((row) => row.slice(0, 7).every((p, i) => matches(p as string, facts[i]!)));
                  assert.ok(at >= 0, `no row for ${facts.join(' ')}`);
                  used.add(at);
                  combinations++;
                  const answer = choose(choice, door, { openssl, inModule, passed });
                  const expected = ROWS[at]![7];
                  if ('once' in expected) assert.equal(answer, expected, `${facts.join(' ')}: row ${at + 1}`);
                  else assert.deepEqual(answer, expected, `${facts.join(' ')}: row ${at + 1}`);
                }
    assert.equal(combinations, 2 * 27 * 3 * 2 * 4 + 27 * 3 * 2);
    assert.deepEqual(
      ROWS.map((_, i) => i).filter((i) => !used.has(i)),
      [],
      'rows no combination reaches',
    );
  });

  it('plans per use: a keygen, a scalar used once, a kept key (and how many of its shared secrets run on the once one first)', () => {
    const plan = (p: typeof NODE_30) => [p.public, p.once, p.kept, p.trial];
    assert.deepEqual(plan(NODE_30), ['wasm', 'wasm', 'native', KEPT_TRIAL]);
    assert.deepEqual(plan(NODE_LATER), ['wasm', 'native', 'native', 0]);
    for (const [path, p] of Object.entries(ONLY)) assert.deepEqual(plan(p), [path, path, path, 0]);
    assert.equal(KEPT_TRIAL, 8);
  });

  it("reads Node.js's own OpenSSL, 3.0 and older as one, and none in Deno, Bun or without a version", () => {
    const rows: [object, OpenSsl][] = [
      [{ process: { versions: { openssl: '3.0.19' } } }, '3.0'],
      [{ process: { versions: { openssl: '3.0.2+quic' } } }, '3.0'],
      [{ process: { versions: { openssl: '1.1.1w' } } }, '3.0'],
      [{ process: { versions: { openssl: '3.5.4' } } }, 'later'],
      [{ process: { versions: { openssl: '3.1.0' } } }, 'later'],
      [{ process: { versions: { openssl: '4.0.0' } } }, 'later'],
      [{ process: { versions: { openssl: '3.0.19' } }, Deno: {} }, undefined],
      [{ process: { versions: { openssl: '3.5.4' } }, Bun: {} }, undefined],
      [{ process: { versions: {} } }, undefined],
      [{ process: { versions: { openssl: 'unknown' } } }, undefined],
      [{}, undefined],
    ];
    for (const [g, expected] of rows) assert.equal(opensslOf(g), expected, JSON.stringify(g));
    assert.equal(runtimeOpenSsl(), opensslOf(globalThis), 'this runtime, probed once');
  });

  it("tries node:crypto's 'sec1' form on OpenSSL 3.0 only, the others everywhere, in the curve's order", () => {
    const forms = P384_GROUP.native.forms;
    assert.deepEqual(nativeForms(forms, '3.0'), ['raw', 'sec1', 'ecdh']);
    assert.deepEqual(nativeForms(forms, 'later'), ['raw', 'ecdh']);
    assert.deepEqual(nativeForms(forms, undefined), ['raw', 'ecdh']);
    assert.deepEqual(nativeForms(X25519.native.forms, '3.0'), ['raw', 'pkcs8']);
  });
});

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

/** perUse over stand-ins for a plan's implementations. */
function composite(plan: typeof NODE_30) {
  const log: string[] = [];
  const impls = { native: fake('native', log), wasm: fake('wasm', log), noble: fake('noble', log) };
  const of = (p: string) => impls[p as 'native' | 'wasm'];
  const impl = perUse({ public: of(plan.public), once: of(plan.once), kept: of(plan.kept) }, plan.trial);
  return { log, impl, ...impls };
}

describe('perUse: one implementation for each use', () => {
  it("OpenSSL later: node:crypto for every use but a keygen's public element, the module's", () => {
    const { impl, log } = composite(NODE_LATER);
    assert.equal(impl.path, 'native');
    for (const use of [undefined, 'once', 'kept', 'public'] as const) {
      const key = impl.load(Uint8Array.of(1), use);
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
  });

  it('OpenSSL 3.0: the module for a scalar used once or for its public element', () => {
    const { impl, log } = composite(NODE_30);
    assert.equal(impl.path, 'wasm');
    const key = impl.load(Uint8Array.of(7));
    key.publicKey();
    key.sharedSecret(Uint8Array.of(9));
    key.dispose();
    impl.load(Uint8Array.of(7), 'public').dispose();
    assert.deepEqual(log, [
      'wasm load 07',
      'wasm publicKey',
      'wasm sharedSecret 09',
      'wasm dispose',
      'wasm load public 07',
      'wasm dispose',
    ]);
  });

  it(`OpenSSL 3.0: a kept key's public key and first ${KEPT_TRIAL} shared secrets on the module, then native, loaded once from a copy that dispose wipes`, () => {
    const { impl, native, wasm: module, log } = composite(NODE_30);
    const k = Uint8Array.of(5);
    const key = impl.load(k, 'kept');
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

  it('OpenSSL 3.0: a kept key disposed of within its trial never loads natively', () => {
    const { impl, native, log } = composite(NODE_30);
    const key = impl.load(Uint8Array.of(3), 'kept');
    for (let i = 0; i < KEPT_TRIAL; i++) key.sharedSecret(Uint8Array.of(i));
    key.dispose();
    assert.equal(native.loaded.length, 0);
    assert.equal(log.at(-1), 'wasm dispose');
  });
});

describe(`the doors on this runtime (OpenSSL ${process.versions.openssl}, read as ${runtimeOpenSsl()})`, () => {
  const slow = runtimeOpenSsl() === '3.0';

  it('both doors serve what the table says, the synchronous one the same object on every call', async () => {
    const auto = X25519.impl('auto');
    assert.equal(X25519.impl('auto'), auto);
    assert.equal(auto.path, slow ? 'wasm' : 'native', 'NODE_30 serves a scalar used once on the module');
    for (const group of [X25519, P256_GROUP, P384_GROUP]) {
      assert.equal(group.impl('native').path, 'native', group.name);
      assert.equal(group.impl('noble').path, 'noble', group.name);
      assert.equal(group.impl('wasm').path, group === X25519 ? 'wasm' : 'noble', `${group.name}: in the module?`);
      if (group !== X25519) assert.equal(group.impl('auto'), group.impl('native'), `${group.name}: not in the module`);
      for (const choice of ['auto', 'native', 'wasm', 'noble'] as const) {
        const door = await asyncImpl(group, choice);
        assert.equal(door.sync, group.impl(choice), `${group.name} ${choice}: the asynchronous door lifts the same`);
      }
      const web = await asyncImpl(group, 'webcrypto');
      assert.equal(web.path, 'webcrypto', group.name);
      assert.equal(web.sync, undefined);
    }
  });

  it("X-Wing over the choice gives node:crypto's bytes in keygen, one-shot and through a key object past its trial, and the same low-order refusal", () => {
    const kem = wasm.MlKem768;
    const native = xwingOver(kem, 'native');
    const strictNative = xwingOver(kem, 'native', { refuseLowOrder: true });
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

  it("P-384's 'sec1' form: the ECDH class for a scalar used once, diffieHellman on a KeyObject for a kept one; noble's bytes; dispose wipes the copy of d", () => {
    type Fn = (...args: unknown[]) => unknown;
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
      impl = nativeCurve(P384_GROUP, nobleP384, ['sec1']);
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
