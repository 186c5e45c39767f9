// The same entry points from a CommonJS module (nodenext resolves them with the require condition).
import { MlKem768, type MlKem } from 'mlkem-ts';
import { XWing } from 'mlkem-ts/hybrid';
import { toPem } from 'mlkem-ts/keys';
import { loadWasm } from 'mlkem-ts/wasm';
import wasmFile = require('mlkem-ts/wasm/mlkem.wasm');

export async function cjsRoundTrip(): Promise<number> {
  const kem: MlKem = (await loadWasm(wasmFile.default)).MlKem768;
  return kem.sizes.publicKey + MlKem768.sizes.ciphertext + XWing.sizes.publicKey + toPem(new Uint8Array(1), 'PUBLIC KEY').length;
}
