// One key lifetime: every decapsulation key of every entry
// point — ML-KEM, the six hybrids on both curve paths, Web Crypto's and the HPKE libraries' private
// keys — owns its secrets through lifetime.ts, which wipes them on dispose() and when the key is
// garbage-collected without it; and the core still loads and works where the runtime has no
// FinalizationRegistry or WeakRef (Hermes).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { ML_KEM_768, MLKEM768_P256, MLKEM768_X25519, hpkeKem } from '../../src/hpke/index.js';
import { nativeForm } from '../../src/hybrid/curves/native.js';
import { secretsOf, trackSecrets } from '../../src/lifetime.js';
import { backends } from '../support/backends.js';
import { hybridsOf } from '../support/hybrid-reference.js';

trackSecrets();
const zero = (a: Uint8Array | Int16Array) => a.every((v) => v === 0);

test('every kind of decapsulation key collected without dispose() has all its secrets wiped (--expose-gc)', () => {
  const fixture = fileURLToPath(new URL('../support/fixtures/collected-keys.ts', import.meta.url));
  const out = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fixture], { encoding: 'utf8' }).trim(),
  ) as { keys: number; heldNothing: string[]; unwiped: string[] };
  // 6 ML-KEM keys, 12 hybrid keys, 6 Web Crypto keys, 24 HPKE keys; each held non-zero secrets.
  assert.equal(out.keys, 48);
  assert.deepEqual(out.heldNothing, [], 'keys that held no secret arrays to watch');
  assert.deepEqual(out.unwiped, [], 'keys whose secrets were not wiped when collected');
});

test('dispose() wipes every secret a hybrid key owns, on both curve paths (the noble scalar included)', () => {
  for (const curves of ['native', 'noble'] as const) {
    for (const c of hybridsOf(backends[0]!, curves)) {
      const dk = c.kem.decapsulationKey(c.kem.keygen().secretKey);
      const arrays = secretsOf(dk);
      // the seed, and the ML-KEM half's ŝ, dk and seed; on the noble path also the curve scalar, and
      // on the native path P-384's 'sec1' form (OpenSSL 3.0) keeps a copy until its first shared secret
      const copy = curves === 'noble' || (c.kem.name.includes('P384') && nativeForm('P-384') === 'sec1');
      assert.equal(arrays.length, copy ? 5 : 4, `${c.kem.name} (${curves}): arrays owned`);
      assert.ok(
        arrays.every((a) => !zero(a)),
        `${c.kem.name} (${curves}): secrets held`,
      );
      dk.dispose();
      assert.ok(arrays.every(zero), `${c.kem.name} (${curves}): wiped by dispose`);
    }
  }
});

test('HPKE private keys hold a key object, and deserializing one leaves no unwiped copy of its bytes', async () => {
  for (const kem of [ML_KEM_768, MLKEM768_X25519, MLKEM768_P256]) {
    const secret = crypto.getRandomValues(new Uint8Array(kem.Nsk));
    const buffer = secret.slice().buffer; // the caller's ArrayBuffer, made before copies are counted
    const same = (a: unknown) =>
      a instanceof Uint8Array && a.length === secret.length && a.every((v, i) => v === secret[i]);
    for (const [name, deserialize] of [
      ['hpke DeserializePrivateKey', () => hpkeKem(kem)().DeserializePrivateKey(secret, false)],
      ['@hpke/core deserializePrivateKey', () => hpkeCoreKem(kem).deserializePrivateKey(buffer)],
    ] as const) {
      // Every copy made with slice() during the call: each must be the key's own or wiped.
      const copies: Uint8Array[] = [];
      const slice = Uint8Array.prototype.slice;
      Uint8Array.prototype.slice = function (this: Uint8Array, ...args: [number?, number?]) {
        const out = slice.apply(this, args);
        copies.push(out);
        return out;
      };
      let key: object;
      try {
        key = await deserialize();
      } finally {
        Uint8Array.prototype.slice = slice;
      }
      const owned = secretsOf(key);
      assert.ok(owned.length > 0, `${kem.name} ${name}: the key holds a key object with its secrets`);
      const left = copies.filter((c) => same(c) && !owned.includes(c));
      assert.deepEqual(
        left.length,
        0,
        `${kem.name} ${name}: copies of the private key neither owned by the key nor wiped`,
      );
    }
  }
});

test('without FinalizationRegistry and WeakRef (Hermes), the core, hybrids, Web Crypto and HPKE load and keys work', () => {
  const script = `
    delete globalThis.FinalizationRegistry; delete globalThis.WeakRef;
    const { MlKem768 } = await import('./src/index.ts');
    const { XWing } = await import('./src/hybrid/index.ts');
    const { subtle } = await import('./src/webcrypto/index.ts');
    const { ML_KEM_768 } = await import('./src/hpke/index.ts');
    const dk = MlKem768.decapsulationKey(new Uint8Array(64));
    const { ciphertext, sharedSecret } = dk.encapsulationKey.encapsulate();
    const ok1 = dk.decapsulate(ciphertext).every((v, i) => v === sharedSecret[i]);
    dk.dispose();
    const xk = XWing.decapsulationKey(new Uint8Array(32));
    const e = xk.encapsulationKey.encapsulate();
    const ok2 = xk.decapsulate(e.ciphertext).every((v, i) => v === e.sharedSecret[i]);
    xk.dispose();
    const pair = await subtle.generateKey('ML-KEM-768', false, ['encapsulateBits', 'decapsulateBits']);
    const enc = await subtle.encapsulateBits('ML-KEM-768', pair.publicKey);
    const ok3 = Buffer.from(await subtle.decapsulateBits('ML-KEM-768', pair.privateKey, enc.ciphertext)).equals(Buffer.from(enc.sharedKey));
    const ok4 = ML_KEM_768.generateKeyPair().privateKey.length === 64;
    console.log(JSON.stringify([typeof FinalizationRegistry, ok1, ok2, ok3, ok4]));
  `;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.deepEqual(JSON.parse(out.trim()), ['undefined', true, true, true, true]);
});
