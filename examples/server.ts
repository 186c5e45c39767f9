import { MlKem768 } from 'mlkem-ts';
// A server-style use of key objects: load the private key file once, at start-up, turn it into a
// DecapsulationKey on the WebAssembly backend, and decapsulate many clients' ciphertexts with it.
// Each client encapsulates to the server's public key with an EncapsulationKey made once too.
// Run: npm run example examples/server.ts (in an app with mlkem-ts installed: npx tsx server.ts)
import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromPem, kemFor, toPem } from 'mlkem-ts/keys';
import { loadWasm } from 'mlkem-ts/wasm';

// What the server has on disk (here made in memory): its PEM private key and PEM public key.
const pair = MlKem768.keygen();
const privatePem = toPem(encodePkcs8(pair), 'PRIVATE KEY');
const publicPem = toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY');

const backend = await loadWasm();

// Start-up: parse the file once and keep the key object for the life of the process.
const key = decodePkcs8(fromPem(privatePem, 'PRIVATE KEY').der, { backend });
using serverKey = kemFor(key.algorithm, backend).decapsulationKey(key.seed ?? key.secretKey);
key.secretKey.fill(0); // the decoded copies are no longer needed: the key object holds its own
key.seed?.fill(0);

// A client: parse the server's public key once, encapsulate for every request.
const pub = decodeSpki(fromPem(publicPem, 'PUBLIC KEY').der, { backend });
const clientKey = kemFor(pub.algorithm, backend).encapsulationKey(pub.publicKey);

const requests = 10_000;
const started = performance.now();
let agreed = 0;
for (let i = 0; i < requests; i++) {
  const { ciphertext, sharedSecret } = clientKey.encapsulate(); // client side
  const secret = serverKey.decapsulate(ciphertext); // server side
  if (Buffer.compare(secret, sharedSecret) === 0) agreed++;
}
const ms = performance.now() - started;
console.log(
  `${requests} ${serverKey.name} exchanges (encapsulate + decapsulate) in ${ms.toFixed(0)} ms: ${((1000 * ms) / requests).toFixed(1)} µs each`,
);
console.log(`shared secrets agreed: ${agreed}/${requests}`);
if (agreed !== requests) process.exitCode = 1;
