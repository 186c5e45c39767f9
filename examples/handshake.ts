// Alice and Bob agree on a shared secret with ML-KEM, at each security level, on both backends:
// the portable core ('mlkem-ts') and the WebAssembly one ('mlkem-ts/wasm').
// Run: npm run demo
import { MlKem1024, MlKem512, MlKem768, type MlKem } from 'mlkem-ts';
import { loadWasm } from 'mlkem-ts/wasm';

/** Mean microseconds per call of fn over `runs` calls (after a short warm-up). */
function microseconds(fn: () => void, runs = 200): number {
  for (let i = 0; i < runs; i++) fn(); // let the JIT optimise first
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return ((performance.now() - start) * 1000) / runs;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function handshake(kem: MlKem, backend: string): boolean {
  // Alice makes a key pair and sends Bob her public key.
  const alice = kem.keygen();
  // Bob encapsulates a fresh secret to it and sends Alice the ciphertext.
  const bob = kem.encapsulate(alice.publicKey);
  // Alice decapsulates: both now hold the same 32-byte secret.
  const aliceSecret = kem.decapsulate(bob.ciphertext, alice.secretKey);
  const agree = hex(aliceSecret) === hex(bob.sharedSecret);

  const { publicKey, secretKey, ciphertext } = kem.sizes;
  console.log(`${kem.name} (${backend})`);
  console.log(
    `  sizes: public key ${publicKey} B, secret key ${secretKey} B (or its 64 B seed), ciphertext ${ciphertext} B`,
  );
  console.log(`  shared secret: ${hex(bob.sharedSecret).slice(0, 32)}…  both sides agree: ${agree ? 'yes' : 'NO'}`);
  const t = {
    keygen: microseconds(() => kem.keygen()),
    encapsulate: microseconds(() => kem.encapsulate(alice.publicKey)),
    decapsulate: microseconds(() => kem.decapsulate(bob.ciphertext, alice.secretKey)),
  };
  console.log(
    `  time per operation: keygen ${t.keygen.toFixed(0)} µs, encapsulate ${t.encapsulate.toFixed(0)} µs, decapsulate ${t.decapsulate.toFixed(0)} µs`,
  );
  return agree;
}

const wasm = await loadWasm();
let ok = true;
for (const kem of [MlKem512, MlKem768, MlKem1024]) ok = handshake(kem, 'portable') && ok;
for (const kem of [wasm.MlKem512, wasm.MlKem768, wasm.MlKem1024]) ok = handshake(kem, 'WebAssembly') && ok;
if (!ok) {
  console.error('a handshake failed');
  process.exit(1);
}
