// `npm run ct:wasm [-- --rounds N --x25519 N --fuzz N --seed S]`: constant time, machine-checked
// on the WebAssembly module(s) we ship (every committed src/wasm/*.wasm). An interpreter of
// the module with a shadow taint on every value (scripts/ct-wasm/) runs every export through
// the real JavaScript glue — ML-KEM at all three levels, the key objects, X25519 and its fixed
// base, a share of the fuzzer's targets — with secrets marked as FIPS 203 classifies them, and
// fails on any branch or select condition, memory address, division operand or float operation
// that depends on a secret, naming the function and the instruction's byte offset in the module.
// Every export call also runs on the engine, and the memories must agree byte for byte.
// It prints the instruction coverage per function and in total, and fails when an instruction is
// left unexecuted that UNREACHED does not explain.
//
// `npm run ct:wasm -- --self-test`: builds a copy of assembly/ with three planted leaks (a branch
// on the decrypted message, a load indexed by the X25519 scalar, a division by a byte of m)
// and checks that each is reported in its function (and in the fused export the optimizer inlines
// it into) and that nothing else is.
import { performance } from 'node:perf_hooks';

import { type Plant, buildPlanted, committedModules, namesFor } from './ct-wasm/build.js';
import { DECLASSIFICATIONS, type Finding, Session } from './ct-wasm/track.js';
import { runFuzzShare, runKernels, runMlKem, runX25519 } from './ct-wasm/workload.js';

interface Options {
  selfTest: boolean;
  rounds: number;
  x25519: number;
  fuzz: number;
  seed: number;
}

function options(argv: string[]): Options {
  const o: Options = { selfTest: false, rounds: 2, x25519: 6, fuzz: 120, seed: 20261203 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--self-test') o.selfTest = true;
    else if (flag === '--rounds' || flag === '--x25519' || flag === '--fuzz' || flag === '--seed') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`ct-wasm: ${flag} takes a whole number`);
      o[flag.slice(2) as 'rounds' | 'x25519' | 'fuzz' | 'seed'] = v;
    } else throw new Error(`ct-wasm: unknown option ${flag}`);
  }
  return o;
}

const hex = (n: number) => `0x${n.toString(16)}`;

function describe(f: Finding): string {
  return `${f.kind.padEnd(11)} ${f.func} at ${hex(f.offset)} of ${f.module} (${f.count}×; first in ${f.op})`;
}

/**
 * The instructions of the shipped module that no run reaches, per function, and why: each is an
 * arm for an input that no parameter set has. Any other instruction left unexecuted fails the
 * check, so that new code in the module runs under tracking before it ships.
 */
const UNREACHED: Record<string, { count: number; why: string }> = {
  'assembly/encode/decodeDecompress': { count: 1, why: 'the trap for a d that is no du or dv' },
  'assembly/encode/compressEncode': { count: 1, why: 'the trap for a d that is no du or dv' },
  'assembly/sample/sampleMatrixWithHash': { count: 4, why: 'a row of one entry (k = 1)' },
  'assembly/sample/sampleNoise': { count: 1, why: 'no job at all (no noise polynomial and no J)' },
};

/** The functions with more instructions left unexecuted than UNREACHED explains. */
function uncovered(session: Session): string[] {
  return session
    .coverage()
    .filter((r) => r.total - r.run > (UNREACHED[r.func]?.count ?? 0))
    .map(
      (r) =>
        `${r.func}: ${r.total - r.run} instructions never ran under tracking (${UNREACHED[r.func]?.count ?? 0} expected)`,
    );
}

function report(session: Session): Finding[] {
  const failures = [...session.findings.values()];
  const rows = session.coverage();
  const run = rows.reduce((n, r) => n + r.run, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  console.log(`\nInstruction coverage (distinct instructions executed under tracking / instructions):`);
  for (const r of [...rows].sort((a, b) => a.run / a.total - b.run / b.total))
    console.log(
      `  ${((100 * r.run) / r.total).toFixed(1).padStart(5)}%  ${String(r.run).padStart(5)}/${String(r.total).padEnd(5)} ${r.func}` +
        (r.run < r.total && UNREACHED[r.func] ? `  (unreachable: ${UNREACHED[r.func]!.why})` : ''),
    );
  console.log(`  total: ${run}/${total} = ${((100 * run) / total).toFixed(1)}%`);
  console.log(`\nDeclassified (SIDE_CHANNELS.md):`);
  for (const d of DECLASSIFICATIONS) console.log(`  ${d}`);
  console.log(`\nFailures: ${failures.length}`);
  for (const f of failures) console.log(`  ${describe(f)}`);
  return failures;
}

async function checkCommitted(o: Options): Promise<boolean> {
  const t0 = performance.now();
  const session = new Session();
  const modules = committedModules();
  for (const m of modules) session.track(m.file, m.bytes);
  // The build with names runs beside the check (another process).
  const names = Promise.all(modules.map(async (m) => [m.bytes, await namesFor(m.bytes)] as const));
  const mlkem = modules.find((m) => m.file.endsWith('/mlkem.wasm'));
  if (mlkem === undefined) throw new Error('ct-wasm: src/wasm/mlkem.wasm is missing');
  let ops = 0;
  const phases: string[] = [];
  const phase = async (name: string, fn: () => number | Promise<number>) => {
    const [t, steps] = [performance.now(), session.steps()];
    const n = await fn();
    ops += n;
    const s = ((performance.now() - t) / 1000).toFixed(1);
    phases.push(`${name}: ${n} operations, ${((session.steps() - steps) / 1e6).toFixed(0)}M instructions, ${s} s`);
  };
  await session.withFake(async () => {
    await phase('ML-KEM', () => runMlKem(session, mlkem.bytes, o.rounds, o.seed));
    await phase('kernel seam', () => runKernels(session, mlkem.bytes, o.seed));
    await phase('X25519', () => runX25519(session, mlkem.bytes, o.x25519, o.seed));
    await phase('fuzz share (corpus included)', () => runFuzzShare(session, o.fuzz, o.seed));
  });
  const t1 = performance.now();
  for (const [bytes, n] of await names) session.name(bytes, n);
  const t2 = performance.now();
  console.log(
    `ct-wasm: ${modules.map((m) => m.file).join(', ')}: ${ops} operations, ${session.exportCalls} export calls, ` +
      `${session.steps()} instructions executed, each call equal to the engine's; ` +
      `run ${((t1 - t0) / 1000).toFixed(1)} s, then ${((t2 - t1) / 1000).toFixed(1)} s more for the build with names`,
  );
  for (const p of phases) console.log(`  ${p}`);
  const missed = uncovered(session);
  for (const m of missed) console.log(`Coverage failure: ${m}`);
  return report(session).length === 0 && missed.length === 0;
}

/** A static 16-byte sink the plants write, so that the optimizer keeps them (inserted after line 1). */
const SINK = { anchor: '\n', insert: 'const CT_SINK: usize = memory.data(16);\n', func: '', kind: 'branch' as const };
const sink = (v: string) => `store<i32>(CT_SINK, load<i32>(CT_SINK) + ${v});`;

/**
 * The planted leaks: a function (as the debug build names it) and the finding each must give,
 * there and in each function of `inlinedIn` (the optimizer copies the function into those).
 */
const PLANTS: ReadonlyArray<Plant & { func: string; kind: Finding['kind']; inlinedIn?: string[] }> = [
  { file: 'encode.ts', ...SINK },
  { file: 'x25519.ts', ...SINK },
  {
    // a branch on the decrypted message m' (K-PKE.Decrypt's output)
    file: 'encode.ts',
    anchor: 'store<u32>(out, lo | (hi << 16));',
    insert: `\n    if ((lo & 1) != 0) ${sink('7')}`,
    func: 'assembly/encode/polyToMessage',
    kind: 'branch',
  },
  {
    // a load whose address depends on the X25519 scalar
    file: 'x25519.ts',
    anchor: 'feDecode(X1, u);',
    insert: `\n  ${sink('<i32>load<u8>(K + (<usize>load<u8>(K + 1) & 15))')}`,
    func: 'assembly/x25519/x25519',
    kind: 'address',
  },
  {
    // a division by a value derived from the message m (encapsulation's secret)
    file: 'encode.ts',
    anchor: 'export function messageToPoly(f: usize, m: usize): void {',
    insert: `\n  ${sink('1000 / (<i32>load<u8>(m) | 1)')}`,
    func: 'assembly/encode/messageToPoly',
    kind: 'division',
    inlinedIn: ['assembly/kpke/kpkeEncrypt'],
  },
];

async function selfTest(o: Options): Promise<boolean> {
  const t0 = performance.now();
  const planted = buildPlanted(PLANTS);
  const tBuild = performance.now();
  const session = new Session();
  session.track('planted mlkem.wasm', planted);
  await session.withFake(() => {
    runMlKem(session, planted, 1, o.seed);
    runKernels(session, planted, o.seed);
    runX25519(session, planted, 1, o.seed);
  });
  console.log(
    `ct-wasm self-test: build ${((tBuild - t0) / 1000).toFixed(1)} s, run ${((performance.now() - tBuild) / 1000).toFixed(1)} s`,
  );
  const failures = report(session);
  let ok = true;
  const where = (p: (typeof PLANTS)[number]) => [p.func, ...(p.inlinedIn ?? [])];
  for (const p of PLANTS.filter((x) => x.func !== '')) {
    for (const func of where(p)) {
      const caught = failures.some((f) => f.func === func && f.kind === p.kind);
      console.log(
        `  planted ${p.kind} in ${p.func}${func === p.func ? '' : `, inlined in ${func}`}: ${caught ? 'caught' : 'MISSED'}`,
      );
      ok &&= caught;
    }
  }
  const others = failures.filter((f) => !PLANTS.some((p) => where(p).includes(f.func) && p.kind === f.kind));
  for (const f of others) console.log(`  unexpected: ${describe(f)}`);
  return ok && others.length === 0;
}

const o = options(process.argv.slice(2));
const ok = o.selfTest ? await selfTest(o) : await checkCommitted(o);
console.log(ok ? '\nct-wasm: pass' : '\nct-wasm: FAIL');
process.exit(ok ? 0 : 1);
