// The hostile fuzz targets. hostile.changed-mid-call: a public function (test/support/hostile-calls.ts)
// with one input, valid or with a bit flipped, held in a resizable or growable buffer
// (test/support/hostile-buffers.ts) that getRandomValues shrinks, grows, detaches or overwrites on its
// n-th call; the outcome must be exactly that of the plain input under the same random bytes.
// hostile.text: adversarial text up to a megabyte (long runs of blanks, dashes, boundary lines,
// base64, line ends, colons, non-ASCII) for every text parser, which must finish in time linear
// in its length and throw nothing but an MlKemError.
import { isDeepStrictEqual } from 'node:util';

import { decodeBase64, decodeBase64url } from '../../src/bytes.js';
import { fromJwk, fromPem } from '../../src/keys/index.js';
import {
  CHANGES,
  HOLDERS,
  changingRandomness,
  stream,
  withGetRandomValues,
} from '../../test/support/hostile-buffers.js';
import { outcome, publicCalls } from '../../test/support/hostile-calls.js';
import { valueArg } from './args.js';
import { Rng } from './prng.js';
import type { Target } from './targets.js';

/** 'ok' or the MlKemError code of an outcome. */
const tagOf = (o: unknown) =>
  typeof o === 'string' && o.startsWith('MlKemError ') ? o.slice('MlKemError '.length) : 'ok';

/** The outcome, or a report of whatever else was thrown. */
function guarded(fn: () => unknown): { value: unknown } | { foreign: string } {
  try {
    return { value: outcome(fn) };
  } catch (err) {
    return { foreign: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

interface Plan {
  call: number;
  slot: number;
  flip: number; // a bit to flip in the input, or -1
  holder: number;
  change: number;
  at: number; // on which call out for randomness
  seed: number;
}

const PIECES: ReadonlyArray<(r: Rng) => string> = [
  () => ' ',
  () => '\t',
  () => '-',
  () => '-----',
  () => '----- ',
  () => ' x',
  () => '\n',
  () => '\r',
  () => '\r\n',
  () => ':',
  () => '=',
  () => 'A',
  (r) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_'[r.int(66)]!,
  () => '-----BEGIN PUBLIC KEY-----',
  () => '-----END PUBLIC KEY-----',
  () => '-----BEGIN PRIVATE KEY-----',
  () => '-----END PRIVATE KEY-----',
  () => '-----BEGIN X-----\n-----END X-----\n',
  () => '-----BEGIN ',
  () => '-----END ',
  () => 'Proc-Type: 4,ENCRYPTED',
  () => '\u2028',
  () => 'é',
  () => '\ud800',
];

/** The pieces that neither break a line nor start a boundary: for the lines inside a block. */
const LINE_PIECES = PIECES.filter((p) => !/[\r\n-]/.test(p(new Rng(0, 0))));

/** About `size` characters of pieces, each repeated a log-uniform number of times. */
function adversarialText(r: Rng, size: number, pieces = PIECES): string {
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const piece = r.pick(pieces)(r);
    const times = Math.min(Math.ceil((size - length) / piece.length), 1 + r.int(2 ** (r.int(17) + 1)));
    const part = piece.repeat(times);
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

/** A PUBLIC KEY block whose body lines are adversarial (where the old trailing-blank strip was quadratic). */
function adversarialBlock(r: Rng, size: number): string {
  const lines: string[] = [];
  const count = 1 + r.int(8);
  for (let i = 0; i < count; i++) lines.push(adversarialText(r, Math.ceil(size / count), LINE_PIECES));
  return `-----BEGIN PUBLIC KEY-----\n${lines.join(r.pick(['\n', '\r\n', '\r']))}\n-----END PUBLIC KEY-----\n`;
}

const PARSERS: ReadonlyArray<readonly [string, (text: string) => unknown]> = [
  ['fromPem', (t) => fromPem(t)],
  ['fromPem PRIVATE KEY', (t) => fromPem(t, 'PRIVATE KEY')],
  ['decodeBase64', (t) => decodeBase64(t, 'text')],
  ['decodeBase64url', (t) => decodeBase64url(t, 'text')],
  ['fromJwk pub', (t) => fromJwk({ kty: 'AKP', alg: 'ML-KEM-768', pub: t })],
  ['fromJwk priv', (t) => fromJwk({ kty: 'AKP', alg: 'ML-KEM-512', pub: 'A'.repeat(1067), priv: t })],
];

export function hostileTargets(): Target[] {
  const calls = publicCalls();
  return [
    {
      name: 'hostile.changed-mid-call',
      group: 'hostile',
      weight: 6,
      generate(r) {
        const call = r.int(calls.length);
        const slot = r.int(calls[call]!.inputs.length);
        const plan: Plan = {
          call,
          slot,
          flip: r.chance(0.3) ? r.int(calls[call]!.inputs[slot]!.length * 8) : -1,
          holder: r.int(HOLDERS.length),
          change: r.int(CHANGES.length),
          at: r.chance(0.7) ? 0 : r.int(3),
          seed: r.u32(),
        };
        const note = `${calls[call]!.name}, argument ${slot}${plan.flip >= 0 ? ` with bit ${plan.flip} flipped` : ''} as a ${HOLDERS[plan.holder]!.name}, ${CHANGES[plan.change]} at call out ${plan.at}`;
        return { args: [valueArg(plan)], strategy: plan.flip >= 0 ? 'mutated' : 'arg kind', note };
      },
      run(input, _r, fail) {
        const plan = (input.args[0] as { value: Plan }).value;
        const call = calls[plan.call]!;
        const inputs = call.inputs.map((b) => b.slice());
        if (plan.flip >= 0) inputs[plan.slot]![plan.flip >> 3]! ^= 1 << (plan.flip & 7);
        const expected = withGetRandomValues(stream(plan.seed), () =>
          guarded(() => call.run(...inputs.map((b) => b.slice()))),
        );
        const held = HOLDERS[plan.holder]!.hold(inputs[plan.slot]!);
        const args = inputs.map((b, i) => (i === plan.slot ? held.view : b.slice()));
        const changing = changingRandomness(plan.seed, held, CHANGES[plan.change]!, plan.at);
        const got = withGetRandomValues(changing.replacement, () => guarded(() => call.run(...args)));
        if ('foreign' in got) fail(`${call.name}: threw something other than an MlKemError: ${got.foreign}`);
        else if ('foreign' in expected)
          fail(`${call.name} on plain input: threw something other than an MlKemError: ${expected.foreign}`);
        else if (!isDeepStrictEqual(got.value, expected.value)) {
          fail(
            `${call.name}: the input, changed while the library called out, changed the outcome: ${JSON.stringify(got.value)} instead of ${JSON.stringify(expected.value)}`,
          );
        }
        return 'foreign' in got ? 'foreign' : tagOf(got.value);
      },
    },
    {
      name: 'hostile.text',
      group: 'hostile',
      weight: 0.6,
      generate(r) {
        const size = Math.floor(2 ** (10 + r.int(11))); // 1 KiB .. 1 MiB
        const block = r.chance(0.5);
        const text = block ? adversarialBlock(r, size) : adversarialText(r, size);
        return {
          args: [valueArg(text)],
          strategy: 'random',
          note: `${text.length} characters of adversarial text${block ? ' in a PUBLIC KEY block' : ''}`,
        };
      },
      run(input, r, fail) {
        const text = (input.args[0] as { value: string }).value;
        const [name, parse] = r.pick(PARSERS);
        const t0 = performance.now();
        const got = guarded(() => parse(text));
        const ms = performance.now() - t0;
        const bound = 200 + text.length / 500; // 2 µs a character and 200 ms for a busy machine's pauses
        if (ms > bound)
          fail(`${name}: ${ms.toFixed(0)} ms for ${text.length} characters (bound ${bound.toFixed(0)} ms): not linear`);
        if ('foreign' in got) fail(`${name}: threw something other than an MlKemError: ${got.foreign}`);
        return 'foreign' in got ? 'foreign' : tagOf(got.value);
      },
    },
  ];
}
