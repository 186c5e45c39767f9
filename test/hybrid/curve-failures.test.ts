// The asynchronous doors when the runtime's Web Crypto misbehaves (src/hybrid/curves/webcrypto-curves.ts,
// concrete-async.ts), with no node:crypto (as in a browser): a Web Crypto whose X25519 never
// answers must not hang X-Wing's door for good — its self-test has a time limit, after which
// 'auto' falls back to noble, as documented — and a Web Crypto that fails once after passing its
// self-test fails that call only (ERR_PLATFORM): the next one on the same key objects works.
// Its own file: the runtime's Web Crypto and node:crypto are chosen once per process.
import assert from 'node:assert/strict';
import { it, mock } from 'node:test';

import { MlKemError } from '../../src/errors.js';
import { asynchronousOf } from '../../src/hybrid/concrete-async.js';
import { SELF_TEST_LIMIT_MS } from '../../src/hybrid/curves/webcrypto-curves.js';
import { mlkem768P256Over } from '../../src/hybrid/nist-hybrids.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { MlKem768 } from '../../src/index.js';

// No node:crypto for the hybrids, so that 'auto' asks the runtime's Web Crypto, as in a browser.
const proc = process as unknown as { getBuiltinModule(id: string): unknown };
const getBuiltinModule = proc.getBuiltinModule.bind(process);
proc.getBuiltinModule = (id: string) => (id === 'node:crypto' || id === 'crypto' ? undefined : getBuiltinModule(id));

// The runtime's Web Crypto: X25519 never answers; `failNext` makes the next import of a format fail once.
const real = globalThis.crypto.subtle as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
const failNext = new Set<string>();
const names = (args: unknown[]) => args.map((a) => (a as { name?: unknown } | null)?.name);
const subtle: Record<string, unknown> = {};
for (const m of ['importKey', 'exportKey', 'deriveBits', 'generateKey', 'getPublicKey']) {
  if (typeof real[m] !== 'function') continue;
  subtle[m] = (...args: unknown[]) => {
    if (names(args).includes('X25519')) return new Promise(() => {});
    if (m === 'importKey' && failNext.delete(args[0] as string))
      return Promise.reject(new DOMException('transient', 'OperationError'));
    return real[m]!.apply(real, args);
  };
}
Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });

const isPlatformError = (err: unknown) =>
  err instanceof MlKemError && err.code === 'ERR_PLATFORM' && /transient/.test(err.message);

it("a Web Crypto whose X25519 never answers: X-Wing's door on 'auto' falls back to noble once the self-test's time limit has passed", async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  const reference = xwingOver(MlKem768, 'noble');
  const door = asynchronousOf(reference, 'auto')!;
  let path: string | undefined;
  const asked = door.curvePath().then((p) => (path = p));
  // Mock time advances a second at a time, the pending promises run in between.
  for (let waited = 0; path === undefined && waited <= 2 * SELF_TEST_LIMIT_MS; waited += 1000) {
    await new Promise((resolve) => setImmediate(resolve));
    mock.timers.tick(1000);
  }
  assert.equal(path, 'noble', `still no answer ${(2 * SELF_TEST_LIMIT_MS) / 1000} s (mock time) after the first call`);
  await asked;
  const pair = reference.keygen(new Uint8Array(32).fill(3));
  const enc = await door.encapsulationKey(pair.publicKey).encapsulate();
  assert.deepEqual(await door.decapsulationKey(pair.secretKey).decapsulate(enc.ciphertext), enc.sharedSecret);
  assert.deepEqual(reference.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret);
});

it('a Web Crypto that fails once after its self-test: that call is ERR_PLATFORM, the same key objects work on the next call (no failure is kept)', async () => {
  const reference = mlkem768P256Over(MlKem768, 'noble');
  const door = asynchronousOf(reference, 'webcrypto')!;
  assert.equal(await door.curvePath(), 'webcrypto');
  const pair = reference.keygen(new Uint8Array(32).fill(5));
  const ek = door.encapsulationKey(pair.publicKey);
  const dk = door.decapsulationKey(pair.secretKey);

  // The encapsulation key's element (imported once, on first use).
  failNext.add('raw');
  await assert.rejects(ek.encapsulate(), isPlatformError);
  const enc = await ek.encapsulate();
  assert.deepEqual(reference.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret);

  // The decapsulation key's scalar (loaded once, on first use).
  failNext.add('pkcs8');
  await assert.rejects(dk.decapsulate(enc.ciphertext), isPlatformError);
  assert.deepEqual(await dk.decapsulate(enc.ciphertext), enc.sharedSecret);
  assert.equal(failNext.size, 0, 'every planned failure happened');
  dk.dispose();
});
