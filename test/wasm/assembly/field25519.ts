// The field arithmetic of assembly/x25519.ts, exported for test/wasm/x25519.test.ts (a test-only
// module, compiled there with the real module's asc options): the caller writes limbs into F and G
// (ten i64 each) or bytes into S, calls one operation and reads H or S.
import { feDecode, feEncode, feInvert, feMul, feMulA24, feSq } from '../../../assembly/x25519';

const F: usize = memory.data(80, 16);
const G: usize = memory.data(80, 16);
const H: usize = memory.data(80, 16);
const S: usize = memory.data(48, 16);

export function fPtr(): usize { return F; }
export function gPtr(): usize { return G; }
export function hPtr(): usize { return H; }
export function sPtr(): usize { return S; }
export function mul(): void { feMul(H, F, G); }
export function sq(): void { feSq(H, F); }
export function mulA24(): void { feMulA24(H, F); }
export function invert(): void { feInvert(H, F); }
export function encode(): void { feEncode(S, F); }
export function decode(): void { feDecode(H, S); }
