import { ml_kem1024_p384, ml_kem768_p256, ml_kem768_x25519 } from '@noble/post-quantum/hybrid.js';
// The page of `npm run bench:browser` (bench/browser.ts bundles it and opens it in each browser).
// Everything is measured in this one page, per concrete hybrid, on the wasm backend:
// - the ponyfill (mlkem-ts/webcrypto) encapsulateBits / decapsulateBits with key objects
//   (CryptoKeys from generateKey), its curve half on the browser's Web Crypto ('auto') and on
//   @noble/curves; and the synchronous key objects on noble, which is what the ponyfill ran before;
// - @noble/post-quantum's hybrid;
// - the floor: the browser's own ML-KEM encapsulateBits / decapsulateBits where it has it (else our
//   wasm key objects), plus the Web Crypto curve operations the hybrid needs (encapsulation:
//   generateKey, exportKey('raw'), deriveBits; decapsulation: importKey('raw'), deriveBits);
//   and the browser's own hybrid where it has one;
// - X-Wing's synchronous key objects on 'auto' curves (after loadWasm: the WebAssembly X25519), and
//   X25519 alone per operation on the WebAssembly module, noble and Web Crypto;
// - HPKE single-shot Seal and Open of 1 KiB through `hpke` (HKDF-SHA256, AES-128-GCM): our KEM
//   on Web Crypto and on noble, @panva/hpke-noble, and `hpke`'s own Web Crypto KEM where it works.
// Timing: wall clock (performance.now, the page cross-origin isolated for its resolution) around
// batches of sequential awaited calls of about BATCH_MS; a warm-up sets each batch's size; then
// ROUNDS rounds, each running every operation's batch once, in a fresh random order (the rows of
// one hybrid's column back to back). The page
// POSTs the µs/op of every round; bench/browser.ts takes medians and per-round ratios.
import * as Noble from '@panva/hpke-noble';
import * as HPKE from 'hpke';

import { createHpkeKem, hpkeKem } from '../src/hpke/index.js';
import { asynchronousOf } from '../src/hybrid/concrete-async.js';
import { CONSTRUCTIONS } from '../src/hybrid/constructions.js';
import { X25519 } from '../src/hybrid/curves/x25519.js';
import type { MlKem } from '../src/index.js';
import { loadWasm } from '../src/wasm/index.js';
import { autoBackend } from '../src/webcrypto/backend.js';
import { subtle } from '../src/webcrypto/index.js';
import { nativeCrypto } from '../src/webcrypto/install.js';
import { createSubtle } from '../src/webcrypto/subtle.js';
import { shuffle } from './micro.js';

declare const __ROUNDS__: number;
declare const __BATCH_MS__: number;

export interface BenchOp {
  /** The hybrid ('X-Wing', ...) or 'HPKE X-Wing', ... */
  group: string;
  /** The row: who does the work, and how. */
  name: string;
  /** The column: encapsulate, decapsulate, seal, open. */
  op: string;
}

export interface BenchPageResult {
  ua: string;
  ops: Array<BenchOp & { us: number[]; n: number }>;
  /** The curve implementation the doors took, per hybrid. */
  curves: Record<string, string>;
  skipped: string[];
  fatal: string | null;
}

interface Timed extends BenchOp {
  run: () => Promise<unknown>;
}

const NATIVE = globalThis.crypto.subtle as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
const MESSAGE = new Uint8Array(1024).fill(0x61);
const log = (line: string) => fetch('/log', { method: 'POST', body: line });

type Names = 'X-Wing' | 'MLKEM768-P256' | 'MLKEM1024-P384';
const HYBRIDS: Array<{
  name: Names;
  algorithm: string;
  mlkem: string;
  curve: object;
  bits: number;
  share: number;
  noblePq: typeof ml_kem768_x25519;
}> = [
  {
    name: 'X-Wing',
    algorithm: 'MLKEM768-X25519',
    mlkem: 'ML-KEM-768',
    curve: { name: 'X25519' },
    bits: 256,
    share: 32,
    noblePq: ml_kem768_x25519,
  },
  {
    name: 'MLKEM768-P256',
    algorithm: 'MLKEM768-P256',
    mlkem: 'ML-KEM-768',
    curve: { name: 'ECDH', namedCurve: 'P-256' },
    bits: 256,
    share: 65,
    noblePq: ml_kem768_p256 as typeof ml_kem768_x25519,
  },
  {
    name: 'MLKEM1024-P384',
    algorithm: 'MLKEM1024-P384',
    mlkem: 'ML-KEM-1024',
    curve: { name: 'ECDH', namedCurve: 'P-384' },
    bits: 384,
    share: 97,
    noblePq: ml_kem1024_p384 as typeof ml_kem768_x25519,
  },
];

type Sub = { [m: string]: (...a: unknown[]) => Promise<unknown> };

/** encapsulateBits / decapsulateBits of a ponyfill on keys from its generateKey. */
async function ponyfillOps(s: Sub, group: string, name: string, algorithm: string): Promise<Timed[]> {
  const { publicKey, privateKey } = (await s.generateKey!(algorithm, false, [
    'encapsulateBits',
    'decapsulateBits',
  ])) as CryptoKeyPair;
  const { ciphertext } = (await s.encapsulateBits!(algorithm, publicKey)) as { ciphertext: ArrayBuffer };
  return [
    { group, name, op: 'encapsulate', run: () => s.encapsulateBits!(algorithm, publicKey) },
    { group, name, op: 'decapsulate', run: () => s.decapsulateBits!(algorithm, privateKey, ciphertext) },
  ];
}

/** The floor of one hybrid: the browser's ML-KEM (else ours) and the curve operations the hybrid needs. */
async function floorOps(h: (typeof HYBRIDS)[number], ours: MlKem): Promise<Timed[]> {
  let encapsulateMlKem: () => Promise<unknown>;
  let decapsulateMlKem: () => Promise<unknown>;
  let which: string;
  try {
    const kp = (await NATIVE.generateKey!({ name: h.mlkem }, false, [
      'encapsulateBits',
      'decapsulateBits',
    ])) as CryptoKeyPair;
    const { ciphertext } = (await NATIVE.encapsulateBits!({ name: h.mlkem }, kp.publicKey)) as {
      ciphertext: ArrayBuffer;
    };
    encapsulateMlKem = () => NATIVE.encapsulateBits!({ name: h.mlkem }, kp.publicKey);
    decapsulateMlKem = () => NATIVE.decapsulateBits!({ name: h.mlkem }, kp.privateKey, ciphertext);
    which = `browser ${h.mlkem}`;
  } catch {
    const pair = ours.keygen();
    const ek = ours.encapsulationKey(pair.publicKey);
    const dk = ours.decapsulationKey(pair.seed);
    const { ciphertext } = ek.encapsulate();
    encapsulateMlKem = async () => ek.encapsulate();
    decapsulateMlKem = async () => dk.decapsulate(ciphertext);
    which = `our wasm ${h.mlkem}`;
  }
  const peer = (await NATIVE.generateKey!(h.curve, false, ['deriveBits'])) as CryptoKeyPair;
  const peerRaw = await NATIVE.exportKey!('raw', peer.publicKey);
  const name = `floor: ${which} + Web Crypto ${h.name === 'X-Wing' ? 'X25519' : (h.curve as { namedCurve: string }).namedCurve}`;
  return [
    {
      group: h.name,
      name,
      op: 'encapsulate',
      async run() {
        await encapsulateMlKem();
        const e = (await NATIVE.generateKey!(h.curve, false, ['deriveBits'])) as CryptoKeyPair;
        await NATIVE.exportKey!('raw', e.publicKey);
        return NATIVE.deriveBits!(
          { name: (h.curve as { name: string }).name, public: peer.publicKey },
          e.privateKey,
          h.bits,
        );
      },
    },
    {
      group: h.name,
      name,
      op: 'decapsulate',
      async run() {
        await decapsulateMlKem();
        const q = await NATIVE.importKey!('raw', peerRaw, h.curve, true, []);
        return NATIVE.deriveBits!({ name: (h.curve as { name: string }).name, public: q }, peer.privateKey, h.bits);
      },
    },
  ];
}

/**
 * X25519 alone, per operation: the public key of a fresh scalar and a shared secret, on the
 * WebAssembly module and on noble (loaded keys, as the hybrids' key objects hold them), and on Web
 * Crypto (generateKey and exportKey('raw'); deriveBits of two existing keys).
 */
async function x25519Ops(): Promise<Timed[]> {
  const group = 'X25519';
  const peer = X25519.impl('noble')
    .load(crypto.getRandomValues(new Uint8Array(32)))
    .publicKey();
  const rows: Timed[] = [];
  for (const path of ['wasm', 'noble'] as const) {
    const impl = X25519.impl(path);
    const key = impl.load(crypto.getRandomValues(new Uint8Array(32)));
    const name = path === 'wasm' ? 'mlkem-ts WebAssembly' : '@noble/curves';
    rows.push({ group, name, op: 'public key', run: async () => key.publicKey() });
    rows.push({ group, name, op: 'shared secret', run: async () => key.sharedSecret(peer) });
  }
  const alg = { name: 'X25519' };
  try {
    const a = (await NATIVE.generateKey!(alg, false, ['deriveBits'])) as CryptoKeyPair;
    const b = (await NATIVE.generateKey!(alg, false, ['deriveBits'])) as CryptoKeyPair;
    rows.push({
      group,
      name: 'Web Crypto',
      op: 'public key',
      run: async () =>
        NATIVE.exportKey!('raw', ((await NATIVE.generateKey!(alg, false, ['deriveBits'])) as CryptoKeyPair).publicKey),
    });
    rows.push({
      group,
      name: 'Web Crypto',
      op: 'shared secret',
      run: () => NATIVE.deriveBits!({ name: 'X25519', public: b.publicKey }, a.privateKey, 256),
    });
  } catch {
    // no Web Crypto X25519 here (WebKitGTK): the other rows stand alone
  }
  return rows;
}

/** Seal and Open of 1 KiB through `hpke`'s CipherSuite with a KEM factory. */
async function hpkeOps(group: string, name: string, kem: HPKE.KEMFactory<HPKE.Key>): Promise<Timed[]> {
  const suite = new HPKE.CipherSuite(kem, HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);
  const { privateKey, publicKey } = await suite.GenerateKeyPair(false);
  const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, MESSAGE);
  const opened = await suite.Open(privateKey, encapsulatedSecret, ciphertext);
  if (opened.length !== MESSAGE.length) throw new Error(`${name}: Open gave ${opened.length} bytes`);
  return [
    { group, name, op: 'seal', run: () => suite.Seal(publicKey, MESSAGE) },
    { group, name, op: 'open', run: () => suite.Open(privateKey, encapsulatedSecret, ciphertext) },
  ];
}

async function batch(f: () => Promise<unknown>, n: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  return ((performance.now() - t0) * 1000) / n;
}

void (async () => {
  const result: BenchPageResult = { ua: navigator.userAgent, ops: [], curves: {}, skipped: [], fatal: null };
  try {
    const wasm = await loadWasm();
    const nobleSubtle = createSubtle({
      native: nativeCrypto,
      handles: () => true,
      backend: autoBackend,
      curves: 'noble',
    }) as unknown as Sub;
    const ops: Timed[] = [];
    const add = async (what: string, make: () => Promise<Timed[]>) => {
      try {
        ops.push(...(await make()));
      } catch (err) {
        result.skipped.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      }
    };
    for (const h of HYBRIDS) {
      const mlkem = h.mlkem === 'ML-KEM-768' ? wasm.MlKem768 : wasm.MlKem1024;
      const construction = CONSTRUCTIONS.find((c) => c.name === h.name)!;
      result.curves[h.name] = await asynchronousOf(construction.create(mlkem))!.curvePath();
      await add(`${h.name} ponyfill`, () =>
        ponyfillOps(subtle as unknown as Sub, h.name, 'ponyfill, Web Crypto curves', h.algorithm),
      );
      await add(`${h.name} door`, async () => {
        const door = asynchronousOf(construction.create(mlkem))!;
        const pair = construction.create(mlkem).keygen();
        const ek = door.encapsulationKey(pair.publicKey);
        const dk = door.decapsulationKey(pair.secretKey);
        const { ciphertext } = await ek.encapsulate();
        const name = 'the door alone (key objects), Web Crypto curves';
        return [
          { group: h.name, name, op: 'encapsulate', run: () => ek.encapsulate() },
          { group: h.name, name, op: 'decapsulate', run: () => dk.decapsulate(ciphertext) },
        ];
      });
      await add(`${h.name} ponyfill noble`, () =>
        ponyfillOps(nobleSubtle, h.name, 'ponyfill, noble curves', h.algorithm),
      );
      await add(`${h.name} sync noble`, async () => {
        const kem = construction.over(mlkem, 'noble');
        const pair = kem.keygen();
        const ek = kem.encapsulationKey(pair.publicKey);
        const dk = kem.decapsulationKey(pair.secretKey);
        const { ciphertext } = ek.encapsulate();
        const name = 'before: sync key objects, noble curves';
        return [
          { group: h.name, name, op: 'encapsulate', run: async () => ek.encapsulate() },
          { group: h.name, name, op: 'decapsulate', run: async () => dk.decapsulate(ciphertext) },
        ];
      });
      if (h.name === 'X-Wing') {
        await add(`${h.name} sync auto`, async () => {
          // 'auto' after loadWasm: X25519 on the WebAssembly module where there is no node:crypto.
          const kem = construction.over(mlkem, 'auto');
          const pair = kem.keygen();
          const ek = kem.encapsulationKey(pair.publicKey);
          const dk = kem.decapsulationKey(pair.secretKey);
          const { ciphertext } = ek.encapsulate();
          const name = `now: sync key objects, ${X25519.impl('auto').path} curves`;
          return [
            { group: h.name, name, op: 'encapsulate', run: async () => ek.encapsulate() },
            { group: h.name, name, op: 'decapsulate', run: async () => dk.decapsulate(ciphertext) },
          ];
        });
        await add('X25519 alone', () => x25519Ops());
      }
      await add(`${h.name} @noble/post-quantum`, async () => {
        const keys = h.noblePq.keygen();
        const { cipherText } = h.noblePq.encapsulate(keys.publicKey);
        return [
          {
            group: h.name,
            name: '@noble/post-quantum',
            op: 'encapsulate',
            run: async () => h.noblePq.encapsulate(keys.publicKey),
          },
          {
            group: h.name,
            name: '@noble/post-quantum',
            op: 'decapsulate',
            run: async () => h.noblePq.decapsulate(cipherText, keys.secretKey),
          },
        ];
      });
      await add(`${h.name} floor`, () => floorOps(h, mlkem));
      await add(`${h.name} browser's own`, () =>
        ponyfillOps(NATIVE, h.name, `browser's own ${h.algorithm}`, h.algorithm),
      );
      const group = `HPKE ${h.name}`;
      await add(`${group} ours`, () =>
        hpkeOps(
          group,
          'mlkem-ts/hpke, Web Crypto curves',
          hpkeKem(createHpkeKem(construction.create(mlkem))) as HPKE.KEMFactory<HPKE.Key>,
        ),
      );
      await add(`${group} ours noble`, () =>
        hpkeOps(
          group,
          'mlkem-ts/hpke, noble curves',
          hpkeKem(createHpkeKem(construction.over(mlkem, 'noble'))) as HPKE.KEMFactory<HPKE.Key>,
        ),
      );
      const panva = {
        'X-Wing': Noble.KEM_MLKEM768_X25519,
        'MLKEM768-P256': Noble.KEM_MLKEM768_P256,
        'MLKEM1024-P384': Noble.KEM_MLKEM1024_P384,
      }[h.name];
      await add(`${group} panva`, () => hpkeOps(group, '@panva/hpke-noble', panva as HPKE.KEMFactory<HPKE.Key>));
      const native = {
        'X-Wing': HPKE.KEM_MLKEM768_X25519,
        'MLKEM768-P256': HPKE.KEM_MLKEM768_P256,
        'MLKEM1024-P384': HPKE.KEM_MLKEM1024_P384,
      }[h.name];
      await add(`${group} hpke native`, () =>
        hpkeOps(group, "hpke's own (the browser's Web Crypto)", native as HPKE.KEMFactory<HPKE.Key>),
      );
    }
    await log(`${ops.length} operations; warming up`);
    const sizes = new Map<Timed, number>();
    // An operation that fails (WebKitGTK's X25519 generateKey does, now and then) is dropped and reported.
    const failed = new Set<Timed>();
    const drop = (op: Timed, err: unknown) => {
      failed.add(op);
      result.skipped.push(
        `${op.group} ${op.name} ${op.op}: failed while timed: ${err instanceof Error ? `${err.name} ${err.message}` : String(err)}`,
      );
    };
    for (const op of ops) {
      try {
        let n = 1;
        let us = await batch(op.run, n);
        while (us * n < 10_000) us = await batch(op.run, (n *= 2));
        sizes.set(op, Math.max(1, Math.round((__BATCH_MS__ * 1000) / us)));
      } catch (err) {
        drop(op, err);
      }
    }
    const times = new Map<Timed, number[]>(ops.map((op) => [op, []]));
    // The rows that a ratio compares (same group and column) run back to back, in a fresh random
    // order each round, so that a ratio's two batches are a few tens of ms apart, not seconds:
    // the load of a shared machine changes faster than a round lasts.
    const cells = [...new Set(ops.map((op) => `${op.group}\u0000${op.op}`))].map((k) =>
      ops.filter((op) => `${op.group}\u0000${op.op}` === k),
    );
    for (let r = 0; r < __ROUNDS__; r++) {
      for (const cell of shuffle(cells)) {
        for (const op of shuffle(cell)) {
          if (failed.has(op)) continue;
          try {
            times.get(op)!.push(await batch(op.run, sizes.get(op)!));
          } catch (err) {
            drop(op, err);
          }
        }
      }
      await log(`round ${r + 1}/${__ROUNDS__} done`);
    }
    result.ops = ops
      .filter((op) => !failed.has(op))
      .map((op) => ({ group: op.group, name: op.name, op: op.op, n: sizes.get(op)!, us: times.get(op)! }));
  } catch (err) {
    result.fatal = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  await fetch('/result', { method: 'POST', body: JSON.stringify(result) });
})();
