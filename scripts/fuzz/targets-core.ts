// The fuzz targets of ML-KEM-512/768/1024: keygen (with and without a seed), encapsulate,
// encapsulateInternal and decapsulate, with the checks of their results.
import { dkLayout, jReject, kOfPublicKey, sha3_256 } from '../../test/support/contract.js';
import { type Arg, equal } from './args.js';
import type { Corpus, KeyEntry } from './corpus.js';
import { BACKENDS, CORE } from './kems.js';
import { mutateBytes, mutateDk, mutateEk } from './mutate.js';
import type { Rng } from './prng.js';
import { type Target, kemTarget, plainBytes } from './targets.js';

// ---- the core's targets ---------------------------------------------------------------------------

export function coreTargets(corpus: Corpus): Target[] {
  return CORE.flatMap((pair, level) => {
    const kem = pair[0];
    const k = kOfPublicKey(kem.sizes.publicKey);
    const l = dkLayout(k);
    const entries = corpus.core[level]!;
    const pool = (f: (e: KeyEntry) => Uint8Array[]) => entries.flatMap(f);
    const allPks = corpus.core.flatMap((es) => es.map((e) => e.pk)); // splices across levels too
    const cts = pool((e) => e.encs.map((x) => x.ct));
    const mSeed = (r: Rng, b: Uint8Array) =>
      r.chance(0.3)
        ? ([r.bytes(b.length), 'random'] as [Uint8Array, string])
        : mutateBytes(
            r,
            b,
            pool((e) => [e.seed]),
          );
    const mPk = (r: Rng, b: Uint8Array) => mutateEk(r, b, allPks);
    const mM = (r: Rng, b: Uint8Array) => mutateBytes(r, b, [r.bytes(32)]);
    const mCt = (r: Rng, b: Uint8Array) => mutateBytes(r, b, cts);
    const mSk = (r: Rng, b: Uint8Array) =>
      mutateDk(
        r,
        b,
        pool((e) => [e.sk]),
      );
    const keyOf = (r: Rng) => r.pick(entries);

    /** keygen: the structure of dk (FIPS 203, Algorithm 16) and, without a seed, the same keys from its seed on the other backend. */
    const keygenPost = (seedless: boolean) => (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { publicKey: Uint8Array; secretKey: Uint8Array; seed: Uint8Array };
      const given = plainBytes(args[0]);
      if (
        v.publicKey.length !== kem.sizes.publicKey ||
        v.secretKey.length !== kem.sizes.secretKey ||
        v.seed.length !== 64
      ) {
        return fail(`${kem.name}.keygen: wrong sizes`);
      }
      const sk = v.secretKey;
      if (
        !equal(sk.subarray(l.ek, l.h), v.publicKey) ||
        !equal(sk.subarray(l.h, l.z), sha3_256(v.publicKey)) ||
        !equal(sk.subarray(l.z), v.seed.subarray(32))
      ) {
        fail(`${kem.name}.keygen on ${BACKENDS[b]}: dk is not dkPKE ‖ ek ‖ H(ek) ‖ z`);
      }
      if (given !== undefined && !equal(v.seed, given))
        fail(`${kem.name}.keygen on ${BACKENDS[b]}: the returned seed is not the one given`);
      if (seedless) {
        const again = pair[1 - b]!.keygen(v.seed);
        if (!equal(again.publicKey, v.publicKey) || !equal(again.secretKey, sk))
          fail(`${kem.name}.keygen() on ${BACKENDS[b]}: keygen(seed) on the other backend gives other keys`);
      }
    };

    /** encapsulate: sizes; to a corpus key, the other backend decapsulates it to the same secret. */
    const encapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { ciphertext: Uint8Array; sharedSecret: Uint8Array };
      if (v.ciphertext.length !== kem.sizes.ciphertext || v.sharedSecret.length !== 32)
        return fail(`${kem.name} encapsulation: wrong sizes`);
      const pk = plainBytes(args[0])!;
      const e = entries.find((x) => equal(x.pk, pk));
      if (e !== undefined && !equal(pair[1 - b]!.decapsulate(v.ciphertext, e.sk), v.sharedSecret)) {
        fail(`${kem.name}: a ciphertext from ${BACKENDS[b]} does not decapsulate to its secret on the other backend`);
      }
    };

    /**
     * decapsulate: the honest secret for a corpus ciphertext under its own key (or J(z ‖ c) when
     * dkPKE was altered), and J(z ‖ c) for every other ciphertext (implicit rejection, §6.3).
     */
    const decapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const got = value as Uint8Array;
      const ct = plainBytes(args[0])!;
      const sk = plainBytes(args[1])!;
      const j = jReject(sk.subarray(l.z), ct);
      const ek = sk.subarray(l.ek, l.h);
      const honest = entries.find((e) => equal(e.pk, ek))?.encs.find((x) => equal(x.ct, ct));
      if (equal(got, j)) return;
      if (honest !== undefined && equal(got, honest.ss)) return;
      fail(
        `${kem.name}.decapsulate on ${BACKENDS[b]}: neither J(z ‖ c) nor the honest secret${honest ? '' : ' (not an honest ciphertext: J(z ‖ c) expected)'}`,
      );
    };

    return [
      kemTarget(pair, 'keygen', false, 8, (r) => [keyOf(r).seed], [mSeed], keygenPost(false)),
      kemTarget(pair, 'keygen', true, 2, () => [], [], keygenPost(true)),
      kemTarget(pair, 'encapsulate', false, 8, (r) => [keyOf(r).pk], [mPk], encapsPost),
      kemTarget(
        pair,
        'encapsulateInternal',
        false,
        8,
        (r) => {
          const e = keyOf(r);
          return [e.pk, r.chance(0.5) ? r.pick(e.encs).m : r.bytes(32)];
        },
        [mPk, mM],
        encapsPost,
      ),
      kemTarget(
        pair,
        'decapsulate',
        false,
        12,
        (r) => {
          const e = keyOf(r);
          return [r.chance(0.8) ? r.pick(e.encs).ct : r.pick(cts), e.sk];
        },
        [mCt, mSk],
        decapsPost,
      ),
    ];
  });
}
