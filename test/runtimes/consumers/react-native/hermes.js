// What the Hermes runs must find: the engine (not a Node or browser by mistake), and none of the
// features whose absence the package detects, so that those paths are the ones exercised.
const ABSENT = ['WebAssembly', 'WeakRef', 'FinalizationRegistry'];

export function hermesChecks(noTextEncoder) {
  return {
    'the engine is Hermes, without WebAssembly, WeakRef, FinalizationRegistry, Symbol.dispose or crypto.subtle': () => {
      if (typeof HermesInternal !== 'object' || HermesInternal === null) throw new Error('not Hermes: no HermesInternal');
      for (const name of [...ABSENT, ...(noTextEncoder ? ['TextEncoder'] : [])]) {
        if (typeof globalThis[name] !== 'undefined') throw new Error(`this Hermes has ${name}: the job no longer tests its absence`);
      }
      if (typeof Symbol.dispose !== 'undefined') throw new Error('this Hermes has Symbol.dispose');
      if (typeof globalThis.crypto?.subtle !== 'undefined') throw new Error('this Hermes has crypto.subtle');
    },
  };
}

hermesChecks.version = () => HermesInternal.getRuntimeProperties?.()['OSS Release Version'] ?? '(unknown version)';
