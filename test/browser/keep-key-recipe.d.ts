// The module test/browser/keep-key.test.ts bundles from docs/webcrypto.md's recipe block. Its keys
// are AnyCryptoKeys of mlkem-ts/webcrypto, which a module declaration cannot name by a relative
// path: keep-key-page.ts treats them as such.
declare module 'keep-key-recipe' {
  export function createKeptKey(id: string): Promise<unknown>;
  export function loadKeptKey(id: string): Promise<unknown>;
}
