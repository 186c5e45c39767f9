// The browser app: bundled by esbuild, Vite and webpack, served by scripts/test-runtimes.ts with a
// Content-Security-Policy, and opened in Chromium, Firefox and WebKit. It posts its result to ./result.
// With ?strict-csp the page's CSP lacks 'wasm-unsafe-eval': the WebAssembly backend must refuse
// with ERR_WASM_UNAVAILABLE (also for the fetched file) and the portable one must work.
import { modules } from '../entries.mjs';
import entries from '../entries.json';
import { runCheck, runSmoke } from '../smoke/suite.mjs';
import vectors from '../vectors.json';

async function strictCsp() {
  const { MlKem768, MlKemError } = modules['mlkem-ts'];
  const { loadWasm } = modules['mlkem-ts/wasm'];
  const result = { passed: 0, failed: 0, failures: [], checks: [] };
  const run = (name, fn) => runCheck(result, name, fn);
  const refused = async (load) => {
    try {
      await load();
    } catch (err) {
      if (!(err instanceof MlKemError && err.code === 'ERR_WASM_UNAVAILABLE'))
        throw new Error(`expected MlKemError ERR_WASM_UNAVAILABLE, got ${err}`);
      // The way out that works on a page: the policy, not the module file.
      if (!err.message.includes("on a web page, add 'wasm-unsafe-eval' to the script-src of its Content-Security-Policy"))
        throw new Error(`the message does not say to add 'wasm-unsafe-eval': ${err.message}`);
      return;
    }
    throw new Error('loadWasm succeeded under a CSP without wasm-unsafe-eval');
  };
  await run('loadWasm() refused: ERR_WASM_UNAVAILABLE', () => refused(() => loadWasm()));
  await run('loadWasm(fetch(mlkem.wasm)) refused: ERR_WASM_UNAVAILABLE', () => refused(() => loadWasm(fetch('./mlkem.wasm'))));
  await run('the portable backend works', () => {
    const { publicKey, secretKey } = MlKem768.keygen();
    const { ciphertext, sharedSecret } = MlKem768.encapsulate(publicKey);
    if (MlKem768.decapsulate(ciphertext, secretKey).some((b, i) => b !== sharedSecret[i])) throw new Error('secrets differ');
  });
  return result;
}

async function main() {
  const result = location.search.includes('strict-csp')
    ? await strictCsp()
    : await runSmoke({ modules, entries, wasmFile: fetch('./mlkem.wasm'), embeddedWasm: true, polyfill: true, vectors });
  return { ...result, runtime: navigator.userAgent };
}

main()
  .catch((err) => ({ passed: 0, failed: 1, failures: [`the app crashed: ${err}`], checks: [], runtime: navigator.userAgent }))
  .then((result) => fetch('./result', { method: 'POST', body: JSON.stringify(result) }));
