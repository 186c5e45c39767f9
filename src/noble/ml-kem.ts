/**
 * ML-KEM (FIPS 203) shaped like `@noble/post-quantum/ml-kem.js` (0.7): `ml_kem512`, `ml_kem768`
 * and `ml_kem1024`, drop-in replacements that give the same bytes and refuse the same inputs with
 * the same errors, at mlkem-ts's speed. Synchronous and portable; after `loadWasm()` from
 * `mlkem-ts/wasm` the same objects run on the WebAssembly core. See docs/switching-from-noble.md.
 * @example
 * import { ml_kem768 } from 'mlkem-ts/noble/ml-kem.js';
 * const { publicKey, secretKey } = ml_kem768.keygen();
 * const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
 * const same = ml_kem768.decapsulate(cipherText, secretKey); // equals sharedSecret
 * @module mlkem-ts/noble/ml-kem.js
 */
import { copyBytes, readBytes } from '../bytes.js';
import { ctDiffMask, ctEqual, wipe } from '../ct.js';
import type { DecapsulationKey, EncapsulationKey, MlKem, MlKemBackend } from '../kem.js';
import { keyLifetime } from '../lifetime.js';
import { randomBytes } from '../random.js';
import { sha3_256 } from '../sha3.js';
import { asNoble, currentKem, PORTABLE } from './backend.js';
import { isCode, nobleBytes, nobleError } from './checks.js';
import type {
  Bytes,
  NobleEncapsulation,
  NobleKemLengths,
  NobleKeyPair,
  NobleMlKem,
  NoblePreparedKey,
} from './types.js';

export type {
  Bytes,
  NobleEncapsulation,
  NobleKem,
  NobleKemInfo,
  NobleKemLengths,
  NobleKeyPair,
  NobleMlKem,
  NoblePreparedKey,
} from './types.js';

/** The modulus check's refusal (FIPS 203, §7.2), as noble words it for `fn`. */
function modulusError(fn: string, cause: unknown): Error {
  return nobleError(`ML-KEM.${fn}: wrong publicKey modulus`, cause);
}

/** What a prepared key holds (prepare): all public but `last` (clean() and collection wipe it) and `scratch`. */
interface PreparedState {
  readonly kem: MlKem;
  readonly ek: EncapsulationKey;
  /** ek and H(ek), which a secret key given to decapsulate must embed; made on first use. */
  bound: { ek: Uint8Array; hash: Uint8Array } | undefined;
  /**
   * The secret key of the last decapsulation (and its words, for the comparison) and its key
   * object, under a lifetime of their own: dispose() or the record's collection (with the
   * prepared key's) wipes both, so a prepared key that never decapsulates costs no registration.
   */
  last: { sk: Uint8Array; words: Int32Array; dk: DecapsulationKey; dispose(): void } | undefined;
  /** Our copy of the secret key of the call under way, wiped when it returns. */
  scratch: { sk: Uint8Array; words: Int32Array } | undefined;
  cleaned: boolean;
}

function alive(key: PreparedState): void {
  if (key.cleaned) throw new Error('ML-KEM prepared key: used after clean()');
}

function forget(key: PreparedState): void {
  key.last?.dispose();
  key.last = undefined;
}

/** A fresh byte array and its 32-bit words (secret key lengths are multiples of 4). */
function withWords(length: number): { sk: Uint8Array; words: Int32Array } {
  const sk = new Uint8Array(length);
  return { sk, words: new Int32Array(sk.buffer, 0, length >> 2) };
}

/**
 * A prepared key's decapsulate, its arguments checked: the secret key of the last call again
 * (the common case) goes straight to that call's key object; another one is bound to the
 * prepared key and expanded first.
 */
function preparedDecapsulate(
  key: PreparedState,
  cipherText: Uint8Array,
  secretKey: Uint8Array,
  ekStart: number,
): Bytes {
  const { kem } = key;
  const scratch = (key.scratch ??= withWords(kem.sizes.secretKey));
  const sk = scratch.sk;
  readBytes(sk, secretKey);
  try {
    const last = key.last;
    // Equal to the last key (compared in constant time, over words) implies its checks below.
    if (last !== undefined && ctDiffMask(last.words, scratch.words, sk.length >> 2) === 0) {
      return last.dk.decapsulate(cipherText) as Bytes;
    }
    // noble binds dk to the prepared key: its embedded ek and H(ek) must be this key's.
    // With H(ek) computed here, that implies the hash check of FIPS 203, §7.3.
    const bound = (key.bound ??= boundKey(key.ek));
    const ekEnd = ekStart + bound.ek.length;
    if (!ctEqual(sk.subarray(ekStart, ekEnd), bound.ek) || !ctEqual(sk.subarray(ekEnd, ekEnd + 32), bound.hash)) {
      throw new Error('ML-KEM.decapsulate: secretKey does not match prepared publicKey');
    }
    forget(key);
    let dk: DecapsulationKey;
    try {
      dk = kem.decapsulationKey(sk, { pairwiseCheck: false });
    } catch (err) {
      // A secret vector that is not canonical: noble reduces it mod q, as the one-shot
      // decapsulation does; only the key object refuses it.
      if (isCode(err, 'ERR_INVALID_SECRET_KEY')) return kem.decapsulate(cipherText, sk) as Bytes;
      throw err;
    }
    const copy = withWords(sk.length);
    copy.sk.set(sk);
    const { dispose, seal } = keyLifetime('prepared ML-KEM', { arrays: [copy.sk], parts: [dk] });
    key.last = seal({ ...copy, dk, dispose });
    return dk.decapsulate(cipherText) as Bytes;
  } finally {
    sk.fill(0);
  }
}

function boundKey(ek: EncapsulationKey): { ek: Uint8Array; hash: Uint8Array } {
  const bytes = ek.bytes();
  const hash = new Uint8Array(32);
  sha3_256(hash, bytes);
  return { ek: bytes, hash };
}

/** The ML-KEM object of one parameter set in the shape of noble 0.7's ml_kem objects. */
function nobleMlKem(level: keyof MlKemBackend): NobleMlKem {
  const { sizes } = PORTABLE[level];
  // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z, where dk_PKE (384k bytes) is as long as ek without its 32-byte ρ.
  const ekStart = sizes.publicKey - 32;
  const ekEnd = ekStart + sizes.publicKey;
  const bytes = (v: unknown, length: number, title: string) => nobleBytes(v, length, title, '0.7');
  const lengths: NobleKemLengths = Object.freeze({
    secretKey: sizes.secretKey,
    publicKey: sizes.publicKey,
    cipherText: sizes.ciphertext,
    seed: 64,
    msg: 32,
    msgRand: 32,
  });

  function encapsulate(publicKey: Uint8Array, msg?: Uint8Array): NobleEncapsulation {
    // noble draws m (FIPS 203, Algorithm 20, step 1) before its checks and wipes it when they
    // throw; its own suite watches getRandomValues for that, so the drop-in keeps noble's order.
    const drawn = msg === undefined ? randomBytes(32) : undefined;
    try {
      bytes(publicKey, sizes.publicKey, 'publicKey');
      if (msg !== undefined) bytes(msg, 32, 'message');
      return asNoble(currentKem(level).encapsulateInternal(publicKey, drawn ?? msg!));
    } catch (err) {
      throw isCode(err, 'ERR_INVALID_PUBLIC_KEY') ? modulusError('encapsulate', err) : err;
    } finally {
      if (drawn !== undefined) wipe(drawn);
    }
  }

  function decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes {
    bytes(secretKey, sizes.secretKey, 'secretKey');
    bytes(cipherText, sizes.ciphertext, 'cipherText');
    try {
      return currentKem(level).decapsulate(cipherText, secretKey) as Bytes;
    } catch (err) {
      throw isCode(err, 'ERR_INVALID_SECRET_KEY') ? nobleError('invalid secretKey: hash check failed', err) : err;
    }
  }

  function prepare(publicKey: Uint8Array): NoblePreparedKey {
    bytes(publicKey, sizes.publicKey, 'publicKey');
    const kem = currentKem(level);
    let ek: EncapsulationKey;
    try {
      ek = kem.encapsulationKey(publicKey);
    } catch (err) {
      throw isCode(err, 'ERR_INVALID_PUBLIC_KEY') ? modulusError('prepare', err) : err;
    }
    // Everything per key lives in this record and the methods are shorthand, not arrows: a
    // prepared key is made often, and arrow functions built per key cost more than the rest here
    // under transforms that name every function (tsx, esbuild's keepNames). It holds no secret
    // until a decapsulation, whose record has its own lifetime (PreparedState.last).
    const key: PreparedState = { kem, ek, bound: undefined, last: undefined, scratch: undefined, cleaned: false };
    return Object.freeze({
      publicKey: ek.bytes() as Bytes,
      encapsulate(msg?: Uint8Array): NobleEncapsulation {
        alive(key);
        if (msg !== undefined) bytes(msg, 32, 'message');
        return asNoble(msg === undefined ? key.ek.encapsulate() : key.ek.encapsulateInternal(msg));
      },
      decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Bytes {
        alive(key);
        bytes(secretKey, sizes.secretKey, 'secretKey');
        bytes(cipherText, sizes.ciphertext, 'cipherText');
        return preparedDecapsulate(key, cipherText, secretKey, ekStart);
      },
      clean(): void {
        key.cleaned = true;
        forget(key);
      },
    });
  }

  return Object.freeze({
    info: Object.freeze({ type: 'ml-kem' as const }),
    lengths,
    keygen(seed?: Uint8Array): NobleKeyPair {
      if (seed !== undefined) bytes(seed, 64, 'seed');
      const pair = currentKem(level).keygen(seed);
      wipe(pair.seed);
      return { publicKey: pair.publicKey as Bytes, secretKey: pair.secretKey as Bytes };
    },
    getPublicKey(secretKey: Uint8Array): Bytes {
      bytes(secretKey, sizes.secretKey, 'secretKey');
      const sk = copyBytes(secretKey);
      const pk = sk.slice(ekStart, ekEnd);
      wipe(sk);
      return pk as Bytes;
    },
    encapsulate,
    decapsulate,
    prepare,
  });
}

/**
 * ML-KEM-512 (FIPS 203; NIST security category 1) as `@noble/post-quantum`'s `ml_kem512`:
 * lengths publicKey 800, secretKey 1632, cipherText 768, seed 64, msg 32.
 * @example
 * const seed = new Uint8Array(ml_kem512.lengths.seed); // deterministic keys, for tests
 * const { secretKey, publicKey } = ml_kem512.keygen(seed);
 */
export const ml_kem512: NobleMlKem = /* @__PURE__ */ nobleMlKem('MlKem512');
/**
 * ML-KEM-768 (FIPS 203; NIST security category 3) as `@noble/post-quantum`'s `ml_kem768`:
 * lengths publicKey 1184, secretKey 2400, cipherText 1088, seed 64, msg 32. The recommended default.
 * @example
 * const prepared = ml_kem768.prepare(publicKey); // many encapsulations to one key
 */
export const ml_kem768: NobleMlKem = /* @__PURE__ */ nobleMlKem('MlKem768');
/**
 * ML-KEM-1024 (FIPS 203; NIST security category 5) as `@noble/post-quantum`'s `ml_kem1024`:
 * lengths publicKey 1568, secretKey 3168, cipherText 1568, seed 64, msg 32.
 */
export const ml_kem1024: NobleMlKem = /* @__PURE__ */ nobleMlKem('MlKem1024');
