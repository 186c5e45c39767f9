// The checker's stand-in for the WebAssembly API: the real JavaScript glue (src/wasm/instance.ts)
// reads globalThis.WebAssembly when it compiles and instantiates, so while the checker runs,
// that global is an object whose Module decodes the bytes (decode.ts) and whose Instance is the
// tracking interpreter (interpret.ts), with nothing changed in src/. Every export call also runs
// on a real instance of the same bytes, in lockstep: after each call the two memories and
// results must be equal byte for byte, so the interpreter's semantics are checked on every call
// it makes.
//
// Where secrets enter: the glue writes inputs into the module's memory between export calls.
// Before each call, every byte the glue changed since the previous call is marked secret, unless
// it lies inside a copy of a public value of the running operation (ek, the ciphertext, H(ek),
// X25519's u), and every copy of a secret value of the operation (d, z, m, ŝ's encoding, the
// X25519 scalar) is marked secret whether changed or not. Bytes the module writes carry the
// taint of what it computed them from. DECLASSIFY lists the only places where a secret-derived
// value is made public.
import { type Module, decode } from './decode.js';
import { type EventKind, type Machine, createMachine, unimplemented } from './interpret.js';

const RealWebAssembly = WebAssembly;

/**
 * Declassification, by export and argument: the bytes at the argument's pointer are public on
 * entry. Each entry cites where FIPS 203 makes the value public (SIDE_CHANNELS.md lists them).
 */
const DECLASSIFY: ReadonlyArray<{ exp: string; arg: number; bytes: number; why: string }> = [
  {
    exp: 'sampleMatrix',
    arg: 1,
    bytes: 32,
    why: 'ρ: the first half of G(d ‖ k) is public (FIPS 203, Algorithm 13 line 1; it is the last 32 bytes of ek, line 19)',
  },
  {
    exp: 'sampleMatrixWithHash',
    arg: 1,
    bytes: 32,
    why: 'ρ: read from ek, public (FIPS 203, Algorithm 14 line 3)',
  },
];
export const DECLASSIFICATIONS = [
  ...DECLASSIFY.map((d) => `${d.exp}, argument ${d.arg} (${d.bytes} bytes): ${d.why}`),
  "an operation's first export call: every copy in memory of its public inputs (ek, H(ek), c, u); " +
    'nothing of the operation is computed yet (t̂ encoded into ek by an earlier keygen: FIPS 203, Algorithm 13 line 19)',
];

const show = (error: unknown, value: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `result ${JSON.stringify(value)}`;

export interface Finding {
  module: string;
  kind: EventKind;
  func: string;
  /** The function's index in the module. */
  index: number;
  /** Byte offset of the instruction in the module file. */
  offset: number;
  count: number;
  /** The operation running when it was first seen. */
  op: string;
}

interface Tracked {
  file: string;
  mod: Module;
  names: Map<number, string>;
  machines: Machine[];
}

/** The state of one checker run: modules, findings, the operation's secrets and public values. */
export class Session {
  readonly modules = new Map<Uint8Array, Tracked>();
  readonly findings = new Map<string, Finding>();
  op = 'instantiation';
  secrets: Uint8Array[] = [];
  publics: Uint8Array[] = [];
  exportCalls = 0;
  /** True until the operation's first export call. */
  private fresh = true;

  /** Registers a module file to track (its names from its name section, if it has one). */
  track(file: string, bytes: Uint8Array): void {
    const mod = decode(bytes);
    const missing = unimplemented(mod);
    if (missing.length > 0)
      throw new Error(`ct-wasm: ${file} uses opcodes the interpreter does not implement: ${missing.join(', ')}`);
    this.modules.set(bytes, { file, mod, names: mod.names, machines: [] });
  }

  /** Names the functions of a module without a name section (from a build with names). */
  name(bytes: Uint8Array, names: Map<number, string>): void {
    const t = this.trackedOf(bytes);
    if (t.names.size > 0) return;
    t.names = names;
    for (const f of this.findings.values()) {
      if (f.module === t.file && names.has(f.index)) f.func = names.get(f.index)!;
    }
  }

  /** What the operation holds secret and what it makes public (see the header). */
  operation(op: string, secrets: Uint8Array[] = [], publics: Uint8Array[] = []): void {
    this.op = op;
    this.fresh = true;
    // A value with one byte value throughout (zeros, an all-ones scalar) is not matched by
    // content: it would match unrelated memory. Such inputs are still secret by the diff rule.
    const varied = (v: Uint8Array) => v.length >= 16 && v.some((x) => x !== v[0]);
    this.secrets = secrets.filter(varied);
    this.publics = publics.filter(varied);
  }

  private trackedOf(bytes: Uint8Array): Tracked {
    for (const [b, t] of this.modules) if (Buffer.compare(b, bytes) === 0) return t;
    throw new Error('ct-wasm: the glue compiled a module the checker was not given');
  }

  funcName(t: Tracked, fi: number): string {
    const exp = t.mod.exports.find((e) => e.kind === 0 && e.index === fi);
    return t.names.get(fi) ?? (exp ? `${exp.name} (export)` : `func[${fi}]`);
  }

  /** A new interpreted instance of the module, with a real instance beside it in lockstep. */
  instantiate(bytes: Uint8Array): Record<string, unknown> {
    const t = this.trackedOf(bytes);
    const machine = createMachine(t.mod, (kind, fi, pc) => {
      const key = `${t.file}:${kind}:${fi}:${pc}`;
      const f = this.findings.get(key);
      if (f) f.count++;
      else
        this.findings.set(key, {
          module: t.file,
          kind,
          func: this.funcName(t, fi),
          index: fi,
          offset: t.mod.codes[fi]!.pos[pc]!,
          count: 1,
          op: this.op,
        });
    });
    t.machines.push(machine);
    const real = new RealWebAssembly.Instance(new RealWebAssembly.Module(new Uint8Array(bytes)), {}).exports;
    const realMem = new Uint8Array((real.memory as WebAssembly.Memory).buffer);
    const mem = new Uint8Array(machine.memory);
    const sh = machine.shadow;
    const changed = new Uint8Array(mem.length);
    let touched: number[] = [];
    // Bytes above the module's static data belong to the glue: secret until the module writes them.
    const heapBase = machine.invoke('heapBase', []) ?? 0;
    sh.fill(1, heapBase);
    if (Buffer.compare(mem, realMem) !== 0) throw new Error('ct-wasm: memories differ after instantiation');

    // After each call the engine's memory equals the interpreter's (checked), so it is also the
    // snapshot: what differs before the next call, the glue wrote. Those chunks are copied over.
    const CHUNK = 4096;
    const enter = (name: string, args: readonly number[]) => {
      for (const i of touched) changed[i] = 0;
      touched = [];
      for (let c = 0; c < mem.length; c += CHUNK) {
        const e = Math.min(mem.length, c + CHUNK);
        if (Buffer.compare(mem.subarray(c, e), realMem.subarray(c, e)) === 0) continue;
        for (let i = c; i < e; i++) {
          if (mem[i] !== realMem[i]) {
            changed[i] = 1;
            touched.push(i);
            sh[i] = 1;
          }
        }
        realMem.set(mem.subarray(c, e), c);
      }
      const buf = Buffer.from(mem.buffer, mem.byteOffset, mem.length);
      // At the operation's start nothing of it has been computed yet: every copy of a public
      // input is public (t̂ encoded into ek by an earlier keygen, say). Later, only the glue's copies.
      const all = this.fresh;
      this.fresh = false;
      for (const p of this.publics) {
        for (let at = buf.indexOf(p); at >= 0; at = buf.indexOf(p, at + 1)) {
          for (let i = at; i < at + p.length; i++) if (all || changed[i]) sh[i] = 0;
        }
      }
      for (const s of this.secrets) {
        for (let at = buf.indexOf(s); at >= 0; at = buf.indexOf(s, at + 1)) sh.fill(1, at, at + s.length);
      }
      for (const d of DECLASSIFY) if (d.exp === name) sh.fill(0, args[d.arg]!, args[d.arg]! + d.bytes);
    };

    const exports: Record<string, unknown> = { memory: { buffer: machine.memory } };
    for (const name of machine.exportNames) {
      exports[name] = (...raw: unknown[]) => {
        const args = raw.map((a) => Number(a));
        this.exportCalls++;
        enter(name, args);
        let mine: number | undefined, theirs: unknown, myError: unknown, theirError: unknown;
        try {
          mine = machine.invoke(name, args);
        } catch (err) {
          myError = err;
        }
        try {
          theirs = (real[name] as (...a: number[]) => unknown)(...args);
        } catch (err) {
          theirError = err;
        }
        if ((myError === undefined) !== (theirError === undefined) || mine !== theirs) {
          throw new Error(
            `ct-wasm: the interpreter and the engine disagree on ${name}(${args.join(', ')}): ` +
              `${show(myError, mine)} against ${show(theirError, theirs)}`,
          );
        }
        if (Buffer.compare(mem, realMem) !== 0) {
          let i = 0;
          while (mem[i] === realMem[i]) i++;
          throw new Error(`ct-wasm: the interpreter and the engine disagree on ${name}: memory differs at byte ${i}`);
        }
        if (myError !== undefined) throw myError;
        return mine;
      };
    }
    return exports;
  }

  /** The stand-in for globalThis.WebAssembly while the glue runs. */
  fakeWebAssembly(): typeof WebAssembly {
    const trackedOf = (bytes: Uint8Array) => this.trackedOf(bytes);
    const instantiate = (bytes: Uint8Array) => this.instantiate(bytes);
    class Module {
      readonly bytes: Uint8Array;
      constructor(source: ArrayBufferView | ArrayBuffer) {
        const view = ArrayBuffer.isView(source)
          ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
          : new Uint8Array(source);
        this.bytes = new Uint8Array(view);
        trackedOf(this.bytes);
      }
      get [Symbol.toStringTag]() {
        return 'WebAssembly.Module';
      }
      static exports(m: Module) {
        return trackedOf(m.bytes).mod.exports.map((e) => ({
          name: e.name,
          kind: ['function', 'table', 'memory', 'global'][e.kind]!,
        }));
      }
    }
    class Instance {
      readonly exports: Record<string, unknown>;
      constructor(m: Module) {
        this.exports = instantiate(m.bytes);
      }
    }
    return {
      Module,
      Instance,
      compile: (b: ArrayBuffer) => Promise.resolve(new Module(b)),
      RuntimeError: RealWebAssembly.RuntimeError,
      CompileError: RealWebAssembly.CompileError,
      LinkError: RealWebAssembly.LinkError,
    } as unknown as typeof WebAssembly;
  }

  /** Runs fn with the stand-in installed as globalThis.WebAssembly. */
  async withFake<T>(fn: () => Promise<T> | T): Promise<T> {
    const g = globalThis as { WebAssembly: typeof WebAssembly };
    g.WebAssembly = this.fakeWebAssembly();
    try {
      return await fn();
    } finally {
      g.WebAssembly = RealWebAssembly;
    }
  }

  /** Instruction coverage: per function, distinct instructions executed over all instructions. */
  coverage(): Array<{ module: string; func: string; run: number; total: number }> {
    const rows: Array<{ module: string; func: string; run: number; total: number }> = [];
    for (const t of this.modules.values()) {
      t.mod.codes.forEach((c, fi) => {
        let run = 0;
        for (let i = 0; i < c.op.length; i++) if (t.machines.some((m) => m.coverage[fi]![i])) run++;
        rows.push({ module: t.file, func: this.funcName(t, fi), run, total: c.op.length });
      });
    }
    return rows;
  }

  steps(): number {
    let n = 0;
    for (const t of this.modules.values()) for (const m of t.machines) n += m.steps();
    return n;
  }
}
