/**
 * `npm run bench:age`: what a user of age-encryption (typage) feels from the switch: encrypting a
 * short message to an mlkem768x25519 recipient (`age1pq1…`) and decrypting it with the identity,
 * through age-encryption's own code, on @noble/post-quantum (what it installs: 0.5.x) and on
 * mlkem-ts through docs/switching.md's alias (esbuild's alias option, as the page gives it), on both
 * backends (portable, and wasm after loadWasm(), as an app switches). Each side is one esbuild
 * bundle of age-encryption, so both run in one process; every round runs each side's batch of an
 * operation in a fresh order; CPU time per operation, medians over rounds, and the median of the
 * per-round ratios noble / ours. Files made by each side are decrypted by the other first.
 * age-encryption comes from bench/age/package.json (+ lock), installed into .tools/bench-age/.
 *
 * Usage: node --import tsx bench/age.ts [--rounds N] [--batch-ms MS] [--bytes N]
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { build } from 'esbuild';

import { median, shuffle } from './micro.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '.tools', 'bench-age');

interface Age {
  generateHybridIdentity(): Promise<string>;
  identityToRecipient(identity: string): Promise<string>;
  Encrypter: new () => { addRecipient(r: string): void; encrypt(file: Uint8Array | string): Promise<Uint8Array> };
  Decrypter: new () => {
    addIdentity(i: string): void;
    decrypt(file: Uint8Array, format: 'uint8array'): Promise<Uint8Array>;
  };
}
interface Bundle {
  age: Age;
  loadWasm?: () => Promise<unknown>;
  registerLoadedBackend?: (backend: unknown) => void;
}

/** age-encryption as the lock pins it, in .tools/bench-age/ (again when the lock changes). */
function install(): void {
  const lock = readFileSync(join(root, 'bench/age/package-lock.json'), 'utf8');
  const stamp = join(dir, 'node_modules', '.mlkem-bench-lock');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, 'bench/age', f), join(dir, f));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: dir, stdio: 'inherit' });
  writeFileSync(stamp, lock);
}

/** One bundle of age-encryption: noble's, or ours through the alias (with the wasm switch). */
async function bundle(side: 'noble' | 'ours'): Promise<Bundle> {
  const entry = join(dir, `entry-${side}.mjs`);
  const lines = ["export * as age from 'age-encryption';"];
  if (side === 'ours') {
    lines.push(
      `export { loadWasm } from '${join(root, 'src/wasm/index.ts')}';`,
      `export { registerLoadedBackend } from '${join(root, 'src/loaded-backend.ts')}';`,
    );
  }
  writeFileSync(entry, `${lines.join('\n')}\n`);
  const outfile = join(dir, `age-${side}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    logLevel: 'warning',
    absWorkingDir: dir,
    // docs/switching.md's esbuild alias, to this checkout's sources instead of the installed package.
    ...(side === 'ours'
      ? {
          alias: {
            '@noble/post-quantum/ml-kem.js': join(root, 'src/noble/ml-kem.ts'),
            '@noble/post-quantum/hybrid.js': join(root, 'src/noble/hybrid.ts'),
          },
        }
      : {}),
  });
  return (await import(pathToFileURL(outfile).href)) as Bundle;
}

interface Task {
  side: string;
  op: 'encrypt' | 'decrypt';
  run: () => Promise<unknown>;
  batch: number;
  us: number[];
}

/** CPU µs per call of a batch of n awaited calls. */
async function cpuBatch(run: () => Promise<unknown>, n: number): Promise<number> {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await run();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / n;
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export async function ageBench(opts: { rounds: number; batchMs: number; bytes: number }): Promise<string> {
  install();
  const noble = await bundle('noble');
  const ours = await bundle('ours');
  const wasm = await ours.loadWasm!();
  const backend = (side: string) => ours.registerLoadedBackend!(side === 'wasm' ? wasm : undefined);
  const message = Uint8Array.from({ length: opts.bytes }, (_, i) => (i * 31) & 0xff);

  const sides = [
    { side: 'noble', age: noble.age },
    { side: 'portable', age: ours.age },
    { side: 'wasm', age: ours.age },
  ];
  const made = [];
  for (const { side, age } of sides) {
    backend(side);
    const identity = await age.generateHybridIdentity();
    const recipient = await age.identityToRecipient(identity);
    const encrypt = () => {
      const e = new age.Encrypter();
      e.addRecipient(recipient);
      return e.encrypt(message);
    };
    const decrypt = (file: Uint8Array) => {
      const d = new age.Decrypter();
      d.addIdentity(identity);
      return d.decrypt(file, 'uint8array');
    };
    made.push({ side, age, identity, recipient, encrypt, decrypt, file: await encrypt() });
  }
  // Each side's file, decrypted by every side (noble's code and ours read each other's files).
  for (const a of made) {
    for (const b of made) {
      backend(b.side);
      const d = new b.age.Decrypter();
      d.addIdentity(a.identity);
      if (!equal(await d.decrypt(a.file, 'uint8array'), message))
        throw new Error(`${b.side} did not decrypt ${a.side}'s file`);
    }
  }

  const tasks: Task[] = [];
  for (const m of made) {
    const use = async <T>(f: () => Promise<T>) => (backend(m.side), f());
    tasks.push({ side: m.side, op: 'encrypt', run: () => use(m.encrypt), batch: 1, us: [] });
    tasks.push({ side: m.side, op: 'decrypt', run: () => use(() => m.decrypt(m.file)), batch: 1, us: [] });
  }
  for (const t of tasks) {
    let n = 1;
    let us = await cpuBatch(t.run, n);
    while (us * n < (opts.batchMs * 1000) / 4) us = await cpuBatch(t.run, (n *= 2));
    t.batch = Math.max(1, Math.round((opts.batchMs * 1000) / us));
  }
  for (let r = 0; r < opts.rounds; r++) {
    process.stderr.write(`age: round ${r + 1}/${opts.rounds}\n`);
    for (const op of ['encrypt', 'decrypt'] as const) {
      for (const t of shuffle(tasks.filter((x) => x.op === op))) t.us.push(await cpuBatch(t.run, t.batch));
    }
  }
  backend('portable');

  const lines = [
    `## age-encryption 0.3.1, an mlkem768x25519 recipient, a ${opts.bytes}-byte message`,
    '',
    `${opts.rounds} rounds, CPU time, µs per operation (median over rounds); noble/ours: median of per-round ratios.`,
    '',
    '| operation | noble µs | mlkem-ts portable µs | mlkem-ts wasm µs | noble/portable | noble/wasm |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const op of ['encrypt', 'decrypt', 'encrypt + decrypt'] as const) {
    const us = (side: string): number[] => {
      const of = (o: string) => tasks.find((t) => t.side === side && t.op === o)!.us;
      return op === 'encrypt + decrypt' ? of('encrypt').map((u, i) => u + of('decrypt')[i]!) : of(op);
    };
    const ratio = (side: string) => `${median(us('noble').map((u, i) => u / us(side)[i]!)).toFixed(2)}×`;
    const cell = (side: string) => median(us(side)).toFixed(0);
    lines.push(
      `| ${op} | ${cell('noble')} | ${cell('portable')} | ${cell('wasm')} | ${ratio('portable')} | ${ratio('wasm')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { rounds: { type: 'string' }, 'batch-ms': { type: 'string' }, bytes: { type: 'string' } },
  });
  process.stdout.write(
    await ageBench({
      rounds: Number(values.rounds ?? 21),
      batchMs: Number(values['batch-ms'] ?? 40),
      bytes: Number(values.bytes ?? 64),
    }),
  );
}
