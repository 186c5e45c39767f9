// The page of test/browser/keep-key.test.ts: docs/webcrypto.md's keep-a-key recipe (bundled in as
// the module 'keep-key-recipe'), used as an app would. First load: createKeptKey, an
// encapsulation to its public key, then a reload. Second load: loadKeptKey, decapsulation here and
// in a worker (this same bundle, which loads the key from IndexedDB itself); what structuredClone,
// postMessage and IndexedDB's put of our key throw; and loadWasmSync on the main thread
// (docs/wasm.md). The result is POSTed to /result.
import * as recipe from 'keep-key-recipe';

import { loadWasmSync } from '../../src/wasm/index.js';
import { type AnyCryptoKey, subtle } from '../../src/webcrypto/index.js';

const createKeptKey = recipe.createKeptKey as (id: string) => Promise<AnyCryptoKey>;
const loadKeptKey = recipe.loadKeptKey as (id: string) => Promise<AnyCryptoKey>;

export interface KeepKeyResult {
  ua: string;
  /** Decapsulated on the second page load, in the page and in a worker: equal to the encapsulated secret. */
  page: boolean;
  worker: boolean;
  extractable: boolean;
  /** What exportKey of the unwrapped key gave: the DOMException's name. */
  exported: string;
  /** `name: message` of what structuredClone(key), postMessage(key) and storing it in IndexedDB threw. */
  clone: string;
  postMessage: string;
  indexedDB: string;
  /** loadWasmSync() on the page's main thread gave a working ML-KEM-768. */
  wasmSync: boolean;
  fatal: string | null;
}

const hex = (b: ArrayBuffer): string => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(s.match(/../g)!, (h) => parseInt(h, 16));
const thrown = (f: () => unknown): string => {
  try {
    f();
    return 'nothing';
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
};

async function decapsulate(ct: string): Promise<string> {
  return hex(await subtle.decapsulateBits('ML-KEM-768', await loadKeptKey('k'), unhex(ct)));
}

async function page(): Promise<KeepKeyResult | undefined> {
  const stored = localStorage.getItem('keep-key');
  if (stored === null) {
    const publicKey = await createKeptKey('k');
    const { ciphertext, sharedKey } = await subtle.encapsulateBits('ML-KEM-768', publicKey);
    localStorage.setItem('keep-key', JSON.stringify({ ct: hex(ciphertext), ss: hex(sharedKey) }));
    location.reload();
    return undefined;
  }
  const { ct, ss } = JSON.parse(stored) as { ct: string; ss: string };
  const key = await loadKeptKey('k');
  const worker = new Worker('/app.js', { type: 'module' });
  const fromWorker = new Promise<string>((resolve) => (worker.onmessage = (e) => resolve(String(e.data))));
  worker.postMessage(ct);
  const { MlKem768 } = loadWasmSync();
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('app-keys'); // the recipe's
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const put = thrown(() => db.transaction('keys', 'readwrite').objectStore('keys').put(key, 'the key itself'));
  db.close();
  return {
    ua: navigator.userAgent,
    page: (await decapsulate(ct)) === ss,
    worker: (await fromWorker) === ss,
    extractable: key.extractable,
    exported: await subtle.exportKey('raw-seed', key).then(
      () => 'exported',
      (err: Error) => err.name,
    ),
    clone: thrown(() => structuredClone(key)),
    postMessage: thrown(() => worker.postMessage(key)),
    indexedDB: put,
    wasmSync: MlKem768.keygen().publicKey.length === 1184,
    fatal: null,
  };
}

if (typeof document === 'undefined') {
  onmessage = async (e: MessageEvent<string>) => postMessage(await decapsulate(e.data).catch(String));
} else {
  void page()
    .catch((err: unknown) => ({ fatal: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
    .then((result) => result && fetch('/result', { method: 'POST', body: JSON.stringify(result) }));
}
