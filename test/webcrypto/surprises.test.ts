// What a newcomer to mlkem-ts/webcrypto trips over first: install() on Node 26
// prints no ExperimentalWarning (it only asks SubtleCrypto.supports); through the ponyfill, an
// unrecognized algorithm with the "Modern Algorithms" usages or formats gets the specification's
// NotSupportedError on runtimes whose own Web Crypto predates them (Node 20), as on those that
// have them (Node 26).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { subtle } from '../../src/webcrypto/index.js';
import { findNode26 } from '../support/node26.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const rejectsWith = async (p: Promise<unknown>, name: string) =>
  assert.rejects(p, (err: Error) => {
    assert.equal(err.name, name, `${err.name}: ${err.message}`);
    return true;
  });

describe('install() on Node 26', () => {
  const node26 = findNode26();
  it('prints no ExperimentalWarning (and still lets other warnings through)', { skip: node26 === undefined }, () => {
    const script = `
      const { install } = await import('./src/webcrypto/index.ts');
      console.log(JSON.stringify(install()));
      process.emitWarning('a warning of the app');`;
    const run = spawnSync(node26!, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), '[]', 'Node 26 has every algorithm: install() fills none');
    assert.doesNotMatch(run.stderr, /ExperimentalWarning/);
    assert.match(run.stderr, /a warning of the app/);
  });
});

describe('the ponyfill and an unrecognized algorithm (WebCrypto: normalize first)', () => {
  it("generateKey('ML-KEM-769', ..., ['encapsulateKey', 'decapsulateKey']) rejects with NotSupportedError", async () => {
    await rejectsWith(
      subtle.generateKey('ML-KEM-769', false, ['encapsulateKey', 'decapsulateKey']),
      'NotSupportedError',
    );
    await rejectsWith(subtle.generateKey('ML-KEM-769', false, ['encapsulateBits']), 'NotSupportedError');
  });
  it("importKey('raw-public', ..., 'ML-KEM-769', ...) rejects with NotSupportedError", async () => {
    await rejectsWith(
      subtle.importKey('raw-public', new Uint8Array(1184), 'ML-KEM-769', false, ['encapsulateKey']),
      'NotSupportedError',
    );
    await rejectsWith(
      subtle.importKey('raw-seed', new Uint8Array(64), 'ML-KEM-769', false, ['decapsulateKey']),
      'NotSupportedError',
    );
  });
  it('a recognized algorithm of the runtime keeps its own answers: SyntaxError for a KEM usage, NotSupportedError for a KEM format', async () => {
    await rejectsWith(subtle.generateKey({ name: 'AES-GCM', length: 128 }, false, ['encapsulateKey']), 'SyntaxError');
    await rejectsWith(
      subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', false, ['decapsulateBits']),
      'SyntaxError',
    );
    await rejectsWith(
      subtle.importKey('raw-public', new Uint8Array(16), 'AES-GCM', false, ['encrypt']),
      'NotSupportedError',
    );
    const aes = (await subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['encrypt'])) as CryptoKey;
    await rejectsWith(subtle.exportKey('raw-public', aes), 'NotSupportedError');
    await rejectsWith(subtle.generateKey('ML-KEM-769', false, ['bogus' as KeyUsage]), 'TypeError'); // not a KeyUsage at all
  });
});
