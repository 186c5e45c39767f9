// Our keys are CryptoKeys as far as JavaScript allows: where the runtime
// has the CryptoKey class, every key the ponyfill and the polyfill make — generated, imported,
// derived with getPublicKey — passes `instanceof CryptoKey`, has CryptoKey as its constructor and
// "CryptoKey" as its tag, and answers type, extractable, algorithm and usages through our own
// accessors; the runtime's own methods never get one (operations our algorithms have no part in
// refuse it with InvalidAccessError first); and structured cloning still fails, saying why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { REGISTRY } from '../../src/registry.js';
import { subtle } from '../../src/webcrypto/index.js';
import type { KemAlgorithmName } from '../../src/webcrypto/types.js';

const ALGORITHMS: readonly KemAlgorithmName[] = REGISTRY.flatMap((e) =>
  e.webCrypto === undefined ? [] : [e.webCrypto as KemAlgorithmName],
);

function assertCryptoKey(
  k: unknown,
  what: string,
  expected: { type: string; extractable: boolean; name: string; usages: string[] },
): void {
  assert.ok(k instanceof CryptoKey, `${what}: instanceof CryptoKey`);
  assert.equal((k as object).constructor, CryptoKey, `${what}: constructor`);
  assert.equal(Object.prototype.toString.call(k), '[object CryptoKey]', `${what}: tag`);
  let proto = Object.getPrototypeOf(k) as object | null;
  while (proto !== null && proto !== CryptoKey.prototype) proto = Object.getPrototypeOf(proto) as object | null;
  assert.equal(proto, CryptoKey.prototype, `${what}: CryptoKey.prototype is on the chain`);
  const key = k as CryptoKey;
  assert.deepEqual(
    { type: key.type, extractable: key.extractable, name: key.algorithm.name, usages: key.usages },
    expected,
    `${what}: attributes`,
  );
  assert.equal(key.algorithm, key.algorithm, `${what}: the same algorithm object every time`);
}

describe('ponyfill keys are CryptoKeys', () => {
  for (const alg of ALGORITHMS) {
    it(alg, async () => {
      const { publicKey, privateKey } = await subtle.generateKey(alg, false, ['encapsulateBits', 'decapsulateBits']);
      assertCryptoKey(publicKey, 'generated public', {
        type: 'public',
        extractable: true,
        name: alg,
        usages: ['encapsulateBits'],
      });
      assertCryptoKey(privateKey, 'generated private', {
        type: 'private',
        extractable: false,
        name: alg,
        usages: ['decapsulateBits'],
      });
      const raw = (await subtle.exportKey('raw-public', publicKey)) as ArrayBuffer;
      assertCryptoKey(await subtle.importKey('raw-public', raw, alg, false, ['encapsulateKey']), 'imported', {
        type: 'public',
        extractable: false,
        name: alg,
        usages: ['encapsulateKey'],
      });
      assertCryptoKey(await subtle.getPublicKey(privateKey, ['encapsulateBits']), 'getPublicKey', {
        type: 'public',
        extractable: true,
        name: alg,
        usages: ['encapsulateBits'],
      });

      // Operations that are not ours refuse our key before the runtime sees it.
      const aes = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, [
        'encrypt',
        'wrapKey',
      ])) as CryptoKey;
      await assert.rejects(subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, privateKey, new Uint8Array(1)), {
        name: 'InvalidAccessError',
      });
      await assert.rejects(subtle.sign('HMAC', privateKey, new Uint8Array(1)), { name: 'InvalidAccessError' });
      await assert.rejects(subtle.wrapKey('raw', aes, publicKey, 'AES-KW'), { name: 'InvalidAccessError' });
      await assert.rejects(
        subtle.deriveBits(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: new Uint8Array() },
          publicKey,
          256,
        ),
        { name: 'InvalidAccessError' },
      );
      assert.throws(() => structuredClone(privateKey), {
        name: 'DataCloneError',
        message: /cannot be structured-cloned/,
      });
    });
  }
});

it('polyfill keys (install()) are CryptoKeys', () => {
  const fixture = fileURLToPath(new URL('../support/fixtures/polyfill-cryptokey.ts', import.meta.url));
  const { filled, out } = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', fixture], { encoding: 'utf8' }).trim(),
  ) as { filled: string[]; out: Record<string, boolean> };
  if (process.versions.node.startsWith('20.'))
    assert.equal(filled.length, ALGORITHMS.length, 'Node 20 gets every algorithm filled');
  assert.deepEqual(out, Object.fromEntries(filled.map((a) => [a, true])));
});
