// STUB: to be written.
export function sha3_256(out: usize, data: usize, len: i32): void {}
export function sha3_512(out: usize, a: usize, aLen: i32, b: usize, bLen: i32): void {}
export function shake256(out: usize, outLen: i32, a: usize, aLen: i32, b: usize, bLen: i32): void {}
