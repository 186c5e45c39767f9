// One lifetime for every decapsulation key of the package (ML-KEM, the hybrids, and through them
// Web Crypto's and HPKE's keys): a key owns some secret arrays and some parts (keys and curve keys
// it is built from). dispose() wipes the arrays and disposes of the parts, once; a key collected
// without dispose() gets the same wipe from one FinalizationRegistry where the runtime has one
// (Hermes has none: there, only dispose() wipes). The registry holds the wipe, never
// the key, so the key can be collected.
import { wipe } from './ct.js';
import { MlKemError } from './errors.js';

/** Something a key owns and disposes of with itself: an inner key object, a loaded curve key. */
interface Part {
  dispose(): void;
}

/** What a key owns: the arrays to wipe and the parts to dispose of. */
export interface Secrets {
  readonly arrays: readonly (Uint8Array | Int16Array | undefined)[];
  readonly parts: readonly Part[];
}

const disposeSymbol: symbol | undefined = typeof Symbol.dispose === 'symbol' ? Symbol.dispose : undefined;

let registry: FinalizationRegistry<() => void> | null | undefined;

/** The one FinalizationRegistry, made on first use; null where the runtime has none (Hermes). */
function collected(): FinalizationRegistry<() => void> | null {
  if (registry === undefined)
    registry =
      typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((wipeSecrets) => wipeSecrets()) : null;
  return registry;
}

function wipeAll(s: Secrets): void {
  try {
    wipe(...s.arrays);
  } finally {
    for (const part of s.parts) part.dispose();
  }
}

/**
 * The lifetime of a key named `name` (for the ERR_KEY_DISPOSED message) that owns `secrets`.
 * Note: `secrets` must not reach the key itself, or the registry would keep the key alive.
 */
export function keyLifetime(name: string, secrets: Secrets) {
  let live = true;
  const token = {};
  const onCollect = () => wipeAll(secrets); // reaches the secrets, not the key
  /** Wipes the key's secrets once; calling it again does nothing. */
  const dispose = (): void => {
    if (!live) return;
    live = false;
    collected()?.unregister(token);
    wipeAll(secrets);
  };
  return {
    /** Throws ERR_KEY_DISPOSED once dispose() has run. */
    alive(): void {
      if (!live)
        throw new MlKemError(
          'ERR_KEY_DISPOSED',
          `this ${name} decapsulation key was disposed: its secrets are wiped and it can no longer be used`,
        );
    },
    dispose,
    /** Adds Symbol.dispose (where the runtime has it), registers the key for its wipe on collection, and freezes it. */
    seal<T extends object>(key: T): T {
      if (disposeSymbol !== undefined) Object.defineProperty(key, disposeSymbol, { value: dispose });
      tracked?.set(key, secrets); // @test-hook
      collected()?.register(key, onCollect, token);
      return Object.freeze(key);
    },
  };
}

// @test-hooks begin: for the tests only, left out of dist/ by the build (scripts/build.ts).
let tracked: WeakMap<object, Secrets> | undefined;

/**
 * @internal For the tests that check that keys are wiped (on dispose, and when collected): from
 * now on, what each key and part owns is remembered for secretsOf. Off by default (a WeakMap entry
 * per key costs construction and collection time).
 */
export function trackSecrets(): void {
  tracked ??= new WeakMap();
}

/** @internal Records what a part (a curve key, a key handle) owns, once trackSecrets() has run. */
export function recordSecrets(owner: object, secrets: Secrets): void {
  tracked?.set(owner, secrets);
}

/** @internal Every secret array an object owns, through its parts, as recorded after trackSecrets(). */
export function secretsOf(owner: object): (Uint8Array | Int16Array)[] {
  const s = tracked?.get(owner);
  if (s === undefined) return [];
  return [...s.arrays.filter((a) => a !== undefined), ...s.parts.flatMap((p) => secretsOf(p))];
}
// @test-hooks end
