// The division and remainder sites allowed in src/ and assembly/ (scripts/hygiene.ts): each is
// one source line, matched exactly (trimmed), with the reason why the data there is public.
export interface Allowed {
  file: string;
  code: string;
  why: string;
}

export const ALLOWED: readonly Allowed[] = [
  {
    file: 'src/hybrid/curves/nist.ts',
    code: 'if ((y * y - (x * x * x - 3n * x + c.b)) % c.p !== 0n) {',
    why: "the curve equation of a peer's P-256/P-384 point, public (it arrives in the public key or ciphertext)",
  },
  {
    file: 'src/bytes.ts',
    code: 'if (n % 4 === 1) throw invalid(`${n} characters cannot encode whole bytes`);',
    why: 'the length of the encoded text, public (only the bytes of a key are secret)',
  },
  {
    file: 'src/bytes.ts',
    code: 'if (text.length % 4 !== 0) {',
    why: 'the length of the base64 text, public (only the bytes of a key are secret)',
  },
  {
    file: 'src/keys/der.ts',
    code: "if (value > Number.MAX_SAFE_INTEGER / 128) return '?';",
    why: 'OID arcs, public parts of the key encoding (formatting an unknown algorithm OID for an error message)',
  },
  {
    file: 'src/keys/der.ts',
    code: 'if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);',
    why: 'OID arcs, public parts of the key encoding (formatting an unknown algorithm OID for an error message)',
  },
  {
    file: 'src/portable/ntt.ts',
    code: 'for (let i = 1; i < 128; i++) pow[i] = (pow[i - 1]! * 17) % Q;',
    why: 'the twiddle table, from the public constant ζ = 17, once at first use',
  },
  {
    file: 'src/portable/ntt.ts',
    code: 'const z = (pow[bitRev7(i)]! * MONT) % Q;',
    why: 'the twiddle table, from the public constants ζ = 17 and R, once at first use',
  },
  {
    file: 'src/portable/ntt.ts',
    code: 'for (let e = 0; e < 128; e++, pow = (pow * 17) % Q) byExponent[e] = pow > Q >> 1 ? pow - Q : pow;',
    why: 'the Shoup twiddle table, from the public constant ζ = 17, once at first use',
  },
  {
    file: 'src/portable/ntt.ts',
    code: 'zetaShoup[i] = Math.round((zeta[i]! * 65536) / Q);',
    why: 'the Shoup twiddle table, from public constants, once at first use',
  },
  {
    file: 'assembly/ntt.ts',
    code: 'return <i32>Math.round(<f64>z * 32768.0 / <f64>Q);',
    why: 'the q15mulr partner of a public constant (twiddles, γ, scale factors), at instantiation',
  },
  {
    file: 'assembly/ntt.ts',
    code: 'for (let e = 0, r = 1; e < 256; e++, r = (r * 17) % Q) store<i16>(POW17 + (e << 1), <i16>(r > Q >> 1 ? r - Q : r));',
    why: 'the powers of the public constant ζ = 17, at instantiation',
  },
  {
    file: 'src/cli/bin.ts',
    code: '#!/usr/bin/env node',
    why: 'the shebang line of the executable, not code',
  },
  {
    file: 'src/cli/commands/bench.ts',
    code: 'return Object.fromEntries(OPS.map((op) => [op, (ms[op] * 1000) / n])) as Record<Op, number>;',
    why: "the benchmark's timings and operation counts, public",
  },
  {
    file: 'src/cli/commands/bench.ts',
    code: 'const index = (j + r) % rows.length;',
    why: "the benchmark's round and row numbers (the rotated order of the rows), public",
  },
  {
    file: 'src/cli/commands/bench.ts',
    code: 'const spreadPercent = Object.fromEntries(OPS.map((op) => [op, (iqr[op] / med[op]) * 100])) as Record<Op, number>;',
    why: "the benchmark's timings, public",
  },
];
