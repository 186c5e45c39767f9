// The constant-time helpers of src/ct.ts on their edge cases: a difference in any single bit of
// any position is found (the sign bit of a word too), equal inputs give 0, masks select.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ctDiffMask, ctSelect } from '../../src/ct.js';
import { randomBytes } from '../support/helpers.js';

test('ctDiffMask over words: 0 for equal words, -1 for a difference in any bit of any word', () => {
  const a = new Int32Array(randomBytes(4 * 17).buffer);
  assert.equal(ctDiffMask(a, a.slice(), a.length), 0);
  for (let i = 0; i < a.length; i++) {
    for (let bit = 0; bit < 32; bit++) {
      const b = a.slice();
      b[i]! ^= 1 << bit;
      assert.equal(ctDiffMask(a, b, a.length), -1, `word ${i}, bit ${bit}`);
      assert.equal(ctDiffMask(a, b, i), 0, `a difference past len (word ${i}) is not seen`);
    }
  }
  const zero = new Int32Array(4);
  assert.equal(ctDiffMask(zero, Int32Array.of(0, 0, 0, -0x80000000), 4), -1, 'only the sign bit differs');
});

test('ctDiffMask over words agrees with ctDiffMask over bytes on ciphertext-sized arrays', () => {
  for (const len of [768, 1088, 1568]) {
    const a = randomBytes(len);
    for (let trial = 0; trial < 200; trial++) {
      const b = a.slice();
      if (trial > 0) b[(trial * 7919) % len]! ^= 1 << (trial % 8);
      const words = (x: Uint8Array) => new Int32Array(x.buffer, x.byteOffset, len >> 2);
      assert.equal(ctDiffMask(words(a), words(b), len >> 2), ctDiffMask(a, b, len));
    }
  }
});

test('ctSelect takes b under mask -1 and a under mask 0', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);
  const out = new Uint8Array(32);
  ctSelect(out, a, b, -1, 32);
  assert.deepEqual(out, b);
  ctSelect(out, a, b, 0, 32);
  assert.deepEqual(out, a);
});
