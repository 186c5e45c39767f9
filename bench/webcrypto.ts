/**
 * The Web Crypto rows of `npm run bench`: mlkem-ts/webcrypto's encapsulateBits and
 * decapsulateBits (the ponyfill on the WebAssembly backend, keys imported once) against the
 * runtime's own crypto.subtle (Node 26: OpenSSL 3.5) in the same process, interleaved in a fresh
 * random order each round, medians over rounds, and the median of the per-round ratios
 * native / ours ("2.0×": ours takes half the time). Every call is awaited one after the other,
 * as a caller would; both CPU time (all threads: Node runs its crypto jobs on the libuv pool) and
 * wall time are measured, and the ratio is given for each.
 *
 * Alone: node --import tsx bench/webcrypto.ts [--quick]   (under Node 26 for the native column)
 */
import { wasmBackend } from '../src/webcrypto/backend.js';
import { nativeCrypto } from '../src/webcrypto/install.js';
import { createSubtle } from '../src/webcrypto/subtle.js';
import type { AnyCryptoKey, WebCryptoSubtle } from '../src/webcrypto/types.js';
import { callsIn, median, shuffle } from './micro.js';

const ALGORITHMS = [
  'ML-KEM-512',
  'ML-KEM-768',
  'ML-KEM-1024',
  'MLKEM768-X25519',
  'MLKEM768-P256',
  'MLKEM1024-P384',
] as const;
const OPS = ['encapsulateBits', 'decapsulateBits'] as const;
type Op = (typeof OPS)[number];

interface Task {
  impl: 'ours' | 'native';
  alg: string;
  op: Op;
  n: number;
  run(): Promise<unknown>;
  cpu: number[];
  wall: number[];
}

const nativeSubtle = globalThis.crypto.subtle as unknown as WebCryptoSubtle;
const hasNative = (alg: string): boolean =>
  (globalThis as { SubtleCrypto?: { supports?: (op: string, alg: string) => boolean } }).SubtleCrypto?.supports?.(
    'encapsulateBits',
    alg,
  ) === true;

/** One implementation's keys for one algorithm, imported from the same seed on both sides. */
async function prepare(subtle: WebCryptoSubtle, alg: string, seed: Uint8Array) {
  const priv = await subtle.importKey('raw-seed', seed, alg, false, ['decapsulateBits']);
  const pub = await subtle.getPublicKey(priv, ['encapsulateBits']);
  const { ciphertext } = await subtle.encapsulateBits(alg, pub);
  return {
    encapsulateBits: () => subtle.encapsulateBits(alg, pub as AnyCryptoKey),
    decapsulateBits: () => subtle.decapsulateBits(alg, priv, ciphertext),
  };
}

async function batch(task: Task): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < task.n; i++) await task.run();
  const wall = Number(process.hrtime.bigint() - t0) / 1e3;
  const c = process.cpuUsage(c0);
  task.cpu.push((c.user + c.system) / task.n);
  task.wall.push(wall / task.n);
}

const fmt = (us: number): string => (us >= 100 ? us.toFixed(0) : us.toFixed(1));

/** Runs the rows and returns the table (Markdown). */
export async function webcryptoBench(rounds: number, batchMs = 20): Promise<string> {
  const backend = await wasmBackend();
  const ours = createSubtle({ native: nativeCrypto, handles: () => true, backend: async () => backend });
  const tasks: Task[] = [];
  for (const alg of ALGORITHMS) {
    const seed = crypto.getRandomValues(new Uint8Array(alg.startsWith('ML-KEM') ? 64 : 32));
    const sides: Array<['ours' | 'native', WebCryptoSubtle]> = [['ours', ours]];
    if (hasNative(alg)) sides.push(['native', nativeSubtle]);
    for (const [impl, subtle] of sides) {
      const ops = await prepare(subtle, alg, seed);
      for (const op of OPS) tasks.push({ impl, alg, op, n: 1, run: ops[op], cpu: [], wall: [] });
    }
  }
  for (const t of tasks) t.n = await callsIn(batchMs, t.run); // warm-up, and batch sizes of about batchMs
  for (let r = 0; r < rounds; r++) for (const t of shuffle(tasks)) await batch(t);

  const lines = [
    `Web Crypto: mlkem-ts/webcrypto (ponyfill, ${backend.name} backend, key objects) vs the runtime's crypto.subtle (${process.version}), µs/op, median of ${rounds} rounds`,
    '',
    '| algorithm | operation | ours CPU | native CPU | native/ours CPU | ours wall | native wall | native/ours wall |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const alg of ALGORITHMS) {
    for (const op of OPS) {
      const o = tasks.find((t) => t.impl === 'ours' && t.alg === alg && t.op === op)!;
      const n = tasks.find((t) => t.impl === 'native' && t.alg === alg && t.op === op);
      const ratio = (k: 'cpu' | 'wall') =>
        n === undefined ? '–' : `${median(n[k].map((x, i) => x / o[k][i]!)).toFixed(2)}×`;
      const col = (t: Task | undefined, k: 'cpu' | 'wall') => (t === undefined ? 'n/a' : fmt(median(t[k])));
      lines.push(
        `| ${alg} | ${op} | ${col(o, 'cpu')} | ${col(n, 'cpu')} | ${ratio('cpu')} | ${col(o, 'wall')} | ${col(n, 'wall')} | ${ratio('wall')} |`,
      );
    }
  }
  lines.push(
    '',
    'native/ours above 1× means ours is faster. Keys are imported once (raw-seed) and reused; every call is awaited in turn.',
  );
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  process.stdout.write(await webcryptoBench(quick ? 3 : 11));
}
