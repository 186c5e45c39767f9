// A CommonJS test under Jest with docs/switching.md's moduleNameMapper: noble's paths, required.
// noble's ML-DSA (ES modules only) cannot be required here, so that check is left out.
const { expect, test } = require('@jest/globals');
const kem = require('@noble/post-quantum/ml-kem.js');
const hybrid = require('@noble/post-quantum/hybrid.js');
const ours = require('mlkem-ts/noble/ml-kem.js');
const oursHybrid = require('mlkem-ts/noble/hybrid.js');
const { nobleChecks, report } = require('../checks.cjs');

test('noble paths through moduleNameMapper', async () => {
  const result = await nobleChecks({ kem, hybrid, ours, oursHybrid });
  console.log(report(`Jest moduleNameMapper on Node.js ${process.version}`, result));
  expect(result.failures).toEqual([]);
  expect(result.passed).toBeGreaterThan(5);
}, 60_000);
