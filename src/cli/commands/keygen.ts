// `mlkem-ts keygen` and its OpenSSL spelling `mlkem-ts genpkey -algorithm ML-KEM-768`: a new key
// pair (FIPS 203, Algorithm 19, fresh randomness), written as the PKCS#8 / SubjectPublicKeyInfo
// files of RFC 9935 that OpenSSL 3.5 and Node.js 24+ read, or as JWK. genpkey writes what
// `openssl genpkey` writes: PEM or DER, in the both form (seed and expanded key), OpenSSL 3.5's
// default output format for ML-KEM.
import { wipe } from '../../ct.js';
import { type MlKemAlgorithm, type PrivateKeyForm, kemFor } from '../../keys/index.js';
import { UsageError } from '../errors.js';
import { type CliIo, Files } from '../io.js';
import { type KeyFormat, backend, writePrivateKey, writePublicKey } from '../keyfile.js';
import {
  type Command,
  distinctFiles,
  FORCE,
  KEY_ENCODING_OPTIONS,
  keyFormat,
  openSslForm,
  openSslOptions,
  parse,
  parseAlgorithm,
  required,
} from '../options.js';

const FORMS: readonly PrivateKeyForm[] = ['seed', 'expanded', 'both'];

/** The form named by --form (or the default). */
export function parseForm(value: string | undefined, fallback: PrivateKeyForm): PrivateKeyForm {
  const form = (value ?? fallback) as PrivateKeyForm;
  if (!FORMS.includes(form)) throw new UsageError(`--form must be seed, expanded or both, got '${form}'`);
  return form;
}

interface Generate {
  algorithm: MlKemAlgorithm;
  form: PrivateKeyForm;
  format: KeyFormat;
  out: string;
  outOption: string;
  pubout?: string | undefined;
  binary: boolean;
  force: boolean;
}

/** Makes the key pair and writes it, once every file argument has been checked. */
function generate(io: CliIo, g: Generate): void {
  if (g.format === 'jwk' && g.form !== 'seed')
    throw new UsageError(`--jwk writes the seed form only (an ML-KEM JWK holds the seed), not --form ${g.form}`);
  distinctFiles([g.outOption, g.out, 'output'], ['--pubout', g.pubout, 'output']);
  const files = new Files(io);
  files.checkTerminal(g.outOption, g.out, g.format === 'der', g.binary);
  files.checkTerminal('--pubout', g.pubout, g.format === 'der', g.binary);
  files.checkOutputs([g.outOption, g.out], ['--pubout', g.pubout]);
  const pair = kemFor(g.algorithm, backend()).keygen();
  let key: string | Uint8Array | undefined;
  try {
    key = writePrivateKey({ algorithm: g.algorithm, ...pair }, g.format, g.form);
    files.write(g.out, key, { private: true, keep: !g.force }); // --force: it may replace a file
    if (g.pubout !== undefined)
      files.write(g.pubout, writePublicKey(pair.publicKey, g.format), { private: false, keep: !g.force });
  } finally {
    wipe(pair.seed, pair.secretKey, typeof key === 'string' ? undefined : key);
  }
}

/** For an OpenSSL option given to one of our commands: the command that takes it. */
export const openSslHint =
  (twin: string) =>
  (word: string): string | undefined =>
    /^-[a-z]{2,}$/.test(word) ? `'mlkem-ts ${twin}' takes OpenSSL's options` : undefined;

export const keygen: Command = {
  name: 'keygen',
  summary: 'make a key pair (OpenSSL spelling: genpkey -algorithm ML-KEM-768)',
  help: `Usage: mlkem-ts keygen [-a ML-KEM-768] [--form seed] [-o key.pem] [--pubout pub.pem] [--der | --jwk]

Makes a new ML-KEM key pair from fresh randomness and writes the private key (and, with --pubout,
the public key). Private key files are created with mode 0600 and never replace a file (--force).

Options:
  -a, --algorithm NAME  ML-KEM-512, ML-KEM-768 (default) or ML-KEM-1024 (also 512, 768, 1024)
      --form FORM       what the PKCS#8 private key holds: seed (default: the 64-byte seed, what
                        Node.js writes), expanded (the FIPS 203 decapsulation key) or both (the
                        seed and the expanded key, OpenSSL 3.5's default)
  -o, --out FILE        the private key file (default '-': standard output)
      --pubout FILE     also write the public key (SubjectPublicKeyInfo) to FILE
      --der             write DER instead of PEM
      --jwk             write JWK (JSON, as Node.js exports it; private keys in the seed form only)
      --binary          write DER to standard output even when it is a terminal
      --force           let the private key replace an existing file
  -h, --help            show this help
`,
  run(args, io) {
    const { values } = parse(
      args,
      {
        algorithm: { type: 'string', short: 'a' },
        form: { type: 'string' },
        out: { type: 'string', short: 'o' },
        pubout: { type: 'string' },
        ...KEY_ENCODING_OPTIONS,
        ...FORCE,
      },
      false,
      openSslHint('genpkey'),
    );
    generate(io, {
      algorithm: parseAlgorithm(values.algorithm ?? 'ML-KEM-768'),
      form: parseForm(values.form, 'seed'),
      format: keyFormat(values),
      out: values.out ?? '-',
      outOption: '-o/--out',
      pubout: values.pubout,
      binary: values.binary === true,
      force: values.force === true,
    });
  },
};

export const genpkey: Command = {
  name: 'genpkey',
  summary: 'keygen: -algorithm ML-KEM-768 [-out F] [-outform PEM|DER]',
  help: `Usage: mlkem-ts genpkey -algorithm ML-KEM-768 [-out key.pem] [-outform PEM|DER]

OpenSSL's spelling of 'mlkem-ts keygen', writing the file 'openssl genpkey' 3.5 writes: the
private key as PKCS#8 in the both form (the seed and the expanded key), PEM by default. The file
is created with mode 0600 and never replaces an existing file unless --force is given.

Options:
  -algorithm NAME   ML-KEM-512, ML-KEM-768 or ML-KEM-1024 (required)
  -out FILE         the private key file (default: standard output)
  -outform FORM     PEM (default) or DER
  --binary          write DER to standard output even when it is a terminal
  --force           let the key replace an existing file
  -help, -h         show this help
`,
  run(args, io) {
    const { values } = parse(args, {
      ...openSslOptions({ algorithm: 'string', out: 'string', outform: 'string' }),
      ...FORCE,
    });
    generate(io, {
      algorithm: parseAlgorithm(required(values.algorithm, '-algorithm'), '-algorithm'),
      form: 'both',
      format: openSslForm(values.outform, '-outform') ?? 'pem',
      out: values.out ?? '-',
      outOption: '-out',
      binary: values.binary === true,
      force: values.force === true,
    });
  },
};
