// `mlkem-ts inspect`: what a key file holds (parameter set, public or private, what a private key
// stores, sizes) and which checks it passes, each run on its own. The checks: the FIPS 203, §7.2
// modulus check of the public key, the §7.3 checks of the decapsulation key, the consistency of
// the stored parts, and a pairwise encapsulate/decapsulate round trip.
import { createHash } from 'node:crypto';

import type { ByteArray } from '../../bytes.js';
import { ctEqual, wipe } from '../../ct.js';
import { MlKemError } from '../../errors.js';
import type { MlKem } from '../../kem.js';
import type { DecapsulationKey } from '../../key-objects.js';
import { kemFor } from '../../keys/index.js';
import { embeddedPublicKey } from '../../keys/validate.js';
import { CliError, UsageError } from '../errors.js';
import { Files, inputName } from '../io.js';
import { type Container, backend, naming, unwrap } from '../keyfile.js';
import { type Command, parse } from '../options.js';
import { type StoredParts, storedParts } from '../parts.js';

type Result = 'pass' | 'fail' | 'n/a';

interface Checks {
  /** FIPS 203, §7.2: every 12-bit coefficient of ek below q. */
  publicKey: Result;
  /** FIPS 203, §7.3: H(ek) stored in dk matches its ek, that ek passes §7.2, ŝ is canonical (MlKem.checkSecretKey). */
  secretKey: Result;
  /** A stored seed expands to the stored expanded key (PKCS#8 "both"). */
  seedConsistency: Result;
  /** A public key stored with the private key (PKCS#8 v2 publicKey [1], JWK pub) is the key's own. */
  publicKeyConsistency: Result;
  /** An encapsulation to the public key decapsulates under the secret key to the same secret. */
  pairwise: Result;
}

const CHECK_NAMES: Record<keyof Checks, string> = {
  publicKey: 'public key modulus check (FIPS 203 §7.2)',
  secretKey: 'secret key checks (FIPS 203 §7.3 hash check, canonical ŝ)',
  seedConsistency: 'seed consistency (the seed expands to the stored key)',
  publicKeyConsistency: 'stored public key is the key’s own',
  pairwise: 'pairwise consistency (encapsulate, then decapsulate)',
};

/** Runs a check: 'pass', or 'fail' when it throws an MlKemError. */
function run(check: () => void): Result {
  try {
    check();
    return 'pass';
  } catch (err) {
    if (err instanceof MlKemError) return 'fail';
    throw err;
  }
}

/** A fresh encapsulation to the key's own public key decapsulates to the same secret. */
function roundTrip(key: DecapsulationKey): void {
  const { ciphertext, sharedSecret } = key.encapsulationKey.encapsulate();
  const k = key.decapsulate(ciphertext);
  const same = ctEqual(k, sharedSecret);
  wipe(k, sharedSecret);
  if (!same) throw new MlKemError('ERR_INVALID_SECRET_KEY', 'the pairwise round trip gives another secret');
}

/** A key file's stored parts and their checks; its bytes and what was decoded from them wiped after, also on a throw. */
function inspected(bytes: ByteArray, name: string) {
  let container: Container | undefined;
  let parts: StoredParts | undefined;
  try {
    container = unwrap(bytes, name);
    parts = naming(name, () => storedParts(container!));
    const kem = kemFor(parts.algorithm, backend());
    return { container, parts, kem, ...checkKey(kem, parts) };
  } finally {
    // the parts are views of these
    wipe(bytes, parts?.seed, parts?.expandedKey, container && 'der' in container ? container.der : undefined);
  }
}

/**
 * Runs every check on the parts of a key, expanding the key once: from its seed when it has one
 * (the expanded key as used is then the seed's, and a stored one is compared with it), else from
 * the stored expanded key, once its byte checks pass.
 */
function checkKey(kem: MlKem, parts: StoredParts): { checks: Checks; publicKey: Uint8Array } {
  const checks: Checks = {
    publicKey: 'n/a',
    secretKey: 'n/a',
    seedConsistency: 'n/a',
    publicKeyConsistency: 'n/a',
    pairwise: 'n/a',
  };
  if (parts.kind === 'public') {
    const publicKey = parts.publicKey!.slice();
    checks.publicKey = run(() => kem.checkPublicKey(publicKey));
    return { checks, publicKey };
  }
  const fromSeed = parts.seed !== undefined ? kem.decapsulationKey(parts.seed) : undefined;
  let expanded: Uint8Array | undefined;
  try {
    expanded = fromSeed?.secretKey();
    // The key as used: the stored expanded key if any, else the one the seed expands to.
    const secretKey = parts.expandedKey ?? expanded!;
    const publicKey = embeddedPublicKey(kem, secretKey).slice();
    checks.publicKey = run(() => kem.checkPublicKey(publicKey));
    checks.secretKey = run(() => kem.checkSecretKey(secretKey));
    if (expanded !== undefined && parts.expandedKey !== undefined)
      checks.seedConsistency = ctEqual(expanded, parts.expandedKey) ? 'pass' : 'fail';
    if (parts.publicKey !== undefined)
      checks.publicKeyConsistency = ctEqual(parts.publicKey, publicKey) ? 'pass' : 'fail';
    if (checks.publicKey === 'pass' && checks.secretKey === 'pass') {
      checks.pairwise =
        fromSeed !== undefined && checks.seedConsistency !== 'fail'
          ? run(() => roundTrip(fromSeed)) // the stored expanded key, if any, is the seed's
          : run(() => kem.decapsulationKey(secretKey, { pairwiseCheck: true }).dispose());
    }
    return { checks, publicKey };
  } finally {
    wipe(expanded);
    fromSeed?.dispose();
  }
}

export const inspect: Command = {
  name: 'inspect',
  summary: 'show what a key file holds and which checks it passes',
  help: `Usage: mlkem-ts inspect [--json] FILE

Shows what a key file holds (PEM, DER or JWK; public or private): the parameter set, what the
private key stores (seed, expanded or both), the sizes, and the result of each check: the FIPS 203
§7.2 modulus check of the public key, the §7.3 hash check of the secret key, the consistency of the
stored seed, expanded key and public key with one another, and a pairwise encapsulate/decapsulate
round trip. Exits with status 1 when a check fails. FILE '-' reads standard input.

Options:
      --json      print the result as JSON
  -h, --help      show this help
`,
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, true);
    if (positionals.length !== 1) throw new UsageError(`inspect takes one FILE, got ${positionals.length}`);
    const file = positionals[0]!;
    const name = inputName(file);
    const bytes = await new Files(io).read(file, 'the key');
    const fileBytes = bytes.length;
    const { container, parts, kem, checks, publicKey } = inspected(bytes, name);
    const failed = (Object.keys(checks) as Array<keyof Checks>).filter((k) => checks[k] === 'fail');
    const report = {
      file: name,
      kind: parts.kind,
      algorithm: kem.name,
      encoding: container.encoding,
      structure: container.structure,
      ...(parts.version !== undefined ? { version: parts.version + 1 } : {}),
      ...(parts.form !== undefined ? { form: parts.form } : {}),
      fileBytes,
      sizes: {
        ...(parts.kind === 'private' ? { seed: 64, secretKey: kem.sizes.secretKey } : {}),
        publicKey: kem.sizes.publicKey,
        ciphertext: kem.sizes.ciphertext,
        sharedSecret: kem.sizes.sharedSecret,
      },
      publicKeyHash: createHash('sha3-256').update(publicKey).digest('hex'),
      checks,
      valid: failed.length === 0,
    };
    if (values.json === true) {
      io.writeStdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const stores =
        parts.form === undefined
          ? ''
          : {
              seed: 'the 64-byte seed d‖z',
              expanded: 'the expanded decapsulation key',
              both: 'the seed and the expanded key',
            }[parts.form];
      const lines = [
        `${name}: ${kem.name} ${parts.kind} key`,
        `  encoding:  ${container.encoding === 'JWK' ? 'JWK (JSON)' : `${container.encoding}, ${container.structure}`}${report.version !== undefined ? ` v${report.version}` : ''}, ${fileBytes} bytes`,
        ...(parts.form !== undefined ? [`  form:      ${parts.form} (stores ${stores})`] : []),
        `  sizes:     ${parts.kind === 'private' ? `seed 64, secret key ${kem.sizes.secretKey}, ` : ''}public key ${kem.sizes.publicKey}, ciphertext ${kem.sizes.ciphertext}, shared secret ${kem.sizes.sharedSecret} bytes`,
        `  H(ek):     ${report.publicKeyHash} (SHA3-256 of the public key)`,
        '  checks:',
        ...(Object.keys(checks) as Array<keyof Checks>).map((k) => `    ${checks[k].padEnd(4)}  ${CHECK_NAMES[k]}`),
      ];
      io.writeStdout(`${lines.join('\n')}\n`);
    }
    if (failed.length > 0)
      throw new CliError(`${name}: fails ${failed.map((k) => CHECK_NAMES[k].replace(/ \(.*\)$/, '')).join(', ')}`);
  },
};
