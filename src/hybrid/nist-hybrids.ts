// MLKEM768-P256 and MLKEM1024-P384 of draft-irtf-cfrg-concrete-hybrid-kems (§4.1, §4.3): the
// concrete hybrid KEMs of ML-KEM and a NIST curve that Node.js's Web Crypto, Go's crypto/hpke
// and the HPKE post-quantum draft (KEM ids 0x0050, 0x0051) use.
import { checkKem, type MlKem } from '../kem.js';
import { type HybridEntry, MLKEM1024_P384, MLKEM768_P256 } from '../registry.js';
import { createConcrete } from './concrete.js';
import type { CurveChoice } from './curves/curve.js';
import { type NistGroup, P256_GROUP, P384_GROUP, randomScalar } from './curves/nist.js';
import type { HybridConstruction, HybridKem, HybridName } from './types.js';

/**
 * The concrete hybrid KEM of a registry entry of ML-KEM and a NIST curve, from the entry alone and
 * its curve's Group: its label is its name (§4.1, §4.3), Group.Nseed the eseed's bytes after
 * ML-KEM's 32 of m, RandomScalar rejection sampling over them.
 */
export function nistConcreteOf(entry: HybridEntry, group: NistGroup): (kem: MlKem, curves: CurveChoice) => HybridKem {
  if (entry.family !== 'concrete' || entry.curve !== group.name)
    throw new Error(`${entry.name} is not a concrete hybrid over ${group.name}`); // a bug
  const name = entry.name as HybridName;
  const groupSeedBytes = entry.sizes.eseed - 32;
  return (kem: MlKem, curves: CurveChoice): HybridKem =>
    createConcrete({
      name,
      kem,
      group,
      groupSeedBytes,
      randomScalar: (seed) => randomScalar(group, seed),
      label: name,
      curves,
    });
}

/** MLKEM768-P256 over an ML-KEM-768 object, with the given curve implementation (internal). */
export const mlkem768P256Over = /* @__PURE__ */ nistConcreteOf(MLKEM768_P256, P256_GROUP);
/** MLKEM1024-P384 over an ML-KEM-1024 object, with the given curve implementation (internal). */
export const mlkem1024P384Over = /* @__PURE__ */ nistConcreteOf(MLKEM1024_P384, P384_GROUP);

/**
 * MLKEM768-P256 (draft-irtf-cfrg-concrete-hybrid-kems, §4.1; HPKE KEM 0x0050) over an ML-KEM-768
 * object of any backend. Sizes: publicKey 1249 (ML-KEM ek ‖ P-256 point), secretKey = seed 32,
 * ciphertext 1153 (ML-KEM ct ‖ P-256 point), sharedSecret 32, eseed 160 (m ‖ 128-byte P-256 seed).
 * @param mlkem768 - `MlKem768` of any backend.
 * @returns A frozen HybridKem named 'MLKEM768-P256'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object.
 */
export function createMLKEM768_P256(mlkem768: MlKem): HybridKem {
  return mlkem768P256Over(checkKem(mlkem768, 'ML-KEM-768', 'createMLKEM768_P256'), 'auto');
}

/**
 * MLKEM1024-P384 (draft-irtf-cfrg-concrete-hybrid-kems, §4.3; HPKE KEM 0x0051) over an
 * ML-KEM-1024 object of any backend. Sizes: publicKey 1665 (ML-KEM ek ‖ P-384 point), secretKey =
 * seed 32, ciphertext 1665 (ML-KEM ct ‖ P-384 point), sharedSecret 32, eseed 80 (m ‖ 48-byte P-384 seed).
 * @param mlkem1024 - `MlKem1024` of any backend.
 * @returns A frozen HybridKem named 'MLKEM1024-P384'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem1024 is not an ML-KEM-1024 object.
 */
export function createMLKEM1024_P384(mlkem1024: MlKem): HybridKem {
  return mlkem1024P384Over(checkKem(mlkem1024, 'ML-KEM-1024', 'createMLKEM1024_P384'), 'auto');
}

/** The constructions of MLKEM768-P256 and MLKEM1024-P384 (constructions.ts). */
export const NIST_CONCRETE: readonly HybridConstruction[] = /* @__PURE__ */ Object.freeze([
  /* @__PURE__ */ Object.freeze({ name: 'MLKEM768-P256', over: mlkem768P256Over, create: createMLKEM768_P256 }),
  /* @__PURE__ */ Object.freeze({ name: 'MLKEM1024-P384', over: mlkem1024P384Over, create: createMLKEM1024_P384 }),
]);
