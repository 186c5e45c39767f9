// `mlkem-ts encap` and `mlkem-ts decap`, and their OpenSSL spelling `mlkem-ts pkeyutl -encap` /
// `-decap`: a shared secret and its ciphertext for a public key (FIPS 203, Algorithm 20), and the
// shared secret of a ciphertext under a private key (Algorithm 21). pkeyutl writes what `openssl
// pkeyutl` 3.5 writes: the raw ciphertext and the raw 32-byte secret.
import { wipe } from '../../ct.js';
import { kemFor } from '../../keys/index.js';
import { CliError, UsageError } from '../errors.js';
import { type CliIo, Files, inputName } from '../io.js';
import { type Demand, backend, checkNotSwapped, withKey } from '../keyfile.js';
import {
  type Command,
  distinctFiles,
  keyFileArgument,
  openSslForm,
  openSslOptions,
  parse,
  required,
} from '../options.js';
import { openSslHint } from './keygen.js';

const SECRET_OPTIONS = `      --secret FILE   the 32-byte shared secret, raw; '-' prints it as hex on standard output
      --hex           write the shared secret as hex text (the default for '-')
      --base64        write the shared secret as base64 text
      --binary        write raw bytes to standard output even when it is a terminal
  -h, --help          show this help`;

type SecretText = 'hex' | 'base64' | undefined;

/** The files and options of one encapsulation or decapsulation, checked before any work. */
interface Kem {
  key: string;
  keyOption: string;
  ct: string;
  ctOption: string;
  secret: string;
  secretOption: string;
  text: SecretText;
  binary: boolean;
  /** OpenSSL's -keyform: PEM or DER demanded of the key file. */
  keyform?: 'pem' | 'der' | undefined;
}

/**
 * The arguments encap and decap share: the key (-i), the ciphertext (--ct, written by encap and
 * read by decap) and the shared secret (--secret) with its text form; an OpenSSL option given to
 * either is answered with the name of their OpenSSL spelling, pkeyutl.
 */
function kemArguments(args: string[]): Kem {
  const { values, positionals } = parse(
    args,
    {
      in: { type: 'string', short: 'i' },
      ct: { type: 'string' },
      secret: { type: 'string' },
      hex: { type: 'boolean' },
      base64: { type: 'boolean' },
      binary: { type: 'boolean' },
    },
    true,
    openSslHint('pkeyutl'),
  );
  const key = keyFileArgument(positionals, values.in);
  const ct = required(values.ct, '--ct');
  const secret = required(values.secret, '--secret');
  if (values.hex === true && values.base64 === true) throw new UsageError('--hex and --base64 cannot be combined');
  // Raw bytes to a file, hex on standard output, or as asked.
  const text: SecretText =
    values.base64 === true ? 'base64' : values.hex === true || secret === '-' ? 'hex' : undefined;
  // The option names for messages here too, so that encap and decap spell them alike.
  return {
    key: key.file,
    ct,
    secret,
    text,
    binary: values.binary === true,
    keyOption: key.option,
    ctOption: '--ct',
    secretOption: '--secret',
  };
}

// The text from a view of the secret: Buffer.from(secret) would leave a copy in Node's shared pool.
const secretBytes = (secret: Uint8Array, text: SecretText): string | Uint8Array =>
  text === undefined ? secret : `${Buffer.from(secret.buffer, secret.byteOffset, secret.length).toString(text)}\n`;

/** The encoding pkeyutl's -keyform demands of the key file (encap and decap demand none). */
const keyform = (k: Kem): Demand => ({ option: '-keyform', encoding: k.keyform });

async function encapsulate(io: CliIo, k: Kem): Promise<void> {
  distinctFiles([k.keyOption, k.key, 'input'], [k.ctOption, k.ct, 'output'], [k.secretOption, k.secret, 'output']);
  const files = new Files(io);
  files.checkTerminal(k.ctOption, k.ct, true, k.binary);
  files.checkTerminal(k.secretOption, k.secret, k.text === undefined, k.binary);
  const keyBytes = await files.read(k.key, 'the public key');
  checkNotSwapped({ file: k.key, option: k.keyOption, bytes: keyBytes });
  const { algorithm, publicKey } = withKey(keyBytes, k.key, 'public', keyform(k), (key) => ({
    algorithm: key.algorithm,
    publicKey: key.publicKey.slice(),
  }));
  files.checkOutputs([k.ctOption, k.ct], [k.secretOption, k.secret]);
  const { ciphertext, sharedSecret } = kemFor(algorithm, backend()).encapsulate(publicKey);
  try {
    files.write(k.ct, ciphertext, { private: false, keep: true });
    files.write(k.secret, secretBytes(sharedSecret, k.text), { private: true, spareKeys: true });
  } finally {
    wipe(sharedSecret);
  }
}

async function decapsulate(io: CliIo, k: Kem): Promise<void> {
  distinctFiles([k.keyOption, k.key, 'input'], [k.ctOption, k.ct, 'input'], [k.secretOption, k.secret, 'output']);
  const files = new Files(io);
  files.checkTerminal(k.secretOption, k.secret, k.text === undefined, k.binary);
  const keyBytes = await files.read(k.key, 'the private key');
  let ciphertext: Uint8Array;
  try {
    ciphertext = await files.read(k.ct, 'the ciphertext');
    checkNotSwapped(
      { file: k.key, option: k.keyOption, bytes: keyBytes },
      { file: k.ct, option: k.ctOption, bytes: ciphertext },
    );
    files.checkOutputs([k.secretOption, k.secret]);
  } catch (err) {
    wipe(keyBytes); // withKey wipes it from here on
    throw err;
  }
  withKey(keyBytes, k.key, 'private', keyform(k), (key, name) => {
    if (key.kind !== 'private') throw new CliError(`${name}: is a public key; decap needs the private key`);
    const kem = kemFor(key.algorithm, backend());
    if (ciphertext.length !== kem.sizes.ciphertext) {
      throw new CliError(
        `${inputName(k.ct)}: holds ${ciphertext.length} bytes; an ${kem.name} ciphertext has ${kem.sizes.ciphertext} (is the key the right one?)`,
      );
    }
    const sharedSecret = kem.decapsulate(ciphertext, key.secretKey);
    try {
      files.write(k.secret, secretBytes(sharedSecret, k.text), { private: true, spareKeys: true });
    } finally {
      wipe(sharedSecret);
    }
  });
}

export const encap: Command = {
  name: 'encap',
  summary: 'encapsulate a shared secret to a public key (OpenSSL spelling: pkeyutl -encap)',
  help: `Usage: mlkem-ts encap pub.pem --ct ct.bin --secret ss.bin [--hex | --base64]

Makes a fresh shared secret and its ciphertext for a public key (SubjectPublicKeyInfo in PEM or
DER, or a JWK; a private key file works too). Send the ciphertext to the key's owner, who gets the
same secret with 'mlkem-ts decap'. The shared secret file is created with mode 0600.

Options:
  FILE, -i/--in FILE  the public key (default '-': standard input)
      --ct FILE       where to write the ciphertext (raw bytes)
${SECRET_OPTIONS}
`,
  run: async (args, io) => encapsulate(io, kemArguments(args)),
};

export const decap: Command = {
  name: 'decap',
  summary: 'decapsulate a ciphertext with a private key (OpenSSL spelling: pkeyutl -decap)',
  help: `Usage: mlkem-ts decap key.pem --ct ct.bin --secret ss.bin [--hex | --base64]

Recovers the shared secret of a ciphertext made by 'mlkem-ts encap' (or any ML-KEM encapsulation)
with the private key (PKCS#8 in PEM or DER, or a JWK; in a PEM file of several blocks, the private
key's). A ciphertext of the right length is never refused: a tampered one gives an unrelated
secret (FIPS 203 implicit rejection), so the two sides learn of a mismatch only when they use the
secret. The shared secret file is created with mode 0600.

Options:
  FILE, -i/--in FILE  the private key (default '-': standard input)
      --ct FILE       the ciphertext (raw bytes; '-': standard input)
${SECRET_OPTIONS}
`,
  run: async (args, io) => decapsulate(io, kemArguments(args)),
};

export const pkeyutl: Command = {
  name: 'pkeyutl',
  summary: 'encap, decap: -encap|-decap -inkey KEY [-in CT] [-out F] [-secret SS]',
  help: `Usage: mlkem-ts pkeyutl -encap -inkey pub.pem [-pubin] [-out ct.bin] -secret ss.bin
       mlkem-ts pkeyutl -decap -inkey key.pem [-in ct.bin] [-secret ss.bin | -out ss.bin]

OpenSSL's spelling of 'mlkem-ts encap' and 'mlkem-ts decap', writing what 'openssl pkeyutl' 3.5
writes: the raw ciphertext and the raw 32-byte shared secret (files created with mode 0600 for
the secret). With -decap, -in is the ciphertext (where 'mlkem-ts decap -i' is the key).

Options:
  -encap           encapsulate to the public key -inkey
  -decap           decapsulate the ciphertext -in with the private key -inkey
  -inkey FILE      the key (required); PEM, DER or JWK
  -keyform FORM    PEM or DER: refuse a key file in the other encoding
  -pubin           the key is a public key (accepted; the file's content says so too)
  -in FILE         -decap: the ciphertext (default: standard input)
  -out FILE        -encap: the ciphertext; -decap: the secret, without -secret (default: standard output)
  -secret FILE     the shared secret (required with -encap)
  --binary         write raw bytes to standard output even when it is a terminal
  -help, -h        show this help
`,
  async run(args, io) {
    const { values } = parse(
      args,
      openSslOptions({
        encap: 'boolean',
        decap: 'boolean',
        inkey: 'string',
        keyform: 'string',
        pubin: 'boolean',
        in: 'string',
        out: 'string',
        secret: 'string',
      }),
    );
    if (values.encap === values.decap)
      throw new UsageError(
        'one of -encap and -decap is needed (the other operations of openssl pkeyutl are not ML-KEM ones)',
      );
    const key = required(values.inkey, '-inkey');
    const common = {
      key,
      keyOption: '-inkey',
      text: undefined,
      binary: values.binary === true,
      keyform: openSslForm(values.keyform, '-keyform'),
    };
    if (values.encap === true) {
      if (values.in !== undefined)
        throw new UsageError('-in is the ciphertext of -decap; -encap reads only the key (-inkey)');
      await encapsulate(io, {
        ...common,
        ct: values.out ?? '-',
        ctOption: '-out',
        secret: required(values.secret, '-secret (with -encap, where -out is the ciphertext)'),
        secretOption: '-secret',
      });
    } else {
      if (values.pubin === true)
        throw new UsageError('-pubin says the key is a public key, and -decap needs the private key');
      if (values.secret !== undefined && values.out !== undefined)
        throw new UsageError('-secret and -out both name where the secret goes: give one');
      const secretOption = values.secret !== undefined ? '-secret' : '-out';
      await decapsulate(io, {
        ...common,
        ct: values.in ?? '-',
        ctOption: '-in',
        secret: values.secret ?? values.out ?? '-',
        secretOption,
      });
    }
  },
};
