// What the command reports: a failed operation (exit status 1) or bad usage (exit status 2), as
// one line on stderr. Everything else that reaches main is turned into one of these there.

/**
 * An operation failed: a file could not be read or written, or holds no usable key. Exit 1.
 * A CliError made from another error keeps it as `cause` (the message names the file).
 */
export class CliError extends Error {
  readonly status: 1 | 2 = 1;
}

/** The command line itself is wrong: unknown option, missing argument, conflicting flags. Exit 2. */
export class UsageError extends CliError {
  override readonly status = 2;
}

/** Node's fs error codes in words, for "key.pem: no such file or directory". */
const FS_MESSAGES: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'a component of the path is not a directory',
  EEXIST: 'already exists: a private key never replaces a file (add --force to replace it)',
  ENOSPC: 'no space left on the device',
  EROFS: 'read-only file system',
};

/** A CliError naming the file (as `name` shows it) for an error thrown while reading or writing it. */
export function fileError(name: string, err: unknown): CliError {
  const code = (err as { code?: unknown } | null)?.code;
  const message = typeof code === 'string' && FS_MESSAGES[code] !== undefined ? FS_MESSAGES[code] : oneLine(err);
  return new CliError(`${name}: ${message}`, { cause: err });
}

/** The message of anything thrown, on one line. */
function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.trim().replace(/\s*\n\s*/g, ' ');
}

/** An argument's kind and length where it holds a key or other text, not a name (PEM, JSON, lines, > 255 characters). */
function textKind(arg: string): string {
  const pem = ['PRIVATE KEY', 'PUBLIC KEY', ''].find((l) => arg.includes(`-----BEGIN ${l}`))?.toLowerCase();
  const text = /[\n\r]/.test(arg) || arg.length > 255 ? 'text' : '';
  const kind =
    pem === undefined ? (arg.trimStart().startsWith('{') ? 'JSON (a JWK?)' : text) : `a PEM ${pem || 'block'}`;
  return kind && `${kind} (${arg.length.toLocaleString('en-US')} characters)`;
}

/** main's one line for err; one that quotes an argument holding a key names its kind and length instead. */
export function reported(err: unknown, args: readonly string[]): string {
  const text = err instanceof Error ? err.message : String(err);
  for (const [i, arg] of args.entries()) {
    const value = /^--[\w-]+=/.test(arg) ? arg.slice(arg.indexOf('=') + 1) : arg; // --in=VALUE
    const kind = textKind(value);
    if (!kind || !text.includes(value.slice(0, 40))) continue;
    const prev = args[i - 1];
    const after = prev !== undefined && prev.length <= 32 && !textKind(prev) ? ` (after '${prev}')` : '';
    return `argument ${i + 1}${after} looks like ${kind}, not a file name: give the name of the file that holds it, or - to read it from standard input`;
  }
  return oneLine(err);
}
