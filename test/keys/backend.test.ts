// mlkem-ts/keys over a backend of the caller's choice (options.backend): the same results as the
// default portable backend, the work done by the chosen backend's objects, and a wrong backend
// refused with ERR_INVALID_TYPE.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MlKem768, MlKemError, type MlKem } from '../../src/index.js';
import {
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  toJwk,
  type MlKemBackend,
} from '../../src/keys/index.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { equalBytes } from '../support/helpers.js';

const wasm = loadWasmSync();

/** A backend whose objects count the calls made to them. */
function counting(backend: MlKemBackend): { backend: MlKemBackend; calls: () => number } {
  let n = 0;
  const wrap = (kem: MlKem): MlKem =>
    Object.fromEntries(
      Object.entries(kem).map(([key, value]) => [
        key,
        typeof value !== 'function'
          ? value
          : (...args: unknown[]) => {
              n++;
              return (value as (...a: unknown[]) => unknown)(...args);
            },
      ]),
    ) as unknown as MlKem;
  return {
    backend: { MlKem512: wrap(backend.MlKem512), MlKem768: wrap(backend.MlKem768), MlKem1024: wrap(backend.MlKem1024) },
    calls: () => n,
  };
}

test('every codec gives the same result on the wasm backend, and uses it', () => {
  const { publicKey, secretKey, seed } = MlKem768.keygen();
  const { backend, calls } = counting(wasm);
  const options = { backend };
  assert.ok(equalBytes(encodeSpki(publicKey, options), encodeSpki(publicKey)));
  assert.ok(equalBytes(decodeSpki(encodeSpki(publicKey), options).publicKey, publicKey));
  for (const form of ['seed', 'expanded', 'both'] as const) {
    const der = encodePkcs8({ seed, secretKey, publicKey }, { form, backend });
    assert.ok(equalBytes(der, encodePkcs8({ seed, secretKey, publicKey }, { form })), `encodePkcs8 ${form}`);
    const viaWasm = decodePkcs8(der, { backend, pairwiseCheck: true });
    const viaPortable = decodePkcs8(der, { pairwiseCheck: true });
    assert.ok(
      equalBytes(viaWasm.secretKey, viaPortable.secretKey) && equalBytes(viaWasm.publicKey, publicKey),
      `decodePkcs8 ${form}`,
    );
  }
  const jwk = toJwk({ algorithm: 'ML-KEM-768', seed }, options);
  assert.deepEqual(jwk, toJwk({ algorithm: 'ML-KEM-768', seed }));
  assert.ok(equalBytes((fromJwk(jwk, options) as { secretKey: Uint8Array }).secretKey, secretKey));
  assert.ok(calls() > 0, 'the wasm objects did the work');
});

test('a wrong backend is refused with ERR_INVALID_TYPE', () => {
  const der = encodeSpki(MlKem768.keygen().publicKey);
  for (const backend of [
    null,
    'wasm',
    42,
    {},
    { MlKem512: wasm.MlKem768, MlKem768: wasm.MlKem768, MlKem1024: wasm.MlKem1024 },
  ]) {
    assert.throws(
      () => decodeSpki(der, { backend } as never),
      (err: unknown) => err instanceof MlKemError && err.code === 'ERR_INVALID_TYPE' && /backend/.test(err.message),
      `backend ${String(backend)}`,
    );
  }
});

test('a malformed SubjectPublicKeyInfo is named once in the message', () => {
  assert.throws(
    () => decodeSpki(new Uint8Array(10)),
    (err: unknown) =>
      err instanceof MlKemError &&
      err.code === 'ERR_INVALID_KEY_ENCODING' &&
      err.message === 'SubjectPublicKeyInfo: the outer element must be SEQUENCE (0x30), found tag 0x00 at byte 0',
  );
});
