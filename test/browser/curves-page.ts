import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
// The page of test/browser/curves.test.ts: the curve-paths suite (test/support/curve-paths-suite.ts)
// on both backends, with the doors on the paths given (the browser's Web Crypto, noble, 'auto'); then the
// ponyfill (mlkem-ts/webcrypto) for each concrete hybrid against the synchronous noble hybrid; and
// where a scalar loaded into the browser's Web Crypto is copied. The result is POSTed to /result.
import { MlKem1024, MlKem768 } from '../../src/index.js';
import { loadWasm } from '../../src/wasm/index.js';
import { subtle } from '../../src/webcrypto/index.js';
import { type CurvePathsResult, runCurvePaths } from '../support/curve-paths-suite.js';
import { runScalarCopies, type ScalarCopiesResult } from '../support/scalar-copies.js';

declare const __ROUNDS__: number;
declare const __PATHS__: Array<'webcrypto' | 'noble' | 'auto'>;

export interface CurvesPageResult {
  ua: string;
  suites: Record<string, CurvePathsResult>;
  ponyfill: string[];
  ponyfillChecks: number;
  /** Where a scalar loaded into the browser's Web Crypto was copied (test/support/scalar-copies.ts). */
  scalarCopies: ScalarCopiesResult | null;
  fatal: string | null;
}

const hex = (b: ArrayBuffer | Uint8Array): string =>
  Array.from(new Uint8Array(b as ArrayBuffer), (x) => x.toString(16).padStart(2, '0')).join('');

/** The ponyfill's hybrids: keys made there, encapsulations there, decapsulated by the noble hybrid (and back). */
async function ponyfill(result: CurvesPageResult): Promise<void> {
  const names = {
    'X-Wing': 'MLKEM768-X25519',
    'MLKEM768-P256': 'MLKEM768-P256',
    'MLKEM1024-P384': 'MLKEM1024-P384',
  } as const;
  for (const [name, algorithm] of Object.entries(names)) {
    const ref = CONSTRUCTIONS.find((c) => c.name === name)!.over(
      name === 'MLKEM1024-P384' ? MlKem1024 : MlKem768,
      'noble',
    );
    for (let i = 0; i < 3; i++) {
      const { publicKey, privateKey } = (await subtle.generateKey(algorithm, true, [
        'encapsulateBits',
        'decapsulateBits',
      ])) as CryptoKeyPair;
      const seed = new Uint8Array((await subtle.exportKey('raw-seed', privateKey)) as ArrayBuffer);
      const pk = new Uint8Array((await subtle.exportKey('raw-public', publicKey)) as ArrayBuffer);
      if (hex(ref.keygen(seed).publicKey) !== hex(pk))
        result.ponyfill.push(`${algorithm}: public key differs from noble's`);
      for (let j = 0; j < 2; j++) {
        const { ciphertext, sharedKey } = (await subtle.encapsulateBits(algorithm, publicKey)) as {
          ciphertext: ArrayBuffer;
          sharedKey: ArrayBuffer;
        };
        if (hex(ref.decapsulate(new Uint8Array(ciphertext), seed)) !== hex(sharedKey))
          result.ponyfill.push(`${algorithm}: noble decapsulates another secret`);
        const back = await subtle.decapsulateBits(algorithm, privateKey, ciphertext);
        if (hex(back) !== hex(sharedKey)) result.ponyfill.push(`${algorithm}: decapsulateBits differs`);
        const theirs = ref.encapsulate(pk);
        if (hex(await subtle.decapsulateBits(algorithm, privateKey, theirs.ciphertext)) !== hex(theirs.sharedSecret))
          result.ponyfill.push(`${algorithm}: noble's encapsulation decapsulates to another secret`);
        result.ponyfillChecks += 3;
      }
      result.ponyfillChecks++;
    }
  }
}

void (async () => {
  const result: CurvesPageResult = {
    ua: navigator.userAgent,
    suites: {},
    ponyfill: [],
    ponyfillChecks: 0,
    scalarCopies: null,
    fatal: null,
  };
  try {
    const paths = __PATHS__;
    result.scalarCopies = await runScalarCopies();
    result.suites.portable = await runCurvePaths({ MlKem768, MlKem1024 }, paths, __ROUNDS__);
    result.suites.wasm = await runCurvePaths(await loadWasm(), paths, __ROUNDS__);
    await ponyfill(result);
  } catch (err) {
    result.fatal = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  await fetch('/result', { method: 'POST', body: JSON.stringify(result) });
})();
