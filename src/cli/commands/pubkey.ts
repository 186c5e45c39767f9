// `mlkem-ts pubkey` (the public key of a key file, like `openssl pkey -pubout`), `mlkem-ts
// convert` (a key file re-encoded: private keys between the three PKCS#8 forms, PEM, DER and JWK)
// and their OpenSSL spelling `mlkem-ts pkey`. That writes what `openssl pkey` 3.5 writes: a
// private key in the both form when its seed is known (else the expanded form), PEM or DER,
// and with -text OpenSSL's text layout of the key.
import { wipe } from '../../ct.js';
import type { PrivateKeyForm } from '../../keys/index.js';
import { CliError, UsageError } from '../errors.js';
import { type CliIo, Files } from '../io.js';
import { type KeyFile, type KeyFormat, type Wanted, withKey, writePrivateKey, writePublicKey } from '../keyfile.js';
import {
  type Command,
  distinctFiles,
  FORCE,
  KEY_ENCODING_OPTIONS,
  keyFileArgument,
  keyFormat,
  openSslForm,
  openSslOptions,
  parse,
} from '../options.js';
import { keyText } from '../text.js';
import { openSslHint, parseForm } from './keygen.js';

interface Rewrite {
  input: string;
  inOption: string;
  out: string;
  outOption: string;
  want: Wanted;
  /** What is written: the key itself, or its public key. */
  part: 'key' | 'public';
  format: KeyFormat;
  /** The PKCS#8 form of a private key: a fixed one, or the default by what the file holds. */
  form: PrivateKeyForm | { withSeed: PrivateKeyForm; withoutSeed: PrivateKeyForm };
  /** The encoded key (false for -noout) and OpenSSL's text after it (of the public key only with `textPublic`). */
  encoded: boolean;
  text: boolean;
  textPublic?: boolean;
  /** PEM or DER demanded of the input (OpenSSL's -inform). */
  inform?: 'pem' | 'der' | undefined;
  binary: boolean;
  /** --form was given: refused for a public key, which has no form, rather than ignored. */
  formGiven?: boolean;
  force?: boolean | undefined; // --force: a private key may replace an existing file
}

/** Reads a key file and writes it again as `r` asks. */
async function rewrite(io: CliIo, r: Rewrite): Promise<void> {
  distinctFiles([r.inOption, r.input, 'input'], [r.outOption, r.out, 'output']);
  const files = new Files(io);
  files.checkTerminal(r.outOption, r.out, r.encoded && r.format === 'der', r.binary);
  const bytes = await files.read(r.input, 'the key');
  try {
    files.checkOutputs([r.outOption, r.out]);
  } catch (err) {
    wipe(bytes); // withKey wipes it from here on
    throw err;
  }
  const want = r.want === 'public' ? 'public' : r.part === 'public' ? 'any' : r.want;
  withKey(bytes, r.input, want, { option: '-inform', encoding: r.inform }, (key, name) => {
    if (r.want === 'public' && key.kind !== 'public')
      throw new CliError(`${name}: is a private key, and -pubin says a public key`);
    if (r.formGiven === true && key.kind === 'public') {
      throw new UsageError(
        `--form chooses the PKCS#8 form of a private key, and ${name} holds a public key (SubjectPublicKeyInfo has no form): leave --form out`,
      );
    }
    const pub = r.part === 'public' || key.kind === 'public';
    let content = '';
    let binary: Uint8Array | undefined;
    if (r.encoded) {
      if (!pub && r.format === 'jwk' && key.kind === 'private' && key.seed === undefined) {
        throw new CliError(
          `${name}: holds the expanded key only; a JWK holds the seed, which cannot be recovered from it`,
        );
      }
      const encoded = pub
        ? writePublicKey(key.publicKey, r.format)
        : writePrivateKey(key, r.format, r.format === 'jwk' ? 'seed' : formOf(key, r.form));
      if (typeof encoded === 'string') content = encoded;
      else binary = encoded;
    }
    const textPublic = pub || r.textPublic === true;
    if (r.text) content += keyText(key.algorithm, textPublic ? { publicKey: key.publicKey } : key);
    const data = binary ?? content;
    // Private when it holds any secret: the encoded private key or its text.
    try {
      files.write(r.out, data, { private: (r.encoded && !pub) || (r.text && !textPublic), keep: r.force !== true });
    } finally {
      if (!pub) wipe(binary); // a private key's DER, also when the write is refused
    }
  });
}

function formOf(key: KeyFile, form: Rewrite['form']): PrivateKeyForm {
  if (key.kind !== 'private') return 'seed';
  if (typeof form !== 'string') return key.seed !== undefined ? form.withSeed : form.withoutSeed;
  if (form !== 'expanded' && key.seed === undefined) {
    throw new UsageError(
      `--form ${form} needs the key's seed, and the file holds the expanded key only (it cannot be turned back into its seed)`,
    );
  }
  return form;
}

/** pubkey and convert: the -i/-o spelling of `rewrite`, encoded key only (one place, so the two agree). */
function rewriteEncoded(
  io: CliIo,
  values: Partial<Record<'in' | 'out', string | undefined> & Record<'binary' | 'force', boolean | undefined>>,
  positionals: readonly string[],
  part: Rewrite['part'],
  format: KeyFormat,
  form: Rewrite['form'],
  formGiven = false,
): Promise<void> {
  const input = keyFileArgument(positionals, values.in);
  return rewrite(io, {
    input: input.file,
    inOption: input.option,
    out: values.out ?? '-',
    outOption: '-o/--out',
    want: 'any',
    part,
    format,
    form,
    encoded: true,
    text: false,
    binary: values.binary === true,
    formGiven,
    force: values.force,
  });
}

export const pubkey: Command = {
  name: 'pubkey',
  summary: 'write the public key of a key file (OpenSSL spelling: pkey -pubout)',
  help: `Usage: mlkem-ts pubkey [key.pem] [-o pub.pem] [--der | --jwk] [--force]

Reads a private key (PKCS#8 in PEM or DER, or a JWK) and writes its public key as a
SubjectPublicKeyInfo. A public key file is read too, and written in the format asked for.

Options:
  FILE             the key file (default '-': standard input); -i, --in FILE name it too
  -o, --out FILE   where to write the public key (default '-': standard output)
      --der        write DER instead of PEM
      --jwk        write a JWK (JSON)
      --binary     write DER to standard output even when it is a terminal
      --force      replace an existing file that holds a private key
  -h, --help       show this help
`,
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      { in: { type: 'string', short: 'i' }, out: { type: 'string', short: 'o' }, ...KEY_ENCODING_OPTIONS, ...FORCE },
      true,
      openSslHint('pkey'),
    );
    await rewriteEncoded(io, values, positionals, 'public', keyFormat(values), 'seed');
  },
};

export const convert: Command = {
  name: 'convert',
  summary: 'write a key file again in another encoding or form (OpenSSL spelling: pkey -outform DER)',
  help: `Usage: mlkem-ts convert [key.pem] [-o FILE] [--form seed|expanded|both] [--der | --jwk]

Reads a key file (PEM, DER or JWK; private or public) and writes the same key in the encoding
asked for: PEM (default), DER or JWK; a private key as PKCS#8 in the form asked for. Private key
files are created with mode 0600 and never replace an existing file unless --force is given.

Options:
  FILE, -i/--in FILE  the key file (default '-': standard input)
  -o, --out FILE      where to write it (default '-': standard output)
      --form FORM     the PKCS#8 form of a private key: seed, expanded or both (default: seed when
                      the file holds the seed, else expanded; seed and both need the seed; refused
                      for a public key, which has no form)
      --der           write DER instead of PEM
      --jwk           write a JWK (JSON; a private key needs its seed)
      --binary        write DER to standard output even when it is a terminal
      --force         let a private key replace an existing file
  -h, --help          show this help
`,
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        in: { type: 'string', short: 'i' },
        out: { type: 'string', short: 'o' },
        form: { type: 'string' },
        ...KEY_ENCODING_OPTIONS,
        ...FORCE,
      },
      true,
      openSslHint('pkey'),
    );
    const format = keyFormat(values);
    const form =
      values.form === undefined
        ? { withSeed: 'seed' as const, withoutSeed: 'expanded' as const }
        : parseForm(values.form, 'seed');
    if (format === 'jwk' && typeof form === 'string' && form !== 'seed')
      throw new UsageError(`--jwk writes the seed form only (an ML-KEM JWK holds the seed), not --form ${form}`);
    await rewriteEncoded(
      io,
      values,
      positionals,
      'key',
      format,
      format === 'jwk' ? 'seed' : form,
      values.form !== undefined,
    );
  },
};

export const pkey: Command = {
  name: 'pkey',
  summary: 'pubkey, convert: -in F [-pubout] [-out F] [-outform PEM|DER] [-text] [-noout]',
  help: `Usage: mlkem-ts pkey [-in key.pem] [-pubin] [-pubout] [-out FILE] [-outform PEM|DER] [-text] [-noout]

OpenSSL's spelling of 'mlkem-ts pubkey' and 'mlkem-ts convert', writing what 'openssl pkey' 3.5
writes: the private key as PKCS#8 in the both form when its seed is known (else the expanded
form), or with -pubout the public key, in PEM or DER; -text adds the key in OpenSSL's text layout
(seed, dk, ek; with -pubout or -pubin the public key only). A private key file is created with
mode 0600 and never replaces an existing file unless --force is given.

Options:
  -in FILE        the key file (default: standard input); PEM, DER or JWK
  -inform FORM    PEM or DER: refuse a file in the other encoding
  -pubin          the file holds a public key
  -pubout         write the public key
  -out FILE       where to write (default: standard output)
  -outform FORM   PEM (default) or DER
  -text           also write the key as text (after PEM; not with -outform DER)
  -text_pub       the same, of the public key only
  -noout          do not write the encoded key (with -text: the text alone)
  --binary        write DER to standard output even when it is a terminal
  --force         let a private key replace an existing file
  -help, -h       show this help
`,
  async run(args, io) {
    const { values } = parse(args, {
      ...openSslOptions({
        in: 'string',
        inform: 'string',
        pubin: 'boolean',
        pubout: 'boolean',
        out: 'string',
        outform: 'string',
        text: 'boolean',
        text_pub: 'boolean',
        noout: 'boolean',
      }),
      ...FORCE,
    });
    const format = openSslForm(values.outform, '-outform') ?? 'pem';
    const text = values.text === true || values.text_pub === true;
    // As openssl pkey: -pubout with -text (or -text_pub) shows the public key only; no text after DER.
    if (text && format === 'der' && values.noout !== true)
      throw new UsageError('text output (-text, -text_pub) cannot be combined with DER output (-outform DER)');
    await rewrite(io, {
      textPublic: values.text_pub === true,
      input: values.in ?? '-',
      inOption: '-in',
      out: values.out ?? '-',
      outOption: '-out',
      want: values.pubin === true ? 'public' : 'any',
      part: values.pubout === true ? 'public' : 'key',
      format,
      form: { withSeed: 'both', withoutSeed: 'expanded' },
      encoded: values.noout !== true,
      text,
      inform: openSslForm(values.inform, '-inform'),
      binary: values.binary === true,
      force: values.force,
    });
  },
};
