// The fuzzer's corpus of valid inputs, drawn from the seed (keys, honest encapsulations, DER, PEM
// and JWK), with the bit of DER it writes and reads itself.
import * as keys from '../../src/keys/index.js';
import { FORMS, LEVELS } from '../../test/support/api.js';
import { HYBRID_LAYOUTS, canonical, hybridParts, scalarIsValid } from '../../test/support/contract.js';
import { headerOffsets } from '../../test/support/helpers.js';
import { concat } from './args.js';
import { type AnyKem, CORE, HYBRIDS } from './kems.js';
import { Rng } from './prng.js';

// ---- the corpus of valid inputs, from the seed ---------------------------------------------------

interface Honest {
  m: Uint8Array;
  ct: Uint8Array;
  ss: Uint8Array;
}
export interface KeyEntry {
  seed: Uint8Array;
  pk: Uint8Array;
  sk: Uint8Array;
  encs: Honest[];
}

export function buildCorpus(seed: number) {
  const r = new Rng(seed, 2 ** 40); // a stream no iteration uses
  const problems: string[] = [];
  const both = <T>(what: string, a: T, b: T) => {
    if (canonical(a) !== canonical(b)) problems.push(`corpus: the backends disagree on ${what}`);
    return a;
  };
  const keysOf = (pair: readonly [AnyKem, AnyKem], eseed: (r: Rng) => Uint8Array): KeyEntry[] =>
    Array.from({ length: 3 }, () => {
      const s = r.bytes(pair[0].sizes.seed);
      const kp = both(`${pair[0].name} keygen`, pair[0].keygen(s), pair[1].keygen(s));
      const encs = Array.from({ length: 2 }, () => {
        const m = eseed(r);
        const e = both(
          `${pair[0].name} encapsulateInternal`,
          pair[0].encapsulateInternal(kp.publicKey, m),
          pair[1].encapsulateInternal(kp.publicKey, m),
        );
        return { m, ct: e.ciphertext, ss: e.sharedSecret };
      });
      return { seed: s, pk: kp.publicKey, sk: kp.secretKey, encs };
    });
  const core = CORE.map((pair) => keysOf(pair, (x) => x.bytes(32)));
  const hybrid = HYBRIDS.map((pair) =>
    keysOf(pair, (x) => {
      const l = HYBRID_LAYOUTS[pair[0].name]!;
      for (;;) {
        const e = x.bytes(l.eseed); // a random NIST scalar is out of range with probability 2^-32 or less
        if (scalarIsValid(l.curve, hybridParts(l, e, l.scalar).ec)) return e;
      }
    }),
  );

  const der: Uint8Array[] = [];
  const spkis: Uint8Array[] = [];
  const pkcs8s: Uint8Array[] = [];
  const pems: string[] = [];
  const jwks: Array<Record<string, unknown>> = [];
  const pairs = LEVELS.map((algorithm, i) => {
    const e = core[i]![0]!;
    const pair = { algorithm, seed: e.seed, secretKey: e.sk, publicKey: e.pk };
    const spki = keys.encodeSpki(pair.publicKey);
    spkis.push(spki);
    for (const form of FORMS) pkcs8s.push(keys.encodePkcs8(pair, { form }));
    pkcs8s.push(pkcs8v2(pair.seed, pair.publicKey, i));
    pems.push(
      keys.toPem(spki, 'PUBLIC KEY'),
      keys.toPem(pkcs8s.at(-4)!, 'PRIVATE KEY'),
      keys.toPem(pkcs8s.at(-2)!, 'PRIVATE KEY'),
    );
    jwks.push({ ...keys.toJwk(pair) }, { ...keys.toJwk({ publicKey: pair.publicKey }) });
    return pair;
  });
  der.push(...spkis, ...pkcs8s);
  return {
    core,
    hybrid,
    keys: { pairs, der, spkis, pkcs8s, pems, jwks, headers: new Map(der.map((d) => [d, headerOffsets(d)])) },
    problems,
  };
}

function tlv(tag: number, content: Uint8Array): Uint8Array {
  const n = content.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return concat(Uint8Array.of(tag, ...len), content);
}

/** OneAsymmetricKey v2 (seed form) with attributes [0] and publicKey [1], written out here. */
function pkcs8v2(seed: Uint8Array, publicKey: Uint8Array, level: number): Uint8Array {
  const oid = Uint8Array.of(0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, level + 1);
  return tlv(
    0x30,
    concat(
      Uint8Array.of(0x02, 0x01, 0x01),
      tlv(0x30, oid),
      tlv(0x04, tlv(0x80, seed)),
      tlv(0xa0, Uint8Array.of(0x30, 0x00)),
      tlv(0x81, concat(Uint8Array.of(0), publicKey)),
    ),
  );
}

/** The tags of the children of a valid DER SEQUENCE (one the decoder accepted), and the first content byte of the first. */
export function derChildren(der: Uint8Array): { tags: number[]; first: number } {
  const header = (p: number) => {
    const first = der[p + 1]!;
    const n = first & 0x80 ? first & 0x7f : 0;
    let len = first & 0x80 ? 0 : first;
    for (let i = 0; i < n; i++) len = len * 256 + der[p + 2 + i]!;
    return { body: p + 2 + n, len };
  };
  const top = header(0);
  const tags: number[] = [];
  for (let p = top.body; p < top.body + top.len;) {
    tags.push(der[p]!);
    const h = header(p);
    p = h.body + h.len;
  }
  return { tags, first: der[header(top.body).body]! };
}

export type Corpus = ReturnType<typeof buildCorpus>;
