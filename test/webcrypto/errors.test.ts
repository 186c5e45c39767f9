// The DOMException names of the Web Crypto layer that are easy to get wrong, each as the specifications and Node 26 give it: a JWK without kty unwrapped (DataError, "parse
// a JWK"), an HMAC shared key without hash (TypeError, WebIDL's dictionary conversion), and a
// detached ArrayBuffer, which WebIDL reads as no bytes (DataError for key data, OperationError for
// a ciphertext). Run on the ponyfill (Node 20 and 26) and, under Node 26, on the native layer too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { subtle } from '../../src/webcrypto/index.js';
import type { WebCryptoSubtle } from '../../src/webcrypto/types.js';

const nativeHasMlKem =
  (globalThis as { SubtleCrypto?: { supports?: (op: string, alg: string) => boolean } }).SubtleCrypto?.supports?.(
    'encapsulateBits',
    'ML-KEM-768',
  ) === true;
const sides: Array<[string, WebCryptoSubtle]> = [['ponyfill', subtle]];
if (nativeHasMlKem) sides.push(['native', globalThis.crypto.subtle as unknown as WebCryptoSubtle]);

/** An ArrayBuffer, or a view made before it was detached. */
function detached(view?: 'Uint8Array' | 'DataView'): ArrayBuffer | ArrayBufferView {
  const b = new ArrayBuffer(64);
  const v = view === 'Uint8Array' ? new Uint8Array(b, 8) : view === 'DataView' ? new DataView(b, 8) : b;
  structuredClone(b, { transfer: [b] });
  return v;
}

for (const [side, s] of sides) {
  describe(`error names (${side})`, () => {
    it('unwrapKey("jwk") of JSON without kty: DataError', async () => {
      const aes = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 128 }, false, [
        'encrypt',
        'decrypt',
        'wrapKey',
        'unwrapKey',
      ])) as CryptoKey;
      const iv = new Uint8Array(12);
      for (const json of ['{"alg":"ML-KEM-768","priv":"AAAA"}', '{}', 'null']) {
        const wrapped = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(json));
        await assert.rejects(
          s.unwrapKey('jwk', wrapped, aes, { name: 'AES-GCM', iv }, 'ML-KEM-768', true, ['decapsulateBits']),
          { name: 'DataError' },
          json,
        );
      }
    });

    it('encapsulateKey / decapsulateKey with an HMAC shared key without hash: TypeError', async () => {
      const { publicKey, privateKey } = await s.generateKey('ML-KEM-768', false, [
        'encapsulateKey',
        'decapsulateKey',
        'encapsulateBits',
      ]);
      const { ciphertext } = await s.encapsulateBits('ML-KEM-768', publicKey);
      for (const alg of ['HMAC', { name: 'HMAC' }, { name: 'hmac', length: 256 }]) {
        await assert.rejects(
          s.encapsulateKey('ML-KEM-768', publicKey, alg, true, ['sign']),
          { name: 'TypeError' },
          JSON.stringify(alg),
        );
        await assert.rejects(
          s.decapsulateKey('ML-KEM-768', privateKey, ciphertext, alg, true, ['sign']),
          { name: 'TypeError' },
          JSON.stringify(alg),
        );
      }
    });

    it('a detached ArrayBuffer (or a view of one) is no bytes: DataError as key data, OperationError as a ciphertext', async () => {
      for (const data of [detached(), detached('Uint8Array'), detached('DataView')]) {
        await assert.rejects(s.importKey('raw-seed', data, 'ML-KEM-768', false, ['decapsulateBits']), {
          name: 'DataError',
        });
        await assert.rejects(s.importKey('raw-public', data, 'ML-KEM-768', false, ['encapsulateBits']), {
          name: 'DataError',
        });
      }
      const { privateKey } = await s.generateKey('ML-KEM-768', false, ['decapsulateKey', 'decapsulateBits']);
      for (const c of [detached(), detached('Uint8Array')]) {
        await assert.rejects(s.decapsulateBits('ML-KEM-768', privateKey, c), { name: 'OperationError' });
        await assert.rejects(s.decapsulateKey('ML-KEM-768', privateKey, c, 'AES-GCM', false, ['encrypt']), {
          name: 'OperationError',
        });
      }
    });
  });
}
