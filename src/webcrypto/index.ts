/**
 * The Web Crypto API's ML-KEM ("Modern Algorithms in the Web Cryptography API":
 * `encapsulateBits`, `decapsulateBits`, `encapsulateKey`, `decapsulateKey`, `getPublicKey`, the
 * `raw-public` and `raw-seed` formats) and the hybrid KEMs MLKEM768-X25519, MLKEM768-P256 and
 * MLKEM1024-P384, in every runtime.
 * Use it as a ponyfill ({@link subtle}, {@link supports}) that leaves the global alone, or as a
 * polyfill ({@link install}) that adds to `crypto.subtle` what the runtime lacks. `import 'mlkem-ts/webcrypto/global'` adds the polyfill's methods, usages and
 * algorithm names to the DOM library's types. The hybrids' code (and @noble/curves) loads the
 * first time a hybrid algorithm is used.
 * @example
 * ```ts
 * import { subtle } from 'mlkem-ts/webcrypto';
 * const { publicKey, privateKey } = await subtle.generateKey('ML-KEM-768', false, ['encapsulateBits', 'decapsulateBits']);
 * const { ciphertext, sharedKey } = await subtle.encapsulateBits('ML-KEM-768', publicKey);
 * const same = await subtle.decapsulateBits('ML-KEM-768', privateKey, ciphertext); // = sharedKey
 * ```
 * @module mlkem-ts/webcrypto
 */
import { autoBackend } from './backend.js';
import { nativeCrypto } from './install.js';
import { createSubtle } from './subtle.js';
import { type Supports, createSupports } from './supports.js';
import type { WebCryptoSubtle } from './types.js';

export { KEY_FORMATS, type AlgorithmIdentifier, type KeyFormat } from './arguments.js';
export type { WebCryptoErrorName } from './errors.js';
export { install } from './install.js';
export { KEY_USAGES, MlKemCryptoKey, type KeyUsage } from './key.js';
export type {
  AnyCryptoKey,
  Bytes,
  CryptoKeyLike,
  EncapsulatedBits,
  EncapsulatedKey,
  KemAlgorithm,
  KemAlgorithmName,
  JsonWebKeyLike,
  KemKeyPair,
  NativeCryptoKey,
  Usages,
  WebCryptoSubtle,
} from './types.js';
export type { Supports } from './supports.js';

/**
 * A `SubtleCrypto` for ML-KEM-512, ML-KEM-768, ML-KEM-1024, MLKEM768-X25519, MLKEM768-P256 and
 * MLKEM1024-P384 in every runtime, done by this package (WebAssembly when it loads, else portable), with every other
 * algorithm and every runtime key handed to the runtime's own `crypto.subtle`. Methods, key
 * formats (`raw-public`, `raw-seed`, `spki`, `pkcs8`, `jwk`), usages and DOMException names as in
 * "Modern Algorithms in the Web Cryptography API", and as Node 26 where that is silent.
 * @throws Nothing: each method rejects instead, as {@link WebCryptoSubtle} says. The module's example uses it.
 */
export const subtle: WebCryptoSubtle = /* @__PURE__ */ createSubtle({
  native: nativeCrypto,
  handles: () => true,
  backend: autoBackend,
});

/**
 * `SubtleCrypto.supports(operation, algorithm, lengthOrAdditionalAlgorithm?)` for this
 * package's `subtle`: true for the operations of our algorithms, the runtime's answer otherwise.
 * Where the runtime has no `SubtleCrypto.supports` (Node 20-24, Firefox, Safari), it is the answer
 * for its own algorithms from WebCrypto's table of algorithms and their parameters, as Node 26
 * gives it (`supports('digest', 'SHA-256')` is true).
 * @param operation - "generateKey", "importKey", "exportKey", "encapsulateBits", … or "getPublicKey".
 * @param algorithm - An algorithm name or `{ name }`.
 * @param lengthOrAdditionalAlgorithm - For encapsulateKey/decapsulateKey, the shared key's algorithm.
 * @returns Whether the operation is supported.
 * @throws Nothing.
 * @example
 * ```ts
 * import { supports } from 'mlkem-ts/webcrypto';
 * supports('encapsulateKey', 'ML-KEM-512', 'AES-GCM'); // true
 * ```
 */
export const supports: Supports = /* @__PURE__ */ createSupports(nativeCrypto, () => true);
