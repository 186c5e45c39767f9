// X25519 by node:crypto (OpenSSL): the reference of the X25519 fuzz target and of test/wasm/x25519.
import { createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';

/** PKCS#8 prefix of an X25519 private key: the 32-byte scalar follows. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** X25519(k, u) by OpenSSL; zeros where it refuses the all-zero result (a low-order u). */
export function opensslX25519(k: Uint8Array, u: Uint8Array): Uint8Array {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, k]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(u).toString('base64url') },
    format: 'jwk',
  });
  try {
    return new Uint8Array(diffieHellman({ privateKey, publicKey }));
  } catch {
    return new Uint8Array(32);
  }
}
