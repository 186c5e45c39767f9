// Runs the mlkem-ts command in-process (main(argv, io) with captured streams), so that the CLI
// tests need no process per call; and a temporary folder for the files they write.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { main } from '../../src/cli/main.js';

export interface Run {
  status: number;
  stdout: Buffer;
  stderr: string;
}

export interface RunOptions {
  /** Standard input (a terminal when undefined). */
  stdin?: Uint8Array | string;
  /** The file standard input is redirected from (`< file`), for the identity it has. */
  stdinFile?: string;
  /** Whether standard error is a terminal. */
  tty?: boolean;
  /** Whether standard output is a terminal. */
  stdoutTty?: boolean;
}

/** Runs `mlkem-ts ...args` with `stdin` as standard input (a terminal when undefined). */
export async function cli(args: string[], options: RunOptions = {}): Promise<Run> {
  const out: Buffer[] = [];
  let stderr = '';
  const status = await main(args, {
    readStdin: async () => Buffer.from(options.stdin ?? ''),
    stdinIsTTY: options.stdin === undefined,
    stdinIdentity: () => {
      if (options.stdinFile === undefined) return undefined;
      const s = statSync(options.stdinFile, { bigint: true });
      return { dev: s.dev, ino: s.ino };
    },
    writeStdout: (data) => void out.push(Buffer.from(data)),
    stdoutIsTTY: options.stdoutTty === true,
    writeStderr: (text) => void (stderr += text),
    stderrIsTTY: options.tty === true,
  });
  return { status, stdout: Buffer.concat(out), stderr };
}

/** Runs and asserts success (status 0, nothing on stderr). */
export async function ok(args: string[], options?: RunOptions): Promise<Buffer> {
  const r = await cli(args, options);
  assert.equal(r.status, 0, `mlkem-ts ${args.join(' ')} failed: ${r.stderr}`);
  assert.equal(r.stderr, '');
  return r.stdout;
}

/**
 * Runs and asserts a failure with `status`: exactly one line on stderr, "mlkem-ts[ command]: …",
 * matching `message`, no stack trace, nothing on stdout.
 */
export async function fails(args: string[], status: 1 | 2, message: RegExp, options?: RunOptions): Promise<string> {
  const r = await cli(args, options);
  assert.equal(r.status, status, `mlkem-ts ${args.join(' ')}: status ${r.status}, stderr ${r.stderr}`);
  assert.match(r.stderr, /^mlkem-ts( [a-z]+)?: [^\n]+\n$/, `not one line: ${JSON.stringify(r.stderr)}`);
  assert.doesNotMatch(r.stderr, /\n\s+at |unexpected error/);
  assert.match(r.stderr, message);
  return r.stderr;
}

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(): { dir: string; path: (name: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mlkem-cli-'));
  return { dir, path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What `inspect --json` prints: the fields the tests read. */
export interface InspectReport {
  file: string;
  kind: 'public' | 'private';
  algorithm: string;
  encoding: string;
  structure: string;
  form: string;
  valid: boolean;
  publicKeyHash: string;
  checks: Record<string, string>;
}

/** What `bench --json` prints: the fields the tests read. */
export interface BenchReport {
  runtime: string;
  rows: Array<
    { algorithm: string; backend: string; n: number; rounds: number } & Record<
      'min' | 'median' | 'max' | 'spreadPercent',
      Record<'keygen' | 'encaps' | 'decaps', number>
    >
  >;
}

/** The command's JSON output, typed as the caller expects it. */
export function parseJson<T>(output: Buffer | string): T {
  return JSON.parse(output.toString()) as T;
}
