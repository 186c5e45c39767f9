// Bundle check: an app that imports only the core ('mlkem-ts') must get no curve code, and an
// app that imports 'mlkem-ts/hybrid' gets @noble/curves. Bundled the way a web app would be
// (esbuild, minified, ESM, for browsers); the gzipped sizes are printed for the record.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'esbuild';

import { type Bundle, CORE_APP, WASM_APP, WEBCRYPTO_APP, bundle, bundleSplit } from '../../scripts/bundle.js';
import { BROWSER, stem } from '../../scripts/entries.js';
import * as nativeInBrowsers from '../../src/hybrid/curves/native-browser.js';
import type * as Native from '../../src/hybrid/curves/native.js';
import { WASM_BASE64 } from '../../src/wasm/module.generated.js';

// Checked by the compiler: the browser twin has every export of native.ts, each of a type that fits.
const twin: typeof Native = nativeInBrowsers;
const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(`${root}dist/hybrid/index.js`) && existsSync(`${root}dist/cjs/hybrid/index.js`);
if (!built && process.env.CI === 'true') throw new Error('dist/ is not built (npm run build)');

/** Hex of constants that any bundle with P-256, P-384 or Curve25519 code contains. */
const CURVE_CONSTANTS = {
  'P-256 prime': 'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff',
  'P-384 order': 'ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973',
  'Curve25519 d': '52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3',
} as const;

/** The bundled code as text, lowercased, to search for the hex constants. */
const lowerText = (b: Bundle): string => new TextDecoder().decode(b.code).toLowerCase();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const roundTrip = (name: string) => `
  {
    const { publicKey, secretKey } = ${name}.keygen();
    const { ciphertext, sharedSecret } = ${name}.encapsulate(publicKey);
    console.log(${name}.decapsulate(ciphertext, secretKey).every((b, i) => b === sharedSecret[i]));
  }`;

const HYBRID_APP = `
  import { XWing, X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 } from './src/hybrid/index.ts';
  ${['XWing', 'X25519MLKEM768', 'SecP256r1MLKEM768', 'SecP384r1MLKEM1024'].map(roundTrip).join('\n')}`;

const XWING_APP = `
  import { XWing } from './src/hybrid/index.ts';
  ${roundTrip('XWing')}`;

describe('bundle check (esbuild, minified, ESM, browser)', () => {
  it('an app importing only the core gets no curve code, no @noble code and nothing of src/hybrid', async () => {
    const core = await bundle(CORE_APP);
    const foreign = core.inputs.filter((p) => p.includes('node_modules/') || p.includes('src/hybrid/'));
    assert.deepEqual(foreign, [], `the core bundle pulls in: ${foreign.join(', ')}`);
    const text = lowerText(core);
    for (const [name, hex] of Object.entries(CURVE_CONSTANTS)) {
      assert.ok(!text.includes(hex), `the core bundle contains the ${name}`);
    }
    console.log(`core-only app (MlKem768 round trip): ${kb(core.code.length)} minified, ${kb(core.gzip)} gzipped`);
    // A guard against growth, not a target of 9 KB, which the core does not meet: the unrolled kernels that make the portable backend fast are about
    // 4 KB of it gzipped (Keccak's round 1.9, the NTT 1.5, SampleNTT 0.7), and their loop forms
    // cost 2-7x the time; the key objects are methods of every MlKem object, and no bundler
    // drops an object's unused methods. It was 11 KB until the messages that name the likely
    // mistake behind a wrong length came in (args.ts lengthHint: 0.2 KB).
    assert.ok(core.gzip <= 11.25 * 1024, `the core-only app is ${kb(core.gzip)} gzipped, above the 11.25 KB guard`);
  });

  it('an app importing mlkem-ts/hybrid gets @noble/curves (the check above can see it)', async () => {
    const hybrid = await bundle(HYBRID_APP);
    assert.ok(
      hybrid.inputs.some((p) => p.includes('node_modules/@noble/curves/')),
      'no @noble/curves input in the hybrid bundle',
    );
    const text = lowerText(hybrid);
    for (const [name, hex] of Object.entries(CURVE_CONSTANTS)) {
      assert.ok(text.includes(hex), `the hybrid bundle lacks the ${name}: the constant check is blind`);
    }
    const xwing = await bundle(XWING_APP);
    assert.ok(
      !xwing.inputs.some((p) => p.endsWith('@noble/curves/nist.js')),
      'an X-Wing-only app pulls in the NIST curves',
    );
    assert.ok(
      !lowerText(xwing).includes(CURVE_CONSTANTS['P-256 prime']),
      'an X-Wing-only app contains the P-256 prime',
    );
    console.log(`hybrid app (four round trips): ${kb(hybrid.code.length)} minified, ${kb(hybrid.gzip)} gzipped`);
    console.log(`X-Wing-only app: ${kb(xwing.code.length)} minified, ${kb(xwing.gzip)} gzipped`);
  });

  it('the embedded WebAssembly module is at most 25 KB gzipped; a core-only app does not contain it', async () => {
    const gz = gzipSync(WASM_BASE64, { level: 9 }).length;
    assert.ok(gz <= 25 * 1024, `the embedded module (base64) is ${kb(gz)} gzipped, above 25 KB`);
    const core = await bundle(CORE_APP);
    assert.ok(!core.inputs.some((p) => p.startsWith('src/wasm/')), 'the core bundle pulls in src/wasm');
    const wasm = await bundle(WASM_APP);
    assert.ok(wasm.inputs.includes('src/wasm/module.generated.ts'), 'the wasm app bundle lacks the embedded module');
    console.log(
      `embedded wasm module: ${kb(gz)} gzipped as base64; wasm app (MlKem768 round trip): ${kb(wasm.gzip)} gzipped`,
    );
  });

  it('an app using only ML-KEM through mlkem-ts/webcrypto loads no curve code: the hybrids are a chunk of their own', async () => {
    const { initial, lazy } = await bundleSplit(WEBCRYPTO_APP);
    const foreign = initial.inputs.filter((p) => p.includes('node_modules/') || p.includes('src/hybrid/'));
    assert.deepEqual(foreign, [], `the ponyfill's initial chunks pull in: ${foreign.join(', ')}`);
    for (const [name, hex] of Object.entries(CURVE_CONSTANTS)) {
      assert.ok(!lowerText(initial).includes(hex), `the ponyfill's initial chunks contain the ${name}`);
      assert.ok(lowerText(lazy).includes(hex), `the hybrids' chunk lacks the ${name}: the constant check is blind`);
    }
    assert.ok(
      lazy.inputs.includes('src/hybrid/constructions.ts') &&
        lazy.inputs.includes('src/hybrid/curves/webcrypto-curves.ts'),
      'the hybrids (and their Web Crypto curves) are not in the chunk loaded on demand',
    );
    console.log(
      `webcrypto app (ML-KEM-768 round trip): ${kb(initial.gzip)} gzipped at start; the hybrids' chunk ${kb(lazy.gzip)} gzipped, loaded on first use`,
    );
  });

  it("an ML-KEM-only Web Crypto app's first load is at most 14 KB gzipped: the backends and the key formats load on first use", async () => {
    const { initial, onDemand } = await bundleSplit(WEBCRYPTO_APP);
    // Every operation is asynchronous and awaits its backend: neither the WebAssembly module nor
    // the portable ML-KEM is needed before the first one; importKey and exportKey load the formats.
    for (const late of ['src/wasm/module.generated.ts', 'src/portable/ntt.ts', 'src/sha3.ts', 'src/keys/der.ts']) {
      assert.ok(!initial.inputs.includes(late), `the first load contains ${late}`);
    }
    assert.ok(
      onDemand['src/wasm/index.ts']?.inputs.includes('src/wasm/module.generated.ts'),
      'the WebAssembly module is not in the chunk the first operation loads',
    );
    assert.ok(initial.gzip <= 14 * 1024, `the first load is ${kb(initial.gzip)} gzipped, above 14 KB`);
    console.log(
      `webcrypto app: ${kb(initial.gzip)} gzipped at start; the first operation adds ${kb(onDemand['src/wasm/index.ts']!.gzip)} (the WebAssembly backend)`,
    );
  });

  it(
    "a browser build of the package's hybrids holds none of native.ts's node:crypto code; a Node.js build does",
    {
      skip: built ? false : 'dist/ is not built (npm run build)',
    },
    async () => {
      assert.deepEqual(Object.keys(twin).sort(), Object.keys(await import('../../src/hybrid/curves/native.js')).sort());
      const imports = {
        esm: "import { XWing } from 'mlkem-ts/hybrid';",
        cjs: "const { XWing } = require('mlkem-ts/hybrid');",
      };
      for (const [platform, format] of [
        ['browser', 'esm'],
        ['browser', 'cjs'],
        ['node', 'esm'],
        ['node', 'cjs'],
      ] as const) {
        const result = await build({
          stdin: { contents: `${imports[format]}\nconsole.log(XWing.keygen().publicKey.length);`, resolveDir: root },
          bundle: true,
          write: false,
          metafile: true,
          platform,
          format,
          logLevel: 'silent',
        });
        const inputs = Object.keys(result.metafile.inputs);
        for (const [source, browserTwin] of Object.entries(BROWSER)) {
          const dir = format === 'esm' ? 'dist' : 'dist/cjs';
          const [absent, present] = [source, browserTwin].map((f) => `${dir}/${stem(f)}.js`);
          const [wanted, unwanted] = platform === 'browser' ? [present!, absent!] : [absent!, present!];
          assert.ok(inputs.includes(wanted), `${platform} ${format}: ${wanted} is not in the bundle`);
          assert.ok(!inputs.includes(unwanted), `${platform} ${format}: ${unwanted} is in the bundle`);
        }
      }
    },
  );

  it('the sizes docs/ gives are the ones measured here (npm run size prints the same), within 0.3 KB', async () => {
    const core = await bundle(CORE_APP);
    const { initial, onDemand } = await bundleSplit(WEBCRYPTO_APP);
    const wasm = Buffer.from(WASM_BASE64, 'base64');
    const memory = new WebAssembly.Instance(new WebAssembly.Module(wasm), {}).exports.memory as WebAssembly.Memory;
    // [page, the sentence with the figure (KB) as its capture, what this file measures in bytes, tolerance in KB]
    const figures: Array<[string, RegExp, number, number]> = [
      ['docs/api.md', /one round trip bundles to ([\d.]+) KB minified and\s+gzipped/, core.gzip, 0.3],
      ['docs/webcrypto.md', /first\s+load is ([\d.]+) KB gzipped/, initial.gzip, 0.3],
      ['docs/webcrypto.md', /first operation loads ([\d.]+) KB more/, onDemand['src/wasm/index.ts']!.gzip, 0.3],
      ['docs/wasm.md', /\(([\d.]+) KB; [\d.]+ KB gzipped as the embedded base64/, wasm.length, 0.3],
      ['docs/wasm.md', /; ([\d.]+) KB gzipped as the embedded base64/, gzipSync(WASM_BASE64, { level: 9 }).length, 0.3],
      ['docs/wasm.md', /fixed-size\s+memory \(([\d.]+) KB\)/, memory.buffer.byteLength, 0],
    ];
    for (const [page, sentence, bytes, tolerance] of figures) {
      const text = readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8');
      const figure = sentence.exec(text)?.[1];
      assert.ok(figure !== undefined, `${page} no longer has ${sentence}: update this test with the page`);
      assert.ok(
        Math.abs(Number(figure) - bytes / 1024) <= tolerance,
        `${page} says ${figure} KB where ${kb(bytes)} is measured (${sentence})`,
      );
    }
  });
});
