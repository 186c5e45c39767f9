// The WebAssembly backend as a whole: its memory (fixed size; no secret left in it after any
// operation, also on the error path), several instances side by side, and instances in several
// worker threads at once, all giving the portable backend's bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

import { MlKem768 as Portable768, MlKemError } from '../../src/index.js';
import { createMlKem } from '../../src/kem.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../../src/params.js';
import { loadWasm, loadWasmSync } from '../../src/wasm/index.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { wasmKernels } from '../../src/wasm/kernels.js';
import { randomBytes } from '../support/helpers.js';

/**
 * The allocation order of src/workspace.ts createWorkspace, and which buffers hold only public
 * data (Â ‖ t̂ ‖ ek ‖ H(ek), c, the byte k); the test fails if the number of buffers changes.
 */
const WORKSPACE = ['expansion', 'noise', 'u', 'v', 'dk', 'c', 'c2', 'seed', 'm', 'g', 'kBar', 'kByte'];
const PUBLIC = new Set(['expansion', 'c', 'kByte']);

for (const params of [ML_KEM_512, ML_KEM_768, ML_KEM_1024]) {
  test(`${params.name} on wasm: after every operation, also a refused one, only public data is left in memory`, () => {
    const ex = instantiate(compileSync());
    const kernels = wasmKernels(ex);
    const regions: Array<{ name: string; at: number; end: number }> = [];
    const recording = {
      ...kernels,
      alloc8(n: number) {
        const v = kernels.alloc8(n);
        regions.push({ name: WORKSPACE[regions.length] ?? '?', at: v.byteOffset, end: v.byteOffset + n });
        return v;
      },
      alloc16(n: number) {
        const v = kernels.alloc16(n);
        regions.push({ name: WORKSPACE[regions.length] ?? '?', at: v.byteOffset, end: v.byteOffset + 2 * n });
        return v;
      },
    };
    const kem = createMlKem(params, recording);
    const mem = new Uint8Array(ex.memory.buffer);
    const staticBytes = mem.slice(0, ex.heapBase());
    const size = ex.memory.buffer.byteLength;

    const check = (what: string) => {
      assert.equal(ex.memory.buffer.byteLength, size, `${what}: the memory grew`);
      assert.equal(regions.length, WORKSPACE.length, 'the workspace layout changed: update WORKSPACE');
      assert.deepEqual(mem.subarray(0, staticBytes.length), staticBytes, `${what}: static tables or scratch changed`);
      for (let i = staticBytes.length; i < mem.length; i++) {
        if (mem[i] === 0) continue;
        const region = regions.find((r) => i >= r.at && i < r.end);
        if (!region || !PUBLIC.has(region.name)) {
          assert.fail(
            `${what}: byte ${i} (${region ? `workspace buffer ${region.name}` : 'outside the workspace'}) is not zero`,
          );
        }
      }
    };

    const { publicKey, secretKey } = kem.keygen();
    check('keygen');
    kem.keygen(randomBytes(64));
    check('keygen(seed)');
    const { ciphertext } = kem.encapsulate(publicKey);
    check('encapsulate');
    kem.encapsulateInternal(publicKey, randomBytes(32));
    check('encapsulateInternal');
    kem.decapsulate(ciphertext, secretKey);
    check('decapsulate');
    kem.decapsulate(randomBytes(params.ciphertextBytes), secretKey);
    check('decapsulate (implicit rejection)');
    const badKey = secretKey.slice();
    badKey[768 * params.k + 40] = badKey[768 * params.k + 40]! ^ 1; // H(ek) no longer matches: §7.3 refuses it
    assert.throws(() => kem.decapsulate(ciphertext, badKey), MlKemError);
    check('decapsulate refusing a secret key');
    const badPk = publicKey.slice();
    badPk[0] = 0xff;
    badPk[1] = badPk[1]! | 0x0f; // first coefficient 4095 ≥ q: §7.2 refuses it
    assert.throws(() => kem.encapsulate(badPk), MlKemError);
    check('encapsulate refusing a public key');

    // Key objects keep their expansion outside the module's memory: it holds no secret of a live key.
    const seedKey = kem.decapsulationKey(randomBytes(64));
    check('decapsulationKey(seed)');
    const expandedKey = kem.decapsulationKey(secretKey);
    check('decapsulationKey(secretKey) with its pairwise check');
    const ek = kem.encapsulationKey(publicKey);
    check('encapsulationKey');
    const fresh = ek.encapsulate();
    check('EncapsulationKey.encapsulate');
    expandedKey.decapsulate(fresh.ciphertext);
    check('DecapsulationKey.decapsulate');
    seedKey.decapsulate(fresh.ciphertext);
    check('DecapsulationKey.decapsulate (implicit rejection)');
    assert.throws(() => kem.checkSecretKey(badKey), MlKemError);
    check('checkSecretKey refusing a secret key');
    seedKey.dispose();
    expandedKey.dispose();
    check('dispose');
  });
}

test('the module imports nothing and exports exactly the kernels of src/wasm/exports.ts and its memory', () => {
  const module = compileSync();
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  const kernels = [
    'heapBase',
    'sha3_256',
    'sha3_512',
    'sampleMatrix',
    'sampleMatrixWithHash',
    'sampleNoise',
    'ntt',
    'invNtt',
    'nttMultiplyAccumulate',
    'polyToMont',
    'polyAddReduce',
    'polySubReduce',
    'byteEncode12',
    'byteDecode12',
    'isCanonical12',
    'compressEncode',
    'decodeDecompress',
    'messageToPoly',
    'polyToMessage',
    'kpkeEncrypt',
    'kpkeDecrypt',
    'x25519',
    'x25519Base',
  ];
  const exported = WebAssembly.Module.exports(module);
  assert.deepEqual(
    exported.map((e) => `${e.name}:${e.kind}`).sort(),
    [...kernels.map((k) => `${k}:function`), 'memory:memory'].sort(),
  );
  const ex = instantiate(module);
  for (const k of kernels) assert.equal(typeof (ex as unknown as Record<string, unknown>)[k], 'function', k);
});

test('the memory has a fixed size: it cannot grow', () => {
  const ex = instantiate(compileSync());
  assert.throws(() => ex.memory.grow(1), RangeError);
});

test('several instances at once: interleaved operations give the portable bytes', async () => {
  const instances = [loadWasmSync(), loadWasmSync(), await loadWasm()];
  const keys = instances.map((w, i) => w.MlKem768.keygen(new Uint8Array(64).fill(i + 1)));
  for (let round = 0; round < 20; round++) {
    for (const [i, w] of instances.entries()) {
      const seed = new Uint8Array(64).fill(i + 1);
      const m = new Uint8Array(32).fill(round);
      const want = Portable768.encapsulateInternal(Portable768.keygen(seed).publicKey, m);
      const got = w.MlKem768.encapsulateInternal(keys[i]!.publicKey, m);
      assert.deepEqual(got, want);
      assert.deepEqual(w.MlKem768.decapsulate(got.ciphertext, keys[i]!.secretKey), want.sharedSecret);
    }
  }
});

test('worker threads, each with its own instance, at once: same bytes as the portable backend', async () => {
  const rounds = 50;
  const salts = [3, 5, 11, 17];
  const outputs = await Promise.all(
    salts.map(
      (salt) =>
        new Promise<Array<{ pk: Uint8Array; ct: Uint8Array; ss: Uint8Array; agreed: boolean }>>((resolve, reject) => {
          // A worker does not inherit the main thread's TypeScript loader: register tsx in it first.
          const fixture = new URL('../support/fixtures/wasm-worker.ts', import.meta.url).href;
          const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(fixture)}); })`;
          const worker = new Worker(boot, { eval: true, workerData: { rounds, salt } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  for (const [w, results] of outputs.entries()) {
    const salt = salts[w]!;
    assert.equal(results.length, rounds);
    for (const [i, r] of results.entries()) {
      const seed = new Uint8Array(64).fill((salt + i) & 0xff);
      const m = new Uint8Array(32).fill((salt * 7 + i) & 0xff);
      const pk = Portable768.keygen(seed).publicKey;
      const want = Portable768.encapsulateInternal(pk, m);
      assert.ok(r.agreed, `worker ${w} round ${i}: decapsulation disagreed`);
      assert.deepEqual(new Uint8Array(r.pk), pk);
      assert.deepEqual(new Uint8Array(r.ct), want.ciphertext);
      assert.deepEqual(new Uint8Array(r.ss), want.sharedSecret);
    }
  }
});
