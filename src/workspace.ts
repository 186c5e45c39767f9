// Preallocated working memory for one parameter set on one backend: every buffer an ML-KEM
// operation touches, allocated once from the backend, with the views the algorithm needs, so
// that no operation allocates except for the fresh arrays it returns.
import type { Kernels } from './kernels.js';
import type { ParameterSet } from './params.js';

function polys(vec: Int16Array, count: number): Int16Array[] {
  return Array.from({ length: count }, (_, i) => vec.subarray(256 * i, 256 * (i + 1)));
}

/** An Int32Array view of the same bytes (the kernels' buffers are 16-byte aligned). */
function words(bytes: Uint8Array): Int32Array {
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
}

/** The buffers and views of createWorkspace. */
export type Workspace = ReturnType<typeof createWorkspace>;

export function createWorkspace(p: ParameterSet, kernels: Kernels) {
  const k = p.k;
  // Â, t̂, ek and H(ek) side by side, as a key object keeps them: its copy is one slice.
  const aBytes = 512 * k * k;
  const expansion = kernels.alloc8(aBytes + 512 * k + p.publicKeyBytes + 32);
  const aAndT = new Int16Array(expansion.buffer, expansion.byteOffset, 256 * k * (k + 1));
  const a = aAndT.subarray(0, 256 * k * k);
  const t = aAndT.subarray(256 * k * k);
  const ek = expansion.subarray(aBytes + 512 * k, aBytes + 512 * k + p.publicKeyBytes);
  const noise = kernels.alloc16(256 * (2 * k + 1));
  const s = noise.subarray(0, 256 * k);
  const e = noise.subarray(256 * k, 512 * k);
  const spare = noise.subarray(512 * k);
  const u = kernels.alloc16(256 * k);
  const v = kernels.alloc16(256);
  const dk = kernels.alloc8(p.secretKeyBytes);
  const c = kernels.alloc8(p.ciphertextBytes);
  const c2 = kernels.alloc8(p.ciphertextBytes);
  const seed = kernels.alloc8(64);
  const m = kernels.alloc8(32);
  const g = kernels.alloc8(64);
  const kBar = kernels.alloc8(32);
  const h = expansion.subarray(-32);
  const kByte = kernels.alloc8(1);
  kByte[0] = k;
  const dkZ = dk.subarray(768 * k + 64);
  return {
    /** Â ‖ t̂ ‖ ek ‖ H(ek): the views a, t, ek and h of one block (a key object's expansion). */
    expansion,
    /** a ‖ t: in encryption Âᵀ ‖ t̂, the k + 1 rows whose products with ŷ are u and v. */
    aAndT,
    /** The matrix Â (or its transpose), row-major, 256 coefficients an entry; row i is aRows[i]. */
    a,
    aRows: Array.from({ length: k }, (_, i) => a.subarray(256 * k * i, 256 * k * (i + 1))),
    /** Vectors of k polynomials (ŝ or ŷ; ê or e1; t̂; u) and their polynomial views. */
    s,
    sPoly: polys(s, k),
    ePoly: polys(e, k),
    t,
    tPoly: polys(t, k),
    u,
    uPoly: polys(u, k),
    /** Single polynomials: v (in decryption v', then w), and a spare one (e2, μ, or NTT^-1(ŝᵀ ∘ NTT(u'))). */
    v,
    spare,
    /**
     * s ‖ e ‖ spare, contiguous, so that the noise polynomials are sampled in one call (a backend
     * hashes independent PRF streams side by side): s ‖ e in key generation, and y ‖ e1 ‖ e2 in
     * encryption.
     */
    noise,
    sWithE: noise.subarray(0, 512 * k),
    /** ek; dk with views of its parts (dk_PKE ‖ ek ‖ H(ek) ‖ z); c and the re-encryption c'. */
    ek,
    dk,
    dkEk: dk.subarray(384 * k, 768 * k + 32),
    dkH: dk.subarray(768 * k + 32, 768 * k + 64),
    dkZ,
    c,
    c2,
    /** c and c' as 32-bit words (ciphertext lengths are multiples of 32), for their comparison. */
    cWords: words(c),
    c2Words: words(c2),
    /** d ‖ z and its halves; the message m; G's output and halves (ρ ‖ σ or K ‖ r); J's output; H(ek). */
    seed,
    d: seed.subarray(0, 32),
    z: seed.subarray(32, 64),
    m,
    g,
    gLo: g.subarray(0, 32),
    gHi: g.subarray(32, 64),
    kBar,
    h,
    /** The single byte k, appended to d in G(d ‖ k). */
    kByte,
    /** J(z ‖ c) of decapsulation: K̄ = J(dk's z ‖ c) into kBar. */
    rejection: Object.freeze({ out: kBar, z: dkZ, c }),
    /**
     * The buffers that may hold secrets, for wiping: all but Â, t̂, ek, c and H(ek), which are
     * public (c is the caller's ciphertext or the one returned; c', derived from m', is wiped).
     */
    secrets: [noise, u, v, dk, c2, seed, m, g, kBar],
  } as const;
}

/** Zeroes every buffer that may hold secrets. */
export function wipeWorkspace(ws: Workspace): void {
  for (const buf of ws.secrets) buf.fill(0);
}
