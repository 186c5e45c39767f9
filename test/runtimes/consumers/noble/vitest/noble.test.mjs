// A vitest test with docs/switching.md's vitest.config.mjs: noble's paths, imported.
import { expect, test } from 'vitest';
import * as dsa from '@noble/post-quantum/ml-dsa.js';
import * as hybrid from '@noble/post-quantum/hybrid.js';
import * as kem from '@noble/post-quantum/ml-kem.js';
import * as oursHybrid from 'mlkem-ts/noble/hybrid.js';
import * as ours from 'mlkem-ts/noble/ml-kem.js';
import { nobleChecks, report } from '../checks.mjs';

test('noble paths through the alias', async () => {
  const result = await nobleChecks({ kem, hybrid, ours, oursHybrid, dsa });
  console.log(report(`vitest alias on Node.js ${process.version}`, result));
  expect(result.failures).toEqual([]);
  expect(result.passed).toBeGreaterThan(5);
}, 60_000);
