import type * as HpkeCore from '../../src/hpke/hpke-core.js';
import type * as Hpke from '../../src/hpke/index.js';
import type * as HpkeMlKem from '../../src/hpke/ml-kem.js';
import type * as HpkeXWing from '../../src/hpke/x-wing.js';
import type * as Hybrid from '../../src/hybrid/index.js';
// The smoke suite: what every runtime and every consumer build in scripts/test-runtimes.ts runs
// against the packed package. It imports nothing at run time: each runner loads the entry points
// its own way (import, require, a bundler, a Worker's module rules) and passes them in, with the
// WebAssembly module file as that platform loads it and an ACVP subset (test/smoke/vectors.ts).
// Checks, on both backends: the ACVP subset, round trips of every entry point, portable = wasm,
// and the error contract (codes, messages, one MlKemError class across the entry points). Where
// the runtime has no WebAssembly (Hermes), loadWasm must refuse and the portable backend runs alone.
// Runtime-neutral code only: no Buffer, no node:*.
import type * as Core from '../../src/index.js';
import type * as Keys from '../../src/keys/index.js';
import type * as NobleHybrid from '../../src/noble/hybrid.js';
import type * as NobleMlKem from '../../src/noble/ml-kem.js';
import type * as Wasm from '../../src/wasm/index.js';
import type * as WebCrypto from '../../src/webcrypto/index.js';
import type { SmokeVectors } from './vectors.js';

export interface SmokeInput {
  /** Every entry point of the package, by specifier ('mlkem-ts', 'mlkem-ts/wasm', …). */
  modules: Record<string, unknown>;
  /** Entry specifiers the package declares (scripts/entries.ts): each must have been loaded and checked. */
  entries: string[];
  /** mlkem.wasm as the platform loads it: a WebAssembly.Module, bytes, a Response or a promise. */
  wasmFile?: Wasm.WasmModuleSource;
  /**
   * False where the runtime has no WebAssembly at all (Hermes): loadWasm and loadWasmSync must
   * refuse with ERR_WASM_UNAVAILABLE, and every check runs on the portable backend only.
   */
  webAssembly?: boolean;
  /**
   * Where the runtime has a `crypto.subtle` of its own (browsers): install() fills in our
   * algorithms there, and the runtime's own algorithms keep working.
   */
  polyfill?: boolean;
  /** Its bytes or Module for loadWasmSync, where the runtime may compile synchronously. */
  wasmFileSync?: Wasm.WasmModuleSync;
  /** False where the runtime refuses to compile embedded bytes (Cloudflare Workers). */
  embeddedWasm: boolean;
  vectors: SmokeVectors;
  /** Checks the runner made itself, e.g. workerd's keygen() at module top level. */
  extra?: Record<string, () => void | Promise<void>>;
}

export interface SmokeResult {
  passed: number;
  failed: number;
  failures: string[];
  checks: string[];
}

type Kem = Core.MlKem;
type WasmBackend = 'wasm' | 'wasm (file)' | 'wasm (sync file)';
/** Only `portable` where the runtime has no WebAssembly. */
type Backends = Record<'portable', Record<string, Kem>> & { [B in WasmBackend]?: Record<string, Kem> | undefined };
const WASM_BACKENDS: readonly WasmBackend[] = ['wasm', 'wasm (file)', 'wasm (sync file)'];

function hex(s: string): Uint8Array {
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function sameBytes(actual: Uint8Array, expected: Uint8Array, what: string): void {
  check(equal(actual, expected), `${what} differs from the expected ${expected.length} bytes`);
}

/** Runs fn and requires an MlKemError with `code` that is an instance of every MlKemError class given. */
async function throwsMlKemError(
  fn: () => unknown,
  code: string,
  classes: Array<new (...a: never[]) => Error>,
): Promise<void> {
  try {
    await fn();
  } catch (err) {
    const e = err as { name?: unknown; code?: unknown; message?: unknown };
    check(
      e.name === 'MlKemError' && e.code === code,
      `expected MlKemError ${code}, got ${String(e.name)} ${String(e.code)}: ${String(e.message)}`,
    );
    check(err instanceof Error, 'an MlKemError is not an instance of Error');
    check(typeof e.message === 'string' && e.message.length > 10, 'the error message is empty');
    for (const C of classes) check(err instanceof C, `the error is not an instance of ${C.name} of every entry point`);
    return;
  }
  throw new Error(`expected MlKemError ${code}, nothing was thrown`);
}

function roundTrip(kem: Kem | Hybrid.HybridKem, what: string): void {
  const { publicKey, secretKey } = kem.keygen();
  check(publicKey.length === kem.sizes.publicKey && secretKey.length === kem.sizes.secretKey, `${what}: key sizes`);
  const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
  sameBytes(kem.decapsulate(ciphertext, secretKey), sharedSecret, `${what}: decapsulated secret`);
  // The last byte: in every KEM here it is inside a part that is never refused (for the RFC 10024
  // groups the first bytes are a curve point, which TLS requires them to check).
  const tampered = ciphertext.slice();
  tampered[tampered.length - 1]! ^= 1;
  check(
    !equal(kem.decapsulate(tampered, secretKey), sharedSecret),
    `${what}: a tampered ciphertext gave the same secret`,
  );
}

/** Key objects (parse once, reuse): the same secrets as the one-shot functions; dispose is final. */
function keyObjects(kem: Kem, what: string): void {
  const pair = kem.keygen();
  const dk = kem.decapsulationKey(pair.seed);
  sameBytes(dk.encapsulationKey.bytes(), pair.publicKey, `${what}: key object's public key`);
  const { ciphertext, sharedSecret } = kem.encapsulationKey(pair.publicKey).encapsulate();
  sameBytes(dk.decapsulate(ciphertext), sharedSecret, `${what}: key object's secret`);
  sameBytes(kem.decapsulate(ciphertext, pair.secretKey), sharedSecret, `${what}: one-shot secret`);
  // Symbol.dispose (for `using`) where the runtime has it; dispose() everywhere (Hermes has neither
  // the symbol nor FinalizationRegistry, and key objects must still work there).
  const dispose = (Symbol as { dispose?: symbol }).dispose;
  if (dispose !== undefined)
    check(
      typeof (dk as unknown as Record<symbol, unknown>)[dispose] === 'function',
      `${what}: no Symbol.dispose on a decapsulation key`,
    );
  dk.dispose();
  let code: unknown;
  try {
    dk.decapsulate(ciphertext);
  } catch (err) {
    code = (err as { code?: unknown }).code;
  }
  check(code === 'ERR_KEY_DISPOSED', `${what}: a disposed key gave ${String(code)}, not ERR_KEY_DISPOSED`);
}

/** Each entry point's module, typed as this checkout's source (the packed package is built from it). */
interface EntryModules {
  'mlkem-ts': typeof Core;
  'mlkem-ts/wasm': typeof Wasm;
  'mlkem-ts/keys': typeof Keys;
  'mlkem-ts/hybrid': typeof Hybrid;
  'mlkem-ts/hpke': typeof Hpke;
  'mlkem-ts/hpke/core': typeof HpkeCore;
  'mlkem-ts/hpke/ml-kem': typeof HpkeMlKem;
  'mlkem-ts/hpke/x-wing': typeof HpkeXWing;
  'mlkem-ts/noble/ml-kem.js': typeof NobleMlKem;
  'mlkem-ts/noble/hybrid.js': typeof NobleHybrid;
  'mlkem-ts/webcrypto': typeof WebCrypto;
  'mlkem-ts/webcrypto/global': object;
}
type EntryCheck = (m: unknown, b: Backends) => void | Promise<void>;

/** The checks of each entry point; every declared entry must have one. */
const ENTRY_CHECKS: { [E in keyof EntryModules]: (m: EntryModules[E], b: Backends) => void | Promise<void> } = {
  'mlkem-ts': (core, b) => {
    for (const name of ['MlKem512', 'MlKem768', 'MlKem1024'] as const) roundTrip(core[name], `portable ${name}`);
    keyObjects(core.MlKem768, 'portable');
    check(Object.isFrozen(core.MlKem768), 'MlKem768 is not frozen');
    void b;
  },
  'mlkem-ts/wasm': (_wasm, b) => {
    for (const backend of WASM_BACKENDS) {
      const kems = b[backend];
      if (kems === undefined) continue; // no WebAssembly: the refusals are checked by runSmoke
      for (const [name, kem] of Object.entries(kems)) roundTrip(kem, `${backend} ${name}`);
      keyObjects(kems['MlKem1024']!, backend);
    }
  },
  'mlkem-ts/keys': (keys, b) => {
    for (const backend of ['portable', 'wasm (file)'] as const) {
      const kem = b[backend]?.['MlKem768'];
      if (kem === undefined) continue; // no WebAssembly
      const pair = kem.keygen();
      const privatePem: string = keys.toPem(keys.encodePkcs8(pair), 'PRIVATE KEY');
      const publicPem: string = keys.toPem(keys.encodeSpki(pair.publicKey), 'PUBLIC KEY');
      const priv = keys.decodePkcs8(keys.fromPem(privatePem).der);
      const pub = keys.decodeSpki(keys.fromPem(publicPem).der);
      check(priv.algorithm === 'ML-KEM-768' && pub.algorithm === 'ML-KEM-768', 'decoded algorithm');
      sameBytes(priv.secretKey, pair.secretKey, `${backend}: PEM round trip of the secret key`);
      const { ciphertext, sharedSecret } = kem.encapsulate(pub.publicKey);
      sameBytes(
        keys.kemFor(priv.algorithm).decapsulate(ciphertext, priv.secretKey),
        sharedSecret,
        `${backend}: secret after a PEM round trip`,
      );
      const jwk = keys.fromJwk(keys.toJwk(pair));
      sameBytes('secretKey' in jwk ? jwk.secretKey : new Uint8Array(0), pair.secretKey, `${backend}: JWK round trip`);
    }
  },
  'mlkem-ts/hybrid': (hybrid, b) => {
    for (const name of ['XWing', 'X25519MLKEM768', 'SecP256r1MLKEM768', 'SecP384r1MLKEM1024'] as const)
      roundTrip(hybrid[name], `hybrid ${name}`);
    const seed = new Uint8Array(32).fill(7);
    const wasm768 = b['wasm (file)']?.['MlKem768'];
    if (wasm768 !== undefined) {
      const overWasm = hybrid.createXWing(wasm768);
      roundTrip(overWasm, 'X-Wing over wasm');
      sameBytes(
        overWasm.keygen(seed).publicKey,
        hybrid.XWing.keygen(seed).publicKey,
        'X-Wing over wasm = over portable',
      );
    }
    const overPortable = hybrid.createXWing(b.portable['MlKem768']!);
    sameBytes(
      overPortable.keygen(seed).publicKey,
      hybrid.XWing.keygen(seed).publicKey,
      'createXWing(portable) = XWing',
    );
  },
  // HPKE (entries whose optional peers the runner installs): our KEMs on bytes, over both backends,
  // and the adapters' shapes (the libraries' async suites are exercised by test/hpke-*.test.ts).
  'mlkem-ts/hpke': (hpke, b) =>
    hpkeChecks(hpke, b, () => {
      const kem = hpke.KEM_ML_KEM_768();
      check(kem.type === 'KEM' && kem.id === 0x41 && kem.Nsk === 64, "KEM_ML_KEM_768 is not hpke's KEM for 0x0041");
    }),
  'mlkem-ts/hpke/core': (core, b) =>
    hpkeChecks(core, b, () => {
      const kem = core.hpkeCoreKem(core.MLKEM768_X25519);
      check(
        kem.id === 0x647a && kem.encSize === 1120 && typeof kem.decap === 'function',
        'hpkeCoreKem(MLKEM768_X25519) is not a KemInterface for 0x647a',
      );
    }),
  // The @hpke/ml-kem and @hpke/hybridkem-x-wing drop-in classes: a derived pair, Encap and Decap.
  'mlkem-ts/hpke/ml-kem': (m) => hpkeClassChecks(m, { MlKem512: 0x40, MlKem768: 0x41, MlKem1024: 0x42 }),
  'mlkem-ts/hpke/x-wing': (m) => hpkeClassChecks(m, { XWing: 0x647a }),
  // The @noble/post-quantum drop-ins: noble's result shape, getPublicKey, prepare, refusals.
  'mlkem-ts/noble/ml-kem.js': (m) => {
    for (const name of ['ml_kem512', 'ml_kem768', 'ml_kem1024'] as const) nobleChecks(m[name], `noble ${name}`);
    const prepared = m.ml_kem768.prepare(m.ml_kem768.keygen().publicKey);
    check(typeof prepared.encapsulate === 'function', 'noble ml_kem768.prepare gave no encapsulate');
  },
  'mlkem-ts/noble/hybrid.js': (m) => {
    for (const name of ['ml_kem768_x25519', 'ml_kem768_p256', 'ml_kem1024_p384', 'XWing'] as const)
      nobleChecks(m[name], `noble ${name}`);
  },
  // The ponyfill (install() would patch the global for the other checks): a round trip and the
  // seed's export and import at every algorithm, and the Web Crypto error for a wrong key.
  'mlkem-ts/webcrypto': async (webcrypto) => {
    const { subtle, supports } = webcrypto;
    for (const alg of ALGORITHMS) {
      check(supports('encapsulateBits', alg), `supports ${alg}`);
      const { publicKey, privateKey } = await subtle.generateKey(alg, true, ['encapsulateBits', 'decapsulateBits']);
      const { ciphertext, sharedKey } = await subtle.encapsulateBits(alg, publicKey);
      const again = await subtle.importKey('raw-seed', await subtle.exportKey('raw-seed', privateKey), alg, false, [
        'decapsulateBits',
      ]);
      sameBytes(
        new Uint8Array(await subtle.decapsulateBits(alg, again, ciphertext)),
        new Uint8Array(sharedKey),
        `webcrypto ${alg} round trip`,
      );
      // A non-extractable key carries nothing of its own but the clone marker: no compiled private
      // field (React Native's Babel preset turns #fields into properties) exposes its handle.
      const own = Reflect.ownKeys(again).map(String);
      check(own.join() === 'notCloneable', `webcrypto ${alg}: a key's own properties are ${own.join(', ')}`);
      let name = 'no error';
      await subtle.encapsulateBits(alg, privateKey).catch((err: Error) => (name = err.name));
      check(
        name === 'InvalidAccessError',
        `webcrypto ${alg}: encapsulating to a private key gave ${name}, not InvalidAccessError`,
      );
    }
  },
  // Types only (the polyfill's additions to the DOM library): the module loads and has no values.
  'mlkem-ts/webcrypto/global': (global) => {
    const values = Object.entries(global).filter(
      ([k]) => k !== 'default' && k !== '__esModule' && k !== 'module.exports',
    );
    check(values.length === 0, `mlkem-ts/webcrypto/global exports values: ${values.map(([k]) => k).join(', ')}`);
  },
};

/** DeriveKeyPair, Encap and Decap of an HPKE entry's KEMs; ML-KEM-768 over wasm agrees with portable. */
function hpkeChecks(m: typeof Hpke | typeof HpkeCore, b: Backends, adapter: () => void): void {
  for (const name of [
    'ML_KEM_512',
    'ML_KEM_768',
    'ML_KEM_1024',
    'MLKEM768_X25519',
    'MLKEM768_P256',
    'MLKEM1024_P384',
  ] as const) {
    const kem = m[name];
    const { privateKey, publicKey } = kem.deriveKeyPair(new Uint8Array(64).fill(1));
    const { sharedSecret, enc } = kem.encap(publicKey);
    sameBytes(kem.decap(enc, privateKey), sharedSecret, `hpke ${name}: Decap(Encap)`);
  }
  const wasm768 = b['wasm (file)']?.['MlKem768'];
  if (wasm768 !== undefined) {
    const overWasm = m.createHpkeKem(wasm768);
    const ikm = new Uint8Array(64).fill(2);
    sameBytes(
      overWasm.deriveKeyPair(ikm).publicKey,
      m.ML_KEM_768.deriveKeyPair(ikm).publicKey,
      'hpke ML-KEM-768 over wasm = over portable',
    );
  }
  adapter();
}

/** new C(), deriveKeyPair, encap and decap of each drop-in class, and its HPKE id. */
async function hpkeClassChecks<M extends Record<string, unknown>>(
  m: M,
  ids: { [K in keyof M]?: number },
): Promise<void> {
  for (const [name, id] of Object.entries(ids) as Array<[keyof M & string, number]>) {
    const kem = new (m[name] as typeof HpkeMlKem.MlKem768)();
    check(kem.id === id, `hpke class ${name}: id ${String(kem.id)}, expected ${id}`);
    const { publicKey, privateKey } = await kem.deriveKeyPair(new Uint8Array(64).fill(3).buffer);
    const { enc, sharedSecret } = await kem.encap({ recipientPublicKey: publicKey });
    const again = await kem.decap({ enc, recipientKey: privateKey });
    sameBytes(new Uint8Array(again), new Uint8Array(sharedSecret), `hpke class ${name}: decap(encap)`);
  }
}

/** A noble-shaped KEM: keygen from a seed, getPublicKey, { cipherText, sharedSecret }, a refusal. */
function nobleChecks(kem: NobleMlKem.NobleKem, what: string): void {
  const seed = new Uint8Array(kem.lengths.seed).fill(5);
  const { publicKey, secretKey } = kem.keygen(seed);
  sameBytes(kem.getPublicKey(secretKey), publicKey, `${what}: getPublicKey`);
  const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
  sameBytes(kem.decapsulate(cipherText, secretKey), sharedSecret, `${what}: decapsulate(encapsulate)`);
  let refused = false;
  try {
    kem.encapsulate(publicKey.subarray(1));
  } catch {
    refused = true;
  }
  check(refused, `${what}: a short public key was accepted`);
}

const ALGORITHMS = [
  'ML-KEM-512',
  'ML-KEM-768',
  'ML-KEM-1024',
  'MLKEM768-X25519',
  'MLKEM768-P256',
  'MLKEM1024-P384',
] as const;

/**
 * install() on a runtime with a crypto.subtle: afterwards every algorithm runs through the global
 * (filled by us or the runtime's own), SubtleCrypto.supports (where it exists) reports them, a
 * second install() changes nothing, and the runtime's own algorithms still answer as before.
 */
async function polyfillChecks(webcrypto: typeof WebCrypto): Promise<void> {
  const g = globalThis as unknown as {
    crypto: { subtle: WebCrypto.WebCryptoSubtle & { digest(alg: string, data: Uint8Array): Promise<ArrayBuffer> } };
    SubtleCrypto?: { supports?: (op: string, alg: string) => boolean };
  };
  const abc = new Uint8Array([0x61, 0x62, 0x63]);
  const before = new Uint8Array(await g.crypto.subtle.digest('SHA-256', abc));
  const filled = webcrypto.install();
  check(
    filled.every((name) => (ALGORITHMS as readonly string[]).includes(name)),
    `install() filled unknown names: ${filled.join(', ')}`,
  );
  check(webcrypto.install().join() === filled.join(), 'a second install() returned something else');
  for (const alg of ALGORITHMS) {
    const subtle = g.crypto.subtle;
    const supports = g.SubtleCrypto?.supports;
    if (typeof supports === 'function')
      check(
        supports.call(g.SubtleCrypto, 'encapsulateBits', alg),
        `after install(), SubtleCrypto.supports('encapsulateBits', '${alg}') is false`,
      );
    const { publicKey, privateKey } = (await subtle.generateKey(alg, false, [
      'encapsulateBits',
      'decapsulateBits',
    ])) as CryptoKeyPair;
    const { ciphertext, sharedKey } = await subtle.encapsulateBits(alg, publicKey);
    sameBytes(
      new Uint8Array(await subtle.decapsulateBits(alg, privateKey, ciphertext)),
      new Uint8Array(sharedKey),
      `polyfilled crypto.subtle ${alg} round trip${filled.includes(alg) ? ' (filled)' : " (the runtime's own)"}`,
    );
  }
  sameBytes(
    new Uint8Array(await g.crypto.subtle.digest('SHA-256', abc)),
    before,
    "the runtime's SHA-256 after install()",
  );
  await runtimeAlgorithmChecks(g);
}

/**
 * The modern API for the runtime's own algorithms after install() (its own, or ours where it
 * predates it): supports answers for them, getPublicKey of an ECDSA key (a non-extractable one may
 * be refused with OperationError only where neither the runtime nor node:crypto can read its
 * public key: a browser without getPublicKey), and the raw-public / raw-secret formats.
 */
async function runtimeAlgorithmChecks(g: {
  crypto: { subtle: unknown };
  SubtleCrypto?: { supports?: (op: string, alg: string) => boolean };
}): Promise<void> {
  const subtle = g.crypto.subtle as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const supports = g.SubtleCrypto?.supports;
  if (typeof supports === 'function') {
    check(
      supports.call(g.SubtleCrypto, 'digest', 'SHA-256'),
      "after install(), SubtleCrypto.supports('digest', 'SHA-256') is false",
    );
    check(
      supports.call(g.SubtleCrypto, 'getPublicKey', 'ECDSA'),
      "after install(), SubtleCrypto.supports('getPublicKey', 'ECDSA') is false",
    );
  }
  const spki = async (key: unknown) => new Uint8Array((await subtle.exportKey!('spki', key)) as ArrayBuffer);
  const p = globalThis as { process?: { release?: { name?: string } }; Deno?: unknown; Bun?: unknown };
  const node = p.process?.release?.name === 'node' && p.Deno === undefined && p.Bun === undefined;
  for (const extractable of [true, false]) {
    const pair = (await subtle.generateKey!({ name: 'ECDSA', namedCurve: 'P-256' }, extractable, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const what = `getPublicKey of ${extractable ? 'an extractable' : 'a non-extractable'} ECDSA key`;
    let derived: CryptoKey | undefined;
    try {
      derived = (await subtle.getPublicKey!(pair.privateKey, ['verify'])) as CryptoKey;
    } catch (err) {
      const name = (err as Error).name;
      check(!extractable && !node && name === 'OperationError', `${what} failed: ${name}: ${(err as Error).message}`);
    }
    if (derived !== undefined) sameBytes(await spki(derived), await spki(pair.publicKey), what);
    if (extractable) {
      const raw = new Uint8Array((await subtle.exportKey!('raw-public', pair.publicKey)) as ArrayBuffer);
      sameBytes(
        raw,
        new Uint8Array((await subtle.exportKey!('raw', pair.publicKey)) as ArrayBuffer),
        'an ECDSA key exported as raw-public',
      );
    }
  }
  const secret = new Uint8Array(16).fill(7);
  const aes = await subtle.importKey!('raw-secret', secret, 'AES-GCM', true, ['encrypt']);
  sameBytes(
    new Uint8Array((await subtle.exportKey!('raw-secret', aes)) as ArrayBuffer),
    secret,
    'an AES-GCM key imported and exported as raw-secret',
  );
}

/** install() where there is no crypto.subtle (React Native): fills nothing and creates nothing. */
function noSubtleChecks(webcrypto: typeof WebCrypto): void {
  const g = globalThis as { crypto?: { subtle?: unknown } };
  check(g.crypto?.subtle === undefined, 'the runtime has a crypto.subtle after all');
  check(webcrypto.install().length === 0, 'install() filled algorithms without a crypto.subtle');
  check(g.crypto?.subtle === undefined, 'install() created a crypto.subtle');
}

/** Runs one named check into `result`, counting it and recording its failure; never throws. */
export async function runCheck(result: SmokeResult, name: string, fn: () => unknown): Promise<void> {
  result.checks.push(name);
  try {
    await fn();
    result.passed++;
  } catch (err) {
    result.failed++;
    result.failures.push(`${name}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
}

/** Runs every check, counting; never throws. */
export async function runSmoke(input: SmokeInput): Promise<SmokeResult> {
  const result: SmokeResult = { passed: 0, failed: 0, failures: [], checks: [] };
  const run = (name: string, fn: () => unknown): Promise<void> => runCheck(result, name, fn);
  const mod = (s: string): unknown => {
    const m = input.modules[s];
    if (m === undefined) throw new Error(`entry ${s} was not loaded`);
    return m;
  };

  await run('every declared entry point is loaded and has checks', () => {
    for (const s of input.entries) {
      check(input.modules[s] !== undefined, `${s} was not loaded`);
      check(
        (ENTRY_CHECKS as Partial<Record<string, EntryCheck>>)[s] !== undefined,
        `${s} has no smoke checks (add them to test/smoke/suite.ts)`,
      );
    }
  });

  const core = mod('mlkem-ts') as typeof Core;
  const wasm = mod('mlkem-ts/wasm') as typeof Wasm;
  // Every loaded entry's class (a runner may load only some entries, as the Hermes core run does).
  const classes = ['mlkem-ts', 'mlkem-ts/wasm', 'mlkem-ts/hybrid'].flatMap((s) =>
    input.modules[s] === undefined ? [] : [(mod(s) as typeof Core).MlKemError],
  );
  const levels = { 'ML-KEM-512': 'MlKem512', 'ML-KEM-768': 'MlKem768', 'ML-KEM-1024': 'MlKem1024' } as const;
  const pick = (w: Wasm.WasmMlKem | typeof Core): Record<string, Kem> => ({
    MlKem512: w.MlKem512,
    MlKem768: w.MlKem768,
    MlKem1024: w.MlKem1024,
  });

  const backends: Backends = { portable: pick(core) };
  if (input.webAssembly === false) {
    await run('no WebAssembly: loadWasm and loadWasmSync refused with ERR_WASM_UNAVAILABLE', async () => {
      check(
        typeof (globalThis as { WebAssembly?: unknown }).WebAssembly === 'undefined',
        'the runtime has WebAssembly after all',
      );
      await throwsMlKemError(() => wasm.loadWasm(), 'ERR_WASM_UNAVAILABLE', classes);
      await throwsMlKemError(() => wasm.loadWasmSync(), 'ERR_WASM_UNAVAILABLE', classes);
      await throwsMlKemError(
        () => wasm.loadWasm(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])),
        'ERR_WASM_UNAVAILABLE',
        classes,
      );
    });
  } else {
    await run('loadWasm(mlkem.wasm as the platform loads it)', async () => {
      backends['wasm (file)'] = pick(await wasm.loadWasm(input.wasmFile));
    });
    await run(
      input.embeddedWasm ? 'loadWasm() (embedded module)' : 'loadWasm() refused: ERR_WASM_UNAVAILABLE',
      async () => {
        if (input.embeddedWasm) backends.wasm = pick(await wasm.loadWasm());
        else {
          await throwsMlKemError(() => wasm.loadWasm(), 'ERR_WASM_UNAVAILABLE', classes);
          await throwsMlKemError(() => wasm.loadWasmSync(), 'ERR_WASM_UNAVAILABLE', classes);
          backends.wasm = backends['wasm (file)'];
        }
      },
    );
    await run('loadWasmSync(mlkem.wasm)', () => {
      backends['wasm (sync file)'] =
        input.wasmFileSync === undefined ? backends['wasm (file)'] : pick(wasm.loadWasmSync(input.wasmFileSync));
    });
    if (!backends.wasm || !backends['wasm (file)'] || !backends['wasm (sync file)']) return result; // counted as failed above
  }

  // ACVP subset (FIPS 203 Algorithms 16-18 through the public _internal forms), every backend.
  for (const [backend, kems] of Object.entries(backends) as Array<[string, Record<string, Kem>]>) {
    await run(`ACVP subset (${backend})`, () => {
      const v = input.vectors;
      check(v.keyGen.length > 0 && v.encapsulation.length > 0 && v.decapsulation.length > 0, 'no vectors');
      for (const t of v.keyGen) {
        const pair = kems[levels[t.set]]!.keygen(new Uint8Array([...hex(t.d), ...hex(t.z)]));
        sameBytes(pair.publicKey, hex(t.ek), `keyGen ${t.set} tcId ${t.tcId} ek`);
        sameBytes(pair.secretKey, hex(t.dk), `keyGen ${t.set} tcId ${t.tcId} dk`);
      }
      for (const t of v.encapsulation) {
        const r = kems[levels[t.set]]!.encapsulateInternal(hex(t.ek), hex(t.m));
        sameBytes(r.ciphertext, hex(t.c), `encapsulation ${t.set} tcId ${t.tcId} c`);
        sameBytes(r.sharedSecret, hex(t.k), `encapsulation ${t.set} tcId ${t.tcId} k`);
      }
      for (const t of v.decapsulation) {
        sameBytes(
          kems[levels[t.set]]!.decapsulate(hex(t.c), hex(t.dk)),
          hex(t.k),
          `decapsulation ${t.set} tcId ${t.tcId} (${t.reason})`,
        );
      }
    });
    await run(`ACVP key checks refused with the stable codes (${backend})`, async () => {
      for (const t of input.vectors.encapsulationKeyCheck) {
        const kem = kems[levels[t.set]]!;
        if (t.testPassed) kem.encapsulate(hex(t.ek));
        else await throwsMlKemError(() => kem.encapsulate(hex(t.ek)), 'ERR_INVALID_PUBLIC_KEY', classes);
      }
      for (const t of input.vectors.decapsulationKeyCheck) {
        const kem = kems[levels[t.set]]!;
        const c = new Uint8Array(kem.sizes.ciphertext);
        if (t.testPassed) kem.decapsulate(c, hex(t.dk));
        else await throwsMlKemError(() => kem.decapsulate(c, hex(t.dk)), 'ERR_INVALID_SECRET_KEY', classes);
      }
    });
  }

  if (input.webAssembly !== false)
    await run('portable = wasm on the same seed', () => {
      const seed = new Uint8Array(64).map((_, i) => i);
      for (const name of Object.values(levels)) {
        const p = backends.portable[name]!.keygen(seed);
        for (const backend of WASM_BACKENDS) {
          const kem = backends[backend]?.[name];
          if (kem !== undefined) sameBytes(kem.keygen(seed).secretKey, p.secretKey, `${backend} ${name} secret key`);
        }
      }
    });

  for (const s of input.entries) {
    const checks = (ENTRY_CHECKS as Partial<Record<string, EntryCheck>>)[s];
    if (checks) await run(`round trips: ${s}`, () => checks(mod(s), backends));
  }

  await run('error contract', async () => {
    const kem = backends.portable.MlKem768!;
    const { publicKey } = kem.keygen();
    await throwsMlKemError(() => kem.encapsulate(publicKey.subarray(1)), 'ERR_INVALID_LENGTH', classes);
    if (backends.wasm)
      await throwsMlKemError(
        () => backends.wasm!.MlKem768!.encapsulate(publicKey.subarray(1)),
        'ERR_INVALID_LENGTH',
        classes,
      );
    await throwsMlKemError(() => kem.encapsulate('not bytes' as unknown as Uint8Array), 'ERR_INVALID_TYPE', classes);
    const keys = mod('mlkem-ts/keys') as typeof Keys;
    await throwsMlKemError(
      () => keys.fromPem('-----BEGIN PUBLIC KEY-----\nAAAA\n'),
      'ERR_INVALID_KEY_ENCODING',
      classes,
    );
    const hybrid = input.modules['mlkem-ts/hybrid'] as typeof Hybrid | undefined;
    if (hybrid)
      await throwsMlKemError(
        () => hybrid.XWing.decapsulate(new Uint8Array(3), new Uint8Array(32)),
        'ERR_INVALID_LENGTH',
        classes,
      );
    const noWasm = input.webAssembly === false ? 'ERR_WASM_UNAVAILABLE' : 'ERR_INVALID_TYPE';
    await throwsMlKemError(() => wasm.loadWasm('mlkem.wasm' as never), noWasm, classes);
    await throwsMlKemError(() => wasm.loadWasm(new Uint8Array(10)), noWasm, classes);
    // An empty but valid module compiles only where compiling from bytes is allowed.
    if (input.embeddedWasm && input.webAssembly !== false)
      await throwsMlKemError(
        () => wasm.loadWasm(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])),
        'ERR_INVALID_TYPE',
        classes,
      );
    check(
      classes.length >= 2 && classes.every((C) => C === core.MlKemError),
      'the entry points export different MlKemError classes',
    );
  });

  // Last: install() patches the global crypto.subtle.
  if (input.polyfill !== undefined) {
    const webcrypto = mod('mlkem-ts/webcrypto') as typeof WebCrypto;
    await run(
      input.polyfill
        ? 'Web Crypto polyfill: install() fills crypto.subtle'
        : 'Web Crypto polyfill: install() leaves a runtime without crypto.subtle alone',
      () => (input.polyfill ? polyfillChecks(webcrypto) : noSubtleChecks(webcrypto)),
    );
  }

  for (const [name, fn] of Object.entries(input.extra ?? {})) await run(name, fn);
  return result;
}

/** The check that every runner asserts on: one line per failure, then the closing count. */
export function report(runtime: string, r: SmokeResult): string {
  return [...r.failures.map((f) => `  FAILED ${f}`), `${runtime}: ${r.passed} passed, ${r.failed} failed`].join('\n');
}
