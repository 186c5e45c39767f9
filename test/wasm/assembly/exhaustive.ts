// Exhaustive checks of the WebAssembly field arithmetic (assembly/ntt.ts), compiled by
// test/wasm/exhaustive.test.ts into a test-only module. Each function runs the SIMD helper over
// its whole finite input domain (or a slice of it, so that the caller can spread the work over
// calls) and checks every lane with plain scalar arithmetic; it returns the number of failures.
import {
  GAMMA, GAMMA_Q, INV_LANES, NTT_LANES, ZETA, ZETA_Q,
  barrett, montgomery, mulConst, q15, reduceCentered,
} from '../../../assembly/ntt';

const Q: i32 = 3329;
const LANES: usize = memory.data(16, 16);
/** How many values the checks have looked at, so the caller can confirm the domain's size. */
let checked: f64 = 0;
export function checkedCount(): f64 {
  return checked;
}

/** The eight int16 values base .. base + 7. */
function ramp16(base: i32): v128 {
  return i16x8.add(i16x8.splat(<i16>base), i16x8(0, 1, 2, 3, 4, 5, 6, 7));
}

/** mulConst(b, z, z') over every int16 b: r ≡ b·z (mod q) and |r| < q. */
export function checkMulConst(z: i32, zq: i32): i32 {
  let failures = 0;
  const vz = i16x8.splat(<i16>z), vzq = i16x8.splat(<i16>zq);
  for (let base = -32768; base < 32768; base += 8) {
    v128.store(LANES, mulConst(ramp16(base), vz, vzq));
    for (let l = 0; l < 8; l++) {
      const r = <i32>load<i16>(LANES + (l << 1));
      if (r <= -Q || r >= Q || ((base + l) * z - r) % Q != 0) failures++;
      checked++;
    }
  }
  return failures;
}

/** The twiddle tables: entry i of ZETA / GAMMA as (z, z'), and q15 of a constant. */
export function zeta(i: i32): i32 { return load<i16>(ZETA + (i << 1)); }
export function zetaQ(i: i32): i32 { return load<i16>(ZETA_Q + (i << 1)); }
export function gamma(j: i32): i32 { return load<i16>(GAMMA + (j << 1)); }
export function gammaQ(j: i32): i32 { return load<i16>(GAMMA_Q + (j << 1)); }
/** Lane l (0..7) of pair p (0 = length-4 or -2 layer z, 1 = its z') of group m of a lane table. */
export function laneTable(inverse: i32, m: i32, half: i32, zq: i32, l: i32): i32 {
  return load<i16>((inverse ? INV_LANES : NTT_LANES) + (m << 6) + (half << 5) + (zq << 4) + (l << 1));
}
export function q15Of(z: i32): i32 { return q15(z); }

/**
 * barrett and reduceCentered over every int16 a: both ≡ a (mod q); barrett within
 * |r| ≤ (q+1)/2, reduceCentered within |r| ≤ (q-1)/2.
 */
export function checkBarrett(): i32 {
  let failures = 0;
  for (let base = -32768; base < 32768; base += 8) {
    const a = ramp16(base);
    v128.store(LANES, barrett(a));
    for (let l = 0; l < 8; l++) {
      const r = <i32>load<i16>(LANES + (l << 1));
      if (r < -1665 || r > 1665 || (base + l - r) % Q != 0) failures++;
      checked++;
    }
    v128.store(LANES, reduceCentered(a));
    for (let l = 0; l < 8; l++) {
      const r = <i32>load<i16>(LANES + (l << 1));
      if (r < -1664 || r > 1664 || (base + l - r) % Q != 0) failures++;
      checked++;
    }
  }
  return failures;
}

/**
 * montgomery over every int32 x in [from, from + 4·count) up to last: r·2^16 ≡ x (mod q) and
 * |r| < q.
 */
export function checkMontgomery(from: i32, count: i32, last: i32): i32 {
  let failures = 0;
  for (let i = 0, x = from; i < count; i++, x += 4) {
    v128.store(LANES, montgomery(i32x4.add(i32x4.splat(x), i32x4(0, 1, 2, 3))));
    for (let l = 0; l < 4; l++) {
      const r = load<i32>(LANES + (l << 2));
      if (x > last - l) break; // x + l beyond the domain
      if (r <= -Q || r >= Q || ((<i64>r << 16) - <i64>(x + l)) % <i64>Q != 0) failures++;
      checked++;
    }
  }
  return failures;
}
