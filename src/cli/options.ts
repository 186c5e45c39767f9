/// <reference types="node" />
// Command-line parsing with node:util's parseArgs (strict: unknown options and missing values are
// usage errors), plus the values several commands share.
import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { MlKemAlgorithm } from '../keys/index.js';
import { ML_KEM_ENTRIES, orList } from '../registry.js';
import { UsageError } from './errors.js';
import type { KeyFormat } from './keyfile.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A subcommand: its name, one line for the overview, its help text, and what it does. */
export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], io: import('./io.js').CliIo): Promise<void> | void;
}

type Value<C> = C extends { type: 'boolean' } ? boolean : C extends { multiple: true } ? string[] : string;

/** What parse returns: each option's value, undefined when not given. */
export interface Parsed<O extends Options> {
  values: { [K in keyof O]?: Value<O[K]> };
  positionals: string[];
}

/** Parses a subcommand's arguments; every command also takes -h/--help (handled by main). */
export function parse<O extends Options>(args: string[], options: O, positionals = false): Parsed<O> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: positionals }) as Parsed<O>;
  } catch (err) {
    // parseArgs explains at length; its first sentence says what was wrong.
    throw new UsageError((err as Error).message.split(/\.(?:\s|$)/)[0]!);
  }
}

/** True when the arguments ask for help. */
export const wantsHelp = (args: readonly string[]): boolean => args.some((a) => a === '-h' || a === '--help');

/** Throws a usage error unless `value` was given. */
export function required(value: string | undefined, option: string): string {
  if (value === undefined) throw new UsageError(`${option} is required`);
  return value;
}

/** "ML-KEM-768", "mlkem768", "768" and the like, in any case. */
export function parseAlgorithm(value: string): MlKemAlgorithm {
  const level = /^(?:ml-?kem-?)?(\d+)$/i.exec(value.trim())?.[1];
  const entry = ML_KEM_ENTRIES.find((e) => e.name === `ML-KEM-${level}`);
  if (entry === undefined) {
    const names = ML_KEM_ENTRIES.map((e) => e.name);
    throw new UsageError(`-a/--algorithm must be ${orList(names)} (or ${names.map((n) => n.slice('ML-KEM-'.length)).join(', ')}), got '${value}'`);
  }
  return entry.name;
}

/** The key format chosen by --der / --jwk (PEM without either). */
export function keyFormat(values: { der?: boolean | undefined; jwk?: boolean | undefined }): KeyFormat {
  if (values.der === true && values.jwk === true) throw new UsageError('--der and --jwk cannot be combined');
  return values.der === true ? 'der' : values.jwk === true ? 'jwk' : 'pem';
}

/** A file argument: the option that names it, its value, and whether it is read or written. */
export type FileArgument = [option: string, file: string | undefined, direction: 'input' | 'output'];

/**
 * Refuses two file arguments that would collide: both "-" in the same direction (one standard
 * input, one standard output), or the same file twice (an output would overwrite an input, such
 * as the private key, or another output).
 */
export function distinctFiles(...files: FileArgument[]): void {
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const [a, fa, da] = files[i]!;
      const [b, fb, db] = files[j]!;
      if (fa === undefined || fb === undefined) continue;
      if (fa === '-' && fb === '-' && da === db) throw new UsageError(`${a} and ${b} cannot both be '-': there is one standard ${da}`);
      if (fa !== '-' && fb !== '-' && resolve(fa) === resolve(fb) && (da === 'output' || db === 'output')) {
        throw new UsageError(`${a} and ${b} name the same file, ${fa}`);
      }
    }
  }
}
