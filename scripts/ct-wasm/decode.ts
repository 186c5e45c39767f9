// A decoder of the WebAssembly binary format (core 2.0 with 128-bit SIMD), limited to what
// mlkem.wasm uses: every section, and every instruction decoded into flat arrays that
// interpret.ts runs. An instruction or section it does not know is an error, never skipped.

/** Value types by their binary code. */
export const I32 = 0x7f,
  I64 = 0x7e,
  F32 = 0x7d,
  F64 = 0x7c,
  V128 = 0x7b;

interface FuncType {
  params: number[];
  results: number[];
}

/** One function's code: instruction i is op[i] with immediates a[i], b[i] and x[i], at byte pos[i] of the module. */
export interface Code {
  op: Int32Array;
  a: Int32Array;
  b: Int32Array;
  x: unknown[];
  pos: Int32Array;
  /** Value types of the locals after the parameters. */
  locals: number[];
}

export interface Module {
  types: FuncType[];
  /** Type index of every function (the module imports none). */
  funcs: number[];
  codes: Code[];
  memPages: number;
  globals: Array<{ type: number; mutable: boolean; init: number | bigint }>;
  exports: Array<{ name: string; kind: number; index: number }>;
  start: number | undefined;
  data: Array<{ offset: number; bytes: Uint8Array }>;
  /** Function names of the name section, if the module has one. */
  names: Map<number, string>;
  /** The code section's bytes: two builds with equal code sections have the same functions. */
  codeSection: Uint8Array;
}

/** Opcodes with a prefix: 0xFC xx is 0xFC00 + xx, 0xFD xx is 0xFD00 + xx. */
export const FC = 0xfc00,
  FD = 0xfd00;

class Reader {
  constructor(
    readonly u8: Uint8Array,
    public p = 0,
  ) {}
  byte(): number {
    if (this.p >= this.u8.length) throw new Error('ct-wasm: unexpected end of the module');
    return this.u8[this.p++]!;
  }
  u32(): number {
    let result = 0,
      shift = 0,
      b: number;
    do {
      b = this.byte();
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return result;
  }
  s32(): number {
    return Number(this.s64());
  }
  s64(): bigint {
    let result = 0n,
      shift = 0n,
      b: number;
    do {
      b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
    } while (b & 0x80);
    if (b & 0x40) result -= 1n << shift;
    return result;
  }
  bytes(n: number): Uint8Array {
    if (this.p + n > this.u8.length) throw new Error('ct-wasm: unexpected end of the module');
    const out = this.u8.subarray(this.p, this.p + n);
    this.p += n;
    return out;
  }
  name(): string {
    return new TextDecoder().decode(this.bytes(this.u32()));
  }
}

/** A constant expression (global or data offset): one const or global.get, then end. */
function constExpr(r: Reader): number | bigint {
  const op = r.byte();
  let v: number | bigint;
  if (op === 0x41) v = r.s32();
  else if (op === 0x42) v = r.s64();
  else throw new Error(`ct-wasm: constant expression with opcode 0x${op.toString(16)} is not supported`);
  if (r.byte() !== 0x0b) throw new Error('ct-wasm: constant expression longer than one instruction');
  return v;
}

/** Number of result values of a block type (the results of a function type for a type index). */
function blockType(r: Reader, types: FuncType[]): [params: number, results: number] {
  const b = r.u8[r.p]!;
  if (b === 0x40) {
    r.p++;
    return [0, 0];
  }
  if (b === I32 || b === I64 || b === F32 || b === F64 || b === V128) {
    r.p++;
    return [0, 1];
  }
  const t = types[r.s32()]!;
  return [t.params.length, t.results.length];
}

/** Opcodes whose only immediate is a memarg (align, offset): loads and stores. */
function isMemOp(op: number): boolean {
  return (op >= 0x28 && op <= 0x3e) || (op >= FD && op <= FD + 11) || op === FD + 92 || op === FD + 93;
}

function decodeCode(r: Reader, end: number, types: FuncType[]): Code {
  const locals: number[] = [];
  for (let n = r.u32(); n > 0; n--) {
    const count = r.u32();
    const type = r.byte();
    for (let i = 0; i < count; i++) locals.push(type);
  }
  const op: number[] = [],
    a: number[] = [],
    b: number[] = [],
    x: unknown[] = [],
    pos: number[] = [];
  /** Open blocks: index of their first instruction (block, loop, if). */
  const open: number[] = [];
  while (r.p < end) {
    const at = r.p;
    let o = r.byte();
    if (o === 0xfc) o = FC + r.u32();
    else if (o === 0xfd) o = FD + r.u32();
    const i = op.length;
    let ia = 0,
      ib = 0,
      ix: unknown;
    if (o === 0x02 || o === 0x03 || o === 0x04) {
      const [params, results] = blockType(r, types);
      if (params !== 0) throw new Error('ct-wasm: blocks with parameters are not supported');
      ib = results;
      ix = -1; // index of else, for if
      open.push(i);
    } else if (o === 0x05) {
      x[open[open.length - 1]!] = i;
    } else if (o === 0x0b) {
      const start = open.pop();
      if (start !== undefined) {
        a[start] = i;
        const els = x[start] as number;
        if (op[start] === 0x04 && els >= 0) a[els] = i; // else jumps to the if's end
      }
    } else if (o === 0x0c || o === 0x0d || o === 0x10 || (o >= 0x20 && o <= 0x24)) {
      ia = r.u32();
    } else if (o === 0x0e) {
      const n = r.u32();
      const labels: number[] = [];
      for (let k = 0; k <= n; k++) labels.push(r.u32());
      ix = labels;
    } else if (o === 0x11) {
      ia = r.u32();
      ib = r.u32();
    } else if (o === 0x1c) {
      for (let n = r.u32(); n > 0; n--) r.byte();
    } else if (isMemOp(o)) {
      r.u32(); // alignment: a hint, no effect on the result
      ib = r.u32();
    } else if (o >= FD + 84 && o <= FD + 91) {
      r.u32();
      ib = r.u32();
      ia = r.byte(); // lane
    } else if (o === 0x3f || o === 0x40) {
      r.byte();
    } else if (o === 0x41) {
      ia = r.s32();
    } else if (o === 0x42) {
      ix = BigInt.asIntN(64, r.s64());
    } else if (o === 0x43) {
      ix = new DataView(r.u8.buffer, r.u8.byteOffset + r.p).getFloat32(0, true);
      r.p += 4;
    } else if (o === 0x44) {
      ix = new DataView(r.u8.buffer, r.u8.byteOffset + r.p).getFloat64(0, true);
      r.p += 8;
    } else if (o === FC + 8) {
      ia = r.u32();
      r.byte();
    } else if (o === FC + 9) {
      ia = r.u32();
    } else if (o === FC + 10) {
      r.byte();
      r.byte();
    } else if (o === FC + 11) {
      r.byte();
    } else if (o === FD + 12 || o === FD + 13) {
      const v = r.bytes(16);
      ix = o === FD + 12 ? Array.from(new Int32Array(new Uint8Array(v).buffer)) : Array.from(v);
    } else if (o >= FD + 21 && o <= FD + 34) {
      ia = r.byte(); // lane
    }
    // Every other opcode has no immediate; interpret.ts refuses those it does not implement.
    op.push(o);
    a.push(ia);
    b.push(ib);
    x[i] ??= ix;
    pos.push(at);
  }
  if (open.length !== 0) throw new Error('ct-wasm: a function body ends inside a block');
  x.length = op.length;
  return {
    op: Int32Array.from(op),
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    x,
    pos: Int32Array.from(pos),
    locals,
  };
}

export function decode(bytes: Uint8Array): Module {
  const r = new Reader(bytes, 8);
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (magic.some((m, i) => bytes[i] !== m)) throw new Error('ct-wasm: not a WebAssembly module');
  const m: Module = {
    types: [],
    funcs: [],
    codes: [],
    memPages: 0,
    globals: [],
    exports: [],
    start: undefined,
    data: [],
    names: new Map(),
    codeSection: new Uint8Array(),
  };
  while (r.p < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    const end = r.p + size;
    switch (id) {
      case 0: {
        const name = r.name();
        if (name === 'name') {
          while (r.p < end) {
            const sub = r.byte();
            const subEnd = r.u32() + r.p;
            if (sub === 1) {
              for (let n = r.u32(); n > 0; n--) {
                const idx = r.u32();
                m.names.set(idx, r.name());
              }
            }
            r.p = subEnd;
          }
        }
        break;
      }
      case 1:
        for (let n = r.u32(); n > 0; n--) {
          if (r.byte() !== 0x60) throw new Error('ct-wasm: a type that is not a function type');
          const params = Array.from(r.bytes(r.u32()));
          const results = Array.from(r.bytes(r.u32()));
          m.types.push({ params, results });
        }
        break;
      case 2:
        if (r.u32() !== 0) throw new Error('ct-wasm: the module imports something; the checker supports no imports');
        break;
      case 3:
        for (let n = r.u32(); n > 0; n--) m.funcs.push(r.u32());
        break;
      case 4:
      case 9:
        // A table and its elements exist only for call_indirect, which the checker does not
        // implement: refuse the module rather than run part of it.
        if (r.u32() !== 0)
          throw new Error('ct-wasm: the module has a table or elements (call_indirect): not supported');
        break;
      case 5: {
        if (r.u32() !== 1) throw new Error('ct-wasm: the checker supports exactly one memory');
        const flags = r.byte();
        m.memPages = r.u32();
        if (flags & 1) r.u32();
        break;
      }
      case 6:
        for (let n = r.u32(); n > 0; n--) {
          const type = r.byte();
          const mutable = r.byte() === 1;
          m.globals.push({ type, mutable, init: constExpr(r) });
        }
        break;
      case 7:
        for (let n = r.u32(); n > 0; n--) {
          const name = r.name();
          const kind = r.byte();
          m.exports.push({ name, kind, index: r.u32() });
        }
        break;
      case 8:
        m.start = r.u32();
        break;
      case 10: {
        m.codeSection = bytes.subarray(r.p, end);
        for (let n = r.u32(); n > 0; n--) {
          const bodyEnd = r.u32() + r.p;
          m.codes.push(decodeCode(r, bodyEnd, m.types));
          r.p = bodyEnd;
        }
        break;
      }
      case 11:
        for (let n = r.u32(); n > 0; n--) {
          const kind = r.u32();
          if (kind !== 0) throw new Error('ct-wasm: only active data segments of memory 0 are supported');
          const offset = Number(constExpr(r));
          m.data.push({ offset, bytes: r.bytes(r.u32()) });
        }
        break;
      case 12:
        r.u32();
        break;
      default:
        throw new Error(`ct-wasm: unknown section ${id}`);
    }
    r.p = end;
  }
  return m;
}
