// The fuzzer's PRNG: sfc32 with one stream per (seed, iteration), and the draws built on it
// (integers, chances, picks, bytes, lengths near a given one).

// ---- PRNG ---------------------------------------------------------------------------------------

/** sfc32, seeded through splitmix32 from (seed, stream): fast, and one stream per iteration. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: number) {
    let s = (seed ^ Math.imul(stream, 0x9e3779b9) ^ (Math.floor(stream / 2 ** 32) * 0x85ebca6b)) >>> 0;
    const mix = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
  /** Uniform in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 2 ** 32) * n);
  }
  chance(p: number): boolean {
    return this.u32() < p * 2 ** 32;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const w = this.u32();
      out[i] = w;
      if (i + 1 < n) out[i + 1] = w >>> 8;
      if (i + 2 < n) out[i + 2] = w >>> 16;
      if (i + 3 < n) out[i + 3] = w >>> 24;
    }
    return out;
  }
  /** A length near n most of the time: n - 1, n + 1, 0, or anything up to 2n + 8. */
  lengthNear(n: number): number {
    switch (this.int(5)) {
      case 0:
        return Math.max(0, n - 1 - this.int(3));
      case 1:
        return n + 1 + this.int(3);
      case 2:
        return this.pick([0, 1, 32, 64]);
      default:
        return this.int(2 * n + 9);
    }
  }
}
