// mlkem-ts: ML-KEM (FIPS 203) in portable TypeScript. Synchronous, no dependencies.
import { createMlKem, type MlKem } from './kem.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from './params.js';
import { portableKernels } from './portable/index.js';

export { MlKemError, type MlKemErrorCode } from './errors.js';
export type { DecapsulationKey, DecapsulationKeyOptions, Encapsulation, EncapsulationKey, KeyPair, MlKem } from './kem.js';

/** ML-KEM-512 (NIST security category 1). */
export const MlKem512: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_512, portableKernels);
/** ML-KEM-768 (NIST security category 3), the recommended default. */
export const MlKem768: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_768, portableKernels);
/** ML-KEM-1024 (NIST security category 5). */
export const MlKem1024: MlKem = /* @__PURE__ */ createMlKem(ML_KEM_1024, portableKernels);
