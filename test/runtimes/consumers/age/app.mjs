// The app whose bundle size the noble switch is measured on (scripts/test-runtimes.ts, "bundle
// size" jobs): age-encryption 0.3.1, whose hybrid recipients import @noble/post-quantum/hybrid.js
// (X25519 and P-256), and noble's ML-DSA beside it. Bundled with noble's own ML-KEM and with
// docs/switching.md's alias, each bundle runs: an age file to an ML-KEM hybrid recipient
// round-trips, and an ML-DSA signature verifies.
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import * as age from 'age-encryption';

const identity = await age.generateHybridIdentity();
const e = new age.Encrypter();
e.addRecipient(await age.identityToRecipient(identity));
const d = new age.Decrypter();
d.addIdentity(identity);
const text = await d.decrypt(await e.encrypt('age through the switch'), 'text');
const message = new TextEncoder().encode(text);
const keys = ml_dsa65.keygen();
const verified = ml_dsa65.verify(ml_dsa65.sign(message, keys.secretKey), message, keys.publicKey);
console.log(text === 'age through the switch' && verified ? 'age app: ok' : 'age app: FAILED');
