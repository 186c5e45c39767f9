// Sampling (FIPS 203, §4.2.2): the public matrix from SHAKE128 and the secret noise from SHAKE256.
/** q, declared here and not exported, for speed (see ntt.ts). */
const Q = 3329;
import { Sponge } from './keccak.js';

const SHAKE128_RATE = 168;
const SHAKE256_RATE = 136;
const SHAKE_SUFFIX = 0x1f;

interface Scratch {
  sponge: Sponge;
  block: Uint8Array; // one SHAKE128 block, or the 64·η bytes of PRF output
  suffix: Uint8Array; // the one or two bytes appended to a seed
}
let scratch: Scratch | undefined;

function getScratch(): Scratch {
  return (scratch ??= { sponge: new Sponge(), block: new Uint8Array(192), suffix: new Uint8Array(2) });
}

/**
 * Implements FIPS 203, Algorithm 7 (SampleNTT) on XOF(rho ‖ b0 ‖ b1): rejection sampling of a
 * uniform polynomial in the NTT domain, coefficients in [0, q).
 * Note: the XOF is read one 168-byte block at a time instead of 3 bytes at a time; as 168 is a
 * multiple of 3, the candidates and their order are the same. The data are public (derived from
 * rho), which is why this loop may depend on them.
 */
export function sampleNtt(out: Int16Array, rho: Uint8Array, b0: number, b1: number): void {
  const { sponge, block, suffix } = getScratch();
  suffix[0] = b0;
  suffix[1] = b1;
  sponge.init(SHAKE128_RATE, SHAKE_SUFFIX).absorb(rho, 0, 32).absorb(suffix, 0, 2);
  let j = 0;
  while (j < 256) {
    sponge.squeeze(block, 0, SHAKE128_RATE);
    let pos = 0;
    // While two more coefficients fit, store both candidates and advance j past the accepted
    // ones: (d - q) >>> 31 is 1 exactly when d < q. This avoids a mispredicted branch per candidate.
    for (; pos < SHAKE128_RATE && j < 255; pos += 3) {
      const c1 = block[pos + 1]!;
      const d1 = block[pos]! | ((c1 & 15) << 8);
      const d2 = (c1 >> 4) | (block[pos + 2]! << 4);
      out[j] = d1;
      j += (d1 - Q) >>> 31;
      out[j] = d2;
      j += (d2 - Q) >>> 31;
    }
    for (; pos < SHAKE128_RATE && j < 256; pos += 3) {
      const c1 = block[pos + 1]!;
      const d1 = block[pos]! | ((c1 & 15) << 8);
      const d2 = (c1 >> 4) | (block[pos + 2]! << 4);
      if (d1 < Q) out[j++] = d1;
      if (d2 < Q && j < 256) out[j++] = d2;
    }
  }
}

/**
 * Implements FIPS 203, Algorithm 8 (SamplePolyCBD_eta) applied to PRF_eta(sigma, nonce)
 * (§4.1, eq. 4.3: SHAKE256(sigma ‖ nonce) truncated to 64·eta bytes). Output in [-eta, eta].
 * Note: the bits are summed in parallel inside 32-bit words (eta 2: 4 bytes give 8 coefficients;
 * eta 3: 3 bytes give 4), which adds the same bits as the algorithm's inner loops.
 */
export function samplePolyCbd(out: Int16Array, sigma: Uint8Array, nonce: number, eta: 2 | 3): void {
  const { sponge, block, suffix } = getScratch();
  suffix[0] = nonce;
  sponge.init(SHAKE256_RATE, SHAKE_SUFFIX).absorb(sigma, 0, 32).absorb(suffix, 0, 1);
  sponge.squeeze(block, 0, 64 * eta);
  if (eta === 2) {
    for (let i = 0, o = 0; i < 128; i += 4, o += 8) {
      const t = block[i]! | (block[i + 1]! << 8) | (block[i + 2]! << 16) | (block[i + 3]! << 24);
      const s = (t & 0x55555555) + ((t >>> 1) & 0x55555555); // eight pairs of 2-bit sums
      out[o] = (s & 3) - ((s >>> 2) & 3);
      out[o + 1] = ((s >>> 4) & 3) - ((s >>> 6) & 3);
      out[o + 2] = ((s >>> 8) & 3) - ((s >>> 10) & 3);
      out[o + 3] = ((s >>> 12) & 3) - ((s >>> 14) & 3);
      out[o + 4] = ((s >>> 16) & 3) - ((s >>> 18) & 3);
      out[o + 5] = ((s >>> 20) & 3) - ((s >>> 22) & 3);
      out[o + 6] = ((s >>> 24) & 3) - ((s >>> 26) & 3);
      out[o + 7] = ((s >>> 28) & 3) - (s >>> 30);
    }
  } else {
    for (let i = 0, o = 0; i < 192; i += 3, o += 4) {
      const t = block[i]! | (block[i + 1]! << 8) | (block[i + 2]! << 16);
      const s = (t & 0x249249) + ((t >>> 1) & 0x249249) + ((t >>> 2) & 0x249249); // 3-bit sums
      out[o] = (s & 7) - ((s >>> 3) & 7);
      out[o + 1] = ((s >>> 6) & 7) - ((s >>> 9) & 7);
      out[o + 2] = ((s >>> 12) & 7) - ((s >>> 15) & 7);
      out[o + 3] = ((s >>> 18) & 7) - (s >>> 21);
    }
  }
  block.fill(0);
  sponge.wipe();
}
