/// <reference lib="dom" preserve="true" />
// Drop-ins: an alias of `@hpke/ml-kem` to this entry point is the whole switch.
/**
 * `MlKem512`, `MlKem768` and `MlKem1024` in the shape `@hpke/ml-kem` exports them: `@hpke/core`
 * `KemInterface` classes with the same `id`, sizes, methods, derivation, error classes (`@hpke/core`'s)
 * and messages, on mlkem-ts's ML-KEM. `@hpke/core` is an optional peer dependency: install it
 * beside mlkem-ts. docs/switching-from-hpke.md says what to change and what differs.
 * @example
 * ```ts
 * import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
 * import { MlKem768 } from 'mlkem-ts/hpke/ml-kem'; // was: from '@hpke/ml-kem'
 * const suite = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
 * const { privateKey, publicKey } = await suite.kem.generateKeyPair();
 * const { enc, ct } = await suite.seal({ recipientPublicKey: publicKey }, new TextEncoder().encode('hello'));
 * const plaintext = await suite.open({ recipientKey: privateKey, enc }, ct);
 * ```
 * @module mlkem-ts/hpke/ml-kem
 */
import { InvalidParamError } from '@hpke/core';

import { copyBuffer } from '../bytes.js';
import { MlKem1024 as Core1024, MlKem512 as Core512, MlKem768 as Core768, type MlKem } from '../index.js';
import { HpkeKemClass, isKeyPair, type ClassConfig } from './classes.js';
import type { HpkeKem } from './kem.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from './named-kems.js';

export { HpkeKemClass, type HpkeCoreEncapsulation } from './classes.js';
export { HpkeKey } from './key.js';

/** The configuration of @hpke/ml-kem's class for one parameter set. */
function mlKemConfig(kem: HpkeKem, core: MlKem): ClassConfig {
  const ekmError = () => new InvalidParamError('ekm must be 32 bytes in length');
  return {
    kem,
    name: kem.name,
    // @hpke/ml-kem takes ikm as the seed d ‖ z itself.
    seedFromIkm(ikm) {
      if (ikm.length !== 64) throw new Error('seed must be 64 bytes in length');
      return ikm.slice();
    },
    core,
    readEkm(ekm) {
      if (ekm === undefined) return undefined;
      if (isKeyPair(ekm)) throw ekmError();
      const bytes = copyBuffer(ekm)?.bytes;
      if (bytes === undefined) throw ekmError();
      return bytes; // its length is checked in encap, as @hpke/ml-kem does (EncapError)
    },
    refusal: () => 'invalid encapsulation key',
  };
}

/**
 * ML-KEM-512 (HPKE KEM id 0x0040) as `@hpke/ml-kem`'s `MlKem512`: `new MlKem512()` is a `@hpke/core`
 * `CipherSuite`'s `kem`. Prefer ML-KEM-768 or a hybrid unless ML-KEM-512 is required.
 */
export class MlKem512 extends HpkeKemClass {
  /** A KEM for `new CipherSuite({ kem, kdf, aead })`; every instance is independent. */
  constructor() {
    super(mlKemConfig(ML_KEM_512, Core512));
  }
}

/**
 * ML-KEM-768 (HPKE KEM id 0x0041) as `@hpke/ml-kem`'s `MlKem768`: `new MlKem768()` is a `@hpke/core`
 * `CipherSuite`'s `kem`.
 */
export class MlKem768 extends HpkeKemClass {
  /** A KEM for `new CipherSuite({ kem, kdf, aead })`; every instance is independent. */
  constructor() {
    super(mlKemConfig(ML_KEM_768, Core768));
  }
}

/**
 * ML-KEM-1024 (HPKE KEM id 0x0042) as `@hpke/ml-kem`'s `MlKem1024`: `new MlKem1024()` is a `@hpke/core`
 * `CipherSuite`'s `kem`.
 */
export class MlKem1024 extends HpkeKemClass {
  /** A KEM for `new CipherSuite({ kem, kdf, aead })`; every instance is independent. */
  constructor() {
    super(mlKemConfig(ML_KEM_1024, Core1024));
  }
}
