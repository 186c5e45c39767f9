import type { ByteArray } from '../bytes.js';
// Key files as the command reads and writes them: PEM (RFC 7468), DER (SubjectPublicKeyInfo or
// PKCS#8, RFC 9935) or JWK (JSON, as Node.js writes it), all through mlkem-ts/keys. A file is
// recognised by its content, not its name: PEM armour, a JSON object, or a DER SEQUENCE.
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import type { MlKemBackend } from '../kem.js';
import {
  type MlKemAlgorithm,
  type PemLabel,
  type PrivateKeyForm,
  type PrivateKeyInfo,
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  toJwk,
  toPem,
} from '../keys/index.js';
import { ML_KEM_ENTRIES } from '../registry.js';
import { loadWasmSync } from '../wasm/index.js';
import { CliError } from './errors.js';
import { inputName } from './io.js';

let chosen: MlKemBackend | undefined;

/**
 * The backend of every operation of the command: WebAssembly where the runtime compiles it, else
 * the portable one (same bytes). A command makes a key or two, and the portable code's first
 * calls, before the JIT has warmed, cost more than compiling the module (a first key generation
 * with its imports, main-thread CPU on Node 26: 14 ms portable, 8 ms WebAssembly).
 */
export function backend(): MlKemBackend {
  if (chosen === undefined) {
    try {
      chosen = loadWasmSync();
    } catch {
      chosen = { MlKem512, MlKem768, MlKem1024 };
    }
  }
  return chosen;
}

/** How a key is written: `--der`, `--jwk`, or PEM by default. */
export type KeyFormat = 'pem' | 'der' | 'jwk';

/** A key file's outer layer: its encoding and what it holds, not yet decoded as a key. */
export type Container =
  | { encoding: 'PEM' | 'DER'; structure: 'SubjectPublicKeyInfo' | 'PKCS#8'; der: ByteArray }
  | { encoding: 'JWK'; structure: 'JWK'; jwk: object };

/** A decoded key file: a public key, or a private key with its public key (and its seed when the file had it). */
export type KeyFile =
  | { kind: 'public'; container: Container; algorithm: MlKemAlgorithm; publicKey: Uint8Array }
  | ({ kind: 'private'; container: Container } & PrivateKeyInfo);

const BEGIN = new TextEncoder().encode('-----BEGIN ');

function indexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = 0; i + pattern.length <= bytes.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/** Runs `f`, turning an MlKemError into a CliError that names the file. */
export function naming<T>(name: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof MlKemError) throw new CliError(`${name}: ${err.message}`, { cause: err });
    throw err;
  }
}

/** Which key a command needs from a file: in a PEM file of several blocks, the first block of that kind. */
export type Wanted = 'private' | 'public' | 'any';

const PEM_LABEL: Record<Wanted, PemLabel | undefined> = {
  private: 'PRIVATE KEY',
  public: 'PUBLIC KEY',
  any: undefined,
};

/**
 * The outer layer of a key file: PEM armour, a JWK's JSON, or DER (SPKI or PKCS#8 by its first
 * field). A PEM file may hold several blocks (a public key, then the private key): the first block
 * of the kind `want` names is taken when there is one, else the first key block.
 */
export function unwrap(bytes: ByteArray, name: string, want: Wanted = 'any'): Container {
  if (indexOf(bytes, BEGIN) !== -1) {
    const text = new TextDecoder().decode(bytes);
    const wanted = PEM_LABEL[want];
    const has =
      wanted !== undefined && new RegExp(`^-----BEGIN ${wanted}-----[ \\t]*$`, 'm').test(text.replace(/\r/g, '\n'));
    const { label, der } = naming(name, () => fromPem(text, has ? wanted : undefined));
    return { encoding: 'PEM', structure: label === 'PUBLIC KEY' ? 'SubjectPublicKeyInfo' : 'PKCS#8', der };
  }
  let first = 0;
  while (first < bytes.length && (bytes[first] === 0x20 || (bytes[first]! >= 0x09 && bytes[first]! <= 0x0d))) first++;
  if (bytes[first] === 0x7b) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new CliError(`${name}: starts like a JWK but is not valid UTF-8`);
    }
    let jwk: unknown;
    try {
      jwk = JSON.parse(text);
    } catch {
      // Not the parser's message: V8 quotes the text around the error, which may be the seed.
      throw new CliError(`${name}: starts like a JWK but is not valid JSON`);
    }
    return { encoding: 'JWK', structure: 'JWK', jwk: jwk as object };
  }
  if (bytes.length >= 2 && bytes[0] === 0x30) {
    // SubjectPublicKeyInfo opens with a SEQUENCE (the algorithm), OneAsymmetricKey with an INTEGER (the version).
    const header = bytes[1]! < 0x80 ? 2 : 2 + (bytes[1]! & 0x7f);
    return { encoding: 'DER', structure: bytes[header] === 0x30 ? 'SubjectPublicKeyInfo' : 'PKCS#8', der: bytes };
  }
  throw new CliError(
    bytes.length === 0
      ? `${name}: is empty, expected a key in PEM, DER or JWK`
      : `${name}: not a key file: expected PEM text ('-----BEGIN …'), DER (a SEQUENCE, byte 0x30) or a JWK (a JSON object)`,
  );
}

/** Decodes a key file strictly (mlkem-ts/keys); an expanded private key also gets the pairwise check. */
function readKey(container: Container, name: string): KeyFile {
  return naming(name, (): KeyFile => {
    if (container.structure === 'JWK') {
      const key = fromJwk(container.jwk, { backend: backend() });
      return 'secretKey' in key ? { kind: 'private', container, ...key } : { kind: 'public', container, ...key };
    }
    if (container.structure === 'SubjectPublicKeyInfo')
      return { kind: 'public', container, ...decodeSpki(container.der, { backend: backend() }) };
    return { kind: 'private', container, ...decodePkcs8(container.der, { pairwiseCheck: true, backend: backend() }) };
  });
}

/** PEM or DER demanded of a key file by an OpenSSL option (-inform, -keyform); nothing when undefined. */
export interface Demand {
  option: string;
  encoding: 'pem' | 'der' | undefined;
}

/**
 * readKey on the bytes of the key file `file` (named in messages as inputName says), refused when
 * it is not in the encoding `demand` says; then `use`. After it, also when `use` throws, it wipes
 * the bytes and everything decoded that may be secret (a PEM file's DER, the seed, the expanded key).
 */
export function withKey<T>(
  bytes: ByteArray,
  file: string,
  want: Wanted,
  demand: Demand,
  use: (key: KeyFile, name: string) => T,
): T {
  const name = inputName(file);
  let container: Container | undefined;
  let key: KeyFile | undefined;
  try {
    container = unwrap(bytes, name, want);
    key = readKey(container, name);
    const { encoding } = key.container;
    if (demand.encoding !== undefined && encoding.toLowerCase() !== demand.encoding) {
      throw new CliError(`${name}: is ${encoding}, not ${demand.encoding.toUpperCase()} as ${demand.option} says`);
    }
    return use(key, name);
  } finally {
    wipe(bytes, container && 'der' in container ? container.der : undefined); // also when decoding it failed
    if (key?.kind === 'private') wipe(key.seed, key.secretKey);
  }
}

/** A private key file's content. */
export function writePrivateKey(key: PrivateKeyInfo, format: KeyFormat, form: PrivateKeyForm): string | Uint8Array {
  if (format === 'jwk') return `${JSON.stringify(toJwk(key, { backend: backend() }))}\n`;
  const der = encodePkcs8(key, { form, backend: backend() }); // the caller wipes it when it is returned
  if (format === 'der') return der;
  const pem = toPem(der, 'PRIVATE KEY');
  wipe(der);
  return pem;
}

/** A public key file's content. */
export function writePublicKey(publicKey: Uint8Array, format: KeyFormat): string | Uint8Array {
  if (format === 'jwk') return `${JSON.stringify(toJwk({ publicKey }))}\n`;
  const der = encodeSpki(publicKey);
  return format === 'der' ? der : toPem(der, 'PUBLIC KEY');
}

/**
 * Whether bytes look like a key file: PEM armour or a JWK object after any white space, or a DER
 * SEQUENCE whose length is the whole file (a random ciphertext passes that by chance with a
 * probability below 2^-24).
 */
function looksLikeKeyFile(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i]! >= 0x09 && bytes[i]! <= 0x0d))) i++;
  if (bytes[i] === 0x7b) return isJwkText(bytes); // a ciphertext starts with '{' one time in 256
  if (indexOf(bytes.subarray(i, i + BEGIN.length), BEGIN) === 0) return true;
  if (bytes.length < 2 || bytes[0] !== 0x30) return false;
  const n = bytes[1]!;
  if (n < 0x80) return 2 + n === bytes.length;
  const count = n & 0x7f;
  if (count < 1 || count > 3) return false;
  let length = 0;
  for (let j = 0; j < count; j++) length = length * 256 + (bytes[2 + j] ?? 0);
  return 2 + count + length === bytes.length;
}

/** Whether bytes are the UTF-8 text of a JSON object with a string `kty`: a JWK's shape. */
function isJwkText(bytes: Uint8Array): boolean {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && typeof (value as { kty?: unknown }).kty === 'string';
  } catch {
    return false;
  }
}

/** The files of an encapsulation or decapsulation as the command line named them. */
export interface NamedFile {
  file: string;
  option: string;
  bytes: Uint8Array;
}

/**
 * Before a key file is decoded: the errors of files given in each other's place, with the fix.
 * A key that is not a key file while the ciphertext is one: swapped. A key that is not a key file
 * but has a ciphertext's length: likely the ciphertext. A ciphertext that is a key file.
 */
export function checkNotSwapped(key: NamedFile, ciphertext?: NamedFile): void {
  const keyName = inputName(key.file);
  if (!looksLikeKeyFile(key.bytes)) {
    if (ciphertext !== undefined && looksLikeKeyFile(ciphertext.bytes)) {
      throw new CliError(
        `${keyName}: not a key file, and ${inputName(ciphertext.file)} is one: the files look swapped (${key.option} is the key, ${ciphertext.option} the ciphertext)`,
      );
    }
    const level = ML_KEM_ENTRIES.find((e) => e.sizes.ciphertext === key.bytes.length);
    if (level !== undefined) {
      throw new CliError(
        `${keyName}: not a key file: it holds ${key.bytes.length} bytes, the length of an ${level.name} ciphertext; is it the ciphertext? ${key.option} is the key${ciphertext === undefined ? '' : `, ${ciphertext.option} the ciphertext`}`,
      );
    }
    return; // readKey says what is wrong with it
  }
  if (ciphertext !== undefined && looksLikeKeyFile(ciphertext.bytes)) {
    throw new CliError(
      `${inputName(ciphertext.file)}: is a key file, not a ciphertext: ${ciphertext.option} is the ciphertext (raw bytes), ${key.option} the key`,
    );
  }
}
