// K-PKE.Encrypt and K-PKE.Decrypt (FIPS 203, Algorithms 14 and 15) as one call each: the steps
// of src/kpke.ts's kpkeEncrypt and kpkeDecrypt in the same order, through the same kernels, in
// the module's own scratch. A call from JavaScript costs more than several of these steps in a
// fresh process (about 100 ns until the engine's wrapper warms up), and the unfused sequence
// makes about 28 of them per encryption.
// The parameters other than k are those of FIPS 203, Table 2: eta1 = 3 for k = 2, else 2;
// eta2 = 2; (du, dv) = (11, 5) for k = 4, else (10, 4). k is public.
import { compressEncode, decodeDecompress, messageToPoly, polyToMessage } from './encode';
import { wipe } from './keccak';
import { invNtt, ntt, nttMultiplyAccumulate, polyAddReduce, polySubReduce } from './ntt';
import { sampleNoise } from './sample';

const POLY: usize = 512;
/** Scratch for k ≤ 4: y ‖ e1 ‖ e2 (2k + 1 polynomials), then u (k) and v (1); left zero. */
const SCRATCH: usize = memory.data(14 * <i32>POLY, 16);

/**
 * Implements FIPS 203, Algorithm 14 (K-PKE.Encrypt) from line 9 on, for k in {2, 3, 4}: the
 * message m (32 bytes) under randomness r (32 bytes) into the ciphertext at c, with Âᵀ ‖ t̂ at
 * aTtHat (k×k polynomials, row-major, then k). When jOut is not 0, also J(z ‖ jc) into jOut, as
 * sampleNoise computes it, jc being a ciphertext of this k.
 */
export function kpkeEncrypt(k: i32, aTtHat: usize, m: usize, r: usize, c: usize, jOut: usize, z: usize, jc: usize): void {
  const du = k == 4 ? 11 : 10, dv = k == 4 ? 5 : 4;
  const vec = <usize>k * POLY;
  const y = SCRATCH, e1 = y + vec, e2 = e1 + vec, u = e2 + POLY;
  sampleNoise(y, r, 2 * k + 1, k, k == 2 ? 3 : 2, 2, jOut, z, jc, 32 * (du * k + dv));
  for (let i: usize = 0; i < vec; i += POLY) ntt(y + i);
  // u[i] = NTT^-1(row i of Âᵀ ∘ ŷ) + e1[i]; then row k, t̂ᵀ: v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ.
  for (let i: usize = 0; i <= <usize>k; i++) {
    const ui = u + i * POLY; // u ‖ v, as e1 ‖ e2
    nttMultiplyAccumulate(ui, aTtHat + i * vec, y, k);
    invNtt(ui);
    polyAddReduce(ui, e1 + i * POLY);
    if (i == <usize>k) {
      messageToPoly(e2, m); // μ = Decompress_1(ByteDecode_1(m)), in e2's place
      polyAddReduce(ui, e2);
    }
    compressEncode(c + <usize>(32 * du) * i, ui, i < <usize>k ? du : dv);
  }
  wipe(SCRATCH, u + vec + POLY - SCRATCH);
}

/**
 * Implements FIPS 203, Algorithm 15 (K-PKE.Decrypt) for k in {2, 3, 4}: the message of the
 * ciphertext at c into m (32 bytes), with ŝ at sHat (k polynomials).
 */
export function kpkeDecrypt(k: i32, sHat: usize, c: usize, m: usize): void {
  const du = k == 4 ? 11 : 10, dv = k == 4 ? 5 : 4;
  const u = SCRATCH, w = u + <usize>k * POLY, product = w + POLY;
  for (let i: usize = 0; i < <usize>k; i++) {
    decodeDecompress(u + i * POLY, c + <usize>(32 * du) * i, du); // u'
    ntt(u + i * POLY);
  }
  decodeDecompress(w, c + <usize>(32 * du * k), dv); // v', then w in its place
  nttMultiplyAccumulate(product, sHat, u, k); // ŝᵀ ∘ NTT(u')
  invNtt(product);
  polySubReduce(w, product); // w = v' - NTT^-1(ŝᵀ ∘ NTT(u'))
  polyToMessage(m, w);
  wipe(SCRATCH, product + POLY - SCRATCH);
}
