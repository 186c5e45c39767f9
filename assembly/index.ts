// The WebAssembly kernels (AssemblyScript, 128-bit SIMD): the entry point that asc compiles.
// Pointers are byte offsets into the module's one fixed-size memory; the JS side
// (src/wasm/kernels.ts) allocates every buffer above heapBase() and passes offsets. Every
// exported function leaves the module's static scratch zero when it returns.
export { heapBase } from './memory';
export { sha3_256, sha3_512 } from './keccak';
export { sampleMatrix, sampleMatrixWithHash, sampleNoise } from './sample';
export { ntt, invNtt, nttMultiplyAccumulate, polyToMont, polyAddReduce, polySubReduce } from './ntt';
export {
  byteEncode12,
  byteDecode12,
  isCanonical12,
  compressEncode,
  decodeDecompress,
  messageToPoly,
  polyToMessage,
} from './encode';
export { kpkeEncrypt, kpkeDecrypt } from './kpke';
export { x25519, x25519Base } from './x25519';
