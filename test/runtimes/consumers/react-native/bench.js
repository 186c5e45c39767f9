// `npm run bench:hermes` (scripts/test-runtimes.ts --bench-hermes): the speed of each operation on
// Hermes, mlkem-ts (the portable backend: Hermes has no WebAssembly) beside @noble/post-quantum,
// both in the same Metro release bundle, compiled by hermesc -O, run on the hermes VM.
// Hermes's clock is Date.now() (milliseconds): each sample is a batch of at least BATCH_MS, its
// time divided by its count; per round every implementation runs one batch of each operation, in
// alternating order; reported: the median µs/op over the rounds, and the median of the per-round
// ratios noble / mlkem-ts ("2.0×": mlkem-ts takes half the time).
import './get-random-values.js';
import './text-encoder.js';
import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { ml_kem768_x25519 } from '@noble/post-quantum/hybrid.js';
import { MlKem1024, MlKem512, MlKem768 } from 'mlkem-ts';
import { XWing } from 'mlkem-ts/hybrid';
import settings from './bench-settings.json';

const out = typeof print === 'function' ? print : console.log;
const { rounds, batchMs } = settings;

function ours(kem) {
  return {
    keygen: () => kem.keygen(),
    setup() {
      const pair = kem.keygen();
      const { ciphertext } = kem.encapsulate(pair.publicKey);
      const ek = kem.encapsulationKey(pair.publicKey);
      const dk = kem.decapsulationKey(pair.seed);
      return {
        encapsulate: () => kem.encapsulate(pair.publicKey),
        decapsulate: () => kem.decapsulate(ciphertext, pair.secretKey),
        'encapsulate (key object)': () => ek.encapsulate(),
        'decapsulate (key object)': () => dk.decapsulate(ciphertext),
      };
    },
  };
}

function noble(kem) {
  return {
    keygen: () => kem.keygen(),
    setup() {
      const pair = kem.keygen();
      const { cipherText } = kem.encapsulate(pair.publicKey);
      return {
        encapsulate: () => kem.encapsulate(pair.publicKey),
        decapsulate: () => kem.decapsulate(cipherText, pair.secretKey),
      };
    },
  };
}

const LEVELS = [
  ['ML-KEM-512', ours(MlKem512), noble(ml_kem512)],
  ['ML-KEM-768', ours(MlKem768), noble(ml_kem768)],
  ['ML-KEM-1024', ours(MlKem1024), noble(ml_kem1024)],
  ['X-Wing', ours(XWing), noble(ml_kem768_x25519)],
];

/** µs per call of fn over one batch of at least batchMs. */
function batch(fn) {
  let n = 0;
  const t0 = Date.now();
  let t;
  do {
    fn();
    n++;
    t = Date.now();
  } while (t - t0 < batchMs);
  return ((t - t0) * 1000) / n;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const rows = [];
for (const [level, a, b] of LEVELS) {
  const mine = { keygen: a.keygen, ...a.setup() };
  const theirs = { keygen: b.keygen, ...b.setup() };
  for (const op of Object.keys(mine)) {
    const peer = theirs[op] ?? theirs[op.replace(' (key object)', '')];
    batch(mine[op]); // warm-up
    batch(peer);
    const us = [];
    const them = [];
    const ratios = [];
    for (let r = 0; r < rounds; r++) {
      const first = r % 2 === 0;
      const x = first ? batch(mine[op]) : undefined;
      const y = batch(peer);
      const x2 = first ? x : batch(mine[op]);
      us.push(x2);
      them.push(y);
      ratios.push(y / x2);
    }
    rows.push([level, op, median(us), median(them), median(ratios)]);
  }
}

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
out(`Hermes ${HermesInternal.getRuntimeProperties?.()['OSS Release Version'] ?? ''}: µs/op, median of ${rounds} rounds of ≥ ${batchMs} ms batches`);
out(`${pad('KEM', 12)} ${pad('operation', 26)} ${lpad('mlkem-ts', 10)} ${lpad('noble', 10)} ${lpad('noble / mlkem-ts', 17)}`);
for (const [level, op, x, y, ratio] of rows) {
  out(`${pad(level, 12)} ${pad(op, 26)} ${lpad(x.toFixed(0), 10)} ${lpad(y.toFixed(0), 10)} ${lpad(`${ratio.toFixed(2)}×`, 17)}`);
}
