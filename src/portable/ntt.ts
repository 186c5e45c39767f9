// The number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 203, §4.3).
// Coefficients are int16. The transforms multiply by twiddle factors with Shoup multiplication
// (mulShoup); the NTT-domain products use Montgomery reduction, whose factor R^-1 = 2^-16 the
// inverse transform (or polyToMont in key generation) cancels, as in the Kyber reference code.

// Arithmetic in Z_q lives in the module that uses it, and its constants are not exported: V8
// reads an exported or imported binding through its module cell on every use, which slows these
// loops by a third. Every helper states the input range it accepts; test/core/field.test.ts checks
// each over that whole range.

const Q = 3329;
/** q^-1 mod 2^16, as a signed 16-bit value. */
const QINV = -3327;
/** The Montgomery radix R = 2^16, reduced mod q. */
const MONT = 2285;

/** Montgomery reduction: for |a| < q·2^15, returns r ≡ a·2^-16 (mod q) with |r| < q. */
export function montgomeryReduce(a: number): number {
  // t = a·q^-1 mod 2^16 as int16, so a - t·q is divisible by 2^16; |t·q| < 2^15·q keeps it in int32.
  const t = (Math.imul(a, QINV) << 16) >> 16;
  return (a - Math.imul(t, Q)) >> 16;
}

/** Barrett reduction: for a in int16 range, returns r ≡ a (mod q) with -(q-1)/2 ≤ r ≤ (q-1)/2. */
export function barrettReduce(a: number): number {
  // 20159 = round(2^26 / q); |20159·a| < 2^30 for |a| < 2^15.
  const t = (Math.imul(20159, a) + (1 << 25)) >> 26;
  return a - Math.imul(t, Q);
}

let zetaTable: Int16Array | undefined;

/** BitRev7: reverses the low 7 bits of i. */
export function bitRev7(i: number): number {
  let r = 0;
  for (let b = 0; b < 7; b++) r |= ((i >> b) & 1) << (6 - b);
  return r;
}

/**
 * zetas[i] = ζ^BitRev7(i)·R mod q for ζ = 17, centered in (-q/2, q/2); computed on first use.
 * Public constants, so the plain `%` here touches no secret.
 */
export function zetas(): Int16Array {
  if (zetaTable) return zetaTable;
  const pow = new Int32Array(128);
  pow[0] = 1;
  for (let i = 1; i < 128; i++) pow[i] = (pow[i - 1]! * 17) % Q;
  const table = new Int16Array(128);
  for (let i = 0; i < 128; i++) {
    const z = (pow[bitRev7(i)]! * MONT) % Q;
    table[i] = z > Q >> 1 ? z - Q : z;
  }
  return (zetaTable = table);
}

let twiddleTable: { zeta: Int32Array; zetaShoup: Int32Array } | undefined;

/**
 * The NTT twiddle factors for Shoup multiplication: zeta[i] = ζ^BitRev7(i) mod q, centered, and
 * zetaShoup[i] = round(zeta[i]·2^16 / q), |zetaShoup[i]| < 2^15. Computed on first use.
 */
export function nttTwiddles(): { zeta: Int32Array; zetaShoup: Int32Array } {
  if (twiddleTable) return twiddleTable;
  const zeta = new Int32Array(128);
  const zetaShoup = new Int32Array(128);
  let pow = 1;
  const byExponent = new Int16Array(128);
  for (let e = 0; e < 128; e++, pow = (pow * 17) % Q) byExponent[e] = pow > Q >> 1 ? pow - Q : pow;
  for (let i = 0; i < 128; i++) {
    zeta[i] = byExponent[bitRev7(i)]!;
    zetaShoup[i] = Math.round((zeta[i]! * 65536) / Q);
  }
  return (twiddleTable = { zeta, zetaShoup });
}

/**
 * Shoup multiplication by a constant z with zs = round(z·2^16 / q), |z| ≤ (q-1)/2: for
 * |a| < 2^15, returns r ≡ a·z (mod q) with |r| < q (the quotient estimate is off by at most 3/4).
 * Every product stays below 2^30. It needs two fewer operations than a Montgomery reduction and
 * keeps the twiddles in normal form.
 * Note: the NTT loops below write this formula out instead of calling it: V8 does not inline the
 * call there, and the transforms run 1.4-1.9x slower with it. test/core/field.test.ts checks this
 * function exhaustively; test/core/ntt.test.ts checks the written-out copies through the transforms.
 * @internal Exported for those tests only.
 */
export function mulShoup(a: number, z: number, zs: number): number {
  return Math.imul(a, z) - Math.imul((Math.imul(a, zs) + 0x8000) >> 16, Q);
}

/**
 * Implements FIPS 203, Algorithm 9 (NTT), in place.
 * Input |f[j]| < q; output |f[j]| ≤ (q-1)/2 (Barrett-reduced), in the NTT domain.
 * Note: layers are done three at a time on eight coefficients held in locals (layers of length
 * 128, 64, 32, then 16, 8, 4), which saves loads and stores, and the last layer (length 2)
 * reduces as it stores. The butterflies and zetas are those of the algorithm: the layer of length
 * 128/2^l uses ζ^BitRev7(2^l + b) in its block b. Each layer grows |f[j]| by less than q, so
 * values stay below 7q < 2^15, within Shoup multiplication's bound.
 */
export function ntt(f: Int16Array): void {
  const { zeta: z, zetaShoup: w } = nttTwiddles();
  for (let len = 128, k = 1; len >= 4; len >>= 3, k <<= 3) {
    const q1 = len >> 1,
      q2 = len >> 2;
    for (let b = 0; b < k; b++) {
      const z1 = z[k + b]!,
        w1 = w[k + b]!;
      const z2 = z[2 * k + 2 * b]!,
        w2 = w[2 * k + 2 * b]!;
      const z3 = z[2 * k + 2 * b + 1]!,
        w3 = w[2 * k + 2 * b + 1]!;
      const z4 = z[4 * k + 4 * b]!,
        w4 = w[4 * k + 4 * b]!;
      const z5 = z[4 * k + 4 * b + 1]!,
        w5 = w[4 * k + 4 * b + 1]!;
      const z6 = z[4 * k + 4 * b + 2]!,
        w6 = w[4 * k + 4 * b + 2]!;
      const z7 = z[4 * k + 4 * b + 3]!,
        w7 = w[4 * k + 4 * b + 3]!;
      for (let j = 2 * len * b, end = j + q2; j < end; j++) {
        let a0 = f[j]!,
          a1 = f[j + q2]!,
          a2 = f[j + q1]!,
          a3 = f[j + q1 + q2]!;
        let a4 = f[j + len]!,
          a5 = f[j + len + q2]!,
          a6 = f[j + len + q1]!,
          a7 = f[j + len + q1 + q2]!;
        let t = Math.imul(a4, z1) - Math.imul((Math.imul(a4, w1) + 0x8000) >> 16, Q);
        a4 = a0 - t;
        a0 += t;
        t = Math.imul(a5, z1) - Math.imul((Math.imul(a5, w1) + 0x8000) >> 16, Q);
        a5 = a1 - t;
        a1 += t;
        t = Math.imul(a6, z1) - Math.imul((Math.imul(a6, w1) + 0x8000) >> 16, Q);
        a6 = a2 - t;
        a2 += t;
        t = Math.imul(a7, z1) - Math.imul((Math.imul(a7, w1) + 0x8000) >> 16, Q);
        a7 = a3 - t;
        a3 += t;
        t = Math.imul(a2, z2) - Math.imul((Math.imul(a2, w2) + 0x8000) >> 16, Q);
        a2 = a0 - t;
        a0 += t;
        t = Math.imul(a3, z2) - Math.imul((Math.imul(a3, w2) + 0x8000) >> 16, Q);
        a3 = a1 - t;
        a1 += t;
        t = Math.imul(a6, z3) - Math.imul((Math.imul(a6, w3) + 0x8000) >> 16, Q);
        a6 = a4 - t;
        a4 += t;
        t = Math.imul(a7, z3) - Math.imul((Math.imul(a7, w3) + 0x8000) >> 16, Q);
        a7 = a5 - t;
        a5 += t;
        t = Math.imul(a1, z4) - Math.imul((Math.imul(a1, w4) + 0x8000) >> 16, Q);
        f[j + q2] = a0 - t;
        f[j] = a0 + t;
        t = Math.imul(a3, z5) - Math.imul((Math.imul(a3, w5) + 0x8000) >> 16, Q);
        f[j + q1 + q2] = a2 - t;
        f[j + q1] = a2 + t;
        t = Math.imul(a5, z6) - Math.imul((Math.imul(a5, w6) + 0x8000) >> 16, Q);
        f[j + len + q2] = a4 - t;
        f[j + len] = a4 + t;
        t = Math.imul(a7, z7) - Math.imul((Math.imul(a7, w7) + 0x8000) >> 16, Q);
        f[j + len + q1 + q2] = a6 - t;
        f[j + len + q1] = a6 + t;
      }
    }
  }
  for (let j = 0; j < 256; j += 4) {
    const zj = z[64 + (j >> 2)]!,
      wj = w[64 + (j >> 2)]!; // last layer, length 2
    for (let i = j; i < j + 2; i++) {
      const b = f[i + 2]!;
      const t = Math.imul(b, zj) - Math.imul((Math.imul(b, wj) + 0x8000) >> 16, Q);
      const a = f[i]!;
      const lo = a + t,
        hi = a - t;
      f[i] = lo - Math.imul((Math.imul(20159, lo) + (1 << 25)) >> 26, Q); // barrettReduce
      f[i + 2] = hi - Math.imul((Math.imul(20159, hi) + (1 << 25)) >> 26, Q);
    }
  }
}

/**
 * Implements FIPS 203, Algorithm 10 (NTT^-1), in place, and multiplies by R = 2^16.
 * Input |f[j]| < q; output |f[j]| < q.
 * Note: layers are done three at a time as in ntt (lengths 2, 4, 8, then 16, 32, 64; the layer
 * of length len uses ζ^BitRev7(256/len - 1 - b) in its block b). Sums double per layer, so every
 * third layer Barrett-reduces them: multiplicands stay below 8q < 2^15. The algorithm's final
 * factor 128^-1 becomes R/128 = 512 (mod q), which cancels the R^-1 that
 * nttMultiplyAccumulate leaves. It is folded into the last layer's twiddle: 512·ζ^BitRev7(1).
 */
export function invNtt(f: Int16Array): void {
  const { zeta: z, zetaShoup: w } = nttTwiddles();
  for (let len = 2, nb = 64; len <= 16; len <<= 3, nb >>= 3) {
    for (let B = 0; B < nb >> 2; B++) {
      const i1 = 2 * nb - 1 - 4 * B; // layer len: blocks 4B .. 4B+3
      const zA = z[i1]!,
        wA = w[i1]!,
        zB = z[i1 - 1]!,
        wB = w[i1 - 1]!,
        zC = z[i1 - 2]!,
        wC = w[i1 - 2]!,
        zD = z[i1 - 3]!,
        wD = w[i1 - 3]!;
      const i2 = nb - 1 - 2 * B; // layer 2len: blocks 2B, 2B+1
      const zE = z[i2]!,
        wE = w[i2]!,
        zF = z[i2 - 1]!,
        wF = w[i2 - 1]!;
      const i3 = (nb >> 1) - 1 - B; // layer 4len: block B
      const zG = z[i3]!,
        wG = w[i3]!;
      for (let j = 8 * len * B, end = j + len; j < end; j++) {
        const a0 = f[j]!,
          a1 = f[j + len]!,
          a2 = f[j + 2 * len]!,
          a3 = f[j + 3 * len]!;
        const a4 = f[j + 4 * len]!,
          a5 = f[j + 5 * len]!,
          a6 = f[j + 6 * len]!,
          a7 = f[j + 7 * len]!;
        let x = a1 - a0;
        const s0 = a0 + a1,
          d0 = Math.imul(x, zA) - Math.imul((Math.imul(x, wA) + 0x8000) >> 16, Q);
        x = a3 - a2;
        const s1 = a2 + a3,
          d1 = Math.imul(x, zB) - Math.imul((Math.imul(x, wB) + 0x8000) >> 16, Q);
        x = a5 - a4;
        const s2 = a4 + a5,
          d2 = Math.imul(x, zC) - Math.imul((Math.imul(x, wC) + 0x8000) >> 16, Q);
        x = a7 - a6;
        const s3 = a6 + a7,
          d3 = Math.imul(x, zD) - Math.imul((Math.imul(x, wD) + 0x8000) >> 16, Q);
        // layer 2len: (s0, s1), (d0, d1) with zE; (s2, s3), (d2, d3) with zF
        x = s1 - s0;
        const ss0 = s0 + s1,
          sd0 = Math.imul(x, zE) - Math.imul((Math.imul(x, wE) + 0x8000) >> 16, Q);
        x = d1 - d0;
        const ds0 = d0 + d1,
          dd0 = Math.imul(x, zE) - Math.imul((Math.imul(x, wE) + 0x8000) >> 16, Q);
        x = s3 - s2;
        const ss1 = s2 + s3,
          sd1 = Math.imul(x, zF) - Math.imul((Math.imul(x, wF) + 0x8000) >> 16, Q);
        x = d3 - d2;
        const ds1 = d2 + d3,
          dd1 = Math.imul(x, zF) - Math.imul((Math.imul(x, wF) + 0x8000) >> 16, Q);
        // layer 4len with zG: positions 0..3 get sums (reduced), 4..7 differences
        let s = ss0 + ss1; // < 8q
        f[j] = s - Math.imul((Math.imul(20159, s) + (1 << 25)) >> 26, Q);
        x = ss1 - ss0;
        f[j + 4 * len] = Math.imul(x, zG) - Math.imul((Math.imul(x, wG) + 0x8000) >> 16, Q);
        s = ds0 + ds1; // < 4q
        f[j + len] = s - Math.imul((Math.imul(20159, s) + (1 << 25)) >> 26, Q);
        x = ds1 - ds0;
        f[j + 5 * len] = Math.imul(x, zG) - Math.imul((Math.imul(x, wG) + 0x8000) >> 16, Q);
        s = sd0 + sd1; // < 2q
        f[j + 2 * len] = s - Math.imul((Math.imul(20159, s) + (1 << 25)) >> 26, Q);
        x = sd1 - sd0;
        f[j + 6 * len] = Math.imul(x, zG) - Math.imul((Math.imul(x, wG) + 0x8000) >> 16, Q);
        s = dd0 + dd1; // < 2q
        f[j + 3 * len] = s - Math.imul((Math.imul(20159, s) + (1 << 25)) >> 26, Q);
        x = dd1 - dd0;
        f[j + 7 * len] = Math.imul(x, zG) - Math.imul((Math.imul(x, wG) + 0x8000) >> 16, Q);
      }
    }
  }
  // The layer of length 128 with the final scaling: 512 = R/128 mod q (Shoup constant 10079),
  // and its twiddle 512·ζ^BitRev7(1) = 512·1729 ≡ -266 (mod q) (Shoup constant -5237).
  for (let j = 0; j < 128; j++) {
    const t = f[j]!,
      u = f[j + 128]!; // |t + u|, |u - t| < 2q
    let x = t + u;
    f[j] = Math.imul(x, 512) - Math.imul((Math.imul(x, 10079) + 0x8000) >> 16, Q);
    x = u - t;
    f[j + 128] = Math.imul(x, -266) - Math.imul((Math.imul(x, -5237) + 0x8000) >> 16, Q);
  }
}
/**
 * Implements FIPS 203, Algorithms 11 and 12 (MultiplyNTTs, BaseCaseMultiply), summed over k
 * polynomials: out = R^-1 · Σ_i a_i ∘ b_i, where a and b hold k polynomials back to back.
 * Inputs |a|, |b| ≤ q; output |out| < q.
 * Note: the sums are accumulated in int32 and reduced once. Each term is below 2q^2 in absolute
 * value, so for k ≤ 4 the sum stays below 8q^2 < q·2^15, the Montgomery reduction's bound.
 */
export function nttMultiplyAccumulate(out: Int16Array, a: Int16Array, b: Int16Array, k: number): void {
  const z = zetas();
  for (let p = 0; p < 64; p++) {
    const gamma = z[64 + p]!; // γ = ζ^(2·BitRev7(2p)+1)·R; the odd pair uses -γ
    const j = 4 * p;
    let r0 = 0,
      r1 = 0,
      r2 = 0,
      r3 = 0;
    for (let i = 0, o = j; i < k; i++, o += 256) {
      const a0 = a[o]!,
        a1 = a[o + 1]!,
        a2 = a[o + 2]!,
        a3 = a[o + 3]!;
      const b0 = b[o]!,
        b1 = b[o + 1]!,
        b2 = b[o + 2]!,
        b3 = b[o + 3]!;
      r0 += Math.imul(a0, b0) + Math.imul(montgomeryReduce(Math.imul(a1, b1)), gamma);
      r1 += Math.imul(a0, b1) + Math.imul(a1, b0);
      r2 += Math.imul(a2, b2) - Math.imul(montgomeryReduce(Math.imul(a3, b3)), gamma);
      r3 += Math.imul(a2, b3) + Math.imul(a3, b2);
    }
    out[j] = montgomeryReduce(r0);
    out[j + 1] = montgomeryReduce(r1);
    out[j + 2] = montgomeryReduce(r2);
    out[j + 3] = montgomeryReduce(r3);
  }
}

/** f[j] = f[j]·R mod q, cancelling the R^-1 of nttMultiplyAccumulate. Input int16; output |f[j]| < q. */
export function polyToMont(f: Int16Array): void {
  // Shoup multiplication by R mod q = 2285 (centered -1044, Shoup constant -20553), as in ntt.
  for (let j = 0; j < 256; j++) {
    const a = f[j]!;
    f[j] = Math.imul(a, -1044) - Math.imul((Math.imul(a, -20553) + 0x8000) >> 16, Q);
  }
}

/** f = f + g, then Barrett-reduced; inputs |f|, |g| < 2^14 so the sum fits int16. */
export function polyAddReduce(f: Int16Array, g: Int16Array): void {
  for (let j = 0; j < 256; j++) f[j] = barrettReduce(f[j]! + g[j]!);
}

/** f = f - g, then Barrett-reduced; inputs |f|, |g| < 2^14 so the difference fits int16. */
export function polySubReduce(f: Int16Array, g: Int16Array): void {
  for (let j = 0; j < 256; j++) f[j] = barrettReduce(f[j]! - g[j]!);
}
