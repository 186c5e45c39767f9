// Micro-benchmark of the WebAssembly encoding kernels (assembly/encode.ts) against the portable
// ones, through the Kernels interface: ns per call of byteEncode12, byteDecode12, isCanonical12
// (1152 bytes, an ML-KEM-768 key), compressEncode and decodeDecompress for d = 4, 5, 10, 11,
// messageToPoly and polyToMessage.
//
//   node --import tsx bench/wasm-encode-micro.ts [rounds] [variant.ts]
//
// With variant.ts (an AssemblyScript file exporting the same seven functions, e.g. a scalar
// version), that file is also compiled on its own with the module's flags and measured beside.
// V8 first runs wasm in its baseline tier (Liftoff): every case is warmed up before timing, then
// the cases run interleaved round after round and each figure is the median over the rounds,
// because this machine is noisy.
import asc from 'assemblyscript/asc';

import type { Kernels } from '../src/kernels.js';
import { portableKernels } from '../src/portable/index.js';
import type { WasmExports } from '../src/wasm/exports.js';
import { compileSync, instantiate } from '../src/wasm/instance.js';
import { wasmKernels } from '../src/wasm/kernels.js';
import { median, time } from './micro.js';

const ROUNDS = Number(process.argv[2] ?? 15);
const VARIANT = process.argv[3];
const ITERATIONS = 5_000;
const Q = 3329;

type EncodeExports = Pick<
  WasmExports,
  | 'memory'
  | 'byteEncode12'
  | 'byteDecode12'
  | 'isCanonical12'
  | 'compressEncode'
  | 'decodeDecompress'
  | 'messageToPoly'
  | 'polyToMessage'
>;

async function compileVariant(source: string): Promise<EncodeExports> {
  let binary: Uint8Array<ArrayBuffer> | undefined;
  const stderr = asc.createMemoryStream();
  const { error } = await asc.main(
    [
      source,
      '-O3',
      '--runtime',
      'stub',
      '--noAssert',
      '--enable',
      'simd',
      '--initialMemory',
      '3',
      '--outFile',
      'v.wasm',
    ],
    {
      stderr,
      writeFile: (name: string, contents: Uint8Array | string) => {
        if (name.endsWith('.wasm')) binary = new Uint8Array(contents as Uint8Array);
      },
    },
  );
  if (error || !binary) throw new Error(`asc failed: ${error?.message}\n${stderr.toString()}`);
  return new WebAssembly.Instance(new WebAssembly.Module(binary), {}).exports as unknown as EncodeExports;
}

/** The encoding kernels of a variant module, with buffers from 64 KiB up (above its static data). */
function variantKernels(ex: EncodeExports): Pick<Kernels, 'alloc8' | 'alloc16'> & Partial<Kernels> {
  let next = 65536;
  const reserve = (bytes: number): number => {
    const at = next;
    next = (next + bytes + 15) & ~15;
    return at;
  };
  return {
    alloc8: (n) => new Uint8Array(ex.memory.buffer, reserve(n), n),
    alloc16: (n) => new Int16Array(ex.memory.buffer, reserve(2 * n), n),
    byteEncode12: (out, off, f) => ex.byteEncode12(out.byteOffset + off, f.byteOffset),
    byteDecode12: (f, src, off) => ex.byteDecode12(f.byteOffset, src.byteOffset + off),
    isCanonical12: (src, off, len) => ex.isCanonical12(src.byteOffset + off, len) !== 0,
    compressEncode: (out, off, f, d) => ex.compressEncode(out.byteOffset + off, f.byteOffset, d),
    decodeDecompress: (f, src, off, d) => ex.decodeDecompress(f.byteOffset, src.byteOffset + off, d),
    messageToPoly: (f, m, off) => ex.messageToPoly(f.byteOffset, m.byteOffset + off),
    polyToMessage: (out, off, f) => ex.polyToMessage(out.byteOffset + off, f.byteOffset),
  };
}

/** Each case runs n calls; the result is ns per call. */
const cases: Record<string, (n: number) => void> = {};

function addCases(tag: string, K: Pick<Kernels, 'alloc8' | 'alloc16'> & Partial<Kernels>): void {
  const K2 = K as Kernels;
  const f = K.alloc16(256);
  for (let j = 0; j < 256; j++) f[j] = ((Math.imul(j, 0x9e3779b1) >>> 0) % (2 * Q - 1)) - (Q - 1); // |x| < q
  const bytes = K.alloc8(1600);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.imul(i, 151) & 0xff;
  const key = K.alloc8(1152);
  const g = K.alloc16(256);
  for (let p = 0; p < 3; p++) {
    for (let j = 0; j < 256; j++) g[j] = (j * 13 + p) % Q;
    K2.byteEncode12(key, 384 * p, g); // a canonical key: the check reads all of it
  }
  const out = K.alloc16(256);
  const off = 3; // byte data at an odd offset, as in a ciphertext
  cases[`byteEncode12 ${tag}`] = (n) => {
    for (let i = 0; i < n; i++) K2.byteEncode12(bytes, off, f);
  };
  cases[`byteDecode12 ${tag}`] = (n) => {
    for (let i = 0; i < n; i++) K2.byteDecode12(out, bytes, off);
  };
  cases[`isCanonical12 (1152 bytes) ${tag}`] = (n) => {
    for (let i = 0; i < n; i++) K2.isCanonical12(key, 0, 1152);
  };
  for (const d of [4, 5, 10, 11]) {
    cases[`compressEncode d=${d} ${tag}`] = (n) => {
      for (let i = 0; i < n; i++) K2.compressEncode(bytes, off, f, d);
    };
    cases[`decodeDecompress d=${d} ${tag}`] = (n) => {
      for (let i = 0; i < n; i++) K2.decodeDecompress(out, bytes, off, d);
    };
  }
  cases[`messageToPoly ${tag}`] = (n) => {
    for (let i = 0; i < n; i++) K2.messageToPoly(out, bytes, off);
  };
  cases[`polyToMessage ${tag}`] = (n) => {
    for (let i = 0; i < n; i++) K2.polyToMessage(bytes, off, f);
  };
}

addCases('wasm', wasmKernels(instantiate(compileSync())));
if (VARIANT !== undefined) addCases('variant', variantKernels(await compileVariant(VARIANT)));
addCases('portable', portableKernels);

for (const run of Object.values(cases)) for (let w = 0; w < 10; w++) time(run, ITERATIONS); // past Liftoff and TurboFan

const samples: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, run] of Object.entries(cases)) (samples[name] ??= []).push(time(run, ITERATIONS));
}

console.log(`node ${process.version}, ${ROUNDS} rounds × ${ITERATIONS} calls, ns per call: median (min–max)`);
const kernels = [...new Set(Object.keys(samples).map((k) => k.slice(0, k.lastIndexOf(' '))))];
for (const kernel of kernels) {
  const row = (tag: string): string => {
    const xs = samples[`${kernel} ${tag}`];
    return xs
      ? `${tag} ${median(xs).toFixed(0).padStart(5)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`
      : '';
  };
  const ratio = median(samples[`${kernel} portable`]!) / median(samples[`${kernel} wasm`]!);
  console.log(
    `${kernel.padEnd(34)} ${row('wasm').padEnd(24)} ${VARIANT ? row('variant').padEnd(27) : ''}${row('portable').padEnd(28)} ${ratio.toFixed(1)}×`,
  );
}
