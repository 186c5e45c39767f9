// mlkem-ts/webcrypto on the runtime at hand, on both backends: the polyfill (install()) fills
// exactly what the runtime lacks — everything on Node 20, nothing on Node 26 — and is
// idempotent; the ponyfill does every algorithm on every runtime; keys and ciphertexts cross
// between the backends; keys cannot be structured-cloned and say so; wrapKey/unwrapKey carry our
// keys through the runtime's wrapping algorithms; other algorithms stay the runtime's.
// (The comparison with a native implementation is in webcrypto-node26.test.ts and
// browser-webcrypto.test.ts.)
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { REGISTRY } from '../../src/registry.js';
import { portableBackend, wasmBackend } from '../../src/webcrypto/backend.js';
import { MlKemCryptoKey, install, subtle, supports } from '../../src/webcrypto/index.js';
import { nativeCrypto } from '../../src/webcrypto/install.js';
import { createSubtle } from '../../src/webcrypto/subtle.js';
import type { KemAlgorithmName, WebCryptoSubtle } from '../../src/webcrypto/types.js';

/** The Web Crypto names of the registry (test/package/registry.test.ts checks the list). */
const ALGORITHMS: readonly KemAlgorithmName[] = REGISTRY.flatMap((e) =>
  e.webCrypto === undefined ? [] : [e.webCrypto as KemAlgorithmName],
);
const BOTH = ['encapsulateBits', 'decapsulateBits', 'encapsulateKey', 'decapsulateKey'];
const hex = (b: ArrayBuffer): string => Buffer.from(b).toString('hex');
const S = globalThis.SubtleCrypto as unknown as { supports?: (op: string, alg: unknown, extra?: unknown) => boolean };
/** What the runtime had before anything was installed. */
const nativeHad = Object.fromEntries(ALGORITHMS.map((a) => [a, S.supports?.('encapsulateBits', a) === true]));
const isNode26 = process.versions.node.startsWith('26.');

const backends = [
  { name: 'portable', load: async () => portableBackend() },
  { name: 'wasm', load: wasmBackend },
];
const ponyfill = (load: () => Promise<Awaited<ReturnType<typeof wasmBackend>>>): WebCryptoSubtle =>
  createSubtle({ native: nativeCrypto, handles: () => true, backend: load });

describe('the ponyfill on both backends', () => {
  for (const alg of ALGORITHMS) {
    it(`${alg}: keys and ciphertexts cross between portable and wasm`, async () => {
      const [p, w] = backends.map((b) => ponyfill(b.load)) as [WebCryptoSubtle, WebCryptoSubtle];
      for (const [a, b] of [
        [p, w],
        [w, p],
      ] as const) {
        const pair = await a.generateKey(alg, true, BOTH);
        assert.ok(pair.privateKey instanceof MlKemCryptoKey);
        const seed = await a.exportKey('raw-seed', pair.privateKey);
        const priv = await b.importKey('raw-seed', seed, alg, true, ['decapsulateBits']);
        const pub = await b.importKey('jwk', await a.exportKey('jwk', pair.publicKey), alg, true, ['encapsulateBits']);
        const e1 = await a.encapsulateBits(alg, pair.publicKey);
        assert.equal(hex(await b.decapsulateBits(alg, priv, e1.ciphertext)), hex(e1.sharedKey));
        const e2 = await b.encapsulateBits(alg, pub);
        assert.equal(hex(await a.decapsulateBits(alg, pair.privateKey, e2.ciphertext)), hex(e2.sharedKey));
        assert.equal(
          hex(await b.exportKey('raw-public', await b.getPublicKey(priv, []))),
          hex(await a.exportKey('raw-public', pair.publicKey)),
        );
        // The shared key through the runtime: AES-GCM, encrypt on one side and decrypt on the other.
        const { ciphertext, sharedKey } = await a.encapsulateKey(alg, pair.publicKey, 'AES-GCM', false, ['encrypt']);
        const key = await b.decapsulateKey(
          alg,
          await b.importKey('raw-seed', seed, alg, false, ['decapsulateKey']),
          ciphertext,
          'AES-GCM',
          false,
          ['decrypt'],
        );
        const iv = new Uint8Array(12);
        const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, sharedKey, Buffer.from('hello'));
        assert.equal(
          Buffer.from(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed)).toString(),
          'hello',
        );
      }
    });
  }

  it('the public ponyfill loads the WebAssembly backend by itself', async () => {
    const { publicKey, privateKey } = await subtle.generateKey('ML-KEM-768', false, [
      'encapsulateBits',
      'decapsulateBits',
    ]);
    const { ciphertext, sharedKey } = await subtle.encapsulateBits('ML-KEM-768', publicKey);
    assert.equal(hex(await subtle.decapsulateBits('ML-KEM-768', privateKey, ciphertext)), hex(sharedKey));
    assert.equal(supports('encapsulateKey', 'ML-KEM-512', 'AES-GCM'), true);
    assert.equal(supports('sign', 'ML-KEM-512'), false);
  });

  it('keys look like CryptoKeys and refuse to be structured-cloned, saying why', async () => {
    const { publicKey, privateKey } = await subtle.generateKey('ML-KEM-512', false, BOTH);
    assert.equal(Object.prototype.toString.call(publicKey), '[object CryptoKey]');
    assert.deepEqual(
      [publicKey.type, publicKey.extractable, publicKey.algorithm, publicKey.usages],
      ['public', true, { name: 'ML-KEM-512' }, ['encapsulateKey', 'encapsulateBits']],
    );
    assert.deepEqual(
      [privateKey.type, privateKey.extractable, privateKey.usages],
      ['private', false, ['decapsulateKey', 'decapsulateBits']],
    );
    assert.equal(privateKey.algorithm, privateKey.algorithm, 'the same object each time');
    privateKey.usages.push('encapsulateBits' as never); // the returned array is the caller's
    await assert.rejects(subtle.encapsulateBits('ML-KEM-512', privateKey), { name: 'InvalidAccessError' });
    for (const key of [publicKey, privateKey]) {
      assert.throws(
        () => structuredClone(key),
        (err: Error) => err.name === 'DataCloneError' && /cannot be structured-cloned/.test(err.message),
      );
    }
    assert.throws(
      () => new (MlKemCryptoKey as unknown as new (...a: unknown[]) => unknown)(Symbol(), {}, {}, true, []),
      TypeError,
    );
  });

  it('wrapKey and unwrapKey carry our keys through the runtime (AES-KW, AES-GCM; pkcs8, raw-seed, jwk)', async () => {
    const kw = await crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, false, ['wrapKey', 'unwrapKey']);
    const gcm = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
    const { publicKey, privateKey } = await subtle.generateKey('ML-KEM-768', true, BOTH);
    for (const [format, wrapping, alg] of [
      ['pkcs8', gcm, { name: 'AES-GCM', iv: new Uint8Array(12) }],
      ['raw-seed', kw, 'AES-KW'],
      ['jwk', gcm, { name: 'AES-GCM', iv: new Uint8Array(12) }],
    ] as const) {
      const wrapped = await subtle.wrapKey(format, privateKey, wrapping, alg);
      const back = await subtle.unwrapKey(format, wrapped, wrapping, alg, 'ML-KEM-768', true, ['decapsulateBits']);
      assert.equal(
        hex(await subtle.exportKey('raw-seed', back)),
        hex(await subtle.exportKey('raw-seed', privateKey)),
        format,
      );
    }
    // keyUsages is read once: a generator (a one-shot iterable) works as an array does.
    const fromGenerator = await subtle.unwrapKey(
      'raw-seed',
      await subtle.wrapKey('raw-seed', privateKey, kw, 'AES-KW'),
      kw,
      'AES-KW',
      'ML-KEM-768',
      true,
      (function* () {
        yield 'decapsulateBits';
      })(),
    );
    assert.deepEqual(fromGenerator.usages, ['decapsulateBits']);
    const wrapped = await subtle.wrapKey('raw-public', publicKey, kw, 'AES-KW');
    await assert.rejects(subtle.unwrapKey('raw-public', wrapped, kw, 'AES-KW', 'ML-KEM-512', true, []), {
      name: 'DataError',
    });
    const nx = await subtle.generateKey('ML-KEM-768', false, BOTH);
    await assert.rejects(subtle.wrapKey('raw-seed', nx.privateKey, kw, 'AES-KW'), { name: 'InvalidAccessError' });
    await assert.rejects(subtle.wrapKey('raw-seed', privateKey, publicKey as never, 'ML-KEM-768'), {
      name: 'NotSupportedError',
    });
    // unwrapKey refuses our keys and algorithms for the unwrapping as wrapKey does (not a TypeError from the runtime).
    const seedWrapped = await subtle.wrapKey('raw-seed', privateKey, kw, 'AES-KW');
    await assert.rejects(
      subtle.unwrapKey('raw-seed', seedWrapped, privateKey as never, 'AES-KW', 'ML-KEM-768', true, ['decapsulateBits']),
      { name: 'InvalidAccessError' },
    );
    await assert.rejects(
      subtle.unwrapKey('raw-seed', seedWrapped, kw, 'ML-KEM-768', 'ML-KEM-768', true, ['decapsulateBits']),
      { name: 'NotSupportedError' },
    );
  });

  it('other algorithms stay the runtime’s, and our keys are refused there', async () => {
    const aes = await subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['encrypt']);
    assert.ok(aes instanceof CryptoKey);
    assert.equal((await subtle.exportKey('raw', aes)).byteLength, 16);
    assert.equal((await subtle.digest('SHA-256', new Uint8Array(1))).byteLength, 32);
    const { privateKey } = await subtle.generateKey('ML-KEM-512', true, BOTH);
    await assert.rejects(subtle.sign('HMAC', privateKey, new Uint8Array(1)), { name: 'InvalidAccessError' });
    await assert.rejects(subtle.encrypt('ML-KEM-512', privateKey, new Uint8Array(1)), { name: 'NotSupportedError' });
    await assert.rejects(subtle.encapsulateBits('ML-KEM-512', aes), { name: 'InvalidAccessError' });
  });
});

describe('arguments', () => {
  it('every method rejects, never throws, whatever it is given', async () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('hostile getter');
        },
      },
    );
    for (const call of [
      () => subtle.generateKey(Symbol() as never, true, []),
      () => subtle.generateKey(hostile as never, true, []),
      () => subtle.importKey('raw-seed', hostile as never, 'ML-KEM-768', true, ['decapsulateBits']),
      () => subtle.importKey('jwk', hostile as never, 'ML-KEM-768', true, ['decapsulateBits']),
      () => subtle.encapsulateBits('ML-KEM-768', hostile as never),
      () => subtle.decapsulateBits('ML-KEM-768', hostile as never, new Uint8Array(1088)),
      () => subtle.exportKey('jwk', null as never),
      () => subtle.getPublicKey(undefined as never, []),
    ]) {
      let promise: Promise<unknown> | undefined;
      assert.doesNotThrow(() => (promise = call()));
      await assert.rejects(promise!);
    }
  });

  it('key data is copied before anything else runs: changing it meanwhile changes nothing', async () => {
    const seed = crypto.getRandomValues(new Uint8Array(64));
    const shared = new Uint8Array(seed);
    const pending = subtle.importKey('raw-seed', shared, 'ML-KEM-768', true, ['decapsulateBits']);
    shared.fill(0);
    assert.equal(hex(await subtle.exportKey('raw-seed', await pending)), Buffer.from(seed).toString('hex'));
    await assert.rejects(
      subtle.importKey('raw-seed', new Uint8Array(new SharedArrayBuffer(64)), 'ML-KEM-768', true, ['decapsulateBits']),
      TypeError,
    );
  });

  it('the shared key of encapsulateKey: any algorithm the runtime imports, refused with NotSupportedError otherwise', async () => {
    const { publicKey } = await subtle.generateKey('ML-KEM-768', true, BOTH);
    for (const alg of ['AES-CTR', 'AES-CBC', 'AES-KW', { name: 'HMAC', hash: 'SHA-384' }, 'HKDF', 'PBKDF2']) {
      const usages =
        typeof alg === 'object'
          ? ['sign']
          : alg === 'AES-KW'
            ? ['wrapKey']
            : alg.startsWith('AES')
              ? ['encrypt']
              : ['deriveBits'];
      const { sharedKey } = await subtle.encapsulateKey('ML-KEM-768', publicKey, alg, false, usages);
      assert.ok(sharedKey instanceof CryptoKey, JSON.stringify(alg));
    }
    await assert.rejects(subtle.encapsulateKey('ML-KEM-768', publicKey, 'FOO', false, ['encrypt']), {
      name: 'NotSupportedError',
    });
    await assert.rejects(
      subtle.encapsulateKey('ML-KEM-768', publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']),
      { name: 'NotSupportedError' },
    );
  });
});

describe('the polyfill', () => {
  it(
    isNode26 ? 'fills nothing on Node 26 and patches nothing' : 'fills every algorithm on a runtime without them',
    async () => {
      const before = Object.getOwnPropertyNames(crypto.subtle);
      const generateKey = crypto.subtle.generateKey;
      const expected = ALGORITHMS.filter((a) => !nativeHad[a]);
      assert.deepEqual(install(), expected);
      assert.deepEqual(install(), expected, 'idempotent');
      if (expected.length === 0) {
        assert.deepEqual(Object.getOwnPropertyNames(crypto.subtle), before);
        assert.equal(crypto.subtle.generateKey, generateKey);
      }
      const cs = crypto.subtle as unknown as WebCryptoSubtle;
      for (const alg of ALGORITHMS) {
        for (const op of [
          'generateKey',
          'importKey',
          'exportKey',
          'encapsulateBits',
          'decapsulateBits',
          'getPublicKey',
        ]) {
          assert.equal(S.supports!(op, alg), true, `${op} ${alg}`);
        }
        const { publicKey, privateKey } = await cs.generateKey(alg, true, BOTH);
        assert.equal(publicKey instanceof MlKemCryptoKey, !nativeHad[alg], `${alg} filled`);
        const { ciphertext, sharedKey } = await cs.encapsulateBits(alg, publicKey);
        assert.equal(hex(await cs.decapsulateBits(alg, privateKey, ciphertext)), hex(sharedKey));
        const k = await cs.encapsulateKey(alg, publicKey, { name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
        const k2 = await cs.decapsulateKey(alg, privateKey, k.ciphertext, { name: 'HMAC', hash: 'SHA-256' }, true, [
          'sign',
        ]);
        assert.equal(
          hex(await crypto.subtle.exportKey('raw', k2)),
          hex(await crypto.subtle.exportKey('raw', k.sharedKey)),
        );
        // The ponyfill's keys work in the polyfilled global, and the other way round.
        const theirs = await subtle.importKey('raw-seed', await cs.exportKey('raw-seed', privateKey), alg, true, [
          'decapsulateBits',
        ]);
        assert.equal(hex(await subtle.decapsulateBits(alg, theirs, ciphertext)), hex(sharedKey));
      }
      // The runtime's own algorithms are untouched, and supports answers for them on Node 20 too
      // (test/webcrypto/runtime-algorithms.test.ts compares its answers with Node 26's).
      const hmac = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
      assert.equal((await crypto.subtle.sign('HMAC', hmac, new Uint8Array(3))).byteLength, 32);
      assert.equal(S.supports!('sign', 'HMAC'), true);
      assert.equal(S.supports!('digest', 'SHA-256'), true);
    },
  );
});

it('the Web Crypto examples of docs/webcrypto.md run as written (each in a fresh process)', () => {
  const page = readFileSync(new URL('../../docs/webcrypto.md', import.meta.url), 'utf8');
  const section = page.slice(
    page.indexOf('# Web Crypto API'),
    page.indexOf('\n## ', page.indexOf('# Web Crypto API') + 3),
  );
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length >= 2, 'the section has its examples');
  const entry = fileURLToPath(new URL('../../src/webcrypto/index.ts', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-webcrypto-readme-'));
  try {
    blocks.forEach((code, i) => {
      // The quick start's keys must agree: what the sender seals, the receiver opens.
      const check = code.includes('aesKey')
        ? "\nconst iv = new Uint8Array(12);\nconst sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, sharedKey, new Uint8Array([7]));\nif (new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, aesKey, sealed))[0] !== 7) throw new Error('keys differ');\n"
        : '';
      const file = join(dir, `example-${i}.mts`);
      const global = fileURLToPath(new URL('../../src/webcrypto/global.ts', import.meta.url)); // types only
      writeFileSync(
        file,
        code
          .replaceAll("'mlkem-ts/webcrypto/global'", JSON.stringify(global))
          .replaceAll("'mlkem-ts/webcrypto'", JSON.stringify(entry)) + check,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
        encoding: 'utf8',
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      });
      assert.equal(run.status, 0, `docs/webcrypto.md example ${i + 1}:\n${code}\n${run.stderr}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the key objects behind our CryptoKeys are out of reach', () => {
  it('no static or instance member of a key hands out its internal handle (a non-extractable seed stays inside)', async () => {
    const { privateKey } = await subtle.generateKey('ML-KEM-768', false, ['decapsulateBits']);
    await assert.rejects(subtle.exportKey('raw-seed', privateKey), { name: 'InvalidAccessError' });
    const ctor = (privateKey as object).constructor as unknown as Record<string, unknown>;
    const statics = Object.getOwnPropertyNames(ctor).filter((n) => typeof ctor[n] === 'function');
    assert.deepEqual(statics, [], `static methods of MlKemCryptoKey: ${statics.join(', ')}`);
    const proto = Object.getPrototypeOf(privateKey) as object;
    const methods = Object.getOwnPropertyNames(proto).filter(
      (n) => n !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, n)?.value === 'function',
    );
    assert.deepEqual(methods, [], `methods of a key: ${methods.join(', ')}`);
  });
});

describe('install() throws nothing', () => {
  for (const how of ['freeze', 'preventExtensions']) {
    it(`with nothing to fill, on a crypto.subtle made non-extensible by Object.${how}`, () => {
      const fixture = fileURLToPath(new URL('../support/fixtures/install-nothing-to-fill.ts', import.meta.url));
      const out = execFileSync(process.execPath, ['--import', 'tsx', fixture, how], { encoding: 'utf8' });
      assert.deepEqual(JSON.parse(out.trim()), [[], []]);
    });
  }
});

describe('install() is all or nothing', () => {
  it('on a frozen SubtleCrypto it puts every method back, leaves no mark and reports nothing filled', () => {
    const fixture = fileURLToPath(new URL('../support/fixtures/install-frozen.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', fixture], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out.trim()), {
      first: [],
      second: [],
      ownPropertiesUnchanged: true,
      generateKeyUnchanged: true,
    });
  });
});
