// An interpreter of a decoded module (decode.ts) with a shadow of every value: each i32, i64 or
// float value carries one taint bit, each v128 value a 16-bit mask (one bit per byte), and
// linear memory one shadow byte per byte. A value computed from tainted inputs is tainted; a
// v128 lane operation taints a result lane when any byte of the operand lanes it reads is
// tainted. The interpreter reports every use of a tainted value that can change timing or the
// addresses touched: branch conditions (if, br_if, br_table), memory addresses and lengths
// (loads, stores, memory.copy, memory.fill), division and remainder operands, float arithmetic,
// and select conditions (a v128 select reported apart from an integer one). It implements the
// opcodes listed below and throws on any other, so that nothing runs unchecked.
import { type Code, F32, F64, FC, FD, I32, I64, type Module, V128 } from './decode.js';

type V = number[]; // a v128 as four little-endian i32 lanes
type Val = number | bigint | V;

export type EventKind = 'branch' | 'address' | 'division' | 'float' | 'select' | 'select-v128';

export interface Machine {
  readonly memory: ArrayBuffer;
  /** One shadow byte per byte of memory: 1 when it holds secret-derived data. */
  readonly shadow: Uint8Array;
  /** Calls an exported function with untainted arguments; returns its result, if any. */
  invoke(name: string, args: readonly number[]): number | undefined;
  /** Executed instructions, per function (1 per executed instruction). */
  readonly coverage: Uint8Array[];
  readonly exportNames: readonly string[];
  /** Instructions executed in all (not distinct). */
  steps(): number;
}

export type Listener = (kind: EventKind, func: number, instr: number) => void;

/** Captured at load: the checker replaces globalThis.WebAssembly while it runs the glue. */
const RuntimeError = WebAssembly.RuntimeError;

const LOOP = 1,
  BLOCK = 0;

// ---- v128 scratch ------------------------------------------------------------------------------

function views(buf: ArrayBuffer) {
  return {
    i8: new Int8Array(buf),
    u8: new Uint8Array(buf),
    i16: new Int16Array(buf),
    u16: new Uint16Array(buf),
    i32: new Int32Array(buf),
    u32: new Uint32Array(buf),
    i64: new BigInt64Array(buf),
    u64: new BigUint64Array(buf),
  };
}
const A = views(new ArrayBuffer(16)),
  B = views(new ArrayBuffer(16)),
  R = views(new ArrayBuffer(16));
function la(v: V): void {
  A.i32[0] = v[0]!;
  A.i32[1] = v[1]!;
  A.i32[2] = v[2]!;
  A.i32[3] = v[3]!;
}
function lb(v: V): void {
  B.i32[0] = v[0]!;
  B.i32[1] = v[1]!;
  B.i32[2] = v[2]!;
  B.i32[3] = v[3]!;
}
const rv = (): V => [R.i32[0]!, R.i32[1]!, R.i32[2]!, R.i32[3]!];

/** A mask with every lane of w bytes fully set where any of its bytes is set in m. */
function spread(m: number, w: number): number {
  if (m === 0 || m === 0xffff) return m;
  const lane = (1 << w) - 1;
  let r = 0;
  for (let i = 0; i < 16; i += w) if ((m >> i) & lane) r |= lane << i;
  return r;
}
/** Result lane j (W bytes) reads source lane j + off (w bytes): extend, extmul, narrow halves. */
function widen(m: number, w: number, W: number, off: number): number {
  let r = 0;
  const src = (1 << w) - 1,
    dst = (1 << W) - 1;
  for (let j = 0; j * W < 16; j++) if ((m >> ((j + off) * w)) & src) r |= dst << (j * W);
  return r;
}
/** narrow: result lanes (w/2 bytes) 0..n-1 from a's lanes, n..2n-1 from b's. */
function narrowMask(ma: number, mb: number, w: number): number {
  return (widen(ma, w, w / 2, 0) & 0xff) | ((widen(mb, w, w / 2, 0) & 0xff) << 8);
}
const laneMask = (m: number, w: number, lane: number): number => ((m >> (lane * w)) & ((1 << w) - 1) ? 1 : 0);
const all = (t: number): number => (t ? 0xffff : 0);

/** SIMD opcodes (after the 0xFD prefix) by how simd() dispatches them. */
const FAST = 1,
  UNARY = 2,
  SHIFT = 3;
const KIND = new Uint8Array(256);
for (const s of [78, 79, 80, 81, 206, 209, 220, 221, 222, 223]) KIND[s] = FAST;
for (const s of [77, 83, 96, 97, 98, 99, 100, 124, 125, 126, 127, 128, 129, 131, 132, 135, 136, 137, 138])
  KIND[s] = UNARY;
for (const s of [160, 161, 163, 164, 167, 168, 169, 170, 192, 193, 195, 196, 199, 200, 201, 202]) KIND[s] = UNARY;
for (const s of [107, 108, 109, 139, 140, 141, 171, 172, 173, 203, 204, 205]) KIND[s] = SHIFT;

const sat = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

// 64-bit lanes as pairs of i32 (lo, hi): fast paths for the X25519 and Keccak lanes.
let mlo = 0,
  mhi = 0;
/** The 64-bit product of two 32-bit values (signed or not) into mlo, mhi. */
function mul64(a: number, b: number, signed: boolean): void {
  const au = a >>> 0,
    bu = b >>> 0;
  const a0 = au & 0xffff,
    a1 = au >>> 16,
    b0 = bu & 0xffff,
    b1 = bu >>> 16;
  const mid = a0 * b1 + a1 * b0;
  const lo = a0 * b0 + (mid % 65536) * 65536;
  let hi = a1 * b1 + Math.floor(mid / 65536) + Math.floor(lo / 4294967296);
  if (signed) hi -= (a < 0 ? bu : 0) + (b < 0 ? au : 0);
  mlo = lo | 0;
  mhi = hi | 0;
}

// ---- the machine -------------------------------------------------------------------------------

export function createMachine(mod: Module, listener: Listener): Machine {
  const pages = mod.memPages;
  const memory = new ArrayBuffer(pages * 65536);
  const m8 = new Uint8Array(memory);
  const dv = new DataView(memory);
  const sh = new Uint8Array(memory.byteLength);
  const size = memory.byteLength;
  for (const d of mod.data) m8.set(d.bytes, d.offset);
  const G: Val[] = mod.globals.map((g) => g.init);
  const GT: number[] = mod.globals.map(() => 0);
  const coverage = mod.codes.map((c) => new Uint8Array(c.op.length));
  const S: Val[] = [];
  const T: number[] = [];
  let sp = 0;
  let steps = 0;

  const zero = (type: number): Val => {
    if (type === I32 || type === F32 || type === F64) return 0;
    if (type === I64) return 0n;
    if (type === V128) return [0, 0, 0, 0];
    throw new Error(`ct-wasm: local of type 0x${type.toString(16)}`);
  };
  const trap = (what: string): never => {
    throw new RuntimeError(`ct-wasm: ${what}`);
  };
  const bound = (ea: number, n: number): number => (ea + n > size ? trap('memory access out of bounds') : ea);
  const shOr = (ea: number, n: number): number => {
    for (let i = 0; i < n; i++) if (sh[ea + i]) return 1;
    return 0;
  };
  const shMask = (ea: number, n: number): number => {
    let m = 0;
    for (let i = 0; i < n; i++) if (sh[ea + i]) m |= 1 << i;
    return m;
  };
  const shSet = (ea: number, n: number, t: number): void => {
    for (let i = 0; i < n; i++) sh[ea + i] = t;
  };
  const shSetMask = (ea: number, n: number, m: number, from = 0): void => {
    for (let i = 0; i < n; i++) sh[ea + i] = (m >> (from + i)) & 1;
  };
  const ldv = (ea: number): V => [
    dv.getInt32(ea, true),
    dv.getInt32(ea + 4, true),
    dv.getInt32(ea + 8, true),
    dv.getInt32(ea + 12, true),
  ];

  // The instruction a helper below runs, for its events (set before each helper call).
  let curF = 0,
    curPc = 0;
  const ev = (kind: EventKind): void => listener(kind, curF, curPc);

  function call(fi: number): void {
    const type = mod.types[mod.funcs[fi]!]!;
    const code: Code = mod.codes[fi]!;
    const { op, a, b, x } = code;
    const cov = coverage[fi]!;
    const np = type.params.length;
    const nr = type.results.length;
    const L: Val[] = new Array<Val>(np + code.locals.length);
    const LT: number[] = new Array<number>(L.length).fill(0);
    sp -= np;
    for (let i = 0; i < np; i++) {
      L[i] = S[sp + i]!;
      LT[i] = T[sp + i]!;
    }
    for (let i = 0; i < code.locals.length; i++) L[np + i] = zero(code.locals[i]!);
    const base = sp;
    // Control stack: kind, height, arity, branch target, four entries per open block.
    const cs: number[] = [BLOCK, base, nr, op.length];
    let ctop = 0;
    let pc = 0;
    for (;;) {
      const o = op[pc]!;
      cov[pc] = 1;
      steps++;
      let br = -1;
      switch (o) {
        case 0x00:
          trap('unreachable');
          break;
        case 0x01:
          break;
        case 0x02:
        case 0x03: {
          // b: the block's results (a branch to a block carries them; one to a loop carries none)
          cs.push(o === 0x03 ? LOOP : BLOCK, sp, o === 0x03 ? 0 : b[pc]!, o === 0x03 ? pc + 1 : a[pc]! + 1);
          ctop++;
          break;
        }
        case 0x04: {
          const c = S[--sp] as number;
          if (T[sp]) listener('branch', fi, pc);
          cs.push(BLOCK, sp, b[pc]!, a[pc]! + 1);
          ctop++;
          if (c === 0) {
            const els = x[pc] as number;
            pc = els >= 0 ? els : a[pc]! - 1;
          }
          break;
        }
        case 0x05:
          pc = a[pc]! - 1; // the end of the then-branch: on to the if's end
          break;
        case 0x0b:
          if (ctop === 0) {
            returnValues(base, nr);
            return;
          }
          cs.length -= 4;
          ctop--;
          break;
        case 0x0c:
          br = a[pc]!;
          break;
        case 0x0d: {
          const c = S[--sp] as number;
          if (T[sp]) listener('branch', fi, pc);
          if (c !== 0) br = a[pc]!;
          break;
        }
        case 0x0e: {
          const i = (S[--sp] as number) >>> 0;
          if (T[sp]) listener('branch', fi, pc);
          const labels = x[pc] as number[];
          br = labels[Math.min(i, labels.length - 1)]!;
          break;
        }
        case 0x0f:
          returnValues(base, nr);
          return;
        case 0x10:
          call(a[pc]!);
          break;
        case 0x1a:
          sp--;
          break;
        case 0x1b:
        case 0x1c: {
          const tc = T[--sp]!;
          const c = S[sp] as number;
          const tb = T[--sp]!;
          const vb = S[sp]!;
          const v = S[sp - 1]!;
          if (tc) listener(Array.isArray(v) ? 'select-v128' : 'select', fi, pc);
          if (c === 0) S[sp - 1] = vb;
          T[sp - 1] = Array.isArray(v) ? T[sp - 1]! | tb | all(tc) : T[sp - 1]! | tb | tc;
          break;
        }
        case 0x20:
          S[sp] = L[a[pc]!]!;
          T[sp++] = LT[a[pc]!]!;
          break;
        case 0x21:
          L[a[pc]!] = S[--sp]!;
          LT[a[pc]!] = T[sp]!;
          break;
        case 0x22:
          L[a[pc]!] = S[sp - 1]!;
          LT[a[pc]!] = T[sp - 1]!;
          break;
        case 0x23:
          S[sp] = G[a[pc]!]!;
          T[sp++] = GT[a[pc]!]!;
          break;
        case 0x24:
          G[a[pc]!] = S[--sp]!;
          GT[a[pc]!] = T[sp]!;
          break;
        case 0x3f:
          S[sp] = pages;
          T[sp++] = 0;
          break;
        case 0x40: {
          const n = S[sp - 1] as number;
          if (T[sp - 1]) listener('address', fi, pc);
          S[sp - 1] = n === 0 ? pages : -1;
          break;
        }
        case 0x41:
          S[sp] = a[pc]!;
          T[sp++] = 0;
          break;
        case 0x42:
        case 0x43:
        case 0x44:
          S[sp] = x[pc] as number | bigint;
          T[sp++] = 0;
          break;
        default:
          curF = fi;
          curPc = pc;
          if (o >= 0x28 && o <= 0x3e) memOp(o, b[pc]!);
          else if (o >= 0x45 && o <= 0xc4) numeric(o);
          else if (o >= FC && o < FD) bulk(o);
          else if (o >= FD) simd(o, code, pc);
          else trap(`opcode 0x${o.toString(16)} is not implemented`);
      }
      if (br >= 0) {
        const ci = ctop - br;
        const at = 4 * ci;
        const kind = cs[at]!,
          h = cs[at + 1]!,
          n = cs[at + 2]!,
          target = cs[at + 3]!;
        if (ci === 0) {
          returnValues(base, nr);
          return;
        }
        if (sp - n !== h)
          for (let k = 0; k < n; k++) {
            S[h + k] = S[sp - n + k]!;
            T[h + k] = T[sp - n + k]!;
          }
        sp = h + n;
        if (kind === LOOP) {
          ctop = ci;
          cs.length = at + 4;
        } else {
          ctop = ci - 1;
          cs.length = at;
        }
        pc = target;
        continue;
      }
      pc++;
    }
  }

  function returnValues(base: number, nr: number): void {
    for (let k = 0; k < nr; k++) {
      S[base + k] = S[sp - nr + k]!;
      T[base + k] = T[sp - nr + k]!;
    }
    sp = base + nr;
  }

  /** Whether the last address was tainted: what is loaded from it is then tainted too. */
  let addrTaint = 0;
  function addr(offset: number, n: number): number {
    const p = S[--sp] as number;
    addrTaint = T[sp]! ? 1 : 0;
    if (addrTaint) ev('address');
    return bound((p >>> 0) + offset, n);
  }

  function memOp(o: number, off: number): void {
    if (o >= 0x36) {
      // stores: value on top, address below it
      const t = T[--sp]!;
      const v = S[sp]!;
      const n =
        o === 0x36 || o === 0x38 || o === 0x3e ? 4 : o === 0x37 || o === 0x39 ? 8 : o === 0x3a || o === 0x3c ? 1 : 2;
      const ea = addr(off, n);
      switch (o) {
        case 0x36:
          dv.setInt32(ea, v as number, true);
          break;
        case 0x37:
          dv.setBigInt64(ea, v as bigint, true);
          break;
        case 0x38:
          dv.setFloat32(ea, v as number, true);
          break;
        case 0x39:
          dv.setFloat64(ea, v as number, true);
          break;
        case 0x3a:
          m8[ea] = v as number;
          break;
        case 0x3b:
          dv.setInt16(ea, v as number, true);
          break;
        case 0x3c:
          m8[ea] = Number(BigInt.asUintN(8, v as bigint));
          break;
        case 0x3d:
          dv.setInt16(ea, Number(BigInt.asIntN(16, v as bigint)), true);
          break;
        case 0x3e:
          dv.setInt32(ea, Number(BigInt.asIntN(32, v as bigint)), true);
          break;
      }
      shSet(ea, n, t ? 1 : 0);
      return;
    }
    const n = [4, 8, 4, 8, 1, 1, 2, 2, 1, 1, 2, 2, 4, 4][o - 0x28]!;
    const ea = addr(off, n);
    let v: Val;
    switch (o) {
      case 0x28:
        v = dv.getInt32(ea, true);
        break;
      case 0x29:
        v = dv.getBigInt64(ea, true);
        break;
      case 0x2a:
        v = dv.getFloat32(ea, true);
        break;
      case 0x2b:
        v = dv.getFloat64(ea, true);
        break;
      case 0x2c:
        v = dv.getInt8(ea);
        break;
      case 0x2d:
        v = m8[ea]!;
        break;
      case 0x2e:
        v = dv.getInt16(ea, true);
        break;
      case 0x2f:
        v = dv.getUint16(ea, true);
        break;
      case 0x30:
        v = BigInt(dv.getInt8(ea));
        break;
      case 0x31:
        v = BigInt(m8[ea]!);
        break;
      case 0x32:
        v = BigInt(dv.getInt16(ea, true));
        break;
      case 0x33:
        v = BigInt(dv.getUint16(ea, true));
        break;
      case 0x34:
        v = BigInt(dv.getInt32(ea, true));
        break;
      default:
        v = BigInt(dv.getUint32(ea, true));
    }
    S[sp] = v;
    T[sp++] = shOr(ea, n) | addrTaint;
  }

  function bulk(o: number): void {
    if (o === FC + 10 || o === FC + 11) {
      const tn = T[--sp]!;
      const n = (S[sp] as number) >>> 0;
      const tv = T[--sp]!;
      const v = S[sp] as number;
      const td = T[--sp]!;
      const d = (S[sp] as number) >>> 0;
      if (tn || td || (o === FC + 10 && tv)) ev('address');
      if (o === FC + 10) {
        const s = v >>> 0;
        if (s + n > size || d + n > size) trap('memory.copy out of bounds');
        m8.copyWithin(d, s, s + n);
        sh.copyWithin(d, s, s + n);
      } else {
        if (d + n > size) trap('memory.fill out of bounds');
        m8.fill(v & 0xff, d, d + n);
        sh.fill(tv ? 1 : 0, d, d + n);
      }
      return;
    }
    if (o >= FC && o <= FC + 7) {
      // trunc_sat: float to integer, saturating
      const t = T[sp - 1]!;
      if (t) ev('float');
      const f = Math.trunc(S[sp - 1] as number);
      const s = o - FC;
      if (s < 4) {
        const signed = s % 2 === 0;
        S[sp - 1] = Number.isNaN(f) ? 0 : signed ? sat(f, -2147483648, 2147483647) : sat(f, 0, 4294967295) | 0;
      } else {
        const signed = s % 2 === 0;
        S[sp - 1] = Number.isNaN(f)
          ? 0n
          : BigInt.asIntN(64, BigInt(signed ? sat(f, -(2 ** 63), 2 ** 63 - 1024) : sat(f, 0, 2 ** 64 - 2048)));
      }
      return;
    }
    trap(`opcode 0xfc ${o - FC} is not implemented`);
  }

  function numeric(o: number): void {
    // unary operations
    if (
      o === 0x45 ||
      o === 0x50 ||
      (o >= 0x67 && o <= 0x69) ||
      (o >= 0x79 && o <= 0x7b) ||
      (o >= 0x8b && o <= 0x91) ||
      (o >= 0x99 && o <= 0x9f) ||
      (o >= 0xa7 && o <= 0xc4)
    ) {
      const t = T[sp - 1]!;
      const v = S[sp - 1]!;
      let r: number | bigint;
      const isFloatOp = (o >= 0x8b && o <= 0x9f) || (o >= 0xa8 && o <= 0xbb && o !== 0xac && o !== 0xad);
      if (t && isFloatOp) ev('float');
      switch (o) {
        case 0x45:
          r = v === 0 ? 1 : 0;
          break;
        case 0x50:
          r = v === 0n ? 1 : 0;
          break;
        case 0x67:
          r = Math.clz32(v as number);
          break;
        case 0x68: {
          const n = v as number;
          r = n === 0 ? 32 : 31 - Math.clz32(n & -n);
          break;
        }
        case 0x69: {
          let n = (v as number) >>> 0,
            c = 0;
          while (n) {
            n &= n - 1;
            c++;
          }
          r = c;
          break;
        }
        case 0x79:
        case 0x7a:
        case 0x7b: {
          const u = BigInt.asUintN(64, v as bigint);
          const s = u.toString(2).padStart(64, '0');
          r = BigInt(
            o === 0x79
              ? s.indexOf('1') < 0
                ? 64
                : s.indexOf('1')
              : o === 0x7a
                ? s.lastIndexOf('1') < 0
                  ? 64
                  : 63 - s.lastIndexOf('1')
                : s.split('1').length - 1,
          );
          break;
        }
        case 0x99:
        case 0x8b:
          r = Math.abs(v as number);
          break;
        case 0x9a:
        case 0x8c:
          r = -(v as number);
          break;
        case 0x9b:
        case 0x8d:
          r = Math.ceil(v as number);
          break;
        case 0x9c:
        case 0x8e:
          r = Math.floor(v as number);
          break;
        case 0x9d:
        case 0x8f:
          r = Math.trunc(v as number);
          break;
        case 0x9f:
        case 0x91:
          r = Math.sqrt(v as number);
          break;
        case 0xa7:
          r = Number(BigInt.asIntN(32, v as bigint));
          break;
        case 0xac:
          r = BigInt(v as number);
          break;
        case 0xad:
          r = BigInt((v as number) >>> 0);
          break;
        case 0xb7:
          r = v as number;
          break;
        case 0xb8:
          r = (v as number) >>> 0;
          break;
        case 0xb9:
          r = Number(v as bigint);
          break;
        case 0xba:
          r = Number(BigInt.asUintN(64, v as bigint));
          break;
        case 0xc0:
          r = ((v as number) << 24) >> 24;
          break;
        case 0xc1:
          r = ((v as number) << 16) >> 16;
          break;
        case 0xc2:
          r = BigInt.asIntN(8, v as bigint);
          break;
        case 0xc3:
          r = BigInt.asIntN(16, v as bigint);
          break;
        case 0xc4:
          r = BigInt.asIntN(32, v as bigint);
          break;
        default:
          return trap(`opcode 0x${o.toString(16)} is not implemented`);
      }
      if ((o >= 0x8b && o <= 0x91) || (o >= 0xb2 && o <= 0xb6)) r = Math.fround(r as number);
      S[sp - 1] = r;
      return;
    }
    const tb = T[--sp]!;
    const vb = S[sp]!;
    const ta = T[sp - 1]!;
    const va = S[sp - 1]!;
    const t = ta | tb;
    T[sp - 1] = t;
    let r: number | bigint;
    if (o <= 0x4f || (o >= 0x6a && o <= 0x78)) {
      const x = va as number,
        y = vb as number;
      switch (o) {
        case 0x46:
          r = x === y ? 1 : 0;
          break;
        case 0x47:
          r = x !== y ? 1 : 0;
          break;
        case 0x48:
          r = x < y ? 1 : 0;
          break;
        case 0x49:
          r = x >>> 0 < y >>> 0 ? 1 : 0;
          break;
        case 0x4a:
          r = x > y ? 1 : 0;
          break;
        case 0x4b:
          r = x >>> 0 > y >>> 0 ? 1 : 0;
          break;
        case 0x4c:
          r = x <= y ? 1 : 0;
          break;
        case 0x4d:
          r = x >>> 0 <= y >>> 0 ? 1 : 0;
          break;
        case 0x4e:
          r = x >= y ? 1 : 0;
          break;
        case 0x4f:
          r = x >>> 0 >= y >>> 0 ? 1 : 0;
          break;
        case 0x6a:
          r = (x + y) | 0;
          break;
        case 0x6b:
          r = (x - y) | 0;
          break;
        case 0x6c:
          r = Math.imul(x, y);
          break;
        case 0x6d:
        case 0x6e:
        case 0x6f:
        case 0x70:
          if (t) ev('division');
          if (y === 0) trap('integer divide by zero');
          if (o === 0x6d) {
            if (x === -2147483648 && y === -1) trap('integer overflow');
            r = Math.trunc(x / y) | 0;
          } else if (o === 0x6e) r = Math.trunc((x >>> 0) / (y >>> 0)) | 0;
          else if (o === 0x6f) r = (x % y) | 0;
          else r = ((x >>> 0) % (y >>> 0)) | 0;
          break;
        case 0x71:
          r = x & y;
          break;
        case 0x72:
          r = x | y;
          break;
        case 0x73:
          r = x ^ y;
          break;
        case 0x74:
          r = x << y;
          break;
        case 0x75:
          r = x >> y;
          break;
        case 0x76:
          r = (x >>> y) | 0;
          break;
        case 0x77:
          r = (x << (y & 31)) | (x >>> (32 - (y & 31)));
          break;
        case 0x78:
          r = (x >>> (y & 31)) | (x << (32 - (y & 31)));
          break;
        default:
          return trap(`opcode 0x${o.toString(16)} is not implemented`);
      }
      S[sp - 1] = r;
      return;
    }
    if (o <= 0x5a || (o >= 0x7c && o <= 0x8a)) {
      const x = va as bigint,
        y = vb as bigint;
      switch (o) {
        case 0x51:
          r = x === y ? 1 : 0;
          break;
        case 0x52:
          r = x !== y ? 1 : 0;
          break;
        case 0x53:
          r = x < y ? 1 : 0;
          break;
        case 0x54:
          r = BigInt.asUintN(64, x) < BigInt.asUintN(64, y) ? 1 : 0;
          break;
        case 0x55:
          r = x > y ? 1 : 0;
          break;
        case 0x56:
          r = BigInt.asUintN(64, x) > BigInt.asUintN(64, y) ? 1 : 0;
          break;
        case 0x57:
          r = x <= y ? 1 : 0;
          break;
        case 0x58:
          r = BigInt.asUintN(64, x) <= BigInt.asUintN(64, y) ? 1 : 0;
          break;
        case 0x59:
          r = x >= y ? 1 : 0;
          break;
        case 0x5a:
          r = BigInt.asUintN(64, x) >= BigInt.asUintN(64, y) ? 1 : 0;
          break;
        case 0x7c:
          r = BigInt.asIntN(64, x + y);
          break;
        case 0x7d:
          r = BigInt.asIntN(64, x - y);
          break;
        case 0x7e:
          r = BigInt.asIntN(64, x * y);
          break;
        case 0x7f:
        case 0x80:
        case 0x81:
        case 0x82:
          if (t) ev('division');
          if (y === 0n) trap('integer divide by zero');
          if (o === 0x7f) {
            if (x === -(2n ** 63n) && y === -1n) trap('integer overflow');
            r = BigInt.asIntN(64, x / y);
          } else if (o === 0x80) r = BigInt.asIntN(64, BigInt.asUintN(64, x) / BigInt.asUintN(64, y));
          else if (o === 0x81) r = BigInt.asIntN(64, x % y);
          else r = BigInt.asIntN(64, BigInt.asUintN(64, x) % BigInt.asUintN(64, y));
          break;
        case 0x83:
          r = x & y;
          break;
        case 0x84:
          r = x | y;
          break;
        case 0x85:
          r = x ^ y;
          break;
        case 0x86:
          r = BigInt.asIntN(64, x << (y & 63n));
          break;
        case 0x87:
          r = x >> (y & 63n);
          break;
        case 0x88:
          r = BigInt.asIntN(64, BigInt.asUintN(64, x) >> (y & 63n));
          break;
        case 0x89:
        case 0x8a: {
          const k = o === 0x89 ? y & 63n : (64n - (y & 63n)) & 63n;
          const u = BigInt.asUintN(64, x);
          r = BigInt.asIntN(64, (u << k) | (u >> ((64n - k) & 63n)));
          if (k === 0n) r = x;
          break;
        }
        default:
          return trap(`opcode 0x${o.toString(16)} is not implemented`);
      }
      S[sp - 1] = r;
      return;
    }
    // f32 and f64 comparisons and arithmetic
    if (t) ev('float');
    const x = va as number,
      y = vb as number;
    const f32 = (o >= 0x5b && o <= 0x60) || (o >= 0x92 && o <= 0x98);
    switch (o >= 0x5b && o <= 0x66 ? (o - 0x5b) % 6 : 100 + ((o - 0x92) % 14)) {
      case 0:
        r = x === y ? 1 : 0;
        break;
      case 1:
        r = x !== y ? 1 : 0;
        break;
      case 2:
        r = x < y ? 1 : 0;
        break;
      case 3:
        r = x > y ? 1 : 0;
        break;
      case 4:
        r = x <= y ? 1 : 0;
        break;
      case 5:
        r = x >= y ? 1 : 0;
        break;
      case 100:
        r = x + y;
        break;
      case 101:
        r = x - y;
        break;
      case 102:
        r = x * y;
        break;
      case 103:
        r = x / y;
        break;
      default:
        return trap(`opcode 0x${o.toString(16)} is not implemented`);
    }
    if (f32 && o >= 0x92) r = Math.fround(r);
    S[sp - 1] = r;
  }

  // ---- SIMD ----------------------------------------------------------------------------------

  function simd(o: number, code: Code, pc: number): void {
    const s = o - FD;
    const off = code.b[pc]!;
    // the most frequent first: bitwise operations and 64-bit lane arithmetic (Keccak, X25519)
    if (KIND[s] === FAST) {
      const tb = T[--sp]!;
      const vb = S[sp] as V;
      const ta = T[sp - 1]!;
      const va = S[sp - 1] as V;
      const m = ta | tb;
      if (s >= 78 && s <= 81) {
        const out: V = [0, 0, 0, 0];
        for (let j = 0; j < 4; j++) {
          const x = va[j]!,
            y = vb[j]!;
          out[j] = s === 78 ? x & y : s === 79 ? x & ~y : s === 80 ? x | y : x ^ y;
        }
        S[sp - 1] = out;
        T[sp - 1] = m;
        return;
      }
      if (s === 206 || s === 209 || (s >= 220 && s <= 223)) {
        const out: V = [0, 0, 0, 0];
        for (let j = 0; j < 2; j++) {
          if (s === 206 || s === 209) {
            const al = va[2 * j]! >>> 0,
              bl = vb[2 * j]! >>> 0;
            const lo = s === 206 ? al + bl : al - bl;
            const c = s === 206 ? (lo > 0xffffffff ? 1 : 0) : lo < 0 ? -1 : 0;
            out[2 * j] = lo | 0;
            out[2 * j + 1] =
              (s === 206 ? va[2 * j + 1]! + vb[2 * j + 1]! + c : va[2 * j + 1]! - vb[2 * j + 1]! + c) | 0;
          } else {
            const hi = s === 221 || s === 223 ? 2 : 0;
            mul64(va[j + hi]!, vb[j + hi]!, s <= 221);
            out[2 * j] = mlo;
            out[2 * j + 1] = mhi;
          }
        }
        S[sp - 1] = out;
        T[sp - 1] = s === 206 || s === 209 ? spread(m, 8) : widen(m, 4, 8, s === 221 || s === 223 ? 2 : 0);
        return;
      }
    }
    // loads and stores
    if (s <= 10 || s === 92 || s === 93) {
      const n = s === 0 ? 16 : s <= 6 ? 8 : s === 7 ? 1 : s === 8 ? 2 : s === 9 || s === 92 ? 4 : 8;
      const ea = addr(off, n);
      const m = addrTaint ? 0xffff : shMask(ea, n);
      if (s === 0) {
        S[sp] = ldv(ea);
        T[sp++] = m;
        return;
      }
      if (s <= 6) {
        // load and extend: 8 bytes, lanes of 1, 2 or 4 bytes widened to twice that
        const w = s <= 2 ? 1 : s <= 4 ? 2 : 4;
        const signed = s % 2 === 1;
        for (let j = 0; j < 8 / w; j++) {
          if (w === 1) R.i16[j] = signed ? dv.getInt8(ea + j) : m8[ea + j]!;
          else if (w === 2) R.i32[j] = signed ? dv.getInt16(ea + 2 * j, true) : dv.getUint16(ea + 2 * j, true);
          else R.i64[j] = signed ? BigInt(dv.getInt32(ea + 4 * j, true)) : BigInt(dv.getUint32(ea + 4 * j, true));
        }
        S[sp] = rv();
        T[sp++] = widen(m, w, 2 * w, 0);
        return;
      }
      if (s <= 10) {
        for (let j = 0; j < 16; j++) R.u8[j] = m8[ea + (j % n)]!;
        S[sp] = rv();
        T[sp++] = m ? all(1) : 0;
        return;
      }
      R.i32.fill(0);
      for (let j = 0; j < n; j++) R.u8[j] = m8[ea + j]!;
      S[sp] = rv();
      T[sp++] = m;
      return;
    }
    if (s === 11) {
      const t = T[--sp]!;
      const v = S[sp] as V;
      const ea = addr(off, 16);
      for (let j = 0; j < 4; j++) dv.setInt32(ea + 4 * j, v[j]!, true);
      shSetMask(ea, 16, t);
      return;
    }
    if (s >= 84 && s <= 91) {
      const lane = code.a[pc]!;
      const n = 1 << (s - (s >= 88 ? 88 : 84));
      const t = T[--sp]!;
      const v = S[sp] as V;
      const ea = addr(off, n);
      la(v);
      if (s >= 88) {
        for (let j = 0; j < n; j++) m8[ea + j] = A.u8[lane * n + j]!;
        shSetMask(ea, n, t, lane * n);
        return;
      }
      for (let j = 0; j < n; j++) A.u8[lane * n + j] = m8[ea + j]!;
      const lm = ((1 << n) - 1) << (lane * n);
      S[sp] = [A.i32[0]!, A.i32[1]!, A.i32[2]!, A.i32[3]!];
      T[sp++] = addrTaint ? 0xffff : (t & ~lm) | (shMask(ea, n) << (lane * n));
      return;
    }
    if (s === 12) {
      S[sp] = (code.x[pc] as V).slice();
      T[sp++] = 0;
      return;
    }
    if (s === 13 || s === 14) {
      const tb = T[--sp]!;
      lb(S[sp] as V);
      const ta = T[sp - 1]!;
      la(S[sp - 1] as V);
      let m = 0;
      for (let j = 0; j < 16; j++) {
        if (s === 13) {
          const l = (code.x[pc] as number[])[j]!;
          R.u8[j] = l < 16 ? A.u8[l]! : B.u8[l - 16]!;
          if (l < 16 ? (ta >> l) & 1 : (tb >> (l - 16)) & 1) m |= 1 << j;
        } else {
          const l = B.u8[j]!;
          R.u8[j] = l < 16 ? A.u8[l]! : 0;
          if (((tb >> j) & 1) | (l < 16 ? (ta >> l) & 1 : 0)) m |= 1 << j;
        }
      }
      S[sp - 1] = rv();
      T[sp - 1] = m;
      return;
    }
    if (s >= 15 && s <= 18) {
      const t = T[sp - 1]!;
      const v = S[sp - 1]!;
      if (s === 15) R.i8.fill(v as number);
      else if (s === 16) R.i16.fill(v as number);
      else if (s === 17) R.i32.fill(v as number);
      else R.i64.fill(v as bigint);
      S[sp - 1] = rv();
      T[sp - 1] = all(t);
      return;
    }
    if (s >= 21 && s <= 30) {
      const lane = code.a[pc]!;
      const w = s <= 23 ? 1 : s <= 26 ? 2 : s <= 28 ? 4 : 8;
      const replace = s === 23 || s === 26 || s === 28 || s === 30;
      if (replace) {
        const t = T[--sp]!;
        const v = S[sp]!;
        la(S[sp - 1] as V);
        if (w === 1) A.i8[lane] = v as number;
        else if (w === 2) A.i16[lane] = v as number;
        else if (w === 4) A.i32[lane] = v as number;
        else A.i64[lane] = v as bigint;
        const lm = ((1 << w) - 1) << (lane * w);
        S[sp - 1] = [A.i32[0]!, A.i32[1]!, A.i32[2]!, A.i32[3]!];
        T[sp - 1] = (T[sp - 1]! & ~lm) | (t ? lm : 0);
        return;
      }
      la(S[sp - 1] as V);
      S[sp - 1] =
        s === 21
          ? A.i8[lane]!
          : s === 22
            ? A.u8[lane]!
            : s === 24
              ? A.i16[lane]!
              : s === 25
                ? A.u16[lane]!
                : s === 27
                  ? A.i32[lane]!
                  : A.i64[lane]!;
      T[sp - 1] = laneMask(T[sp - 1]!, w, lane);
      return;
    }
    // unary v128 operations
    if (KIND[s] === UNARY) {
      const t = T[sp - 1]!;
      la(S[sp - 1] as V);
      let m = t;
      let scalar: number | undefined;
      switch (s) {
        case 77:
          for (let j = 0; j < 4; j++) R.i32[j] = ~A.i32[j]!;
          break;
        case 83:
          scalar = A.i32.some((v) => v !== 0) ? 1 : 0;
          break;
        case 96:
          for (let j = 0; j < 16; j++) R.i8[j] = Math.abs(A.i8[j]!);
          break;
        case 97:
          for (let j = 0; j < 16; j++) R.i8[j] = -A.i8[j]!;
          break;
        case 98:
          for (let j = 0; j < 16; j++) {
            let v = A.u8[j]!,
              c = 0;
            while (v) {
              v &= v - 1;
              c++;
            }
            R.u8[j] = c;
          }
          break;
        case 99:
          scalar = A.u8.every((v) => v !== 0) ? 1 : 0;
          break;
        case 100:
          scalar = 0;
          for (let j = 0; j < 16; j++) if (A.i8[j]! < 0) scalar |= 1 << j;
          break;
        case 124:
        case 125:
          for (let j = 0; j < 8; j++)
            R.i16[j] = s === 124 ? A.i8[2 * j]! + A.i8[2 * j + 1]! : A.u8[2 * j]! + A.u8[2 * j + 1]!;
          m = spread(t, 2);
          break;
        case 126:
        case 127:
          for (let j = 0; j < 4; j++)
            R.i32[j] = s === 126 ? A.i16[2 * j]! + A.i16[2 * j + 1]! : A.u16[2 * j]! + A.u16[2 * j + 1]!;
          m = spread(t, 4);
          break;
        case 128:
          for (let j = 0; j < 8; j++) R.i16[j] = Math.abs(A.i16[j]!);
          m = spread(t, 2);
          break;
        case 129:
          for (let j = 0; j < 8; j++) R.i16[j] = -A.i16[j]!;
          m = spread(t, 2);
          break;
        case 131:
          scalar = A.u16.every((v) => v !== 0) ? 1 : 0;
          break;
        case 132:
          scalar = 0;
          for (let j = 0; j < 8; j++) if (A.i16[j]! < 0) scalar |= 1 << j;
          break;
        case 135:
        case 136:
        case 137:
        case 138: {
          const hi = s === 136 || s === 138 ? 8 : 0;
          for (let j = 0; j < 8; j++) R.i16[j] = s <= 136 ? A.i8[j + hi]! : A.u8[j + hi]!;
          m = widen(t, 1, 2, hi);
          break;
        }
        case 160:
          for (let j = 0; j < 4; j++) R.i32[j] = Math.abs(A.i32[j]!) | 0;
          m = spread(t, 4);
          break;
        case 161:
          for (let j = 0; j < 4; j++) R.i32[j] = -A.i32[j]! | 0;
          m = spread(t, 4);
          break;
        case 163:
          scalar = A.i32.every((v) => v !== 0) ? 1 : 0;
          break;
        case 164:
          scalar = 0;
          for (let j = 0; j < 4; j++) if (A.i32[j]! < 0) scalar |= 1 << j;
          break;
        case 167:
        case 168:
        case 169:
        case 170: {
          const hi = s === 168 || s === 170 ? 4 : 0;
          for (let j = 0; j < 4; j++) R.i32[j] = s <= 168 ? A.i16[j + hi]! : A.u16[j + hi]!;
          m = widen(t, 2, 4, hi);
          break;
        }
        case 192:
        case 193:
          for (let j = 0; j < 2; j++) {
            const v = A.i64[j]!;
            R.i64[j] = s === 192 ? (v < 0n ? -v : v) : -v;
          }
          m = spread(t, 8);
          break;
        case 195:
          scalar = A.i64.every((v) => v !== 0n) ? 1 : 0;
          break;
        case 196:
          scalar = (A.i64[0]! < 0n ? 1 : 0) | (A.i64[1]! < 0n ? 2 : 0);
          break;
        default: {
          const hi = s === 200 || s === 202 ? 2 : 0;
          for (let j = 0; j < 2; j++) {
            R.i32[2 * j] = A.i32[j + hi]!;
            R.i32[2 * j + 1] = s <= 200 ? A.i32[j + hi]! >> 31 : 0;
          }
          m = widen(t, 4, 8, hi);
        }
      }
      if (scalar !== undefined) {
        S[sp - 1] = scalar;
        T[sp - 1] = t ? 1 : 0;
      } else {
        S[sp - 1] = rv();
        T[sp - 1] = m;
      }
      return;
    }
    // shifts: v128 by a scalar count
    if (KIND[s] === SHIFT) {
      const tc = T[--sp]!;
      const c = S[sp] as number;
      const t = T[sp - 1]!;
      const v = S[sp - 1] as V;
      const w = s <= 109 ? 1 : s <= 141 ? 2 : s <= 173 ? 4 : 8;
      const kind = (s - (w === 1 ? 107 : w === 2 ? 139 : w === 4 ? 171 : 203)) as 0 | 1 | 2; // shl, shr_s, shr_u
      const k = c & (8 * w - 1);
      if (w === 8) {
        const out: V = [0, 0, 0, 0];
        for (let j = 0; j < 2; j++) {
          const lo = v[2 * j]!,
            hi = v[2 * j + 1]!;
          let rl: number, rh: number;
          if (k === 0) {
            rl = lo;
            rh = hi;
          } else if (kind === 0) {
            if (k < 32) {
              rh = (hi << k) | (lo >>> (32 - k));
              rl = lo << k;
            } else {
              rh = lo << (k - 32);
              rl = 0;
            }
          } else if (k < 32) {
            rl = (lo >>> k) | (hi << (32 - k));
            rh = kind === 1 ? hi >> k : (hi >>> k) | 0;
          } else {
            rl = kind === 1 ? hi >> (k - 32) : (hi >>> (k - 32)) | 0;
            rh = kind === 1 ? hi >> 31 : 0;
          }
          out[2 * j] = rl | 0;
          out[2 * j + 1] = rh | 0;
        }
        S[sp - 1] = out;
      } else {
        la(v);
        const n = 16 / w;
        for (let j = 0; j < n; j++) {
          if (w === 1) R.i8[j] = kind === 0 ? A.i8[j]! << k : kind === 1 ? A.i8[j]! >> k : A.u8[j]! >>> k;
          else if (w === 2) R.i16[j] = kind === 0 ? A.i16[j]! << k : kind === 1 ? A.i16[j]! >> k : A.u16[j]! >>> k;
          else R.i32[j] = kind === 0 ? A.i32[j]! << k : kind === 1 ? A.i32[j]! >> k : A.u32[j]! >>> k;
        }
        S[sp - 1] = rv();
      }
      T[sp - 1] = tc ? 0xffff : spread(t, w);
      return;
    }
    if (s === 82) {
      // bitselect(v1, v2, c)
      const tc = T[--sp]!;
      const c = S[sp] as V;
      const t2 = T[--sp]!;
      const v2 = S[sp] as V;
      const v1 = S[sp - 1] as V;
      S[sp - 1] = [
        (v1[0]! & c[0]!) | (v2[0]! & ~c[0]!),
        (v1[1]! & c[1]!) | (v2[1]! & ~c[1]!),
        (v1[2]! & c[2]!) | (v2[2]! & ~c[2]!),
        (v1[3]! & c[3]!) | (v2[3]! & ~c[3]!),
      ];
      T[sp - 1] = T[sp - 1]! | t2 | tc;
      return;
    }
    // binary v128 operations
    const tb = T[--sp]!;
    const vb = S[sp] as V;
    const ta = T[sp - 1]!;
    const va = S[sp - 1] as V;
    let m = ta | tb;
    la(va);
    lb(vb);
    switch (s) {
      // comparisons: lanes of all ones or zeros
      case 35:
      case 36:
      case 37:
      case 38:
      case 39:
      case 40:
      case 41:
      case 42:
      case 43:
      case 44:
        for (let j = 0; j < 16; j++) R.i8[j] = cmp(s - 35, A.i8[j]!, B.i8[j]!, A.u8[j]!, B.u8[j]!) ? -1 : 0;
        break;
      case 45:
      case 46:
      case 47:
      case 48:
      case 49:
      case 50:
      case 51:
      case 52:
      case 53:
      case 54:
        for (let j = 0; j < 8; j++) R.i16[j] = cmp(s - 45, A.i16[j]!, B.i16[j]!, A.u16[j]!, B.u16[j]!) ? -1 : 0;
        m = spread(m, 2);
        break;
      case 55:
      case 56:
      case 57:
      case 58:
      case 59:
      case 60:
      case 61:
      case 62:
      case 63:
      case 64:
        for (let j = 0; j < 4; j++) R.i32[j] = cmp(s - 55, A.i32[j]!, B.i32[j]!, A.u32[j]!, B.u32[j]!) ? -1 : 0;
        m = spread(m, 4);
        break;
      case 214:
      case 215:
      case 216:
      case 217:
      case 218:
      case 219: {
        const map = [0, 1, 2, 4, 6, 8][s - 214]!;
        for (let j = 0; j < 2; j++) R.i64[j] = cmp(map, A.i64[j]!, B.i64[j]!, 0n, 0n) ? -1n : 0n;
        m = spread(m, 8);
        break;
      }
      case 101:
      case 102:
        for (let j = 0; j < 16; j++) {
          const v = j < 8 ? A.i16[j]! : B.i16[j - 8]!;
          R.i8[j] = s === 101 ? sat(v, -128, 127) : sat(v, 0, 255);
        }
        m = narrowMask(ta, tb, 2);
        break;
      case 133:
      case 134:
        for (let j = 0; j < 8; j++) {
          const v = j < 4 ? A.i32[j]! : B.i32[j - 4]!;
          R.i16[j] = s === 133 ? sat(v, -32768, 32767) : sat(v, 0, 65535);
        }
        m = narrowMask(ta, tb, 4);
        break;
      case 110:
      case 111:
      case 112:
      case 113:
      case 114:
      case 115:
      case 118:
      case 119:
      case 120:
      case 121:
      case 123:
        for (let j = 0; j < 16; j++) R.i8[j] = lane(s - 110, A.i8[j]!, B.i8[j]!, A.u8[j]!, B.u8[j]!, 8);
        break;
      case 130:
        for (let j = 0; j < 8; j++) R.i16[j] = sat((A.i16[j]! * B.i16[j]! + 0x4000) >> 15, -32768, 32767);
        m = spread(m, 2);
        break;
      case 142:
      case 143:
      case 144:
      case 145:
      case 146:
      case 147:
      case 149:
      case 150:
      case 151:
      case 152:
      case 153:
      case 155:
        for (let j = 0; j < 8; j++) R.i16[j] = lane(s - 142, A.i16[j]!, B.i16[j]!, A.u16[j]!, B.u16[j]!, 16);
        m = spread(m, 2);
        break;
      case 156:
      case 157:
      case 158:
      case 159: {
        const hi = s === 157 || s === 159 ? 8 : 0;
        for (let j = 0; j < 8; j++) R.i16[j] = s <= 157 ? A.i8[j + hi]! * B.i8[j + hi]! : A.u8[j + hi]! * B.u8[j + hi]!;
        m = widen(m, 1, 2, hi);
        break;
      }
      case 174:
      case 177:
      case 181:
      case 182:
      case 183:
      case 184:
      case 185:
        for (let j = 0; j < 4; j++) R.i32[j] = lane(s - 174, A.i32[j]!, B.i32[j]!, A.u32[j]!, B.u32[j]!, 32);
        m = spread(m, 4);
        break;
      case 186:
        for (let j = 0; j < 4; j++)
          R.i32[j] = (A.i16[2 * j]! * B.i16[2 * j]! + A.i16[2 * j + 1]! * B.i16[2 * j + 1]!) | 0;
        m = spread(m, 4);
        break;
      case 188:
      case 189:
      case 190:
      case 191: {
        const hi = s === 189 || s === 191 ? 4 : 0;
        for (let j = 0; j < 4; j++)
          R.i32[j] = s <= 189 ? A.i16[j + hi]! * B.i16[j + hi]! : (A.u16[j + hi]! * B.u16[j + hi]!) | 0;
        m = widen(m, 2, 4, hi);
        break;
      }
      case 213:
        for (let j = 0; j < 2; j++) R.i64[j] = BigInt.asIntN(64, A.i64[j]! * B.i64[j]!);
        m = spread(m, 8);
        break;
      default:
        trap(`SIMD opcode 0xfd ${s} is not implemented`);
    }
    S[sp - 1] = rv();
    T[sp - 1] = m;
  }

  const exportNames = mod.exports.filter((e) => e.kind === 0).map((e) => e.name);
  if (mod.start !== undefined) call(mod.start);
  return {
    memory,
    shadow: sh,
    coverage,
    exportNames,
    steps: () => steps,
    invoke(name: string, args: readonly number[]): number | undefined {
      const e = mod.exports.find((x) => x.name === name && x.kind === 0);
      if (e === undefined) throw new Error(`ct-wasm: no exported function ${name}`);
      const type = mod.types[mod.funcs[e.index]!]!;
      sp = 0;
      for (let i = 0; i < type.params.length; i++) {
        S[sp] = args[i] ?? 0;
        T[sp++] = 0;
      }
      call(e.index);
      return type.results.length > 0 ? (S[0] as number) : undefined;
    },
  };
}

/** Lane comparison k of eq, ne, lt_s, lt_u, gt_s, gt_u, le_s, le_u, ge_s, ge_u. */
function cmp<N extends number | bigint>(k: number, a: N, b: N, au: N, bu: N): boolean {
  switch (k) {
    case 0:
      return a === b;
    case 1:
      return a !== b;
    case 2:
      return a < b;
    case 3:
      return au < bu;
    case 4:
      return a > b;
    case 5:
      return au > bu;
    case 6:
      return a <= b;
    case 7:
      return au <= bu;
    case 8:
      return a >= b;
    default:
      return au >= bu;
  }
}

/**
 * Integer lane operation k, counted from the lane width's add (the same order for i8x16, i16x8
 * and i32x4): add, add_sat_s, add_sat_u, sub, sub_sat_s, sub_sat_u, (6: unused), mul, min_s,
 * min_u, max_s, max_u, (12: unused), avgr_u. Results are stored into a typed array of the lane
 * width, which wraps them.
 */
function lane(k: number, a: number, b: number, au: number, bu: number, bits: number): number {
  const smin = -(2 ** (bits - 1)),
    smax = 2 ** (bits - 1) - 1,
    umax = 2 ** bits - 1;
  switch (k) {
    case 0:
      return a + b;
    case 1:
      return sat(a + b, smin, smax);
    case 2:
      return sat(au + bu, 0, umax);
    case 3:
      return a - b;
    case 4:
      return sat(a - b, smin, smax);
    case 5:
      return sat(au - bu, 0, umax);
    case 7:
      return Math.imul(a, b);
    case 8:
      return Math.min(a, b);
    case 9:
      return Math.min(au, bu);
    case 10:
      return Math.max(a, b);
    case 11:
      return Math.max(au, bu);
    case 13:
      return Math.floor((au + bu + 1) / 2);
    default:
      throw new Error(`ct-wasm: lane operation ${k} is not implemented`);
  }
}

/** Ranges [from, to] of the opcodes the interpreter implements (prefixed ones as FC/FD + sub-opcode). */
const IMPLEMENTED: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x05],
  [0x0b, 0x10],
  [0x1a, 0x1c],
  [0x20, 0x24],
  [0x28, 0x8f],
  [0x91, 0x95],
  [0x99, 0x9d],
  [0x9f, 0xa3],
  [0xa7, 0xa7],
  [0xac, 0xad],
  [0xb7, 0xba],
  [0xc0, 0xc4],
  [FC, FC + 7],
  [FC + 10, FC + 11],
  [FD, FD + 18],
  [FD + 21, FD + 30],
  [FD + 35, FD + 64],
  [FD + 77, FD + 93],
  [FD + 96, FD + 102],
  [FD + 107, FD + 115],
  [FD + 118, FD + 121],
  [FD + 123, FD + 147],
  [FD + 149, FD + 153],
  [FD + 155, FD + 161],
  [FD + 163, FD + 164],
  [FD + 167, FD + 174],
  [FD + 177, FD + 177],
  [FD + 181, FD + 186],
  [FD + 188, FD + 193],
  [FD + 195, FD + 196],
  [FD + 199, FD + 206],
  [FD + 209, FD + 209],
  [FD + 213, FD + 223],
];

/** The opcodes a module uses that the interpreter does not implement (checked before anything runs). */
export function unimplemented(mod: Module): string[] {
  const missing = new Set<string>();
  for (const c of mod.codes) {
    for (const o of c.op) {
      if (!IMPLEMENTED.some(([from, to]) => o >= from && o <= to))
        missing.add(o >= FD ? `0xfd ${o - FD}` : o >= FC ? `0xfc ${o - FC}` : `0x${o.toString(16)}`);
    }
  }
  return [...missing];
}
