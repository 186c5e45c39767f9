// A CommonJS TypeScript project under Jest 30 + ts-jest: the entry points imported with ES syntax
// (compiled to require, types through typesVersions: module commonjs resolves like node10), then
// every declared entry required by name, and the smoke suite.
import { expect, test } from '@jest/globals';
import { readFileSync } from 'fs';
import { MlKem768, MlKemError } from 'mlkem-ts';
import { XWing } from 'mlkem-ts/hybrid';
import { decodeSpki, encodeSpki } from 'mlkem-ts/keys';
import { loadWasm, type WasmMlKem } from 'mlkem-ts/wasm';
import { report, runSmoke } from '../smoke/suite.cjs';

const entries: string[] = require('../entries.json');
const vectors: unknown = require('../vectors.json');

test('typed imports work', async () => {
  const { publicKey } = MlKem768.keygen();
  expect(decodeSpki(encodeSpki(publicKey)).publicKey).toEqual(publicKey);
  expect(XWing.name).toBe('X-Wing');
  const wasm: WasmMlKem = await loadWasm();
  expect(() => wasm.MlKem768.encapsulate(publicKey.subarray(1))).toThrow(MlKemError);
});

test('smoke suite', async () => {
  const modules = Object.fromEntries(entries.map((s) => [s, require(s)]));
  const bytes = readFileSync(require.resolve('mlkem-ts/wasm/mlkem.wasm'));
  const result = await runSmoke({ modules, entries, wasmFile: bytes, wasmFileSync: bytes, embeddedWasm: true, vectors });
  console.log(report(`Jest (ts-jest, CommonJS) on Node.js ${process.version}`, result));
  expect(result.failures).toEqual([]);
  expect(result.passed).toBeGreaterThan(10);
}, 120_000); // Jest's 5 s default: the whole suite, on a loaded machine, takes longer
