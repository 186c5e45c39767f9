// What the native curve path pays per call (node --import tsx bench/hybrid-native-micro.ts):
// turning raw keys into node:crypto KeyObjects / ECDH objects, and the operations themselves, in
// every form src/hybrid/curves/native.ts may use. The reason key objects keep prepared curve keys.
// The NIST curves also get @noble/curves' rows (the fallback path): the gap between the two is
// all the native path can gain (on P-384, OpenSSL's d·G is no faster than noble's).
import crypto from 'node:crypto';

import { p256, p384 } from '@noble/curves/nist.js';

import { median, time } from './micro.js';

const rows: Array<[string, (n: number) => void]> = [];
const add = (name: string, f: () => unknown) =>
  rows.push([
    name,
    (n) => {
      for (let i = 0; i < n; i++) f();
    },
  ]);

const PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const k = crypto.randomBytes(32);
const priv = crypto.createPrivateKey({ key: Buffer.concat([PKCS8, k]), format: 'der', type: 'pkcs8' });
const jwk = crypto.createPublicKey(crypto.generateKeyPairSync('x25519').privateKey).export({ format: 'jwk' });
const u = Buffer.from(jwk.x!, 'base64url');
const pub = crypto.createPublicKey({ key: jwk, format: 'jwk' });
add('X25519 private key from PKCS#8 DER', () =>
  crypto.createPrivateKey({ key: Buffer.concat([PKCS8, k]), format: 'der', type: 'pkcs8' }),
);
add('X25519 public key from JWK', () => crypto.createPublicKey({ key: jwk, format: 'jwk' }));
add('X25519 public key of a private key, as JWK', () => crypto.createPublicKey(priv).export({ format: 'jwk' }));
add('X25519 diffieHellman (KeyObjects ready)', () => crypto.diffieHellman({ privateKey: priv, publicKey: pub }));
let raw = true;
try {
  crypto.createPrivateKey({ key: k, format: 'raw-private', asymmetricKeyType: 'x25519' } as never);
} catch {
  raw = false;
}
if (raw) {
  add("X25519 private key from 'raw-private'", () =>
    crypto.createPrivateKey({ key: k, format: 'raw-private', asymmetricKeyType: 'x25519' } as never),
  );
  add("X25519 public key from 'raw-public'", () =>
    crypto.createPublicKey({ key: u, format: 'raw-public', asymmetricKeyType: 'x25519' } as never),
  );
  add("X25519 public key of a private key, 'raw-public'", () =>
    crypto.createPublicKey(priv).export({ format: 'raw-public' } as never),
  );
}
for (const [name, openssl] of [
  ['P-256', 'prime256v1'],
  ['P-384', 'secp384r1'],
] as const) {
  const peer = crypto.createECDH(openssl);
  peer.generateKeys();
  const q = peer.getPublicKey();
  const e = crypto.createECDH(openssl);
  e.generateKeys();
  const d = e.getPrivateKey();
  add(`${name} createECDH + setPrivateKey (computes d·G)`, () => crypto.createECDH(openssl).setPrivateKey(d));
  add(`${name} computeSecret (ECDH object ready; validates Q)`, () => e.computeSecret(q));
  const noble = name === 'P-256' ? p256 : p384;
  add(`${name} @noble/curves getPublicKey (d·G)`, () => noble.getPublicKey(d, false));
  add(`${name} @noble/curves getSharedSecret (d·Q)`, () => noble.getSharedSecret(d, q, false));
}

const ROUNDS = 7;
console.log(`Node ${process.version}, µs per call (median of ${ROUNDS} rounds; machine shared: compare ratios)`);
for (const [name, run] of rows) {
  run(50);
  const ns = median(Array.from({ length: ROUNDS }, () => time(run, 200)));
  console.log(`${name.padEnd(56)} ${(ns / 1000).toFixed(1).padStart(8)}`);
}
