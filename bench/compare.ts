/**
 * `npm run bench:compare -- --before DIR [--after DIR] [--rounds N] [--batch-ms MS]`: the speed
 * of one checkout of this repository against another's, for "speed stays within noise" after a
 * change. Both trees' `src/` are imported into one process. Every round takes the operations in
 * a fresh random order and runs each one's two batches back to back (which tree first, at
 * random), so that the pair sees the same machine: CPU time (user + system) around each batch.
 * Reported are the medians and, per operation, the median over rounds of the ratio after / before
 * of each pair (1.05: after is 5 % slower). Timing the trees one after the other would mix the
 * machine's drift into the result; on a noisy machine, more rounds of shorter batches help more
 * than longer batches.
 *
 * Operations, at ML-KEM-768: keygen, encapsulate and decapsulate on both backends, one-shot and
 * through key objects; the hybrids' synchronous encapsulate and decapsulate; the Web Crypto
 * ponyfill's encapsulateBits and decapsulateBits for ML-KEM-768 and the hybrids (wasm backend).
 *
 * The before tree needs its dependencies: for an older commit,
 *   git worktree add --detach ../before <commit> && ln -s "$PWD/node_modules" ../before/node_modules
 * and pass --before ../before. --after defaults to this checkout.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import type * as Hybrid from '../src/hybrid/index.js';
import type * as Core from '../src/index.js';
import type * as Wasm from '../src/wasm/index.js';
import type * as WebCryptoBackend from '../src/webcrypto/backend.js';
import type * as WebCryptoInstall from '../src/webcrypto/install.js';
import type * as WebCryptoSubtle from '../src/webcrypto/subtle.js';
import { callsIn, median, shuffle } from './micro.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: '.' },
    rounds: { type: 'string', default: '31' },
    'batch-ms': { type: 'string', default: '10' },
  },
});
if (values.before === undefined)
  throw new Error('usage: npm run bench:compare -- --before DIR [--after DIR] [--rounds N] [--batch-ms MS]');
const trees = { before: resolve(values.before), after: resolve(values.after) };
const rounds = Number(values.rounds);
const batchMs = Number(values['batch-ms']);

interface Task {
  tree: keyof typeof trees;
  name: string;
  run: () => unknown;
  n: number;
  cpu: number[];
}

/** Hybrid names as the hybrid entry point exports them, and as Web Crypto names them. */
const HYBRIDS = ['XWing', 'X25519MLKEM768', 'SecP256r1MLKEM768'] as const;
const WEB_CRYPTO = ['ML-KEM-768', 'MLKEM768-X25519', 'MLKEM768-P256'] as const;

async function tasksOf(tree: keyof typeof trees, dir: string): Promise<Task[]> {
  const tasks: Task[] = [];
  const add = (name: string, run: () => unknown) => tasks.push({ tree, name, run, n: 1, cpu: [] });
  // Both trees are typed as this checkout's modules: the older one has the same entry points.
  const core = (await import(`${dir}/src/index.ts`)) as typeof Core;
  const { loadWasm } = (await import(`${dir}/src/wasm/index.ts`)) as typeof Wasm;
  for (const [backend, kem] of [
    ['portable', core.MlKem768],
    ['wasm', (await loadWasm()).MlKem768],
  ] as const) {
    const pair = kem.keygen(new Uint8Array(64).fill(1));
    const { ciphertext } = kem.encapsulate(pair.publicKey);
    const ek = kem.encapsulationKey(pair.publicKey);
    const dk = kem.decapsulationKey(pair.seed);
    add(`${backend} keygen`, () => kem.keygen());
    add(`${backend} encapsulate`, () => kem.encapsulate(pair.publicKey));
    add(`${backend} decapsulate`, () => kem.decapsulate(ciphertext, pair.secretKey));
    add(`${backend} key object encapsulate`, () => ek.encapsulate());
    add(`${backend} key object decapsulate`, () => dk.decapsulate(ciphertext));
  }
  const hybrid = (await import(`${dir}/src/hybrid/index.ts`)) as typeof Hybrid;
  for (const name of HYBRIDS) {
    const kem = hybrid[name];
    const pair = kem.keygen();
    const { ciphertext } = kem.encapsulate(pair.publicKey);
    add(`${name} encapsulate`, () => kem.encapsulate(pair.publicKey));
    add(`${name} decapsulate`, () => kem.decapsulate(ciphertext, pair.secretKey));
  }
  const { wasmBackend } = (await import(`${dir}/src/webcrypto/backend.ts`)) as typeof WebCryptoBackend;
  const { nativeCrypto } = (await import(`${dir}/src/webcrypto/install.ts`)) as typeof WebCryptoInstall;
  const { createSubtle } = (await import(`${dir}/src/webcrypto/subtle.ts`)) as typeof WebCryptoSubtle;
  const backend = await wasmBackend();
  const subtle = createSubtle({ native: nativeCrypto, handles: () => true, backend: async () => backend });
  for (const alg of WEB_CRYPTO) {
    const priv = await subtle.importKey(
      'raw-seed',
      new Uint8Array(alg.startsWith('ML-KEM') ? 64 : 32).fill(7),
      alg,
      false,
      ['decapsulateBits'],
    );
    const pub = await subtle.getPublicKey(priv, ['encapsulateBits']);
    const { ciphertext } = await subtle.encapsulateBits(alg, pub);
    add(`Web Crypto ${alg} encapsulateBits`, () => subtle.encapsulateBits(alg, pub));
    add(`Web Crypto ${alg} decapsulateBits`, () => subtle.decapsulateBits(alg, priv, ciphertext));
  }
  return tasks;
}

/** Runs a batch of n calls, each awaited when it returns a promise; returns the CPU µs per call. */
async function batch(t: Task): Promise<number> {
  const c0 = process.cpuUsage();
  for (let i = 0; i < t.n; i++) {
    const r = t.run();
    if (r instanceof Promise) await r;
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / t.n;
}

const tasks = [...(await tasksOf('before', trees.before)), ...(await tasksOf('after', trees.after))];
for (const t of tasks) t.n = await callsIn(batchMs, t.run); // warm-up, and batch sizes of about batchMs
const names = [...new Set(tasks.map((t) => t.name))];
const pairOf = (name: string) =>
  (['before', 'after'] as const).map((tree) => tasks.find((t) => t.tree === tree && t.name === name)!);
for (let r = 0; r < rounds; r++) {
  process.stderr.write(`round ${r + 1}/${rounds}\n`);
  for (const name of shuffle(names)) for (const t of shuffle(pairOf(name))) t.cpu.push(await batch(t));
}

console.log(`before: ${trees.before}\nafter: ${trees.after}\n${rounds} rounds, CPU time, ${process.version}\n`);
console.log('| operation (ML-KEM-768) | before µs | after µs | after / before |\n| --- | ---: | ---: | ---: |');
for (const name of names) {
  const [b, a] = pairOf(name);
  const ratio = median(a!.cpu.map((x, i) => x / b!.cpu[i]!));
  console.log(`| ${name} | ${median(b!.cpu).toFixed(1)} | ${median(a!.cpu).toFixed(1)} | ${ratio.toFixed(3)} |`);
}
