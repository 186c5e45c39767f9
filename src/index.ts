/**
 * ML-KEM (FIPS 203) in portable TypeScript: the three parameter sets as {@link MlKem} objects,
 * synchronous, with no dependencies. The other entry points: `mlkem-ts/wasm` (the same objects
 * over WebAssembly), `mlkem-ts/keys` (key files), `mlkem-ts/hybrid` (hybrid KEMs),
 * `mlkem-ts/webcrypto` and `mlkem-ts/webcrypto/global` (the Web Crypto API), `mlkem-ts/hpke`,
 * `mlkem-ts/hpke/core`, `mlkem-ts/hpke/ml-kem` and `mlkem-ts/hpke/x-wing` (HPKE), and
 * `mlkem-ts/noble/ml-kem.js` and `mlkem-ts/noble/hybrid.js` (drop-ins for `@noble/post-quantum`).
 * The front page says what each is for and what it depends on.
 * @example
 * import { MlKem768 } from 'mlkem-ts';
 * const { publicKey, secretKey } = MlKem768.keygen();
 * const { ciphertext, sharedSecret } = MlKem768.encapsulate(publicKey);
 * // same equals sharedSecret: 32 bytes
 * const same = MlKem768.decapsulate(ciphertext, secretKey);
 * @module mlkem-ts
 */
import { createMlKem, type MlKem } from './kem.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from './params.js';
import { portableKernels } from './portable/index.js';

export type { ByteArray } from './bytes.js';
export { equalBytes } from './ct.js';
export { MlKemError, type MlKemErrorCode } from './errors.js';
export type {
  DecapsulationKey,
  DecapsulationKeyOptions,
  Encapsulation,
  EncapsulationKey,
  KeyPair,
  MlKem,
  MlKemBackend,
} from './kem.js';

/** ML-KEM-512 (NIST security category 1), portable. */
export const MlKem512: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_512, portableKernels);
/** ML-KEM-768 (NIST security category 3), portable: the recommended default. */
export const MlKem768: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_768, portableKernels);
/** ML-KEM-1024 (NIST security category 5), portable. */
export const MlKem1024: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_1024, portableKernels);
