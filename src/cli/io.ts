/// <reference types="node" />
// The command's contact with the outside: standard streams behind a small interface (so that
// tests run main() in-process), and files, where "-" means standard input or output. Private
// files (keys, shared secrets) are created with mode 0600 and renamed into place, so that the
// secret is never in a file that others can read, not even for a moment.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError, UsageError, fileError } from './errors.js';

/** Standard streams as main() sees them. */
export interface CliIo {
  /** All of standard input. */
  readStdin(): Promise<Uint8Array>;
  /** Whether standard input is a terminal (then it is never read: no prompts). */
  readonly stdinIsTTY: boolean;
  writeStdout(data: string | Uint8Array): void;
  writeStderr(text: string): void;
  /** Whether standard error is a terminal (then `bench` shows its progress there). */
  readonly stderrIsTTY: boolean;
}

/** The process's own streams. */
export function nodeIo(): CliIo {
  return {
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stdinIsTTY: process.stdin.isTTY === true,
    writeStdout: (data) => void process.stdout.write(data),
    writeStderr: (text) => void process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** How a file argument is named in messages. */
export const inputName = (file: string): string => (file === '-' ? 'standard input' : file);
export const outputName = (file: string): string => (file === '-' ? 'standard output' : file);

/**
 * The bytes of `file`, or of standard input for "-", as a plain Uint8Array (a Buffer's slice would
 * share memory). `what` says what the file is, for the no-prompt refusal.
 */
export async function readInput(io: CliIo, file: string, what: string): Promise<Uint8Array> {
  let buffer: Uint8Array;
  if (file === '-') {
    if (io.stdinIsTTY) throw new UsageError(`${what} would be read from standard input, which is a terminal: name a file or pipe it in`);
    buffer = await io.readStdin();
  } else {
    try {
      buffer = readFileSync(file);
    } catch (err) {
      throw fileError(file, err);
    }
  }
  const bytes = new Uint8Array(buffer);
  buffer.fill(0); // it may hold a private key
  return bytes;
}

/**
 * Writes `data` to `file`, or to standard output for "-". A private file is written to a new file
 * created with mode 0600 (O_EXCL, so nothing else has it open) in the same folder and then renamed
 * over `file`: an existing file's more open mode is never kept. A private file is never written
 * through a symbolic link (someone else's link could lead it anywhere, to a pipe they read); an
 * existing device or pipe (such as /dev/stdout) is written in place, opened without following a
 * link and without creating anything, so a pipe removed meanwhile cannot become a readable file.
 */
export function writeOutput(io: CliIo, file: string, data: string | Uint8Array, options: { private: boolean }): void {
  if (file === '-') {
    io.writeStdout(data);
    return;
  }
  try {
    if (!options.private) {
      writeFileSync(file, data);
      return;
    }
    const kind = existingKind(file);
    if (kind === 'link') {
      throw new CliError(`${file}: is a symbolic link; a private key or secret is not written through one (give the real path, or - for standard output)`);
    }
    if (kind === 'special') {
      writeAll(openSync(file, constants.O_WRONLY | constants.O_NOFOLLOW), data);
      return;
    }
    const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeAll(fd, data);
      renameSync(temporary, file);
    } catch (err) {
      try {
        unlinkSync(temporary);
      } catch {
        // already renamed or never written; the original error is the one to report
      }
      throw err;
    }
  } catch (err) {
    throw err instanceof CliError ? err : fileError(file, err);
  }
}

/** Writes all of data to the open file fd, then closes it. */
function writeAll(fd: number, data: string | Uint8Array): void {
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * What is at `file` now, without following a link: a symbolic link, something that is not a
 * regular file (a device, a pipe, a socket), or a regular file or nothing ('file').
 */
function existingKind(file: string): 'link' | 'special' | 'file' {
  try {
    const stats = lstatSync(file);
    return stats.isSymbolicLink() ? 'link' : stats.isFile() ? 'file' : 'special';
  } catch {
    return 'file'; // missing (it will be created) or unreadable (the write reports why)
  }
}
