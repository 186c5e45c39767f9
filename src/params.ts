/** An ML-KEM parameter set (FIPS 203, §8, Table 2) with its byte sizes (Table 3). */
export interface ParameterSet {
  readonly name: 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024';
  readonly k: number;
  readonly eta1: 2 | 3;
  readonly eta2: 2;
  readonly du: 10 | 11;
  readonly dv: 4 | 5;
  /** Bytes: encapsulation key 384k+32, decapsulation key 768k+96, ciphertext 32(du·k+dv). */
  readonly publicKeyBytes: number;
  readonly secretKeyBytes: number;
  readonly ciphertextBytes: number;
}

function define(name: ParameterSet['name'], k: number, eta1: 2 | 3, du: 10 | 11, dv: 4 | 5): ParameterSet {
  return Object.freeze({
    name,
    k,
    eta1,
    eta2: 2,
    du,
    dv,
    publicKeyBytes: 384 * k + 32,
    secretKeyBytes: 768 * k + 96,
    ciphertextBytes: 32 * (du * k + dv),
  });
}

export const ML_KEM_512: ParameterSet = /* @__PURE__ */ define('ML-KEM-512', 2, 3, 10, 4);
export const ML_KEM_768: ParameterSet = /* @__PURE__ */ define('ML-KEM-768', 3, 2, 10, 4);
export const ML_KEM_1024: ParameterSet = /* @__PURE__ */ define('ML-KEM-1024', 4, 2, 11, 5);
