// ML-KEM (FIPS 203, §6 and §7): the internal algorithms over K-PKE, the input checks of §7.2 and
// §7.3, and the public objects. One generic core serves every parameter set and backend.
import { ctDiffMask, ctSelect } from './ct.js';
import { MlKemError, checkBytes } from './errors.js';
import type { Kernels } from './kernels.js';
import { kpkeDecrypt, kpkeEncrypt, kpkeKeyGen } from './kpke.js';
import type { ParameterSet } from './params.js';
import { randomBytes } from './random.js';
import { type Workspace, createWorkspace, wipeWorkspace } from './workspace.js';

export interface KeyPair {
  /** The encapsulation key ek. */
  publicKey: Uint8Array;
  /** The decapsulation key dk (the expanded form, 768k + 96 bytes). */
  secretKey: Uint8Array;
  /** The 64-byte seed d ‖ z that dk was derived from: the compact form of the same secret. */
  seed: Uint8Array;
}

export interface Encapsulation {
  ciphertext: Uint8Array;
  /** The 32-byte shared secret K. */
  sharedSecret: Uint8Array;
}

export interface MlKem {
  readonly name: 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024';
  /** Byte sizes (FIPS 203, Table 3). */
  readonly sizes: {
    readonly publicKey: number;
    readonly secretKey: number;
    readonly ciphertext: number;
    readonly sharedSecret: 32;
    readonly seed: 64;
  };
  /** A key pair from the 64-byte seed d ‖ z if given (Algorithm 16), else from fresh randomness (Algorithm 19). */
  keygen(seed?: Uint8Array): KeyPair;
  /** Algorithm 20: a fresh shared secret and its ciphertext, after the §7.2 check of publicKey. */
  encapsulate(publicKey: Uint8Array): Encapsulation;
  /** Algorithm 17 with the caller's 32-byte m, after the §7.2 check. For known-answer tests only (§3.3). */
  encapsulateInternal(publicKey: Uint8Array, m: Uint8Array): Encapsulation;
  /**
   * Algorithm 21: the shared secret, after the §7.3 checks of both arguments. A ciphertext of the
   * right length is never refused: a wrong one yields the implicit-rejection secret J(z ‖ c).
   */
  decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

/** The ML-KEM algorithms for one parameter set on one backend, in its preallocated workspace. */
class Core {
  private readonly ws: Workspace;

  constructor(
    readonly p: ParameterSet,
    readonly K: Kernels,
  ) {
    this.ws = createWorkspace(p, K);
  }

  /**
   * Implements FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal) for the seed d ‖ z.
   */
  keyGenInternal(seed: Uint8Array): KeyPair {
    const { p, K, ws } = this;
    try {
      ws.seed.set(seed);
      kpkeKeyGen(p, K, ws);
      ws.dkEk.set(ws.ek); // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z
      K.sha3_256(ws.dkH, ws.ek);
      ws.dkZ.set(ws.z);
      return { publicKey: ws.ek.slice(), secretKey: ws.dk.slice(), seed: ws.seed.slice() };
    } finally {
      wipeWorkspace(ws);
    }
  }

  /**
   * Implements FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal) for an ek that passed §7.2.
   */
  encapsInternal(ek: Uint8Array, m: Uint8Array): Encapsulation {
    const { p, K, ws } = this;
    try {
      ws.ek.set(ek);
      ws.m.set(m);
      K.sha3_256(ws.h, ws.ek);
      K.sha3_512(ws.g, ws.m, ws.h); // (K, r) = G(m ‖ H(ek))
      kpkeEncrypt(p, K, ws, ws.ek, ws.m, ws.gHi, ws.c);
      return { ciphertext: ws.c.slice(), sharedSecret: ws.gLo.slice() };
    } finally {
      wipeWorkspace(ws);
    }
  }

  /**
   * Implements FIPS 203, Algorithm 18 (ML-KEM.Decaps_internal) for a dk that passed §7.3.
   * Note: the comparison of c and c' and the choice between K' and K̄ are constant time (ct.ts).
   */
  decapsInternal(c: Uint8Array, dk: Uint8Array): Uint8Array {
    const { p, K, ws } = this;
    try {
      ws.c.set(c);
      ws.dk.set(dk);
      kpkeDecrypt(p, K, ws, ws.dk, ws.c, ws.m); // m'
      K.sha3_512(ws.g, ws.m, ws.dkH); // (K', r') = G(m' ‖ h)
      K.shake256(ws.kBar, ws.dkZ, ws.c); // K̄ = J(z ‖ c)
      kpkeEncrypt(p, K, ws, ws.dkEk, ws.m, ws.gHi, ws.c2); // c' = K-PKE.Encrypt(ek, m', r')
      const differ = ctDiffMask(ws.c, 0, ws.c2, p.ciphertextBytes);
      ctSelect(ws.gLo, ws.gLo, ws.kBar, 0, differ, 32);
      return ws.gLo.slice();
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** The §7.2 modulus check of ek (Algorithm 20's input check), after its type and length. */
  checkPublicKey(ek: unknown, what: string): asserts ek is Uint8Array {
    const { p } = this;
    checkBytes(ek, p.publicKeyBytes, what);
    if (!this.K.isCanonical12(ek, 0, 384 * p.k)) {
      throw new MlKemError(
        'ERR_INVALID_PUBLIC_KEY',
        `${what} is not a valid ${p.name} encapsulation key: a 12-bit coefficient is not below q = 3329 (FIPS 203, §7.2)`,
      );
    }
  }

  /** The §7.3 hash check of dk: the stored H(ek) must equal SHA3-256 of the embedded ek. */
  checkSecretKey(dk: Uint8Array, what: string): void {
    const { p, K, ws } = this;
    try {
      ws.dk.set(dk);
      K.sha3_256(ws.h, ws.dkEk);
      if (ctDiffMask(ws.dk, 768 * p.k + 32, ws.h, 32) !== 0) {
        throw new MlKemError(
          'ERR_INVALID_SECRET_KEY',
          `${what} is not a valid ${p.name} decapsulation key: its stored H(ek) does not match its encapsulation key (FIPS 203, §7.3)`,
        );
      }
    } finally {
      wipeWorkspace(ws);
    }
  }
}

/** Builds the public, frozen ML-KEM object for a parameter set over a set of kernels. */
export function createMlKem(p: ParameterSet, kernels: Kernels): MlKem {
  let core: Core | undefined;
  const getCore = (): Core => (core ??= new Core(p, kernels)); // workspace allocated on first use
  const arg = (name: string) => `${p.name} ${name}`;

  return Object.freeze({
    name: p.name,
    sizes: Object.freeze({
      publicKey: p.publicKeyBytes,
      secretKey: p.secretKeyBytes,
      ciphertext: p.ciphertextBytes,
      sharedSecret: 32 as const,
      seed: 64 as const,
    }),

    keygen(seed?: Uint8Array): KeyPair {
      if (seed === undefined) {
        const fresh = randomBytes(64); // Algorithm 19: d and z from the RBG
        try {
          return getCore().keyGenInternal(fresh);
        } finally {
          fresh.fill(0);
        }
      }
      checkBytes(seed, 64, arg('seed'));
      return getCore().keyGenInternal(seed);
    },

    encapsulate(publicKey: Uint8Array): Encapsulation {
      const c: Core = getCore();
      c.checkPublicKey(publicKey, arg('publicKey'));
      const m = randomBytes(32); // Algorithm 20, line 1
      try {
        return c.encapsInternal(publicKey, m);
      } finally {
        m.fill(0);
      }
    },

    encapsulateInternal(publicKey: Uint8Array, m: Uint8Array): Encapsulation {
      const c: Core = getCore();
      c.checkPublicKey(publicKey, arg('publicKey'));
      checkBytes(m, 32, arg('m'));
      return c.encapsInternal(publicKey, m);
    },

    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array {
      const c = getCore();
      checkBytes(ciphertext, p.ciphertextBytes, arg('ciphertext'));
      checkBytes(secretKey, p.secretKeyBytes, arg('secretKey'));
      c.checkSecretKey(secretKey, arg('secretKey'));
      return c.decapsInternal(ciphertext, secretKey);
    },
  });
}
