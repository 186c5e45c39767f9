// No test hook ships: the functions through which the tests read a key's secrets (what each key
// owns, src/lifetime.ts; a key's expansion, src/key-objects.ts) and the lines that feed them are
// marked `@test-hook` in src/ and left out of dist/ by the build (scripts/build.ts), so no file
// of the package, imported by its path, can switch them on or read through them. Scans every file
// of dist/ and loads every module (ES and CommonJS), and checks that the stripped build works.
// Needs dist/ (`npm run build`, which CI runs before `npm test`): skipped with a notice without
// it, a failure with CI=true.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type * as Hybrid from '../../src/hybrid/index.js';
import type * as WebCrypto from '../../src/webcrypto/index.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dist = join(root, 'dist');
const built = existsSync(join(dist, 'index.js')) && existsSync(join(dist, 'cjs/index.js'));
if (!built) {
  const message = 'dist/ is not built (npm run build): the test-hook checks are skipped';
  if (process.env.CI === 'true') throw new Error(message);
  console.error(`NOTICE: ${message}`);
}

/** The hooks of src/ (each marked @test-hook there) and the marker itself. */
const HOOKS = [
  'trackSecrets',
  'secretsOf',
  'recordSecrets',
  'trackExpansions',
  'expansionOf',
  'expansionsMade',
  '@test-hook',
];
const files = built ? readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => !f.endsWith('.wasm')) : [];

it('no file of dist/ names a test hook (its code, declarations, source maps)', { skip: !built }, () => {
  assert.ok(files.length > 100, `only ${files.length} files in dist/`);
  const found: string[] = [];
  for (const file of files) {
    const path = join(dist, file);
    if (!existsSync(path) || !/\.(js|cjs|mjs|ts|map|json)$/.test(file)) continue;
    const text = readFileSync(path, 'utf8');
    for (const hook of HOOKS) if (text.includes(hook)) found.push(`${file}: ${hook}`);
  }
  assert.deepEqual(found, []);
});

it(
  "no module of dist/, ES or CommonJS, exports a test hook; lifetime's and key-objects' exports are the expected ones",
  { skip: !built },
  async () => {
    const require = createRequire(import.meta.url);
    const exported: string[] = [];
    let modules = 0;
    for (const file of files.filter((f) => f.endsWith('.js') && !f.startsWith('cli/'))) {
      const path = join(dist, file);
      const names = Object.keys(
        (file.startsWith('cjs/') ? require(path) : await import(pathToFileURL(path).href)) as object,
      );
      modules++;
      for (const name of names) if (HOOKS.includes(name)) exported.push(`${file}: ${name}`);
    }
    assert.ok(modules > 100, `loaded only ${modules} modules`);
    assert.deepEqual(exported, []);
    // A new export of these two modules is a new way in: it must be added here, deliberately.
    const exportsOf = async (path: string): Promise<string[]> =>
      Object.keys((await import(pathToFileURL(path).href)) as object)
        .filter((n) => n !== 'default' && n !== 'module.exports')
        .sort();
    assert.deepEqual(await exportsOf(join(dist, 'cjs/lifetime.js')), ['keyLifetime'], 'cjs/lifetime.js');
    assert.deepEqual(
      await exportsOf(join(dist, 'cjs/key-objects.js')),
      ['createDecapsulationKey', 'createEncapsulationKey'],
      'cjs/key-objects.js',
    );
    // The ES build holds both in dist/chunks/core.js, with the other modules the backends share
    // (scripts/build.ts): it exports only what the CommonJS twins of those modules export.
    const core = await exportsOf(join(dist, 'chunks/core.js'));
    assert.ok(core.includes('keyLifetime') && core.includes('createDecapsulationKey'), 'chunks/core.js');
    const merged = new Set<string>();
    for (const file of files.filter((f) => f.startsWith('cjs/') && f.endsWith('.js'))) {
      if (!existsSync(join(dist, file.slice('cjs/'.length))))
        for (const name of await exportsOf(join(dist, file))) merged.add(name);
    }
    assert.deepEqual(
      core.filter((name) => !merged.has(name)),
      [],
      'chunks/core.js exports more than its modules',
    );
  },
);

it(
  "the stripped build still works: the dist/ ponyfill's public and private keys (ML-KEM, a hybrid) and X-Wing",
  { skip: !built },
  async () => {
    for (const dir of ['', 'cjs/']) {
      const { subtle } = (await import(pathToFileURL(join(dist, dir, 'webcrypto/index.js')).href)) as typeof WebCrypto;
      for (const name of ['ML-KEM-768', 'MLKEM768-X25519']) {
        const { publicKey, privateKey } = (await subtle.generateKey(name, false, [
          'encapsulateBits',
          'decapsulateBits',
        ])) as CryptoKeyPair;
        const { ciphertext, sharedKey } = (await subtle.encapsulateBits(name, publicKey)) as {
          ciphertext: ArrayBuffer;
          sharedKey: ArrayBuffer;
        };
        assert.deepEqual(
          new Uint8Array(await subtle.decapsulateBits(name, privateKey, ciphertext)),
          new Uint8Array(sharedKey),
          `${dir}${name}`,
        );
      }
      const { XWing } = (await import(pathToFileURL(join(dist, dir, 'hybrid/index.js')).href)) as typeof Hybrid;
      const pair = XWing.keygen();
      const enc = XWing.encapsulate(pair.publicKey);
      assert.deepEqual(XWing.decapsulate(enc.ciphertext, pair.secretKey), enc.sharedSecret, `${dir}X-Wing`);
    }
  },
);
