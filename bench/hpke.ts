/**
 * HPKE rows of `npm run bench` (also alone: `npm run bench:hpke -- [--quick] [--rounds N] [--write]`):
 * single-shot Seal and Open of 1 KiB with ML-KEM-768 and with X-Wing (MLKEM768-X25519), our KEMs
 * (wasm and portable backends) against the other HPKE KEM packages, each inside the HPKE library
 * it is made for, with the same KDF (HKDF-SHA256) and AEAD (AES-128-GCM) as ours there:
 * - in `hpke`: `@panva/hpke-noble` (noble's ML-KEM and X25519); under Node 26 also `hpke`'s own
 *   native Web Crypto KEMs (`native`);
 * - in `@hpke/core`: `@hpke/ml-kem` and `@hpke/hybridkem-x-wing` (both over the `mlkem` package).
 *
 * Timing as in bench/bench.ts: CPU time of the process (user + system, which includes Web Crypto's
 * worker threads) around a batch of sequential awaited calls; warm-up, then rounds in which every
 * implementation runs one batch per (library, KEM, op) in a fresh random order; medians over
 * rounds, and the median over rounds of the per-round ratio peer / ours. Keys are deserialized
 * once, outside the timed region, as an application would keep them; every Seal draws fresh
 * randomness. Before timing, each implementation's Seal must be opened by ours and vice versa.
 * --write (under Node 26) puts docs/hpke.md's table between its markers (bench/doc-tables.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

import * as Core from '@hpke/core';
import { XWing as CoreXWing } from '@hpke/hybridkem-x-wing';
import { MlKem768 as CoreMlKem768 } from '@hpke/ml-kem';
import * as Noble from '@panva/hpke-noble';
import * as HPKE from 'hpke';

import { hpkeCoreKem } from '../src/hpke/hpke-core.js';
import { createHpkeKem, hpkeKem, ML_KEM_768, MLKEM768_X25519, type HpkeKem } from '../src/hpke/index.js';
import { createXWing } from '../src/hybrid/index.js';
import { loadWasm } from '../src/wasm/index.js';
import { hpkeTable, writeBetween } from './doc-tables.js';
import { median, shuffle } from './micro.js';

type KemName = 'ML-KEM-768' | 'X-Wing';

/** Single-shot Seal and Open of one implementation, with its keys and one sealed message prepared. */
interface Runner {
  seal(): Promise<unknown>;
  open(): Promise<unknown>;
  /** Public key bytes, and a Seal to given public key bytes / an Open of ours: the interop check. */
  publicKey: Uint8Array;
  sealTo(pk: Uint8Array): Promise<{ enc: Uint8Array; ct: Uint8Array }>;
  openMine(enc: Uint8Array, ct: Uint8Array): Promise<Uint8Array>;
}

interface Impl {
  library: 'hpke' | '@hpke/core';
  kem: KemName;
  name: string;
  make(): Promise<Runner>;
}

const MESSAGE = new Uint8Array(1024).fill(0x61);

async function hpkeRunner(kem: HPKE.KEMFactory<HPKE.Key>): Promise<Runner> {
  const suite = new HPKE.CipherSuite(kem, HPKE.KDF_HKDF_SHA256, HPKE.AEAD_AES_128_GCM);
  const { privateKey, publicKey } = await suite.GenerateKeyPair(true);
  const { encapsulatedSecret, ciphertext } = await suite.Seal(publicKey, MESSAGE);
  return {
    seal: () => suite.Seal(publicKey, MESSAGE),
    open: () => suite.Open(privateKey, encapsulatedSecret, ciphertext),
    publicKey: await suite.SerializePublicKey(publicKey),
    async sealTo(pk) {
      const r = await suite.Seal(await suite.DeserializePublicKey(pk), MESSAGE);
      return { enc: r.encapsulatedSecret, ct: r.ciphertext };
    },
    openMine: (enc, ct) => suite.Open(privateKey, enc, ct),
  };
}

async function coreRunner(kem: Core.KemInterface): Promise<Runner> {
  const suite = new Core.CipherSuite({ kem, kdf: new Core.HkdfSha256(), aead: new Core.Aes128Gcm() });
  const recipientKey = await suite.kem.generateKeyPair();
  const recipientPublicKey = recipientKey.publicKey;
  const { enc, ct } = await suite.seal({ recipientPublicKey }, MESSAGE);
  return {
    seal: () => suite.seal({ recipientPublicKey }, MESSAGE),
    open: () => suite.open({ recipientKey, enc }, ct),
    publicKey: new Uint8Array(await suite.kem.serializePublicKey(recipientPublicKey)),
    async sealTo(pk) {
      const r = await suite.seal({ recipientPublicKey: await suite.kem.deserializePublicKey(pk) }, MESSAGE);
      return { enc: new Uint8Array(r.enc), ct: new Uint8Array(r.ct) };
    },
    openMine: async (e, c) => new Uint8Array(await suite.open({ recipientKey, enc: e }, c)),
  };
}

/**
 * A KEM that does nothing (a constant secret, a 32-byte `enc`): what remains of a Seal or Open is
 * the library's own cost (key schedule, AEAD, their Web Crypto calls), the floor under every KEM.
 */
const NO_KEM = 'no KEM (library floor)';
const key = (type: string) => ({ algorithm: { name: 'none' }, extractable: true, type, usages: [] });
const zeros = () => new Uint8Array(32);
const noKemHpke: HPKE.KEMFactory<HPKE.Key> = () => ({
  id: 0x41,
  type: 'KEM',
  name: 'none',
  Nsecret: 32,
  Nenc: 32,
  Npk: 32,
  Nsk: 32,
  DeriveKeyPair: async () => ({ publicKey: key('public'), privateKey: key('private') }),
  GenerateKeyPair: async () => ({ publicKey: key('public'), privateKey: key('private') }),
  SerializePublicKey: async () => zeros(),
  DeserializePublicKey: async () => key('public'),
  SerializePrivateKey: async () => zeros(),
  DeserializePrivateKey: async () => key('private'),
  Encap: async () => ({ shared_secret: zeros(), enc: zeros() }),
  Decap: async () => zeros(),
});
const noKemCore = {
  id: 0x41,
  secretSize: 32,
  encSize: 32,
  publicKeySize: 32,
  privateKeySize: 32,
  serializePublicKey: async () => zeros().buffer,
  deserializePublicKey: async () => key('public'),
  serializePrivateKey: async () => zeros().buffer,
  deserializePrivateKey: async () => key('private'),
  importKey: async () => key('public'),
  generateKeyPair: async () => ({ publicKey: key('public'), privateKey: key('private') }),
  deriveKeyPair: async () => ({ publicKey: key('public'), privateKey: key('private') }),
  encap: async () => ({ sharedSecret: zeros().buffer, enc: zeros().buffer }),
  decap: async () => zeros().buffer,
} as unknown as Core.KemInterface;

async function implementations(): Promise<Impl[]> {
  const wasm = await loadWasm();
  const ours: Record<string, Record<KemName, HpkeKem>> = {
    wasm: { 'ML-KEM-768': createHpkeKem(wasm.MlKem768), 'X-Wing': createHpkeKem(createXWing(wasm.MlKem768)) },
    portable: { 'ML-KEM-768': ML_KEM_768, 'X-Wing': MLKEM768_X25519 },
  };
  const impls: Impl[] = [];
  impls.push({ library: 'hpke', kem: 'ML-KEM-768', name: NO_KEM, make: () => hpkeRunner(noKemHpke) });
  impls.push({ library: '@hpke/core', kem: 'ML-KEM-768', name: NO_KEM, make: () => coreRunner(noKemCore) });
  for (const kem of ['ML-KEM-768', 'X-Wing'] as const) {
    for (const [name, kems] of Object.entries(ours)) {
      impls.push({
        library: 'hpke',
        kem,
        name,
        make: () => hpkeRunner(hpkeKem(kems[kem]) as HPKE.KEMFactory<HPKE.Key>),
      });
      impls.push({ library: '@hpke/core', kem, name, make: () => coreRunner(hpkeCoreKem(kems[kem])) });
    }
    const noble = kem === 'ML-KEM-768' ? Noble.KEM_ML_KEM_768 : Noble.KEM_MLKEM768_X25519;
    impls.push({ library: 'hpke', kem, name: '@panva/hpke-noble', make: () => hpkeRunner(noble) });
    impls.push({
      library: '@hpke/core',
      kem,
      name: kem === 'ML-KEM-768' ? '@hpke/ml-kem' : '@hpke/hybridkem-x-wing',
      make: () => coreRunner(kem === 'ML-KEM-768' ? new CoreMlKem768() : new CoreXWing()),
    });
    const supports = (SubtleCrypto as unknown as { supports?: (op: string, alg: string) => boolean }).supports;
    const alg = kem === 'ML-KEM-768' ? 'ML-KEM-768' : 'MLKEM768-X25519';
    if (supports?.('encapsulateBits', alg) ?? false) {
      const native = kem === 'ML-KEM-768' ? HPKE.KEM_ML_KEM_768 : HPKE.KEM_MLKEM768_X25519;
      impls.push({ library: 'hpke', kem, name: 'native', make: () => hpkeRunner(native) });
    }
  }
  return impls;
}

/** CPU µs (user + system, all threads) per call of n sequential awaited calls of f. */
async function timeBatch(f: () => Promise<unknown>, n: number): Promise<number> {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await f();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / n;
}

const fmt = (us: number) => (us >= 100 ? us.toFixed(0) : us.toFixed(1));

/** Runs the HPKE benchmark and returns its report (markdown). */
export async function hpkeBench(
  options: { rounds?: number | undefined; quick?: boolean; write?: boolean } = {},
): Promise<string> {
  const quick = options.quick === true;
  const rounds = options.rounds ?? (quick ? 3 : 15);
  const batchMs = quick ? 5 : 30;
  const impls = await implementations();
  const runners = await Promise.all(impls.map((i) => i.make()));

  // Interop before timing: each seals to ours and opens ours' Seal (ours: the wasm runner of its library).
  for (const [k, impl] of impls.entries()) {
    if (impl.name === NO_KEM) continue;
    const base =
      runners[impls.findIndex((i) => i.library === impl.library && i.kem === impl.kem && i.name === 'wasm')]!;
    const there = await runners[k]!.sealTo(base.publicKey);
    const back = await base.sealTo(runners[k]!.publicKey);
    const ok = [await base.openMine(there.enc, there.ct), await runners[k]!.openMine(back.enc, back.ct)].every(
      (pt) => pt.length === MESSAGE.length && pt.every((b) => b === 0x61),
    );
    if (!ok) throw new Error(`HPKE bench: ${impl.name} (${impl.library}, ${impl.kem}) does not interoperate with ours`);
  }

  // Warm-up and batch sizing: about batchMs of CPU time per batch.
  const tasks = impls.flatMap((impl, k) =>
    (['seal', 'open'] as const).map((op) => ({ impl, op, run: runners[k]![op], batch: 1, samples: [] as number[] })),
  );
  for (const t of tasks) {
    const warm = quick ? 5 : 20;
    const us = await timeBatch(t.run, warm);
    t.batch = Math.max(1, Math.round((batchMs * 1000) / Math.max(us, 1)));
  }
  for (let r = 0; r < rounds; r++) {
    for (const t of shuffle(tasks)) t.samples.push(await timeBatch(t.run, t.batch));
  }

  if (options.write === true) writeDocTable(tasks);
  const lines = [
    '## HPKE benchmark: single-shot Seal / Open of 1 KiB (HKDF-SHA256, AES-128-GCM)',
    '',
    `node ${process.version}; ${rounds} rounds, batches ≈${batchMs} ms of CPU time${quick ? ' (--quick: smoke test)' : ''}`,
    '',
    '| library | KEM | op | implementation | µs/op | above the floor | peer / wasm | peer / portable |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const t of tasks) {
    const same = (name: string) =>
      tasks.find(
        (u) => u.impl.library === t.impl.library && u.impl.kem === t.impl.kem && u.op === t.op && u.impl.name === name,
      )!;
    const isOurs = t.impl.name === 'wasm' || t.impl.name === 'portable';
    const ratio = (name: string) =>
      isOurs ? '' : `${median(t.samples.map((s, r) => s / same(name).samples[r]!)).toFixed(2)}×`;
    const floor = tasks.find((u) => u.impl.library === t.impl.library && u.op === t.op && u.impl.name === NO_KEM)!;
    const above = t === floor ? '' : fmt(median(t.samples) - median(floor.samples));
    lines.push(
      `| ${t.impl.library} | ${t.impl.kem} | ${t.op} | ${t.impl.name} | ${fmt(median(t.samples))} | ${above} | ${ratio('wasm')} | ${ratio('portable')} |`,
    );
  }
  lines.push(
    '',
    '- µs/op: median over rounds of CPU time per call. peer / ours: median over rounds of the ratio in the same round; above 1× means ours is faster.',
    "- Each implementation runs in the library it is made for; ours in both. `native`: hpke's own Web Crypto KEM (Node 26).",
    `- ${NO_KEM}: a KEM that does nothing, so its row is the library's own cost (key schedule, AEAD); no KEM can make a Seal or Open cheaper. "above the floor": µs/op minus that floor, roughly what the KEM costs.`,
    '',
  );
  return lines.join('\n');
}

/** docs/hpke.md's table from this run's samples (bench/doc-tables.ts); the page records a Node 26 run. */
function writeDocTable(tasks: ReadonlyArray<{ impl: Impl; op: string; samples: number[] }>): void {
  if (!tasks.some((t) => t.impl.name === 'native'))
    throw new Error(
      "--write: docs/hpke.md records hpke's native KEMs beside ours (run under $(scripts/install-node.sh))",
    );
  const find = (library: string, kem: string, name: string, op: string) =>
    tasks.find((t) => t.impl.library === library && t.impl.kem === kem && t.op === op && t.impl.name === name);
  const us = (library: string, kem: string, name: string, op: string) => {
    const t = find(library, kem, name === 'floor' ? NO_KEM : name, op);
    return t === undefined ? undefined : median(t.samples);
  };
  const ratio = (library: string, kem: string, name: string, op: string) => {
    const [t, ours] = [find(library, kem, name, op), find(library, kem, 'wasm', op)];
    return t === undefined || ours === undefined ? undefined : median(t.samples.map((s, r) => s / ours.samples[r]!));
  };
  const command = [
    '$(scripts/install-node.sh) --import tsx',
    `bench/${basename(process.argv[1]!)}`,
    ...process.argv.slice(2),
  ];
  const intro = `\`${command.join(' ')}\`, node ${process.version}, ${new Date().toISOString().slice(0, 10)}:\n\n`;
  const path = new URL('../docs/hpke.md', import.meta.url);
  writeFileSync(path, writeBetween(readFileSync(path, 'utf8'), 'hpke', intro + hpkeTable(us, ratio)));
  process.stderr.write('wrote docs/hpke.md\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { quick: { type: 'boolean', default: false }, rounds: { type: 'string' }, write: { type: 'boolean' } },
  });
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  hpkeBench({ quick: values.quick, rounds, write: values.write === true }).then(
    (report) => process.stdout.write(report),
    (err: unknown) => {
      process.stderr.write(`HPKE bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
