// The smoke suite as a React Native app runs it on Hermes: bundled by Metro (metro.config.js),
// compiled to bytecode by hermesc -O and run by the hermes VM (scripts/test-runtimes.ts). First,
// as react-native-get-random-values asks, its import (here a stand-in: get-random-values.js);
// then TextEncoder as React Native's Hermes has it (text-encoder.js). No WebAssembly and no
// crypto.subtle: the suite checks that loadWasm refuses and that install() patches nothing.
import './get-random-values.js';
import './text-encoder.js';
import { modules } from '../entries.mjs';
import entries from '../entries.json';
import { report, runSmoke } from '../smoke/suite.mjs';
import vectors from '../vectors.json';
import { hermesChecks } from './hermes.js';

const out = typeof print === 'function' ? print : console.log;

runSmoke({ modules, entries, webAssembly: false, embeddedWasm: false, polyfill: false, vectors, extra: hermesChecks(false) })
  .then((result) => out(report(`Hermes ${hermesChecks.version()}`, result)))
  .catch((err) => out(`the app crashed: ${err && err.stack}`));
