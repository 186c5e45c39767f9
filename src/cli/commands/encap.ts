// `mlkem-ts encap` and `mlkem-ts decap` (like `openssl pkeyutl -encap` / `-decap`): a shared
// secret and its ciphertext for a public key (FIPS 203, Algorithm 20), and the shared secret of a
// ciphertext under a private key (Algorithm 21).
import { wipe } from '../../ct.js';
import { kemFor } from '../../keys/index.js';
import { CliError, UsageError } from '../errors.js';
import { Files, inputName } from '../io.js';
import { withKey } from '../keyfile.js';
import { type Command, distinctFiles, parse, required } from '../options.js';

const SECRET_OPTIONS = `      --secret FILE   the 32-byte shared secret, raw; '-' prints it as hex on standard output
      --hex           write the shared secret as hex text (the default for '-')
      --base64        write the shared secret as base64 text
  -h, --help          show this help`;

type SecretText = 'hex' | 'base64' | undefined;

/**
 * The arguments encap and decap share, checked before any work: the key (-i), the ciphertext
 * (--ct, written by encap and read by decap) and the shared secret (--secret) with its text form.
 */
function kemArguments(args: string[], ctDirection: 'input' | 'output') {
  const { values } = parse(args, {
    in: { type: 'string', short: 'i' },
    ct: { type: 'string' },
    secret: { type: 'string' },
    hex: { type: 'boolean' },
    base64: { type: 'boolean' },
  });
  const input = values.in ?? '-';
  const ct = required(values.ct, '--ct');
  const secret = required(values.secret, '--secret');
  distinctFiles(['-i/--in', input, 'input'], ['--ct', ct, ctDirection], ['--secret', secret, 'output']);
  if (values.hex === true && values.base64 === true) throw new UsageError('--hex and --base64 cannot be combined');
  // Raw bytes to a file, hex on standard output, or as asked.
  const text: SecretText = values.base64 === true ? 'base64' : values.hex === true || secret === '-' ? 'hex' : undefined;
  return { input, ct, secret, text };
}

function writeSecret(files: Files, file: string, secret: Uint8Array, text: SecretText): void {
  files.write(file, text === undefined ? secret : `${Buffer.from(secret).toString(text)}\n`, { private: true });
}

export const encap: Command = {
  name: 'encap',
  summary: 'encapsulate a shared secret to a public key (like openssl pkeyutl -encap)',
  help: `Usage: mlkem-ts encap -i pub.pem --ct ct.bin --secret ss.bin [--hex | --base64]

Makes a fresh shared secret and its ciphertext for a public key (SubjectPublicKeyInfo in PEM or
DER, or a JWK; a private key file works too). Send the ciphertext to the key's owner, who gets the
same secret with 'mlkem-ts decap'. The shared secret file is created with mode 0600.

Options:
  -i, --in FILE       the public key (default '-': standard input)
      --ct FILE       where to write the ciphertext (raw bytes)
${SECRET_OPTIONS}
`,
  async run(args, io) {
    const { input, ct, secret, text } = kemArguments(args, 'output');
    const files = new Files(io);
    const { algorithm, publicKey } = withKey(await files.read(input, 'the public key'), inputName(input), (key) => key);
    files.checkOutputs(['--ct', ct], ['--secret', secret]);
    const { ciphertext, sharedSecret } = kemFor(algorithm).encapsulate(publicKey);
    try {
      files.write(ct, ciphertext, { private: false });
      writeSecret(files, secret, sharedSecret, text);
    } finally {
      wipe(sharedSecret);
    }
  },
};

export const decap: Command = {
  name: 'decap',
  summary: 'decapsulate a ciphertext with a private key (like openssl pkeyutl -decap)',
  help: `Usage: mlkem-ts decap -i key.pem --ct ct.bin --secret ss.bin [--hex | --base64]

Recovers the shared secret of a ciphertext made by 'mlkem-ts encap' (or any ML-KEM encapsulation)
with the private key (PKCS#8 in PEM or DER, or a JWK). A ciphertext of the right length is never
refused: a tampered one gives an unrelated secret (FIPS 203 implicit rejection), so the two sides
learn of a mismatch only when they use the secret. The shared secret file is created with mode 0600.

Options:
  -i, --in FILE       the private key (default '-': standard input)
      --ct FILE       the ciphertext (raw bytes; '-': standard input)
${SECRET_OPTIONS}
`,
  async run(args, io) {
    const { input, ct: ctFile, secret, text } = kemArguments(args, 'input');
    const files = new Files(io);
    const keyBytes = await files.read(input, 'the private key');
    const ciphertext = await files.read(ctFile, 'the ciphertext');
    files.checkOutputs(['--secret', secret]);
    withKey(keyBytes, inputName(input), (key) => {
      if (key.kind !== 'private') throw new CliError(`${inputName(input)}: is a public key; decap needs the private key`);
      const kem = kemFor(key.algorithm);
      if (ciphertext.length !== kem.sizes.ciphertext) {
        throw new CliError(`${inputName(ctFile)}: holds ${ciphertext.length} bytes; an ${kem.name} ciphertext has ${kem.sizes.ciphertext} (is the key the right one?)`);
      }
      const sharedSecret = kem.decapsulate(ciphertext, key.secretKey);
      try {
        writeSecret(files, secret, sharedSecret, text);
      } finally {
        wipe(sharedSecret);
      }
    });
  },
};
