// Interoperability of the three concrete hybrid KEMs with Node.js 26's native Web Crypto
// (MLKEM768-X25519, MLKEM768-P256, MLKEM1024-P384; OpenSSL 3.5), in both directions, on 1,000
// random seeds per KEM: Node imports our 32-byte seed ('raw-seed') and must derive our public key;
// Node decapsulates our ciphertexts to our shared secrets; we decapsulate Node's ciphertexts to
// Node's. On the default (native) curve path over the wasm backend, and on 20 seeds per KEM for
// every other backend and path. Runs where the runtime has these algorithms (`npm run
// test:node26`, which CI runs); elsewhere it is skipped with a notice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CurveChoice } from '../../src/hybrid/curves/curve.js';
import { nativeForm } from '../../src/hybrid/curves/native.js';
import { P256_GROUP, P384_GROUP } from '../../src/hybrid/curves/nist.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import type { HybridKem } from '../../src/hybrid/index.js';
import { entryOf } from '../../src/registry.js';
import { backends } from '../support/backends.js';
import { equalBytes, randomBytes } from '../support/helpers.js';
import { CURVE_PATHS, hybridsOf, toHex } from '../support/hybrid-reference.js';

/** The Web Crypto methods of Node 26 used here (its KEM methods and 'raw-seed' are newer than the DOM types). */
interface KemSubtle {
  generateKey(algorithm: { name: string }, extractable: boolean, usages: string[]): Promise<unknown>;
  importKey(
    format: 'raw-seed',
    data: Uint8Array,
    algorithm: { name: string },
    extractable: boolean,
    usages: string[],
  ): Promise<object>;
  getPublicKey(key: object, usages: string[]): Promise<object>;
  exportKey(format: 'raw-public', key: object): Promise<ArrayBuffer>;
  encapsulateBits(
    algorithm: { name: string },
    key: object,
  ): Promise<{ ciphertext: ArrayBuffer; sharedKey: ArrayBuffer }>;
  decapsulateBits(algorithm: { name: string }, key: object, ciphertext: Uint8Array): Promise<ArrayBuffer>;
}
const subtle = globalThis.crypto.subtle as unknown as KemSubtle;
/** Node's name for a hybrid: the registry's Web Crypto name (Node 26's and Chromium's), where it has one. */
const nativeName = (name: string): string | undefined => entryOf(name)?.webCrypto;

async function hasNativeHybrids(): Promise<boolean> {
  try {
    await subtle.generateKey({ name: 'MLKEM768-P256' }, false, ['encapsulateBits', 'decapsulateBits']);
    return true;
  } catch {
    return false;
  }
}

const available = await hasNativeHybrids();
if (!available && process.env.CI === 'true' && process.version.startsWith('v26.')) {
  throw new Error(`Node ${process.version} in CI has no Web Crypto hybrid KEMs: the interop test cannot run`);
}
if (!available) {
  process.stderr.write(
    `\n*** SKIPPED: Node ${process.version} has no Web Crypto hybrid KEMs; test/hybrid/node26.test.ts runs under Node 26 (npm run test:node26)\n\n`,
  );
}

/** One seed, both directions; returns nothing, asserts everything. */
async function interop(kem: HybridKem, seed: Uint8Array): Promise<void> {
  const name = nativeName(kem.name)!;
  const ours = kem.keygen(seed);
  const priv = await subtle.importKey('raw-seed', seed, { name }, false, ['decapsulateBits']);
  const pub = await subtle.getPublicKey(priv, ['encapsulateBits']);
  const nodePk = new Uint8Array(await subtle.exportKey('raw-public', pub));
  assert.equal(toHex(nodePk), toHex(ours.publicKey), `${kem.name}: public key of seed ${toHex(seed)}`);
  // Node → us
  const fromNode = await subtle.encapsulateBits({ name }, pub);
  const ss = kem.decapsulate(new Uint8Array(fromNode.ciphertext), ours.secretKey);
  assert.ok(equalBytes(ss, new Uint8Array(fromNode.sharedKey)), `${kem.name}: Node's ciphertext, seed ${toHex(seed)}`);
  // us → Node
  const toNode = kem.encapsulate(ours.publicKey);
  const nodeSs = new Uint8Array(await subtle.decapsulateBits({ name }, priv, toNode.ciphertext));
  assert.ok(equalBytes(nodeSs, toNode.sharedSecret), `${kem.name}: our ciphertext, seed ${toHex(seed)}`);
}

describe(
  'concrete hybrid KEMs ⇄ Node 26 Web Crypto',
  { skip: available ? false : 'no native hybrids in this runtime' },
  () => {
    it('the default curve path on this runtime is native for X25519, P-256 and P-384', () => {
      for (const group of [X25519, P256_GROUP, P384_GROUP]) assert.equal(group.impl('auto').path, 'native', group.name);
      // P-384 through raw-format KeyObjects, which spare the ECDH class's second d·G (native.ts).
      assert.equal(nativeForm('P-384'), 'raw');
      assert.equal(nativeForm('P-256'), 'ecdh');
    });

    for (const backend of backends) {
      for (const path of ['auto', ...CURVE_PATHS] as CurveChoice[]) {
        const seeds = backend.name === 'wasm' && path === 'auto' ? 1000 : 20;
        for (const c of hybridsOf(backend, path).filter((h) => h.concrete && nativeName(h.kem.name) !== undefined)) {
          it(`${c.kem.name} on ${backend.name}, ${path} curves: ${seeds} random seeds, both directions`, async () => {
            for (let i = 0; i < seeds; i++) await interop(c.kem, randomBytes(32));
          });
        }
      }
    }
  },
);
