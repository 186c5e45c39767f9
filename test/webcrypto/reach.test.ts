// Holding a non-extractable key never gives its secret: no export of any
// module of the Web Crypto layer, called with such a key in any argument position, returns (or
// resolves to) anything through which the key's seed can be read — not its slots, not its private
// handle, not an extractable copy. Every value returned is searched, its functions of no argument
// called, to a depth of four.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { entryNamed } from '../../src/webcrypto/algorithms.js';
import { subtle } from '../../src/webcrypto/index.js';

const dir = fileURLToPath(new URL('../../src/webcrypto/', import.meta.url));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Whether `value` (or anything reachable from it) holds bytes containing `secret`. */
async function reaches(value: unknown, secret: string, depth = 0, seen = new Set<unknown>()): Promise<boolean> {
  if (value instanceof Promise) value = await value.catch(() => undefined);
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value) || depth > 4)
    return false;
  seen.add(value);
  if (value instanceof ArrayBuffer) return hex(new Uint8Array(value)).includes(secret);
  if (ArrayBuffer.isView(value))
    return hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)).includes(secret);
  if (typeof value === 'function') {
    if (value.length !== 0 || Function.prototype.toString.call(value).startsWith('class ')) return false;
    let out: unknown;
    try {
      out = (value as () => unknown)();
    } catch {
      return false;
    }
    return reaches(out, secret, depth + 1, seen);
  }
  // A key we get back: it must not export (an extractable copy would).
  if (Object.prototype.toString.call(value) === '[object CryptoKey]') {
    for (const format of ['raw-seed', 'pkcs8', 'jwk']) {
      try {
        if (await reaches(await subtle.exportKey(format as 'raw-seed', value as CryptoKey), secret, depth + 1, seen))
          return true;
      } catch {
        // not exportable
      }
    }
  }
  for (const key of Reflect.ownKeys(value)) {
    let v: unknown;
    try {
      v = (value as Record<string | symbol, unknown>)[key];
    } catch {
      continue;
    }
    if (await reaches(v, secret, depth + 1, seen)) return true;
  }
  return false;
}

test('no export of src/webcrypto/*.ts reaches the seed of a non-extractable key', async () => {
  const seed = crypto.getRandomValues(new Uint8Array(64));
  const key = await subtle.importKey('raw-seed', seed, 'ML-KEM-768', false, ['decapsulateBits']);
  await assert.rejects(subtle.exportKey('raw-seed', key), { name: 'InvalidAccessError' });
  const secret = hex(seed);
  const entry = entryNamed('ML-KEM-768');
  const others = [
    undefined,
    'ML-KEM-768',
    entry,
    'raw-seed',
    'pkcs8',
    'jwk',
    ['decapsulateBits'],
    'decapsulateBits',
    true,
  ];
  const found: string[] = [];
  let calls = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(`../../src/webcrypto/${file}`)) as Record<string, unknown>;
    for (const [name, f] of Object.entries(mod)) {
      if (name === 'install' || name === 'autoBackend' || name === 'wasmBackend') continue; // patch the global, or load wasm
      const candidates = typeof f === 'function' ? [] : [f];
      if (typeof f === 'function') {
        for (let position = 0; position < 4; position++) {
          for (const other of others) {
            const args = Array.from({ length: 4 }, (_, i) => (i === position ? key : other));
            try {
              calls++;
              candidates.push(
                Function.prototype.toString.call(f).startsWith('class ')
                  ? undefined
                  : (f as (...a: unknown[]) => unknown)(...args),
              );
            } catch {
              // refused
            }
          }
        }
      }
      for (const c of candidates) if (await reaches(c, secret)) found.push(`${file}: ${name}`);
    }
  }
  assert.ok(calls > 100, `${calls} calls`);
  assert.deepEqual([...new Set(found)], []);
});

test("WeakMap.prototype's methods replaced after load never see a key's slots (their methods are bound at load)", async () => {
  const generated = (await subtle.generateKey('MLKEM768-X25519', false, [
    'encapsulateBits',
    'decapsulateBits',
  ])) as CryptoKeyPair;
  const proto = WeakMap.prototype as unknown as Record<
    'get' | 'set' | 'has',
    (this: WeakMap<object, unknown>, ...a: unknown[]) => unknown
  >;
  const original = { get: proto.get, set: proto.set, has: proto.has };
  const seen: string[] = [];
  const keys = new Set<unknown>([generated.publicKey, generated.privateKey]);
  for (const m of ['get', 'set', 'has'] as const) {
    proto[m] = function (this: WeakMap<object, unknown>, ...args: unknown[]) {
      if (keys.has(args[0])) seen.push(`${m}(key)`);
      return original[m].apply(this, args);
    };
  }
  try {
    const imported = await subtle.importKey(
      'raw-seed',
      crypto.getRandomValues(new Uint8Array(32)),
      'MLKEM768-X25519',
      false,
      ['decapsulateBits'],
    );
    keys.add(imported);
    const { ciphertext } = (await subtle.encapsulateBits('MLKEM768-X25519', generated.publicKey)) as {
      ciphertext: ArrayBuffer;
    };
    await subtle.decapsulateBits('MLKEM768-X25519', generated.privateKey, ciphertext);
    await subtle.decapsulateBits('MLKEM768-X25519', imported, ciphertext);
    for (const key of keys) {
      const k = key as CryptoKey;
      void [k.algorithm, k.usages, k.extractable, k.type];
    }
    await assert.rejects(subtle.exportKey('raw-seed', generated.privateKey));
  } finally {
    Object.assign(proto, original);
  }
  assert.deepEqual(seen, [], 'a replaced WeakMap.prototype method was given one of our keys');
});
