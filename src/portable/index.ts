// The portable kernels: plain TypeScript on typed arrays, the reference for every backend.
import type { Kernels } from '../kernels.js';
import { sha3_256, sha3_512 } from '../sha3.js';
import {
  byteDecode12,
  byteEncode12,
  compressEncode,
  decodeDecompress,
  isCanonical12,
  messageToPoly,
  polyToMessage,
} from './encode.js';
import { invNtt, ntt, nttMultiplyAccumulate, polyAddReduce, polySubReduce, polyToMont } from './ntt.js';
import { sampleMatrix, sampleMatrixWithHash, sampleNoise } from './sample.js';

export const portableKernels: Kernels = Object.freeze({
  alloc8: (n: number) => new Uint8Array(n),
  alloc16: (n: number) => new Int16Array(n),
  sha3_256,
  sha3_512,
  sampleMatrix,
  sampleMatrixWithHash,
  sampleNoise,
  ntt,
  invNtt,
  nttMultiplyAccumulate,
  polyToMont,
  polyAddReduce,
  polySubReduce,
  byteEncode12,
  byteDecode12,
  isCanonical12,
  compressEncode,
  decodeDecompress,
  messageToPoly,
  polyToMessage,
});
