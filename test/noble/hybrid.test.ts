// mlkem-ts/noble/hybrid.js against @noble/post-quantum's hybrid.js on both backends: 0.7's
// ml_kem768_x25519, ml_kem768_p256 and ml_kem1024_p384 against 0.7, and the names of 0.5 and 0.6
// (XWing, MLKEM768X25519, MLKEM768P256, MLKEM1024P384) against 0.5: the same bytes for random
// seeds and randomness, and the same refusals — wrong types and lengths, the modulus check of the
// ML-KEM half, low-order X25519 shares, invalid P-256/P-384 points, eseeds without a valid scalar,
// and several faults at once, refused in noble's order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { p256, p384 } from '@noble/curves/nist.js';
import * as noble05 from '@noble/post-quantum-0.5/hybrid.js';
import * as noble07 from '@noble/post-quantum/hybrid.js';

import * as ours from '../../src/noble/hybrid.js';
import { Q, setCoeff, wrongTypes } from '../support/helpers.js';
import { onEachBackend, oursRefuses, random, same, scale } from './compare.js';

type NobleKem = typeof noble07.ml_kem768_x25519;
type Curve = 'X25519' | 'P-256' | 'P-384';

interface Case {
  name: string;
  noble: NobleKem;
  ours: ours.NobleKem;
  curve: Curve;
  release: '0.7' | '0.5';
  /** QSF: compressed points, the scalar the seed mod n. */
  compressed?: boolean;
}

const CASES: Case[] = [
  {
    name: 'ml_kem768_x25519',
    noble: noble07.ml_kem768_x25519,
    ours: ours.ml_kem768_x25519,
    curve: 'X25519',
    release: '0.7',
  },
  { name: 'ml_kem768_p256', noble: noble07.ml_kem768_p256, ours: ours.ml_kem768_p256, curve: 'P-256', release: '0.7' },
  {
    name: 'ml_kem1024_p384',
    noble: noble07.ml_kem1024_p384,
    ours: ours.ml_kem1024_p384,
    curve: 'P-384',
    release: '0.7',
  },
  { name: 'XWing', noble: noble05.XWing as NobleKem, ours: ours.XWing, curve: 'X25519', release: '0.5' },
  {
    name: 'MLKEM768P256',
    noble: noble05.MLKEM768P256 as NobleKem,
    ours: ours.MLKEM768P256,
    curve: 'P-256',
    release: '0.5',
  },
  {
    name: 'MLKEM1024P384',
    noble: noble05.MLKEM1024P384 as NobleKem,
    ours: ours.MLKEM1024P384,
    curve: 'P-384',
    release: '0.5',
  },
  {
    name: 'QSF_ml_kem768_p256',
    noble: noble07.QSF_ml_kem768_p256,
    ours: ours.QSF_ml_kem768_p256,
    curve: 'P-256',
    release: '0.7',
    compressed: true,
  },
  {
    name: 'QSF_ml_kem1024_p384',
    noble: noble07.QSF_ml_kem1024_p384,
    ours: ours.QSF_ml_kem1024_p384,
    curve: 'P-384',
    release: '0.7',
    compressed: true,
  },
  {
    name: 'KitchenSink_ml_kem768_x25519',
    noble: noble07.KitchenSink_ml_kem768_x25519,
    ours: ours.KitchenSink_ml_kem768_x25519,
    curve: 'X25519',
    release: '0.7',
  },
  {
    name: 'QSFMLKEM768P256',
    noble: noble05.QSFMLKEM768P256 as NobleKem,
    ours: ours.QSFMLKEM768P256,
    curve: 'P-256',
    release: '0.5',
    compressed: true,
  },
  {
    name: 'QSFMLKEM1024P384',
    noble: noble05.QSFMLKEM1024P384 as NobleKem,
    ours: ours.QSFMLKEM1024P384,
    curve: 'P-384',
    release: '0.5',
    compressed: true,
  },
  {
    name: 'KitchenSinkMLKEM768X25519',
    noble: noble05.KitchenSinkMLKEM768X25519 as NobleKem,
    ours: ours.KitchenSinkMLKEM768X25519,
    curve: 'X25519',
    release: '0.5',
  },
];

const le = (n: bigint, length: number): Uint8Array => {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};
const be = (n: bigint, length: number): Uint8Array => le(n, length).reverse();

/** X25519 shares: the low-order ones noble refuses (each also with bit 255 set), and non-canonical ones it accepts. */
function x25519Shares(): Array<[string, Uint8Array]> {
  const p = 2n ** 255n - 19n;
  const lowOrder = [
    0n,
    1n,
    p - 1n,
    p,
    p + 1n,
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  ];
  const out: Array<[string, Uint8Array]> = [];
  for (const u of lowOrder) {
    out.push([`low-order u = ${u}`, le(u, 32)]);
    const high = le(u, 32);
    high[31] = high[31]! | 0x80;
    out.push([`low-order u = ${u} with bit 255`, high]);
  }
  for (const u of [p + 2n, p + 18n, 2n ** 255n - 1n, 2n, 9n]) out.push([`u = ${u}`, le(u, 32)]);
  const top = random(32);
  top[31] = top[31]! | 0x80;
  out.push(['a random u with bit 255', top]);
  return out;
}

/** P-256 / P-384 shares (uncompressed, as the hybrids carry them): invalid ones, and valid ones. */
function nistShares(curve: 'P-256' | 'P-384', valid: Uint8Array): Array<[string, Uint8Array]> {
  const { Point } = curve === 'P-256' ? p256 : p384;
  const L = Point.Fp.BYTES;
  const p = Point.Fp.ORDER;
  const x = valid.subarray(1, 1 + L);
  const y = valid.subarray(1 + L);
  const point = (prefix: number, px: Uint8Array, py: Uint8Array) => Uint8Array.of(prefix, ...px, ...py);
  const out: Array<[string, Uint8Array]> = [];
  for (const prefix of [0x00, 0x02, 0x03, 0x05, 0x06, 0xff]) out.push([`prefix ${prefix}`, point(prefix, x, y)]);
  const yFlip = y.slice();
  yFlip[L - 1] = yFlip[L - 1]! ^ 1;
  out.push(['not on the curve', point(4, x, yFlip)]);
  out.push(['x = p', point(4, be(p, L), y)]);
  out.push(['y = p', point(4, x, be(p, L))]);
  out.push(['x + p', point(4, be(BigInt('0x' + Buffer.from(x).toString('hex')) + p, L + 1).subarray(1), y)]);
  out.push(['all zeros', new Uint8Array(1 + 2 * L)]);
  out.push(['0x04 and zeros', point(4, new Uint8Array(L), new Uint8Array(L))]);
  out.push(['all 0xff', new Uint8Array(1 + 2 * L).fill(0xff)]);
  const negY = be((p - BigInt('0x' + Buffer.from(y).toString('hex'))) % p, L);
  out.push(['valid: the negated point', point(4, x, negY)]);
  out.push(['valid: itself', valid]);
  return out;
}

/** Compressed P-256 / P-384 shares (QSF): invalid ones, and valid ones. */
function compressedShares(curve: 'P-256' | 'P-384', valid: Uint8Array): Array<[string, Uint8Array]> {
  const { Point } = curve === 'P-256' ? p256 : p384;
  const L = Point.Fp.BYTES;
  const p = Point.Fp.ORDER;
  const x = valid.subarray(1);
  const out: Array<[string, Uint8Array]> = [];
  for (const prefix of [0x00, 0x01, 0x04, 0x05, 0xff]) out.push([`prefix ${prefix}`, Uint8Array.of(prefix, ...x)]);
  out.push(['the other y', Uint8Array.of(valid[0]! ^ 1, ...x)]);
  out.push(['x = p', Uint8Array.of(2, ...be(p, L))]);
  out.push(['x = p + 1', Uint8Array.of(3, ...be(p + 1n, L))]);
  out.push(['all zeros', new Uint8Array(1 + L)]);
  out.push(['all 0xff', new Uint8Array(1 + L).fill(0xff)]);
  // An x with no point: the first x after the valid one whose decoding noble refuses.
  for (let d = 1n; d < 64n; d++) {
    const candidate = Uint8Array.of(2, ...be((BigInt('0x' + Buffer.from(x).toString('hex')) + d) % p, L));
    try {
      Point.fromBytes(candidate);
    } catch {
      out.push(['an x off the curve', candidate]);
      break;
    }
  }
  out.push(['valid: itself', valid]);
  return out;
}

/** Encapsulation seeds whose curve part holds no valid scalar (noble: 'rejection sampling failed'), and edge ones that do. */
function eseeds(c: Case, eseedLength: number): Array<[string, Uint8Array]> {
  if (c.compressed === true) {
    // QSF: the scalar is the whole curve part mod n, refused only when it is 0 mod n.
    const n = (c.curve === 'P-256' ? p256 : p384).Point.Fn.ORDER;
    const part = eseedLength - 32;
    const make = (v: bigint) => Uint8Array.of(...random(32), ...be(v, part));
    const top = 2n ** BigInt(8 * part) - 1n;
    const scalarBytes = c.curve === 'P-256' ? 32 : 48;
    const k = BigInt('0x' + Buffer.from(random(part - scalarBytes)).toString('hex')) | 1n; // below top / n
    return [
      ['0', make(0n)],
      ['n', make(n)],
      ['2n', make(2n * n)],
      ['n - 1', make(n - 1n)],
      ['n + 1', make(n + 1n)],
      ['all 0xff', make(2n ** BigInt(8 * part) - 1n)],
      ['the largest multiple of n', make(top - (top % n))],
      ['the largest multiple of n, - 1', make(top - (top % n) - 1n)],
      ['a random multiple of n', make(k * n)],
      ['a random multiple of n, + 1', make(k * n + 1n)],
      ['a random multiple of n, - 1', make(k * n - 1n)],
    ];
  }
  if (c.curve === 'X25519')
    return [
      ['zeros', new Uint8Array(eseedLength)],
      ['0xff', new Uint8Array(eseedLength).fill(0xff)],
    ];
  const n = (c.curve === 'P-256' ? p256 : p384).Point.Fn.ORDER;
  const L = c.curve === 'P-256' ? 32 : 48;
  const windows = (eseedLength - 32) / L;
  const make = (...scalars: bigint[]) => {
    const e = random(eseedLength);
    for (let i = 0; i < windows; i++) e.set(be(scalars[Math.min(i, scalars.length - 1)]!, L), 32 + i * L);
    return e;
  };
  return [
    ['every window zero', make(0n)],
    ['every window n', make(n)],
    ['every window 2^k - 1', make(2n ** BigInt(8 * L) - 1n)],
    ['only the last window valid', make(...new Array<bigint>(windows - 1).fill(n), n - 1n)],
    ['the first window n - 1', make(n - 1n, 0n)],
    ['the first window 1', make(1n, n)],
  ];
}

for (const c of CASES) {
  // noble 0.5's methods use `this`: bound, as a caller calls them.
  const n = {
    lengths: c.noble.lengths,
    keygen: c.noble.keygen.bind(c.noble),
    getPublicKey: c.noble.getPublicKey.bind(c.noble),
    encapsulate: c.noble.encapsulate.bind(c.noble),
    decapsulate: c.noble.decapsulate.bind(c.noble),
  };
  const o = c.ours;
  const L = n.lengths as Required<NobleKem['lengths']>;
  const pqPk = c.curve === 'P-384' ? 1568 : 1184;
  const pqCt = c.curve === 'P-384' ? 1568 : 1088;
  // The QSF and KitchenSink objects are noble's construction over our ML-KEM: fewer rounds.
  const rounds = scale(
    (c.release === '0.7' ? 10 : 3) /
      (c.compressed === true || c.name.startsWith('KitchenSink') || c.curve === 'P-384' ? 2 : 1),
  );

  describe(`noble ${c.release} ${c.name}`, () => {
    it('has noble’s fields and lengths', () => {
      assert.deepEqual(Object.keys(o).sort(), Object.keys(c.noble).sort());
      assert.deepEqual({ ...o.lengths }, { ...n.lengths });
      assert.deepEqual(Object.keys(o.lengths), Object.keys(c.noble.lengths));
    });

    it(`gives noble’s bytes for random seeds and randomness (${rounds} of each per backend)`, () => {
      for (let i = 0; i < rounds; i++) {
        const seed = random(32);
        const msg = random(L.msgRand);
        const keys = n.keygen(seed.slice());
        const { publicKey, secretKey } = keys;
        const enc = n.encapsulate(publicKey, msg.slice());
        const tampered = enc.cipherText.slice();
        tampered[i % pqCt] = tampered[i % pqCt]! ^ 1; // the ML-KEM half: implicit rejection
        const expected = {
          keys,
          pk: n.getPublicKey(secretKey),
          enc,
          dec: n.decapsulate(enc.cipherText, secretKey),
          rejected: n.decapsulate(tampered, secretKey),
        };
        onEachBackend((backend) => {
          const what = `${c.name} ${backend} #${i}`;
          assert.deepEqual(
            {
              keys: o.keygen(seed),
              pk: o.getPublicKey(secretKey),
              enc: o.encapsulate(publicKey, msg.slice()),
              dec: o.decapsulate(enc.cipherText, secretKey),
              rejected: o.decapsulate(tampered, secretKey),
            },
            expected,
            what,
          );
          // Fresh randomness: what ours encapsulates, noble decapsulates.
          const fresh = o.encapsulate(publicKey);
          assert.deepEqual(n.decapsulate(fresh.cipherText, secretKey), fresh.sharedSecret, `${what} fresh`);
        });
      }
    });

    it('refuses every wrong type and length where noble does, with noble’s error', () => {
      const { publicKey, secretKey } = n.keygen(random(32));
      const { cipherText } = n.encapsulate(publicKey, random(L.msgRand));
      const bad = (length: number, undefinedAllowed: boolean) => [
        ...wrongTypes(length, undefinedAllowed).map(([, v]) => v),
        new Uint8Array(0),
        new Uint8Array(length - 1),
        new Uint8Array(length + 1),
      ];
      {
        const w = c.name;
        for (const v of bad(32, true)) {
          same(`${w} keygen`, n.keygen, o.keygen, [v], v === undefined);
          same(`${w} getPublicKey`, n.getPublicKey, o.getPublicKey, [v], v === undefined);
          same(`${w} decapsulate secretKey`, n.decapsulate, o.decapsulate, [cipherText, v]);
        }
        for (const v of bad(L.publicKey, false)) {
          same(`${w} encapsulate publicKey`, n.encapsulate, o.encapsulate, [v, random(L.msgRand)]);
          same(`${w} encapsulate publicKey, no msg`, n.encapsulate, o.encapsulate, [v], true);
          same(`${w} encapsulate both`, n.encapsulate, o.encapsulate, [v, new Uint8Array(3)]);
        }
        for (const v of bad(L.msgRand, true))
          same(`${w} encapsulate msg`, n.encapsulate, o.encapsulate, [publicKey, v], v === undefined);
        for (const v of bad(L.cipherText, false)) {
          same(`${w} decapsulate cipherText`, n.decapsulate, o.decapsulate, [v, secretKey]);
          same(`${w} decapsulate both`, n.decapsulate, o.decapsulate, [v, new Uint8Array(3)]);
        }
        same(`${w} Buffers`, n.decapsulate, o.decapsulate, [Buffer.from(cipherText), Buffer.from(secretKey)]);
      }
    });

    it('refuses the shares, keys and eseeds noble refuses, in noble’s order', () => {
      const { publicKey, secretKey } = n.keygen(random(32));
      const { cipherText } = n.encapsulate(publicKey, random(L.msgRand));
      const shares =
        c.curve === 'X25519'
          ? x25519Shares()
          : c.compressed === true
            ? compressedShares(c.curve, publicKey.subarray(pqPk))
            : nistShares(c.curve, publicKey.subarray(pqPk));
      const badPq = publicKey.slice();
      setCoeff(badPq, 17, Q);
      const badSeeds = eseeds(c, L.msgRand);
      const w = c.name;
      // noble 0.5 has no working modulus check (its ByteDecode_12 does not reduce mod q): ours
      // refuses as 0.7 does, a documented difference.
      const pqRefused = (what: string, f: typeof n.encapsulate, g: typeof o.encapsulate, args: unknown[]) =>
        c.release === '0.7' ? same(what, f, g, args) : oursRefuses(what, f, g, args, /wrong publicKey modulus/);
      // The 0.5 objects share the 0.7 ones' code: every third share for those of the NIST curves.
      for (const [i, [what, share]] of shares.entries()) {
        if (c.release === '0.5' && c.curve !== 'X25519' && i % 3 !== 0) continue;
        const pk = publicKey.slice();
        pk.set(share, pqPk);
        same(`${w} encapsulate to ${what}`, n.encapsulate, o.encapsulate, [pk, random(L.msgRand)]);
        if (i % 4 === 0) same(`${w} encapsulate to ${what}, no msg`, n.encapsulate, o.encapsulate, [pk], true);
        const ct = cipherText.slice();
        ct.set(share, pqCt);
        same(`${w} decapsulate ${what}`, n.decapsulate, o.decapsulate, [ct, secretKey]);
        const both = badPq.slice();
        both.set(share, pqPk);
        // Both halves bad: noble 0.7 refuses the ML-KEM half first; ours does for the 0.5 names too.
        if (c.release === '0.7')
          same(`${w} encapsulate to ${what} with a bad ML-KEM half`, n.encapsulate, o.encapsulate, [
            both,
            random(L.msgRand),
          ]);
        else
          onEachBackend(() => assert.throws(() => o.encapsulate(both, random(L.msgRand)), /wrong publicKey modulus/));
        // An eseed without a valid scalar and a bad share: the scalar is refused first.
        if (i % 4 === 0)
          for (const [seedWhat, eseed] of badSeeds)
            same(`${w} encapsulate to ${what}, eseed ${seedWhat}`, n.encapsulate, o.encapsulate, [pk, eseed]);
      }
      for (const [seedWhat, eseed] of badSeeds) {
        same(`${w} eseed ${seedWhat}`, n.encapsulate, o.encapsulate, [publicKey, eseed]);
        if (c.release === '0.7')
          same(`${w} eseed ${seedWhat}, bad ML-KEM half`, n.encapsulate, o.encapsulate, [badPq, eseed]);
        else onEachBackend(() => assert.throws(() => o.encapsulate(badPq, eseed), /wrong publicKey modulus/));
      }
      pqRefused(`${w} a bad ML-KEM half`, n.encapsulate, o.encapsulate, [badPq, random(L.msgRand)]);
    });
  });
}

describe('noble hybrids: what ours adds', () => {
  it('never modifies an argument (noble 0.5 wipes the X25519 part of msg), and copies the seed', () => {
    const seed = random(32);
    const keys = ours.XWing.keygen(seed);
    assert.notEqual(keys.secretKey, seed);
    const msg = random(64);
    const before = msg.slice();
    ours.XWing.encapsulate(keys.publicKey, msg);
    assert.deepEqual(msg, before);
    noble05.XWing.encapsulate(keys.publicKey, msg);
    assert.notDeepEqual(msg, before, 'noble 0.5 no longer wipes msg: docs/switching-from-noble.md says it does');
  });

  it('the 0.5 names are one object each where 0.5 had one (MLKEM768X25519 is tested as XWing)', () => {
    assert.equal(noble05.MLKEM768X25519, noble05.XWing);
    assert.equal(ours.MLKEM768X25519, ours.XWing);
    assert.notEqual(ours.XWing, ours.ml_kem768_x25519);
  });
});
