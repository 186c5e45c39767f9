import { MlKemError } from '../errors.js';
import { orList } from '../registry.js';
/// <reference types="node" />
// The `mlkem-ts` command: keys, encapsulation and a benchmark from the shell. main() takes the
// arguments and the standard streams and returns the exit status (0 done, 1 failed, 2 bad usage),
// so that tests can run it in-process; bin.ts runs it as a program. Every failure is one line on
// stderr naming the file and what was wrong, never a stack trace; nothing is ever asked.
import { bench } from './commands/bench.js';
import { decap, encap, pkeyutl } from './commands/encap.js';
import { inspect } from './commands/inspect.js';
import { genpkey, keygen } from './commands/keygen.js';
import { convert, pkey, pubkey } from './commands/pubkey.js';
import { CliError, UsageError, reported } from './errors.js';
import { type CliIo, nodeIo } from './io.js';
import { type Command, nearest, wantsHelp } from './options.js';
import { VERSION } from './version.js';

export type { CliIo } from './io.js';

const COMMANDS: readonly Command[] = [keygen, pubkey, convert, encap, decap, inspect, bench];
/** The same operations under OpenSSL's names and options. */
const OPENSSL_COMMANDS: readonly Command[] = [genpkey, pkey, pkeyutl];
const ALL = [...COMMANDS, ...OPENSSL_COMMANDS];
const ALL_NAMES = ALL.map((c) => c.name);
const NAMES = orList(ALL_NAMES);

/** What users call our commands by other names: the command they mean. */
const COMMAND_SYNONYMS: Readonly<Record<string, string>> = {
  encapsulate: 'encap',
  decapsulate: 'decap',
  generate: 'keygen',
  genkey: 'keygen',
  public: 'pubkey',
  pub: 'pubkey',
  show: 'inspect',
  info: 'inspect',
  benchmark: 'bench',
};

/** "unknown command 'keygn': did you mean 'keygen'?", else the list of commands. */
function unknownCommand(name: string): UsageError {
  const meant = COMMAND_SYNONYMS[name.toLowerCase()] ?? nearest(name.toLowerCase(), ALL_NAMES);
  return new UsageError(
    `unknown command '${name}': ${meant !== undefined ? `did you mean '${meant}'? The commands are` : 'expected'} ${NAMES}`,
  );
}

const USAGE = `Usage: mlkem-ts COMMAND [options]

ML-KEM (FIPS 203) keys, encapsulation and a benchmark. Key files are the PEM, DER (RFC 9935) and
JWK files that OpenSSL 3.5 and Node.js 24+ read and write. Every FILE may be '-' for standard
input or output.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(9)}${c.summary}`).join('\n')}

The same under OpenSSL's names and options (the files 'openssl' 3.5 writes):
${OPENSSL_COMMANDS.map((c) => `  ${c.name.padEnd(9)}${c.summary}`).join('\n')}

Options are exactly as listed (OpenSSL's '-out' is not our '-o'). Binary output (DER, raw
ciphertexts and secrets) is not written to a terminal unless --binary is given.
Run 'mlkem-ts help COMMAND' or 'mlkem-ts COMMAND --help' for the options of a command,
'mlkem-ts --version' for the version.
Exit status: 0 done, 1 the operation failed, 2 bad usage.
`;

/** Success, once what was written to standard output has left: a closed pipe is a failure (EPIPE). */
async function done(io: CliIo): Promise<0> {
  await io.flushStdout?.();
  return 0;
}

/** Runs the command line `argv` (without the program name) on `io`; resolves to the exit status. */
export async function main(argv: readonly string[], io: CliIo = nodeIo()): Promise<number> {
  const [name, ...args] = argv;
  let command: Command | undefined;
  try {
    if (name === '--version' || name === 'version') {
      if (args.length > 0) throw new UsageError(`${name} takes no arguments, got '${args[0]}'`);
      io.writeStdout(`mlkem-ts ${VERSION}\n`);
      return await done(io);
    }
    if (name === '-h' || name === '--help' || name === '-help' || name === 'help') {
      if (args.length === 0) {
        io.writeStdout(USAGE);
        return await done(io);
      }
      const [topic, ...more] = args;
      if (more.length > 0) throw new UsageError(`help takes one COMMAND, got ${args.length}`);
      const about = ALL.find((c) => c.name === topic);
      if (about === undefined) throw unknownCommand(topic!);
      io.writeStdout(about.help);
      return await done(io);
    }
    if (name === undefined) throw new UsageError(`a command is needed: ${NAMES}`);
    command = ALL.find((c) => c.name === name);
    if (command === undefined) throw unknownCommand(name);
    if (wantsHelp(args)) {
      io.writeStdout(command.help);
      return await done(io);
    }
    await command.run(args, io);
    return await done(io);
  } catch (err) {
    const prefix = command === undefined ? 'mlkem-ts' : `mlkem-ts ${command.name}`;
    const line = reported(err, argv); // quotes no argument that holds a key
    if (err instanceof UsageError) {
      io.writeStderr(`${prefix}: ${line} (see 'mlkem-ts ${command?.name ?? ''}${command ? ' ' : ''}--help')\n`);
      return 2;
    }
    const expected = err instanceof CliError || err instanceof MlKemError; // e.g. ERR_RANDOMNESS from keygen
    io.writeStderr(`${prefix}: ${expected ? '' : 'unexpected error: '}${line}\n`);
    return 1;
  }
}
