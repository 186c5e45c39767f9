// `node --import tsx scripts/x25519-iterations.ts [N]`: RFC 7748, §5.2's iterated test of the
// WebAssembly X25519 (assembly/x25519.ts): k = u = 9, then k, u ← X25519(k, u), k; prints k after
// 1, 1,000 and 1,000,000 iterations (N, default 1,000,000) and checks them against the RFC's values.
// test/wasm/x25519.test.ts runs the first 1,000 in `npm test`; this runs all of them (a few
// minutes), once; VERIFICATION.md records the run.
import { compileSync, instantiate } from '../src/wasm/instance.js';

const N = Number(process.argv[2] ?? 1_000_000);
const WANT = new Map([
  [1, '422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079'],
  [1_000, '684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51'],
  [1_000_000, '7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424'],
]);

const ex = instantiate(compileSync());
const mem = new Uint8Array(ex.memory.buffer);
// k, u and the output in three 32-byte slots above the heap base, renamed after each call (the
// output becomes k, k becomes u, u's slot the next output): no copies.
const base = ex.heapBase();
let k = base,
  u = base + 32,
  out = base + 64;
mem[k] = 9;
mem[u] = 9;
const hex = (at: number): string => Buffer.from(mem.subarray(at, at + 32)).toString('hex');
const started = performance.now();
let failed = false;
for (let i = 1; i <= N; i++) {
  ex.x25519(out, k, u);
  [k, u, out] = [out, k, u];
  const want = WANT.get(i);
  if (want !== undefined) {
    const got = hex(k);
    console.log(
      `after ${i.toLocaleString('en')} iterations: ${got} ${got === want ? 'as RFC 7748 §5.2 says' : `EXPECTED ${want}`}`,
    );
    failed ||= got !== want;
  }
  if (i % 100_000 === 0)
    console.error(`${i.toLocaleString('en')} iterations, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
console.log(`${N.toLocaleString('en')} iterations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
