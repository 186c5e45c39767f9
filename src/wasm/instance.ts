// Compiling and instantiating the WebAssembly module: the embedded one (compiled once, shared), or
// one the caller brings (a compiled WebAssembly.Module, its bytes, or a fetch Response). The
// latter is for runtimes that refuse to compile from bytes (Cloudflare Workers; not pages whose CSP
// lacks 'wasm-unsafe-eval', which refuse every source). Every instance has its own memory, so instances never share a workspace.
import { describe } from '../args.js';
import { type ByteArray, copyBuffer } from '../bytes.js';
import { MlKemError } from '../errors.js';
import type { WasmExports } from './exports.js';
import { WASM_BASE64 } from './module.generated.js';
import type { WasmModuleSource, WasmModuleSync, WasmResponse } from './types.js';

/** Exports the kernels call (checked before instantiating), the fused ones among them: an older mlkem.wasm lacks them. */
const REQUIRED_EXPORTS = ['memory', 'heapBase', 'sampleMatrixWithHash', 'kpkeEncrypt', 'kpkeDecrypt'];

// A page's policy refuses WebAssembly from any source, so passing the module file cannot help there.
const HOW_TO =
  "on a web page, add 'wasm-unsafe-eval' to the script-src of its Content-Security-Policy; " +
  "on Cloudflare Workers, which compile no bytes, import the module file and pass it: `import wasm from 'mlkem-ts/wasm/mlkem.wasm'; await loadWasm(wasm)`; " +
  "or use the portable backend, 'mlkem-ts', which needs neither";

let embedded: WebAssembly.Module | undefined;

function wasmApi(): typeof WebAssembly {
  const api = (globalThis as { WebAssembly?: typeof WebAssembly }).WebAssembly;
  if (api === undefined) {
    throw new MlKemError(
      'ERR_WASM_UNAVAILABLE',
      "this runtime has no WebAssembly: use the portable backend, 'mlkem-ts'",
    );
  }
  return api;
}

function unavailable(what: string, cause: unknown): MlKemError {
  // Only our own errors pass through (not the brand check of instanceof: the cause may be the caller's object).
  if (Function.prototype[Symbol.hasInstance].call(MlKemError, cause)) return cause as MlKemError;
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  return new MlKemError('ERR_WASM_UNAVAILABLE', `could not ${what} the WebAssembly module (${reason}); ${HOW_TO}`, {
    cause,
  });
}

/** fn's result; whatever it throws (the runtime refusing, a failed fetch) becomes ERR_WASM_UNAVAILABLE. */
function attempt<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw unavailable(what, err);
  }
}

async function attemptAsync<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw unavailable(what, err);
  }
}

function embeddedBytes(): Uint8Array<ArrayBuffer> {
  // The platform's decoder where it has one (browsers since 2025; an atob loop takes ≈ 2 ms).
  const fromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64;
  if (typeof fromBase64 === 'function') return fromBase64(WASM_BASE64);
  const B = (globalThis as { Buffer?: { from(s: string, enc: 'base64'): ByteArray } }).Buffer;
  if (B) {
    // Buffer's decoder is much faster than a JS loop; copy out of its shared pool into an
    // ArrayBuffer of our own, which is what WebAssembly.Module accepts.
    return new Uint8Array(B.from(WASM_BASE64, 'base64'));
  }
  const text = atob(WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** True for a WebAssembly.Module, also one of another realm. */
function isModule(value: unknown): value is WebAssembly.Module {
  return Object.prototype.toString.call(value) === '[object WebAssembly.Module]';
}

/**
 * A private copy of the caller's bytes (an ArrayBuffer, of any realm, or any view), or undefined
 * for anything else (bytes.ts's copy policy; a SharedArrayBuffer itself is not a module's bytes).
 */
function copyOfBytes(value: unknown): Uint8Array<ArrayBuffer> | undefined {
  const copy = copyBuffer(value);
  return copy !== undefined && (copy.view || !copy.shared) ? copy.bytes : undefined;
}

/** The bytes must at least look like a WebAssembly binary: magic "\0asm", version 1. */
function checkMagic(bytes: Uint8Array): void {
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (bytes.length < magic.length || magic.some((b, i) => bytes[i] !== b)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `module must be the bytes of mlkem.wasm, got ${bytes.length} bytes that are not a WebAssembly module`,
    );
  }
}

/** A module the caller gave must be ours: the exports the kernels call must be there. */
function checkExports(module: WebAssembly.Module): WebAssembly.Module {
  let names: Set<string>;
  try {
    names = new Set(
      wasmApi()
        .Module.exports(module)
        .map((e) => e.name),
    );
  } catch {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `module must be ${SYNC_ACCEPTED}, got an object that only claims to be a WebAssembly.Module`,
    );
  }
  const missing = REQUIRED_EXPORTS.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `module must be mlkem-ts's mlkem.wasm, got a WebAssembly module without ${missing.join(', ')}`,
    );
  }
  return module;
}

const SYNC_ACCEPTED = 'a WebAssembly.Module or the bytes of mlkem.wasm (an ArrayBuffer or a Uint8Array)';
const ACCEPTED = `${SYNC_ACCEPTED}, a Response for it, or a promise of one of these`;

/** The caller's module (its exports checked) or a copy of its bytes (checked to be WebAssembly). */
function moduleOrBytes(value: unknown, accepted: string): WebAssembly.Module | Uint8Array<ArrayBuffer> {
  if (isModule(value)) return checkExports(value);
  const bytes = copyOfBytes(value);
  if (bytes === undefined)
    throw new MlKemError('ERR_INVALID_TYPE', `module must be ${accepted}, got ${describe(value)}`);
  checkMagic(bytes);
  return bytes;
}

/** The compiled module, synchronously: the embedded one, or the caller's (Node, Deno, Bun, workers). */
export function compileSync(source?: WasmModuleSync): WebAssembly.Module {
  const api = wasmApi();
  if (source === undefined) return (embedded ??= attempt('compile', () => new api.Module(embeddedBytes())));
  const given = moduleOrBytes(source, SYNC_ACCEPTED);
  return isModule(given) ? given : checkExports(attempt('compile', () => new api.Module(given)));
}

/** The compiled module without blocking: the embedded one, or from what the caller gives (every runtime). */
export async function compile(source?: WasmModuleSource): Promise<WebAssembly.Module> {
  const api = wasmApi();
  if (source === undefined) return (embedded ??= await attemptAsync('compile', () => api.compile(embeddedBytes())));
  // Bytes are copied before anything awaits: the caller may reuse its buffer at once.
  let value: unknown = copyOfBytes(source) ?? (await attemptAsync('load', async () => source)); // a fetch settles here
  const response = value as Partial<WasmResponse> | null;
  // A Response: its members are read through attempt, so one whose getters throw is refused, not thrown through.
  if (
    response !== null &&
    !isModule(value) &&
    copyOfBytes(value) === undefined &&
    attempt('read', () => typeof response.arrayBuffer === 'function')
  ) {
    if (attempt('fetch', () => response.ok) === false) {
      throw new MlKemError(
        'ERR_WASM_UNAVAILABLE',
        `could not fetch the WebAssembly module: the response has status ${attempt('fetch', () => String(response.status))}`,
      );
    }
    value = await attemptAsync('read', () => response.arrayBuffer!());
  }
  const given = moduleOrBytes(value, ACCEPTED);
  return isModule(given) ? given : checkExports(await attemptAsync('compile', () => api.compile(given)));
}

/** A new instance: its own memory, zero-filled. The module imports nothing. */
export function instantiate(module: WebAssembly.Module): WasmExports {
  return attempt('instantiate', () => new (wasmApi().Instance)(module, {}).exports as unknown as WasmExports);
}
