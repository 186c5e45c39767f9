// Type-checked under every moduleResolution TypeScript users have (tsconfig.*.json), with no DOM
// library, no @types and skipLibCheck off: the package's declarations must stand on their own.
import { MlKem768, MlKemError, type MlKem, type MlKemErrorCode } from 'mlkem-ts';
import { XWing, createXWing, type HybridKem } from 'mlkem-ts/hybrid';
import { encodePkcs8, fromPem, toPem, type PrivateKeyInfo } from 'mlkem-ts/keys';
import { loadWasm, loadWasmSync, type WasmMlKem, type WasmModuleSource } from 'mlkem-ts/wasm';
import wasmFile from 'mlkem-ts/wasm/mlkem.wasm';

export async function roundTrips(bytes: Uint8Array): Promise<boolean> {
  const kem: MlKem = MlKem768;
  const pair = kem.keygen();
  const pem: string = toPem(encodePkcs8(pair), 'PRIVATE KEY');
  const der: Uint8Array = fromPem(pem).der;
  const info: PrivateKeyInfo | undefined = undefined;
  const source: WasmModuleSource = wasmFile;
  const wasm: WasmMlKem = await loadWasm(source);
  const sync: WasmMlKem = loadWasmSync(bytes);
  const hybrid: HybridKem = createXWing(wasm.MlKem768);
  const code: MlKemErrorCode = 'ERR_WASM_UNAVAILABLE';
  try {
    sync.MlKem768.encapsulate(der);
  } catch (err) {
    if (err instanceof MlKemError && err.code === code) return false;
  }
  return info === undefined && hybrid.sizes.publicKey === XWing.sizes.publicKey;
}
