/// <reference lib="dom" preserve="true" />
// A drop-in: an alias of `@hpke/hybridkem-x-wing` to this entry point is the whole switch.
/**
 * `XWing` in the shape `@hpke/hybridkem-x-wing` exports it: a `@hpke/core` `KemInterface` class
 * with the same `id` (0x647a), sizes, methods, derivation, error classes (`@hpke/core`'s) and
 * messages, on mlkem-ts's X-Wing. `@hpke/core` is an optional peer dependency: install it beside
 * mlkem-ts. docs/switching-from-hpke.md says what to change and what differs.
 * @example
 * ```ts
 * import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
 * import { XWing } from 'mlkem-ts/hpke/x-wing'; // was: from '@hpke/hybridkem-x-wing'
 * const suite = new CipherSuite({ kem: new XWing(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
 * const { privateKey, publicKey } = await suite.kem.generateKeyPair();
 * const { enc, ct } = await suite.seal({ recipientPublicKey: publicKey }, new TextEncoder().encode('hello'));
 * const plaintext = await suite.open({ recipientKey: privateKey, enc }, ct);
 * ```
 * @module mlkem-ts/hpke/x-wing
 */
import { DeriveKeyPairError, InvalidParamError } from '@hpke/core';

import { copyBuffer } from '../bytes.js';
import { wipe } from '../ct.js';
import { isLowOrder } from '../hybrid/curves/x25519.js';
import { XWing as CoreXWing } from '../hybrid/index.js';
import { HpkeKemClass, isKeyPair, pairOfSeed, type ClassConfig } from './classes.js';
import { SHAKE256, xofDerive } from './derive.js';
import { MLKEM768_X25519 } from './named-kems.js';

export { HpkeKemClass, type HpkeCoreEncapsulation } from './classes.js';
export { HpkeKey } from './key.js';

/** Bytes of X-Wing's ML-KEM-768 encapsulation key, before the X25519 share (draft-connolly-cfrg-xwing-kem, §5.2). */
const ML_KEM_768_PK = 1184;

const LOW_ORDER = 'invalid private or public key received';

/** The configuration of @hpke/hybridkem-x-wing's class. */
function xWingConfig(): ClassConfig {
  return {
    kem: MLKEM768_X25519,
    name: 'X-Wing',
    // The package's derivation: the seed is SHAKE256(ikm) of 32 bytes, without HPKE's labels.
    seedFromIkm: (ikm) => xofDerive(SHAKE256, 32, ikm),
    core: CoreXWing,
    readEkm(ekm) {
      if (ekm === undefined || isKeyPair(ekm)) return undefined; // a key pair is ignored, as the package does
      const bytes = copyBuffer(ekm)?.bytes;
      if (bytes?.length !== 64) {
        wipe(bytes); // a copy of secret randomness
        throw new InvalidParamError('ekm must be 64 bytes in length');
      }
      return bytes;
    },
    // The package computes the X25519 half first, which refuses a low-order share, then ML-KEM's
    // Encaps, which refuses an encapsulation key failing FIPS 203, §7.2.
    refusal: (op, publicKey) =>
      op === 'decap' || isLowOrder(publicKey!.subarray(ML_KEM_768_PK)) ? LOW_ORDER : 'invalid encapsulation key',
  };
}

/**
 * X-Wing (MLKEM768-X25519, HPKE KEM id 0x647a) as `@hpke/hybridkem-x-wing`'s `XWing`: `new XWing()`
 * is a `@hpke/core` `CipherSuite`'s `kem`. Its keys' `algorithm.name` is 'X-Wing'; a low-order
 * X25519 share is refused (EncapError, DecapError), as the package refuses it.
 */
export class XWing extends HpkeKemClass {
  /** A KEM for `new CipherSuite({ kem, kdf, aead })`; every instance is independent. */
  constructor() {
    super(xWingConfig());
  }

  /**
   * The key pair of a 32-byte private key (X-Wing's seed), as the package's `generateKeyPairDerand`.
   * @param sk - the 32-byte seed: an ArrayBuffer, SharedArrayBuffer or view.
   * @returns `{ privateKey, publicKey }`.
   * @throws {InvalidParamError} 'Invalid length of sk'; {DeriveKeyPairError} otherwise.
   */
  async generateKeyPairDerand(sk: ArrayBufferLike | ArrayBufferView): Promise<CryptoKeyPair> {
    const seed = copyBuffer(sk)?.bytes;
    if (seed?.length !== 32) {
      wipe(seed);
      throw new InvalidParamError('Invalid length of sk');
    }
    try {
      return pairOfSeed(this, seed);
    } catch (err) {
      wipe(seed); // pairOfSeed takes it over only once it has this class's configuration
      throw new DeriveKeyPairError(err);
    }
  }
}
