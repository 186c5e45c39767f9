// The fuzz targets of every hybrid: keygen (with and without a seed), encapsulate,
// encapsulateInternal and decapsulate, with mutations of either part and the checks of results.
import { HYBRID_LAYOUTS, hybridParts, jReject } from '../../test/support/contract.js';
import { type Arg, concat, equal } from './args.js';
import type { Corpus } from './corpus.js';
import { BACKENDS, HYBRIDS } from './kems.js';
import { mutateBytes, mutateEk, mutateShare } from './mutate.js';
import type { Rng } from './prng.js';
import { type Target, kemTarget, plainBytes } from './targets.js';

// ---- the hybrids' targets -------------------------------------------------------------------------

const ORDER = {
  'P-256': 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  'P-384': 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
} as const;
const bigEndianBytes = (x: bigint, n: number) => {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};

export function hybridTargets(corpus: Corpus): Target[] {
  return HYBRIDS.flatMap((pair, h) => {
    const kem = pair[0];
    const l = HYBRID_LAYOUTS[kem.name]!;
    const entries = corpus.hybrid[h]!;
    const pks = entries.map((e) => e.pk);
    const cts = entries.flatMap((e) => e.encs.map((x) => x.ct));
    const keyOf = (r: Rng) => r.pick(entries);
    /** A mutation of the ML-KEM part or the ECDH part of a public key or ciphertext, or of the whole. */
    const mutateShared =
      (isPk: boolean) =>
      (r: Rng, b: Uint8Array): [Uint8Array, string] => {
        const pool = isPk ? pks : cts;
        if (b.length !== (isPk ? kem.sizes.publicKey : kem.sizes.ciphertext) || r.chance(0.3))
          return mutateBytes(r, b, pool);
        const parts = hybridParts(l, b, l.share);
        const others = pool.map((x) => hybridParts(l, x, l.share).ec.slice());
        const [kemPart, ecPart, how] = r.chance(0.5)
          ? (() => {
              const [m, how] = isPk ? mutateEk(r, parts.kem, []) : mutateBytes(r, parts.kem, []);
              return [m, parts.ec, `ML-KEM part: ${how}`] as const;
            })()
          : (() => {
              const [e, how] = mutateShare(r, l, parts.ec, others);
              return [parts.kem, e, `ECDH part: ${how}`] as const;
            })();
        return [l.kemFirst ? concat(kemPart, ecPart) : concat(ecPart, kemPart), how];
      };
    const mutateEseed = (r: Rng, b: Uint8Array): [Uint8Array, string] => {
      if (l.curve === 'X25519' || b.length !== l.eseed || r.chance(0.4)) return mutateBytes(r, b, [r.bytes(l.eseed)]);
      const n = ORDER[l.curve];
      const scalar = r.pick([0n, 1n, n - 1n, n, n + 1n, 2n ** BigInt(8 * l.scalar) - 1n]);
      const m = hybridParts(l, b, l.scalar).kem;
      const s = bigEndianBytes(scalar, l.scalar);
      return [
        l.kemFirst ? concat(m, s) : concat(s, m),
        `scalar ${scalar === 0n ? '0' : scalar < n ? 'in range at an edge' : '>= n'}`,
      ];
    };
    const mutateSeed = (r: Rng, b: Uint8Array) =>
      mutateBytes(
        r,
        b,
        entries.map((e) => e.seed),
      );

    const keygenPost = (seedless: boolean) => (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const v = value as { publicKey: Uint8Array; secretKey: Uint8Array; seed: Uint8Array };
      const given = plainBytes(args[0]);
      if (
        v.publicKey.length !== kem.sizes.publicKey ||
        !equal(v.secretKey, v.seed) ||
        v.seed.length !== kem.sizes.seed
      ) {
        return fail(`${kem.name}.keygen on ${BACKENDS[b]}: wrong sizes, or secretKey is not the seed`);
      }
      if (given !== undefined && !equal(v.seed, given))
        fail(`${kem.name}.keygen on ${BACKENDS[b]}: the returned seed is not the one given`);
      if (seedless && !equal(pair[1 - b]!.keygen(v.seed).publicKey, v.publicKey))
        fail(`${kem.name}.keygen() on ${BACKENDS[b]}: keygen(seed) on the other backend gives another key`);
    };
    const encapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void, r: Rng) => {
      const v = value as { ciphertext: Uint8Array; sharedSecret: Uint8Array };
      if (v.ciphertext.length !== kem.sizes.ciphertext || v.sharedSecret.length !== kem.sizes.sharedSecret)
        return fail(`${kem.name} encapsulation: wrong sizes`);
      const e = entries.find((x) => equal(x.pk, plainBytes(args[0])!));
      // A round trip costs milliseconds here: one in four.
      if (e !== undefined && r.chance(0.25) && !equal(pair[1 - b]!.decapsulate(v.ciphertext, e.sk), v.sharedSecret)) {
        fail(`${kem.name}: a ciphertext from ${BACKENDS[b]} does not decapsulate to its secret on the other backend`);
      }
    };
    /** The honest secret for a corpus pair; for the TLS groups, the ML-KEM half is J(z ‖ ct_M) for any other. */
    const decapsPost = (value: unknown, args: Arg[], b: number, fail: (m: string) => void) => {
      const got = value as Uint8Array;
      const ct = plainBytes(args[0])!;
      const sk = plainBytes(args[1])!;
      if (got.length !== kem.sizes.sharedSecret) return fail(`${kem.name}.decapsulate: wrong size`);
      const honest = entries.find((x) => equal(x.seed, sk))?.encs.find((x) => equal(x.ct, ct));
      if (honest !== undefined && !equal(got, honest.ss))
        return fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: not the honest secret`);
      if (l.concrete === true) return; // the combiner hashes the halves together: no ML-KEM half to check
      const ctM = hybridParts(l, ct, l.share).kem;
      const dz = hybridParts(l, sk, l.seed - 64).kem;
      const ssM = l.kemFirst ? got.subarray(0, 32) : got.subarray(got.length - 32);
      // ek and the secret vector come from d alone (z only names the rejection secret): a corpus key
      // with the same d decrypts its honest ciphertexts whatever its z and ECDH seed.
      const e = entries.find((x) => equal(hybridParts(l, x.seed, l.seed - 64).kem.subarray(0, 32), dz.subarray(0, 32)));
      const honestM = e?.encs.find((x) => equal(hybridParts(l, x.ct, l.share).kem, ctM));
      if (honestM !== undefined) {
        const want = l.kemFirst ? honestM.ss.subarray(0, 32) : honestM.ss.subarray(honestM.ss.length - 32);
        if (!equal(ssM, want)) fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: the ML-KEM half is not the honest one`);
      } else if (!equal(ssM, jReject(dz.subarray(32, 64), ctM))) {
        fail(`${kem.name}.decapsulate on ${BACKENDS[b]}: the ML-KEM half of a dishonest ciphertext is not J(z ‖ c)`);
      }
    };

    return [
      kemTarget(pair, 'keygen', false, 0.5, (r) => [keyOf(r).seed], [mutateSeed], keygenPost(false)),
      kemTarget(pair, 'keygen', true, 0.2, () => [], [], keygenPost(true)),
      kemTarget(pair, 'encapsulate', false, 0.6, (r) => [keyOf(r).pk], [mutateShared(true)], encapsPost),
      kemTarget(
        pair,
        'encapsulateInternal',
        false,
        0.6,
        (r) => {
          const e = keyOf(r);
          return [e.pk, r.chance(0.5) ? r.pick(e.encs).m : r.pick(entries).encs[0]!.m];
        },
        [mutateShared(true), mutateEseed],
        encapsPost,
      ),
      kemTarget(
        pair,
        'decapsulate',
        false,
        0.8,
        (r) => {
          const e = keyOf(r);
          return [r.chance(0.8) ? r.pick(e.encs).ct : r.pick(cts), e.seed];
        },
        [mutateShared(false), mutateSeed],
        decapsPost,
      ),
    ];
  });
}
