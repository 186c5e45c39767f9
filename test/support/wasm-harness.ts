// Helpers for the kernel-by-kernel tests of the WebAssembly backend: a fresh instance, its
// Kernels, and a check that a call left the module's static region (constant tables and
// scratch, below heapBase) exactly as instantiation left it, so no secret stays in scratch.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Kernels } from '../../src/kernels.js';
import type { WasmExports } from '../../src/wasm/exports.js';
import { compileSync, instantiate } from '../../src/wasm/instance.js';
import { wasmKernels } from '../../src/wasm/kernels.js';

export interface WasmUnderTest {
  ex: WasmExports;
  kernels: Kernels;
  /** Asserts that the static region equals its state right after instantiation. */
  assertScratchClean(what: string): void;
}

export function freshWasm(): WasmUnderTest {
  const ex = instantiate(compileSync());
  const kernels = wasmKernels(ex);
  const staticRegion = () => new Uint8Array(ex.memory.buffer, 0, ex.heapBase());
  const initial = staticRegion().slice();
  return {
    ex,
    kernels,
    assertScratchClean(what: string) {
      const now = staticRegion();
      for (let i = 0; i < initial.length; i++) {
        if (now[i] !== initial[i])
          assert.fail(`${what}: static byte ${i} of ${initial.length} left changed after the call`);
      }
    },
  };
}

/**
 * The exports of a test-only AssemblyScript module (test/wasm/assembly/NAME.ts), compiled with the
 * real module's asc options (scripts/build-wasm.ts), instantiated without imports.
 */
export function compileTestModule<T>(name: string): T {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), `mlkem-${name}-`));
  try {
    const out = join(dir, `${name}.wasm`);
    execFileSync(
      join(root, 'node_modules/.bin/asc'),
      [`test/wasm/assembly/${name}.ts`, '-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd', '--outFile', out],
      { cwd: root },
    );
    return new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {}).exports as unknown as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
