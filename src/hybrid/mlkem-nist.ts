// MLKEM768-P256 and MLKEM1024-P384 of draft-irtf-cfrg-concrete-hybrid-kems (§4.1, §4.3): the
// concrete hybrid KEMs of ML-KEM and a NIST curve that Node.js's Web Crypto, Go's crypto/hpke
// and the HPKE post-quantum draft (KEM ids 0x0050, 0x0051) use.
import type { MlKem } from '../kem.js';
import { createConcrete } from './concrete.js';
import type { CurveChoice } from './curve.js';
import { checkKem } from './mlkem.js';
import { P256_GROUP, P384_GROUP, randomScalar } from './nist.js';
import type { HybridKem } from './types.js';

/** MLKEM768-P256 over an ML-KEM-768 object, with the given curve implementation (internal). */
export function mlkem768P256Over(kem: MlKem, curves: CurveChoice): HybridKem {
  return createConcrete({
    name: 'MLKEM768-P256',
    kem,
    group: P256_GROUP,
    groupSeedBytes: 128,
    randomScalar: (seed) => randomScalar(P256_GROUP, seed),
    label: 'MLKEM768-P256',
    curves,
  });
}

/** MLKEM1024-P384 over an ML-KEM-1024 object, with the given curve implementation (internal). */
export function mlkem1024P384Over(kem: MlKem, curves: CurveChoice): HybridKem {
  return createConcrete({
    name: 'MLKEM1024-P384',
    kem,
    group: P384_GROUP,
    groupSeedBytes: 48,
    randomScalar: (seed) => randomScalar(P384_GROUP, seed),
    label: 'MLKEM1024-P384',
    curves,
  });
}

/**
 * MLKEM768-P256 (draft-irtf-cfrg-concrete-hybrid-kems §4.1; HPKE KEM 0x0050) over an ML-KEM-768
 * object of any backend. Sizes: publicKey 1249 (ML-KEM ek ‖ P-256 point), secretKey = seed 32,
 * ciphertext 1153 (ML-KEM ct ‖ P-256 point), sharedSecret 32, eseed 160 (m ‖ 128-byte P-256 seed).
 * @param mlkem768 - `MlKem768` of any backend.
 * @returns A frozen HybridKem named 'MLKEM768-P256'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object.
 * @example
 * const kem = createMLKEM768_P256((await loadWasm()).MlKem768);
 */
export function createMLKEM768_P256(mlkem768: MlKem): HybridKem {
  return mlkem768P256Over(checkKem(mlkem768, 'ML-KEM-768', 'createMLKEM768_P256'), 'auto');
}

/**
 * MLKEM1024-P384 (draft-irtf-cfrg-concrete-hybrid-kems §4.3; HPKE KEM 0x0051) over an
 * ML-KEM-1024 object of any backend. Sizes: publicKey 1665 (ML-KEM ek ‖ P-384 point), secretKey =
 * seed 32, ciphertext 1665 (ML-KEM ct ‖ P-384 point), sharedSecret 32, eseed 80 (m ‖ 48-byte P-384 seed).
 * @param mlkem1024 - `MlKem1024` of any backend.
 * @returns A frozen HybridKem named 'MLKEM1024-P384'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem1024 is not an ML-KEM-1024 object.
 * @example
 * const kem = createMLKEM1024_P384((await loadWasm()).MlKem1024);
 */
export function createMLKEM1024_P384(mlkem1024: MlKem): HybridKem {
  return mlkem1024P384Over(checkKem(mlkem1024, 'ML-KEM-1024', 'createMLKEM1024_P384'), 'auto');
}
