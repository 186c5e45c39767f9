// The Web Crypto layer against code that runs after it loads (DESIGN.md, "What the attack runs
// keep finding"): a later patch of crypto.subtle, JSON or the UTF-8 codecs never sees a key or a
// shared secret; a private key refused during import is disposed of at once; an error names a
// JWK member's value by its length, never quoting a long one (it may be the seed, misplaced).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { encodeBase64url } from '../../src/bytes.js';
import { MlKem768 } from '../../src/index.js';
import { encodePkcs8 } from '../../src/keys/pkcs8.js';
import { entryNamed, handlesFor } from '../../src/webcrypto/algorithms.js';
import { portableBackend } from '../../src/webcrypto/backend.js';
import { importOurKey } from '../../src/webcrypto/formats.js';
import type { PrivateHandle } from '../../src/webcrypto/handles.js';
import { subtle } from '../../src/webcrypto/index.js';

const hex = (b: ArrayBuffer | Uint8Array): string =>
  Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b).toString('hex');
const runtime = crypto.subtle as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Runs f with obj[name] replaced by a spy that records the hex of every byte argument, then restores it. */
async function spied(obj: object, name: string, f: () => Promise<unknown>): Promise<string> {
  const o = obj as Record<string, (...args: unknown[]) => unknown>;
  const real = o[name]!;
  let seen = '';
  o[name] = function (this: unknown, ...args: unknown[]) {
    for (const a of args) if (a instanceof Uint8Array || a instanceof ArrayBuffer) seen += hex(a);
    for (const a of args) if (typeof a === 'string') seen += a;
    for (const a of args) if (typeof a === 'object' && a !== null && 'priv' in a) seen += '{priv}';
    return Reflect.apply(real, this, args);
  };
  try {
    await f();
  } finally {
    o[name] = real;
  }
  return seen;
}

describe('the Web Crypto layer against code that runs after it loads', () => {
  it('a later crypto.subtle.importKey sees neither the shared secret nor the exported seed', async () => {
    const { publicKey, privateKey } = (await subtle.generateKey('ML-KEM-768', true, [
      'encapsulateBits',
      'decapsulateBits',
      'decapsulateKey',
    ])) as CryptoKeyPair;
    const { ciphertext, sharedKey } = await subtle.encapsulateBits('ML-KEM-768', publicKey);
    const seed = hex((await subtle.exportKey('raw-seed', privateKey)) as ArrayBuffer);
    const wrapping = await runtime.importKey!('raw', new Uint8Array(16), 'AES-KW', false, ['wrapKey']);
    const seen = await spied(runtime, 'importKey', async () => {
      await subtle.decapsulateKey('ML-KEM-768', privateKey, ciphertext, 'AES-GCM', false, ['encrypt']);
      await subtle.wrapKey('raw-seed', privateKey, wrapping as CryptoKey, 'AES-KW');
    });
    assert.ok(!seen.includes(hex(sharedKey)), 'the shared secret reached a later importKey');
    assert.ok(!seen.includes(seed), 'the seed reached a later importKey');
  });

  it('wrapKey and unwrapKey of a JWK: later JSON and TextDecoder see no private member', async () => {
    const { privateKey } = (await subtle.generateKey('ML-KEM-768', true, ['decapsulateBits'])) as CryptoKeyPair;
    const key = await runtime.importKey!('raw', new Uint8Array(16), 'AES-KW', false, ['wrapKey', 'unwrapKey']);
    const wrapped = await subtle.wrapKey('jwk', privateKey, key as CryptoKey, 'AES-KW');
    let decoded = '';
    const stringified = await spied(JSON, 'stringify', async () => {
      decoded = await spied(TextDecoder.prototype, 'decode', async () => {
        await subtle.wrapKey('jwk', privateKey, key as CryptoKey, 'AES-KW');
        await subtle.unwrapKey('jwk', wrapped, key as CryptoKey, 'AES-KW', 'ML-KEM-768', false, ['decapsulateBits']);
      });
    });
    assert.equal(stringified, '', 'a later JSON.stringify saw the private JWK');
    assert.equal(decoded, '', 'a later TextDecoder saw the unwrapped JWK');
  });

  it('a private key refused during import is disposed of at once', async () => {
    const entry = entryNamed('ML-KEM-768')!;
    const real = await handlesFor(entry, await portableBackend());
    const made: PrivateHandle[] = [];
    const h = { ...real, decapsulationKey: (s: Uint8Array) => made[made.push(real.decapsulationKey(s)) - 1]! };
    const seed = crypto.getRandomValues(new Uint8Array(64));
    const jwk = { kty: 'AKP', alg: 'ML-KEM-768', priv: encodeBase64url(seed) };
    const both = encodePkcs8(
      { algorithm: 'ML-KEM-768', seed, secretKey: MlKem768.keygen(seed).secretKey },
      { form: 'both' },
    );
    both[both.length - 1]! ^= 1; // z in expandedKey: no longer the seed's
    const refusals: Array<[string, () => unknown, string]> = [
      ['raw-seed without usages', () => importOurKey('raw-seed', seed.slice(), entry, h, false, []), 'SyntaxError'],
      ['a JWK without pub', () => importOurKey('jwk', jwk, entry, h, false, ['decapsulateBits']), 'DataError'],
      [
        'a JWK with another pub',
        () =>
          importOurKey('jwk', { ...jwk, pub: encodeBase64url(MlKem768.keygen().publicKey) }, entry, h, false, [
            'decapsulateBits',
          ]),
        'DataError',
      ],
      [
        'a PKCS#8 both form that disagrees',
        () => importOurKey('pkcs8', both, entry, h, false, ['decapsulateBits']),
        'DataError',
      ],
    ];
    for (const [what, run, name] of refusals) {
      made.length = 0;
      assert.throws(run, { name }, what);
      assert.equal(made.length, 1, what);
      assert.throws(() => made[0]!.seed(), { code: 'ERR_KEY_DISPOSED' }, `${what}: the key is still alive`);
    }
  });

  it('an error names a long JWK member by its length, never quoting it', async () => {
    const long = encodeBase64url(crypto.getRandomValues(new Uint8Array(64)));
    for (const member of ['kty', 'alg', 'use']) {
      const jwk = { kty: 'AKP', alg: 'ML-KEM-768', pub: long, [member]: long };
      await assert.rejects(subtle.importKey('jwk', jwk, 'ML-KEM-768', false, ['encapsulateBits']), (err: Error) => {
        assert.equal(err.name, 'DataError');
        assert.ok(!err.message.includes(long) && err.message.includes('a string of 86 characters'), err.message);
        return true;
      });
    }
  });
});
