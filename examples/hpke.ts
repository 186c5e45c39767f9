// HPKE with post-quantum KEMs, with each JavaScript HPKE library: seal a message to a recipient's
// PEM public key and open it with the PEM private key (ML-KEM-768), then the same with X-Wing.
// Run: npm run example examples/hpke.ts (in an app with mlkem-ts installed: npx tsx hpke.ts)
import { Aes128Gcm, CipherSuite as CoreSuite, HkdfSha256 } from '@hpke/core';
import { AEAD_AES_128_GCM, CipherSuite, KDF_HKDF_SHA256 } from 'hpke';
import { MlKem768 } from 'mlkem-ts';
import { KEM_ML_KEM_768, KEM_MLKEM768_X25519, ML_KEM_768, MLKEM768_X25519 } from 'mlkem-ts/hpke';
import { hpkeCoreKem } from 'mlkem-ts/hpke/core';
import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromPem, toPem } from 'mlkem-ts/keys';

const message = new TextEncoder().encode('Hello, post-quantum world');
const text = (bytes: Uint8Array | ArrayBuffer) => new TextDecoder().decode(bytes);

// The recipient's key pair as PEM files would hold it.
const pair = MlKem768.keygen();
const publicPem = toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY');
const privatePem = toPem(encodePkcs8(pair), 'PRIVATE KEY');
const publicBytes = decodeSpki(fromPem(publicPem).der).publicKey;
const seed = decodePkcs8(fromPem(privatePem).der).seed!; // HPKE's ML-KEM private key: the seed

{
  // hpke
  const suite = new CipherSuite(KEM_ML_KEM_768, KDF_HKDF_SHA256, AEAD_AES_128_GCM);
  const { encapsulatedSecret, ciphertext } = await suite.Seal(await suite.DeserializePublicKey(publicBytes), message);
  const opened = await suite.Open(await suite.DeserializePrivateKey(seed), encapsulatedSecret, ciphertext);
  console.log(
    `hpke, ML-KEM-768: enc ${encapsulatedSecret.length} B, ciphertext ${ciphertext.length} B -> "${text(opened)}"`,
  );
}
{
  // @hpke/core
  const suite = new CoreSuite({ kem: hpkeCoreKem(ML_KEM_768), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const recipientPublicKey = await suite.kem.deserializePublicKey(publicBytes);
  const { enc, ct } = await suite.seal({ recipientPublicKey }, message);
  const opened = await suite.open({ recipientKey: await suite.kem.deserializePrivateKey(seed), enc }, ct);
  console.log(`@hpke/core, ML-KEM-768: enc ${enc.byteLength} B, ciphertext ${ct.byteLength} B -> "${text(opened)}"`);
}
{
  // X-Wing (MLKEM768-X25519), the default choice: keys are raw bytes, sealed with one library, opened with the other.
  const sender = new CipherSuite(KEM_MLKEM768_X25519, KDF_HKDF_SHA256, AEAD_AES_128_GCM);
  const recipient = new CoreSuite({ kem: hpkeCoreKem(MLKEM768_X25519), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
  const keys = await recipient.kem.generateKeyPair();
  const pk = new Uint8Array(await recipient.kem.serializePublicKey(keys.publicKey));
  const { encapsulatedSecret, ciphertext } = await sender.Seal(await sender.DeserializePublicKey(pk), message);
  const opened = await recipient.open({ recipientKey: keys, enc: encapsulatedSecret }, ciphertext);
  console.log(`X-Wing, hpke -> @hpke/core: enc ${encapsulatedSecret.length} B -> "${text(opened)}"`);
}
