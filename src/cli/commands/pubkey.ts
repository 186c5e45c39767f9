// `mlkem-ts pubkey`: the public key of a private key file (like `openssl pkey -pubout`), or a
// public key file converted between PEM, DER and JWK.
import { Files, inputName } from '../io.js';
import { withKey, writePublicKey } from '../keyfile.js';
import { type Command, distinctFiles, keyFormat, parse } from '../options.js';

export const pubkey: Command = {
  name: 'pubkey',
  summary: 'write the public key of a key file (like openssl pkey -pubout)',
  help: `Usage: mlkem-ts pubkey [-i key.pem] [-o pub.pem] [--der | --jwk]

Reads a private key (PKCS#8 in PEM or DER, or a JWK) and writes its public key as a
SubjectPublicKeyInfo. A public key file is read too, and written in the format asked for.

Options:
  -i, --in FILE    the key file (default '-': standard input)
  -o, --out FILE   where to write the public key (default '-': standard output)
      --der        write DER instead of PEM
      --jwk        write a JWK (JSON)
  -h, --help       show this help
`,
  async run(args, io) {
    const { values } = parse(args, {
      in: { type: 'string', short: 'i' },
      out: { type: 'string', short: 'o' },
      der: { type: 'boolean' },
      jwk: { type: 'boolean' },
    });
    const format = keyFormat(values);
    const input = values.in ?? '-';
    const output = values.out ?? '-';
    distinctFiles(['-i/--in', input, 'input'], ['-o/--out', output, 'output']);
    const files = new Files(io);
    const { publicKey } = withKey(await files.read(input, 'the key'), inputName(input), (key) => key);
    files.checkOutputs(['-o/--out', output]);
    files.write(output, writePublicKey(publicKey, format), { private: false });
  },
};
