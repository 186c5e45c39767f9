import type { ByteArray } from '../bytes.js';
// The one-stage KDFs of draft-ietf-hpke-pq, §5 (SHAKE128/256, TurboSHAKE128/256) on our SHA-3
// module, and LabeledDerive over them (draft-ietf-hpke-hpke, §4), which every KEM of the draft uses
// with SHAKE256 for DeriveKeyPair.
import { Sponge } from '../sha3.js';

/** A one-stage KDF of draft-ietf-hpke-pq, §5: its Keccak sponge parameters and Nh. */
export interface Xof {
  readonly id: number;
  readonly name: 'SHAKE128' | 'SHAKE256' | 'TurboSHAKE128' | 'TurboSHAKE256';
  /** Nh of the draft's Table "Single-Stage KDF IDs". */
  readonly Nh: number;
  /** Sponge rate in bytes: 168 for the 128-bit XOFs, 136 for the 256-bit ones. */
  readonly rate: number;
  /** Keccak-p rounds: 24 for SHAKE (FIPS 202), 12 for TurboSHAKE (RFC 9861). */
  readonly rounds: number;
}

export const SHAKE128: Xof = { id: 0x0010, name: 'SHAKE128', Nh: 32, rate: 168, rounds: 24 };
export const SHAKE256: Xof = { id: 0x0011, name: 'SHAKE256', Nh: 64, rate: 136, rounds: 24 };
export const TURBOSHAKE128: Xof = { id: 0x0012, name: 'TurboSHAKE128', Nh: 32, rate: 168, rounds: 12 };
export const TURBOSHAKE256: Xof = { id: 0x0013, name: 'TurboSHAKE256', Nh: 64, rate: 136, rounds: 12 };

/**
 * Implements draft-ietf-hpke-pq, §5, Derive(ikm, L) of a one-stage KDF: SHAKE<SIZE>(M = ikm, d = 8L),
 * or TurboSHAKE<SIZE>(M = ikm, D = 0x1f, L). The ikm may be given in parts (their concatenation).
 * Both pad with the byte 0x1f: SHAKE's domain bits 1111 then pad10*1's first 1 (FIPS 202 B.2),
 * TurboSHAKE's domain byte D (RFC 9861, §2.2).
 */
export function xofDerive(xof: Xof, L: number, ...ikm: Uint8Array[]): ByteArray {
  const sponge = new Sponge().init(xof.rate, 0x1f, xof.rounds);
  try {
    for (const part of ikm) sponge.absorb(part);
    const out = new Uint8Array(L);
    sponge.squeeze(out);
    return out;
  } finally {
    sponge.wipe();
  }
}

/** "HPKE-v1" in ASCII. */
const HPKE_V1 = /* @__PURE__ */ Uint8Array.of(0x48, 0x50, 0x4b, 0x45, 0x2d, 0x76, 0x31);

/** I2OSP(n, 2) (RFC 8017, §4.1) for 0 <= n < 2^16. */
function i2osp2(n: number): ByteArray {
  return Uint8Array.of(n >>> 8, n & 0xff);
}

/**
 * DeriveKeyPair's seed, as every KEM of draft-ietf-hpke-pq takes it (§3 for ML-KEM, §4 for the
 * hybrids): SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", Nseed). The caller wipes it.
 * LabeledDerive (draft-ietf-hpke-hpke, §4) of a one-stage KDF is Derive(ikm ‖ "HPKE-v1" ‖ suite_id
 * ‖ I2OSP(len(label), 2) ‖ label ‖ I2OSP(L, 2) ‖ context, L), here with the empty context and
 * suite_id = "KEM" ‖ I2OSP(kem_id, 2) (§4.1).
 */
export function deriveSeed(kemId: number, ikm: Uint8Array, seedBytes: number): ByteArray {
  const suiteId = Uint8Array.of(0x4b, 0x45, 0x4d, kemId >>> 8, kemId & 0xff);
  const label = new TextEncoder().encode('DeriveKeyPair');
  return xofDerive(SHAKE256, seedBytes, ikm, HPKE_V1, suiteId, i2osp2(label.length), label, i2osp2(seedBytes));
}
