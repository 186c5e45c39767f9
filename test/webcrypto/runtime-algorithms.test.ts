// The modern API for the runtime's own algorithms, as Node 26 has it: getPublicKey of every
// classic private key type (extractable and not) and its error order, the "raw-public" and
// "raw-secret" formats, and SubtleCrypto.supports for the classic operations. The same calls
// (test/support/fixtures/runtime-algorithms.ts) run through our ponyfill and, after install(),
// through crypto.subtle on this runtime, and through Node 26's own Web Crypto: every outcome must
// be Node 26's, and every supports answer what the operation does on the runtime that gave it.
// On Node 20 the ponyfill and the polyfill do these themselves; on Node 26 they hand them to the
// runtime, and the derivation itself (runtimePublicKey) is checked in-process below against it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { nativeCrypto } from '../../src/webcrypto/install.js';
import { type RuntimeCall, runtimePublicKey } from '../../src/webcrypto/runtime-keys.js';
import { findNode26 } from '../support/node26.js';

const fixture = fileURLToPath(new URL('../support/fixtures/runtime-algorithms.ts', import.meta.url));
type Outcomes = {
  getPublicKey: Record<string, string>;
  formats: Record<string, string>;
  supports: Record<string, boolean>;
  performed: Record<string, boolean>;
};

function run(node: string, mode: string): Outcomes {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const r = spawnSync(node, ['--import', 'tsx', fixture, mode], {
    encoding: 'utf8',
    env: { ...env, NODE_NO_WARNINGS: '1' },
    timeout: 120_000,
  });
  assert.equal(r.status, 0, `${mode} under ${node}:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Outcomes;
}

const native =
  (globalThis as { SubtleCrypto?: { supports?: unknown } }).SubtleCrypto?.supports !== undefined &&
  typeof crypto.subtle.getPublicKey === 'function';
const node26 = native && process.versions.node.startsWith('26.') ? process.execPath : findNode26();

/** The outcomes that differ: `ours` against Node 26's. */
function differences(ours: Record<string, unknown>, theirs: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(ours), ...Object.keys(theirs)]);
  return [...keys]
    .filter((k) => ours[k] !== theirs[k])
    .map((k) => `${k}: ours ${String(ours[k])}, Node 26 ${String(theirs[k])}`);
}

describe("the runtime's own algorithms, as Node 26 has them", { skip: node26 === undefined && 'no Node 26' }, () => {
  const reference = node26 === undefined ? undefined : run(node26, 'native');

  it('Node 26 answers them all (the reference)', () => {
    assert.ok(
      Object.keys(reference!.getPublicKey).length >= 9 * 2 * 7,
      'getPublicKey: 9 key types, extractable and not, 7 calls each',
    );
    assert.ok(
      Object.values(reference!.getPublicKey).filter((o) => o.endsWith(' same-spki=true works=true')).length === 18,
      "every derived key is the pair's own and works",
    );
    assert.ok(Object.keys(reference!.supports).length >= 20);
    assert.deepEqual(
      differences(
        reference!.performed,
        Object.fromEntries(Object.keys(reference!.performed).map((k) => [k, reference!.supports[k]])),
      ),
      [],
    );
  });

  for (const mode of ['ponyfill', 'polyfill']) {
    describe(`${mode} on Node ${process.versions.node}`, () => {
      const ours = run(process.execPath, mode);
      for (const part of ['getPublicKey', 'formats', 'supports'] as const) {
        it(`${part}: Node 26's outcomes`, () => assert.deepEqual(differences(ours[part], reference![part]), []));
      }
      it('supports: true exactly where the operation works on this runtime', () => {
        const wrong = Object.entries(ours.performed).filter(([k, works]) => ours.supports[k] !== works);
        assert.deepEqual(wrong, []);
        assert.ok(Object.keys(ours.performed).length >= 30);
      });
    });
  }
});

// The derivation itself, on this runtime's keys, both ways: through node:crypto, and as a browser
// does it (node:crypto withheld: exported from an extractable key; a non-extractable one refused).
const rsa = (name: string) => ({
  name,
  modulusLength: 1024,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
});
const PAIRS: Array<[Record<string, unknown>, string[], string[]]> = [
  [{ name: 'ECDSA', namedCurve: 'P-384' }, ['sign'], ['verify']],
  [{ name: 'ECDH', namedCurve: 'P-521' }, ['deriveBits'], []],
  [{ name: 'Ed25519' }, ['sign'], ['verify']],
  [{ name: 'Ed448' }, ['sign'], ['verify']],
  [{ name: 'X25519' }, ['deriveBits'], []],
  [{ name: 'X448' }, ['deriveBits'], []],
  [rsa('RSA-OAEP'), ['decrypt'], ['encrypt']],
  [rsa('RSA-PSS'), ['sign'], ['verify']],
  [rsa('RSASSA-PKCS1-v1_5'), ['sign'], ['verify']],
];
const hex = (b: unknown) => Buffer.from(b as ArrayBuffer).toString('hex');
const runtime: RuntimeCall = (method, args) =>
  (nativeCrypto().subtle![method] as (...a: unknown[]) => Promise<unknown>).apply(crypto.subtle, args);
const spki = async (key: unknown) => hex(await crypto.subtle.exportKey('spki', key as CryptoKey));

describe('runtimePublicKey: the public key of a runtime key', () => {
  for (const [alg, priv, pub] of PAIRS) {
    it(`${alg.name as string}`, async () => {
      for (const extractable of [true, false]) {
        const kp = (await crypto.subtle.generateKey(alg as unknown as RsaHashedKeyGenParams, extractable, [
          ...priv,
          ...pub,
        ] as KeyUsage[])) as CryptoKeyPair;
        const expected = await spki(kp.publicKey);
        const viaNode = (await runtimePublicKey(kp.privateKey, pub as KeyUsage[], runtime)) as CryptoKey;
        assert.equal(await spki(viaNode), expected, 'through node:crypto');
        assert.deepEqual([viaNode.type, viaNode.extractable, viaNode.usages], ['public', true, pub]);
        if (native)
          assert.equal(
            await spki(
              await (
                crypto.subtle as unknown as { getPublicKey(k: CryptoKey, u: string[]): Promise<CryptoKey> }
              ).getPublicKey(kp.privateKey, pub),
            ),
            expected,
            "the runtime's own getPublicKey",
          );
        const viaExport = runtimePublicKey(kp.privateKey, pub as KeyUsage[], runtime, null);
        if (extractable) assert.equal(await spki(await viaExport), expected, 'exported and imported again');
        else await assert.rejects(viaExport, { name: 'OperationError', message: /non-extractable/ });
      }
    });
  }
});
