// What the checker runs through the real glue (src/wasm/index.ts, kernels.ts, instance.ts, the
// key objects, loaded-backend.ts): at each ML-KEM level keygen (from a seed and fresh),
// encapsulation (internal and fresh), decapsulation of valid and tampered ciphertexts, the key
// checks (valid and invalid keys), both key objects (from a seed and from an expanded key, with
// its pairwise check); X25519 and its fixed base on edge and random scalars and points; and a
// share of the fuzzer's core and X25519 targets. Each operation tells the session what it holds
// secret and what is public (track.ts), and its results are compared with the portable backend
// or OpenSSL.
import { createHash } from 'node:crypto';

import * as portable from '../../src/index.js';
import { type MlKem, MlKemError } from '../../src/index.js';
import { createMlKem } from '../../src/kem.js';
import { loadedX25519 } from '../../src/loaded-backend.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../../src/params.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { wasmKernels } from '../../src/wasm/kernels.js';
import { opensslX25519 } from '../fuzz/openssl-x25519.js';
import { Rng } from '../fuzz/prng.js';
import type { Session } from './track.js';

const LEVELS = ['MlKem512', 'MlKem768', 'MlKem1024'] as const;
const P = 2n ** 255n - 19n;
const le = (v: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const sha3 = (b: Uint8Array) => new Uint8Array(createHash('sha3-256').update(b).digest());

function same(what: string, a: Uint8Array, b: Uint8Array): void {
  if (hex(a) !== hex(b)) throw new Error(`ct-wasm: ${what}: the interpreted module and the reference disagree`);
}

/** The code of the MlKemError fn throws, or 'ok'. */
function outcome(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (err) {
    if (err instanceof MlKemError) return err.code;
    throw err;
  }
}

/**
 * The kernel seam's calls that no ML-KEM operation makes (src/wasm/kernels.ts over a new
 * instance): the hashes on secret inputs of many lengths (every absorb path), the modulus
 * check's tail (a length that is not a multiple of 48), on secret bytes, and K-PKE's unfused
 * sequence (src/kpke.ts, the portable backend's, one export per polynomial step) with secret m,
 * r, ŝ and z, which the backend itself replaces by its fused kpkeEncrypt and kpkeDecrypt.
 */
export function runKernels(session: Session, wasmBytes: Uint8Array, seed: number): number {
  const kern = wasmKernels(instantiate(compileSync(wasmBytes)));
  const r = new Rng(seed, 3);
  const hash = createHash;
  let ops = 0;
  for (const [aLen, bLen] of [
    [0, 0],
    [32, 0],
    [32, 1088],
    [135, 1],
    [136, 136],
    [200, 333],
  ] as const) {
    const a = kern.alloc8(aLen),
      b = kern.alloc8(bLen);
    a.set(r.bytes(aLen));
    b.set(r.bytes(bLen));
    const h32 = kern.alloc8(32),
      h64 = kern.alloc8(64);
    session.operation(`kernels: SHA3-256, SHA3-512 of ${aLen} + ${bLen} secret bytes`, [a, b]);
    kern.sha3_256(h32, b);
    kern.sha3_512(h64, a, b);
    const ab = Buffer.concat([a, b]);
    same('SHA3-256', h32, hash('sha3-256').update(b).digest());
    same('SHA3-512', h64, hash('sha3-512').update(ab).digest());
    ops += 2;
  }
  for (const len of [3, 51, 93, 384 + 45]) {
    const src = kern.alloc8(len);
    src.set(r.bytes(len).map((x, i) => (i % 3 === 1 ? x & 0x7f : x))); // 12-bit values mostly below q
    session.operation(`kernels: isCanonical12 of ${len} secret bytes`, [src]);
    kern.isCanonical12(src, 0, len);
    ops++;
  }
  const { kpkeEncrypt: _encrypt, kpkeDecrypt: _decrypt, ...unfused } = kern;
  for (const [i, p] of [ML_KEM_512, ML_KEM_768, ML_KEM_1024].entries()) {
    const [kem, ref] = [createMlKem(p, unfused), portable[LEVELS[i]!]];
    const seed64 = r.bytes(64);
    const { publicKey: ek, secretKey: dk } = ref.keygen(seed64);
    const [sHat, z, h, m] = [dk.subarray(0, 384 * p.k), seed64.subarray(32), sha3(ek), r.bytes(32)];
    session.operation(`${p.name} unfused: encapsulateInternal`, [m], [ek, h]);
    const c = kem.encapsulateInternal(ek, m).ciphertext;
    same(`${p.name} unfused encapsulateInternal`, c, ref.encapsulateInternal(ek, m).ciphertext);
    const tampered = c.slice();
    tampered[c.length >> 1]! ^= 4;
    for (const ct of [c, tampered]) {
      session.operation(`${p.name} unfused: decapsulate`, [sHat, z], [ct, ek, h]);
      same(`${p.name} unfused decapsulate`, kem.decapsulate(ct, dk), ref.decapsulate(ct, dk));
    }
    ops += 3;
  }
  return ops;
}

/** The ML-KEM operations at each level, `rounds` times with fresh random inputs. */
export function runMlKem(session: Session, wasmBytes: Uint8Array, rounds: number, seed: number): number {
  const backend = loadWasmSync(wasmBytes);
  const r = new Rng(seed, 1);
  let ops = 0;
  for (let round = 0; round < rounds; round++) {
    for (const level of LEVELS) {
      const kem: MlKem = backend[level];
      const ref: MlKem = portable[level];
      const k = { MlKem512: 2, MlKem768: 3, MlKem1024: 4 }[level];
      const name = `${kem.name} round ${round}`;
      const seed64 = r.bytes(64);
      const [d, z] = [seed64.subarray(0, 32), seed64.subarray(32)];
      session.operation(`${name}: keygen(seed)`, [d, z]);
      const kp = kem.keygen(seed64);
      same(`${name} keygen`, kp.secretKey, ref.keygen(seed64).secretKey);
      const ek = kp.publicKey,
        dk = kp.secretKey;
      const sHat = dk.subarray(0, 384 * k);
      const h = sha3(ek);
      session.operation(`${name}: keygen()`);
      kem.keygen();

      const m = r.bytes(32);
      session.operation(`${name}: encapsulateInternal`, [m], [ek, h]);
      const enc = kem.encapsulateInternal(ek, m);
      const encRef = ref.encapsulateInternal(ek, m);
      same(`${name} encapsulateInternal`, enc.ciphertext, encRef.ciphertext);
      same(`${name} encapsulateInternal`, enc.sharedSecret, encRef.sharedSecret);
      const c = enc.ciphertext;
      session.operation(`${name}: encapsulate`, [], [ek, h]);
      const fresh = kem.encapsulate(ek);

      const decaps = (what: string, ct: Uint8Array) => {
        session.operation(`${name}: decapsulate ${what}`, [sHat, z], [ct, ek, h]);
        same(`${name} decapsulate ${what}`, kem.decapsulate(ct, dk), ref.decapsulate(ct, dk));
      };
      decaps('valid', c);
      decaps('valid (fresh)', fresh.ciphertext);
      // tampered: one bit of the first, a middle and the last byte, and a random ciphertext
      for (const at of [0, c.length >> 1, c.length - 1]) {
        const t = c.slice();
        t[at]! ^= 1 << r.int(8);
        decaps(`tampered at ${at}`, t);
      }
      decaps('random', r.bytes(c.length));

      session.operation(`${name}: checkPublicKey`, [], [ek]);
      kem.checkPublicKey(ek);
      session.operation(`${name}: checkSecretKey`, [sHat, z], [ek, h]);
      kem.checkSecretKey(dk);
      const badEk = ek.slice();
      badEk[1] = 0xff; // the first coefficient's top bits: 0xfff >= q
      badEk[0] = 0xff;
      session.operation(`${name}: checkPublicKey (invalid)`, [], [badEk]);
      same(
        `${name} invalid ek`,
        Buffer.from(outcome(() => kem.checkPublicKey(badEk))),
        Buffer.from('ERR_INVALID_PUBLIC_KEY'),
      );
      const badDk = dk.slice();
      badDk[768 * k + 32]! ^= 1; // H(ek) no longer matches
      session.operation(`${name}: checkSecretKey (invalid)`, [sHat, z], [ek]);
      same(
        `${name} invalid dk`,
        Buffer.from(outcome(() => kem.checkSecretKey(badDk))),
        Buffer.from('ERR_INVALID_SECRET_KEY'),
      );

      session.operation(`${name}: encapsulationKey`, [], [ek, h]);
      const ekObj = kem.encapsulationKey(ek);
      const m2 = r.bytes(32);
      session.operation(`${name}: encapsulationKey.encapsulateInternal`, [m2], [ek, h]);
      same(`${name} key object`, ekObj.encapsulateInternal(m2).ciphertext, ref.encapsulateInternal(ek, m2).ciphertext);
      session.operation(`${name}: encapsulationKey.encapsulate`, [], [ek, h]);
      ekObj.encapsulate();

      session.operation(`${name}: decapsulationKey(seed)`, [d, z, sHat], [ek, h]);
      const dkSeed = kem.decapsulationKey(seed64);
      session.operation(`${name}: decapsulationKey(seed).decapsulate`, [sHat, z], [c, ek, h]);
      same(`${name} key object`, dkSeed.decapsulate(c), enc.sharedSecret);
      const t = c.slice();
      t[5]! ^= 0x10;
      session.operation(`${name}: decapsulationKey(seed).decapsulate tampered`, [sHat, z], [t, ek, h]);
      same(`${name} key object tampered`, dkSeed.decapsulate(t), ref.decapsulate(t, dk));
      session.operation(`${name}: decapsulationKey(seed).encapsulationKey.encapsulate`, [], [ek, h]);
      dkSeed.encapsulationKey.encapsulate();
      dkSeed.dispose();
      session.operation(`${name}: decapsulationKey(dk) with pairwise check`, [sHat, z], [ek, h]);
      const dkExp = kem.decapsulationKey(dk);
      session.operation(`${name}: decapsulationKey(dk).decapsulate`, [sHat, z], [c, ek, h]);
      same(`${name} key object`, dkExp.decapsulate(c), enc.sharedSecret);
      dkExp.dispose();
      ops += 25;
    }
  }
  return ops;
}

const EDGE_U = [
  0n,
  1n,
  9n,
  P - 1n,
  P,
  P + 1n,
  2n ** 255n - 1n,
  // points of small order (RFC 7748, §7; Bernstein's list)
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
].map(le);
const EDGE_K = [new Uint8Array(32), new Uint8Array(32).fill(0xff), le(1n), le(2n ** 254n)];

/** X25519 and its fixed base, through the function the glue offers for a new instance, against OpenSSL. */
export function runX25519(session: Session, wasmBytes: Uint8Array, random: number, seed: number): number {
  loadWasmSync(wasmBytes);
  const x25519 = loadedX25519();
  if (x25519 === undefined) throw new Error('ct-wasm: the glue offered no X25519 for the module');
  const r = new Rng(seed, 2);
  const base = le(9n);
  const pairs: Array<[Uint8Array, Uint8Array]> = [];
  for (const k of EDGE_K) for (const u of EDGE_U) pairs.push([k, u]);
  for (let i = 0; i < random; i++) pairs.push([r.bytes(32), i % 2 ? r.bytes(32) : EDGE_U[r.int(EDGE_U.length)]!]);
  let ops = 0;
  const call = (what: string, k: Uint8Array, u?: Uint8Array) => {
    session.operation(`X25519 ${what}`, [k], u ? [u] : []);
    same(`X25519 ${what}`, x25519(k, u), opensslX25519(k, u ?? base));
    ops++;
  };
  for (const [k, u] of pairs) call(`ladder (k ${hex(k).slice(0, 8)}…, u ${hex(u).slice(0, 8)}…)`, k, u);
  for (const k of [...EDGE_K, ...Array.from({ length: random }, () => r.bytes(32))])
    call(`fixed base (k ${hex(k).slice(0, 8)}…)`, k);
  return ops;
}

/** A share of the fuzzer: its core and X25519 targets, on the embedded module (the same bytes). */
export async function runFuzzShare(session: Session, iterations: number, seed: number): Promise<number> {
  session.operation('fuzz corpus');
  const { buildCorpus } = await import('../fuzz/corpus.js');
  const { coreTargets } = await import('../fuzz/targets-core.js');
  const { x25519Targets } = await import('../fuzz/targets-x25519.js');
  const targets = [...coreTargets(buildCorpus(seed)), ...x25519Targets()];
  const problems: string[] = [];
  for (let i = 0; i < iterations; i++) {
    const r = new Rng(seed, i);
    const t = targets[i % targets.length]!;
    session.operation(`fuzz ${t.name} #${i}`);
    const input = t.generate(r);
    t.run(input, r, (m) => problems.push(`${t.name} #${i}: ${m}`));
  }
  if (problems.length > 0) throw new Error(`ct-wasm: fuzz targets failed:\n${problems.join('\n')}`);
  return iterations;
}
