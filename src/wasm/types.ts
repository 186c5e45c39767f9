// What loadWasm and loadWasmSync accept besides nothing (the embedded module). Typed
// structurally, so that the declarations need neither the DOM library nor Node's types: the
// package's types must check in a project with neither (test/runtimes/consumers/types).

/** A compiled `WebAssembly.Module`. */
export type CompiledWasmModule = object;

/** A fetch `Response` whose body is `mlkem.wasm`. */
export interface WasmResponse {
  /** Whether the response has a 2xx status. */
  readonly ok: boolean;
  /** The HTTP status, named in the error when `ok` is false. */
  readonly status: number;
  /**
   * The body's bytes (the platform's Response provides this method; loadWasm calls it).
   * @returns a promise of the body.
   * @throws Whatever the platform's Response throws or rejects with; loadWasm reports it as `ERR_WASM_UNAVAILABLE`.
   */
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What `loadWasmSync` accepts: the compiled module or the bytes of `mlkem.wasm`. */
export type WasmModuleSync = CompiledWasmModule | ArrayBuffer | ArrayBufferView;

/** What `loadWasm` accepts: as {@link WasmModuleSync}, a `Response`, or a promise of one of them. */
export type WasmModuleSource = WasmModuleSync | WasmResponse | PromiseLike<WasmModuleSync | WasmResponse>;
