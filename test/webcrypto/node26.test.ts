// mlkem-ts/webcrypto against Node 26's own Web Crypto (OpenSSL 3.5), in one process: the same
// sequence of calls on both — every method, every format, every algorithm, random seeds, on the
// portable and the WebAssembly backend — must give the same bytes for every export, getPublicKey
// and decapsulation; ciphertexts made by one must decapsulate in the other; and the same bad call
// must fail with the same error name on both. SubtleCrypto.supports must agree too.
//
// Under Node 26 (npm run test:node26) this runs in-process. Under an older Node it runs this file
// again under Node 26 (test/support/node26.ts: skipped with a notice outside CI when there is none).
//
// Where we differ from Node 26 on purpose (asserted separately in DELIBERATE below):
// 1. PKCS#8 with bytes after the OneAsymmetricKey: Node (OpenSSL) ignores them; we refuse them
//    with DataError. WebCrypto §14.3.9 and "Modern Algorithms", §8.4 parse the privateKeyInfo and
//    the ML-KEM-PrivateKey "with exactData set to true" (WebCrypto §19 "parse an ASN.1
//    structure": data left over is an error).
// 2. JWK pub/priv in padded base64url or in the standard base64 alphabet: Node accepts them; we
//    refuse them with DataError. "Modern Algorithms", §8.4 requires "a valid base64url encoded"
//    key, and JWK's base64url has no padding and only '-' and '_' (RFC 7515, §2; RFC 7517, §4).
// 3. The order of a JWK's members: ours is the lexicographic order in which WebIDL converts a
//    dictionary (WebIDL §3.2.18, as Chromium writes them); Node writes another. JWKs are
//    compared here as sets of members.
// Also: the specification names the JWK alg values of draft-ietf-jose-pqc-kem ("MLKEM768") but
// notes that the format is not standardized yet; Node 26 and Chromium 156 write and accept only
// the algorithm name ("ML-KEM-768"), and so do we (checked by the error cases below).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { MlKem1024, MlKem512, MlKem768 } from '../../src/index.js';
import { encodePkcs8 } from '../../src/keys/index.js';
import { REGISTRY } from '../../src/registry.js';
import { type Backend, portableBackend, wasmBackend } from '../../src/webcrypto/backend.js';
import { nativeCrypto } from '../../src/webcrypto/install.js';
import { createSubtle } from '../../src/webcrypto/subtle.js';
import { createSupports } from '../../src/webcrypto/supports.js';
import type { KemAlgorithmName, WebCryptoSubtle } from '../../src/webcrypto/types.js';
import { findNode26 } from '../support/node26.js';

const nativeSubtle = globalThis.crypto.subtle as unknown as WebCryptoSubtle;
const nativeHasMlKem = (
  globalThis as { SubtleCrypto?: { supports?: (op: string, alg: string) => boolean } }
).SubtleCrypto?.supports?.('encapsulateBits', 'ML-KEM-768');

/** The Web Crypto names of the registry (test/package/registry.test.ts checks the list). */
const ALGORITHMS: readonly KemAlgorithmName[] = REGISTRY.flatMap((e) =>
  e.webCrypto === undefined ? [] : [e.webCrypto as KemAlgorithmName],
);
type Alg = (typeof ALGORITHMS)[number];
const MLKEM: Record<string, typeof MlKem512> = {
  'ML-KEM-512': MlKem512,
  'ML-KEM-768': MlKem768,
  'ML-KEM-1024': MlKem1024,
};
const SEED_BYTES = (alg: Alg): number => (alg.startsWith('ML-KEM') ? 64 : 32);
const PKIX = (alg: Alg): boolean => alg.startsWith('ML-KEM');
/** Random seeds per algorithm and backend. */
const N = Number(process.env.MLKEM_WEBCRYPTO_N ?? 6);

const ENC = ['encapsulateKey', 'encapsulateBits'] as const;
const DEC = ['decapsulateKey', 'decapsulateBits'] as const;
const ALL = [...ENC, ...DEC];

const bytes = (b: ArrayBuffer | ArrayBufferView): Uint8Array =>
  b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const hex = (b: ArrayBuffer | Uint8Array): string => Buffer.from(bytes(b)).toString('hex');
const random = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
const sortKeys = (o: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

/** What a call gave: an error's name, or a comparable value. */
async function outcome(f: () => Promise<unknown>): Promise<string> {
  try {
    return `ok ${await describeValue(await f())}`;
  } catch (err) {
    return (err as Error).name;
  }
}

async function describeValue(v: unknown): Promise<string> {
  if (v instanceof ArrayBuffer) return `bytes(${v.byteLength})`;
  if (typeof v === 'object' && v !== null && 'type' in v && 'usages' in v) {
    const k = v as CryptoKey;
    return `${k.type} ${JSON.stringify(k.algorithm)} ext=${k.extractable} [${k.usages.join(',')}]`;
  }
  if (typeof v === 'object' && v !== null && 'publicKey' in v) {
    const p = v as CryptoKeyPair;
    return `pair(${await describeValue(p.publicKey)} | ${await describeValue(p.privateKey)})`;
  }
  if (typeof v === 'object' && v !== null && 'ciphertext' in v) {
    const e = v as { ciphertext: ArrayBuffer; sharedKey: unknown };
    return `encapsulated(${e.ciphertext.byteLength}, ${await describeValue(e.sharedKey)})`;
  }
  return typeof v === 'object' && v !== null ? JSON.stringify(sortKeys(v)) : JSON.stringify(v);
}

/** One side of the comparison: a subtle and the keys it imported from the same seeds as the other. */
interface Side {
  name: string;
  subtle: WebCryptoSubtle;
}

const sides = (backend: Backend): [Side, Side] => [
  { name: 'node', subtle: nativeSubtle },
  {
    name: `ours (${backend.name})`,
    subtle: createSubtle({ native: nativeCrypto, handles: () => true, backend: async () => backend }),
  },
];

async function exportAll(subtle: WebCryptoSubtle, alg: Alg, key: CryptoKey | object, type: 'public' | 'private') {
  const formats =
    type === 'public' ? ['raw-public', ...(PKIX(alg) ? ['spki'] : [])] : ['raw-seed', ...(PKIX(alg) ? ['pkcs8'] : [])];
  const out: Record<string, string> = {};
  for (const f of formats)
    out[`${type} ${f}`] = hex((await subtle.exportKey(f as 'raw-public', key as CryptoKey)) as ArrayBuffer);
  out[`${type} jwk`] = JSON.stringify(sortKeys(await subtle.exportKey('jwk', key as CryptoKey)));
  return out;
}

const backends: Array<() => Promise<Backend>> = [async () => portableBackend(), wasmBackend];

if (!nativeHasMlKem) {
  const node26 = findNode26();
  it(
    'the Web Crypto differential, run under Node 26',
    { skip: node26 === undefined ? 'no Node 26' : false, timeout: 300_000 },
    () => {
      // Without NODE_TEST_CONTEXT, which this runner sets and which would make the inner runner
      // report to a parent that is not listening (and print nothing).
      const { NODE_TEST_CONTEXT: _, ...env } = process.env;
      const run = spawnSync(
        node26!,
        ['--import', 'tsx', '--test', '--test-reporter=tap', fileURLToPath(import.meta.url)],
        {
          encoding: 'utf8',
          env: { ...env, NODE_NO_WARNINGS: '1' },
        },
      );
      assert.equal(run.status, 0, `under Node 26:\n${run.stdout}\n${run.stderr}`);
      const count = (what: string): number => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(run.stdout)?.[1]);
      assert.equal(count('fail'), 0, run.stdout);
      assert.ok(count('pass') >= 20, `only ${count('pass')} tests passed under Node 26:\n${run.stdout}`);
    },
  );
} else {
  for (const load of backends) {
    describe('same bytes as Node 26', async () => {
      const backend = await load();
      const [node, ours] = sides(backend);

      for (const alg of ALGORITHMS) {
        it(`${alg} on ${backend.name}: every export, getPublicKey and decapsulation; ciphertexts cross`, async () => {
          for (let i = 0; i < N; i++) {
            const seed = random(SEED_BYTES(alg));
            const ctx = `${alg} seed ${hex(seed)}`;
            const keys = [];
            for (const side of [node, ours]) {
              const priv = await side.subtle.importKey('raw-seed', seed, alg, true, DEC);
              const pub = await side.subtle.getPublicKey(priv, ENC);
              keys.push({
                side,
                priv,
                pub,
                exports: {
                  ...(await exportAll(side.subtle, alg, priv, 'private')),
                  ...(await exportAll(side.subtle, alg, pub, 'public')),
                },
              });
            }
            assert.deepEqual(keys[1]!.exports, keys[0]!.exports, `exports differ, ${ctx}`);
            for (const k of keys) {
              assert.deepEqual(
                [k.pub.type, k.pub.extractable, k.pub.usages, k.pub.algorithm],
                ['public', true, [...ENC], { name: alg }],
                ctx,
              );
              assert.deepEqual(
                [k.priv.type, k.priv.extractable, k.priv.usages, k.priv.algorithm],
                ['private', true, [...DEC], { name: alg }],
                ctx,
              );
            }
            // Ciphertexts from each side decapsulate on both to the encapsulator's shared secret.
            for (const from of keys) {
              const { ciphertext, sharedKey } = await from.side.subtle.encapsulateBits(alg, from.pub);
              for (const to of keys) {
                const k = await to.side.subtle.decapsulateBits(alg, to.priv, ciphertext);
                assert.equal(hex(k), hex(sharedKey), `${from.side.name} → ${to.side.name}, ${ctx}`);
              }
              // encapsulateKey → decapsulateKey through AES-GCM, across.
              const ek = await from.side.subtle.encapsulateKey(alg, from.pub, 'AES-GCM', true, ['encrypt']);
              for (const to of keys) {
                const dk = await to.side.subtle.decapsulateKey(alg, to.priv, ek.ciphertext, { name: 'AES-GCM' }, true, [
                  'decrypt',
                ]);
                assert.equal(
                  hex(await nativeSubtle.exportKey('raw', dk)),
                  hex(await nativeSubtle.exportKey('raw', ek.sharedKey)),
                  ctx,
                );
                assert.deepEqual([dk.algorithm, dk.usages], [{ name: 'AES-GCM', length: 256 }, ['decrypt']]);
              }
            }
            // A random ciphertext: implicit rejection on both (or the same refusal of a bad point).
            const junk = random((await node.subtle.encapsulateBits(alg, keys[0]!.pub)).ciphertext.byteLength);
            const results = await Promise.all(
              keys.map((k) => outcome(async () => hex(await k.side.subtle.decapsulateBits(alg, k.priv, junk)))),
            );
            assert.equal(results[1], results[0], `random ciphertext ${hex(junk).slice(0, 32)}…, ${ctx}`);
            // Keys cross: each side imports the other's exports in every format.
            for (const [from, to] of [keys, [...keys].reverse()]) {
              for (const [label, value] of Object.entries(from!.exports)) {
                const [type, format] = label.split(' ') as ['public' | 'private', string];
                const data = format === 'jwk' ? (JSON.parse(value) as JsonWebKey) : Buffer.from(value, 'hex');
                const imported = await to!.side.subtle.importKey(
                  format as 'jwk',
                  data,
                  alg,
                  true,
                  type === 'public' ? ENC : DEC,
                );
                const again = await exportAll(to!.side.subtle, alg, imported, type);
                for (const [f, v] of Object.entries(again))
                  assert.equal(v, from!.exports[f], `${from!.side.name} ${label} → ${to!.side.name} ${f}, ${ctx}`);
              }
            }
          }
        });
      }

      it(`wrapKey and unwrapKey on ${backend.name}: the same wrapped bytes, and each unwraps the other's`, async () => {
        const kw = (await nativeSubtle.generateKey({ name: 'AES-KW', length: 256 }, false, [
          'wrapKey',
          'unwrapKey',
        ])) as CryptoKey;
        const gcm = (await nativeSubtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
          'wrapKey',
          'unwrapKey',
        ])) as CryptoKey;
        const iv = random(12);
        for (const alg of ALGORITHMS) {
          const seed = random(SEED_BYTES(alg));
          const keys = await Promise.all(
            [node, ours].map(async (side) => {
              const priv = await side.subtle.importKey('raw-seed', seed, alg, true, DEC);
              return { side, priv, pub: await side.subtle.getPublicKey(priv, ENC) };
            }),
          );
          const formats = ['raw-seed', 'raw-public', 'jwk', ...(PKIX(alg) ? ['pkcs8', 'spki'] : [])];
          for (const format of formats) {
            const isPublic = format === 'raw-public' || format === 'spki';
            for (const [wrapping, wrapAlg] of [
              [kw, 'AES-KW'],
              [gcm, { name: 'AES-GCM', iv }],
            ] as const) {
              const ctx = `${alg} ${format} ${JSON.stringify(wrapAlg)}`;
              const wrapped = await Promise.all(
                keys.map((k) =>
                  outcome(async () =>
                    hex(await k.side.subtle.wrapKey(format as 'jwk', isPublic ? k.pub : k.priv, wrapping, wrapAlg)),
                  ),
                ),
              );
              // JWK members come in another order from Node (deliberate difference 3): compare those unwrapped.
              if (format !== 'jwk') assert.equal(wrapped[1], wrapped[0], ctx);
              else assert.equal(wrapped[1]!.slice(0, 2), wrapped[0]!.slice(0, 2), ctx);
              if (!wrapped[0]!.startsWith('ok ')) continue;
              for (const [from, to] of [
                [0, 1],
                [1, 0],
              ] as const) {
                const data = Buffer.from(JSON.parse(wrapped[from]!.slice(3)) as string, 'hex');
                const back = await keys[to]!.side.subtle.unwrapKey(
                  format as 'jwk',
                  data,
                  wrapping,
                  wrapAlg,
                  alg,
                  true,
                  isPublic ? ENC : DEC,
                );
                const raw = await keys[to]!.side.subtle.exportKey(isPublic ? 'raw-public' : 'raw-seed', back);
                assert.equal(
                  hex(raw as ArrayBuffer),
                  isPublic ? hex(await node.subtle.exportKey('raw-public', keys[0]!.pub)) : hex(seed),
                  `${ctx}: ${keys[from]!.side.name} → ${keys[to]!.side.name}`,
                );
              }
            }
          }
        }
      });

      it(`generated keys on ${backend.name}: same attributes for the same usages, and they cross`, async () => {
        for (const alg of ALGORITHMS) {
          for (const [extractable, usages] of [
            [true, ALL],
            [false, ['decapsulateBits', 'encapsulateBits', 'decapsulateBits']],
            [true, ['decapsulateKey']],
          ] as const) {
            const pairs = await Promise.all([node, ours].map((s) => s.subtle.generateKey(alg, extractable, usages)));
            assert.equal(
              await describeValue(pairs[1]),
              await describeValue(pairs[0]),
              `${alg} ${extractable} ${usages.join(',')}`,
            );
          }
          const [a, b] = await Promise.all([node, ours].map((s) => s.subtle.generateKey(alg, true, ALL)));
          for (const [x, y, sx, sy] of [
            [a!, b!, node, ours],
            [b!, a!, ours, node],
          ] as const) {
            const seed = await sx.subtle.exportKey('raw-seed', x.privateKey);
            const imported = await sy.subtle.importKey('raw-seed', seed, alg, true, DEC);
            const { ciphertext, sharedKey } = await sx.subtle.encapsulateBits(alg, x.publicKey);
            assert.equal(hex(await sy.subtle.decapsulateBits(alg, imported, ciphertext)), hex(sharedKey));
            assert.equal(
              hex(await sy.subtle.exportKey('raw-public', await sy.subtle.getPublicKey(imported, []))),
              hex(await sx.subtle.exportKey('raw-public', x.publicKey)),
            );
            void y;
          }
        }
      });

      it(`the same error for the same bad call on ${backend.name}`, async () => {
        const failures: string[] = [];
        let count = 0;
        for (const alg of ALGORITHMS) {
          const seed = random(SEED_BYTES(alg));
          const other = alg === 'ML-KEM-768' ? 'ML-KEM-512' : 'ML-KEM-768';
          const per = await Promise.all(
            [node, ours].map(async (side) => {
              const s = side.subtle;
              const priv = await s.importKey('raw-seed', seed, alg, true, DEC);
              const pub = await s.getPublicKey(priv, ENC);
              return {
                side,
                priv,
                pub,
                privNx: await s.importKey('raw-seed', seed, alg, false, DEC),
                privBitsOnly: await s.importKey('raw-seed', seed, alg, true, ['decapsulateBits']),
                privKeyOnly: await s.importKey('raw-seed', seed, alg, true, ['decapsulateKey']),
                pubBitsOnly: await s.getPublicKey(priv, ['encapsulateBits']),
                pubKeyOnly: await s.getPublicKey(priv, ['encapsulateKey']),
                otherPub: (await s.generateKey(other, true, ALL)).publicKey,
              };
            }),
          );
          const raw = bytes((await node.subtle.exportKey('raw-public', per[0]!.pub)) as ArrayBuffer);
          const jwkPriv = (await node.subtle.exportKey('jwk', per[0]!.priv)) as Record<string, unknown>;
          const jwkPub = (await node.subtle.exportKey('jwk', per[0]!.pub)) as Record<string, unknown>;
          const ct = bytes((await node.subtle.encapsulateBits(alg, per[0]!.pub)).ciphertext);
          const badPub = raw.slice();
          badPub[0] = 0xff; // the first 12-bit coefficient is 0x?ff: make it ≥ q
          badPub[1] = badPub[1]! | 0x0f;
          const extra: Array<[string, (s: (typeof per)[number]) => Promise<unknown>]> = [];
          if (PKIX(alg)) {
            const kem = MLKEM[alg]!;
            const pair = kem.keygen(seed);
            const both = encodePkcs8(pair, { form: 'both' });
            const badBoth = both.slice();
            badBoth[badBoth.length - 1] = badBoth[badBoth.length - 1]! ^ 1; // the last byte of z in the expandedKey
            const spki = bytes((await node.subtle.exportKey('spki', per[0]!.pub)) as ArrayBuffer);
            const badSpki = spki.slice();
            badSpki[spki.length - raw.length] = 0xff;
            badSpki[spki.length - raw.length + 1] = badSpki[spki.length - raw.length + 1]! | 0x0f;
            extra.push(
              [
                'pkcs8 seed',
                (k) => k.side.subtle.importKey('pkcs8', encodePkcs8(pair, { form: 'seed' }), alg, true, DEC),
              ],
              ['pkcs8 both (consistent)', (k) => k.side.subtle.importKey('pkcs8', both, alg, true, DEC)],
              ['pkcs8 both (parts disagree)', (k) => k.side.subtle.importKey('pkcs8', badBoth, alg, true, DEC)],
              [
                'pkcs8 expanded only',
                (k) => k.side.subtle.importKey('pkcs8', encodePkcs8(pair, { form: 'expanded' }), alg, true, DEC),
              ],
              [
                'pkcs8 expanded only, altered',
                (k) =>
                  k.side.subtle.importKey(
                    'pkcs8',
                    (() => {
                      const d = encodePkcs8(pair, { form: 'expanded' });
                      d[d.length - 100] = d[d.length - 100]! ^ 1;
                      return d;
                    })(),
                    alg,
                    true,
                    DEC,
                  ),
              ],
              [
                'pkcs8 of another level',
                (k) => k.side.subtle.importKey('pkcs8', encodePkcs8(pair, { form: 'seed' }), other, true, DEC),
              ],
              ['pkcs8 garbage', (k) => k.side.subtle.importKey('pkcs8', random(40), alg, true, DEC)],
              ['pkcs8 garbage, empty usages', (k) => k.side.subtle.importKey('pkcs8', random(40), alg, true, [])],
              ['pkcs8 with public usages', (k) => k.side.subtle.importKey('pkcs8', both, alg, true, ENC)],
              ['pkcs8 with empty usages', (k) => k.side.subtle.importKey('pkcs8', both, alg, true, [])],
              ['pkcs8 given an spki', (k) => k.side.subtle.importKey('pkcs8', spki, alg, true, DEC)],
              ['spki of another level', (k) => k.side.subtle.importKey('spki', spki, other, true, ENC)],
              ['spki with private usages', (k) => k.side.subtle.importKey('spki', spki, alg, true, DEC)],
              ['spki garbage', (k) => k.side.subtle.importKey('spki', random(50), alg, true, ENC)],
              ['spki with a key failing §7.2', (k) => k.side.subtle.importKey('spki', badSpki, alg, true, ENC)],
              [
                'spki truncated',
                (k) => k.side.subtle.importKey('spki', spki.subarray(0, spki.length - 1), alg, true, ENC),
              ],
            );
          } else {
            extra.push(
              ['spki (not for hybrids)', (k) => k.side.subtle.importKey('spki', raw, alg, true, ENC)],
              ['pkcs8 (not for hybrids)', (k) => k.side.subtle.importKey('pkcs8', seed, alg, true, DEC)],
              ['export spki (not for hybrids)', (k) => k.side.subtle.exportKey('spki', k.pub)],
              ['export pkcs8 (not for hybrids)', (k) => k.side.subtle.exportKey('pkcs8', k.priv)],
            );
          }
          const cases: Array<[string, (s: (typeof per)[number]) => Promise<unknown>]> = [
            // generateKey
            ['generateKey, no usages', (k) => k.side.subtle.generateKey(alg, true, [])],
            ['generateKey, public usages only', (k) => k.side.subtle.generateKey(alg, true, ENC)],
            ['generateKey, sign', (k) => k.side.subtle.generateKey(alg, true, ['sign', ...DEC])],
            ['generateKey, unknown usage', (k) => k.side.subtle.generateKey(alg, true, ['bogus'])],
            ['generateKey, usages not a sequence', (k) => k.side.subtle.generateKey(alg, true, 5 as never)],
            ['generateKey, lower-case name', (k) => k.side.subtle.generateKey(alg.toLowerCase(), true, DEC)],
            [
              'generateKey, extra parameters',
              (k) => k.side.subtle.generateKey({ name: alg, length: 5 } as never, true, DEC),
            ],
            ['generateKey, no name', (k) => k.side.subtle.generateKey({} as never, true, DEC)],
            ['generateKey, unknown name', (k) => k.side.subtle.generateKey(`${alg}0`, true, DEC)],
            // importKey
            ['raw-public ok, no usages', (k) => k.side.subtle.importKey('raw-public', raw, alg, false, [])],
            ['raw-public with private usages', (k) => k.side.subtle.importKey('raw-public', raw, alg, true, DEC)],
            ['raw-public with sign', (k) => k.side.subtle.importKey('raw-public', raw, alg, true, ['sign'])],
            [
              'raw-public one byte short',
              (k) => k.side.subtle.importKey('raw-public', raw.subarray(1), alg, true, ENC),
            ],
            [
              'raw-public one byte long',
              (k) => k.side.subtle.importKey('raw-public', Uint8Array.of(...raw, 0), alg, true, ENC),
            ],
            ['raw-public failing §7.2', (k) => k.side.subtle.importKey('raw-public', badPub, alg, true, ENC)],
            ['raw-public of another level', (k) => k.side.subtle.importKey('raw-public', raw, other, true, ENC)],
            [
              'raw-public as a DataView',
              (k) => k.side.subtle.importKey('raw-public', new DataView(raw.buffer), alg, true, ENC),
            ],
            ['raw-public as a string', (k) => k.side.subtle.importKey('raw-public', 'abc' as never, alg, true, ENC)],
            ['raw-seed ok', (k) => k.side.subtle.importKey('raw-seed', seed, alg, false, ['decapsulateKey'])],
            ['raw-seed short', (k) => k.side.subtle.importKey('raw-seed', seed.subarray(1), alg, true, DEC)],
            ['raw-seed long', (k) => k.side.subtle.importKey('raw-seed', Uint8Array.of(...seed, 1), alg, true, DEC)],
            ['raw-seed empty usages', (k) => k.side.subtle.importKey('raw-seed', seed, alg, true, [])],
            ['raw-seed public usages', (k) => k.side.subtle.importKey('raw-seed', seed, alg, true, ENC)],
            ['raw format', (k) => k.side.subtle.importKey('raw', raw, alg, true, ENC)],
            ['raw-private format', (k) => k.side.subtle.importKey('raw-private', seed, alg, true, DEC)],
            ['raw-secret format', (k) => k.side.subtle.importKey('raw-secret', seed, alg, true, DEC)],
            ['unknown format', (k) => k.side.subtle.importKey('bogus' as never, raw, alg, true, ENC)],
            ['unknown algorithm', (k) => k.side.subtle.importKey('raw-public', raw, 'ML-KEM-999', true, ENC)],
            // jwk
            ['jwk private ok', (k) => k.side.subtle.importKey('jwk', jwkPriv, alg, true, DEC)],
            ['jwk public ok', (k) => k.side.subtle.importKey('jwk', jwkPub, alg, true, [])],
            ['jwk not an object', (k) => k.side.subtle.importKey('jwk', raw as never, alg, true, DEC)],
            ['jwk kty OKP', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, kty: 'OKP' }, alg, true, DEC)],
            ['jwk kty missing', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, kty: undefined }, alg, true, DEC)],
            [
              'jwk alg as in draft-ietf-jose-pqc-kem',
              (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, alg: alg.replace(/-/g, '') }, alg, true, DEC),
            ],
            ['jwk alg missing', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, alg: undefined }, alg, true, DEC)],
            ['jwk of another algorithm', (k) => k.side.subtle.importKey('jwk', jwkPriv, other, true, DEC)],
            ['jwk private, public usages', (k) => k.side.subtle.importKey('jwk', jwkPriv, alg, true, ENC)],
            ['jwk public, private usages', (k) => k.side.subtle.importKey('jwk', jwkPub, alg, true, DEC)],
            ['jwk private, empty usages', (k) => k.side.subtle.importKey('jwk', jwkPriv, alg, true, [])],
            ['jwk use sig', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, use: 'sig' }, alg, true, DEC)],
            ['jwk use enc', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, use: 'enc' }, alg, true, DEC)],
            [
              'jwk key_ops lacks a usage',
              (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, key_ops: ['decapsulateKey'] }, alg, true, DEC),
            ],
            [
              'jwk key_ops with a duplicate',
              (k) =>
                k.side.subtle.importKey(
                  'jwk',
                  { ...jwkPriv, key_ops: ['decapsulateBits', 'decapsulateBits'] },
                  alg,
                  true,
                  ['decapsulateBits'],
                ),
            ],
            [
              'jwk ext false, extractable',
              (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, ext: false }, alg, true, DEC),
            ],
            [
              'jwk ext false, not extractable',
              (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, ext: false }, alg, false, DEC),
            ],
            [
              'jwk priv too long',
              (k) =>
                k.side.subtle.importKey('jwk', { ...jwkPriv, priv: `${jwkPriv.priv as string}AAAA` }, alg, true, DEC),
            ],
            [
              'jwk priv with a bad character',
              (k) =>
                k.side.subtle.importKey(
                  'jwk',
                  { ...jwkPriv, priv: `*${(jwkPriv.priv as string).slice(1)}` },
                  alg,
                  true,
                  DEC,
                ),
            ],
            ['jwk priv not a string', (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, priv: 5 }, alg, true, DEC)],
            [
              'jwk pub of another key',
              (k) =>
                k.side.subtle.importKey(
                  'jwk',
                  {
                    ...jwkPriv,
                    pub:
                      jwkPub.pub === undefined
                        ? ''
                        : (jwkPub.pub as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
                  },
                  alg,
                  true,
                  DEC,
                ),
            ],
            [
              'jwk private without pub',
              (k) => k.side.subtle.importKey('jwk', { ...jwkPriv, pub: undefined }, alg, true, DEC),
            ],
            [
              'jwk public failing §7.2',
              (k) =>
                k.side.subtle.importKey(
                  'jwk',
                  { ...jwkPub, pub: Buffer.from(badPub).toString('base64url') },
                  alg,
                  true,
                  ENC,
                ),
            ],
            [
              'jwk public too short',
              (k) =>
                k.side.subtle.importKey(
                  'jwk',
                  { ...jwkPub, pub: Buffer.from(raw.subarray(3)).toString('base64url') },
                  alg,
                  true,
                  ENC,
                ),
            ],
            // exportKey
            ...(
              ['raw-public', 'raw-seed', 'spki', 'pkcs8', 'jwk', 'raw', 'raw-private', 'raw-secret'] as const
            ).flatMap((f): Array<[string, (s: (typeof per)[number]) => Promise<unknown>]> => [
              [`export ${f} of the public key`, (k) => k.side.subtle.exportKey(f as 'raw', k.pub)],
              [`export ${f} of the private key`, (k) => k.side.subtle.exportKey(f as 'raw', k.priv)],
              [`export ${f} of a non-extractable private key`, (k) => k.side.subtle.exportKey(f as 'raw', k.privNx)],
            ]),
            ['export in an unknown format', (k) => k.side.subtle.exportKey('bogus' as never, k.pub)],
            // encapsulateBits / encapsulateKey
            ['encapsulateBits ok', (k) => k.side.subtle.encapsulateBits({ name: alg }, k.pubBitsOnly)],
            ['encapsulateBits, lower-case name', (k) => k.side.subtle.encapsulateBits(alg.toLowerCase(), k.pub)],
            ['encapsulateBits with the private key', (k) => k.side.subtle.encapsulateBits(alg, k.priv)],
            ['encapsulateBits, algorithm mismatch', (k) => k.side.subtle.encapsulateBits(alg, k.otherPub)],
            ['encapsulateBits, unknown algorithm', (k) => k.side.subtle.encapsulateBits('ML-KEM-2048', k.pub)],
            ['encapsulateBits, AES-GCM', (k) => k.side.subtle.encapsulateBits('AES-GCM', k.pub)],
            ['encapsulateBits without the usage', (k) => k.side.subtle.encapsulateBits(alg, k.pubKeyOnly)],
            ['encapsulateBits with a non-key', (k) => k.side.subtle.encapsulateBits(alg, {} as never)],
            [
              'encapsulateKey AES-GCM',
              (k) => k.side.subtle.encapsulateKey(alg, k.pubKeyOnly, 'AES-GCM', false, ['encrypt', 'decrypt']),
            ],
            [
              'encapsulateKey HMAC',
              (k) => k.side.subtle.encapsulateKey(alg, k.pub, { name: 'HMAC', hash: 'SHA-256' }, true, ['sign']),
            ],
            ['encapsulateKey HKDF', (k) => k.side.subtle.encapsulateKey(alg, k.pub, 'HKDF', false, ['deriveBits'])],
            ['encapsulateKey AES-KW', (k) => k.side.subtle.encapsulateKey(alg, k.pub, 'AES-KW', true, ['wrapKey'])],
            [
              'encapsulateKey AES-GCM with sign',
              (k) => k.side.subtle.encapsulateKey(alg, k.pub, 'AES-GCM', true, ['sign']),
            ],
            [
              'encapsulateKey ECDSA',
              (k) => k.side.subtle.encapsulateKey(alg, k.pub, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']),
            ],
            [
              'encapsulateKey unknown shared algorithm',
              (k) => k.side.subtle.encapsulateKey(alg, k.pub, 'FOO', true, ['encrypt']),
            ],
            [
              'encapsulateKey unknown shared algorithm and wrong key',
              (k) => k.side.subtle.encapsulateKey(alg, k.priv, 'FOO', true, ['encrypt']),
            ],
            [
              'encapsulateKey without the usage',
              (k) => k.side.subtle.encapsulateKey(alg, k.pubBitsOnly, 'AES-GCM', true, ['encrypt']),
            ],
            [
              'encapsulateKey with the private key',
              (k) => k.side.subtle.encapsulateKey(alg, k.priv, 'AES-GCM', true, ['encrypt']),
            ],
            // decapsulateBits / decapsulateKey
            ['decapsulateBits ok', (k) => k.side.subtle.decapsulateBits(alg, k.privBitsOnly, ct)],
            [
              'decapsulateBits, ciphertext one byte short',
              (k) => k.side.subtle.decapsulateBits(alg, k.priv, ct.subarray(1)),
            ],
            [
              'decapsulateBits, ciphertext one byte long',
              (k) => k.side.subtle.decapsulateBits(alg, k.priv, Uint8Array.of(...ct, 0)),
            ],
            ['decapsulateBits, empty ciphertext', (k) => k.side.subtle.decapsulateBits(alg, k.priv, new Uint8Array(0))],
            ['decapsulateBits, ciphertext a string', (k) => k.side.subtle.decapsulateBits(alg, k.priv, 'abc' as never)],
            ['decapsulateBits with the public key', (k) => k.side.subtle.decapsulateBits(alg, k.pub, ct)],
            ['decapsulateBits, algorithm mismatch', (k) => k.side.subtle.decapsulateBits(other, k.priv, ct)],
            ['decapsulateBits without the usage', (k) => k.side.subtle.decapsulateBits(alg, k.privKeyOnly, ct)],
            [
              'decapsulateKey AES-CBC',
              (k) => k.side.subtle.decapsulateKey(alg, k.privKeyOnly, ct, 'AES-CBC', true, ['decrypt']),
            ],
            [
              'decapsulateKey HMAC with length 128',
              (k) =>
                k.side.subtle.decapsulateKey(alg, k.priv, ct, { name: 'HMAC', hash: 'SHA-256', length: 128 }, true, [
                  'sign',
                ]),
            ],
            [
              'decapsulateKey without the usage',
              (k) => k.side.subtle.decapsulateKey(alg, k.privBitsOnly, ct, 'AES-GCM', true, ['decrypt']),
            ],
            [
              'decapsulateKey unknown shared algorithm',
              (k) => k.side.subtle.decapsulateKey(alg, k.priv, ct, 'FOO', true, ['decrypt']),
            ],
            [
              'decapsulateKey, short ciphertext',
              (k) => k.side.subtle.decapsulateKey(alg, k.priv, ct.subarray(2), 'AES-GCM', true, ['decrypt']),
            ],
            // getPublicKey
            ['getPublicKey of a non-extractable key', (k) => k.side.subtle.getPublicKey(k.privNx, ENC)],
            ['getPublicKey of the public key', (k) => k.side.subtle.getPublicKey(k.pub, ENC)],
            ['getPublicKey with private usages', (k) => k.side.subtle.getPublicKey(k.priv, DEC)],
            ['getPublicKey with an unknown usage', (k) => k.side.subtle.getPublicKey(k.priv, ['bogus'])],
            // methods ML-KEM has no part in
            ['sign with an ML-KEM key', (k) => k.side.subtle.sign(alg, k.priv, raw)],
            ['digest with an ML-KEM name', (k) => k.side.subtle.digest(alg, raw)],
            ...extra,
          ];
          for (const [name, call] of cases) {
            const [n, o] = [await outcome(() => call(per[0]!)), await outcome(() => call(per[1]!))];
            count++;
            if (n !== o) failures.push(`${alg} ${name}: Node ${n.slice(0, 120)}, ours ${o.slice(0, 120)}`);
          }
        }
        assert.deepEqual(failures, [], `${failures.length} of ${count} calls differ`);
      });
    });
  }

  it('SubtleCrypto.supports gives the answers of Node 26', () => {
    const ours = createSupports(nativeCrypto, () => true);
    const native = (globalThis as unknown as { SubtleCrypto: { supports: (...a: unknown[]) => boolean } }).SubtleCrypto
      .supports;
    const ops = [
      'encrypt',
      'sign',
      'digest',
      'generateKey',
      'deriveKey',
      'deriveBits',
      'importKey',
      'exportKey',
      'wrapKey',
      'unwrapKey',
      'encapsulateKey',
      'encapsulateBits',
      'decapsulateKey',
      'decapsulateBits',
      'getPublicKey',
      'bogus',
    ];
    const differ: string[] = [];
    for (const alg of [...ALGORITHMS, 'ml-kem-768', { name: 'ML-KEM-512' }, 'ML-KEM-2048']) {
      for (const op of ops) {
        for (const extra of [undefined, null, 256, 'AES-GCM', 'HKDF', { name: 'HMAC', hash: 'SHA-256' }, 'FOO']) {
          const [n, o] = [native.call(globalThis.SubtleCrypto, op, alg, extra), ours(op, alg, extra)];
          if (n !== o) differ.push(`${op} ${JSON.stringify(alg)} ${JSON.stringify(extra)}: Node ${n}, ours ${o}`);
        }
      }
    }
    assert.deepEqual(differ, []);
  });

  it('where we differ from Node 26 on purpose (see the top of this file)', async () => {
    const backend = await wasmBackend();
    const [node, ours] = sides(backend);
    const seed = random(64);
    const pkcs8 = encodePkcs8({ algorithm: 'ML-KEM-768', seed }, { form: 'seed' });
    const trailing = Uint8Array.of(...pkcs8, 0);
    // 1. Bytes after the PKCS#8.
    assert.equal(
      await outcome(() => node.subtle.importKey('pkcs8', trailing, 'ML-KEM-768', true, DEC)),
      `ok private {"name":"ML-KEM-768"} ext=true [${DEC.join(',')}]`,
    );
    assert.equal(await outcome(() => ours.subtle.importKey('pkcs8', trailing, 'ML-KEM-768', true, DEC)), 'DataError');
    // 2. Padded or standard-alphabet base64 in a JWK.
    const jwk = (await ours.subtle.exportKey(
      'jwk',
      await ours.subtle.importKey('pkcs8', pkcs8, 'ML-KEM-768', true, DEC),
    )) as Record<string, string>;
    for (const priv of [`${jwk.priv}==`, jwk.priv!.replace(/-/g, '+').replace(/_/g, '/')]) {
      if (priv === jwk.priv) continue;
      assert.match(
        await outcome(() => node.subtle.importKey('jwk', { ...jwk, priv }, 'ML-KEM-768', true, DEC)),
        /^ok private/,
      );
      assert.equal(
        await outcome(() => ours.subtle.importKey('jwk', { ...jwk, priv }, 'ML-KEM-768', true, DEC)),
        'DataError',
      );
    }
    // 3. JWK member order: WebIDL's (lexicographic) for us.
    assert.deepEqual(Object.keys(jwk), ['alg', 'ext', 'key_ops', 'kty', 'priv', 'pub']);
  });
}
