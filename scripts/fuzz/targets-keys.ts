// The fuzz targets of mlkem-ts/keys: the SPKI and PKCS#8 decoders and encoders, JWK, PEM and
// kemFor, with DER, PEM and JWK mutations and the round-trip checks of their results.
import type { MlKem } from '../../src/index.js';
import * as keys from '../../src/keys/index.js';
import type { MlKemAlgorithm, PrivateKeyInfo, PublicKeyInfo } from '../../src/keys/index.js';
import { FORMS, LEVELS } from '../../test/support/api.js';
import {
  type Expected,
  attempt,
  describeOutcome,
  dkLayout,
  isU8,
  kOfPublicKey,
  sha3_256,
} from '../../test/support/contract.js';
import { type Arg, bytesArg, equal, hasKind, make, valueArg, wrongType } from './args.js';
import { type Corpus, derChildren } from './corpus.js';
import { mutateBytes, mutateDk, mutateEk, mutateJwk, randomText } from './mutate.js';
import type { Rng } from './prng.js';
import { type Input, type Target, agree, checkedCall, pickStrategy, shapeArgs, tag, withKind } from './targets.js';

// ---- mlkem-ts/keys --------------------------------------------------------------------------------

export function keysTargets(corpus: Corpus): Target[] {
  const K = corpus.keys;
  const mutateDer = (r: Rng, b: Uint8Array) => mutateBytes(r, b, K.der, K.headers.get(b) ?? []);
  const pickDer = (r: Rng, kind: 'spki' | 'pkcs8' | 'any') =>
    r.pick(kind === 'spki' ? K.spkis : kind === 'pkcs8' ? K.pkcs8s : K.der);
  const decodeArgs = (r: Rng, kind: 'spki' | 'pkcs8') => {
    const strategy = pickStrategy(r);
    const valid = pickDer(r, r.chance(0.85) ? kind : 'any');
    return { ...shapeArgs(r, [valid], [mutateDer], strategy), strategy };
  };
  const LABELS = ['PUBLIC KEY', 'PRIVATE KEY'] as const;

  /** A target over mlkem-ts/keys: one implementation, compared with itself for argument kinds. */
  const target = (
    name: string,
    weight: number,
    generate: (r: Rng) => Input,
    call: (...a: any[]) => unknown,
    expected: (plain: unknown[]) => Expected | undefined,
    post: (value: unknown, plain: unknown[], fail: (m: string) => void) => void,
  ): Target => ({
    name: `keys.${name}`,
    group: 'keys',
    weight,
    generate,
    run(input, _r, fail) {
      const plain = input.args.map((a) => make(a, true));
      const exp = expected(plain);
      const out = checkedCall(`keys.${name}`, input.args, call, exp, fail);
      if (input.args.some(hasKind)) {
        const ref = checkedCall(`keys.${name} with plain arrays`, input.args, call, exp, fail, true);
        agree(`keys.${name}: an argument kind changes the outcome (plain first)`, ref, out, true, fail);
      }
      if (out.kind === 'ok') {
        const problem = attempt(() => post(out.value, plain, fail));
        if (problem.kind !== 'ok') fail(`keys.${name}: the check of its result failed: ${describeOutcome(problem)}`);
      }
      return tag(out);
    },
  });
  const typeUnlessU8 = (v: unknown): Expected | undefined => (isU8(v) ? undefined : 'ERR_INVALID_TYPE');
  const checkPublic = (v: unknown, what: string, fail: (m: string) => void) => {
    const info = v as PublicKeyInfo;
    if (!LEVELS.includes(info.algorithm) || info.publicKey.length !== keys.kemFor(info.algorithm).sizes.publicKey)
      fail(`${what}: a malformed result`);
  };

  /** Key parts for the encoders: a key's parts, some mutated, mixed with another key's, or of wrong types. */
  const partsArgs = (r: Rng, forJwk: boolean): Input => {
    const strategy = pickStrategy(r);
    const p = r.pick(K.pairs);
    const o = r.pick(K.pairs);
    const parts: Record<string, Arg> = {};
    const choice = r.int(forJwk ? 4 : 5);
    if (choice === 0 || choice === 3) parts.seed = bytesArg(p.seed);
    if (choice === 0 || choice === 4) parts.secretKey = bytesArg(p.secretKey);
    if (choice !== 2 || r.chance(0.3)) parts.publicKey = bytesArg(p.publicKey);
    if (choice === 2 && Object.keys(parts).length === 0) parts.publicKey = bytesArg(p.publicKey);
    if (choice === 3 || r.chance(0.2))
      parts.algorithm = valueArg(r.chance(0.9) ? p.algorithm : r.pick([o.algorithm, 'ML-KEM-2048', 768, null]));
    let note = `parts ${Object.keys(parts).join(', ')}`;
    const names = Object.keys(parts).filter((n) => n !== 'algorithm');
    const name = r.pick(names);
    const bytes = (parts[name] as Extract<Arg, { t: 'bytes' }>).bytes;
    if (strategy === 'mutated' || (strategy === 'arg kind' && r.chance(0.3))) {
      const [b, how] = r.chance(0.3)
        ? [(o as Record<string, unknown>)[name] as Uint8Array, "another key's"]
        : name === 'publicKey'
          ? mutateEk(
              r,
              bytes,
              K.pairs.map((x) => x.publicKey),
            )
          : name === 'secretKey'
            ? mutateDk(
                r,
                bytes,
                K.pairs.map((x) => x.secretKey),
              )
            : mutateBytes(
                r,
                bytes,
                K.pairs.map((x) => x.seed),
              );
      parts[name] = bytesArg(b);
      note += `; ${name}: ${how}`;
    } else if (strategy === 'random') {
      parts[name] = bytesArg(r.bytes(r.lengthNear(bytes.length)));
      note += `; ${name} random`;
    } else if (strategy === 'wrong type') {
      if (r.chance(0.3)) return { args: [valueArg(wrongType(r, 64, bytes))], strategy, note: 'key of a wrong type' };
      parts[name] = valueArg(wrongType(r, bytes.length, bytes));
      note += `; ${name} of a wrong type`;
    }
    const args: Arg[] = [{ t: 'object', parts }];
    if (!forJwk && r.chance(0.5))
      args.push(
        valueArg(
          r.chance(0.9) ? { form: r.pick(FORMS) } : r.pick([{ form: 'compact' }, null, 'seed', [], { form: 1 }]),
        ),
      );
    return { args: strategy === 'arg kind' ? withKind(r, args) : args, strategy, note };
  };

  const mutatePem = (r: Rng, src: string): [string, string] => {
    const lines = src.split('\n');
    switch (r.int(8)) {
      case 0: {
        const i = r.int(src.length);
        return [src.slice(0, i) + randomText(r).slice(0, 1 + r.int(3)) + src.slice(i + r.int(3)), 'characters changed'];
      }
      case 1:
        lines.splice(r.int(lines.length), 1);
        return [lines.join('\n'), 'a line removed'];
      case 2:
        return [
          src.replace(
            r.pick(['PUBLIC', 'PRIVATE', 'BEGIN', 'END', 'KEY', '-----']),
            r.pick(['', 'PUBLIC', 'PRIVATE', 'X', '----']),
          ),
          'armour changed',
        ];
      case 3:
        return [src.slice(0, r.int(src.length)), 'truncated'];
      case 4:
        return [randomText(r) + src + randomText(r), 'text around'];
      case 5: {
        const i = 1 + r.int(Math.max(1, lines.length - 2));
        lines[i] = lines[i]!.slice(0, r.int(lines[i]!.length + 1)) + randomText(r).slice(0, 2);
        return [lines.join('\r\n'), 'a line changed, CRLF'];
      }
      case 6:
        return [
          `-----BEGIN ${r.pick(LABELS)}-----\n${randomText(r)}\n-----END ${r.pick(LABELS)}-----\n`,
          'random body',
        ];
      default: {
        const [der, how] = mutateDer(r, r.pick(K.der));
        return [keys.toPem(der, r.pick(LABELS)), `valid armour around DER ${how}`];
      }
    }
  };

  const kemFor = (alg: MlKemAlgorithm) => keys.kemFor(alg);

  return [
    target(
      'decodeSpki',
      4,
      (r) => decodeArgs(r, 'spki'),
      keys.decodeSpki,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        checkPublic(v, 'decodeSpki', fail);
        if (!equal(keys.encodeSpki((v as PublicKeyInfo).publicKey), p[0] as Uint8Array))
          fail('decodeSpki: accepted DER that does not re-encode to itself');
      },
    ),
    target(
      'decodePkcs8',
      5,
      (r) => {
        const input = decodeArgs(r, 'pkcs8');
        if (r.chance(0.4))
          input.args.push(
            valueArg(
              r.chance(0.9) ? { pairwiseCheck: r.chance(0.5) } : r.pick([null, 'yes', { pairwiseCheck: 1 }, []]),
            ),
          );
        return input;
      },
      keys.decodePkcs8,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        const info = v as PrivateKeyInfo;
        checkPublic(info, 'decodePkcs8', fail);
        const kem = kemFor(info.algorithm);
        if (info.secretKey.length !== kem.sizes.secretKey) return fail('decodePkcs8: wrong secretKey size');
        const k = kOfPublicKey(kem.sizes.publicKey);
        const l = dkLayout(k);
        if (!equal(info.secretKey.subarray(l.ek, l.h), info.publicKey))
          fail('decodePkcs8: publicKey is not the one in secretKey');
        if (!equal(info.secretKey.subarray(l.h, l.z), sha3_256(info.publicKey)))
          fail('decodePkcs8: accepted a secretKey that fails the §7.3 hash check');
        if (info.seed !== undefined) {
          const again = kem.keygen(info.seed);
          if (!equal(again.secretKey, info.secretKey)) fail('decodePkcs8: secretKey is not the expansion of the seed');
        }
        // Strict DER: a v1 key without attributes re-encodes to the same bytes in its form (without
        // the encoder's pairwise check: decodePkcs8 may have been told to skip it). (A v2
        // key, version 1, is accepted also without publicKey [1]; the encoder writes v1.)
        const der = p[0] as Uint8Array;
        const children = derChildren(der);
        if (children.tags.length === 3 && children.first === 0) {
          const forms = FORMS.filter((f) => f === 'expanded' || info.seed !== undefined);
          if (!forms.some((form) => equal(keys.encodePkcs8(info, { form, pairwiseCheck: false }), der)))
            fail('decodePkcs8: accepted DER that does not re-encode to itself');
        }
      },
    ),
    target(
      'encodeSpki',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const pk = r.pick(K.pairs).publicKey;
        return {
          ...shapeArgs(
            r,
            [pk],
            [
              (x, b) =>
                mutateEk(
                  x,
                  b,
                  K.pairs.map((e) => e.publicKey),
                ),
            ],
            strategy,
          ),
          strategy,
        };
      },
      keys.encodeSpki,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        if (!equal(keys.decodeSpki(v as Uint8Array).publicKey, p[0] as Uint8Array))
          fail('encodeSpki: the DER does not decode to the key');
      },
    ),
    target(
      'encodePkcs8',
      4,
      (r) => partsArgs(r, false),
      keys.encodePkcs8,
      () => undefined,
      (v, p, fail) => {
        const info = keys.decodePkcs8(v as Uint8Array);
        const given = p[0] as Record<string, unknown>;
        for (const part of ['seed', 'secretKey', 'publicKey'] as const) {
          const g = given[part];
          const got = info[part];
          if (!isU8(g) || (part === 'seed' && got === undefined)) continue; // the expanded form leaves the seed out
          if (got === undefined || !equal(got, g)) fail(`encodePkcs8: the DER does not hold the ${part} given`);
        }
      },
    ),
    target(
      'toJwk',
      3,
      (r) => partsArgs(r, true),
      keys.toJwk,
      () => undefined,
      (v, p, fail) => {
        const jwk = v as { kty: string; pub: string; priv?: string };
        const info = keys.fromJwk(jwk);
        const given = p[0] as Record<string, unknown>;
        if (jwk.kty !== 'AKP') fail('toJwk: kty is not AKP');
        if (isU8(given.publicKey) && !equal(info.publicKey, given.publicKey))
          fail('toJwk: pub is not the publicKey given');
        if (isU8(given.seed) && !('seed' in info && info.seed !== undefined && equal(info.seed, given.seed)))
          fail('toJwk: priv is not the seed given');
      },
    ),
    target(
      'fromJwk',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const src = r.pick(K.jwks);
        if (strategy === 'valid' || strategy === 'arg kind')
          return { args: [valueArg({ ...src })], strategy: 'valid', note: 'valid' };
        if (strategy === 'wrong type')
          return { args: [valueArg(wrongType(r, 8, r.bytes(8)))], strategy, note: 'not a JWK' };
        const [jwk, how] = mutateJwk(r, src, K.jwks);
        return {
          args: [valueArg(strategy === 'random' ? { ...src, [r.pick(['pub', 'priv'])]: randomText(r) } : jwk)],
          strategy,
          note: strategy === 'random' ? 'random member' : how,
        };
      },
      keys.fromJwk,
      (p) => {
        try {
          return p[0] === null || typeof p[0] !== 'object' || Array.isArray(p[0]) ? 'ERR_INVALID_TYPE' : undefined;
        } catch {
          return 'ERR_INVALID_TYPE'; // a revoked Proxy
        }
      },
      (v, p, fail) => {
        const jwk = keys.toJwk(v as PrivateKeyInfo);
        const given = p[0] as Record<string, unknown>;
        if (jwk.alg !== given.alg || jwk.pub !== given.pub || (given.priv !== undefined && jwk.priv !== given.priv))
          fail('fromJwk: accepted a JWK that does not re-encode to itself');
      },
    ),
    target(
      'toPem',
      2,
      (r) => {
        const strategy = pickStrategy(r);
        const input = shapeArgs(r, [pickDer(r, 'any')], [mutateDer], strategy);
        input.args.push(
          valueArg(r.chance(0.9) ? r.pick(LABELS) : r.pick(['CERTIFICATE', 'public key', null, undefined, 1])),
        );
        return { ...input, strategy };
      },
      keys.toPem,
      (p) => typeUnlessU8(p[0]),
      (v, p, fail) => {
        if ((p[0] as Uint8Array).length === 0) return; // toPem writes an empty block, which fromPem refuses (no DER is empty)
        const back = keys.fromPem(v as string, p[1] as 'PUBLIC KEY');
        if (!equal(back.der, p[0] as Uint8Array)) fail('toPem: fromPem does not give the DER back');
      },
    ),
    target(
      'fromPem',
      3,
      (r) => {
        const strategy = pickStrategy(r);
        const src = r.pick(K.pems);
        const text =
          strategy === 'valid' || strategy === 'arg kind'
            ? src
            : strategy === 'random'
              ? randomText(r)
              : strategy === 'wrong type'
                ? wrongType(r, src.length, r.bytes(8))
                : mutatePem(r, src)[0];
        const args = [valueArg(text)];
        if (r.chance(0.3)) args.push(valueArg(r.chance(0.8) ? r.pick(LABELS) : r.pick(['CERTIFICATE', null, 3])));
        return { args, strategy: strategy === 'arg kind' ? 'valid' : strategy, note: strategy };
      },
      keys.fromPem,
      (p) => (typeof p[0] !== 'string' ? 'ERR_INVALID_TYPE' : undefined),
      (v, p, fail) => {
        const got = v as { label: string; der: unknown };
        if (!LABELS.includes(got.label as 'PUBLIC KEY') || !isU8(got.der) || (p[1] !== undefined && got.label !== p[1]))
          fail('fromPem: a malformed result');
      },
    ),
    target(
      'kemFor',
      0.5,
      (r) => ({
        args: [valueArg(r.chance(0.5) ? r.pick(LEVELS) : wrongType(r, 10, r.bytes(10)))],
        strategy: 'random',
        note: '',
      }),
      keys.kemFor,
      (p) => (LEVELS.includes(p[0] as MlKemAlgorithm) ? 'ok' : 'ERR_INVALID_TYPE'),
      (v, p, fail) => {
        if ((v as MlKem).name !== p[0]) fail('kemFor: another parameter set');
      },
    ),
  ];
}
