// The page of test/browser/webcrypto.test.ts: mlkem-ts/webcrypto in Chromium, next to the
// browser's own ML-KEM. It records what the browser supports natively, installs the polyfill,
// and checks that exactly the missing algorithms were filled and work through crypto.subtle;
// that keys, ciphertexts and exports cross between the native implementation and the ponyfill
// where both exist, byte for byte; that the same bad calls fail with the same names; and that our
// keys refuse structured cloning; and, where the policy forbids WebAssembly, that loadWasm's refusal
// tells the page to allow 'wasm-unsafe-eval'. Browser code only (no node:*). Publishes a WebCryptoResult as
// globalThis.__webcryptoResult.
import type { MlKemError } from '../../src/errors.js';
import { loadWasm } from '../../src/wasm/index.js';
import { algorithmList } from '../../src/webcrypto/algorithms.js';
import { autoBackend } from '../../src/webcrypto/backend.js';
import {
  type AnyCryptoKey,
  type KemAlgorithmName,
  MlKemCryptoKey,
  install,
  subtle as ponyfill,
  type WebCryptoSubtle,
} from '../../src/webcrypto/index.js';
import { OPERATIONS } from '../../src/webcrypto/subtle.js';

export interface WebCryptoResult {
  /** Per algorithm: did the browser support it before install()? */
  native: Record<string, boolean>;
  filled: readonly string[];
  backend: string;
  checks: Record<string, number>;
  failures: string[];
  fatal: string | null;
}

const result: WebCryptoResult = { native: {}, filled: [], backend: '', checks: {}, failures: [], fatal: null };
const ENC = ['encapsulateKey', 'encapsulateBits'];
const DEC = ['decapsulateKey', 'decapsulateBits'];
const hex = (b: ArrayBuffer | Uint8Array): string =>
  Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');

async function check(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
    result.checks[name] = (result.checks[name] ?? 0) + 1;
  } catch (err) {
    result.failures.push(`${name}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
}

function expect(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

const outcome = async (f: () => Promise<unknown>): Promise<string> => {
  try {
    await f();
    return 'ok';
  } catch (err) {
    return (err as Error).name;
  }
};

/** Every export of a key pair, keyed "type format". */
async function exportsOf(s: WebCryptoSubtle, alg: string, priv: AnyCryptoKey, pub: AnyCryptoKey) {
  const pkix = alg.startsWith('ML-KEM');
  const out: Record<string, string> = {};
  for (const [type, key, formats] of [
    ['private', priv, ['raw-seed', ...(pkix ? ['pkcs8'] : [])]],
    ['public', pub, ['raw-public', ...(pkix ? ['spki'] : [])]],
  ] as const) {
    for (const f of formats) out[`${type} ${f}`] = hex((await s.exportKey(f as 'raw-seed', key)) as ArrayBuffer);
    out[`${type} jwk`] = JSON.stringify(await s.exportKey('jwk', key)); // members in the same (WebIDL) order too
  }
  return out;
}

/** Native ↔ ponyfill for an algorithm the browser has: keys, exports, ciphertexts, errors. */
async function cross(native: WebCryptoSubtle, alg: KemAlgorithmName): Promise<void> {
  const n = await native.generateKey(alg, true, [...ENC, ...DEC]);
  const seed = new Uint8Array((await native.exportKey('raw-seed', n.privateKey)) as ArrayBuffer);
  const priv = await ponyfill.importKey('raw-seed', seed, alg, true, DEC);
  const pub = await ponyfill.getPublicKey(priv, ENC);
  expect(priv instanceof MlKemCryptoKey, 'the ponyfill made the key');
  const [theirs, ours] = [
    await exportsOf(native, alg, n.privateKey, n.publicKey),
    await exportsOf(ponyfill, alg, priv, pub),
  ];
  for (const k of Object.keys(theirs)) expect(theirs[k] === ours[k], `${k} differs`);
  // Each side imports the other's exports.
  for (const [label, value] of Object.entries(ours)) {
    const [type, format] = label.split(' ') as [string, string];
    const data =
      format === 'jwk'
        ? (JSON.parse(value) as JsonWebKey)
        : Uint8Array.from(value.match(/../g)!.map((h) => parseInt(h, 16)));
    const k = await native.importKey(format as 'jwk', data, alg, true, type === 'public' ? ENC : DEC);
    expect(k instanceof CryptoKey, 'a native key');
  }
  for (const [from, fromPub, to, toPriv] of [
    [native, n.publicKey, ponyfill, priv],
    [ponyfill, pub, native, n.privateKey],
  ] as const) {
    const { ciphertext, sharedKey } = await from.encapsulateBits(alg, fromPub);
    expect(hex(await to.decapsulateBits(alg, toPriv, ciphertext)) === hex(sharedKey), 'the shared secrets differ');
    const ek = await from.encapsulateKey(alg, fromPub, 'AES-GCM', true, ['encrypt']);
    const dk = await to.decapsulateKey(alg, toPriv, ek.ciphertext, 'AES-GCM', true, ['decrypt']);
    expect(
      hex(await crypto.subtle.exportKey('raw', dk as CryptoKey)) ===
        hex(await crypto.subtle.exportKey('raw', ek.sharedKey as CryptoKey)),
      'the shared keys differ',
    );
  }
  // The same names for the same bad calls. One known difference: Chromium 156 refuses a ciphertext
  // of the wrong length with DataError; we (and Node 26) give OperationError, as "Modern
  // Algorithms in the Web Cryptography API", §8.4 Decapsulate says for a failed FIPS 203 §7.3
  // input check.
  const known: Record<string, [string, string]> = { 'decapsulate a short ciphertext': ['DataError', 'OperationError'] };
  const ct = new Uint8Array((await native.encapsulateBits(alg, n.publicKey)).ciphertext);
  const bad: Array<[string, (s: WebCryptoSubtle, pv: unknown, pb: unknown) => Promise<unknown>]> = [
    ['encapsulate with the private key', (s, pv) => s.encapsulateBits(alg, pv as CryptoKey)],
    ['decapsulate a short ciphertext', (s, pv) => s.decapsulateBits(alg, pv as CryptoKey, ct.subarray(1))],
    ['import a short seed', (s) => s.importKey('raw-seed', seed.subarray(1), alg, true, DEC)],
    ['import a seed with public usages', (s) => s.importKey('raw-seed', seed, alg, true, ENC)],
    ['import raw', (s) => s.importKey('raw', seed, alg, true, DEC)],
    ['export raw-seed of the public key', (s, _pv, pb) => s.exportKey('raw-seed', pb as CryptoKey)],
    ['getPublicKey of the public key', (s, _pv, pb) => s.getPublicKey(pb as CryptoKey, ENC)],
    ['generateKey without private usages', (s) => s.generateKey(alg, true, ENC)],
    [
      'jwk with kty OKP',
      async (s) => s.importKey('jwk', { ...(await native.exportKey('jwk', n.privateKey)), kty: 'OKP' }, alg, true, DEC),
    ],
  ];
  for (const [name, call] of bad) {
    const [a, b] = [
      await outcome(() => call(native, n.privateKey, n.publicKey)),
      await outcome(() => call(ponyfill, priv, pub)),
    ];
    const [ea, eb] = known[name] ?? [a, a];
    expect(a === ea && b === eb && a !== 'ok' && b !== 'ok', `${name}: Chromium ${a}, ponyfill ${b}`);
  }
}

/** A filled algorithm through the patched crypto.subtle. */
async function filled(cs: WebCryptoSubtle, alg: KemAlgorithmName): Promise<void> {
  const { publicKey, privateKey } = await cs.generateKey(alg, true, [...ENC, ...DEC]);
  expect(publicKey instanceof MlKemCryptoKey && privateKey instanceof MlKemCryptoKey, 'filled keys are ours');
  const { ciphertext, sharedKey } = await cs.encapsulateBits(alg, publicKey);
  expect(hex(await cs.decapsulateBits(alg, privateKey, ciphertext)) === hex(sharedKey), 'round trip');
  const ex = await exportsOf(cs, alg, privateKey, publicKey);
  const back = await cs.importKey('jwk', JSON.parse(ex['private jwk']!) as JsonWebKey, alg, false, ['decapsulateKey']);
  const key = await cs.decapsulateKey(alg, back, ciphertext, { name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
  expect(
    hex(await crypto.subtle.exportKey('raw', key as CryptoKey)) === hex(sharedKey),
    'decapsulateKey through the browser’s HMAC',
  );
  expect(
    (await outcome(() => cs.exportKey('raw-seed', back))) === 'InvalidAccessError',
    'a non-extractable key is not exported',
  );
}

async function main(): Promise<void> {
  const S = globalThis.SubtleCrypto as unknown as { supports: (op: string, alg: string) => boolean };
  for (const e of algorithmList())
    result.native[e.name] = S.supports('encapsulateBits', e.name) && S.supports('generateKey', e.name);
  // The browser's own subtle, before the polyfill patches it.
  const original = crypto.subtle;
  const bound = Object.fromEntries(
    OPERATIONS.map((m) => [
      m,
      (original as unknown as Record<string, (...a: unknown[]) => unknown>)[m]!.bind(original),
    ]),
  ) as unknown as WebCryptoSubtle;
  for (const e of algorithmList())
    if (result.native[e.name]) await check(`cross ${e.name}`, () => cross(bound, e.name as KemAlgorithmName));

  result.filled = install();
  await check('install is idempotent', async () =>
    expect(install() === result.filled || install().join() === result.filled.join(), 'second install()'),
  );
  result.backend = (await autoBackend()).name;
  if (result.backend === 'portable')
    await check('loadWasm refused names the policy', async () => {
      const message = await loadWasm().then(
        () => 'loaded',
        (err: unknown) => `${(err as MlKemError).code}: ${(err as Error).message}`,
      );
      expect(
        message.startsWith('ERR_WASM_UNAVAILABLE') &&
          message.includes("add 'wasm-unsafe-eval' to the script-src of its Content-Security-Policy"),
        message,
      );
    });
  const cs = crypto.subtle as unknown as WebCryptoSubtle;
  for (const e of algorithmList()) {
    await check(`supports ${e.name}`, async () =>
      expect(S.supports('encapsulateBits', e.name) && S.supports('getPublicKey', e.name), 'not reported'),
    );
    if (result.filled.includes(e.name)) await check(`filled ${e.name}`, () => filled(cs, e.name as KemAlgorithmName));
    else
      await check(`native after install ${e.name}`, async () =>
        expect(
          !((await cs.generateKey(e.name as KemAlgorithmName, true, DEC)).privateKey instanceof MlKemCryptoKey),
          'still native',
        ),
      );
  }
  await check('structured clone refused', async () => {
    const { privateKey } = await ponyfill.generateKey('ML-KEM-512', true, DEC);
    let name = 'none';
    try {
      structuredClone(privateKey);
    } catch (err) {
      name = (err as Error).name;
    }
    expect(name === 'DataCloneError', `structuredClone: ${name}`);
    const nativeKey = await original.generateKey({ name: 'AES-GCM', length: 128 }, false, ['encrypt']);
    expect(structuredClone(nativeKey) instanceof CryptoKey, 'a native key clones');
  });
}

main()
  .catch((err: unknown) => {
    result.fatal = err instanceof Error ? `${err.name}: ${err.message}\n${err.stack}` : String(err);
  })
  .finally(() => {
    (globalThis as { __webcryptoResult?: WebCryptoResult }).__webcryptoResult = result;
  });
