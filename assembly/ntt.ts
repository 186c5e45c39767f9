export function ntt(p: usize): void {}
export function invNtt(p: usize): void {}
export function nttMultiplyAccumulate(o: usize, a: usize, b: usize, k: i32): void {}
export function polyToMont(p: usize): void {}
export function polyAddReduce(p: usize, q: usize): void {}
export function polySubReduce(p: usize, q: usize): void {}
