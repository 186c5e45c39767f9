// SubtleCrypto.supports('encapsulateKey' | 'decapsulateKey', algorithm, sharedKeyAlgorithm) answers
// as the operation does: for every shared-key algorithm we can name — each
// symmetric algorithm with its parameter variants, and algorithms that cannot be imported from
// "raw-secret" —, on every algorithm of ours, the answer is true exactly when the operation (with
// usages the shared key's algorithm allows, not extractable) succeeds. Under Node 26 the answers
// are also Node's own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { REGISTRY } from '../../src/registry.js';
import { subtle, supports } from '../../src/webcrypto/index.js';
import type { KemAlgorithmName } from '../../src/webcrypto/types.js';

const ALGORITHMS: readonly KemAlgorithmName[] = REGISTRY.flatMap((e) =>
  e.webCrypto === undefined ? [] : [e.webCrypto as KemAlgorithmName],
);
const nativeSupports = (
  globalThis as { SubtleCrypto?: { supports?: (op: string, alg: unknown, extra?: unknown) => boolean } }
).SubtleCrypto?.supports;

/** Shared-key algorithms, and a usage each allows. */
const SHARED: Array<[object | string, string]> = [
  ...['AES-CTR', 'AES-CBC', 'AES-GCM', 'AES-OCB', 'ChaCha20-Poly1305', 'aes-gcm'].map(
    (n): [object | string, string] => [n, 'encrypt'],
  ),
  [{ name: 'AES-GCM', length: 128 }, 'encrypt'],
  ['AES-KW', 'wrapKey'],
  ['HMAC', 'sign'],
  [{ name: 'HMAC' }, 'sign'],
  ...['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA3-256', 'nope'].flatMap((hash) =>
    [undefined, 128, 256, 512].map((length): [object | string, string] => [
      length === undefined ? { name: 'HMAC', hash } : { name: 'HMAC', hash, length },
      'sign',
    ]),
  ),
  ...['KMAC128', 'KMAC256'].flatMap((name) =>
    [name, { name, length: 128 }, { name, length: 256 }].map((a): [object | string, string] => [a, 'sign']),
  ),
  ...['HKDF', 'PBKDF2', 'Argon2d', 'Argon2i', 'Argon2id'].map((n): [object | string, string] => [n, 'deriveBits']),
  ...['Ed25519', 'Ed448'].map((n): [object | string, string] => [n, 'sign']),
  ...['X25519', 'X448'].map((n): [object | string, string] => [n, 'deriveBits']),
  [{ name: 'ECDH', namedCurve: 'P-256' }, 'deriveBits'],
  [{ name: 'ECDSA', namedCurve: 'P-256' }, 'sign'],
  [{ name: 'RSA-OAEP', hash: 'SHA-256' }, 'encrypt'],
  ['ML-KEM-768', 'decapsulateBits'],
  ['ML-DSA-44', 'sign'],
  ['nope', 'sign'],
];

const succeeds = async (f: () => Promise<unknown>): Promise<boolean> => {
  try {
    await f();
    return true;
  } catch {
    return false;
  }
};

describe('supports(encapsulateKey | decapsulateKey, alg, sharedKeyAlgorithm) equals the operation', () => {
  for (const alg of ALGORITHMS) {
    it(alg, async () => {
      const { publicKey, privateKey } = await subtle.generateKey(alg, false, [
        'encapsulateKey',
        'decapsulateKey',
        'encapsulateBits',
      ]);
      const { ciphertext } = await subtle.encapsulateBits(alg, publicKey);
      const wrong: string[] = [];
      let yes = 0;
      for (const [shared, usage] of SHARED) {
        const enc = await succeeds(() => subtle.encapsulateKey(alg, publicKey, shared, false, [usage]));
        const dec = await succeeds(() => subtle.decapsulateKey(alg, privateKey, ciphertext, shared, false, [usage]));
        const said = { enc: supports('encapsulateKey', alg, shared), dec: supports('decapsulateKey', alg, shared) };
        if (said.enc !== enc || said.dec !== dec)
          wrong.push(`${JSON.stringify(shared)}: supports ${said.enc}/${said.dec}, operation ${enc}/${dec}`);
        if (enc) yes++;
      }
      assert.deepEqual(wrong, []);
      assert.ok(yes >= 10, `${yes} shared-key algorithms work`); // AES, HMAC SHA-2 with and without length 256, HKDF, PBKDF2 at least
    });
  }

  it(
    'and Node 26 gives the same answers (where the runtime has ML-KEM)',
    { skip: nativeSupports?.('encapsulateBits', 'ML-KEM-768') !== true && 'this runtime has no native ML-KEM' },
    () => {
      const wrong: string[] = [];
      for (const alg of ALGORITHMS.filter((a) => nativeSupports!('encapsulateKey', a))) {
        for (const op of ['encapsulateKey', 'decapsulateKey']) {
          for (const [shared] of SHARED) {
            const ours = supports(op, alg, shared);
            const theirs = nativeSupports!.call(SubtleCrypto, op, alg, shared);
            if (ours !== theirs) wrong.push(`${op} ${alg} ${JSON.stringify(shared)}: ours ${ours}, Node ${theirs}`);
          }
        }
      }
      assert.deepEqual(wrong, []);
    },
  );
});
