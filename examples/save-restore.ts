// Save an ML-KEM key pair as standard PEM files, read them back, and use them: the private key
// as PKCS#8 in the seed form (86 bytes of DER, what Node.js and OpenSSL read), the public key as
// SubjectPublicKeyInfo (RFC 9935).
// Run: npm run example examples/save-restore.ts (in an app with mlkem-ts installed: npx tsx save-restore.ts)
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MlKem768 } from 'mlkem-ts';
import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromPem, kemFor, toPem } from 'mlkem-ts/keys';

const dir = mkdtempSync(join(tmpdir(), 'mlkem-keys-'));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

try {
  // 1. Alice makes a key pair and saves it.
  const alice = MlKem768.keygen();
  const privatePath = join(dir, 'alice.key.pem');
  const publicPath = join(dir, 'alice.pub.pem');
  writeFileSync(privatePath, toPem(encodePkcs8(alice), 'PRIVATE KEY'), { mode: 0o600 }); // the seed form by default
  writeFileSync(publicPath, toPem(encodeSpki(alice.publicKey), 'PUBLIC KEY'));
  console.log(
    `wrote ${privatePath} (${statSync(privatePath).size} bytes) and ${publicPath} (${statSync(publicPath).size} bytes)`,
  );

  // 2. Bob reads Alice's public key file and encapsulates a secret to it.
  const pub = decodeSpki(fromPem(readFileSync(publicPath, 'utf8'), 'PUBLIC KEY').der);
  const bob = kemFor(pub.algorithm).encapsulate(pub.publicKey);
  console.log(
    `Bob read an ${pub.algorithm} public key and encapsulated a secret: ${hex(bob.sharedSecret).slice(0, 16)}…`,
  );

  // 3. Later, Alice reads her private key file back and decapsulates.
  const priv = decodePkcs8(fromPem(readFileSync(privatePath, 'utf8'), 'PRIVATE KEY').der);
  const secret = kemFor(priv.algorithm).decapsulate(bob.ciphertext, priv.secretKey);
  const agree = hex(secret) === hex(bob.sharedSecret);
  console.log(
    `Alice read her ${priv.algorithm} private key (seed form: ${priv.seed !== undefined ? 'yes' : 'no'}) and decapsulated: ${hex(secret).slice(0, 16)}…`,
  );
  console.log(`both sides agree: ${agree ? 'yes' : 'NO'}`);
  if (!agree) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
