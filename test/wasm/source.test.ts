// loadWasm / loadWasmSync with a module the caller brings (mlkem-ts/wasm/mlkem.wasm loaded the
// platform's way), the shipped file itself, refusals as MlKemError, and MlKemError's instanceof
// across copies of the package. The runtimes themselves are covered by `npm run test:runtimes`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { MlKemError } from '../../src/errors.js';
import { MlKem768 } from '../../src/index.js';
import { loadWasm, loadWasmSync } from '../../src/wasm/index.js';
import { WASM_BASE64 } from '../../src/wasm/module.generated.js';

const file = readFileSync(new URL('../../src/wasm/mlkem.wasm', import.meta.url));
const seed = new Uint8Array(64).map((_, i) => i * 7);

async function rejects(promise: Promise<unknown>, code: string, pattern: RegExp): Promise<void> {
  await assert.rejects(
    promise,
    (err: unknown) => err instanceof MlKemError && err.code === code && pattern.test(err.message),
  );
}

function throws(fn: () => unknown, code: string, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof MlKemError && err.code === code && pattern.test(err.message));
}

describe('the shipped mlkem.wasm', () => {
  it('decodes the embedded module with atob where there is neither Uint8Array.fromBase64 nor Buffer', () => {
    // A fresh process without the faster decoders, as a browser without Uint8Array.fromBase64 is.
    // They go after the import: the loader looks them up when it decodes, and Node 26 runs tsx's
    // module hooks on the main thread, where they need Buffer.
    const script = `const { loadWasmSync } = await import('./src/wasm/index.ts');
      delete globalThis.Buffer; delete Uint8Array.fromBase64;
      process.stdout.write(Array.from(loadWasmSync().MlKem768.keygen(new Uint8Array(64).map((_, i) => i * 7)).publicKey.subarray(0, 8)).join());`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    assert.equal(out, Array.from(MlKem768.keygen(seed).publicKey.subarray(0, 8)).join());
  });

  it('is the embedded module, byte for byte', () => {
    assert.deepEqual(new Uint8Array(file), new Uint8Array(Buffer.from(WASM_BASE64, 'base64')));
  });
});

// First in this file: the embedded module is compiled once per process and then cached.
describe('a runtime that refuses to compile from bytes (as Cloudflare Workers do)', () => {
  it('gives ERR_WASM_UNAVAILABLE with the reason and the way out, and the cause', async () => {
    const real = globalThis.WebAssembly;
    const refusal = new real.CompileError('WebAssembly.compile(): Wasm code generation disallowed by embedder');
    const refusing = {
      Instance: real.Instance,
      Module: Object.assign(
        function Module() {
          throw refusal;
        },
        { exports: real.Module.exports },
      ),
      compile: () => Promise.reject(refusal),
    };
    Object.defineProperty(globalThis, 'WebAssembly', { value: refusing, configurable: true, writable: true });
    try {
      await assert.rejects(loadWasm(), (err: unknown) => {
        assert.ok(err instanceof MlKemError);
        assert.equal(err.code, 'ERR_WASM_UNAVAILABLE');
        assert.match(
          err.message,
          /disallowed by embedder.*import wasm from 'mlkem-ts\/wasm\/mlkem\.wasm'; await loadWasm\(wasm\)/,
        );
        // The three ways out, each where it helps: a page's policy, Workers' module file, the portable backend.
        assert.match(
          err.message,
          /on a web page, add 'wasm-unsafe-eval' to the script-src of its Content-Security-Policy; on Cloudflare Workers, .*import the module file and pass it.*; or use the portable backend, 'mlkem-ts'/,
        );
        assert.equal(err.cause, refusal);
        return true;
      });
      throws(() => loadWasmSync(), 'ERR_WASM_UNAVAILABLE', /disallowed by embedder/);
      await rejects(loadWasm(file), 'ERR_WASM_UNAVAILABLE', /disallowed by embedder/);
      // A module compiled elsewhere (by the platform) still works.
      const compiled = new real.Module(file);
      assert.deepEqual((await loadWasm(compiled)).MlKem768.keygen(seed).publicKey, MlKem768.keygen(seed).publicKey);
    } finally {
      Object.defineProperty(globalThis, 'WebAssembly', { value: real, configurable: true, writable: true });
    }
  });

  it('no WebAssembly at all: ERR_WASM_UNAVAILABLE naming the portable backend', async () => {
    const real = globalThis.WebAssembly;
    Reflect.deleteProperty(globalThis, 'WebAssembly');
    try {
      await rejects(loadWasm(), 'ERR_WASM_UNAVAILABLE', /no WebAssembly.*'mlkem-ts'/);
      throws(() => loadWasmSync(), 'ERR_WASM_UNAVAILABLE', /no WebAssembly/);
    } finally {
      Object.defineProperty(globalThis, 'WebAssembly', { value: real, configurable: true, writable: true });
    }
  });
});

describe('loadWasm(module) and loadWasmSync(module)', () => {
  const expected = MlKem768.keygen(seed);
  const sources: Array<[string, () => Parameters<typeof loadWasm>[0]]> = [
    ['a compiled WebAssembly.Module', () => new WebAssembly.Module(file)],
    ['a Uint8Array', () => new Uint8Array(file)],
    ['a Buffer', () => file],
    ['an ArrayBuffer', () => file.buffer.slice(file.byteOffset, file.byteOffset + file.length)],
    ['a DataView at an offset', () => new DataView(new Uint8Array([9, 9, 9, ...file]).buffer, 3)],
    ['a Response', () => new Response(file)],
    ['a promise of a Response', () => Promise.resolve(new Response(file))],
    ['a promise of a Module', () => WebAssembly.compile(file)],
  ];
  for (const [name, source] of sources) {
    it(`loadWasm: ${name}`, async () => {
      const { MlKem768: kem } = await loadWasm(source());
      assert.deepEqual(kem.keygen(seed).secretKey, expected.secretKey);
    });
  }
  it('loadWasmSync: a Module and bytes', () => {
    for (const source of [
      new WebAssembly.Module(file),
      file,
      file.buffer.slice(file.byteOffset, file.byteOffset + file.length),
    ]) {
      assert.deepEqual(loadWasmSync(source).MlKem768.keygen(seed).secretKey, expected.secretKey);
    }
  });
  it('the caller may change the bytes once loadWasm has been called', async () => {
    const bytes = new Uint8Array(file);
    const loading = loadWasm(bytes);
    bytes.fill(0);
    assert.deepEqual((await loading).MlKem768.keygen(seed).publicKey, expected.publicKey);
  });
  it('each load is a new instance with its own memory', async () => {
    const a = await loadWasm(file);
    const b = await loadWasm(file);
    assert.notEqual(a.MlKem768, b.MlKem768);
  });
});

describe('loadWasm refusals', () => {
  it('not a module, bytes or Response: ERR_INVALID_TYPE naming what was given', async () => {
    for (const bad of ['mlkem.wasm', 42, null, {}, [0, 97, 115, 109]]) {
      await rejects(
        loadWasm(bad as never),
        'ERR_INVALID_TYPE',
        /^module must be a WebAssembly\.Module or the bytes of mlkem\.wasm.*, got /,
      );
      if (bad !== null)
        throws(() => loadWasmSync(bad as never), 'ERR_INVALID_TYPE', /^module must be a WebAssembly\.Module/);
    }
    await rejects(loadWasm(Promise.resolve('x') as never), 'ERR_INVALID_TYPE', /got a string/);
  });
  it('bytes that are not WebAssembly, or another module: ERR_INVALID_TYPE', async () => {
    await rejects(loadWasm(new Uint8Array(100)), 'ERR_INVALID_TYPE', /100 bytes that are not a WebAssembly module/);
    throws(
      () => loadWasmSync(new TextEncoder().encode('<html>404</html>')),
      'ERR_INVALID_TYPE',
      /not a WebAssembly module/,
    );
    const empty = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    await rejects(
      loadWasm(empty),
      'ERR_INVALID_TYPE',
      /mlkem-ts's mlkem\.wasm, got a WebAssembly module without memory, heapBase/,
    );
    throws(() => loadWasmSync(new WebAssembly.Module(empty)), 'ERR_INVALID_TYPE', /without memory/);
    // A module with a memory and empty functions under the names of an mlkem.wasm from before the
    // fused K-PKE exports: refused at load, not by a TypeError at the first encapsulation.
    const names = ['heapBase', 'sampleMatrixWithHash', 'nttMultiplyAccumulate', 'polyToMessage'];
    const exports = names.flatMap((name, i) => [name.length, ...new TextEncoder().encode(name), 0, i]);
    const sections = [
      [1, 4, 1, 0x60, 0, 0], // one type: () -> ()
      [3, names.length + 1, names.length, ...names.map(() => 0)],
      [5, 3, 1, 0, 1], // a memory of one page
      [7, exports.length + 10, names.length + 1, 6, ...new TextEncoder().encode('memory'), 2, 0, ...exports],
      [10, 3 * names.length + 1, names.length, ...names.flatMap(() => [2, 0, 0x0b])],
    ];
    const older = new Uint8Array([...empty, ...sections.flat()]);
    await rejects(loadWasm(older), 'ERR_INVALID_TYPE', /module without kpkeEncrypt, kpkeDecrypt$/);
  });
  it('bytes that do not compile: ERR_WASM_UNAVAILABLE', async () => {
    const truncated = file.subarray(0, 1000);
    await rejects(
      loadWasm(truncated),
      'ERR_WASM_UNAVAILABLE',
      /could not compile the WebAssembly module \(CompileError/,
    );
  });
  it('hostile sources: documented codes only, never a foreign error', async () => {
    const fakeModule = { [Symbol.toStringTag]: 'WebAssembly.Module' };
    throws(() => loadWasmSync(fakeModule as never), 'ERR_INVALID_TYPE', /only claims to be a WebAssembly\.Module/);
    await rejects(loadWasm(fakeModule as never), 'ERR_INVALID_TYPE', /only claims to be a WebAssembly\.Module/);
    class Lying extends Uint8Array {
      override get byteOffset(): number {
        throw new RangeError('lie');
      }
    }
    // The copy reads the internal slots (src/bytes.ts), so the lying getter is never asked: the
    // bytes are what the array holds, refused as no module, or loaded when they are one.
    throws(
      () => loadWasmSync(new Lying(16) as never),
      'ERR_INVALID_TYPE',
      /got 16 bytes that are not a WebAssembly module/,
    );
    assert.ok(
      loadWasmSync(Lying.from(file) as never).MlKem768.keygen().publicKey.length > 0,
      'a view whose byteOffset getter throws is read through its slots',
    );
    const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength); // (a Buffer may sit in a larger pool)
    Object.defineProperty(buffer, 'slice', {
      value: () => {
        throw new Error('mine');
      },
    });
    assert.ok(
      (await loadWasm(buffer)).MlKem768.keygen().publicKey.length > 0,
      'an ArrayBuffer is copied without its own slice',
    );
    const badResponse = {
      arrayBuffer: async () => file.buffer,
      get ok(): boolean {
        throw new Error('ok getter');
      },
    };
    await rejects(
      loadWasm(badResponse as never),
      'ERR_WASM_UNAVAILABLE',
      /could not fetch the WebAssembly module \(Error: ok getter\)/,
    );
    const forged = { [Symbol.for('mlkem-ts.MlKemError')]: true, code: 'ERR_FORGED' };
    await rejects(
      loadWasm({ ok: true, arrayBuffer: () => Promise.reject(forged) } as never),
      'ERR_WASM_UNAVAILABLE',
      /could not read/,
    );
  });
  it('a failed fetch: ERR_WASM_UNAVAILABLE with the status, or the fetch error', async () => {
    await rejects(loadWasm(new Response('not found', { status: 404 })), 'ERR_WASM_UNAVAILABLE', /status 404/);
    await rejects(
      loadWasm(Promise.reject(new TypeError('fetch failed'))),
      'ERR_WASM_UNAVAILABLE',
      /could not load the WebAssembly module \(TypeError: fetch failed\)/,
    );
  });
});

describe('MlKemError across copies of the package (CommonJS and ES builds in one program)', () => {
  const BRAND = Symbol.for('mlkem-ts.MlKemError');
  // What the other copy's constructor leaves on its errors.
  class OtherCopyError extends Error {
    readonly code = 'ERR_INVALID_LENGTH';
    constructor() {
      super('from the other copy');
      Object.defineProperty(this, BRAND, { value: true });
    }
  }
  it('an error of the other copy is instanceof MlKemError', () => {
    assert.ok(new OtherCopyError() instanceof MlKemError);
    assert.ok(!(new Error('plain') instanceof MlKemError));
    for (const value of [null, 'ERR_INVALID_TYPE', { code: 'ERR_INVALID_TYPE' }] as unknown[])
      assert.ok(!(value instanceof MlKemError));
  });
  it('subclasses keep ordinary instanceof', () => {
    class Sub extends MlKemError {}
    assert.ok(new Sub('ERR_INVALID_TYPE', 'x') instanceof MlKemError);
    assert.ok(!(new MlKemError('ERR_INVALID_TYPE', 'x') instanceof Sub));
    assert.ok(!(new OtherCopyError() instanceof Sub));
  });
});
