// The declaration of mlkem-ts/wasm/mlkem.wasm (scripts/entries.ts ASSETS), for platforms that import
// .wasm files as compiled modules.
import type { CompiledWasmModule } from './types.js';

/**
 * mlkem-ts's WebAssembly module as platforms that import `.wasm` files give it (Cloudflare
 * Workers and wrangler: a compiled `WebAssembly.Module`). Pass it to `loadWasm`.
 */
declare const mlkemWasm: CompiledWasmModule;
export default mlkemWasm;
