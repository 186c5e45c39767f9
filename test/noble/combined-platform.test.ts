// noble's QSF and KitchenSink objects (src/noble/combined.ts) where node:crypto is not what they
// expect: it has only an ECDH.convertKey, which may lie, and a createHmac one bit off. The curves
// then run on @noble/curves (native.ts's self-tests fail), a compressed point is decompressed
// natively only when the answer checks out, and the HMAC fails its known answer, so KitchenSink's
// HKDF is @noble/hashes': each wrong answer below must leave noble's bytes and refusals unchanged.
// Its own file: node:crypto is looked up once per process.
import assert from 'node:assert/strict';
import { createHmac as realCreateHmac, ECDH } from 'node:crypto';
import { describe, it } from 'node:test';

import { p256, p384 } from '@noble/curves/nist.js';
import * as noble07 from '@noble/post-quantum/hybrid.js';

import * as ours from '../../src/noble/hybrid.js';
import { random, same } from './compare.js';

type Mode = 'correct' | 'other y' | 'off the curve' | 'another point' | 'short' | 'not bytes' | 'throws';
let mode: Mode = 'correct';
let calls = 0;

/** What the fake ECDH.convertKey answers for a compressed point, by `mode`. */
function convertKey(key: Uint8Array, curve: string): unknown {
  calls++;
  if (mode === 'throws') throw new Error('convertKey: refused');
  if (mode === 'not bytes') return 'a string';
  const u = new Uint8Array(ECDH.convertKey(key, curve, undefined, undefined, 'uncompressed') as Uint8Array);
  const L = (u.length - 1) / 2;
  if (mode === 'other y') {
    // p - y (big-endian, with borrows): the other point with this x, of the other parity (which
    // gives the same x-coordinate of d·Q: refused, though no result would show it)
    const p = curve === 'prime256v1' ? P256_P : P384_P;
    let borrow = 0;
    for (let i = L - 1; i >= 0; i--) {
      const v = p[i]! - u[1 + L + i]! - borrow;
      u[1 + L + i] = v & 0xff;
      borrow = v < 0 ? 1 : 0;
    }
  }
  if (mode === 'off the curve') u[2 * L] = u[2 * L]! ^ 2;
  if (mode === 'another point') return (curve === 'prime256v1' ? p256 : p384).Point.BASE.toBytes(false);
  if (mode === 'short') return u.subarray(0, 2 * L);
  return u;
}

const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (b) => parseInt(b, 16));
const P256_P = hex('ffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const P384_P = hex('fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff');

/** An HMAC-SHA-256 one bit off: it fails its known answer, so KitchenSink's HKDF must be noble's. */
let hmacs = 0;
function createHmac(algorithm: string, key: Uint8Array) {
  hmacs++;
  const h = realCreateHmac(algorithm, key);
  const wrapper = {
    update: (data: Uint8Array) => (h.update(data), wrapper),
    digest: () => {
      const d = h.digest();
      d[0] = d[0]! ^ 1;
      return d;
    },
  };
  return wrapper;
}

// node:crypto as the hybrids see it: the ECDH class with the fake convertKey, and the wrong HMAC.
const proc = process as unknown as { getBuiltinModule(id: string): unknown };
const getBuiltinModule = proc.getBuiltinModule.bind(process);
proc.getBuiltinModule = (id: string) =>
  id === 'node:crypto' || id === 'crypto' ? { ECDH: { convertKey }, createHmac } : getBuiltinModule(id);

const OBJECTS = ['QSF_ml_kem768_p256', 'QSF_ml_kem1024_p384', 'KitchenSink_ml_kem768_x25519'] as const;
const MODES: Mode[] = ['correct', 'other y', 'off the curve', 'another point', 'short', 'not bytes', 'throws'];

describe('noble QSF and KitchenSink over @noble/curves, with a native decompression that may be wrong', () => {
  for (const name of OBJECTS) {
    it(`${name}: noble's bytes and refusals whatever convertKey answers`, () => {
      const n = noble07[name];
      const o = ours[name];
      const pqPk = name === 'QSF_ml_kem1024_p384' ? 1568 : 1184;
      const pqCt = name === 'QSF_ml_kem1024_p384' ? 1568 : 1088;
      for (const m of MODES) {
        mode = m;
        const seed = random(32);
        const msg = random(n.lengths.msgRand!);
        const keys = n.keygen(seed.slice());
        const enc = n.encapsulate(keys.publicKey, msg.slice());
        same(`${name} ${m} keygen`, n.keygen, o.keygen, [seed]);
        same(`${name} ${m} encapsulate`, n.encapsulate, o.encapsulate, [keys.publicKey, msg]);
        same(`${name} ${m} decapsulate`, n.decapsulate, o.decapsulate, [enc.cipherText, keys.secretKey]);
        // a share with the other prefix (the other point, or none), and one that is off the curve
        const flipped = keys.publicKey.slice();
        flipped[pqPk] = flipped[pqPk]! ^ 1;
        same(`${name} ${m} the other prefix`, n.encapsulate, o.encapsulate, [flipped, msg]);
        const ct = enc.cipherText.slice();
        ct[pqCt + 5] = ct[pqCt + 5]! ^ 0x40;
        same(`${name} ${m} a changed share`, n.decapsulate, o.decapsulate, [ct, keys.secretKey]);
      }
    });
  }

  it('tested the HMAC once, and did not use it', () => {
    const kem = ours.KitchenSink_ml_kem768_x25519;
    kem.encapsulate(kem.keygen().publicKey);
    // the known answer's first HMAC (the PRK) is already wrong, so the test stops there; any
    // HMAC of the HKDF itself would be a second call
    assert.equal(hmacs, 1, 'the known answer: one HMAC, and none after');
  });

  it('asks convertKey for the NIST curves only', () => {
    mode = 'correct';
    const before = calls;
    const keys = ours.KitchenSink_ml_kem768_x25519.keygen();
    ours.KitchenSink_ml_kem768_x25519.encapsulate(keys.publicKey);
    assert.equal(calls, before);
    const p = ours.QSF_ml_kem768_p256.keygen();
    ours.QSF_ml_kem768_p256.encapsulate(p.publicKey);
    assert.ok(calls > before, 'a QSF encapsulation decompresses the share natively');
  });
});
