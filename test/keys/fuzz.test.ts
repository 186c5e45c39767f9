// Fuzzing the decoders of mlkem-ts/keys: random bytes, and mutations of valid encodings (bit
// flips, byte changes, truncations, extensions, insertions, deletions, length-byte mutations,
// splices) of SPKI and PKCS#8 in every form at every level, PEM text and JWKs. Whatever the input,
// a decoder returns a well-formed key or throws MlKemError with a documented code — nothing else.
// Cases: MLKEM_FUZZ_N, else 100,000 in CI (CI=true) and 20,000 otherwise; the PRNG seed is
// MLKEM_FUZZ_SEED or random, and printed so that a failure can be replayed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { mutateJwk } from '../../scripts/fuzz/mutate.js';
import { Rng } from '../../scripts/fuzz/prng.js';
import { MlKemError } from '../../src/index.js';
import {
  type PrivateKeyInfo,
  type PublicKeyInfo,
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  kemFor,
  toJwk,
  toPem,
} from '../../src/keys/index.js';
import { CODES, FORMS, LEVELS } from '../support/api.js';
import { headerOffsets } from '../support/helpers.js';
import { tlv } from '../support/keys-der.js';

const N = Number(process.env.MLKEM_FUZZ_N ?? (process.env.CI === 'true' ? 100_000 : 20_000));
const SEED = Number(process.env.MLKEM_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));

/** xorshift32: reproducible from SEED. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(a: readonly T[]): T => a[int(a.length)]!;
  const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => int(256));
  return { next, int, pick, bytes };
}
const rnd = prng(SEED);
// The fuzzer's JWK mutations (scripts/fuzz), drawn from their own stream of the same seed.
const jwkRng = new Rng(SEED, 1);

// ---- the corpus: valid encodings of every kind ------------------------------------------------

const spkis: Uint8Array[] = [];
const pkcs8s: Uint8Array[] = [];
const pems: string[] = [];
const jwks: Array<Record<string, unknown>> = [];
for (const alg of LEVELS) {
  const pair = kemFor(alg).keygen(rnd.bytes(64)); // from the PRNG, so that MLKEM_FUZZ_SEED replays a run
  const spki = encodeSpki(pair.publicKey);
  spkis.push(spki);
  for (const form of FORMS) pkcs8s.push(encodePkcs8(pair, { form }));
  // OneAsymmetricKey v2 with publicKey [1] and attributes [0]
  const v2 = encodePkcs8(pair).slice(2); // content of the short-form outer SEQUENCE
  v2[2] = 1;
  pkcs8s.push(
    tlv(
      0x30,
      Uint8Array.from([
        ...v2,
        ...tlv(0xa0, Uint8Array.of(0x30, 0)),
        ...tlv(0x81, Uint8Array.from([0, ...pair.publicKey])),
      ]),
    ),
  );
  pems.push(toPem(spki, 'PUBLIC KEY'), toPem(encodePkcs8(pair), 'PRIVATE KEY'), toPem(pkcs8s.at(-2)!, 'PRIVATE KEY'));
  jwks.push({ ...toJwk(pair) }, { ...toJwk({ publicKey: pair.publicKey }) });
}
const ders = [...spkis, ...pkcs8s];

const headers = new Map(ders.map((d) => [d, headerOffsets(d)]));

// ---- mutators ---------------------------------------------------------------------------------

function mutateBytes(src: Uint8Array): Uint8Array {
  const hs = headers.get(src) ?? [];
  const at = (): number => (hs.length > 0 && rnd.next() < 0.5 ? rnd.pick(hs) : rnd.int(src.length));
  const b = src.slice();
  switch (rnd.int(9)) {
    case 0: // 1 to 3 bit flips
      for (let i = 1 + rnd.int(3); i > 0; i--) b[at()]! ^= 1 << rnd.int(8);
      return b;
    case 1: // a byte set to an interesting or random value
      b[at()] = rnd.pick([
        0x00,
        0x01,
        0x02,
        0x04,
        0x05,
        0x06,
        0x30,
        0x7f,
        0x80,
        0x81,
        0x82,
        0x83,
        0x84,
        0xa0,
        0xff,
        rnd.int(256),
      ]);
      return b;
    case 2: // truncation
      return b.subarray(0, rnd.int(b.length));
    case 3: // extension
      return Uint8Array.from([...b, ...rnd.bytes(1 + rnd.int(4))]);
    case 4: {
      // insertion
      const i = at();
      return Uint8Array.from([...b.subarray(0, i), ...rnd.bytes(1 + rnd.int(2)), ...b.subarray(i)]);
    }
    case 5: {
      // deletion
      const i = at();
      return Uint8Array.from([...b.subarray(0, i), ...b.subarray(i + 1 + rnd.int(2))]);
    }
    case 6: {
      // a length byte moved by a small amount
      const i = at();
      b[i] = (b[i]! + rnd.pick([-2, -1, 1, 2, 0x80])) & 0xff;
      return b;
    }
    case 7: {
      // splice: a head of one encoding on the tail of another
      const other = rnd.pick(ders);
      const i = rnd.int(b.length);
      return Uint8Array.from([...b.subarray(0, i), ...other.subarray(Math.min(i + rnd.int(5) - 2, other.length))]);
    }
    default: // several mutations stacked
      return mutateBytes(mutateBytes(src));
  }
}

function randomText(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \t\r\n:-*';
  let s = '';
  for (let i = rnd.int(120); i > 0; i--)
    s += rnd.next() < 0.95 ? alphabet[rnd.int(alphabet.length)] : String.fromCharCode(rnd.int(0x10000));
  return s;
}

function mutatePem(src: string): string {
  const lines = src.split('\n');
  switch (rnd.int(8)) {
    case 0: {
      const i = rnd.int(src.length);
      return src.slice(0, i) + randomText().slice(0, 1 + rnd.int(3)) + src.slice(i + rnd.int(3));
    }
    case 1:
      lines.splice(rnd.int(lines.length), 1);
      return lines.join('\n');
    case 2:
      return src.replace(
        rnd.pick(['PUBLIC', 'PRIVATE', 'BEGIN', 'END', 'KEY', '-----']),
        rnd.pick(['', 'PUBLIC', 'PRIVATE', 'X', '----']),
      );
    case 3:
      return src.slice(0, rnd.int(src.length));
    case 4:
      return randomText() + src + randomText();
    case 5: {
      const i = 1 + rnd.int(Math.max(1, lines.length - 2));
      lines[i] = lines[i]!.slice(0, rnd.int(lines[i]!.length + 1)) + randomText().slice(0, 2);
      return lines.join('\r\n');
    }
    case 6:
      return `-----BEGIN ${rnd.pick(['PUBLIC KEY', 'PRIVATE KEY'])}-----\n${randomText()}\n-----END ${rnd.pick(['PUBLIC KEY', 'PRIVATE KEY'])}-----\n`;
    default: {
      // valid armour around mutated DER
      const der = mutateBytes(rnd.pick(ders));
      return toPem(der, rnd.pick(['PUBLIC KEY', 'PRIVATE KEY'] as const));
    }
  }
}

// ---- the checks -------------------------------------------------------------------------------

function checkPublic(info: PublicKeyInfo): void {
  assert.ok(LEVELS.includes(info.algorithm));
  assert.equal(info.publicKey.length, kemFor(info.algorithm).sizes.publicKey);
}

function checkPrivate(info: PrivateKeyInfo): void {
  checkPublic(info);
  assert.equal(info.secretKey.length, kemFor(info.algorithm).sizes.secretKey);
  if (info.seed !== undefined) assert.equal(info.seed.length, 64);
}

describe('decoder fuzzing', () => {
  it(`${N} random and mutated inputs: a valid key or MlKemError with a documented code, nothing else`, (t) => {
    const counts: Record<string, number> = {};
    const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
    const start = performance.now();
    for (let i = 0; i < N; i++) {
      const kind = rnd.next();
      let input: unknown;
      let run: () => void;
      if (kind < 0.2) {
        const b = rnd.next() < 0.5 ? rnd.bytes(rnd.int(128)) : Uint8Array.from([0x30, ...rnd.bytes(rnd.int(40))]);
        input = b;
        run = rnd.next() < 0.5 ? () => checkPublic(decodeSpki(b)) : () => checkPrivate(decodePkcs8(b));
      } else if (kind < 0.7) {
        const b = mutateBytes(rnd.pick(ders));
        input = b;
        const which = rnd.int(3);
        run =
          which === 0
            ? () => checkPublic(decodeSpki(b))
            : () => checkPrivate(decodePkcs8(b, { pairwiseCheck: which === 2 }));
      } else if (kind < 0.85) {
        const text = rnd.next() < 0.1 ? randomText() : mutatePem(rnd.pick(pems));
        input = text;
        run = () => {
          const { label, der } = fromPem(text);
          if (label === 'PUBLIC KEY') checkPublic(decodeSpki(der));
          else checkPrivate(decodePkcs8(der));
        };
      } else {
        const [jwk] = mutateJwk(jwkRng, rnd.pick(jwks), jwks);
        input = jwk;
        run = () => {
          const info = fromJwk(jwk as object);
          if ('secretKey' in info) checkPrivate(info);
          else checkPublic(info);
        };
      }
      try {
        run();
        count('accepted');
      } catch (err) {
        if (!(err instanceof MlKemError) || !CODES.includes(err.code)) {
          const shown = input instanceof Uint8Array ? Buffer.from(input).toString('hex') : JSON.stringify(input);
          assert.fail(
            `case ${i} (MLKEM_FUZZ_SEED=${SEED}) threw ${String(err)}${err instanceof Error ? `\n${err.stack}` : ''}\ninput: ${shown?.slice(0, 400)}`,
          );
        }
        count(err.code);
      }
    }
    const seconds = (performance.now() - start) / 1000;
    t.diagnostic(`MLKEM_FUZZ_SEED=${SEED}: ${N} cases in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    // Every outcome occurs (about 8% accepted, 0.06% failing §7.2), or the fuzzer is not reaching
    // past the first checks. Only meaningful for enough cases.
    if (N >= 10_000) {
      assert.ok((counts.accepted ?? 0) > N / 100, 'almost nothing was accepted');
      assert.ok((counts.ERR_INVALID_KEY_ENCODING ?? 0) > N / 10, 'almost nothing was malformed');
      assert.ok(
        (counts.ERR_INVALID_SECRET_KEY ?? 0) > 0 && (counts.ERR_INVALID_PUBLIC_KEY ?? 0) > 0,
        'the key checks were never reached',
      );
    }
  });
});
