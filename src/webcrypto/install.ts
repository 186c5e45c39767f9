// The polyfill: adds to globalThis.crypto.subtle the algorithms of this package that the runtime
// lacks, and SubtleCrypto.supports to match. Idempotent; patches nothing where nothing is missing.
import { type AlgorithmEntry, algorithmList } from './algorithms.js';
import { autoBackend } from './backend.js';
import { type NativeCrypto, OPERATIONS, SUBTLE_METHODS, createSubtle } from './subtle.js';
import { createSupports } from './supports.js';

/** Where install() records what it did, on the patched crypto.subtle (shared by every copy of this package). */
const INSTALLED = Symbol.for('mlkem-ts/webcrypto installed');

interface Installed {
  readonly filled: readonly string[];
  readonly native: NativeCrypto;
}

/**
 * The operations a runtime must support for an algorithm to count as present: ours but exportKey,
 * for which Chromium 156 answers false even for the algorithms it has.
 */
const NEEDED = /* @__PURE__ */ OPERATIONS.filter((op) => op !== 'exportKey');

type Supports = NonNullable<NativeCrypto['supports']>;

function currentSubtle(): Record<string | symbol, unknown> | undefined {
  return (globalThis as unknown as { crypto?: { subtle?: Record<string | symbol, unknown> } }).crypto?.subtle;
}

function nativeSupports(): Supports | undefined {
  const S = (globalThis as { SubtleCrypto?: { supports?: Supports } }).SubtleCrypto;
  return typeof S?.supports === 'function' ? S.supports.bind(S) : undefined;
}

/** The methods of a runtime's crypto.subtle, bound to it: a later patch never sees what we pass them (keys, secrets). */
function capture(subtle: Record<string | symbol, unknown>): NativeCrypto {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const m of SUBTLE_METHODS) {
    const f = subtle[m];
    if (typeof f === 'function') methods[m] = f.bind(subtle) as (...args: unknown[]) => Promise<unknown>;
  }
  return { subtle: methods, supports: nativeSupports() };
}

/** The runtime's crypto.subtle as this module found it at load (else at first use: a runtime that gains one later). */
let captured: NativeCrypto | undefined = /* @__PURE__ */ (() => {
  const subtle = currentSubtle();
  return subtle === undefined ? undefined : capture(subtle);
})();

/** The runtime's own Web Crypto: what install() found before patching, else as captured here. */
export function nativeCrypto(): NativeCrypto {
  const subtle = currentSubtle();
  const installed = subtle?.[INSTALLED] as Installed | undefined;
  if (installed !== undefined) return installed.native;
  return subtle === undefined ? { subtle, supports: undefined } : (captured ??= capture(subtle));
}

/**
 * Adds to `globalThis.crypto.subtle` the ML-KEM and hybrid KEM algorithms that the runtime does
 * not support itself (as its `SubtleCrypto.supports` tells; a runtime without `supports` gets all
 * of them), and makes `SubtleCrypto.supports` report them. Keys of the filled algorithms are
 * {@link MlKemCryptoKey} objects; everything else stays the runtime's. Calling it again changes
 * nothing.
 * @returns The names of the algorithms it filled: all of them on Node 20; ML-KEM-512,
 *   MLKEM768-P256 and MLKEM1024-P384 on Chromium 156; none on Node 26 (then nothing is patched).
 *   Empty when the runtime has no `crypto.subtle` at all (an insecure browser context).
 * @throws Nothing.
 * @example
 * ```ts
 * import { install } from 'mlkem-ts/webcrypto';
 * install();
 * const { publicKey, privateKey } = await crypto.subtle.generateKey('ML-KEM-768', false, ['encapsulateBits', 'decapsulateBits']);
 * ```
 */
export function install(): readonly string[] {
  const subtle = currentSubtle();
  if (subtle === undefined) return [];
  const done = subtle[INSTALLED] as Installed | undefined;
  if (done !== undefined) return done.filled;

  const native = capture(subtle);
  const { supports } = native;
  const present = (e: AlgorithmEntry) => supports !== undefined && NEEDED.every((op) => supports(op, e.name));
  const filled = withoutExperimentalWarnings(() => algorithmList().filter((e) => !present(e)));
  const names = Object.freeze(filled.map((e) => e.name));
  const mark = () => Object.defineProperty(subtle, INSTALLED, { value: { filled: names, native } satisfies Installed });
  if (filled.length === 0) {
    // Nothing to patch: the mark only saves the next call this work. A frozen or non-extensible
    // crypto.subtle cannot take it, and install() throws nothing: the next call looks again.
    try {
      mark();
    } catch {
      // nothing was changed
    }
    return names;
  }

  // All or nothing: a runtime that refuses a patch part-way (a frozen SubtleCrypto) gets its own
  // methods back and no mark, and install() reports that it filled nothing.
  const handles = (e: AlgorithmEntry) => filled.includes(e);
  const patched = createSubtle({ native: () => native, handles, backend: autoBackend });
  const S = (globalThis as { SubtleCrypto?: object }).SubtleCrypto;
  const undo: Array<() => void> = [];
  try {
    for (const m of SUBTLE_METHODS) undo.push(patch(subtle, m, patched[m]));
    const ourSupports = createSupports(() => native, handles);
    if (S !== undefined) undo.push(patch(S, 'supports', ourSupports));
    mark();
  } catch {
    for (const restore of undo.reverse()) {
      try {
        restore();
      } catch {
        // nothing more can be put back
      }
    }
    return [];
  }
  return names;
}

/**
 * Runs `probe` with Node.js's ExperimentalWarnings held back: Node 26 warns about ML-KEM-512,
 * MLKEM768-P256 and MLKEM1024-P384 the first time SubtleCrypto.supports is merely asked about them,
 * and install() asks about every algorithm without using any. Node warns once per algorithm, so
 * an application that then uses one of them natively is not warned either. Other warnings pass.
 */
function withoutExperimentalWarnings<T>(probe: () => T): T {
  const p = (globalThis as { process?: { emitWarning?: unknown } }).process;
  const emit = p?.emitWarning;
  if (p === undefined || typeof emit !== 'function') return probe();
  const experimental = (type: unknown) =>
    type === 'ExperimentalWarning' ||
    (typeof type === 'object' && type !== null && (type as { type?: unknown }).type === 'ExperimentalWarning');
  p.emitWarning = function (this: unknown, warning: unknown, type?: unknown, ...rest: unknown[]) {
    const kind = warning instanceof Error ? warning.name : type;
    if (!experimental(kind)) return (emit as (...a: unknown[]) => void).call(this, warning, type, ...rest);
  };
  try {
    return probe();
  } finally {
    p.emitWarning = emit;
  }
}

/** Defines a non-enumerable own property, and returns what puts back the one it replaced (or removes it). */
function patch(target: object, key: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
  return () => {
    if (before === undefined) delete (target as Record<string, unknown>)[key];
    else Object.defineProperty(target, key, before);
  };
}
