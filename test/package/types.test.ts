// A consumer's strict TypeScript app hands every byte result of every entry point to the APIs that
// take a BufferSource (crypto.subtle.importKey, Blob, TextDecoder, Response). Results typed
// Uint8Array<ArrayBufferLike> fail there with TS2769 / TS2322 / TS2345 under TypeScript 5.7+; ours
// are Uint8Array<ArrayBuffer>. Checked with every compiler of the matrix (TypeScript 5.7, 5.9 and
// the newest), under the DOM library alone and under @types/node alone, against the declarations
// tsc emits from src/ (what the package ships). Type checks only: nothing here runs.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { compilers, declarationPaths, emitDeclarations, root, runTsc } from '../support/typescript.js';

const dir = join(root, '.tools', 'types-matrix');
const dts = join(dir, 'dts');

/** Every byte result a consumer gets, as an expression over the setup below. */
const RESULTS: Record<string, string> = {
  'MlKem768.keygen().publicKey': 'pair.publicKey',
  'MlKem768.keygen().secretKey': 'pair.secretKey',
  'MlKem768.keygen().seed': 'pair.seed',
  'MlKem768.encapsulate().ciphertext': 'enc.ciphertext',
  'MlKem768.encapsulate().sharedSecret': 'enc.sharedSecret',
  'MlKem768.encapsulateInternal().sharedSecret': 'MlKem512.encapsulateInternal(pair.publicKey, pair.seed).sharedSecret',
  'MlKem768.decapsulate()': 'MlKem768.decapsulate(enc.ciphertext, pair.secretKey)',
  'EncapsulationKey.bytes()': 'ek.bytes()',
  'EncapsulationKey.encapsulate().ciphertext': 'ek.encapsulate().ciphertext',
  'DecapsulationKey.decapsulate()': 'dk.decapsulate(enc.ciphertext)',
  'DecapsulationKey.seed()': 'dk.seed()!',
  'DecapsulationKey.secretKey()': 'dk.secretKey()',
  'DecapsulationKey.encapsulationKey.bytes()': 'dk.encapsulationKey.bytes()',
  'loadWasm() MlKem768.keygen().publicKey': 'wasm.MlKem768.keygen().publicKey',
  'loadWasmSync() MlKem1024.decapsulate()': 'wasmSync.MlKem1024.decapsulate(enc.ciphertext, pair.secretKey)',
  'encodeSpki()': 'encodeSpki(pair.publicKey)',
  'encodePkcs8()': 'encodePkcs8(pair)',
  'fromPem().der': "fromPem(toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY')).der",
  'decodeSpki().publicKey': 'decodeSpki(encodeSpki(pair.publicKey)).publicKey',
  'decodePkcs8().secretKey': 'priv.secretKey',
  'decodePkcs8().seed': 'priv.seed!',
  'decodePkcs8().publicKey': 'priv.publicKey',
  'fromJwk().publicKey': 'fromJwk(toJwk(pair)).publicKey',
  'XWing.keygen().publicKey': 'hy.publicKey',
  'XWing.keygen().secretKey': 'hy.secretKey',
  'XWing.encapsulate().ciphertext': 'hyEnc.ciphertext',
  'XWing.encapsulate().sharedSecret': 'hyEnc.sharedSecret',
  'XWing.decapsulate()': 'XWing.decapsulate(hyEnc.ciphertext, hy.secretKey)',
  'MLKEM768_P256.encapsulationKey().bytes()': 'MLKEM768_P256.encapsulationKey(p256.publicKey).bytes()',
  'MLKEM768_P256.decapsulationKey().seed()': 'MLKEM768_P256.decapsulationKey(p256.secretKey).seed()',
  'X25519MLKEM768.decapsulationKey().decapsulate()': 'tlsKey.decapsulate(enc.ciphertext)',
  'HPKE ML_KEM_768.deriveKeyPair().privateKey': 'hpkePair.privateKey',
  'HPKE ML_KEM_768.encap().enc': 'hpkeEnc.enc',
  'HPKE MLKEM768_X25519.encap().sharedSecret':
    'HPKE_XWING.encap(HPKE_XWING.deriveKeyPair(pair.seed).publicKey).sharedSecret',
  'HPKE ML_KEM_768.decap()': 'ML_KEM_768.decap(hpkeEnc.enc, hpkePair.privateKey)',
  'noble ml_kem768.keygen().secretKey': 'ml_kem768.keygen().secretKey',
  'noble ml_kem768.encapsulate().cipherText': 'ml_kem768.encapsulate(pair.publicKey).cipherText',
  'noble ml_kem768.decapsulate()': 'ml_kem768.decapsulate(enc.ciphertext, pair.secretKey)',
  'noble ml_kem768.getPublicKey()': 'ml_kem768.getPublicKey(pair.secretKey)',
  'noble ml_kem768_x25519.encapsulate().sharedSecret':
    'ml_kem768_x25519.encapsulate(ml_kem768_x25519.keygen().publicKey).sharedSecret',
};

/** The consumer: each result passed straight to the four BufferSource APIs, one statement each. */
export function consumer(): string {
  const uses = Object.entries(RESULTS).map(
    ([label, expr], i) => `
  // ${label}
  const r${i} = ${expr};
  await crypto.subtle.importKey('raw', r${i}, 'HKDF', false, ['deriveKey']);
  new Blob([r${i}]);
  new TextDecoder().decode(r${i});
  new Response(r${i});`,
  );
  return `import { MlKem512, MlKem768 } from 'mlkem-ts';
import { loadWasm, loadWasmSync } from 'mlkem-ts/wasm';
import { decodePkcs8, decodeSpki, encodePkcs8, encodeSpki, fromJwk, fromPem, toJwk, toPem } from 'mlkem-ts/keys';
import { MLKEM768_P256, X25519MLKEM768, XWing } from 'mlkem-ts/hybrid';
import { ML_KEM_768, MLKEM768_X25519 as HPKE_XWING } from 'mlkem-ts/hpke';
import { ml_kem768 } from 'mlkem-ts/noble/ml-kem.js';
import { ml_kem768_x25519 } from 'mlkem-ts/noble/hybrid.js';

export async function main(): Promise<void> {
  const pair = MlKem768.keygen();
  const enc = MlKem768.encapsulate(pair.publicKey);
  const ek = MlKem768.encapsulationKey(pair.publicKey);
  const dk = MlKem768.decapsulationKey(pair.seed);
  const wasm = await loadWasm();
  const wasmSync = loadWasmSync();
  const priv = decodePkcs8(encodePkcs8(pair));
  const hy = XWing.keygen();
  const hyEnc = XWing.encapsulate(hy.publicKey);
  const p256 = MLKEM768_P256.keygen();
  const tlsKey = X25519MLKEM768.decapsulationKey(X25519MLKEM768.keygen().secretKey);
  const hpkePair = ML_KEM_768.deriveKeyPair(pair.seed);
  const hpkeEnc = ML_KEM_768.encap(hpkePair.publicKey);
${uses.join('\n')}
}
`;
}

/** The two environments of a consumer: a browser app (the DOM library) and a Node app (@types/node, no DOM). */
const ENVIRONMENTS = {
  'lib: dom': { lib: ['es2022', 'esnext.disposable', 'dom'], types: [] as string[] },
  '@types/node': { lib: ['es2022', 'esnext.disposable'], types: ['node'] },
} as const;

/** Writes the consumer and a tsconfig per environment; the tsconfig's path. */
export function writeConsumer(folder: string, declarations: string, environment: keyof typeof ENVIRONMENTS): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'consumer.mts'), consumer());
  const tsconfig = join(folder, `tsconfig.${environment.replace(/\W+/g, '-')}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        ...ENVIRONMENTS[environment],
        typeRoots: [join(root, 'node_modules/@types')],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        paths: declarationPaths(folder, declarations),
      },
      files: ['consumer.mts'],
    }),
  );
  return tsconfig;
}

describe('a strict consumer hands every byte result to BufferSource APIs', () => {
  before(() => {
    rmSync(dir, { recursive: true, force: true });
    emitDeclarations(dts);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`lists the results of every entry point (${Object.keys(RESULTS).length})`, () => {
    for (const entry of [
      'mlkem-ts',
      'mlkem-ts/wasm',
      'mlkem-ts/keys',
      'mlkem-ts/hybrid',
      'mlkem-ts/hpke',
      'mlkem-ts/noble/ml-kem.js',
      'mlkem-ts/noble/hybrid.js',
    ]) {
      assert.ok(consumer().includes(`from '${entry}'`), entry);
    }
  });

  for (const compiler of compilers()) {
    for (const environment of Object.keys(ENVIRONMENTS) as Array<keyof typeof ENVIRONMENTS>) {
      it(`${compiler.name}, ${environment}`, () => {
        const { status, output } = runTsc(compiler, writeConsumer(dir, dts, environment));
        assert.equal(status, 0, `${compiler.name} (${environment}) rejects our results:\n${output}`);
      });
    }
  }
});
