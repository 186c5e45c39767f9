// A Cloudflare Worker (module syntax) serving the smoke suite, bundled as wrangler does (esbuild,
// conditions workerd/worker/browser, .wasm imports kept as compiled-module imports) and run in
// workerd. Workers refuse to compile WebAssembly from bytes: loadWasm() must say so with an
// MlKemError, and the imported mlkem.wasm module must work.
import wasm from 'mlkem-ts/wasm/mlkem.wasm';
import { modules } from '../entries.mjs';
import entries from '../entries.json';
import { runSmoke } from '../smoke/suite.mjs';
import vectors from '../vectors.json';

// Workers forbid randomness at module top level: keygen() there must fail with ERR_RANDOMNESS.
let topLevelError = null;
try {
  modules['mlkem-ts'].MlKem768.keygen();
} catch (err) {
  topLevelError = err;
}

const extra = {
  'keygen() at module top level: MlKemError ERR_RANDOMNESS': () => {
    const e = topLevelError;
    if (!(e instanceof modules['mlkem-ts'].MlKemError) || e.code !== 'ERR_RANDOMNESS') {
      throw new Error(`got ${e === null ? 'no error' : `${e.name} ${e.code}: ${e.message}`}`);
    }
  },
};

export default {
  async fetch() {
    const result = await runSmoke({ modules, entries, wasmFile: wasm, wasmFileSync: wasm, embeddedWasm: false, vectors, extra });
    return Response.json({ ...result, runtime: navigator.userAgent });
  },
};
