// Node.js, Deno and Bun, as ES modules: every entry point imported by name from the installed
// package, mlkem.wasm read from where the package puts it, then the smoke suite.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { report, runSmoke } from '../smoke/suite.mjs';
import entries from '../entries.json' with { type: 'json' };
import vectors from '../vectors.json' with { type: 'json' };

const runtime =
  typeof Deno !== 'undefined' ? `Deno ${Deno.version.deno}` : typeof Bun !== 'undefined' ? `Bun ${Bun.version}` : `Node.js ${process.version}`;
const modules = {};
for (const s of entries) modules[s] = await import(s);
const bytes = readFileSync(fileURLToPath(import.meta.resolve('mlkem-ts/wasm/mlkem.wasm')));

// Each runtime gets the file in another of the forms loadWasm accepts.
let wasmFile = bytes;
if (runtime.startsWith('Node')) wasmFile = Promise.resolve(new Response(bytes)); // a promise of a Response
if (runtime.startsWith('Deno')) wasmFile = await WebAssembly.compile(bytes); // a compiled module
if (runtime.startsWith('Bun')) wasmFile = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length); // an ArrayBuffer

const require = createRequire(import.meta.url);
const extra = {
  // Where require() loads another copy (the CommonJS build), instanceof still holds across copies.
  'an MlKemError of the require()d package is instanceof the imported MlKemError': () => {
    try {
      require('mlkem-ts').MlKem768.encapsulate(new Uint8Array(1));
    } catch (err) {
      if (err instanceof modules['mlkem-ts'].MlKemError && err.code === 'ERR_INVALID_LENGTH') return;
      throw new Error(`got ${err}`);
    }
    throw new Error('nothing was thrown');
  },
};
if (runtime.startsWith('Node')) {
  // Node.js 20.19+ and 22.12+ resolve require() to the ES build too (the module-sync condition):
  // one copy of the package, one MlKemError class, whichever way it is loaded.
  extra['require() gives the same modules as import (module-sync)'] = () => {
    for (const s of entries) if (require(s) !== modules[s]) throw new Error(`require('${s}') is another copy than import('${s}')`);
  };
}

const result = await runSmoke({ modules, entries, wasmFile, wasmFileSync: bytes, embeddedWasm: true, vectors, extra });
console.log(report(`${runtime} (ES modules)`, result));
process.exitCode = result.failed === 0 && result.passed > 0 ? 0 : 1;
