// Differential tests against @noble/post-quantum: for many random (d ‖ z, m) per parameter set and
// backend, every output must be byte-identical: ek, dk, c, K, and decapsulation of the honest
// ciphertext, of a random ciphertext of the right length and of the honest ciphertext with one
// random bit flipped (the last two must give the implicit-rejection key, not the honest K).
//
// N per level and backend: 1000 in CI (CI=true), else 200; MLKEM_DIFF_N overrides both.
// Each iteration draws one 32-byte iteration seed; all its inputs (d ‖ z, m, the random
// ciphertext, the flipped bit) are SHAKE256(iteration seed) output, so the iteration seed printed
// in a failure message reproduces the case: set MLKEM_DIFF_SEED to it to run just that case first.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';

import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';

import type { MlKem } from '../../src/index.js';
import { backends } from '../support/backends.js';
import { diffCount, replaySeed } from '../support/diff-options.js';

const N = diffCount(process.env.CI === 'true' ? 1000 : 200);

const noble = { 'ML-KEM-512': ml_kem512, 'ML-KEM-768': ml_kem768, 'ML-KEM-1024': ml_kem1024 } as const;

const toHex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex');

/** True when a and b are Uint8Arrays of the same bytes. */
function same(a: unknown, b: Uint8Array): boolean {
  return a instanceof Uint8Array && a.length === b.length && Buffer.compare(a, b) === 0;
}

interface Inputs {
  iterSeed: Uint8Array;
  seed: Uint8Array; // d ‖ z
  m: Uint8Array;
  randomCt: Uint8Array;
  bit: number; // the bit of the honest ciphertext to flip
}

/** The inputs of one iteration, derived from a 32-byte iteration seed with SHAKE256. */
function deriveInputs(iterSeed: Uint8Array, ctBytes: number): Inputs {
  const stream = createHash('shake256', { outputLength: 64 + 32 + ctBytes + 4 })
    .update(iterSeed)
    .digest();
  const bytes = new Uint8Array(stream.buffer, stream.byteOffset, stream.length);
  const seed = bytes.slice(0, 64);
  const m = bytes.slice(64, 96);
  const randomCt = bytes.slice(96, 96 + ctBytes);
  const bit = stream.readUInt32LE(96 + ctBytes) % (8 * ctBytes);
  return { iterSeed, seed, m, randomCt, bit };
}

/** Compares our kem with noble's on one iteration; returns a failure description or undefined. */
function compareOnce(kem: MlKem, inp: Inputs): string | undefined {
  const ref = noble[kem.name];
  const ours = kem.keygen(inp.seed);
  const theirs = ref.keygen(inp.seed);
  if (!same(ours.publicKey, theirs.publicKey)) return 'ek differs';
  if (!same(ours.secretKey, theirs.secretKey)) return 'dk differs';
  if (!same(ours.seed, inp.seed)) return 'returned seed differs from d ‖ z';

  const enc = kem.encapsulateInternal(ours.publicKey, inp.m);
  const encRef = ref.encapsulate(theirs.publicKey, inp.m);
  if (!same(enc.ciphertext, encRef.cipherText)) return 'c differs';
  if (!same(enc.sharedSecret, encRef.sharedSecret)) return 'K differs';

  const k = kem.decapsulate(enc.ciphertext, ours.secretKey);
  if (!same(k, encRef.sharedSecret)) return 'decapsulate(honest c) differs from K';
  if (!same(ref.decapsulate(encRef.cipherText, theirs.secretKey), k)) return 'noble decapsulate(honest c) differs';

  // A random ciphertext of the right length: implicit rejection, the same K̄ as noble's.
  const kRand = kem.decapsulate(inp.randomCt, ours.secretKey);
  if (!same(kRand, ref.decapsulate(inp.randomCt, theirs.secretKey))) return 'decapsulate(random c) differs from noble';
  if (same(kRand, k)) return 'decapsulate(random c) equals the honest K';

  // The honest ciphertext with one bit flipped.
  const flipped = enc.ciphertext.slice();
  flipped[inp.bit >>> 3]! ^= 1 << (inp.bit & 7);
  const kFlip = kem.decapsulate(flipped, ours.secretKey);
  if (!same(kFlip, ref.decapsulate(flipped, theirs.secretKey)))
    return `decapsulate(c with bit ${inp.bit} flipped) differs from noble`;
  if (same(kFlip, k)) return `decapsulate(c with bit ${inp.bit} flipped) equals the honest K`;
  return undefined;
}

for (const backend of backends) {
  describe(`differential vs @noble/post-quantum on ${backend.name} (N = ${N})`, () => {
    for (const kem of backend.kems) {
      it(`${kem.name}: ek, dk, c, K and decapsulation (honest, random, bit-flipped) byte-equal`, () => {
        let done = 0;
        for (let i = 0; i < N; i++) {
          const iterSeed =
            i === 0 && replaySeed ? Uint8Array.from(Buffer.from(replaySeed, 'hex')) : new Uint8Array(randomBytes(32));
          const inp = deriveInputs(iterSeed, kem.sizes.ciphertext);
          const failure = compareOnce(kem, inp);
          if (failure !== undefined) {
            assert.fail(
              `${backend.name} ${kem.name} iteration ${i}: ${failure}\n` +
                `  d ‖ z = ${toHex(inp.seed)}\n  m = ${toHex(inp.m)}\n  flipped bit = ${inp.bit}\n` +
                `  iteration seed = ${toHex(inp.iterSeed)} (replay with MLKEM_DIFF_SEED=${toHex(inp.iterSeed)})`,
            );
          }
          done++;
        }
        assert.equal(done, N, 'iterations completed');
      });
    }
  });
}

// Operations of every level and many keys, interleaved in random order: each parameter set
// reuses one workspace, and a buffer assumed clean between calls would show up here.
for (const backend of backends) {
  describe(`interleaved operations against @noble/post-quantum (${backend.name})`, () => {
    it('300 random keygen / encapsulate / decapsulate calls across levels and keys', () => {
      type Entry = { kem: MlKem; pk: Uint8Array; sk: Uint8Array; ct: Uint8Array; ss: Uint8Array };
      const entries: Entry[] = [];
      for (let step = 0; step < 300; step++) {
        const r = randomBytes(1)[0]!;
        const kem = backend.kems[r % 3]!;
        const peer = noble[kem.name];
        const mine = entries.filter((e) => e.kem === kem);
        if (mine.length === 0 || r < 80) {
          const seed = randomBytes(64);
          const pair = kem.keygen(seed);
          const theirs = peer.keygen(seed);
          assert.ok(
            same(pair.publicKey, theirs.publicKey) && same(pair.secretKey, theirs.secretKey),
            `keygen ${kem.name} seed ${toHex(seed)}`,
          );
          entries.push({ kem, pk: pair.publicKey, sk: pair.secretKey, ct: new Uint8Array(0), ss: new Uint8Array(0) });
        } else if (r < 170) {
          const e = mine[r % mine.length]!;
          const m = randomBytes(32);
          const ours = kem.encapsulateInternal(e.pk, m);
          const theirs = peer.encapsulate(e.pk, m);
          assert.ok(
            same(ours.ciphertext, theirs.cipherText) && same(ours.sharedSecret, theirs.sharedSecret),
            `encapsulate ${kem.name} m ${toHex(m)}`,
          );
          e.ct = ours.ciphertext;
          e.ss = ours.sharedSecret;
        } else {
          const e = mine[r % mine.length]!;
          const ct = e.ct.length > 0 && r & 1 ? e.ct : randomBytes(kem.sizes.ciphertext);
          const ss = kem.decapsulate(ct, e.sk);
          assert.ok(same(ss, peer.decapsulate(ct, e.sk)), `decapsulate ${kem.name} ct ${toHex(ct).slice(0, 32)}…`);
          if (ct === e.ct) assert.ok(same(ss, e.ss), 'honest ciphertext gives the encapsulated secret');
        }
      }
    });
  });
}
