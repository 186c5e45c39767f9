// `mlkem-ts bench`: N key generations, encapsulations and decapsulations per parameter set and
// backend, timed in turn, with the total time and µs per operation — a quick look at the speed on
// this machine. The careful comparison with other libraries (interleaved rounds, medians, CPU
// time) is `npm run bench` in the repository.
import { ctEqual } from '../../ct.js';
import type { Encapsulation, KeyPair, MlKem } from '../../kem.js';
import { MlKem1024, MlKem512, MlKem768 } from '../../index.js';
import type { MlKemAlgorithm } from '../../keys/index.js';
import { CliError, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { type Command, parse, parseAlgorithm } from '../options.js';

type Backend = 'portable' | 'wasm';
type Op = 'keygen' | 'encaps' | 'decaps';
const OPS: readonly Op[] = ['keygen', 'encaps', 'decaps'];

interface Row {
  algorithm: MlKemAlgorithm;
  backend: Backend;
  n: number;
  /** Milliseconds for all n operations of each kind. */
  ms: Record<Op, number>;
  /** Microseconds per operation. */
  usPerOp: Record<Op, number>;
  totalSeconds: number;
}

/** Progress on a terminal (standard error only, rewritten in place); nothing otherwise. */
function progress(io: CliIo): (text?: string) => void {
  if (!io.stderrIsTTY) return () => {};
  return (text) => io.writeStderr(text === undefined ? '\r\x1b[K' : `\r\x1b[K${text}`);
}

/** Runs `step(i)` for i < n in 20 slices, timing only the steps, showing progress between slices. */
function timed(n: number, step: (i: number) => void, show: (done: number) => void): number {
  const end = (slice: number) => Math.floor((n * slice) / 20);
  let ms = 0;
  for (let slice = 0; slice < 20; slice++) {
    const from = end(slice);
    const to = end(slice + 1);
    const t0 = performance.now();
    for (let i = from; i < to; i++) step(i);
    ms += performance.now() - t0;
    show(to);
  }
  return ms;
}

function measure(kem: MlKem, backend: Backend, n: number, show: (text: string) => void): Row {
  // Warm up for 0.2 s (JIT tiers, WebAssembly tier-up) so that the first rows are not penalised.
  for (const start = performance.now(); performance.now() - start < 200; ) {
    const { publicKey, secretKey } = kem.keygen();
    kem.decapsulate(kem.encapsulate(publicKey).ciphertext, secretKey);
  }
  const pairs: KeyPair[] = new Array(n);
  const encs: Encapsulation[] = new Array(n);
  const secrets: Uint8Array[] = new Array(n);
  const label = (op: Op) => (done: number) => show(`${kem.name} ${backend}: ${op} ${done}/${n}`);
  const ms: Record<Op, number> = {
    keygen: timed(n, (i) => void (pairs[i] = kem.keygen()), label('keygen')),
    encaps: timed(n, (i) => void (encs[i] = kem.encapsulate(pairs[i]!.publicKey)), label('encaps')),
    decaps: timed(n, (i) => void (secrets[i] = kem.decapsulate(encs[i]!.ciphertext, pairs[i]!.secretKey)), label('decaps')),
  };
  for (let i = 0; i < n; i++) {
    if (!ctEqual(secrets[i]!, encs[i]!.sharedSecret)) throw new CliError(`${kem.name} ${backend}: decapsulation ${i} gave a different shared secret`);
  }
  const usPerOp = Object.fromEntries(OPS.map((op) => [op, (ms[op] * 1000) / n])) as Record<Op, number>;
  return { algorithm: kem.name, backend, n, ms, usPerOp, totalSeconds: (ms.keygen + ms.encaps + ms.decaps) * 1e-3 };
}

const fixed = (x: number, width: number, digits: number) => x.toFixed(digits).padStart(width);

function table(rows: Row[]): string {
  const n = rows[0]!.n;
  const lines = [
    `${n} × (keygen + encapsulate + decapsulate) per row; µs per operation (lower is better)`,
    'parameter set  backend    keygen    encaps    decaps   total s',
  ];
  for (const r of rows) {
    lines.push(
      `${r.algorithm.padEnd(13)}  ${r.backend.padEnd(8)} ${OPS.map((op) => fixed(r.usPerOp[op], 9, 1)).join(' ')} ${fixed(r.totalSeconds, 9, 3)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const bench: Command = {
  name: 'bench',
  summary: 'time keygen, encapsulate and decapsulate on this machine',
  help: `Usage: mlkem-ts bench [-a ML-KEM-768] [--backend all] [-n 1000] [--json]

Runs N key generations, then N encapsulations, then N decapsulations, for each parameter set and
backend, and prints the total time and the microseconds per operation (wall clock, after a short
warm-up). Progress is shown on standard error when it is a terminal. For a comparison with other
libraries, run 'npm run bench' in the mlkem-ts repository.

Options:
  -a, --algorithm NAME  only this parameter set (repeatable; default: all three)
      --backend NAME    portable, wasm or all (default)
  -n, --iterations N    operations of each kind per row (default 1000)
      --json            print the results as JSON
  -h, --help            show this help
`,
  async run(args, io) {
    const { values } = parse(args, {
      algorithm: { type: 'string', short: 'a', multiple: true },
      backend: { type: 'string' },
      iterations: { type: 'string', short: 'n' },
      json: { type: 'boolean' },
    });
    const algorithms = values.algorithm === undefined ? undefined : new Set(values.algorithm.map((a) => parseAlgorithm(a)));
    const backend = values.backend ?? 'all';
    const iterations = values.iterations ?? '1000';
    if (backend !== 'portable' && backend !== 'wasm' && backend !== 'all') throw new UsageError(`--backend must be portable, wasm or all, got '${backend}'`);
    const n = Number(iterations);
    if (!/^\d+$/.test(iterations) || !Number.isSafeInteger(n) || n < 1 || n > 10_000_000) {
      throw new UsageError(`-n/--iterations must be a whole number from 1 to 10000000, got '${iterations}'`);
    }

    const backends: Array<[Backend, readonly MlKem[]]> = [];
    if (backend !== 'portable') {
      const { loadWasmSync } = await import('../../wasm/index.js');
      const wasm = loadWasmSync();
      backends.push(['wasm', [wasm.MlKem512, wasm.MlKem768, wasm.MlKem1024]]);
    }
    if (backend !== 'wasm') backends.push(['portable', [MlKem512, MlKem768, MlKem1024]]);

    const show = progress(io);
    const rows: Row[] = [];
    try {
      for (const kem of [MlKem512, MlKem768, MlKem1024]) {
        if (algorithms !== undefined && !algorithms.has(kem.name)) continue;
        for (const [name, kems] of backends) rows.push(measure(kems.find((k) => k.name === kem.name)!, name, n, show));
      }
    } finally {
      show();
    }
    const { bun, deno } = process.versions as { bun?: string; deno?: string };
    const runtime = `${bun !== undefined ? `Bun ${bun}` : deno !== undefined ? `Deno ${deno}` : `Node.js ${process.version}`}, ${process.platform} ${process.arch}`;
    if (values.json === true) io.writeStdout(`${JSON.stringify({ runtime, rows }, null, 2)}\n`);
    else io.writeStdout(`mlkem-ts bench on ${runtime}\n${table(rows)}`);
  },
};
