// mlkem-ts/keys' loadPrivateKey and loadPublicKey for an app that has the hybrids: the same one
// call, which also reads the hybrids' key files. Those are the AKP JWKs that Node.js 26 and the
// Web Crypto layer write for MLKEM768-X25519, MLKEM768-P256 and MLKEM1024-P384 (pub the public
// key, priv the 32-byte seed). They have no PKCS#8 or SPKI form (Node 26 refuses both for them).
import { isObjectArgument, readFields, readOptions } from '../args.js';
import { copyBytes, isUint8Array } from '../bytes.js';
import { wipe, ctEqual } from '../ct.js';
import { MlKemError } from '../errors.js';
import { hiddenMap } from '../hidden-map.js';
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import type { DecapsulationKey, EncapsulationKey } from '../kem.js';
import { decodeAkpMember } from '../keys/akp.js';
import { readBackend } from '../keys/algorithms.js';
import { showMember } from '../keys/jwk.js';
import {
  type KeyFileInput,
  decodeUtf8,
  hybridJwkAlg,
  loadPrivateKey as loadMlKemPrivateKey,
  loadPublicKey as loadMlKemPublicKey,
  unwrapKeyFile,
} from '../keys/load.js';
import type { DecodePkcs8Options, KeyOptions } from '../keys/types.js';
import { HYBRID_ENTRIES, memberOf } from '../registry.js';
import { constructionOf } from './constructions.js';
import type { HybridDecapsulationKey, HybridEncapsulationKey, HybridKem } from './types.js';

const PORTABLE = { MlKem512, MlKem768, MlKem1024 } as const;

const PORTABLE_KEMS = /* @__PURE__ */ hiddenMap<string, HybridKem>(true);

/** The hybrid of a JWK alg over the `backend` option named `what` (the portable objects, made once, when it is not given). */
function hybridOf(alg: string, backend: unknown, what: string): HybridKem {
  // The registry's hybrid whose JWK alg this is (hybridJwkAlg found it there), by its public factory.
  const entry = HYBRID_ENTRIES.find((e) => 'jwk' in e && e.jwk === alg)!;
  const { create } = constructionOf(entry.name);
  const member = memberOf(entry.mlkem);
  if (backend !== undefined) return create(readBackend(backend, what)[member]);
  let kem = PORTABLE_KEMS.get(alg);
  if (kem === undefined) PORTABLE_KEMS.set(alg, (kem = create(PORTABLE[member])));
  return kem;
}

const fail = (message: string): never => {
  throw new MlKemError('ERR_INVALID_KEY_ENCODING', `JWK: ${message}`);
};

/** A hybrid JWK's public key and, in a private one, its seed (ours to wipe), of the hybrid's lengths. */
function readHybridJwk(
  jwk: object,
  kem: HybridKem,
  alg: string,
): { publicKey: Uint8Array; seed: Uint8Array | undefined } {
  const { kty, pub, priv } = readFields(jwk, ['kty', 'pub', 'priv'], 'JWK');
  if (kty !== 'AKP') fail(`kty must be "AKP" for ${alg}, got ${showMember(kty)}`);
  if (typeof pub !== 'string') fail(`pub must be a base64url string, got ${typeof pub}`);
  const publicKey = decodeAkpMember(pub as string, 'pub');
  if (publicKey.length !== kem.sizes.publicKey)
    fail(`pub holds ${publicKey.length} bytes; an ${alg} public key has ${kem.sizes.publicKey}`);
  if (priv === undefined) return { publicKey, seed: undefined };
  if (typeof priv !== 'string') fail(`priv must be a base64url string, got ${typeof priv}`);
  const seed = decodeAkpMember(priv as string, 'priv');
  if (seed.length !== kem.sizes.secretKey) {
    wipe(seed);
    fail(`priv holds ${seed.length} bytes; an ${alg} JWK priv is the ${kem.sizes.secretKey}-byte seed`);
  }
  return { publicKey, seed };
}

/** The hybrid JWK in a key file, if that is what it is: its alg and the object. */
function hybridJwkIn(key: unknown, fn: string): { alg: string; jwk: object } | undefined {
  // Only JSON text (as a string or bytes) and objects can be a JWK; anything else is the ML-KEM loader's to read or refuse.
  let input = key;
  if (isUint8Array(key)) {
    const bytes = copyBytes(key);
    try {
      if (decodeUtf8(bytes.subarray(0, 64)).trimStart().charAt(0) !== '{') return undefined;
      input = decodeUtf8(bytes);
    } finally {
      wipe(bytes);
    }
  } else if (typeof key === 'string') {
    if (key.trimStart().charAt(0) !== '{') return undefined;
  } else if (!isObjectArgument(key)) {
    return undefined;
  }
  const u = unwrapKeyFile(input, 'PRIVATE KEY', fn);
  if (u.kind !== 'jwk') return undefined;
  const alg = hybridJwkAlg(u.jwk);
  return alg === undefined ? undefined : { alg, jwk: u.jwk };
}

/**
 * Loads a private key file into a decapsulation key object, as Node's `createPrivateKey`. It reads
 * what loadPrivateKey of 'mlkem-ts/keys' reads (ML-KEM's PKCS#8 as PEM or DER, and JWKs), and the
 * hybrids' private JWKs, whose pub must be the public key of the seed in priv.
 * @param key - PEM text, the bytes of a key file, or a JWK object.
 * @param options - `backend` (the ML-KEM objects under the key, default the portable ones) and
 *   `pairwiseCheck` for an expanded ML-KEM key, as decodePkcs8.
 * @returns the key object; its `name` is the algorithm ('ML-KEM-768', 'X-Wing', 'MLKEM768-P256', …).
 * @throws {MlKemError} those of loadPrivateKey of 'mlkem-ts/keys', and `ERR_INVALID_SECRET_KEY`
 *   for a hybrid JWK whose pub is not its seed's.
 * @example
 * const key = loadPrivateKey(await readFile('xwing.jwk', 'utf8')); // key.name: 'X-Wing'
 * const sharedSecret = key.decapsulate(ciphertext);
 */
export function loadPrivateKey(
  key: KeyFileInput,
  options?: DecodePkcs8Options,
): DecapsulationKey | HybridDecapsulationKey {
  const found = hybridJwkIn(key, 'loadPrivateKey');
  if (found === undefined) return loadMlKemPrivateKey(key, options);
  const what = 'loadPrivateKey options';
  const kem = hybridOf(found.alg, readOptions(options, ['pairwiseCheck', 'backend'], what).backend, what);
  const { publicKey, seed } = readHybridJwk(found.jwk, kem, found.alg);
  if (seed === undefined)
    throw new MlKemError(
      'ERR_INVALID_KEY_ENCODING',
      'loadPrivateKey: the JWK is a public key (no priv): use loadPublicKey',
    );
  let dk: HybridDecapsulationKey;
  try {
    dk = kem.decapsulationKey(seed);
  } finally {
    wipe(seed);
  }
  if (!ctEqual(dk.encapsulationKey.bytes(), publicKey)) {
    dk.dispose();
    throw new MlKemError('ERR_INVALID_SECRET_KEY', `JWK: pub is not the public key of the seed in priv (${found.alg})`);
  }
  return dk;
}

/**
 * Loads a public key into an encapsulation key object, as Node's `createPublicKey`: what
 * loadPublicKey of 'mlkem-ts/keys' reads, and the hybrids' JWKs (public, or private: their pub).
 * @param key - PEM text, the bytes of a key file, or a JWK object.
 * @param options - `backend`: the ML-KEM objects under the key (default: the portable ones).
 * @returns the key object; its `name` is the algorithm.
 * @throws {MlKemError} those of loadPublicKey of 'mlkem-ts/keys'; for a hybrid JWK
 *   `ERR_INVALID_KEY_ENCODING` and `ERR_INVALID_PUBLIC_KEY` (its checks fail).
 * @example
 * const recipient = loadPublicKey(jwk);
 * const { ciphertext, sharedSecret } = recipient.encapsulate();
 */
export function loadPublicKey(key: KeyFileInput, options?: KeyOptions): EncapsulationKey | HybridEncapsulationKey {
  const found = hybridJwkIn(key, 'loadPublicKey');
  if (found === undefined) return loadMlKemPublicKey(key, options);
  const what = 'loadPublicKey options';
  const kem = hybridOf(found.alg, readOptions(options, ['backend'], what).backend, what);
  const { publicKey, seed } = readHybridJwk(found.jwk, kem, found.alg);
  if (seed === undefined) return kem.encapsulationKey(publicKey);
  wipe(seed); // not needed here, and wiped before loadPrivateKey can throw
  // A private JWK: its pub only after the same check as loadPrivateKey's.
  const dk = loadPrivateKey(found.jwk, options);
  try {
    return dk.encapsulationKey;
  } finally {
    dk.dispose();
  }
}
