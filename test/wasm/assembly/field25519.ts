// The field arithmetic of assembly/x25519.ts, exported for test/wasm/x25519.test.ts (a test-only
// module, compiled there with the real module's asc options): the caller writes limbs into F and G
// (ten i64 each) or bytes into S, calls one operation and reads H or S.
import { a24Pair, butterfly, DIFF_SUM, feDecode, feEncode, feInvert, feMul, feMul2, feSq, feSq2, SUM_DIFF } from '../../../assembly/x25519';

const F: usize = memory.data(80, 16);
const G: usize = memory.data(80, 16);
const H: usize = memory.data(80, 16);
const H2: usize = memory.data(80, 16);
const S: usize = memory.data(48, 16);

export function fPtr(): usize { return F; }
export function gPtr(): usize { return G; }
export function hPtr(): usize { return H; }
export function h2Ptr(): usize { return H2; }
export function sPtr(): usize { return S; }
export function mul(): void { feMul(H, F, G); }
export function sq(): void { feSq(H, F); }
export function mul2(): void { feMul2(H, F, G); }
export function sq2(): void { feSq2(H, F); }
export function sumDiff(): void { butterfly(H, F, SUM_DIFF); }
export function diffSum(): void { butterfly(H, F, DIFF_SUM); }
export function a24(): void { a24Pair(H, H2, F); }
export function invert(): void { feInvert(H, F); }
export function encode(): void { feEncode(S, F); }
export function decode(): void { feDecode(H, S); }
