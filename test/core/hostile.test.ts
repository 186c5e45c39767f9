// Inputs built to confuse rather than merely wrong: subclasses that lie about their length,
// Proxies, objects whose constructor name is not a string, arrays from another realm, and a
// randomness source that calls back into the library while the library is using it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { runInNewContext } from 'node:vm';

import { MlKemError } from '../../src/index.js';
import { backends } from '../support/backends.js';
import { CHANGES, HOLDERS, changingRandomness, stream, withGetRandomValues } from '../support/hostile-buffers.js';
import { outcome, publicCalls } from '../support/hostile-calls.js';

function assertCode(fn: () => unknown, code: string): void {
  assert.throws(fn, (err: unknown) => err instanceof MlKemError && err.code === code);
}

for (const backend of backends) {
  describe(`hostile inputs (${backend.name})`, () => {
    for (const kem of backend.kems) {
      test(`${kem.name}: a Uint8Array subclass whose length getter lies is refused`, () => {
        class Liar extends Uint8Array {
          override get length(): number {
            return kem.sizes.publicKey;
          }
        }
        assertCode(() => kem.encapsulate(new Liar(10)), 'ERR_INVALID_LENGTH');
        const { ciphertext } = kem.encapsulate(kem.keygen().publicKey);
        assertCode(() => kem.decapsulate(ciphertext, new Liar(10)), 'ERR_INVALID_LENGTH');
      });

      test(`${kem.name}: Proxies and odd objects are refused with MlKemError`, () => {
        const { publicKey } = kem.keygen();
        const throwing = new Proxy(publicKey, {
          get() {
            throw new Error('trap');
          },
          getPrototypeOf() {
            return Uint8Array.prototype;
          },
        });
        assertCode(() => kem.encapsulate(new Proxy(publicKey, {})), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate(throwing), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate({ constructor: { name: Symbol('x') } } as never), 'ERR_INVALID_TYPE');
        assertCode(() => kem.encapsulate(Object.create(null) as never), 'ERR_INVALID_TYPE');
      });

      test(`${kem.name}: a Uint8Array from another realm is accepted`, () => {
        const { publicKey, secretKey } = kem.keygen();
        const foreign = runInNewContext(`new Uint8Array(${publicKey.length})`) as Uint8Array;
        foreign.set(publicKey);
        assert.equal(foreign instanceof Uint8Array, false);
        const { ciphertext, sharedSecret } = kem.encapsulate(foreign);
        assert.deepEqual(kem.decapsulate(ciphertext, secretKey), sharedSecret);
      });

      test(`${kem.name}: a randomness source that calls back into the library cannot redirect it`, () => {
        const a = kem.keygen();
        const b = kem.keygen();
        const original = globalThis.crypto.getRandomValues;
        let nested = 0;
        Object.defineProperty(globalThis.crypto, 'getRandomValues', {
          configurable: true,
          value: <T extends ArrayBufferView | null>(array: T): T => {
            if (nested++ === 0) kem.encapsulate(b.publicKey); // re-entry while the outer call runs
            return original.call(globalThis.crypto, array as never) as T;
          },
        });
        try {
          const { ciphertext, sharedSecret } = kem.encapsulate(a.publicKey);
          assert.ok(nested >= 2, 'the polyfill was re-entered');
          assert.deepEqual(kem.decapsulate(ciphertext, a.secretKey), sharedSecret, 'encapsulated to the key passed');
          nested = 0;
          const pair = kem.keygen();
          const again = kem.encapsulate(pair.publicKey);
          assert.deepEqual(kem.decapsulate(again.ciphertext, pair.secretKey), again.sharedSecret);
        } finally {
          Object.defineProperty(globalThis.crypto, 'getRandomValues', {
            configurable: true,
            writable: true,
            value: original,
          });
        }
      });
    }
  });
}

describe('hostile arguments to mlkem-ts/keys and mlkem-ts/hybrid', () => {
  const detached = () => {
    const bytes = new Uint8Array(64);
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] }); // detaches it: length 0
    return bytes;
  };
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  const revoked = (() => {
    const r = Proxy.revocable({}, {});
    r.revoke();
    return r.proxy;
  })();

  test('arrays on a detached buffer are refused, naming it (issue #38: toPem wrote an empty PEM), no TypeError', async () => {
    const K = await import('../../src/keys/index.js');
    const named = (f: () => unknown) =>
      assert.throws(
        f,
        (e: unknown) => e instanceof MlKemError && e.code === 'ERR_INVALID_TYPE' && /detached/.test(e.message),
      );
    named(() => K.decodeSpki(detached()));
    named(() => K.decodePkcs8(detached()));
    named(() => K.encodeSpki(detached()));
    named(() => K.encodePkcs8({ secretKey: detached() }));
    named(() => K.toPem(detached(), 'PUBLIC KEY'));
  });

  test('key, option and JWK objects whose properties throw, and revoked Proxies, give ERR_INVALID_TYPE', async () => {
    const K = await import('../../src/keys/index.js');
    const der = K.encodeSpki(K.kemFor('ML-KEM-768').keygen().publicKey);
    for (const hostile of [throwing, revoked]) {
      assertCode(() => K.encodePkcs8(hostile as never), 'ERR_INVALID_TYPE');
      assertCode(() => K.toJwk(hostile as never), 'ERR_INVALID_TYPE');
      assertCode(() => K.fromJwk(hostile), 'ERR_INVALID_TYPE');
      assertCode(() => K.decodePkcs8(der, hostile as never), 'ERR_INVALID_TYPE');
    }
  });

  test('hybrid factories given hostile objects give ERR_INVALID_TYPE', async () => {
    const H = await import('../../src/hybrid/index.js');
    for (const hostile of [throwing, revoked, { name: Object.create(null) as object }, { name: Symbol('x') }]) {
      for (const factory of [
        H.createXWing,
        H.createMLKEM768_P256,
        H.createMLKEM1024_P384,
        H.createX25519MLKEM768,
        H.createSecP256r1MLKEM768,
        H.createSecP384r1MLKEM1024,
      ]) {
        assertCode(() => factory(hostile as never), 'ERR_INVALID_TYPE');
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every public function takes a private copy of every input before it calls
// out of the library (for randomness) and before any work. Each input is passed in each holder
// of hostile-buffers.ts, and the getRandomValues replacement changes it (shrinks, grows or
// detaches its buffer, or overwrites its bytes) the first time the library calls out; the result
// must be exactly what the untouched input gives with the same random bytes.

describe('inputs are copied before calling out: buffers changed during a call', () => {
  const calls = publicCalls();
  for (const call of calls) {
    test(call.name, () => {
      const expected = withGetRandomValues(stream(1), () =>
        outcome(() => call.run(...call.inputs.map((b) => b.slice()))),
      );
      assert.ok(
        typeof expected !== 'string' || !expected.startsWith('MlKemError'),
        `the valid inputs give ${String(expected)}`,
      );
      let changed = 0;
      for (let slot = 0; slot < call.inputs.length; slot++) {
        for (const { name: holderName, hold } of HOLDERS) {
          for (const change of CHANGES) {
            const held = hold(call.inputs[slot]!);
            const args = call.inputs.map((b, i) => (i === slot ? held.view : b.slice()));
            const r = changingRandomness(1, held, change);
            const got = withGetRandomValues(r.replacement, () => outcome(() => call.run(...args)));
            if (r.applied()) changed++;
            assert.deepEqual(
              got,
              expected,
              `argument ${slot} as a ${holderName}, ${change} when the library calls out for randomness`,
            );
          }
        }
      }
      // Re-entry: the first call out runs the same function on other inputs (each with a bit
      // flipped) and then overwrites the outer call's inputs; the outer result must not change.
      const args = call.inputs.map((b) => b.slice());
      let reentered = false;
      let inner = false;
      const [fill, fillInner] = [stream(1), stream(2)]; // the outer call gets the same bytes as before
      const got = withGetRandomValues(
        (array) => {
          if (!reentered) {
            reentered = inner = true;
            outcome(() => call.run(...call.inputs.map((b) => b.map((x, i) => (i === 0 ? x ^ 1 : x)))));
            inner = false;
            for (const a of args) a.fill(0x5a);
          }
          (inner ? fillInner : fill)(array);
        },
        () => outcome(() => call.run(...args)),
      );
      if (reentered) assert.deepEqual(got, expected, 're-entered from getRandomValues');
      // The calls that draw randomness must have met the changes (else this test tests nothing for them).
      if (/encapsulate$|encapsulate\(\)|pairwise/.test(call.name))
        assert.ok(changed > 0, 'no change was made during the call');
    });
  }
});

// A worker grows a growable SharedArrayBuffer under a length-tracking view while the main thread
// decapsulates (or decodes) it: each call must give the right result or ERR_INVALID_LENGTH (the
// view was already longer when the call read its length), never a RangeError or other bytes.
describe('a worker racing a growable SharedArrayBuffer', () => {
  const WORKER = `
    const { parentPort } = require('node:worker_threads');
    parentPort.on('message', ({ sab, ctl, delay }) => {
      const flag = new Int32Array(ctl);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      while (Atomics.load(flag, 1) === 0);
      for (let i = 0; i < delay; i++);
      while (sab.byteLength < sab.maxByteLength) sab.grow(sab.byteLength + 1);
      Atomics.store(flag, 0, 2);
      Atomics.notify(flag, 0);
    });`;

  /**
   * Runs `rounds` races: in each, `call` runs on a length-tracking view of `bytes` again and again
   * while the worker grows its buffer. Each call must give the input's result or, when the view
   * had grown before the call read its length, be refused with `allowed`; nothing else (another
   * result, a RangeError). Returns the outcomes by kind; "raced" counts the calls during which
   * the view grew.
   */
  async function race(
    bytes: Uint8Array,
    call: (view: Uint8Array) => unknown,
    rounds: number,
    allowed: string,
  ): Promise<Map<string, number>> {
    const expected = outcome(() => call(bytes));
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(WORKER, { eval: true });
    const seen = new Map<string, number>();
    const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
    const Growable = SharedArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => SharedArrayBuffer;
    try {
      for (let round = 0; round < rounds; round++) {
        const sab = new Growable(bytes.length, { maxByteLength: bytes.length + 64 });
        const view = new Uint8Array(sab);
        view.set(bytes);
        const flag = new Int32Array(new SharedArrayBuffer(8));
        worker.postMessage({ sab, ctl: flag.buffer, delay: (round * 7919) % 3000 });
        Atomics.wait(flag, 0, 0, 5000); // the worker is ready
        Atomics.store(flag, 1, 1); // go
        for (let calls = 0; Atomics.load(flag, 0) !== 2 && calls < 1000; calls++) {
          const before = view.length;
          const got = outcome(() => call(view));
          const refused = got === `MlKemError ${allowed}`; // the view grew before the call read its length
          if (before > bytes.length) assert.ok(refused, `round ${round}: a longer input gave ${String(got)}`);
          else if (!refused)
            assert.deepEqual(got, expected, `round ${round}: neither the input's result nor ${allowed}`);
          count(refused ? allowed : 'the right result');
          if (before === bytes.length && view.length > before) count('raced');
        }
        Atomics.wait(flag, 0, 1, 5000); // the worker is done
      }
    } finally {
      await worker.terminate();
    }
    return seen;
  }

  for (const backend of backends) {
    test(`decapsulate (${backend.name}, ML-KEM-768): the right shared secret or ERR_INVALID_LENGTH, 200 rounds`, async (t) => {
      const kem = backend.kems[1]!;
      const pair = kem.keygen();
      const { ciphertext } = kem.encapsulate(pair.publicKey);
      const seen = await race(ciphertext, (c) => kem.decapsulate(c, pair.secretKey), 200, 'ERR_INVALID_LENGTH');
      t.diagnostic(`outcomes: ${[...seen].map(([k, n]) => `${k} ${n}`).join(', ')}`);
      assert.ok((seen.get('raced') ?? 0) > 0, 'no call overlapped a grow: the race was not run');
    });
  }

  test('decodePkcs8, decodeSpki and X-Wing decapsulate: the right result or an MlKemError, 50 rounds each', async (t) => {
    const K = await import('../../src/keys/index.js');
    const H = await import('../../src/hybrid/index.js');
    const pair = K.kemFor('ML-KEM-512').keygen();
    const x = H.XWing.keygen();
    const { ciphertext } = H.XWing.encapsulate(x.publicKey);
    for (const [name, bytes, call, allowed] of [
      // A decoder copies the view at the length it has then: DER with bytes after it is refused.
      ['decodePkcs8', K.encodePkcs8(pair), (v: Uint8Array) => K.decodePkcs8(v), 'ERR_INVALID_KEY_ENCODING'],
      ['decodeSpki', K.encodeSpki(pair.publicKey), (v: Uint8Array) => K.decodeSpki(v), 'ERR_INVALID_KEY_ENCODING'],
      ['X-Wing decapsulate', ciphertext, (v: Uint8Array) => H.XWing.decapsulate(v, x.secretKey), 'ERR_INVALID_LENGTH'],
    ] as const) {
      const seen = await race(bytes, call, 50, allowed);
      t.diagnostic(`${name}: ${[...seen].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Whatever goes wrong while obtaining or calling getRandomValues is an
// MlKemError ERR_RANDOMNESS (the original as `cause`), and the generator is only ever handed a
// fresh buffer of the library's own, wiped once its bytes are taken.

describe('randomness: failures are ERR_RANDOMNESS, and getRandomValues sees only fresh private buffers', async () => {
  const K = await import('../../src/keys/index.js');
  const H = await import('../../src/hybrid/index.js');
  const kem768 = backends[0]!.kems[1]!;
  const pair = kem768.keygen();
  const expanded = K.encodePkcs8(pair, { form: 'expanded' });
  const drawing: Array<[string, () => unknown]> = [];
  for (const backend of backends) {
    const kem = backend.kems[1]!;
    drawing.push(
      [`${kem.name} (${backend.name}) keygen()`, () => kem.keygen()],
      [`${kem.name} (${backend.name}) encapsulate`, () => kem.encapsulate(pair.publicKey)],
      [
        `${kem.name} (${backend.name}) encapsulationKey().encapsulate()`,
        () => kem.encapsulationKey(pair.publicKey).encapsulate(),
      ],
      [
        `${kem.name} (${backend.name}) decapsulationKey(secretKey) (pairwise check)`,
        () => kem.decapsulationKey(pair.secretKey).secretKey(),
      ],
    );
  }
  drawing.push(
    ['decodePkcs8 of an expanded key (pairwise check)', () => K.decodePkcs8(expanded)],
    ['encodePkcs8 of an expanded secretKey (pairwise check)', () => K.encodePkcs8({ secretKey: pair.secretKey })],
  );
  for (const hybrid of [H.XWing, H.X25519MLKEM768, H.SecP256r1MLKEM768, H.SecP384r1MLKEM1024]) {
    const hp = hybrid.keygen();
    drawing.push(
      [`${hybrid.name} keygen()`, () => hybrid.keygen()],
      [`${hybrid.name} encapsulate`, () => hybrid.encapsulate(hp.publicKey)],
    );
  }

  /** Runs fn with globalThis.crypto replaced by a getter, and puts the original back. */
  function withCrypto<T>(get: () => unknown, fn: () => T): T {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { configurable: true, get });
    try {
      return fn();
    } finally {
      Object.defineProperty(globalThis, 'crypto', original);
    }
  }

  const workerd = new Error(
    'Some functionality, such as asynchronous I/O, timeouts, and generating random values, are not allowed within global scope.',
  );
  const failures: Array<[string, (fn: () => unknown) => unknown, unknown, RegExp]> = [
    [
      'a globalThis.crypto getter that throws',
      (fn) =>
        withCrypto(() => {
          throw workerd;
        }, fn),
      workerd,
      /reading globalThis\.crypto\.getRandomValues threw: Some functionality/,
    ],
    ['no globalThis.crypto', (fn) => withCrypto(() => undefined, fn), undefined, /not available in this runtime/],
    [
      'a getRandomValues that is not a function',
      (fn) => withCrypto(() => ({ getRandomValues: 42 }), fn),
      undefined,
      /not available in this runtime/,
    ],
    [
      'a getRandomValues that throws (workerd at global scope)',
      (fn) =>
        withGetRandomValues(() => {
          throw workerd;
        }, fn),
      workerd,
      /getRandomValues threw: Some functionality/,
    ],
    [
      'a getRandomValues that throws a string',
      (fn) =>
        withGetRandomValues(() => {
          throw 'no entropy';
        }, fn),
      'no entropy',
      /getRandomValues threw$/,
    ],
    [
      'a getRandomValues whose error has a throwing message getter',
      (fn) =>
        withGetRandomValues(() => {
          throw Object.defineProperty(new Error(), 'message', {
            get() {
              throw new Error('trap');
            },
          });
        }, fn),
      'any',
      /getRandomValues threw$/,
    ],
  ];
  for (const [how, around, cause, message] of failures) {
    test(`${how}: ERR_RANDOMNESS from every function that draws randomness`, () => {
      for (const [name, fn] of drawing) {
        let thrown: unknown;
        around(() => {
          try {
            fn();
          } catch (err) {
            thrown = err;
          }
        });
        assert.ok(thrown instanceof MlKemError, `${name}: threw ${String(thrown)}, not an MlKemError`);
        assert.equal(thrown.code, 'ERR_RANDOMNESS', `${name}: ${thrown.message}`);
        assert.match(thrown.message, message, name);
        if (cause !== 'any') assert.equal((thrown as { cause?: unknown }).cause, cause, `${name}: cause`);
      }
    });
  }

  test('getRandomValues is handed only fresh, unshared buffers of the library, wiped afterwards; writing to them later changes nothing', () => {
    for (const [name, fn] of drawing) {
      const handed: Uint8Array[] = [];
      const fill = stream(9);
      const result = withGetRandomValues(
        (array) => {
          // Only src/random.ts's calls: @noble/curves draws its own blinding bytes inside the
          // hybrids, in buffers of its own.
          if (new Error().stack?.includes('random.ts') === true) handed.push(array);
          fill(array);
        },
        () => outcome(fn),
      );
      assert.ok(handed.length > 0, `${name}: drew no randomness`);
      for (const array of handed) {
        assert.ok(array.buffer instanceof ArrayBuffer, `${name}: a view of a SharedArrayBuffer`);
        assert.ok(
          array.byteOffset === 0 && array.buffer.byteLength === array.byteLength,
          `${name}: a view of ${array.byteLength} bytes into a buffer of ${array.buffer.byteLength} (a workspace or an output)`,
        );
        assert.ok(
          array.every((b) => b === 0),
          `${name}: the buffer handed to getRandomValues was not wiped`,
        );
        array.fill(0xaa); // a generator that kept it and writes later
      }
      assert.deepEqual(
        withGetRandomValues(stream(9), () => outcome(fn)),
        result,
        `${name}: the result depends on more than the random bytes`,
      );
    }
  });

  test('more than 65,536 bytes are drawn in calls of at most 65,536 (Web Crypto QuotaExceededError)', async () => {
    const { randomBytes } = await import('../../src/random.js');
    const sizes: number[] = [];
    const original = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    const bytes = withGetRandomValues(
      (a) => {
        sizes.push(a.length);
        original(a as Uint8Array<ArrayBuffer>);
      },
      () => randomBytes(150_000),
    );
    assert.equal(bytes.length, 150_000);
    assert.deepEqual(sizes, [65536, 65536, 18928]);
  });

  test("after loadWasm, with Node's own Web Crypto in place, its generator is called directly with fresh buffers; a replaced getRandomValues is called instead", () => {
    // A fresh process: loadWasm captures node:crypto's randomFillSync.
    const script = `
      const node = process.getBuiltinModule('node:crypto');
      const handed = [];
      const fill = node.randomFillSync;
      node.randomFillSync = (a) => (handed.push(a), fill(a));
      const proto = Object.getPrototypeOf(globalThis.crypto);
      const own = proto.getRandomValues;
      let webCrypto = 0;
      proto.getRandomValues = function (a) { webCrypto++; return own.call(this, a); };
      const { loadWasm } = await import(${JSON.stringify(new URL('../../src/wasm/index.ts', import.meta.url).href)});
      const { MlKem768 } = await loadWasm();
      MlKem768.encapsulate(MlKem768.keygen().publicKey);
      const fresh = handed.every((a) => a.buffer.byteLength === a.length && a.every((b) => b === 0));
      let replaced = 0;
      globalThis.crypto.getRandomValues = (a) => (replaced++, own.call(globalThis.crypto, a));
      MlKem768.keygen();
      console.log(JSON.stringify({ sizes: handed.map((a) => a.length), webCrypto, fresh, replaced }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    assert.deepEqual(JSON.parse(out), { sizes: [64, 32], webCrypto: 0, fresh: true, replaced: 1 });
  });
});
