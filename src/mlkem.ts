// ML-KEM (FIPS 203, §6 and §7) for one parameter set on one backend: the internal algorithms over
// K-PKE, the input checks of §7.2 and §7.3, and the expansions that key objects cache. Every
// operation runs in one preallocated workspace and wipes its secrets before it returns.
//
// Callers (kem.ts) have checked the types and lengths of the arguments and hand over arrays that
// nothing outside the library can change during the call: private copies where the call draws
// randomness first, the caller's arrays otherwise (read once, through readBytes).
import { type ByteArray, readBytes } from './bytes.js';
import { ctDiffMask, ctSelect } from './ct.js';
import { MlKemError } from './errors.js';
import type { Kernels } from './kernels.js';
import { decodeVector, kpkeDecrypt, kpkeEncrypt, kpkeKeyGen, sampleMatrixAndHashEk, transposeMatrix } from './kpke.js';
import type { ParameterSet } from './params.js';
import { type Workspace, createWorkspace, wipeWorkspace } from './workspace.js';

/** A key pair, as `MlKem.keygen` returns it. */
export interface KeyPair {
  /** The encapsulation key ek. */
  publicKey: ByteArray;
  /** The decapsulation key dk (the expanded form, 768k + 96 bytes). */
  secretKey: ByteArray;
  /** The 64-byte seed d ‖ z that dk was derived from: the compact form of the same secret. */
  seed: ByteArray;
}

/** What encapsulation returns: the ciphertext for the key's owner and the shared secret. */
export interface Encapsulation {
  /** The ciphertext c, to send to the owner of the decapsulation key. */
  ciphertext: ByteArray;
  /** The 32-byte shared secret K. */
  sharedSecret: ByteArray;
}

/** What encapsulation needs of a checked ek besides m, computed once: all public. */
export interface EkExpansion {
  readonly ek: ByteArray;
  /** Âᵀ in the NTT domain, k×k polynomials, row-major (Algorithm 14, lines 4-8). */
  readonly aT: Int16Array;
  /** t̂ = ByteDecode_12(ek[0, 384k)) (Algorithm 14, line 2). */
  readonly tHat: Int16Array;
  /** H(ek). */
  readonly h: ByteArray;
}

/** What decapsulation needs of a checked dk, computed once. Secret: wiped by the key's dispose. */
export interface DkExpansion {
  readonly ek: EkExpansion;
  /** dk = dk_PKE ‖ ek ‖ H(ek) ‖ z. */
  readonly dk: ByteArray;
  /** ŝ = ByteDecode_12(dk_PKE) (Algorithm 15, line 5). */
  readonly sHat: Int16Array;
  /** The seed d ‖ z, when the key was made from it. */
  readonly seed: ByteArray | undefined;
}

/** The ways an imported decapsulation key can fail its checks (checkSecretKey). */
const SECRET_KEY_FAULTS = {
  hash: 'its stored H(ek) does not match its encapsulation key (FIPS 203, §7.3)',
  ek: 'its embedded encapsulation key has a 12-bit coefficient that is not below q = 3329 (FIPS 203, §7.2)',
  sHat: 'its secret vector ŝ has a 12-bit coefficient that is not below q = 3329, so it is not ByteEncode_12 of any key',
} as const;

/**
 * FIPS 203, Algorithm 16, line 3: dk = dk_PKE ‖ ek ‖ H(ek) ‖ z in ws.dk, from K-PKE's dk_PKE
 * (already in ws.dk) and ek (ws.ek), and z (ws.z).
 */
export function assembleDk(kern: Kernels, ws: Workspace): void {
  ws.dkEk.set(ws.ek);
  kern.sha3_256(ws.dkH, ws.ek);
  ws.dkZ.set(ws.z);
}

/**
 * A copy of ek, Âᵀ (ws.a itself, or its transpose when `transpose`), t̂ and H(ek) from the
 * workspace, as views of one fresh buffer: one slice of the block that holds them side by side
 * (a fresh array's backing store costs about as much as the copy into it). All public: none is wiped.
 */
function copyEkExpansion(p: ParameterSet, ws: Workspace, transpose: boolean): EkExpansion {
  const aBytes = 512 * p.k * p.k;
  const ekAt = aBytes + 512 * p.k;
  const { buffer } = ws.expansion.slice();
  const x = {
    ek: new Uint8Array(buffer, ekAt, p.publicKeyBytes),
    aT: new Int16Array(buffer, 0, aBytes >> 1),
    tHat: new Int16Array(buffer, aBytes, 256 * p.k),
    h: new Uint8Array(buffer, ekAt + p.publicKeyBytes, 32),
  };
  if (transpose) transposeMatrix(p.k, x.aT, ws.a);
  return x;
}

export class Core {
  private readonly ws: Workspace;

  constructor(
    readonly p: ParameterSet,
    readonly kern: Kernels,
  ) {
    this.ws = createWorkspace(p, kern);
  }

  /**
   * Implements FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal) for the 64-byte seed d ‖ z (the
   * caller's, or fresh from the RBG for Algorithm 19).
   */
  keygen(seed: Uint8Array): KeyPair {
    const { ws } = this;
    try {
      this.keygenInWorkspace(seed);
      return { publicKey: ws.ek.slice(), secretKey: ws.dk.slice(), seed: ws.seed.slice() };
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** Algorithm 16 into the workspace: ek in ws.ek, dk in ws.dk, Â in ws.a. */
  private keygenInWorkspace(seed: Uint8Array): void {
    const { p, kern, ws } = this;
    readBytes(ws.seed, seed);
    kpkeKeyGen(p, kern, ws);
    assembleDk(kern, ws);
  }

  /** ek into ws.ek and its §7.2 modulus check (encapsulation key check 2), throwing ERR_INVALID_PUBLIC_KEY. */
  checkPublicKey(ek: Uint8Array, what: string): void {
    const { p, kern, ws } = this;
    readBytes(ws.ek, ek);
    if (!kern.isCanonical12(ws.ek, 0, 384 * p.k)) {
      throw new MlKemError(
        'ERR_INVALID_PUBLIC_KEY',
        `${what} is not a valid ${p.name} encapsulation key: a 12-bit coefficient is not below q = 3329 (FIPS 203, §7.2)`,
      );
    }
  }

  /**
   * Implements FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal) after the §7.2 check of ek, for
   * the 32-byte m (the caller's, or fresh from the RBG for Algorithm 20).
   */
  encaps(ek: Uint8Array, m: Uint8Array, what: string): Encapsulation {
    const { p, kern, ws } = this;
    try {
      this.checkPublicKey(ek, what);
      sampleMatrixAndHashEk(p, kern, ws, ws.ek, ws.h); // Âᵀ for K-PKE.Encrypt, and H(ek)
      decodeVector(p, kern, ws.tPoly, ws.ek, 0); // t̂
      return this.encryptAndDerive(m);
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** Algorithm 17 for an expanded ek: its Âᵀ, t̂ and H(ek) are copied in instead of computed. */
  encapsExpanded(x: EkExpansion, m: Uint8Array): Encapsulation {
    const { ws } = this;
    try {
      ws.a.set(x.aT);
      ws.t.set(x.tHat);
      ws.h.set(x.h);
      return this.encryptAndDerive(m);
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** Algorithm 17, lines 2-3, with Âᵀ, t̂ and H(ek) in the workspace. */
  private encryptAndDerive(m: Uint8Array): Encapsulation {
    const { p, kern, ws } = this;
    readBytes(ws.m, m);
    kern.sha3_512(ws.g, ws.m, ws.h); // (K, r) = G(m ‖ H(ek))
    kpkeEncrypt(p, kern, ws, ws.m, ws.gHi, ws.c);
    return { ciphertext: ws.c.slice(), sharedSecret: ws.gLo.slice() };
  }

  /**
   * Implements FIPS 203, Algorithm 21 (ML-KEM.Decaps): the §7.3 hash check of dk (its type and
   * length, and the ciphertext's, are checked by the caller), then Algorithm 18
   * (ML-KEM.Decaps_internal).
   */
  decaps(c: Uint8Array, dk: Uint8Array, what: string): ByteArray {
    const { p, kern, ws } = this;
    try {
      readBytes(ws.dk, dk);
      // FIPS 203, §7.3: the stored H(ek) must equal SHA3-256 of the embedded ek; Âᵀ is for the re-encryption.
      sampleMatrixAndHashEk(p, kern, ws, ws.dkEk, ws.h);
      if (ctDiffMask(ws.dkH, ws.h, 32) !== 0) this.secretKeyFault(what, 'hash');
      decodeVector(p, kern, ws.tPoly, ws.dkEk, 0); // t̂, for the re-encryption
      decodeVector(p, kern, ws.sPoly, ws.dk, 0); // ŝ
      readBytes(ws.c, c);
      return this.decryptAndSelect();
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** Algorithm 18 for an expanded dk: its Âᵀ, t̂, ŝ, H(ek) and z are copied in. */
  decapsExpanded(x: DkExpansion, c: Uint8Array): ByteArray {
    const { ws } = this;
    try {
      ws.a.set(x.ek.aT);
      ws.t.set(x.ek.tHat);
      ws.s.set(x.sHat);
      ws.dk.set(x.dk); // H(ek) and z are read from their views ws.dkH and ws.dkZ
      readBytes(ws.c, c);
      return this.decryptAndSelect();
    } finally {
      wipeWorkspace(ws);
    }
  }

  /**
   * Implements FIPS 203, Algorithm 18 (ML-KEM.Decaps_internal), lines 4-11, with c in ws.c,
   * ŝ in ws.s, Âᵀ and t̂ of the embedded ek in ws.a and ws.t, and H(ek), z in dk's views.
   * Note: the comparison of c and c' and the choice between K' and K̄ are constant time (ct.ts).
   */
  private decryptAndSelect(): ByteArray {
    const { p, kern, ws } = this;
    kpkeDecrypt(p, kern, ws, ws.c, ws.m); // m'
    kern.sha3_512(ws.g, ws.m, ws.dkH); // (K', r') = G(m' ‖ h)
    kpkeEncrypt(p, kern, ws, ws.m, ws.gHi, ws.c2, ws.rejection); // c' = K-PKE.Encrypt(ek, m', r'), and K̄ = J(z ‖ c)
    const differ = ctDiffMask(ws.cWords, ws.c2Words, p.ciphertextBytes >> 2);
    ctSelect(ws.gLo, ws.gLo, ws.kBar, differ, 32);
    return ws.gLo.slice();
  }

  /**
   * The checks of an imported decapsulation key, throwing ERR_INVALID_SECRET_KEY: the §7.3 hash
   * check, the §7.2 modulus check of its embedded ek, and that ŝ is canonical (every 12-bit value
   * below q, as ByteEncode_12 writes it; checked in constant time). FIPS 203 requires only the
   * first before decapsulation; the others refuse keys that no key generation can produce.
   */
  checkSecretKey(dk: Uint8Array, what: string): void {
    const { kern, ws } = this;
    try {
      readBytes(ws.dk, dk);
      kern.sha3_256(ws.h, ws.dkEk);
      this.checkLoadedSecretKey(what);
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** checkSecretKey's checks of the dk in ws.dk, with the H(ek) computed from it in ws.h. */
  private checkLoadedSecretKey(what: string): void {
    const { p, kern, ws } = this;
    if (ctDiffMask(ws.dkH, ws.h, 32) !== 0) this.secretKeyFault(what, 'hash');
    if (!kern.isCanonical12(ws.dk, 384 * p.k, 384 * p.k)) this.secretKeyFault(what, 'ek');
    if (!kern.isCanonical12(ws.dk, 0, 384 * p.k)) this.secretKeyFault(what, 'sHat');
  }

  /**
   * Expands a checked ek (the §7.2 check is here): Âᵀ, t̂ and H(ek), sampled and hashed once.
   * Nothing secret enters the workspace, so there is nothing to wipe.
   */
  expandPublicKey(ek: Uint8Array, what: string): EkExpansion {
    const { p, kern, ws } = this;
    this.checkPublicKey(ek, what);
    sampleMatrixAndHashEk(p, kern, ws, ws.ek, ws.h);
    decodeVector(p, kern, ws.tPoly, ws.ek, 0);
    return copyEkExpansion(p, ws, false);
  }

  /** Expands a key from its 64-byte seed (Algorithm 16), keeping key generation's Â as Âᵀ. */
  expandSeed(seed: Uint8Array): DkExpansion {
    const { p, kern, ws } = this;
    try {
      this.keygenInWorkspace(seed);
      decodeVector(p, kern, ws.tPoly, ws.ek, 0);
      decodeVector(p, kern, ws.sPoly, ws.dk, 0);
      ws.h.set(ws.dkH);
      const ek = copyEkExpansion(p, ws, true);
      return { ek, dk: ws.dk.slice(), sHat: ws.s.slice(), seed: ws.seed.slice() };
    } finally {
      wipeWorkspace(ws);
    }
  }

  /** Expands an expanded dk after the checks of checkSecretKey. */
  expandSecretKey(dk: Uint8Array, what: string): DkExpansion {
    const { p, kern, ws } = this;
    try {
      readBytes(ws.dk, dk);
      sampleMatrixAndHashEk(p, kern, ws, ws.dkEk, ws.h);
      this.checkLoadedSecretKey(what);
      decodeVector(p, kern, ws.tPoly, ws.dkEk, 0);
      decodeVector(p, kern, ws.sPoly, ws.dk, 0);
      ws.ek.set(ws.dkEk);
      const ek = copyEkExpansion(p, ws, false);
      return { ek, dk: ws.dk.slice(), sHat: ws.s.slice(), seed: undefined };
    } finally {
      wipeWorkspace(ws);
    }
  }

  private secretKeyFault(what: string, fault: keyof typeof SECRET_KEY_FAULTS): never {
    throw new MlKemError(
      'ERR_INVALID_SECRET_KEY',
      `${what} is not a valid ${this.p.name} decapsulation key: ${SECRET_KEY_FAULTS[fault]}`,
    );
  }
}
