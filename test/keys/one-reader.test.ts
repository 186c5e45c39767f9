// One reader per format: every import — mlkem-ts/keys' decoders and the Web
// Crypto layer's importKey — parses and expands a key exactly once. Counted with a backend whose
// MlKem objects count the calls that expand or check a key (keygen and decapsulationKey expand a
// private key; encapsulationKey and checkPublicKey parse a public key).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKem1024, MlKem512, MlKem768, type MlKem } from '../../src/index.js';
import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromJwk, toJwk } from '../../src/keys/index.js';
import { readPkcs8, readSpki } from '../../src/keys/pkix.js';
import { nativeCrypto } from '../../src/webcrypto/install.js';
import { createSubtle } from '../../src/webcrypto/subtle.js';
import { FORMS } from '../support/api.js';

interface Counts {
  privateExpansions: number;
  publicParses: number;
}

/** A backend of counting MlKem objects and the counts. */
function countingBackend() {
  const counts: Counts = { privateExpansions: 0, publicParses: 0 };
  const wrap = (kem: MlKem): MlKem =>
    Object.freeze({
      ...kem,
      keygen: (...a: Parameters<MlKem['keygen']>) => (counts.privateExpansions++, kem.keygen(...a)),
      decapsulationKey: (...a: Parameters<MlKem['decapsulationKey']>) => (
        counts.privateExpansions++,
        kem.decapsulationKey(...a)
      ),
      encapsulationKey: (...a: Parameters<MlKem['encapsulationKey']>) => (
        counts.publicParses++,
        kem.encapsulationKey(...a)
      ),
      checkPublicKey: (...a: Parameters<MlKem['checkPublicKey']>) => (counts.publicParses++, kem.checkPublicKey(...a)),
    }) as MlKem;
  const backend = { MlKem512: wrap(MlKem512), MlKem768: wrap(MlKem768), MlKem1024: wrap(MlKem1024) };
  const reset = () => {
    counts.privateExpansions = 0;
    counts.publicParses = 0;
  };
  return { backend, counts, reset };
}

const pair = MlKem768.keygen();
const DEC: KeyUsage[] = ['decapsulateBits'];
type KeyUsage = 'decapsulateBits' | 'encapsulateBits';

describe('mlkem-ts/keys: one expansion per decoded key', () => {
  for (const form of FORMS) {
    it(`decodePkcs8, form ${form}: the key is expanded once`, () => {
      const { backend, counts, reset } = countingBackend();
      const der = encodePkcs8(pair, { form });
      reset();
      const key = decodePkcs8(der, { backend });
      assert.deepEqual(key.secretKey, pair.secretKey);
      assert.equal(counts.privateExpansions, 1);
    });
  }

  it('fromJwk of a private key: expanded once; decodeSpki and a public fromJwk: parsed once', () => {
    const { backend, counts, reset } = countingBackend();
    const jwk = toJwk(pair);
    reset();
    fromJwk(jwk, { backend });
    assert.deepEqual(counts, { privateExpansions: 1, publicParses: 0 });
    reset();
    decodeSpki(encodeSpki(pair.publicKey), { backend });
    fromJwk({ kty: 'AKP', alg: jwk.alg, pub: jwk.pub }, { backend });
    assert.deepEqual(counts, { privateExpansions: 0, publicParses: 2 });
  });

  it('the structural readers expand nothing and return views of the DER', () => {
    const der = encodePkcs8(pair, { form: 'both' });
    const fields = readPkcs8(der);
    assert.equal(fields.form, 'both');
    assert.equal(fields.seed!.buffer, der.buffer);
    assert.deepEqual(fields.seed, pair.seed);
    assert.deepEqual(fields.expandedKey, pair.secretKey);
    const spki = encodeSpki(pair.publicKey);
    assert.deepEqual(readSpki(spki), { algorithm: 'ML-KEM-768', publicKey: pair.publicKey });
  });
});

describe('Web Crypto importKey: one expansion per imported key', () => {
  const setup = () => {
    const c = countingBackend();
    const subtle = createSubtle({
      native: nativeCrypto,
      handles: () => true,
      backend: async () => ({ name: 'portable', ...c.backend }),
    });
    return { ...c, subtle };
  };

  for (const form of ['seed', 'both'] as const) {
    it(`pkcs8, form ${form}: expanded once (it was twice: decodePkcs8's keygen, then the key object)`, async () => {
      const { subtle, counts, reset } = setup();
      const der = encodePkcs8(pair, { form });
      await subtle.importKey('raw-public', pair.publicKey, 'ML-KEM-768', true, ['encapsulateBits']); // loads the handles
      reset();
      const key = await subtle.importKey('pkcs8', der, 'ML-KEM-768', true, DEC);
      assert.equal(counts.privateExpansions, 1);
      assert.deepEqual(new Uint8Array((await subtle.exportKey('raw-seed', key)) as ArrayBuffer), pair.seed);
    });
  }

  it('spki and jwk: one parse of the public key, one expansion of the private key', async () => {
    const { subtle, counts, reset } = setup();
    await subtle.importKey('raw-public', pair.publicKey, 'ML-KEM-768', true, ['encapsulateBits']);
    reset();
    await subtle.importKey('spki', encodeSpki(pair.publicKey), 'ML-KEM-768', true, ['encapsulateBits']);
    assert.deepEqual(counts, { privateExpansions: 0, publicParses: 1 });
    reset();
    await subtle.importKey('jwk', toJwk(pair), 'ML-KEM-768', true, DEC);
    assert.deepEqual(counts, { privateExpansions: 1, publicParses: 0 });
  });

  it('the both form whose parts disagree and a wrong publicKey [1] are still DataErrors', async () => {
    const { subtle } = setup();
    const other = MlKem768.keygen();
    const der = encodePkcs8(pair, { form: 'both' });
    const bad = Uint8Array.from(der);
    const at = der.length - 10; // inside the expandedKey's z
    bad[at]! ^= 1;
    await assert.rejects(
      subtle.importKey('pkcs8', bad, 'ML-KEM-768', true, DEC),
      (e: Error) => e.name === 'DataError' && /disagree/.test(e.message),
    );
    assert.notDeepEqual(other.seed, pair.seed);
  });
});

describe('loadPrivateKey: each option read once', () => {
  it('a getter on options.backend or options.pairwiseCheck runs once', async () => {
    const { loadPrivateKey } = await import('../../src/keys/load.js');
    const { toPem } = await import('../../src/keys/index.js');
    const pem = toPem(encodePkcs8({ algorithm: 'ML-KEM-768', ...MlKem768.keygen() }, { form: 'seed' }), 'PRIVATE KEY');
    const reads = { backend: 0, pairwiseCheck: 0 };
    const options = {
      get backend() {
        reads.backend++;
        return undefined;
      },
      get pairwiseCheck() {
        reads.pairwiseCheck++;
        return true;
      },
    };
    loadPrivateKey(pem, options as object).dispose();
    assert.deepEqual(reads, { backend: 1, pairwiseCheck: 1 });
  });
});
