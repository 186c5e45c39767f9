// What a fuzz target is, how inputs are shaped by strategy, and the checked call every target
// makes; with kemTarget, one method of a pair (portable, wasm) of the core or of a hybrid.
import {
  ARG_KINDS,
  type Expected,
  type KemMethod,
  type Outcome,
  aliasProblem,
  attempt,
  describeOutcome,
  expectedCore,
  expectedHybrid,
  sameOutcome,
  watchArgs,
} from '../../test/support/contract.js';
import { type Arg, byteSlots, bytesArg, hasKind, make, valueArg, wrongType } from './args.js';
import { type AnyKem, BACKENDS } from './kems.js';
import type { Rng } from './prng.js';

// ---- targets ------------------------------------------------------------------------------------

type Strategy = 'valid' | 'mutated' | 'random' | 'wrong type' | 'arg kind';
export interface Input {
  args: Arg[];
  strategy: Strategy;
  note: string;
}
export interface Target {
  name: string;
  group: string;
  weight: number;
  generate(r: Rng): Input;
  /** Runs the input; reports violations; returns the outcome to count ('ok' or an error code). */
  run(input: Input, r: Rng, fail: (message: string) => void): string;
}

export function pickStrategy(r: Rng): Strategy {
  const x = r.int(100);
  return x < 10 ? 'valid' : x < 55 ? 'mutated' : x < 70 ? 'random' : x < 80 ? 'wrong type' : 'arg kind';
}

/** Args from valid bytes by a strategy: one slot (or, for random, sometimes all) changed. */
export function shapeArgs(
  r: Rng,
  valid: Uint8Array[],
  mutate: Array<(r: Rng, b: Uint8Array) => [Uint8Array, string]>,
  strategy: Strategy,
): { args: Arg[]; note: string } {
  const args = valid.map(bytesArg);
  if (valid.length === 0) return { args, note: 'no arguments' };
  const slot = r.int(valid.length);
  switch (strategy) {
    case 'valid':
      return { args, note: 'valid' };
    case 'mutated': {
      const [b, how] = mutate[slot]!(r, valid[slot]!);
      args[slot] = bytesArg(b);
      return { args, note: `argument ${slot}: ${how}` };
    }
    case 'random': {
      const all = r.chance(0.3);
      for (let i = 0; i < valid.length; i++) {
        if (!all && i !== slot) continue;
        const n = valid[i]!.length;
        args[i] = bytesArg(r.bytes(r.chance(0.5) ? n : r.lengthNear(n)));
      }
      return { args, note: all ? 'all arguments random' : `argument ${slot} random` };
    }
    case 'wrong type':
      args[slot] = valueArg(wrongType(r, valid[slot]!.length, valid[slot]!));
      return { args, note: `argument ${slot} of a wrong type` };
    case 'arg kind': {
      let note = 'valid';
      if (r.chance(0.4)) {
        const [b, how] = mutate[slot]!(r, valid[slot]!);
        args[slot] = bytesArg(b);
        note = `argument ${slot}: ${how}`;
      }
      return { args: withKind(r, args), note };
    }
  }
}

/** Passes one byte slot, or all of them, as an ArgKind. */
export function withKind(r: Rng, args: Arg[]): Arg[] {
  const slots = byteSlots(args);
  const kind = r.pick(ARG_KINDS);
  if (r.chance(0.3)) slots.forEach((s) => (s.kind = kind));
  else if (slots.length > 0) r.pick(slots).kind = kind;
  return args;
}

export const tag = (o: Outcome) => (o.kind === 'ok' ? 'ok' : o.kind === 'error' ? o.code : 'foreign');

/**
 * One call with fresh instances of the arguments, checked against the contract: no foreign throw,
 * the expected outcome, arguments unmodified, results unaliased.
 */
export function checkedCall(
  what: string,
  args: Arg[],
  call: (...a: unknown[]) => unknown,
  expected: Expected | undefined,
  fail: (m: string) => void,
  plain = false,
): Outcome {
  const values = args.map((a) => make(a, plain));
  const watch = watchArgs(values);
  const out = attempt(() => call(...values));
  const modified = watch();
  if (modified !== undefined) fail(`${what}: ${modified}`);
  if (out.kind === 'foreign') {
    const e = out.error;
    fail(
      `${what}: threw something other than a documented MlKemError: ${describeOutcome(out)}${e instanceof Error && e.stack ? `\n${e.stack}` : ''}`,
    );
    return out;
  }
  if (expected !== undefined && tag(out) !== expected)
    fail(
      `${what}: expected ${expected}, got ${describeOutcome(out)}${out.kind === 'error' ? ` (${out.message})` : ''}`,
    );
  if (out.kind === 'ok') {
    const alias = aliasProblem(out.value, values);
    if (alias !== undefined) fail(`${what}: ${alias}`);
  }
  return out;
}

/** Compares two outcomes of the same input: bytes when deterministic, else the outcome kind and code. */
export function agree(what: string, a: Outcome, b: Outcome, deterministic: boolean, fail: (m: string) => void): void {
  const same = deterministic ? sameOutcome(a, b) : tag(a) === tag(b);
  if (!same) fail(`${what}: ${describeOutcome(a)} vs ${describeOutcome(b)}`);
}

export function plainBytes(a: Arg | undefined): Uint8Array | undefined {
  return a?.t === 'bytes' ? a.bytes : undefined;
}

/** A target for one method of a pair of equal objects (portable, wasm): the core or a hybrid. */
export function kemTarget(
  pair: readonly [AnyKem, AnyKem],
  method: KemMethod,
  seedless: boolean,
  weight: number,
  valid: (r: Rng) => Uint8Array[],
  mutate: Array<(r: Rng, b: Uint8Array) => [Uint8Array, string]>,
  post: (value: unknown, args: Arg[], backend: number, fail: (m: string) => void, r: Rng) => void,
): Target {
  const [p] = pair;
  const hybrid = 'eseed' in p.sizes;
  const name = `${p.name}.${method}${seedless ? '()' : ''}`;
  return {
    name,
    group: p.name,
    weight,
    generate(r) {
      if (seedless) return { args: r.chance(0.5) ? [] : [valueArg(undefined)], strategy: 'valid', note: 'no seed' };
      const strategy = pickStrategy(r);
      return { ...shapeArgs(r, valid(r), mutate, strategy), strategy };
    },
    run(input, r, fail) {
      const plain = input.args.map((a) => make(a, true));
      const deterministic = method === 'keygen' ? plain[0] !== undefined : method !== 'encapsulate'; // keygen(undefined) draws a seed
      const expected = (hybrid ? expectedHybrid : expectedCore)(p, method, plain);
      const call =
        (kem: AnyKem) =>
        (...a: unknown[]) =>
          (kem[method] as (...x: unknown[]) => unknown).apply(kem, a);
      const outs = pair.map((kem, b) =>
        checkedCall(`${name} on ${BACKENDS[b]}`, input.args, call(kem), expected, fail),
      );
      agree(`${name}: the backends disagree`, outs[0]!, outs[1]!, deterministic, fail);
      if (input.args.some(hasKind)) {
        const b = r.int(2);
        const ref = checkedCall(
          `${name} on ${BACKENDS[b]} with plain arrays`,
          input.args,
          call(pair[b]!),
          expected,
          fail,
          true,
        );
        agree(
          `${name} on ${BACKENDS[b]}: an argument kind changes the outcome (plain first)`,
          ref,
          outs[b]!,
          deterministic,
          fail,
        );
      }
      outs.forEach((o, b) => {
        if (o.kind === 'ok') post(o.value, input.args, b, fail, r);
      });
      return tag(outs[0]!);
    },
  };
}
