// ML-KEM (FIPS 203, §6 and §7): the internal algorithms over K-PKE, the input checks of §7.2 and
// §7.3, and the public objects. One generic core serves every parameter set and backend.
import { ctDiffMask, ctSelect } from './ct.js';
import { MlKemError } from './errors.js';
import { checkBytes } from './args.js';
import type { Kernels } from './kernels.js';
import { kpkeDecrypt, kpkeEncrypt, kpkeKeyGen, sampleMatrixAndHashEk } from './kpke.js';
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

/**
 * The ML-KEM algorithms for one parameter set on one backend, in its preallocated workspace.
 * Note: randomness is drawn before the workspace is touched: getRandomValues is the one call out
 * to code that is not ours (it can be replaced), and it must not find the workspace half-used.
 */
class Core {
  private readonly ws: Workspace;

  constructor(
    readonly p: ParameterSet,
    readonly kern: Kernels,
  ) {
    this.ws = createWorkspace(p, kern);
  }

  /**
   * Implements FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal) for the seed d ‖ z, or
   * Algorithm 19 (ML-KEM.KeyGen) when no seed is given: d and z then come from the RBG.
   */
  keygen(seed: Uint8Array | undefined): KeyPair {
    const { p, kern, ws } = this;
    const fresh = seed === undefined ? randomBytes(64) : undefined;
    try {
      ws.seed.set(fresh ?? seed!);
      kpkeKeyGen(p, kern, ws);
      ws.dkEk.set(ws.ek); // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z
      kern.sha3_256(ws.dkH, ws.ek);
      ws.dkZ.set(ws.z);
      return { publicKey: ws.ek.slice(), secretKey: ws.dk.slice(), seed: ws.seed.slice() };
    } finally {
      wipeWorkspace(ws);
      fresh?.fill(0);
    }
  }

  /**
   * Implements FIPS 203, Algorithm 20 (ML-KEM.Encaps) — the §7.2 modulus check of ek, then m
   * from the RBG — or, when m is given, that check and Algorithm 17 (ML-KEM.Encaps_internal).
   * The type and length of each argument are checked by the caller.
   */
  encaps(ek: Uint8Array, m: Uint8Array | undefined, what: string): Encapsulation {
    const { p, kern, ws } = this;
    const fresh = m === undefined ? randomBytes(32) : undefined;
    try {
      ws.ek.set(ek);
      if (!kern.isCanonical12(ws.ek, 0, 384 * p.k)) {
        throw new MlKemError(
          'ERR_INVALID_PUBLIC_KEY',
          `${what} is not a valid ${p.name} encapsulation key: a 12-bit coefficient is not below q = 3329 (FIPS 203, §7.2)`,
        );
      }
      ws.m.set(fresh ?? m!);
      sampleMatrixAndHashEk(p, kern, ws, ws.ek, ws.h); // Âᵀ for K-PKE.Encrypt, and H(ek)
      kern.sha3_512(ws.g, ws.m, ws.h); // (K, r) = G(m ‖ H(ek))
      kpkeEncrypt(p, kern, ws, ws.ek, ws.m, ws.gHi, ws.c);
      return { ciphertext: ws.c.slice(), sharedSecret: ws.gLo.slice() };
    } finally {
      wipeWorkspace(ws);
      fresh?.fill(0);
    }
  }

  /**
   * Implements FIPS 203, Algorithm 21 (ML-KEM.Decaps): the §7.3 hash check of dk (the types and
   * lengths are checked by the caller), then Algorithm 18 (ML-KEM.Decaps_internal).
   * Note: the comparison of c and c' and the choice between K' and K̄ are constant time (ct.ts).
   */
  decaps(c: Uint8Array, dk: Uint8Array, what: string): Uint8Array {
    const { p, kern, ws } = this;
    try {
      ws.dk.set(dk);
      // §7.3: the stored H(ek) must equal SHA3-256 of the embedded ek; Âᵀ is for the re-encryption.
      sampleMatrixAndHashEk(p, kern, ws, ws.dkEk, ws.h);
      if (ctDiffMask(ws.dkH, 0, ws.h, 32) !== 0) {
        throw new MlKemError(
          'ERR_INVALID_SECRET_KEY',
          `${what} is not a valid ${p.name} decapsulation key: its stored H(ek) does not match its encapsulation key (FIPS 203, §7.3)`,
        );
      }
      ws.c.set(c);
      kpkeDecrypt(p, kern, ws, ws.dk, ws.c, ws.m); // m'
      kern.sha3_512(ws.g, ws.m, ws.dkH); // (K', r') = G(m' ‖ h)
      kern.shake256(ws.kBar, ws.dkZ, ws.c); // K̄ = J(z ‖ c)
      kpkeEncrypt(p, kern, ws, ws.dkEk, ws.m, ws.gHi, ws.c2); // c' = K-PKE.Encrypt(ek, m', r')
      const differ = ctDiffMask(ws.c, 0, ws.c2, p.ciphertextBytes);
      ctSelect(ws.gLo, ws.gLo, ws.kBar, 0, differ, 32);
      return ws.gLo.slice();
    } finally {
      wipeWorkspace(ws);
    }
  }
}

/** Builds the public, frozen ML-KEM object for a parameter set over a set of kernels. */
export function createMlKem(p: ParameterSet, kernels: Kernels): MlKem {
  let core: Core | undefined;
  const getCore = () => (core ??= new Core(p, kernels)); // workspace allocated on first use
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
      if (seed !== undefined) checkBytes(seed, 64, arg('seed'));
      return getCore().keygen(seed);
    },

    encapsulate(publicKey: Uint8Array): Encapsulation {
      checkBytes(publicKey, p.publicKeyBytes, arg('publicKey'));
      return getCore().encaps(publicKey, undefined, arg('publicKey'));
    },

    encapsulateInternal(publicKey: Uint8Array, m: Uint8Array): Encapsulation {
      checkBytes(publicKey, p.publicKeyBytes, arg('publicKey'));
      checkBytes(m, 32, arg('m'));
      return getCore().encaps(publicKey, m, arg('publicKey'));
    },

    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array {
      checkBytes(ciphertext, p.ciphertextBytes, arg('ciphertext'));
      checkBytes(secretKey, p.secretKeyBytes, arg('secretKey'));
      return getCore().decaps(ciphertext, secretKey, arg('secretKey'));
    },
  });
}
