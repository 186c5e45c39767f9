// A round trip with each hybrid KEM of mlkem-ts/hybrid: sizes, agreement and timings.
// Run: npm run example examples/hybrid.ts (in an app with mlkem-ts installed: npx tsx hybrid.ts)
import {
  MLKEM1024_P384,
  MLKEM768_P256,
  SecP256r1MLKEM768,
  SecP384r1MLKEM1024,
  X25519MLKEM768,
  XWing,
  type HybridKem,
} from 'mlkem-ts/hybrid';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Milliseconds per call of fn over `runs` calls, after one warm-up call. */
function milliseconds(fn: () => void, runs = 10): number {
  fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - start) / runs;
}

function roundTrip(kem: HybridKem, use: string): boolean {
  // The receiver (for TLS: the client) makes a key pair and sends the public key.
  const receiver = kem.keygen();
  // The sender (the server) encapsulates a fresh secret to it and sends the ciphertext back.
  const sender = kem.encapsulate(receiver.publicKey);
  // The receiver decapsulates: both now hold the same shared secret.
  const secret = kem.decapsulate(sender.ciphertext, receiver.secretKey);
  const agree = hex(secret) === hex(sender.sharedSecret);

  const { publicKey, secretKey, ciphertext, sharedSecret } = kem.sizes;
  console.log(`${kem.name} — ${use}`);
  console.log(
    `  sizes: public key ${publicKey} B, secret key ${secretKey} B, ciphertext ${ciphertext} B, shared secret ${sharedSecret} B`,
  );
  console.log(`  shared secret: ${hex(sender.sharedSecret).slice(0, 32)}…  both sides agree: ${agree ? 'yes' : 'NO'}`);
  const t = {
    keygen: milliseconds(() => kem.keygen()),
    encapsulate: milliseconds(() => kem.encapsulate(receiver.publicKey)),
    decapsulate: milliseconds(() => kem.decapsulate(sender.ciphertext, receiver.secretKey)),
  };
  console.log(
    `  time per operation: keygen ${t.keygen.toFixed(2)} ms, encapsulate ${t.encapsulate.toFixed(2)} ms, decapsulate ${t.decapsulate.toFixed(2)} ms`,
  );
  return agree;
}

let ok = true;
ok =
  roundTrip(XWing, 'MLKEM768-X25519: the general-purpose hybrid KEM (its 32-byte secret can be used directly)') && ok;
ok = roundTrip(MLKEM768_P256, 'the general-purpose hybrid KEM with a NIST curve (HPKE 0x0050)') && ok;
ok = roundTrip(MLKEM1024_P384, 'the same at a higher level (HPKE 0x0051)') && ok;
ok =
  roundTrip(X25519MLKEM768, 'TLS 1.3 group 0x11EC: feed the 64-byte secret to a transcript-bound key schedule') && ok;
ok = roundTrip(SecP256r1MLKEM768, 'TLS 1.3 group 0x11EB: the same, with FIPS-approved ECDH') && ok;
ok = roundTrip(SecP384r1MLKEM1024, 'TLS 1.3 group 0x11ED: the same, at a higher level') && ok;
if (!ok) {
  console.error('a round trip failed');
  process.exit(1);
}
