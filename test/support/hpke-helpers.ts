// Shared by the HPKE tests: our HPKE KEMs over every backend, the draft's vectors, and the KDFs and
// AEADs of both HPKE libraries by their HPKE ids.
import { join } from 'node:path';

import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import * as Core from '@hpke/core';
import { AEAD_ChaCha20Poly1305 as NOBLE_CHACHA20 } from '@panva/hpke-noble';
import * as HPKE from 'hpke';

import {
  createHpkeKem,
  KDF_SHAKE128,
  KDF_SHAKE256,
  KDF_TurboSHAKE128,
  KDF_TurboSHAKE256,
  type HpkeKem,
} from '../../src/hpke/index.js';
import { createMLKEM1024_P384, createMLKEM768_P256, createXWing } from '../../src/hybrid/index.js';
import { type Backend, kemByName } from './backends.js';
import { readJson, vectorFolder } from './vectors.js';

/** Our six HPKE KEMs over a backend, by HPKE KEM id. */
export function hpkeKems(backend: Backend): Map<number, HpkeKem> {
  const [k768, k1024] = [kemByName(backend, 'ML-KEM-768'), kemByName(backend, 'ML-KEM-1024')];
  const hybrids = [createXWing(k768), createMLKEM768_P256(k768), createMLKEM1024_P384(k1024)];
  const kems = [...backend.kems.map(createHpkeKem), ...hybrids.map(createHpkeKem)];
  return new Map(kems.map((k) => [k.id, k]));
}

export interface HpkeVector {
  mode: number;
  kem_id: number;
  kdf_id: number;
  aead_id: number;
  info: string;
  ikmE: string;
  ikmR: string;
  skRm: string;
  pkRm: string;
  enc: string;
  shared_secret: string;
  suite_id: string;
  key: string;
  base_nonce: string;
  exporter_secret: string;
  encryptions: { aad: string; ct: string; nonce: string; pt: string }[];
  exports: { exporter_context: string; L: number; exported_value: string }[];
}

export const hpkeVectorDir = vectorFolder('hpke-pq');
export const hpkeVectors: HpkeVector[] =
  hpkeVectorDir === undefined ? [] : readJson(join(hpkeVectorDir, 'test-vectors.json'));

const webCryptoChaCha = (() => {
  const supports = (SubtleCrypto as unknown as { supports?: (op: string, alg: string) => boolean }).supports;
  return supports?.('encrypt', 'ChaCha20-Poly1305') ?? false;
})();

/** `hpke`'s KDF of an HPKE id: its HKDFs (Web Crypto), our one-stage SHA-3 KDFs. */
export const HPKE_KDFS: Record<number, HPKE.KDFFactory> = {
  1: HPKE.KDF_HKDF_SHA256,
  2: HPKE.KDF_HKDF_SHA384,
  3: HPKE.KDF_HKDF_SHA512,
  16: KDF_SHAKE128,
  17: KDF_SHAKE256,
  18: KDF_TurboSHAKE128,
  19: KDF_TurboSHAKE256,
};

/** `hpke`'s AEAD of an HPKE id; ChaCha20-Poly1305 from @panva/hpke-noble where Web Crypto lacks it (Node 20). */
export const HPKE_AEADS: Record<number, HPKE.AEADFactory> = {
  1: HPKE.AEAD_AES_128_GCM,
  2: HPKE.AEAD_AES_256_GCM,
  3: webCryptoChaCha ? HPKE.AEAD_ChaCha20Poly1305 : NOBLE_CHACHA20,
};

/** `@hpke/core`'s KDFs: the HKDFs only. It has no one-stage key schedule, so no SHAKE KDF can run in it. */
export const CORE_KDFS: Record<number, () => Core.KdfInterface> = {
  1: () => new Core.HkdfSha256(),
  2: () => new Core.HkdfSha384(),
  3: () => new Core.HkdfSha512(),
};

/** `@hpke/core`'s AEADs (ChaCha20-Poly1305 from its companion package). */
export const CORE_AEADS: Record<number, () => Core.AeadInterface> = {
  1: () => new Core.Aes128Gcm(),
  2: () => new Core.Aes256Gcm(),
  3: () => new Chacha20Poly1305(),
};

export const te = (s: string) => new TextEncoder().encode(s);

/**
 * A vector's ikmE as kem's encapsulation randomness (Nrandom bytes). For MLKEM768-P256 the draft's
 * vectors hold 128 bytes where the construction may read 160: m (32) and RandomScalar's four
 * 32-byte windows of P-256 group seed (draft-irtf-cfrg-concrete-hybrid-kems). The fourth window is
 * read only if the first three are all rejected; when the first is a valid scalar, as checked
 * here, zeros in its place change nothing (test/hybrid/vectors.test.ts does the same).
 */
export function encapRandomness(kem: HpkeKem, ikmE: Uint8Array): Uint8Array {
  if (ikmE.length === kem.Nrandom) return ikmE;
  const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
  const first = BigInt(`0x${Buffer.from(ikmE.subarray(32, 64)).toString('hex')}`);
  if (kem.id !== 0x50 || ikmE.length !== 128 || kem.Nrandom !== 160 || first === 0n || first >= P256_ORDER) {
    throw new Error(`${kem.name}: ikmE of ${ikmE.length} bytes for Nrandom ${kem.Nrandom}, unexpected`);
  }
  const padded = new Uint8Array(kem.Nrandom);
  padded.set(ikmE);
  return padded;
}
