// What loadWasm and loadWasmSync accept besides nothing (the embedded module). Typed
// structurally, so that the declarations need neither the DOM library nor Node's types: the
// package's types must check in a project with neither (test/runtimes/consumers/types).

/** A compiled `WebAssembly.Module`. */
export type CompiledWasmModule = object;

/** A fetch `Response` whose body is `mlkem.wasm`. */
export interface WasmResponse {
  readonly ok: boolean;
  readonly status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What `loadWasmSync` accepts: the compiled module or the bytes of `mlkem.wasm`. */
export type WasmModuleSync = CompiledWasmModule | ArrayBuffer | ArrayBufferView;

/** What `loadWasm` accepts: as {@link WasmModuleSync}, a `Response`, or a promise of one of them. */
export type WasmModuleSource = WasmModuleSync | WasmResponse | PromiseLike<WasmModuleSync | WasmResponse>;
