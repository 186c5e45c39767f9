// The app behind every bundler alias of docs/switching.md (esbuild, Vite, Rollup, webpack, Metro):
// its code imports noble's paths; the bundle, run by Node.js (Hermes for Metro), prints the checks.
import * as dsa from '@noble/post-quantum/ml-dsa.js';
import * as hybrid from '@noble/post-quantum/hybrid.js';
import * as kem from '@noble/post-quantum/ml-kem.js';
import * as oursHybrid from 'mlkem-ts/noble/hybrid.js';
import * as ours from 'mlkem-ts/noble/ml-kem.js';
import { nobleChecks, report } from './checks.mjs';

const out = typeof print === 'function' ? print : console.log;

nobleChecks({ kem, hybrid, ours, oursHybrid, dsa })
  .then((result) => {
    out(report("noble's paths through the alias", result));
    if (typeof process === 'object' && result.failed > 0) process.exitCode = 1;
  })
  .catch((err) => out(`the app crashed: ${err && err.stack}`));
