// loadPrivateKey / loadPublicKey (mlkem-ts/keys, and mlkem-ts/hybrid's for the hybrids' JWKs),
// getPublicKey and equalBytes, on every key file we read: RFC 9935's examples, ours in every form
// and encoding, Node 26's (ML-KEM key files, and the hybrids' JWKs of its Web Crypto), and the
// hybrids' JWKs of our Web Crypto layer. Each loaded key must equal what the chain it replaces
// gives — kemFor(k.algorithm).decapsulationKey(k.seed ?? k.secretKey) after
// decodePkcs8(fromPem(pem).der) — in name, public key, secret key, seed and shared secret, on both
// backends; a file the chain refuses is refused with the same code. Then the messages that name
// the likely mistake: swapped decapsulate arguments, PEM text or PEM bytes given as DER.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import {
  MLKEM1024_P384,
  MLKEM768_P256,
  SecP256r1MLKEM768,
  XWing,
  loadPrivateKey as loadAny,
  loadPublicKey as loadAnyPublic,
} from '../../src/hybrid/index.js';
import type { HybridDecapsulationKey, HybridEncapsulationKey } from '../../src/hybrid/index.js';
import {
  MlKem1024,
  MlKem512,
  MlKem768,
  type MlKemError,
  equalBytes,
  type DecapsulationKey,
  type EncapsulationKey,
} from '../../src/index.js';
import {
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  getPublicKey,
  kemFor,
  loadPrivateKey,
  loadPublicKey,
  toJwk,
  toPem,
  type MlKemBackend,
} from '../../src/keys/index.js';
import { subtle } from '../../src/webcrypto/index.js';
import { FORMS, LEVELS, expectError } from '../support/api.js';
import { backends } from '../support/backends.js';
import { findNode26 } from '../support/node26.js';
import { vectorFolder } from '../support/vectors.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const backendOf = (b: (typeof backends)[number]): MlKemBackend => ({
  MlKem512: b.kems[0]!,
  MlKem768: b.kems[1]!,
  MlKem1024: b.kems[2]!,
});

/** The chain loadPrivateKey replaces, on PEM text, DER or a JWK. */
function chain(file: string | Uint8Array | object, backend: MlKemBackend): DecapsulationKey {
  const k =
    typeof file === 'string'
      ? decodePkcs8(fromPem(file).der, { backend })
      : file instanceof Uint8Array
        ? decodePkcs8(file, { backend })
        : fromJwk(file, { backend });
  if (!('secretKey' in k)) throw new Error('not a private key');
  return kemFor(k.algorithm, backend).decapsulationKey(
    (k as { seed?: Uint8Array }).seed ?? (k.secretKey as Uint8Array),
  );
}

/** The loaded key and the chain's agree in everything a caller can read. */
function assertSameKey(loaded: DecapsulationKey, expected: DecapsulationKey, what: string): void {
  assert.equal(loaded.name, expected.name, `${what}: name`);
  assert.equal(hex(loaded.encapsulationKey.bytes()), hex(expected.encapsulationKey.bytes()), `${what}: public key`);
  assert.equal(hex(loaded.secretKey()), hex(expected.secretKey()), `${what}: secret key`);
  assert.equal(
    loaded.seed() === undefined ? 'none' : hex(loaded.seed()!),
    expected.seed() === undefined ? 'none' : hex(expected.seed()!),
    `${what}: seed`,
  );
  const { ciphertext, sharedSecret } = expected.encapsulationKey.encapsulate();
  assert.equal(hex(loaded.decapsulate(ciphertext)), hex(sharedSecret), `${what}: shared secret`);
}

/** A private key file in every shape loadPrivateKey takes: PEM text, PEM bytes, DER, and the same through mlkem-ts/hybrid. */
function checkPrivateFile(pem: string, backend: MlKemBackend, what: string): void {
  const expected = chain(pem, backend);
  const der = fromPem(pem).der;
  for (const [shape, file] of [
    ['PEM text', pem],
    ['PEM bytes', Buffer.from(pem)],
    ['DER', der],
    ['DER as a Buffer', Buffer.from(der)],
  ] as const) {
    assertSameKey(loadPrivateKey(file, { backend }), expected, `${what}, ${shape}`);
    assertSameKey(loadAny(file, { backend }) as DecapsulationKey, expected, `${what}, ${shape}, mlkem-ts/hybrid`);
    const pub = loadPublicKey(file, { backend });
    assert.equal(pub.name, expected.name, `${what}, ${shape}: loadPublicKey name`);
    assert.equal(
      hex(pub.bytes()),
      hex(expected.encapsulationKey.bytes()),
      `${what}, ${shape}: loadPublicKey of the private key`,
    );
  }
}

/** A public key file (PEM) in every shape, against decodeSpki. */
function checkPublicFile(pem: string, backend: MlKemBackend, what: string): void {
  const { algorithm, publicKey } = decodeSpki(fromPem(pem).der, { backend });
  for (const file of [pem, Buffer.from(pem), fromPem(pem).der]) {
    for (const key of [loadPublicKey(file, { backend }), loadAnyPublic(file, { backend })]) {
      assert.equal(key.name, algorithm, what);
      assert.equal(hex(key.bytes()), hex(publicKey), what);
      assert.equal(key.encapsulate().ciphertext.length, kemFor(algorithm, backend).sizes.ciphertext, what);
    }
  }
}

const rfc = vectorFolder('rfc9935');

describe('loadPrivateKey / loadPublicKey', () => {
  for (const b of backends) {
    const backend = backendOf(b);
    describe(b.name, () => {
      it(
        "RFC 9935's example keys: every good file as the chain, every bad one refused as the chain refuses it",
        { skip: rfc === undefined ? 'vectors missing (notice above)' : false },
        () => {
          const files = readdirSync(rfc!).filter((f) => f.endsWith('.priv') || f.endsWith('.pub'));
          assert.ok(files.length >= 16, `${files.length} key files`);
          for (const f of files) {
            const pem = readFileSync(join(rfc!, f), 'utf8');
            if (f.startsWith('bad-')) {
              let code: string | undefined;
              try {
                chain(pem, backend);
              } catch (err) {
                code = (err as MlKemError).code;
              }
              assert.ok(code !== undefined, `${f}: the chain refuses it`);
              expectError(() => loadPrivateKey(pem, { backend }), code!, `${f}: loadPrivateKey`);
            } else if (f.endsWith('.priv')) {
              checkPrivateFile(pem, backend, f);
            } else {
              checkPublicFile(pem, backend, f);
            }
          }
        },
      );

      it('ours: every level, every PKCS#8 form, PEM and DER, SPKI, and JWK objects and text', () => {
        for (const [i, algorithm] of LEVELS.entries()) {
          const pair = b.kems[i]!.keygen();
          for (const form of FORMS)
            checkPrivateFile(
              toPem(encodePkcs8(pair, { form, backend }), 'PRIVATE KEY'),
              backend,
              `${algorithm} ${form}`,
            );
          checkPublicFile(toPem(encodeSpki(pair.publicKey, { backend }), 'PUBLIC KEY'), backend, `${algorithm} SPKI`);
          const jwk = toJwk(pair, { backend });
          const expected = chain(jwk, backend);
          for (const file of [jwk, JSON.stringify(jwk), Buffer.from(JSON.stringify(jwk, null, 2))]) {
            assertSameKey(loadPrivateKey(file, { backend }), expected, `${algorithm} JWK`);
            assert.equal(
              hex(loadPublicKey(file, { backend }).bytes()),
              hex(pair.publicKey),
              `${algorithm} JWK: loadPublicKey`,
            );
          }
          const pubJwk = toJwk({ publicKey: pair.publicKey });
          assert.equal(hex(loadPublicKey(pubJwk, { backend }).bytes()), hex(pair.publicKey), `${algorithm} public JWK`);
          expectError(
            () => loadPrivateKey(pubJwk, { backend }),
            'ERR_INVALID_KEY_ENCODING',
            'a public JWK',
            /loadPublicKey/,
          );
          // A file of both blocks (public first): loadPrivateKey takes the private one, loadPublicKey the public one.
          const both = `${toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY')}${toPem(encodePkcs8(pair), 'PRIVATE KEY')}`;
          assert.equal(loadPrivateKey(both, { backend }).name, algorithm);
          assert.equal(hex(loadPublicKey(both, { backend }).bytes()), hex(pair.publicKey));
        }
      });
    });
  }

  it("the hybrids' JWKs of our Web Crypto layer, through mlkem-ts/hybrid", async () => {
    for (const alg of ['MLKEM768-X25519', 'MLKEM768-P256', 'MLKEM1024-P384']) {
      const kp = (await subtle.generateKey({ name: alg }, true, [
        'encapsulateBits',
        'decapsulateBits',
      ])) as CryptoKeyPair;
      const priv = (await subtle.exportKey('jwk', kp.privateKey)) as Record<string, unknown>;
      const pub = (await subtle.exportKey('jwk', kp.publicKey)) as Record<string, unknown>;
      const seed = new Uint8Array((await subtle.exportKey('raw-seed' as 'raw', kp.privateKey)) as ArrayBuffer);
      const hybrid = { 'MLKEM768-X25519': XWing, 'MLKEM768-P256': MLKEM768_P256, 'MLKEM1024-P384': MLKEM1024_P384 }[
        alg
      ]!;
      const expected = hybrid.decapsulationKey(seed); // the chain: the seed into the hybrid's key object
      for (const file of [priv, JSON.stringify(priv), Buffer.from(JSON.stringify(priv))]) {
        const key = loadAny(file) as HybridDecapsulationKey;
        assert.equal(key.name, hybrid.name, alg);
        assert.equal(hex(key.seed()), hex(seed), `${alg}: seed`);
        assert.equal(hex(key.encapsulationKey.bytes()), hex(expected.encapsulationKey.bytes()), `${alg}: public key`);
        const { ciphertext, sharedSecret } = expected.encapsulationKey.encapsulate();
        assert.equal(hex(key.decapsulate(ciphertext)), hex(sharedSecret), `${alg}: shared secret`);
        const ss = new Uint8Array(await subtle.decapsulateBits({ name: alg }, kp.privateKey, ciphertext));
        assert.equal(hex(ss), hex(sharedSecret), `${alg}: Web Crypto's shared secret`);
      }
      for (const file of [pub, priv]) {
        const key = loadAnyPublic(file) as HybridEncapsulationKey;
        assert.equal(key.name, hybrid.name);
        assert.equal(hex(key.bytes()), hex(expected.encapsulationKey.bytes()), `${alg}: loadPublicKey`);
      }
      // The core-only loader names the one that reads it.
      expectError(
        () => loadPrivateKey(priv),
        'ERR_INVALID_KEY_ENCODING',
        `${alg} in mlkem-ts/keys`,
        /loadPrivateKey from 'mlkem-ts\/hybrid'/,
      );
      expectError(
        () => loadPublicKey(pub),
        'ERR_INVALID_KEY_ENCODING',
        `${alg} in mlkem-ts/keys`,
        /loadPublicKey from 'mlkem-ts\/hybrid'/,
      );
      // pub that is not the seed's: refused, as fromJwk refuses an ML-KEM JWK's.
      const other = (await subtle.exportKey(
        'jwk',
        ((await subtle.generateKey({ name: alg }, true, ['decapsulateBits'])) as CryptoKeyPair).publicKey,
      )) as Record<string, unknown>;
      expectError(
        () => loadAny({ ...priv, pub: other.pub }),
        'ERR_INVALID_SECRET_KEY',
        `${alg}: a foreign pub`,
        /not the public key of the seed/,
      );
      expectError(
        () => loadAny({ ...priv, priv: 'AAAA' }),
        'ERR_INVALID_KEY_ENCODING',
        `${alg}: a short priv`,
        /priv holds 3 bytes/,
      );
      expectError(() => loadAny(pub), 'ERR_INVALID_KEY_ENCODING', `${alg}: a public JWK`, /loadPublicKey/);
      expected.dispose();
    }
  });

  const node26 = findNode26();
  it(
    "Node 26's key files: ML-KEM PKCS#8 and SPKI (PEM, DER), JWKs, and the hybrids' JWKs",
    { skip: node26 === undefined ? 'Node 26 unavailable (notice above)' : false },
    () => {
      const script = `
import crypto from 'node:crypto';
const out = { mlkem: {}, hybrid: {} };
for (const alg of ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024']) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync(alg.toLowerCase());
  const { sharedKey, ciphertext } = crypto.encapsulate(publicKey);
  out.mlkem[alg] = {
    pkcs8Pem: privateKey.export({ format: 'pem', type: 'pkcs8' }),
    pkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex'),
    spkiPem: publicKey.export({ format: 'pem', type: 'spki' }),
    jwk: privateKey.export({ format: 'jwk' }),
    jwkPub: publicKey.export({ format: 'jwk' }),
    ct: ciphertext.toString('hex'),
    ss: sharedKey.toString('hex'),
  };
}
for (const alg of ['MLKEM768-X25519', 'MLKEM768-P256', 'MLKEM1024-P384']) {
  const kp = await crypto.subtle.generateKey({ name: alg }, true, ['encapsulateBits', 'decapsulateBits']);
  const { ciphertext, sharedKey } = await crypto.subtle.encapsulateBits({ name: alg }, kp.publicKey);
  out.hybrid[alg] = {
    jwk: await crypto.subtle.exportKey('jwk', kp.privateKey),
    jwkPub: await crypto.subtle.exportKey('jwk', kp.publicKey),
    ct: Buffer.from(ciphertext).toString('hex'),
    ss: Buffer.from(sharedKey).toString('hex'),
  };
}
process.stdout.write(JSON.stringify(out));
`;
      const out = JSON.parse(execFileSync(node26!, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as {
        mlkem: Record<
          string,
          { pkcs8Pem: string; pkcs8: string; spkiPem: string; jwk: object; jwkPub: object; ct: string; ss: string }
        >;
        hybrid: Record<string, { jwk: object; jwkPub: object; ct: string; ss: string }>;
      };
      for (const b of backends) {
        const backend = backendOf(b);
        for (const [alg, x] of Object.entries(out.mlkem)) {
          checkPrivateFile(x.pkcs8Pem, backend, `Node 26 ${alg} PKCS#8`);
          checkPublicFile(x.spkiPem, backend, `Node 26 ${alg} SPKI`);
          const ct = Buffer.from(x.ct, 'hex');
          for (const file of [x.pkcs8Pem, Buffer.from(x.pkcs8, 'hex'), x.jwk, JSON.stringify(x.jwk)]) {
            assert.equal(
              hex(loadPrivateKey(file, { backend }).decapsulate(ct)),
              x.ss,
              `Node 26 ${alg}: Node's shared secret`,
            );
          }
          assertSameKey(loadPrivateKey(x.jwk, { backend }), chain(x.jwk, backend), `Node 26 ${alg} JWK`);
          assert.equal(
            hex(loadPublicKey(x.jwkPub, { backend }).bytes()),
            hex(loadPrivateKey(x.jwk, { backend }).encapsulationKey.bytes()),
            `Node 26 ${alg} public JWK`,
          );
        }
        for (const [alg, x] of Object.entries(out.hybrid)) {
          const ct = Buffer.from(x.ct, 'hex');
          for (const file of [x.jwk, JSON.stringify(x.jwk)]) {
            const key = loadAny(file, { backend }) as HybridDecapsulationKey;
            assert.equal(hex(key.decapsulate(ct)), x.ss, `Node 26 ${alg}: Node's shared secret (${b.name})`);
          }
          const pub = loadAnyPublic(x.jwkPub, { backend }) as EncapsulationKey | HybridEncapsulationKey;
          assert.equal(
            hex(pub.bytes()),
            hex((loadAny(x.jwk, { backend }) as HybridDecapsulationKey).encapsulationKey.bytes()),
            `Node 26 ${alg} public JWK`,
          );
        }
      }
    },
  );

  it(
    'a leading byte-order mark (issue #38): loaded where Node 26 loads it, refused where it refuses it',
    { skip: node26 === undefined ? 'Node 26 unavailable (notice above)' : false },
    () => {
      const pair = MlKem768.keygen();
      const files = {
        priv: toPem(encodePkcs8(pair), 'PRIVATE KEY'),
        pub: toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY'),
      };
      const BOM = '\uFEFF';
      // Each shape as text and as UTF-8 bytes; DER after a BOM as bytes only.
      const shapes = (pem: string, der: Uint8Array): Array<[string, string | Uint8Array]> => [
        ...[
          ['BOM', `${BOM}${pem}`],
          ['BOM, blank line', `${BOM}\n${pem}`],
          ['blank, BOM', ` ${BOM}${pem}`],
          ['two BOMs', `${BOM}${BOM}${pem}`],
        ].flatMap(([name, text]): Array<[string, string | Uint8Array]> => [
          [`${name} (text)`, text!],
          [`${name} (bytes)`, Buffer.from(text!)],
        ]),
        ['BOM, DER (bytes)', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), der])],
      ];
      const cases = Object.entries(files).flatMap(([kind, pem]) =>
        shapes(pem, fromPem(pem).der).map(([name, file]) => ({ kind, name, file })),
      );
      const script = `
import { createPrivateKey, createPublicKey } from 'node:crypto';
const cases = JSON.parse(process.argv[1]);
process.stdout.write(JSON.stringify(cases.map(({ kind, text, hex, der }) => {
  const key = text ?? Buffer.from(hex, 'hex');
  const options = der ? { key, format: 'der', type: kind === 'priv' ? 'pkcs8' : 'spki' } : key;
  try { (kind === 'priv' ? createPrivateKey : createPublicKey)(options); return true; } catch { return false; }
})));
`;
      const arg = JSON.stringify(
        cases.map(({ kind, name, file }) =>
          typeof file === 'string' ? { kind, text: file } : { kind, hex: hex(file), der: name.includes('DER') },
        ),
      );
      const node = JSON.parse(
        execFileSync(node26!, ['--input-type=module', '-e', script, arg], { encoding: 'utf8' }),
      ) as boolean[];
      assert.deepEqual(
        node
          .map((ok, i) => `${cases[i]!.kind} ${cases[i]!.name}: ${ok}`)
          .filter((_, i) => cases[i]!.name.startsWith('BOM')),
        cases.filter((c) => c.name.startsWith('BOM')).map((c) => `${c.kind} ${c.name}: ${!c.name.includes('DER')}`),
        'Node 26 loads a PEM after one BOM, as text and as bytes',
      );
      for (const [i, { kind, name, file }] of cases.entries()) {
        const ours = (load: (f: string | Uint8Array) => unknown) => {
          try {
            load(file);
            return true;
          } catch (err) {
            assert.equal((err as MlKemError).code, 'ERR_INVALID_KEY_ENCODING', `${kind} ${name}: code`);
            return false;
          }
        };
        const loaders = kind === 'priv' ? [loadPrivateKey, loadAny, loadPublicKey] : [loadPublicKey, loadAnyPublic];
        for (const load of loaders) assert.equal(ours(load), node[i], `${kind} ${name} (${load.name}): as Node 26`);
      }
    },
  );
});

describe('getPublicKey', () => {
  for (const b of backends) {
    it(`${b.name}: from the seed (with the algorithm) and from the expanded key, as keygen gives it`, () => {
      const backend = backendOf(b);
      for (const [i, algorithm] of LEVELS.entries()) {
        const pair = b.kems[i]!.keygen();
        assert.equal(hex(getPublicKey(pair.seed, algorithm, { backend })), hex(pair.publicKey), `${algorithm} seed`);
        assert.equal(
          hex(getPublicKey(pair.secretKey, undefined, { backend })),
          hex(pair.publicKey),
          `${algorithm} secret key`,
        );
        assert.equal(
          hex(getPublicKey(Buffer.from(pair.secretKey), algorithm, { backend })),
          hex(pair.publicKey),
          `${algorithm} secret key as a Buffer`,
        );
      }
    });
  }
  it('refuses a seed without the algorithm, a wrong length, a length of another level, and a tampered key', () => {
    const pair = MlKem768.keygen();
    expectError(() => getPublicKey(pair.seed), 'ERR_INVALID_TYPE', 'seed alone', /needs the algorithm/);
    expectError(() => getPublicKey(new Uint8Array(100)), 'ERR_INVALID_LENGTH', 'length 100', /1632, 2400 or 3168/);
    expectError(
      () => getPublicKey(pair.secretKey, 'ML-KEM-512'),
      'ERR_INVALID_LENGTH',
      'another level',
      /64-byte seed or a 1632-byte/,
    );
    const tampered = pair.secretKey.slice();
    tampered[1152 + 1184]! ^= 1; // H(ek)
    expectError(() => getPublicKey(tampered), 'ERR_INVALID_SECRET_KEY', 'a wrong H(ek)');
    expectError(() => getPublicKey('seed' as unknown as Uint8Array), 'ERR_INVALID_TYPE', 'a string');
  });
});

describe('equalBytes', () => {
  it('equal, unequal at every position, different lengths, Buffers; refuses non-arrays', () => {
    const a = Uint8Array.from({ length: 32 }, (_, i) => i);
    assert.equal(equalBytes(a, a.slice()), true);
    assert.equal(equalBytes(Buffer.from(a), a), true);
    assert.equal(equalBytes(new Uint8Array(0), new Uint8Array(0)), true);
    for (let i = 0; i < a.length; i++) {
      const b = a.slice();
      b[i]! ^= 0x80;
      assert.equal(equalBytes(a, b), false, `differs at ${i}`);
    }
    assert.equal(equalBytes(a, a.subarray(0, 31)), false);
    expectError(
      () => equalBytes(a, 'x' as unknown as Uint8Array),
      'ERR_INVALID_TYPE',
      'a string',
      /equalBytes b must be a Uint8Array/,
    );
    expectError(
      () => equalBytes(a.buffer as unknown as Uint8Array, a),
      'ERR_INVALID_TYPE',
      'an ArrayBuffer',
      /equalBytes a/,
    );
  });
  it('the same function in mlkem-ts and mlkem-ts/keys', async () => {
    const keys = await import('../../src/keys/index.js');
    assert.equal(keys.equalBytes, equalBytes);
  });
});

describe('messages that name the likely mistake', () => {
  it("decapsulate(secretKey, ciphertext), Node's order: the arguments look swapped (every level and hybrid)", () => {
    for (const kem of [MlKem512, MlKem768, MlKem1024, XWing, MLKEM768_P256, MLKEM1024_P384, SecP256r1MLKEM768]) {
      const pair = kem.keygen();
      const { ciphertext } = kem.encapsulate(pair.publicKey);
      expectError(
        () => kem.decapsulate(pair.secretKey, ciphertext),
        'ERR_INVALID_LENGTH',
        kem.name,
        (err) => {
          assert.match(
            err.message,
            new RegExp(
              `^${kem.name} ciphertext must be ${kem.sizes.ciphertext} bytes long, got ${kem.sizes.secretKey}`,
            ),
          );
          assert.match(
            err.message,
            /the arguments look swapped\. decapsulate takes \(ciphertext, secretKey\); Node's crypto\.decapsulate takes \(key, ciphertext\)/,
          );
        },
      );
      // A wrong length that is not a swap keeps the plain message.
      expectError(
        () => kem.decapsulate(ciphertext.subarray(1), pair.secretKey),
        'ERR_INVALID_LENGTH',
        `${kem.name} short`,
        (err) => assert.doesNotMatch(err.message, /swapped/),
      );
    }
  });
  it('decodePkcs8 / decodeSpki of PEM text: name fromPem and the loader', () => {
    const pair = MlKem768.keygen();
    const pem = toPem(encodePkcs8(pair), 'PRIVATE KEY');
    expectError(
      () => decodePkcs8(pem as unknown as Uint8Array),
      'ERR_INVALID_TYPE',
      'PEM text',
      /der must be a Uint8Array of DER, got a string: for PEM text, pass fromPem\(text\)\.der, or load the key in one call with loadPrivateKey\(text\)/,
    );
    const spki = toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY');
    expectError(
      () => decodeSpki(spki as unknown as Uint8Array),
      'ERR_INVALID_TYPE',
      'PEM text',
      /fromPem\(text\)\.der.*loadPublicKey\(text\)/,
    );
    expectError(
      () => decodePkcs8('not pem' as unknown as Uint8Array),
      'ERR_INVALID_TYPE',
      'another string',
      (err) => assert.doesNotMatch(err.message, /fromPem/),
    );
  });
  it('decodePkcs8 / decodeSpki of the bytes of a PEM file: say they are PEM, not DER', () => {
    const pair = MlKem768.keygen();
    const pem = toPem(encodePkcs8(pair), 'PRIVATE KEY');
    expectError(
      () => decodePkcs8(Buffer.from(pem)),
      'ERR_INVALID_KEY_ENCODING',
      'PEM bytes',
      /decodePkcs8 der holds PEM text \('-----BEGIN …'\), not DER: .*fromPem\(new TextDecoder\(\)\.decode\(bytes\)\)\.der.*loadPrivateKey\(bytes\)/,
    );
    expectError(
      () => decodeSpki(new TextEncoder().encode(`\n${toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY')}`)),
      'ERR_INVALID_KEY_ENCODING',
      'PEM bytes after a blank line',
      /not DER.*loadPublicKey\(bytes\)/,
    );
  });
  it('loadPrivateKey of a public key, of a non-key, of a wrong type', () => {
    const pair = MlKem768.keygen();
    expectError(
      () => loadPrivateKey(toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY')),
      'ERR_INVALID_KEY_ENCODING',
      'a public PEM',
      /is a public key \(SubjectPublicKeyInfo\): use loadPublicKey/,
    );
    expectError(
      () => loadPrivateKey(encodeSpki(pair.publicKey)),
      'ERR_INVALID_KEY_ENCODING',
      'a public DER',
      /use loadPublicKey/,
    );
    expectError(
      () => loadPrivateKey(new Uint8Array([1, 2, 3])),
      'ERR_INVALID_KEY_ENCODING',
      'three bytes',
      /not a key file/,
    );
    expectError(() => loadPrivateKey('hello'), 'ERR_INVALID_KEY_ENCODING', 'text', /not PEM/);
    expectError(() => loadPrivateKey('{"kty":'), 'ERR_INVALID_KEY_ENCODING', 'bad JSON', /not valid JSON/);
    expectError(() => loadPrivateKey(42 as unknown as string), 'ERR_INVALID_TYPE', 'a number');
    expectError(
      () => loadPrivateKey(toPem(encodePkcs8(pair), 'PRIVATE KEY'), { pairwise: false } as object),
      'ERR_INVALID_TYPE',
      'a mistyped option',
      /pairwise/,
    );
  });
});

it('JSON.parse and TextDecoder patched after load never see a private key file', async () => {
  const pair = MlKem768.keygen();
  const expected = MlKem768.decapsulationKey(pair.seed);
  const jwkText = JSON.stringify(toJwk(pair));
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const files: Array<[string, string | Uint8Array]> = [
    ['JWK text', jwkText],
    ['JWK bytes', utf8(jwkText)],
    ['PEM bytes', utf8(toPem(encodePkcs8(pair), 'PRIVATE KEY'))],
  ];
  // An X-Wing JWK, which mlkem-ts/hybrid's loadPrivateKey tells apart from an ML-KEM one.
  const kp = (await subtle.generateKey({ name: 'MLKEM768-X25519' }, true, ['decapsulateBits'])) as CryptoKeyPair;
  const xwing = utf8(JSON.stringify(await subtle.exportKey('jwk', kp.privateKey)));
  const [parse, decode] = [JSON.parse, TextDecoder.prototype.decode];
  const seen: string[] = [];
  JSON.parse = (...args: Parameters<typeof parse>) => (seen.push('JSON.parse'), parse(...args)) as unknown;
  TextDecoder.prototype.decode = function (this: TextDecoder, ...args: Parameters<typeof decode>) {
    seen.push('TextDecoder.decode');
    return Reflect.apply(decode, this, args) as string;
  };
  try {
    for (const [shape, file] of files) {
      assertSameKey(loadPrivateKey(file), expected, `mlkem-ts/keys, ${shape}`);
      assertSameKey(loadAny(file) as DecapsulationKey, expected, `mlkem-ts/hybrid, ${shape}`);
    }
    assert.equal((loadAny(xwing) as HybridDecapsulationKey).name, XWing.name);
  } finally {
    [JSON.parse, TextDecoder.prototype.decode] = [parse, decode];
  }
  assert.deepEqual(seen, []);
});
