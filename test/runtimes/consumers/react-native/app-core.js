// The core, the keys and the key objects on Hermes without any stand-in but getRandomValues: no
// TextEncoder, WeakRef, FinalizationRegistry, Symbol.dispose, WebAssembly or crypto.subtle (the
// suite's checks for the other entries, which need TextEncoder, run in app.js).
import './get-random-values.js';
import * as core from 'mlkem-ts';
import * as keys from 'mlkem-ts/keys';
import * as wasm from 'mlkem-ts/wasm';
import { report, runSmoke } from '../smoke/suite.mjs';
import vectors from '../vectors.json';
import { hermesChecks } from './hermes.js';

const out = typeof print === 'function' ? print : console.log;
const modules = { 'mlkem-ts': core, 'mlkem-ts/keys': keys, 'mlkem-ts/wasm': wasm };

runSmoke({ modules, entries: Object.keys(modules), webAssembly: false, embeddedWasm: false, vectors, extra: hermesChecks(true) })
  .then((result) => out(report(`Hermes ${hermesChecks.version()} (core, keys, key objects; no TextEncoder)`, result)))
  .catch((err) => out(`the app crashed: ${err && err.stack}`));
