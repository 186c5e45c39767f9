// The WebAssembly module's X25519 behind the curve seam (src/hybrid/curves/wasm-x25519.ts, offered
// by loadWasm / loadWasmSync through src/loaded-backend.ts): it is the 'wasm' path once the backend is
// loaded (test/support/backends.ts loads it), gives node:crypto's and noble's bytes for the same
// scalars and elements, and its hybrids give the noble hybrids' bytes and errors, synchronously
// and through the asynchronous doors. The whole hybrid suite runs on it too (CURVE_PATHS).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runtimeOpenSsl } from '../../src/hybrid/curves/choose.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { loadedX25519, offerX25519 } from '../../src/loaded-backend.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { backends, kemByName } from '../support/backends.js';
import { runCurvePaths } from '../support/curve-paths-suite.js';
import { randomBytes } from '../support/helpers.js';
import {
  encodeU,
  lowOrderEncodings,
  nodeX25519,
  nodeX25519Public,
  rfc7748X25519,
  toHex,
} from '../support/hybrid-reference.js';

const ROUNDS = Number(process.env.MLKEM_DIFF_N ?? 3);
const wasm = () => X25519.impl('wasm');
const noble = () => X25519.impl('noble');

describe('X25519 on the WebAssembly module behind the curve seam', () => {
  it("is the 'wasm' path once the backend is loaded; 'auto' keeps node:crypto where it loads keys fast", () => {
    assert.equal(wasm().path, 'wasm');
    // OpenSSL 3.0 (Node 20): a native scalar load is 1 ms, the module's whole X25519(k, 9) 0.1 ms.
    const openssl = process.versions.openssl;
    const slow = /^(1\.|3\.0\.)/.test(openssl);
    assert.equal(runtimeOpenSsl() === '3.0', slow, `OpenSSL ${openssl}`);
    assert.equal(X25519.impl('auto').path, slow ? 'wasm' : 'native', `Node ${process.version}, OpenSSL ${openssl}`);
    assert.equal(X25519.impl('native').path, 'native');
  });

  it('a later instance replaces the one offered before, and a module without x25519 leaves none', () => {
    const first = loadedX25519();
    const firstImpl = wasm();
    assert.ok(first !== undefined);
    const ex = instantiate(compileSync());
    offerX25519(ex, (n) => new Uint8Array(ex.memory.buffer, ex.heapBase(), n));
    const later = loadedX25519();
    assert.ok(later !== undefined && later !== first);
    assert.notEqual(wasm(), firstImpl, 'the later instance, self-tested');
    const k = randomBytes(32);
    assert.equal(toHex(later(k)), toHex(first(k)));
    offerX25519({}, () => new Uint8Array(96));
    assert.equal(loadedX25519(), undefined);
    assert.throws(() => wasm(), /not loaded/);
    offerX25519(ex, (n) => new Uint8Array(ex.memory.buffer, ex.heapBase(), n));
    assert.equal(wasm().path, 'wasm');
  });

  it('gives the bytes of node:crypto (and of noble, and of RFC 7748 written out) for edge and random scalars and u', () => {
    const p = 2n ** 255n - 19n;
    const scalars = [
      new Uint8Array(32),
      new Uint8Array(32).fill(0xff),
      ...Array.from({ length: 16 }, () => randomBytes(32)),
    ];
    const us = [
      ...Array.from({ length: 8 }, () => randomBytes(32)),
      ...Array.from({ length: 4 }, () => {
        const u = randomBytes(32);
        u[31]! |= 0x80;
        return u;
      }),
      ...[2n, 3n, 10n, 18n].map((d) => encodeU(p + d)),
      encodeU(2n ** 255n - 1n),
      encodeU(9n),
    ];
    scalars.forEach((k, i) => {
      const a = wasm().load(k);
      const b = noble().load(k);
      try {
        const pub = toHex(a.publicKey());
        assert.equal(pub, toHex(nodeX25519Public(k)), `public key of ${toHex(k)}`);
        assert.equal(pub, toHex(b.publicKey()));
        for (const u of us) {
          const ours = toHex(a.sharedSecret(u));
          assert.equal(ours, toHex(nodeX25519(k, u)), `X25519(${toHex(k)}, ${toHex(u)})`);
          if (i < 3) assert.equal(ours, toHex(b.sharedSecret(u)));
        }
        // Low-order u: the Group refuses them before a CurveImpl is asked, but the function itself is RFC 7748's.
        for (const [name, u] of lowOrderEncodings())
          assert.equal(toHex(a.sharedSecret(u)), toHex(rfc7748X25519(k, u)), name);
      } finally {
        a.dispose();
        b.dispose();
      }
    });
  });

  it('dispose wipes the copy of the scalar a loaded key holds', () => {
    const k = randomBytes(32);
    const key = wasm().load(k);
    const before = toHex(key.publicKey());
    assert.equal(before, toHex(nodeX25519Public(k)));
    key.dispose();
    assert.equal(
      toHex(key.publicKey()),
      toHex(nodeX25519Public(new Uint8Array(32))),
      'the key still computes with its old scalar',
    );
  });

  for (const backend of backends) {
    it(`${backend.name}: X-Wing on wasm curves gives X-Wing on node:crypto's bytes for random keys and encapsulations`, () => {
      const mlkem = kemByName(backend, 'ML-KEM-768');
      const ours = xwingOver(mlkem, 'wasm');
      const theirs = xwingOver(mlkem, 'native');
      for (let i = 0; i < 20; i++) {
        const seed = randomBytes(32);
        const eseed = randomBytes(64);
        const pair = ours.keygen(seed);
        assert.equal(toHex(pair.publicKey), toHex(theirs.keygen(seed).publicKey));
        const enc = ours.encapsulateInternal(pair.publicKey, eseed);
        const ref = theirs.encapsulateInternal(pair.publicKey, eseed);
        assert.equal(toHex(enc.ciphertext), toHex(ref.ciphertext));
        assert.equal(toHex(enc.sharedSecret), toHex(ref.sharedSecret));
        using dk = ours.decapsulationKey(pair.secretKey);
        assert.equal(toHex(dk.decapsulate(ref.ciphertext)), toHex(ref.sharedSecret));
        const fresh = ours.encapsulate(pair.publicKey);
        assert.equal(toHex(theirs.decapsulate(fresh.ciphertext, pair.secretKey)), toHex(fresh.sharedSecret));
      }
    });

    it(
      `${backend.name}: the hybrids on wasm curves, synchronous key objects behind the asynchronous doors, give the noble hybrids' bytes and errors (${ROUNDS} random key pairs each, with every edge case)`,
      { timeout: 300_000 },
      async (t) => {
        const [, MlKem768, MlKem1024] = backend.kems;
        const r = await runCurvePaths({ MlKem768: MlKem768!, MlKem1024: MlKem1024! }, ['wasm'], ROUNDS, 'own');
        t.diagnostic(
          Object.entries(r.checks)
            .map(([k, v]) => `${k} ×${v}`)
            .join('; '),
        );
        assert.deepEqual(r.failures, []);
        assert.equal(r.took['X-Wing wasm'], 'wasm');
        assert.equal(r.took['X-Wing refusing low order wasm'], 'wasm');
        assert.ok(r.checks['X-Wing wasm']! >= 20 * ROUNDS, 'too few comparisons');
      },
    );
  }
});
