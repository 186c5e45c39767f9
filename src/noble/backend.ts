// Which backend the drop-ins run on: the portable objects until the application loads the
// WebAssembly core (loaded-backend.ts), then the objects loadWasm() made, read on every call.
import { MlKem1024, MlKem512, MlKem768 } from '../index.js';
import type { MlKem, MlKemBackend } from '../kem.js';
import { loadedBackend } from '../loaded-backend.js';
import type { Bytes, NobleEncapsulation } from './types.js';

/** The portable objects, the drop-ins' backend until the application loads the WebAssembly one. */
export const PORTABLE: MlKemBackend = { MlKem512, MlKem768, MlKem1024 };

/** The ML-KEM object of a parameter set over the backend in use. */
export function currentKem(level: keyof MlKemBackend): MlKem {
  return (loadedBackend() ?? PORTABLE)[level];
}

/** Our result as noble's. */
export function asNoble(e: { ciphertext: Uint8Array; sharedSecret: Uint8Array }): NobleEncapsulation {
  return { cipherText: e.ciphertext as Bytes, sharedSecret: e.sharedSecret as Bytes };
}
