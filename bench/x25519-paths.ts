// X25519 behind the curve seam, node:crypto against the WebAssembly module, on this runtime
// (node --import tsx bench/x25519-paths.ts): what the curve choice 'auto' weighs. Per call, a
// scalar loaded and its public key (a keygen's curve half), and a loaded scalar's shared secret
// with a fresh peer (an encapsulation adds one of each), for 'native', 'wasm' and what 'auto' makes
// of them (per use). Interleaved rounds, medians.
import { nativeForm } from '../src/hybrid/curves/native.js';
import { X25519 } from '../src/hybrid/curves/x25519.js';
import { loadWasmSync } from '../src/wasm/index.js';
import { median, shuffle, time } from './micro.js';

loadWasmSync();
const k = crypto.getRandomValues(new Uint8Array(32));
const u = X25519.impl('noble')
  .load(crypto.getRandomValues(new Uint8Array(32)))
  .publicKey();
const paths = (['native', 'wasm', 'auto'] as const).map((p) => [p, X25519.impl(p)] as const);
const rows = paths.flatMap(([p, impl]) => {
  // Kept, as a decapsulation key object loads it: 'auto' on OpenSSL 3.0 moves it to node:crypto after a few uses.
  const key = impl.load(k, 'kept');
  return [
    [
      `${p} load`,
      (n: number) => {
        for (let i = 0; i < n; i++) impl.load(k);
      },
    ],
    [
      `${p} load + publicKey`,
      (n: number) => {
        for (let i = 0; i < n; i++) impl.load(k, 'public').publicKey();
      },
    ],
    [
      `${p} sharedSecret`,
      (n: number) => {
        for (let i = 0; i < n; i++) key.sharedSecret(u);
      },
    ],
  ] as const;
});
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const ns = new Map<string, number[]>(rows.map(([name]) => [name, []]));
for (const [, run] of rows) run(100);
for (let r = 0; r < ROUNDS; r++) for (const [name, run] of shuffle(rows)) ns.get(name)!.push(time(run, 200));
console.log(
  `Node ${process.version}, native form ${nativeForm('X25519')}; 'auto' takes ${X25519.impl('auto').path}; µs per call, median of ${ROUNDS}`,
);
for (const [name] of rows) console.log(`${name.padEnd(28)} ${(median(ns.get(name)!) / 1000).toFixed(1).padStart(8)}`);
