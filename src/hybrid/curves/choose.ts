// Which implementation serves each operation of a curve: every rule in one pure function,
// choose(), and the doors that ask it, a Group's impl (the synchronous hybrids) and serve (which
// webcrypto-curves.ts's asyncImpl asks, for mlkem-ts/webcrypto and the HPKE adapters: so only
// they import Web Crypto's curves). The rows, with what they rest on (Node 20 is OpenSSL 3.0,
// Node 26 OpenSSL 3.5; bench/x25519-paths.ts, bench/hybrid-native-micro.ts, bench:browser):
// - 'noble', 'native', 'wasm', 'webcrypto': that implementation for every use, or an error where
//   it is missing or fails its self-test ('wasm' on a curve the module lacks: noble, as in a browser).
// - 'auto': node:crypto where it passes its self-tests; its shared secret on a loaded key is the
//   fastest (X25519 ≈ 50 µs against the module's 85). But in Node.js with the WebAssembly X25519
//   loaded, a keygen's public element goes to the module's fixed-base code (≈ 33 µs against a
//   native load's 55), and on OpenSSL 3.0, where a native X25519 load costs ≈ 450 µs, so does a
//   scalar used once; a kept key runs its first KEPT_TRIAL shared secrets there, then loads into
//   node:crypto once. Deno and Bun report an OpenSSL version that is not their code's: node:crypto
//   serves every use there.
// - Without node:crypto: the module's X25519 once loaded (synchronous, and faster than the
//   browsers' Web Crypto), else on the asynchronous doors the runtime's Web Crypto where it passes
//   its self-test, else @noble/curves.
// - node:crypto's 'sec1' form (P-384) only on OpenSSL 3.0 (nativeForms; native.ts says why).
import { wipe } from '../../ct.js';
import { recordSecrets } from '../../lifetime.js'; // @test-hook
import {
  type AsyncCurveChoice,
  type AsyncCurvePath,
  type CurveChoice,
  type CurveImpl,
  type CurveKey,
  type CurveUse,
  type Group,
  type NativeForm,
} from './curve.js';
import { nativeCurve } from './native.js';

/** Node.js's own node:crypto over OpenSSL 3.0 or older, or over a later one; undefined elsewhere. */
export type OpenSsl = '3.0' | 'later' | undefined;

/** What choose() reads. */
export interface Facts {
  readonly openssl: OpenSsl;
  /** Whether the curve has an implementation in the WebAssembly module (X25519). */
  readonly inModule: boolean;
  /** Per implementation: there and past its self-test (true), not (false), or not probed yet (absent). */
  readonly passed: Readonly<Partial<Record<AsyncCurvePath, boolean>>>;
}

/**
 * The implementation of each use of a scalar (CurveUse); a kept key runs its public element and
 * first `trial` shared secrets on `once`'s, then loads into `kept`'s.
 */
export interface Plan {
  readonly public: AsyncCurvePath;
  readonly once: AsyncCurvePath;
  readonly kept: AsyncCurvePath;
  readonly trial: number;
}

/** A plan; or an implementation to probe before asking again; or the one the choice needs, missing. */
export type Answer = Plan | { readonly probe: AsyncCurvePath } | { readonly missing: Exclude<AsyncCurvePath, 'noble'> };

/**
 * About the native load's cost in shared secrets saved on OpenSSL 3.0 (a load ≈ 450 µs, a shared
 * secret ≈ 55 µs against the module's 85): a key used a few times never pays the load, and one
 * used often pays it once, at most about 1.6 times the better of the two.
 */
export const KEPT_TRIAL = 8;

const all = (p: AsyncCurvePath): Plan => Object.freeze({ public: p, once: p, kept: p, trial: 0 });
export const ONLY = { native: all('native'), wasm: all('wasm'), noble: all('noble'), webcrypto: all('webcrypto') };
export const NODE_30: Plan = Object.freeze({ public: 'wasm', once: 'wasm', kept: 'native', trial: KEPT_TRIAL });
export const NODE_LATER: Plan = Object.freeze({ public: 'wasm', once: 'native', kept: 'native', trial: 0 });

/** The rules above, for a choice at a door; every answer is one of the frozen plans above. */
export function choose(choice: AsyncCurveChoice, door: 'sync' | 'async', f: Facts): Answer {
  const has = f.passed;
  if (choice === 'noble' || (choice === 'wasm' && !f.inModule)) return ONLY.noble;
  if (choice !== 'auto')
    return has[choice] === undefined ? { probe: choice } : has[choice] ? ONLY[choice] : { missing: choice };
  if (has.native === undefined) return { probe: 'native' };
  const module = f.inModule && (!has.native || f.openssl !== undefined); // where it could serve
  if (module && has.wasm === undefined) return { probe: 'wasm' };
  if (has.native) return module && has.wasm ? (f.openssl === '3.0' ? NODE_30 : NODE_LATER) : ONLY.native;
  if (module && has.wasm) return ONLY.wasm;
  if (door === 'sync') return ONLY.noble;
  if (has.webcrypto === undefined) return { probe: 'webcrypto' };
  return has.webcrypto ? ONLY.webcrypto : ONLY.noble;
}

/** The forms of node:crypto a curve tries, in its order: 'sec1' only on OpenSSL 3.0. */
export const nativeForms = (forms: readonly NativeForm[], openssl: OpenSsl): NativeForm[] =>
  forms.filter((form) => form !== 'sec1' || openssl === '3.0');

/** The OpenSSL of a runtime's globals: Node.js's own only (Deno and Bun report one that is not their code's). */
export function opensslOf(globals: object): OpenSsl {
  const g = globals as { process?: { versions?: { openssl?: unknown } }; Deno?: unknown; Bun?: unknown };
  const v = g.Deno === undefined && g.Bun === undefined ? g.process?.versions?.openssl : undefined;
  const m = typeof v === 'string' ? /^(\d+)\.(\d+)\./.exec(v) : null;
  if (m === null) return undefined;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major < 3 || (major === 3 && minor === 0) ? '3.0' : 'later';
}

let openssl: { readonly v: OpenSsl } | undefined;
/** This runtime's, probed once. */
export const runtimeOpenSsl = (): OpenSsl => (openssl ??= { v: opensslOf(globalThis) }).v;

/** One implementation for each use of a scalar; a kept key's copy for its later load is wiped on dispose. */
export function perUse(u: Record<CurveUse, CurveImpl>, trial: number): CurveImpl {
  return Object.freeze({
    path: u.once.path,
    load(scalar: Uint8Array, use: CurveUse = 'once'): CurveKey {
      if (use !== 'kept' || trial === 0) return u[use].load(scalar, use);
      const copy = scalar.slice();
      const first = u.once.load(copy);
      let uses = 0;
      let later: CurveKey | undefined;
      const key: CurveKey = {
        publicKey: () => first.publicKey(),
        sharedSecret(peer: Uint8Array): Uint8Array {
          if (later === undefined && ++uses > trial) later = u.kept.load(copy, 'kept');
          return (later ?? first).sharedSecret(peer);
        },
        dispose: () => {
          first.dispose();
          later?.dispose();
          wipe(copy);
        },
      };
      recordSecrets(key, { arrays: [copy], parts: [first] }); // @test-hook
      return key;
    },
  } as const);
}

const MISSING = {
  native: (n: string) => `${n}: this runtime has no native ${n} (node:crypto)`,
  wasm: (n: string) => `${n}: no WebAssembly ${n}: the WebAssembly backend is not loaded (loadWasm, loadWasmSync)`,
  webcrypto: (n: string) => `${n}: this runtime's Web Crypto has no ${n} that passes the self-test`,
};

/** The implementations a curve has. */
interface Sources {
  readonly noble: CurveImpl;
  /** The WebAssembly module's, where the curve has one: once loaded, past its self-test. */
  readonly wasm?: () => CurveImpl | undefined;
}

/** A Group's doors, both asking choose() with what they probe on the way (node:crypto once). */
export function doors(
  g: Pick<Group, 'name' | 'secretBytes' | 'pkcs8' | 'native' | 'webCrypto'>,
  s: Sources,
): Pick<Group, 'impl' | 'serve'> {
  let native: { readonly impl: CurveImpl | undefined } | undefined;
  let composite: { readonly wasm: CurveImpl; readonly impl: CurveImpl } | undefined;
  const probes = {
    native: () => (native ??= { impl: nativeCurve(g, s.noble, nativeForms(g.native.forms, runtimeOpenSsl())) }).impl,
    wasm: () => s.wasm?.(),
  };
  function serve(choice: AsyncCurveChoice, door: 'sync' | 'async', webcrypto?: boolean): CurveImpl | 'webcrypto' {
    const passed: Partial<Record<AsyncCurvePath, boolean>> =
      webcrypto === undefined ? { noble: true } : { noble: true, webcrypto };
    const found: Partial<Record<AsyncCurvePath, CurveImpl | undefined>> = { noble: s.noble };
    for (;;) {
      const a = choose(choice, door, { openssl: runtimeOpenSsl(), inModule: s.wasm !== undefined, passed });
      if ('missing' in a) throw new Error(MISSING[a.missing](g.name));
      if ('probe' in a) {
        if (a.probe !== 'native' && a.probe !== 'wasm') return 'webcrypto';
        passed[a.probe] = (found[a.probe] = probes[a.probe]()) !== undefined;
      } else if (a.once === 'webcrypto') return 'webcrypto';
      else if (a.trial === 0 && a.public === a.kept && a.once === a.kept) return found[a.once]!;
      else {
        const wasm = found.wasm!; // every plan of two implementations has the module's and node:crypto's
        if (composite?.wasm !== wasm)
          composite = {
            wasm,
            impl: perUse({ public: found[a.public]!, once: found[a.once]!, kept: found[a.kept]! }, a.trial),
          };
        return composite.impl;
      }
    }
  }
  return { impl: (choice: CurveChoice) => serve(choice, 'sync') as CurveImpl, serve };
}
