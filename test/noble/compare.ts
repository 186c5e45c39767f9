// Helpers of the differential tests of mlkem-ts/noble/…: run the same call on noble and on the
// drop-in, and require the same outcome — the same bytes, or the same refusal (error class and
// message). Each call gets its own copies of the arguments: noble 0.5 wipes part of a caller's
// randomness, and neither side may see what the other did to an input.
import assert from 'node:assert/strict';

import { registerLoadedBackend } from '../../src/loaded-backend.js';
import { backends } from '../support/backends.js';

/** A call's outcome: its result, or what it threw. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function run(f: () => unknown): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Deep copy of the byte arrays among args (other values as they are), so each side has its own. */
export function copies(args: readonly unknown[]): unknown[] {
  return args.map((a) => (a instanceof Uint8Array ? (Buffer.isBuffer(a) ? Buffer.from(a) : a.slice()) : a));
}

/** A result's bytes, as plain arrays of numbers (fields of an object in order of their names). */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') };
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = plain((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

function describeError(e: unknown): string {
  return e instanceof Error ? `${e.constructor.name}: ${e.message}` : `a thrown ${String(e)}`;
}

/**
 * Calls noble's method once and ours on each backend, with copies of args; requires the same
 * bytes or the same refusal. `random`: the results are random (no seed given), so only their
 * shape (field names, lengths) is compared. Returns noble's result.
 */
export function same(
  what: string,
  noble: (...a: never[]) => unknown,
  ours: (...a: never[]) => unknown,
  args: readonly unknown[],
  random = false,
): unknown {
  const n = run(() => noble(...(copies(args) as never[])));
  onEachBackend((backend) => {
    const o = run(() => ours(...(copies(args) as never[])));
    const w = `${what} (${backend})`;
    if (!n.ok) {
      assert.ok(!o.ok, `${w}: noble refuses (${describeError(n.error)}), ours returns`);
      assert.equal(describeError(o.error), describeError(n.error), `${w}: a different refusal`);
      return;
    }
    assert.ok(o.ok, `${w}: noble returns, ours refuses (${describeError((o as { error: unknown }).error)})`);
    if (random) {
      const shape = (v: unknown) =>
        JSON.stringify(plain(v), (_k, x: unknown) =>
          x !== null && typeof x === 'object' && 'bytes' in x ? String((x as { bytes: string }).bytes.length) : x,
        );
      assert.equal(shape(o.value), shape(n.value), `${w}: a different shape`);
    } else {
      assert.deepEqual(plain(o.value), plain(n.value), `${w}: different bytes`);
    }
  });
  return n.ok ? n.value : undefined;
}

/** Ours refuses with `message` on each backend where noble returns: a documented difference. */
export function oursRefuses(
  what: string,
  noble: (...a: never[]) => unknown,
  ours: (...a: never[]) => unknown,
  args: readonly unknown[],
  message: RegExp,
): void {
  const n = run(() => noble(...(copies(args) as never[])));
  assert.ok(
    n.ok,
    `${what}: noble now refuses (${describeError((n as { error: unknown }).error)}); the documented difference is gone`,
  );
  onEachBackend(() => assert.throws(() => ours(...(copies(args) as never[])), message, what));
}

/** Runs body once per backend, with the drop-ins switched to it (portable, then WebAssembly). */
export function onEachBackend(body: (backend: string) => void): void {
  try {
    for (const b of backends) {
      const [MlKem512, MlKem768, MlKem1024] = b.kems as [never, never, never];
      registerLoadedBackend(b.name === 'portable' ? undefined : { MlKem512, MlKem768, MlKem1024 });
      body(b.name);
    }
  } finally {
    registerLoadedBackend(undefined);
  }
}

/** Random bytes. */
export const random = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** How many random cases each loop runs: NOBLE_DIFF_SCALE multiplies the CI's counts. */
export const scale = (n: number): number => Math.max(1, Math.round(n * Number(process.env['NOBLE_DIFF_SCALE'] ?? '1')));
