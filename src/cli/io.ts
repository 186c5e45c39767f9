/// <reference types="node" />
// The command's contact with the outside: standard streams behind a small interface (so that
// tests run main() in-process), and files, where "-" means standard input or output. Every input
// is read up to a bound (INPUT_LIMIT), never more. Private files (keys, shared secrets) are
// created with mode 0600 and renamed into place, so that the secret is never in a file that others
// can read, not even for a moment. No output is ever the same file as an input: files are
// compared by device and inode, so that a symbolic or hard link to the private key is caught.
import { randomBytes } from 'node:crypto';
import {
  type BigIntStats,
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { CliError, UsageError, fileError } from './errors.js';

/**
 * The most bytes any input may have: 1 MiB. Key files and ciphertexts are a few KB (the largest,
 * an ML-KEM-1024 PKCS#8 key in both forms as PEM, is under 5 KB); the bound keeps a mistaken
 * input (a disk image, /dev/zero, a stream that never ends) from filling the memory.
 */
export const INPUT_LIMIT = 1 << 20;

/** A file's identity: device and inode (as bigints, which hold every inode number exactly). */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

/** Standard streams as main() sees them. */
export interface CliIo {
  /**
   * Standard input, at most `limit + 1` bytes of it (enough to tell that it is longer than
   * `limit`); it may return more, and the caller checks the length.
   */
  readStdin(limit: number): Promise<Uint8Array>;
  /** Whether standard input is a terminal (then it is never read: no prompts). */
  readonly stdinIsTTY: boolean;
  /** The identity of standard input when it is a file (`< key.pem`), so that no output replaces it. */
  stdinIdentity?(): FileIdentity | undefined;
  writeStdout(data: string | Uint8Array): void;
  /**
   * Resolves once everything written to standard output has left; rejects with a CliError when it
   * could not be (a pipe whose reader is gone: EPIPE). Nothing more is written after a failure.
   */
  flushStdout?(): Promise<void>;
  /** Whether standard output is a terminal (then binary output goes there only when asked for). */
  readonly stdoutIsTTY?: boolean;
  writeStderr(text: string): void;
  /** Whether standard error is a terminal (then `bench` shows its progress there). */
  readonly stderrIsTTY: boolean;
}

/**
 * The identity of an open regular file, or undefined for anything else: only a regular file can be
 * overwritten by mistake (a terminal, /dev/null or a pipe may well be both read and written).
 */
function identityOfFd(fd: number): FileIdentity | undefined {
  try {
    const s = fstatSync(fd, { bigint: true });
    return s.isFile() ? { dev: s.dev, ino: s.ino } : undefined;
  } catch {
    return undefined;
  }
}

/** The failure of standard output as one line: a closed pipe is the common one (`mlkem-ts keygen | true`). */
function stdoutFailed(err: unknown): CliError {
  const code = (err as { code?: string } | null)?.code;
  const what =
    code === 'EPIPE'
      ? 'its reader was gone before everything was written (EPIPE)'
      : `could not be written (${code ?? String(err)})`;
  return new CliError(`standard output: ${what}`, { cause: err });
}

/** The process's own streams. */
export function nodeIo(): CliIo {
  // A write to a closed pipe fails later, as an 'error' event: without a listener, an uncaught
  // exception and its stack trace. It is kept, and reported once by flushStdout.
  let failure: unknown;
  let wrote = false;
  process.stdout.on('error', (err) => void (failure ??= err));
  return {
    async readStdin(limit) {
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        total += (chunk as Buffer).length;
        if (total > limit) break; // leaving the loop stops reading; the caller reports the bound
      }
      const all = Buffer.concat(chunks);
      for (const c of chunks) c.fill(0); // they may hold a private key
      return all;
    },
    stdinIsTTY: process.stdin.isTTY === true,
    stdinIdentity: () => identityOfFd(0),
    writeStdout: (data) => {
      wrote = true;
      if (failure === undefined) process.stdout.write(data);
    },
    flushStdout: () =>
      new Promise<void>((resolve, reject) => {
        if (failure !== undefined) return reject(stdoutFailed(failure));
        if (!wrote) return resolve(); // nothing to flush (an empty write can fail: /dev/full)
        process.stdout.write('', (err) => {
          const e = failure ?? err;
          if (e === undefined || e === null) resolve();
          else reject(stdoutFailed(e));
        });
      }),
    stdoutIsTTY: process.stdout.isTTY === true,
    writeStderr: (text) => void process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** How a file argument is named in messages. */
export const inputName = (file: string): string => (file === '-' ? 'standard input' : file);

const tooLarge = (name: string): CliError =>
  new CliError(`${name}: is larger than 1 MiB (${INPUT_LIMIT} bytes), the most a key file or ciphertext may have`);

const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.dev === b.dev && a.ino === b.ino;

/** The identity of the regular file `file` names now, following links; undefined for anything else. */
function identityOf(file: string): FileIdentity | undefined {
  let s: BigIntStats | undefined;
  try {
    s = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined; // unreadable: the write reports why
  }
  return s?.isFile() === true ? { dev: s.dev, ino: s.ino } : undefined;
}

/** Reads at most INPUT_LIMIT bytes of the open file fd, refusing more. */
function readBounded(fd: number, name: string): Buffer {
  const stats = fstatSync(fd);
  if (stats.isFile() && stats.size > INPUT_LIMIT) throw tooLarge(name);
  const buffer = Buffer.alloc(INPUT_LIMIT + 1);
  let length = 0;
  for (;;) {
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) break;
    length += n;
    if (length > INPUT_LIMIT) {
      buffer.fill(0);
      throw tooLarge(name);
    }
  }
  const bytes = Buffer.from(buffer.subarray(0, length));
  buffer.fill(0); // it may hold a private key
  return bytes;
}

/**
 * The files of one command: what it has read (by identity) and written, so that no output is
 * ever one of its inputs or an earlier output, whatever path or link names it.
 */
export class Files {
  private readonly inputs: Array<{ name: string; id: FileIdentity }> = [];
  private readonly outputs: Array<{ name: string; id: FileIdentity }> = [];

  constructor(private readonly io: CliIo) {}

  /**
   * The bytes of `file`, or of standard input for "-", as a plain Uint8Array (a Buffer's slice
   * would share memory); at most INPUT_LIMIT of them. `what` says what the file is, for the
   * no-prompt refusal.
   */
  async read(file: string, what: string): Promise<Uint8Array<ArrayBuffer>> {
    let buffer: Uint8Array;
    if (file === '-') {
      if (this.io.stdinIsTTY)
        throw new UsageError(
          `${what} would be read from standard input, which is a terminal: name a file or pipe it in`,
        );
      const id = this.io.stdinIdentity?.();
      if (id !== undefined) this.inputs.push({ name: 'standard input', id });
      buffer = await this.io.readStdin(INPUT_LIMIT);
      if (buffer.length > INPUT_LIMIT) {
        buffer.fill(0);
        throw tooLarge('standard input');
      }
    } else {
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch (err) {
        throw fileError(file, err);
      }
      try {
        const id = identityOfFd(fd);
        if (id !== undefined) this.inputs.push({ name: file, id });
        buffer = readBounded(fd, file);
      } catch (err) {
        throw err instanceof CliError ? err : fileError(file, err);
      } finally {
        closeSync(fd);
      }
    }
    const bytes = new Uint8Array(buffer);
    buffer.fill(0); // it may hold a private key
    return bytes;
  }

  /**
   * Refuses binary output to standard output when it is a terminal (raw bytes would garble it),
   * unless the command line asked for it (`allowed`), before any work.
   */
  checkTerminal(option: string, file: string | undefined, binary: boolean, allowed: boolean): void {
    if (file === '-' && binary && !allowed && this.io.stdoutIsTTY === true) {
      throw new UsageError(
        `${option} would write binary data to standard output, which is a terminal: name a file, pipe it, or add --binary`,
      );
    }
  }

  /**
   * Refuses, before any work, outputs that are the same file as an input or as one another:
   * compared as files (device and inode, through links), not as path strings. `outputs` pairs
   * each output file with the option that names it.
   */
  checkOutputs(...outputs: Array<[option: string, file: string | undefined]>): void {
    const seen: Array<{ option: string; id: FileIdentity }> = [];
    for (const [option, file] of outputs) {
      if (file === undefined || file === '-') continue;
      const id = identityOf(file);
      if (id === undefined) continue;
      this.refuseInput(file, id);
      const other = seen.find((s) => sameFile(s.id, id));
      if (other !== undefined)
        throw new UsageError(`${other.option} and ${option} name the same file (${file} is a link to it)`);
      seen.push({ option, id });
    }
  }

  private refuseInput(file: string, id: FileIdentity): void {
    for (const known of [...this.inputs, ...this.outputs]) {
      if (sameFile(known.id, id)) {
        const which = this.inputs.includes(known) ? 'an input' : 'an output written just before';
        throw new CliError(
          `${file}: is the same file as ${known.name}, ${which} (a link to it, or the same path); not overwritten`,
        );
      }
    }
  }

  /**
   * Writes `data` to `file`, or to standard output for "-". The file is opened once, and every
   * check is made on what was opened (fstat), never on the path again: nothing swapped in under
   * the name meanwhile is written. It must not be an input or an earlier output of the command
   * (device and inode); a regular file must be ours, and a pipe or device ours or the system's
   * (root's: /dev/null, /dev/stdout's pipe), never another user's FIFO or terminal.
   * A public file is opened without truncating it, following links, and truncated only once
   * checked. A private file is never opened through a symbolic link (someone else's link could lead
   * it anywhere). It is a new mode-0600 file (O_EXCL: nothing else has it open), with `keep` made in
   * place (an existing file refused), else renamed over the name (an open mode is never kept).
   * A pipe or device is written in place.
   */
  write(
    file: string,
    data: string | Uint8Array,
    options: { private: boolean; keep?: boolean; spareKeys?: boolean },
  ): void {
    if (file === '-') {
      this.io.writeStdout(data);
      return;
    }
    let written: FileIdentity;
    try {
      written = options.private
        ? this.writePrivate(file, data, options.keep === true, options.spareKeys === true)
        : this.writePublic(file, data, options.keep === true);
    } catch (err) {
      throw err instanceof CliError ? err : fileError(file, err);
    }
    this.outputs.push({ name: file, id: written });
  }

  /** `keep`: an existing file that holds a private key is refused, not replaced. */
  private writePublic(file: string, data: string | Uint8Array, keep: boolean): FileIdentity {
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | NOCTTY, 0o666);
    try {
      const stats = this.checkOpened(file, fd);
      if (keep && stats.isFile() && stats.size > 0n && stats.size <= INPUT_LIMIT && holdsPrivateKey(file, stats))
        throw new CliError(`${file}: holds a private key, which a public output never replaces (name another file)`);
      if (stats.isFile()) ftruncateSync(fd, 0);
      writeAll(fd, data);
      return { dev: stats.dev, ino: stats.ino };
    } finally {
      closeSync(fd);
    }
  }

  /** `spareKeys`: an existing file that holds a private key is refused (a secret never replaces a key). */
  private writePrivate(file: string, data: string | Uint8Array, keep: boolean, spareKeys: boolean): FileIdentity {
    let fd: number | undefined;
    try {
      fd = openSync(file, constants.O_WRONLY | constants.O_NOFOLLOW | NOCTTY);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT') return writeNew(file, data, !keep); // nothing there yet
      if (code === 'ELOOP' || code === 'EMLINK') {
        throw new CliError(
          `${file}: is a symbolic link; a private key or secret is not written through one (give the real path, or - for standard output)`,
        );
      }
      // A file we may not write but may replace (a read-only key of ours): opened to be checked only.
      if (code !== 'EACCES' && code !== 'EPERM') throw err;
      try {
        fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | NOCTTY);
      } catch {
        throw err;
      }
      if (!fstatSync(fd).isFile()) {
        closeSync(fd);
        throw err;
      }
    }
    try {
      const stats = this.checkOpened(file, fd, true);
      if (spareKeys && stats.isFile() && stats.size > 0n && stats.size <= INPUT_LIMIT && holdsPrivateKey(file, stats))
        throw new CliError(`${file}: holds a private key, which a shared secret never replaces (name another file)`);
      if (!stats.isFile()) {
        writeAll(fd, data);
        return { dev: stats.dev, ino: stats.ino };
      }
    } finally {
      closeSync(fd);
    }
    if (keep) throw fileError(file, { code: 'EEXIST' });
    // Note: the rename replaces the name, never the file checked above, which is not written: a
    // name swapped meanwhile (to a link to an input, say) is replaced, and no input's bytes change.
    return writeNew(file, data, true);
  }

  /**
   * The checks on an opened output, before anything is written: not an input or an earlier
   * output; a regular file that is ours (or, replaced by a private write, in a folder we may
   * write); a pipe or device that is ours or root's.
   */
  private checkOpened(file: string, fd: number, replaced = false): BigIntStats {
    const stats = fstatSync(fd, { bigint: true });
    this.refuseInput(file, { dev: stats.dev, ino: stats.ino });
    const uid = typeof process.geteuid === 'function' ? BigInt(process.geteuid()) : undefined;
    if (uid === undefined) return stats; // no owners to compare (Windows)
    if (stats.isFile()) {
      if (!replaced && stats.uid !== uid)
        throw new CliError(`${file}: belongs to another user (uid ${stats.uid}); not overwritten`);
    } else if (stats.uid !== uid && stats.uid !== 0n) {
      const kind = stats.isFIFO()
        ? 'a named pipe'
        : stats.isCharacterDevice()
          ? 'a terminal or device'
          : 'not a regular file';
      throw new CliError(
        `${file}: is ${kind} that belongs to another user (uid ${stats.uid}), who could read what is written; not written`,
      );
    }
    return stats;
  }
}

/**
 * Whether the regular file `file` (opened as `opened`; read through a second descriptor, which must
 * be the same file) holds a private key: a PEM private key of any kind, a JWK with a private
 * member, or DER PKCS#8 (a SEQUENCE over the whole file that opens with version 0 or 1, which a
 * random ciphertext matches by chance below 2^-32). Its bytes are wiped after.
 */
function holdsPrivateKey(file: string, opened: BigIntStats): boolean {
  const fd = openSync(file, constants.O_RDONLY | NOCTTY);
  let b: Buffer;
  try {
    const { dev, ino } = fstatSync(fd, { bigint: true });
    if (dev !== opened.dev || ino !== opened.ino) throw new CliError(`${file}: was replaced meanwhile; not written`);
    b = readBounded(fd, file);
  } finally {
    closeSync(fd);
  }
  const text = b.toString('latin1');
  const header = b[1]! < 0x80 ? 2 : 2 + (b[1]! & 0x7f);
  let length = b[1]! < 0x80 ? b[1]! : 0;
  for (let j = 2; j < header; j++) length = length * 256 + (b[j] ?? 0);
  const der = b[0] === 0x30 && header + length === b.length && b[header] === 2 && b[header + 1] === 1;
  const found =
    text.includes('PRIVATE KEY-----') ||
    (text.trimStart()[0] === '{' && /"(priv|d)"/.test(text)) ||
    (der && b[header + 2]! <= 1);
  b.fill(0);
  return found;
}

/** O_NOCTTY where the platform has it: opening a terminal never makes it the controlling one. */
const NOCTTY = constants.O_NOCTTY ?? 0;

/** Writes a new mode-0600 file (O_EXCL): `file` itself, or with `rename` one beside it renamed over `file`. */
function writeNew(file: string, data: string | Uint8Array, rename: boolean): FileIdentity {
  const temporary = rename ? join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`) : file;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    const stats = fstatSync(fd, { bigint: true });
    writeAll(fd, data);
    if (rename) renameSync(temporary, file);
    return { dev: stats.dev, ino: stats.ino };
  } catch (err) {
    try {
      unlinkSync(temporary);
    } catch {
      // already renamed or never written; the original error is the one to report
    }
    throw err;
  } finally {
    closeSync(fd);
  }
}

/** Writes all of data to the open file fd, from its start (the caller closes it). */
function writeAll(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
  } finally {
    if (bytes !== data) bytes.fill(0); // our encoding of a text that may be a key: it may sit in Node's shared pool
  }
}
