// The RFC 10024 key scalar d = (c mod (n - 1)) + 1 (FIPS 186-5 A.2.1) and noble's QSF scalar
// c mod n, computed in constant time by src/hybrid/curves/nist.ts: equal to BigInt arithmetic (and
// the first to @noble/curves' randomSecretKey, what the code used before) on random and edge-case
// seeds, for P-256 and P-384.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { p256, p384 } from '@noble/curves/nist.js';

import { reduceToScalar } from '../../src/hybrid/curves/nist.js';
import { randomBytes } from '../support/helpers.js';

const CURVES = [
  { name: 'P-256', curve: p256, L: 32, seedBytes: 48 },
  { name: 'P-384', curve: p384, L: 48, seedBytes: 72 },
] as const;

const toBig = (a: Uint8Array) => a.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
const toBytes = (x: bigint, L: number) =>
  Uint8Array.from({ length: L }, (_, i) => Number((x >> BigInt(8 * (L - 1 - i))) & 0xffn));

for (const { name, curve, L, seedBytes } of CURVES) {
  test(`${name}: (c mod (n - 1)) + 1 equals BigInt and noble on random and edge-case seeds`, () => {
    const n = curve.Point.Fn.ORDER;
    const order = toBytes(n, L);
    const edges = [
      0n,
      1n,
      n - 2n,
      n - 1n,
      n,
      2n * (n - 1n),
      2n * (n - 1n) - 1n,
      (1n << BigInt(8 * seedBytes)) - 1n,
    ].map((x) => toBytes(x, seedBytes));
    const seeds = [...edges, ...Array.from({ length: 2000 }, () => randomBytes(seedBytes))];
    for (const c of seeds) {
      const want = toBytes((toBig(c) % (n - 1n)) + 1n, L);
      const got = reduceToScalar(c, order);
      assert.deepEqual(got, want, `c = ${Buffer.from(c).toString('hex')}`);
      assert.deepEqual(got, curve.utils.randomSecretKey(c), 'noble agrees');
    }
  });
}

for (const { name, curve, L, seedBytes } of CURVES) {
  test(`${name}: offset 0, noble's QSF scalar c mod n, equals BigInt on random and edge-case seeds`, () => {
    const n = curve.Point.Fn.ORDER;
    const order = toBytes(n, L);
    const top = (1n << BigInt(8 * seedBytes)) - 1n;
    const edges = [0n, 1n, n - 1n, n, n + 1n, 2n * n, top - (top % n), top - (top % n) - 1n, top];
    const seeds = [
      ...edges.map((x) => toBytes(x, seedBytes)),
      ...Array.from({ length: 2000 }, () => randomBytes(seedBytes)),
    ];
    for (const c of seeds) {
      const got = reduceToScalar(c, order, 0);
      assert.deepEqual(got, toBytes(toBig(c) % n, L), `c = ${Buffer.from(c).toString('hex')}`);
    }
  });
}
