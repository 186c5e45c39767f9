// `mlkem-ts keygen`: a new key pair (FIPS 203, Algorithm 19, fresh randomness), written as the
// PKCS#8 / SubjectPublicKeyInfo files of RFC 9935 that OpenSSL 3.5 and Node.js 24+ read, or as JWK.
import { wipe } from '../../ct.js';
import { type PrivateKeyForm, kemFor } from '../../keys/index.js';
import { UsageError } from '../errors.js';
import { Files } from '../io.js';
import { writePrivateKey, writePublicKey } from '../keyfile.js';
import { type Command, distinctFiles, keyFormat, parse, parseAlgorithm } from '../options.js';

const FORMS: readonly PrivateKeyForm[] = ['seed', 'expanded', 'both'];

export const keygen: Command = {
  name: 'keygen',
  summary: 'make a key pair (like openssl genpkey -algorithm ML-KEM-768)',
  help: `Usage: mlkem-ts keygen [-a ML-KEM-768] [--form seed] [-o key.pem] [--pubout pub.pem] [--der | --jwk]

Makes a new ML-KEM key pair from fresh randomness and writes the private key (and, with --pubout,
the public key). Private key files are created with mode 0600.

Options:
  -a, --algorithm NAME  ML-KEM-512, ML-KEM-768 (default) or ML-KEM-1024 (also 512, 768, 1024)
      --form FORM       what the PKCS#8 private key holds: seed (default: the 64-byte seed, what
                        Node.js writes), expanded (the FIPS 203 decapsulation key) or both (the
                        seed and the expanded key, OpenSSL 3.5's default)
  -o, --out FILE        the private key file (default '-': standard output)
      --pubout FILE     also write the public key (SubjectPublicKeyInfo) to FILE
      --der             write DER instead of PEM
      --jwk             write JWK (JSON, as Node.js exports it; private keys in the seed form only)
  -h, --help            show this help
`,
  run(args, io) {
    const { values } = parse(args, {
      algorithm: { type: 'string', short: 'a' },
      form: { type: 'string' },
      out: { type: 'string', short: 'o' },
      pubout: { type: 'string' },
      der: { type: 'boolean' },
      jwk: { type: 'boolean' },
    });
    const algorithm = parseAlgorithm(values.algorithm ?? 'ML-KEM-768');
    const form = (values.form ?? 'seed') as PrivateKeyForm;
    if (!FORMS.includes(form)) throw new UsageError(`--form must be seed, expanded or both, got '${form}'`);
    const out = values.out ?? '-';
    const format = keyFormat(values);
    if (format === 'jwk' && form !== 'seed') throw new UsageError(`--jwk writes the seed form only (an ML-KEM JWK holds the seed), not --form ${form}`);
    distinctFiles(['-o/--out', out, 'output'], ['--pubout', values.pubout, 'output']);

    const files = new Files(io);
    files.checkOutputs(['-o/--out', out], ['--pubout', values.pubout]);
    const pair = kemFor(algorithm).keygen();
    try {
      files.write(out, writePrivateKey({ algorithm, ...pair }, format, form), { private: true });
      if (values.pubout !== undefined) files.write(values.pubout, writePublicKey(pair.publicKey, format), { private: false });
    } finally {
      wipe(pair.seed, pair.secretKey);
    }
  },
};
