// STUB: to be written.
export function byteEncode12(out: usize, f: usize): void {}
export function byteDecode12(f: usize, src: usize): void {}
export function isCanonical12(src: usize, len: i32): i32 { return 0; }
export function compressEncode(out: usize, f: usize, d: i32): void {}
export function decodeDecompress(f: usize, src: usize, d: i32): void {}
export function messageToPoly(f: usize, m: usize): void {}
export function polyToMessage(out: usize, f: usize): void {}
