// STUB: to be written.
export function sampleMatrix(a: usize, rho: usize, k: i32, transposed: i32): void {}
export function samplePolyCbdVector(out: usize, sigma: usize, nonce: i32, count: i32, eta: i32): void {}
