// node:crypto for the code that uses it where the runtime has one: reached at run time through
// process.getBuiltinModule (Node ≥ 20.16, Deno, Bun), never imported, so that a browser bundle
// holds no Node built-in. Each user captures what it needs of the module on first use.

/** node:crypto's module object; undefined where there is none (no process, no getBuiltinModule, or one that throws). */
export function builtinNodeCrypto(): unknown {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule('node:crypto') : undefined;
  } catch {
    return undefined;
  }
}
