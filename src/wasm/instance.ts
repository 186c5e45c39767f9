// Compiling and instantiating the embedded WebAssembly module. The compiled module is kept and
// shared; every instance has its own memory, so separate instances never share a workspace.
import type { WasmExports } from './exports.js';
import { WASM_BASE64 } from './module.generated.js';

let compiled: WebAssembly.Module | undefined;

function wasmBytes(): Uint8Array<ArrayBuffer> {
  const B = (globalThis as { Buffer?: { from(s: string, enc: 'base64'): Uint8Array } }).Buffer;
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

/** The compiled module, synchronously (Node, Deno, Bun, workers; browsers' main threads may refuse). */
export function compileSync(): WebAssembly.Module {
  return (compiled ??= new WebAssembly.Module(wasmBytes()));
}

/** The compiled module, without blocking (every runtime). */
export async function compile(): Promise<WebAssembly.Module> {
  return (compiled ??= await WebAssembly.compile(wasmBytes()));
}

/** A new instance: its own memory, zero-filled. The module imports nothing. */
export function instantiate(module: WebAssembly.Module): WasmExports {
  return new WebAssembly.Instance(module, {}).exports as unknown as WasmExports;
}
