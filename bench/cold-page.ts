// The page of `npm run bench:cold -- --browsers …` (bench/cold.ts bundles it once per
// implementation, __IMPL__, and opens each bundle in a fresh browser with a fresh profile): one
// ML-KEM-768 round trip (keygen, encapsulate, decapsulate), as a page's first operation. It POSTs
// `script`, the ms from the start of its script to the end of the round trip, and `page`, the ms
// from the navigation's start (its bundle's fetch, parse and compilation included).
declare const __IMPL__: 'mlkem-ts/wasm' | 'mlkem-ts' | 'Web Crypto';

const t0 = performance.now();
let ok = false;
let error: string | undefined;
try {
  if (__IMPL__ === 'Web Crypto') {
    const alg = { name: 'ML-KEM-768' };
    const s = crypto.subtle as unknown as {
      generateKey(a: object, x: boolean, u: string[]): Promise<CryptoKeyPair>;
      encapsulateBits(a: object, k: CryptoKey): Promise<{ ciphertext: ArrayBuffer; sharedKey: ArrayBuffer }>;
      decapsulateBits(a: object, k: CryptoKey, c: ArrayBuffer): Promise<ArrayBuffer>;
    };
    const keys = await s.generateKey(alg, false, ['encapsulateBits', 'decapsulateBits']);
    const { ciphertext, sharedKey } = await s.encapsulateBits(alg, keys.publicKey);
    const secret = new Uint8Array(await s.decapsulateBits(alg, keys.privateKey, ciphertext));
    ok = secret.every((b, i) => b === new Uint8Array(sharedKey)[i]);
  } else {
    const kem =
      __IMPL__ === 'mlkem-ts/wasm'
        ? (await (await import('../src/wasm/index.js')).loadWasm()).MlKem768
        : (await import('../src/index.js')).MlKem768;
    const { publicKey, secretKey } = kem.keygen();
    const { ciphertext, sharedSecret } = kem.encapsulate(publicKey);
    ok = kem.decapsulate(ciphertext, secretKey).every((b, i) => b === sharedSecret[i]);
  }
} catch (err) {
  error = String(err); // a browser without ML-KEM in its Web Crypto
}
const t1 = performance.now();
await fetch('/result', {
  method: 'POST',
  body: JSON.stringify({ ok, error, script: t1 - t0, page: t1, ua: navigator.userAgent }),
});
