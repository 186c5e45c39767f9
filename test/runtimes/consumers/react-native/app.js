// The smoke suite as a React Native app runs it on Hermes: bundled by Metro (metro.config.js),
// compiled to bytecode by hermesc -O and run by the hermes VM (scripts/test-runtimes.ts). First,
// as react-native-get-random-values asks, its import (here a stand-in: get-random-values.js);
// then TextEncoder as React Native's Hermes has it (text-encoder.js). No WebAssembly and no
// crypto.subtle: the suite checks that loadWasm refuses and that install() patches nothing.
// Metro's configuration carries docs/switching.md's alias (noble/metro.harness.cjs), so the app also
// imports noble's paths and checks that they are mlkem-ts's (one Metro build for both).
import './get-random-values.js';
import './text-encoder.js';
import { modules } from '../entries.mjs';
import entries from '../entries.json';
import { report, runSmoke } from '../smoke/suite.mjs';
import vectors from '../vectors.json';
import { hermesChecks } from './hermes.js';
import * as dsa from '@noble/post-quantum/ml-dsa.js';
import * as hybrid from '@noble/post-quantum/hybrid.js';
import * as kem from '@noble/post-quantum/ml-kem.js';
import * as oursHybrid from 'mlkem-ts/noble/hybrid.js';
import * as ours from 'mlkem-ts/noble/ml-kem.js';
import { nobleChecks } from '../noble/checks.mjs';

const out = typeof print === 'function' ? print : console.log;
const noble = {
  "noble's paths through docs/switching.md's Metro alias are mlkem-ts's, and work (ML-DSA stays noble's)": async () => {
    const result = await nobleChecks({ kem, hybrid, ours, oursHybrid, dsa });
    if (result.failed > 0 || result.passed === 0) throw new Error(result.failures.join('; '));
  },
};

runSmoke({ modules, entries, webAssembly: false, embeddedWasm: false, polyfill: false, vectors, extra: { ...hermesChecks(false), ...noble } })
  .then((result) => out(report(`Hermes ${hermesChecks.version()}`, result)))
  .catch((err) => out(`the app crashed: ${err && err.stack}`));
