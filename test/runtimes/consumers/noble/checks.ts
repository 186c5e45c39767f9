// What every noble-switch consumer checks (docs/switching.md): the modules its code got through
// '@noble/post-quantum/ml-kem.js' and '/hybrid.js' are mlkem-ts's own objects (the same objects as
// mlkem-ts/noble/… in the same program: a marker no speed or output could fake), they work as noble
// 0.7's do, and the paths that stay noble's (ML-DSA) still sign. scripts/test-runtimes.ts compiles
// this file to checks.mjs and checks.cjs (importing the smoke suite's .cjs), as it does the suite.
import { type SmokeResult, report, runCheck } from '../smoke/suite.mjs';

export { report };

type Module = Record<string, unknown>;
type Kem = {
  keygen(seed?: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array };
  encapsulate(publicKey: Uint8Array, msg?: Uint8Array): { cipherText: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
};
type Dsa = {
  keygen(seed?: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array };
  sign(msg: Uint8Array, secretKey: Uint8Array): Uint8Array;
  verify(sig: Uint8Array, msg: Uint8Array, publicKey: Uint8Array): boolean;
};

export interface NobleInput {
  /** '@noble/post-quantum/ml-kem.js' and '/hybrid.js', as the consumer's code imported them. */
  kem: Module;
  hybrid: Module;
  /** mlkem-ts/noble/ml-kem.js and mlkem-ts/noble/hybrid.js, imported by their own names. */
  ours: Module;
  oursHybrid: Module;
  /** '@noble/post-quantum/ml-dsa.js', where the consumer can load noble's ES modules. */
  dsa?: Module;
  /** The real noble's ml-kem.js (the overrides package's alias), where it can be reached. */
  upstreamKem?: Module;
  /** The consumer's own checks, run after these. */
  extra?: Record<string, () => unknown>;
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const seed = (n: number, fill: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + fill) & 0xff);

function roundTrip(kem: Kem, seedLength: number): void {
  const { publicKey, secretKey } = kem.keygen(seed(seedLength, 1));
  const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
  if (!(cipherText instanceof Uint8Array) || sharedSecret.length !== 32) throw new Error('encapsulate did not give { cipherText, sharedSecret }');
  if (!equal(kem.decapsulate(cipherText, secretKey), sharedSecret)) throw new Error('decapsulate gave another secret');
}

export async function nobleChecks(input: NobleInput): Promise<SmokeResult> {
  const result: SmokeResult = { passed: 0, failed: 0, failures: [], checks: [] };
  const check = (name: string, fn: () => unknown): Promise<void> => runCheck(result, name, fn);
  const same = (module: Module, mine: Module, names: string[], path: string): void => {
    for (const name of names) {
      if (mine[name] === undefined) throw new Error(`mlkem-ts/noble does not export ${name}`);
      if (module[name] !== mine[name]) throw new Error(`${name} from ${path} is not mlkem-ts's (${typeof module[name]})`);
    }
  };
  const hybridNames = Object.keys(input.oursHybrid).filter((n) => typeof (input.oursHybrid[n] as Kem | undefined)?.encapsulate === 'function');

  await check("'@noble/post-quantum/ml-kem.js' gives mlkem-ts's ml_kem512, ml_kem768, ml_kem1024", () =>
    same(input.kem, input.ours, ['ml_kem512', 'ml_kem768', 'ml_kem1024'], '@noble/post-quantum/ml-kem.js'),
  );
  await check(`'@noble/post-quantum/hybrid.js' gives mlkem-ts's hybrids (${hybridNames.length} names, 0.7's and 0.5's)`, () => {
    for (const name of ['ml_kem768_x25519', 'ml_kem768_p256', 'ml_kem1024_p384']) if (!hybridNames.includes(name)) throw new Error(`no ${name}`);
    same(input.hybrid, input.oursHybrid, hybridNames, '@noble/post-quantum/hybrid.js');
  });
  for (const name of ['ml_kem512', 'ml_kem768', 'ml_kem1024']) {
    await check(`${name}: keygen(seed), encapsulate, decapsulate`, () => roundTrip(input.kem[name] as Kem, 64));
  }
  for (const name of hybridNames) {
    await check(`${name}: keygen, encapsulate, decapsulate`, () => {
      const kem = input.hybrid[name] as Kem;
      const { publicKey, secretKey } = kem.keygen();
      const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
      if (!equal(kem.decapsulate(cipherText, secretKey), sharedSecret)) throw new Error('decapsulate gave another secret');
    });
  }
  if (input.upstreamKem !== undefined) {
    const upstream = input.upstreamKem;
    await check("the real noble (the package's alias) is another object, and agrees byte for byte", () => {
      const theirs = upstream['ml_kem768'] as Kem;
      const mine = input.kem['ml_kem768'] as Kem;
      if ((theirs as unknown) === mine) throw new Error('the alias reaches mlkem-ts, not noble');
      const a = mine.keygen(seed(64, 3));
      const b = theirs.keygen(seed(64, 3));
      if (!equal(a.publicKey, b.publicKey) || !equal(a.secretKey, b.secretKey)) throw new Error('keygen(seed) differs');
      const { cipherText, sharedSecret } = mine.encapsulate(a.publicKey, seed(32, 9));
      const theirsEnc = theirs.encapsulate(a.publicKey, seed(32, 9));
      if (!equal(cipherText, theirsEnc.cipherText) || !equal(sharedSecret, theirsEnc.sharedSecret)) throw new Error('encapsulate(pk, msg) differs');
      if (!equal(theirs.decapsulate(cipherText, b.secretKey), sharedSecret)) throw new Error("noble's decapsulate differs");
    });
  }
  if (input.dsa !== undefined) {
    const dsa = input.dsa;
    await check("'@noble/post-quantum/ml-dsa.js' (noble's own) still signs and verifies", () => {
      const signer = dsa['ml_dsa44'] as Dsa;
      const { publicKey, secretKey } = signer.keygen(seed(32, 5));
      const msg = seed(24, 11); // not TextEncoder: Hermes has none
      if (!signer.verify(signer.sign(msg, secretKey), msg, publicKey)) throw new Error('the signature does not verify');
    });
  }
  for (const [name, fn] of Object.entries(input.extra ?? {})) await check(name, fn);
  return result;
}
