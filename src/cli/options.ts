/// <reference types="node" />
// Command-line parsing, strict and exact: a word that begins with '-' must be one of the command's
// options exactly as written (no abbreviations, no grouped short options, no value glued to a
// short option), so that OpenSSL's `-out` is never read as `-o ut`. An option's value is the next
// word and may not itself look like an option; nothing is given twice. Plus the values several
// commands share.
import { resolve } from 'node:path';

import type { MlKemAlgorithm } from '../keys/index.js';
import { ML_KEM_ENTRIES, orList } from '../registry.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';
import type { KeyFormat } from './keyfile.js';

/** One option: a value ('string') or a flag ('boolean'), spelled `--KEY` and `-SHORT`, or exactly as `names` says. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The exact spellings, replacing `--KEY` and `-SHORT` (OpenSSL's single-dash names). */
  names?: readonly string[];
}

type Options = Record<string, OptionSpec>;

/** A subcommand: its name, one line for the overview, its help text, and what it does. */
export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], io: CliIo): Promise<void> | void;
}

type Value<C> = C extends { type: 'boolean' } ? boolean : C extends { multiple: true } ? string[] : string;

/** What parse returns: each option's value, undefined when not given. */
export interface Parsed<O extends Options> {
  values: { [K in keyof O]?: Value<O[K]> };
  positionals: string[];
}

/** The spellings of an option. */
const spellings = (key: string, spec: OptionSpec): readonly string[] =>
  spec.names ?? [...(spec.short !== undefined ? [`-${spec.short}`] : []), `--${key}`];

/** How a message shows an option: "-o, --out <value>", as node:util's parseArgs does. */
const label = (key: string, spec: OptionSpec): string =>
  `${spellings(key, spec).join(', ')}${spec.type === 'string' ? ' <value>' : ''}`;

/** A word that would be read as an option (a lone '-' is standard input or output, not an option). */
const looksLikeOption = (word: string): boolean => word.length > 1 && word.startsWith('-');

/**
 * Parses a subcommand's arguments. Every command also takes -h, --help and -help (handled by
 * main). `hint` may explain an unknown option (for example, OpenSSL's name of our command).
 */
export function parse<O extends Options>(
  args: readonly string[],
  options: O,
  positionals = false,
  hint?: (word: string) => string | undefined,
): Parsed<O> {
  const byName = new Map<string, string>();
  for (const [key, spec] of Object.entries(options)) for (const name of spellings(key, spec)) byName.set(name, key);
  const values: Record<string, string | boolean | string[]> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--') {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (!looksLikeOption(word)) {
      rest.push(word);
      continue;
    }
    // --name=value, for a value option spelled with two dashes only.
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = eq === -1 ? word : word.slice(0, eq);
    const key = byName.get(name);
    const spec = key === undefined ? undefined : options[key]!;
    if (key === undefined || spec === undefined || (eq !== -1 && spec.type !== 'string')) {
      const why = [
        suggestion(name, byName) ?? hint?.(word) ?? `the options are ${[...byName.keys()].join(', ')}`,
        suggestion(name, byName) === undefined ? undefined : hint?.(word),
      ]
        .filter((w) => w !== undefined)
        .join('; ');
      throw new UsageError(`Unknown option '${word}'${why === '' ? '' : `: ${why}`}`);
    }
    let value: string | boolean = true;
    if (spec.type === 'string') {
      if (eq !== -1) value = word.slice(eq + 1);
      else {
        const next = args[i + 1];
        if (next === undefined) throw new UsageError(`Option '${label(key, spec)}' argument missing`);
        if (looksLikeOption(next)) {
          throw new UsageError(
            `Option '${label(key, spec)}' needs a value, and '${next}' is an option (a file whose name starts with '-' is written ./${next})`,
          );
        }
        value = next;
        i++;
      }
    }
    if (spec.multiple === true) {
      ((values[key] ??= []) as string[]).push(value as string);
    } else {
      if (key in values) throw new UsageError(`Option '${label(key, spec)}' is given twice`);
      values[key] = value;
    }
  }
  if (!positionals && rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'`);
  return { values, positionals: rest } as Parsed<O>;
}

/** What users call our options by other names (other tools', or the word spelled out): the option key they mean. */
const SYNONYMS: Readonly<Record<string, string>> = {
  ciphertext: 'ct',
  cipher: 'ct',
  c: 'ct',
  key: 'in',
  k: 'in',
  inkey: 'in',
  input: 'in',
  output: 'out',
  pub: 'pubout',
  shared: 'secret',
  'shared-secret': 'secret',
  ss: 'secret',
  s: 'secret',
  alg: 'algorithm',
  algo: 'algorithm',
  rounds: 'rounds',
  iterations: 'iterations',
};

/** Levenshtein distance between two short words (option and command names). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The nearest of `names` to `word`, when it is near enough to be a typo (at most 2 edits, and fewer than half its letters). */
export function nearest(word: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const n of names) {
    const d = editDistance(word, n);
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best !== undefined && bestDistance <= 2 && bestDistance * 2 < Math.max(word.length, 2) ? best : undefined;
}

/**
 * "did you mean '--ct'?" for an unknown option: a single-dash spelling of a long option
 * (OpenSSL's habit), another name for one of ours (--ciphertext, -c), or a typo of one.
 */
function suggestion(word: string, byName: Map<string, string>): string | undefined {
  if (!word.startsWith('--') && byName.has(`-${word}`)) return `did you mean '-${word}'?`;
  const bare = word.replace(/^-+/, '');
  const spelled = (key: string) =>
    [...byName]
      .filter(([, k]) => k === key)
      .map(([n]) => `'${n}'`)
      .join(' or ');
  const synonym = SYNONYMS[bare];
  if (synonym !== undefined && [...byName.values()].includes(synonym)) return `did you mean ${spelled(synonym)}?`;
  const typo = nearest(word, byName.keys());
  return typo === undefined ? undefined : `did you mean '${typo}'?`;
}

/**
 * The one key file of a command: the positional FILE or -i/--in (the same; both is refused), else
 * '-' (standard input); with the option that named it, for messages.
 */
export function keyFileArgument(
  positionals: readonly string[],
  option: string | undefined,
): { file: string; option: string } {
  if (positionals.length > 1)
    throw new UsageError(`Unexpected argument '${positionals[1]}': the command takes one key FILE`);
  const positional = positionals[0];
  if (positional !== undefined && option !== undefined)
    throw new UsageError(`the key is given twice, as FILE '${positional}' and as -i/--in '${option}': give one`);
  if (positional !== undefined) return { file: positional, option: 'FILE' };
  return { file: option ?? '-', option: '-i/--in' };
}

/** True when the arguments ask for help (before any other parsing: a help request always wins). */
export const wantsHelp = (args: readonly string[]): boolean =>
  args.some((a) => a === '-h' || a === '--help' || a === '-help');

/** Throws a usage error unless `value` was given. */
export function required(value: string | undefined, option: string): string {
  if (value === undefined) throw new UsageError(`${option} is required`);
  return value;
}

/** "ML-KEM-768", "mlkem768", "768" and the like, in any case. */
export function parseAlgorithm(value: string, option = '-a/--algorithm'): MlKemAlgorithm {
  const m = /^(?:ml-?kem-?)?(512|768|1024)$/i.exec(value.trim());
  const entry = m === null ? undefined : ML_KEM_ENTRIES.find((e) => e.name === `ML-KEM-${m[1]}`);
  if (entry === undefined) {
    throw new UsageError(
      `${option} must be ${orList(ML_KEM_ENTRIES.map((e) => e.name))} (or 512, 768, 1024), got '${value}'`,
    );
  }
  return entry.name;
}

/** --der and --jwk (read by keyFormat) and --binary: the key-writing commands' encoding options, declared once so they stay alike. */
export const KEY_ENCODING_OPTIONS = {
  der: { type: 'boolean' },
  jwk: { type: 'boolean' },
  binary: { type: 'boolean' },
} as const;

export const FORCE = { force: { type: 'boolean', names: ['--force'] } } as const; // a private key may replace a file

/** What openSslOptions declares: each key of O, of its type, spelled `-KEY`; and --binary. */
type OpenSslOptions<O extends Record<string, OptionSpec['type']>> = {
  [K in keyof O]: { type: O[K]; names: readonly string[] };
} & {
  binary: { type: 'boolean'; names: readonly string[] };
};

/**
 * The options of an OpenSSL spelling (genpkey, pkey, pkeyutl): each spelled as OpenSSL does, its
 * key after one dash (`-inkey`), and our --binary, which all of them take.
 */
export function openSslOptions<const O extends Record<string, OptionSpec['type']>>(types: O): OpenSslOptions<O> {
  const options: Options = {};
  for (const [key, type] of Object.entries(types)) options[key] = { type, names: [`-${key}`] };
  options.binary = { type: 'boolean', names: ['--binary'] };
  return options as OpenSslOptions<O>;
}

/** The key format chosen by --der / --jwk (PEM without either). */
export function keyFormat(values: { der?: boolean | undefined; jwk?: boolean | undefined }): KeyFormat {
  if (values.der === true && values.jwk === true) throw new UsageError('--der and --jwk cannot be combined');
  return values.der === true ? 'der' : values.jwk === true ? 'jwk' : 'pem';
}

/** OpenSSL's -outform / -inform / -keyform value: PEM or DER, in any case. */
export function openSslForm(value: string | undefined, option: string): 'pem' | 'der' | undefined {
  if (value === undefined) return undefined;
  const v = value.toUpperCase();
  if (v !== 'PEM' && v !== 'DER') throw new UsageError(`${option} must be PEM or DER, got '${value}'`);
  return v === 'PEM' ? 'pem' : 'der';
}

/** A file argument: the option that names it, its value, and whether it is read or written. */
export type FileArgument = [option: string, file: string | undefined, direction: 'input' | 'output'];

/**
 * Refuses two file arguments that would collide: both "-" in the same direction (one standard
 * input, one standard output), or the same file twice (an output would overwrite an input, such
 * as the private key, or another output). Files that exist are compared again as files (device
 * and inode) by Files.checkOutputs, which catches links.
 */
export function distinctFiles(...files: FileArgument[]): void {
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const [a, fa, da] = files[i]!;
      const [b, fb, db] = files[j]!;
      if (fa === undefined || fb === undefined) continue;
      if (fa === '-' && fb === '-' && da === db)
        throw new UsageError(`${a} and ${b} cannot both be '-': there is one standard ${da}`);
      if (fa !== '-' && fb !== '-' && resolve(fa) === resolve(fb) && (da === 'output' || db === 'output')) {
        throw new UsageError(`${a} and ${b} name the same file, ${fa}`);
      }
    }
  }
}
