// A Node.js app switched with npm `overrides` by the README's commands: its own code imports noble's
// paths, and so does a dependency of it (age-encryption, which asks for @noble/post-quantum ^0.5).
// scripts/test-runtimes.ts makes the app (age-encryption and noble installed) and runs the README's
// commands first, which pack both packages and install them from their files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as age from 'age-encryption';
import * as dsa from '@noble/post-quantum/ml-dsa.js';
import * as hybrid from '@noble/post-quantum/hybrid.js';
import * as kem from '@noble/post-quantum/ml-kem.js';
import * as oursHybrid from 'mlkem-ts/noble/hybrid.js';
import * as ours from 'mlkem-ts/noble/ml-kem.js';
import { nobleChecks, report } from '../checks.mjs';

const require = createRequire(import.meta.url);
/** The package.json beside the file that `from` resolves `specifier` to (noble's files are at its root). */
const packageOf = (specifier, from) => JSON.parse(readFileSync(join(dirname(createRequire(from).resolve(specifier)), 'package.json'), 'utf8'));
// The real noble, where the overrides package keeps it (its dependency under an alias name).
const nobleDir = dirname(require.resolve('@noble/post-quantum/ml-kem.js'));
const upstreamKem = await import(createRequire(join(nobleDir, 'package.json')).resolve('noble-post-quantum-upstream/ml-kem.js'));

const extra = {};
extra["age-encryption's @noble/post-quantum is the overrides package (@mlkem-ts/noble)"] = () => {
  const pkg = packageOf('@noble/post-quantum/hybrid.js', require.resolve('age-encryption'));
  if (pkg.name !== '@mlkem-ts/noble') throw new Error(`age-encryption gets ${pkg.name}@${pkg.version}`);
};
extra['age-encryption encrypts to an mlkem768x25519 recipient and decrypts'] = async () => {
  const identity = await age.generateHybridIdentity();
  const recipient = await age.identityToRecipient(identity);
  if (!recipient.startsWith('age1pq1')) throw new Error(`recipient ${recipient.slice(0, 12)}…`);
  const e = new age.Encrypter();
  e.addRecipient(recipient);
  const file = await e.encrypt('through mlkem-ts');
  const d = new age.Decrypter();
  d.addIdentity(identity);
  if ((await d.decrypt(file, 'text')) !== 'through mlkem-ts') throw new Error('another plaintext');
};
const result = await nobleChecks({ kem, hybrid, ours, oursHybrid, dsa, upstreamKem, extra });
console.log(report(`npm overrides on Node.js ${process.version}`, result));
process.exitCode = result.failed === 0 && result.passed > 0 ? 0 : 1;
