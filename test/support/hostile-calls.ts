// Every public function of the package that takes bytes (the core on both backends and its key
// objects, the hybrids, mlkem-ts/keys), each with valid inputs, for the hostile tests and the
// hostile fuzzer; and the comparable outcome of a call.
import { createHash } from 'node:crypto';

import * as H from '../../src/hybrid/index.js';
import { MlKemError } from '../../src/index.js';
import * as K from '../../src/keys/index.js';
import { backends } from './backends.js';

/** A public function over byte inputs, its valid inputs, and a comparable form of its result. */
export interface PublicCall {
  name: string;
  inputs: Uint8Array[];
  run(...inputs: Uint8Array[]): unknown;
}

/** A comparable form of a result: bytes as their length and a hash, objects member by member. */
export function comparable(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return `${value.length} bytes, SHA-256 ${createHash('sha256').update(value).digest('hex').slice(0, 16)}`;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  return value;
}

/** The outcome of a call: its comparable result or the MlKemError code; anything else is a failure. */
export function outcome(fn: () => unknown): unknown {
  try {
    return comparable(fn());
  } catch (err) {
    if (err instanceof MlKemError) return `MlKemError ${err.code}`;
    throw err;
  }
}

/** The calls, each with valid inputs made from fresh keys. */
export function publicCalls(): PublicCall[] {
  const calls: PublicCall[] = [];
  for (const backend of backends) {
    for (const kem of backend.kems) {
      const at = `${kem.name} (${backend.name})`;
      const pair = kem.keygen();
      const { ciphertext } = kem.encapsulate(pair.publicKey);
      calls.push(
        { name: `${at} keygen(seed)`, inputs: [pair.seed], run: (s) => kem.keygen(s) },
        { name: `${at} encapsulate`, inputs: [pair.publicKey], run: (pk) => kem.encapsulate(pk) },
        {
          name: `${at} encapsulateInternal`,
          inputs: [pair.publicKey, new Uint8Array(32).fill(7)],
          run: (pk, m) => kem.encapsulateInternal(pk, m),
        },
        { name: `${at} decapsulate`, inputs: [ciphertext, pair.secretKey], run: (c, sk) => kem.decapsulate(c, sk) },
        { name: `${at} checkPublicKey`, inputs: [pair.publicKey], run: (pk) => kem.checkPublicKey(pk) },
        { name: `${at} checkSecretKey`, inputs: [pair.secretKey], run: (sk) => kem.checkSecretKey(sk) },
        {
          name: `${at} encapsulationKey(publicKey).encapsulate()`,
          inputs: [pair.publicKey],
          run: (pk) => kem.encapsulationKey(pk).encapsulate(),
        },
        {
          name: `${at} encapsulationKey(publicKey).encapsulateInternal(m)`,
          inputs: [pair.publicKey, new Uint8Array(32).fill(5)],
          run: (pk, m) => kem.encapsulationKey(pk).encapsulateInternal(m),
        },
        {
          name: `${at} decapsulationKey(seed).decapsulate(ciphertext)`,
          inputs: [pair.seed, ciphertext],
          run: (s, c) => kem.decapsulationKey(s).decapsulate(c),
        },
        {
          name: `${at} decapsulationKey(secretKey) (pairwise check)`,
          inputs: [pair.secretKey],
          run: (sk) => {
            const dk = kem.decapsulationKey(sk);
            return {
              secretKey: dk.secretKey(),
              publicKey: dk.encapsulationKey.bytes(),
              sharedSecret: dk.decapsulate(ciphertext),
            };
          },
        },
      );
    }
  }
  for (const hybrid of [
    H.XWing,
    H.MLKEM768_P256,
    H.MLKEM1024_P384,
    H.X25519MLKEM768,
    H.SecP256r1MLKEM768,
    H.SecP384r1MLKEM1024,
  ]) {
    const pair = hybrid.keygen();
    const { ciphertext } = hybrid.encapsulate(pair.publicKey);
    calls.push(
      { name: `${hybrid.name} keygen(seed)`, inputs: [pair.seed], run: (s) => hybrid.keygen(s) },
      { name: `${hybrid.name} encapsulate`, inputs: [pair.publicKey], run: (pk) => hybrid.encapsulate(pk) },
      {
        name: `${hybrid.name} encapsulateInternal`,
        inputs: [pair.publicKey, new Uint8Array(hybrid.sizes.eseed).fill(3)],
        run: (pk, e) => hybrid.encapsulateInternal(pk, e),
      },
      {
        name: `${hybrid.name} decapsulate`,
        inputs: [ciphertext, pair.secretKey],
        run: (c, sk) => hybrid.decapsulate(c, sk),
      },
    );
  }
  const kem = K.kemFor('ML-KEM-768');
  const wasm = { MlKem512: backends[1]!.kems[0]!, MlKem768: backends[1]!.kems[1]!, MlKem1024: backends[1]!.kems[2]! };
  const pair = kem.keygen();
  const spki = K.encodeSpki(pair.publicKey);
  const expanded = K.encodePkcs8(pair, { form: 'expanded' });
  calls.push(
    { name: 'encodeSpki', inputs: [pair.publicKey], run: (pk) => K.encodeSpki(pk) },
    { name: 'decodeSpki', inputs: [spki], run: (der) => K.decodeSpki(der) },
    {
      name: 'encodePkcs8 of an expanded secretKey (pairwise check)',
      inputs: [pair.secretKey],
      run: (sk) => K.encodePkcs8({ secretKey: sk }),
    },
    {
      name: 'encodePkcs8 of a seed and publicKey',
      inputs: [pair.seed, pair.publicKey],
      run: (s, pk) => K.encodePkcs8({ algorithm: 'ML-KEM-768', seed: s, publicKey: pk }, { form: 'both' }),
    },
    { name: 'decodePkcs8 of an expanded key (pairwise check)', inputs: [expanded], run: (der) => K.decodePkcs8(der) },
    { name: 'decodePkcs8 of a seed', inputs: [K.encodePkcs8(pair)], run: (der) => K.decodePkcs8(der) },
    {
      name: 'decodePkcs8 of an expanded key over the wasm backend (pairwise check)',
      inputs: [expanded],
      run: (der) => K.decodePkcs8(der, { backend: wasm }),
    },
    {
      name: 'encodePkcs8 of an expanded secretKey over the wasm backend (pairwise check)',
      inputs: [pair.secretKey],
      run: (sk) => K.encodePkcs8({ secretKey: sk }, { backend: wasm }),
    },
    { name: 'toPem', inputs: [expanded], run: (der) => K.toPem(der, 'PRIVATE KEY') },
    { name: 'toJwk', inputs: [pair.seed], run: (s) => K.toJwk({ algorithm: 'ML-KEM-768', seed: s }) },
  );
  return calls;
}
