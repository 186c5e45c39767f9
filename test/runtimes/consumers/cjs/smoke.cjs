// Node.js and Bun as CommonJS: every entry point require()d by name from the installed package.
const { readFileSync } = require('node:fs');
const { report, runSmoke } = require('../smoke/suite.cjs');
const entries = require('../entries.json');
const vectors = require('../vectors.json');

const runtime = typeof Bun !== 'undefined' ? `Bun ${Bun.version}` : `Node.js ${process.version}`;
const modules = Object.fromEntries(entries.map((s) => [s, require(s)]));
const bytes = readFileSync(require.resolve('mlkem-ts/wasm/mlkem.wasm'));

runSmoke({ modules, entries, wasmFile: bytes, wasmFileSync: bytes, embeddedWasm: true, vectors }).then((result) => {
  console.log(report(`${runtime} (CommonJS require)`, result));
  process.exitCode = result.failed === 0 && result.passed > 0 ? 0 : 1;
});
