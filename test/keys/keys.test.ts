// mlkem-ts/keys: round trips of every format and form at every level, strict DER (each kind of
// malformation named in the message), PEM tolerance and strictness, JWK as Node writes it, the
// base64 codecs (exhaustively over the character set), input checks at the boundary, fresh
// outputs and untouched inputs, and the rule that src/keys runs in browsers (no Node built-ins).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { decodeBase64, decodeBase64url, encodeBase64, encodeBase64url } from '../../src/bytes.js';
import { type KeyPair, MlKemError } from '../../src/index.js';
import {
  type MlKemAlgorithm,
  type PrivateKeyForm,
  type PrivateKeyInfo,
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  getPublicKey,
  kemFor,
  toJwk,
  toPem,
} from '../../src/keys/index.js';
import { CODES, FORMS, LEVELS, expectError } from '../support/api.js';
import { equalBytes, randomBytes, setCoeff } from '../support/helpers.js';
import { OID, algId, bytes, tlv } from '../support/keys-der.js';

const pairs = new Map<MlKemAlgorithm, KeyPair>();
const pairOf = (alg: MlKemAlgorithm): KeyPair => {
  if (!pairs.has(alg)) pairs.set(alg, kemFor(alg).keygen());
  return pairs.get(alg)!;
};

// ---------------------------------------------------------------------------------------------

describe('kemFor', () => {
  it('gives the MlKem object of each name, and ERR_INVALID_TYPE for anything else', () => {
    for (const alg of LEVELS) assert.equal(kemFor(alg).name, alg);
    for (const bad of ['ML-KEM-256', 'ml-kem-768', '', undefined, 768]) {
      expectError(() => kemFor(bad as MlKemAlgorithm), 'ERR_INVALID_TYPE', `kemFor(${String(bad)})`, /ML-KEM-512/);
    }
  });
});

describe('round trips', () => {
  for (const alg of LEVELS) {
    it(`${alg}: SPKI, PKCS#8 in every form, PEM and JWK decode to the same keys, in fresh arrays`, () => {
      const kem = kemFor(alg);
      const pair = pairOf(alg);
      const snapshot = { pk: pair.publicKey.slice(), sk: pair.secretKey.slice(), seed: pair.seed.slice() };

      const spki = encodeSpki(pair.publicKey);
      assert.equal(spki.length, kem.sizes.publicKey + 22);
      const pub = decodeSpki(spki);
      assert.deepEqual(Object.keys(pub), ['algorithm', 'publicKey']);
      assert.equal(pub.algorithm, alg);
      assert.ok(equalBytes(pub.publicKey, pair.publicKey));
      assert.ok(pub.publicKey.buffer !== spki.buffer, 'decodeSpki returned a view of its input');
      assert.ok(
        equalBytes(decodeSpki(fromPem(toPem(spki, 'PUBLIC KEY')).der).publicKey, pair.publicKey),
        'SPKI via PEM',
      );

      const sizes: Record<PrivateKeyForm, number> = {
        seed: 86,
        expanded: kem.sizes.secretKey + 28,
        both: kem.sizes.secretKey + 28 + 70,
      };
      for (const form of FORMS) {
        const der = encodePkcs8(pair, { form });
        assert.equal(der.length, sizes[form], `${form} length`);
        const derBefore = der.slice();
        for (const info of [decodePkcs8(der), decodePkcs8(fromPem(toPem(der, 'PRIVATE KEY'), 'PRIVATE KEY').der)]) {
          assert.equal(info.algorithm, alg);
          assert.ok(equalBytes(info.secretKey, pair.secretKey), `${form}: secretKey`);
          assert.ok(equalBytes(info.publicKey, pair.publicKey), `${form}: publicKey`);
          if (form === 'expanded') assert.ok(!('seed' in info), 'expanded: a seed appeared');
          else assert.ok(info.seed !== undefined && equalBytes(info.seed, pair.seed), `${form}: seed`);
          for (const out of [info.secretKey, info.publicKey, info.seed])
            if (out) assert.ok(out.buffer !== der.buffer, `${form}: output is a view of the input`);
          // Overwriting what was returned changes nothing for the next call.
          info.secretKey.fill(0);
        }
        assert.ok(equalBytes(decodePkcs8(der).secretKey, pair.secretKey), `${form}: decoding again`);
        assert.ok(equalBytes(der, derBefore), `${form}: decodePkcs8 modified its input`);
      }
      // The default form is the seed when it is known, else the expanded key.
      assert.ok(equalBytes(encodePkcs8(pair), encodePkcs8(pair, { form: 'seed' })));
      assert.ok(equalBytes(encodePkcs8({ secretKey: pair.secretKey }), encodePkcs8(pair, { form: 'expanded' })));
      assert.ok(
        equalBytes(
          encodePkcs8({ algorithm: alg, seed: pair.seed }, { form: 'both' }),
          encodePkcs8(pair, { form: 'both' }),
        ),
      );
      assert.ok(
        equalBytes(
          encodePkcs8({ algorithm: alg, seed: pair.seed }, { form: 'expanded' }),
          encodePkcs8(pair, { form: 'expanded' }),
        ),
      );

      const jwk = toJwk(pair);
      assert.deepEqual(Object.keys(jwk), ['kty', 'alg', 'pub', 'priv']);
      assert.equal(jwk.kty, 'AKP');
      assert.equal(jwk.alg, alg);
      assert.ok(equalBytes(Buffer.from(jwk.priv!, 'base64url'), pair.seed));
      assert.ok(equalBytes(Buffer.from(jwk.pub, 'base64url'), pair.publicKey));
      assert.doesNotMatch(jwk.pub + jwk.priv, /[=+/]/, 'not unpadded base64url');
      const back = fromJwk(JSON.parse(JSON.stringify(jwk)) as object) as PrivateKeyInfo;
      assert.ok(
        equalBytes(back.secretKey, pair.secretKey) &&
          equalBytes(back.seed!, pair.seed) &&
          equalBytes(back.publicKey, pair.publicKey),
      );
      const pubJwk = toJwk({ publicKey: pair.publicKey });
      assert.deepEqual(Object.keys(pubJwk), ['kty', 'alg', 'pub']);
      assert.deepEqual(fromJwk(pubJwk), { algorithm: alg, publicKey: pair.publicKey });

      // Inputs were not modified.
      assert.ok(
        equalBytes(pair.publicKey, snapshot.pk) &&
          equalBytes(pair.secretKey, snapshot.sk) &&
          equalBytes(pair.seed, snapshot.seed),
        'an input changed',
      );
      // The decoded keys work.
      const enc = kem.encapsulate(pub.publicKey);
      assert.ok(
        equalBytes(kem.decapsulate(enc.ciphertext, decodePkcs8(encodePkcs8(pair)).secretKey), enc.sharedSecret),
      );
    });
  }

  it('OneAsymmetricKey v2 with the right publicKey [1] and attributes [0] is read; a wrong publicKey [1] is refused', () => {
    const alg = 'ML-KEM-768';
    const pair = pairOf(alg);
    const choice = tlv(0x80, pair.seed);
    const attributes = tlv(0xa0, tlv(0x30, bytes([0x06, 0x03, 0x55, 0x04, 0x03], tlv(0x31, tlv(0x0c, [0x41])))));
    const v2 = (pub: Uint8Array, withAttributes = false) =>
      tlv(
        0x30,
        bytes(
          [0x02, 0x01, 0x01],
          algId(alg),
          tlv(0x04, choice),
          withAttributes ? attributes : [],
          tlv(0x81, bytes([0], pub)),
        ),
      );
    assert.ok(equalBytes(decodePkcs8(v2(pair.publicKey)).secretKey, pair.secretKey), 'v2');
    assert.ok(equalBytes(decodePkcs8(v2(pair.publicKey, true)).secretKey, pair.secretKey), 'v2 with attributes');
    assert.ok(
      equalBytes(
        decodePkcs8(tlv(0x30, bytes([0x02, 0x01, 0x00], algId(alg), tlv(0x04, choice), attributes))).seed!,
        pair.seed,
      ),
      'v1 with attributes',
    );
    const other = pair.publicKey.slice();
    other[0]! ^= 1;
    expectError(() => decodePkcs8(v2(other)), 'ERR_INVALID_SECRET_KEY', 'v2 with a wrong publicKey', /publicKey \[1\]/);
    expectError(
      () => decodePkcs8(v2(pair.publicKey.subarray(1))),
      'ERR_INVALID_KEY_ENCODING',
      'v2 with a short publicKey',
      /publicKey \[1\].*holds 1183 bytes/,
    );
    expectError(
      () =>
        decodePkcs8(
          tlv(0x30, bytes([0x02, 0x01, 0x00], algId(alg), tlv(0x04, choice), tlv(0x81, bytes([0], pair.publicKey)))),
        ),
      'ERR_INVALID_KEY_ENCODING',
      'v1 with publicKey [1]',
      /only allowed in a v2/,
    );
    expectError(
      () =>
        decodePkcs8(
          tlv(
            0x30,
            bytes([0x02, 0x01, 0x01], algId(alg), tlv(0x04, choice), tlv(0x81, bytes([0], pair.publicKey)), attributes),
          ),
        ),
      'ERR_INVALID_KEY_ENCODING',
      'attributes after publicKey',
      /unexpected byte/,
    );
  });
});

describe('strict DER', () => {
  const alg = 'ML-KEM-512';
  const good = () => pairOf(alg);
  const spki = () => encodeSpki(good().publicKey);
  const seedDer = () => encodePkcs8(good());

  const spkiCases: Array<[string, () => Uint8Array, RegExp]> = [
    ['empty input', () => new Uint8Array(0), /^SubjectPublicKeyInfo: the outer element is missing/],
    ['a trailing byte', () => bytes(spki(), [0]), /1 unexpected byte at byte 822/],
    ['two trailing bytes', () => bytes(spki(), [0, 0]), /2 unexpected bytes/],
    ['truncated by one byte', () => spki().subarray(0, 821), /claims 818 bytes .* only 817 remain/],
    ['cut inside the length', () => spki().subarray(0, 3), /truncated length field/],
    ['no length', () => spki().subarray(0, 1), /has no length/],
    ['wrong outer tag', () => bytes([0x31], spki().subarray(1)), /must be SEQUENCE \(0x30\), found SET \(0x31\)/],
    ['indefinite length', () => bytes([0x30, 0x80], spki().subarray(4), [0, 0]), /indefinite length/],
    ['length with a leading zero', () => bytes([0x30, 0x83, 0x00, 0x03, 0x32], spki().subarray(4)), /leading zero/],
    [
      'short length in long form',
      () => tlv(0x30, bytes([0x30, 0x81, 0x0b], spki().subarray(6))),
      /length 11 in the long form/,
    ],
    ['a 5-byte length field', () => bytes([0x30, 0x85, 0, 0, 0, 3, 0x32]), /5-byte length field/],
    [
      'an unknown OID (2.16.840.1.101.3.4.4.4)',
      () => tlv(0x30, bytes([0x30, 0x0b, ...OID(alg).slice(0, -1), 4], spki().subarray(17))),
      /2\.16\.840\.1\.101\.3\.4\.4\.4, not ML-KEM/,
    ],
    [
      'the RSA OID',
      () =>
        tlv(
          0x30,
          bytes(tlv(0x30, [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]), spki().subarray(17)),
        ),
      /1\.2\.840\.113549\.1\.1\.1, not ML-KEM/,
    ],
    [
      'a malformed OID',
      () => tlv(0x30, bytes(tlv(0x30, [0x06, 0x02, 0x60, 0x86]), spki().subarray(17))),
      /malformed OBJECT IDENTIFIER/,
    ],
    [
      'an empty OID',
      () => tlv(0x30, bytes(tlv(0x30, [0x06, 0x00]), spki().subarray(17))),
      /malformed OBJECT IDENTIFIER/,
    ],
    [
      'parameters NULL',
      () => tlv(0x30, bytes(algId(alg, [0x05, 0x00]), spki().subarray(17))),
      /parameters \(NULL\).*RFC 9935 §3 requires them absent/,
    ],
    [
      'parameters present (an OCTET STRING)',
      () => tlv(0x30, bytes(algId(alg, [0x04, 0x00]), spki().subarray(17))),
      /parameters \(OCTET STRING \(0x04\)\)/,
    ],
    [
      'no AlgorithmIdentifier OID',
      () => tlv(0x30, bytes([0x30, 0x00], spki().subarray(17))),
      /algorithm algorithm is missing/,
    ],
    ['BIT STRING with unused bits', () => bytes(spki().subarray(0, 21), [1], spki().subarray(22)), /1 unused bits/],
    ['an empty BIT STRING', () => tlv(0x30, bytes(algId(alg), [0x03, 0x00])), /empty BIT STRING/],
    [
      'an OCTET STRING instead of the BIT STRING',
      () => bytes(spki().subarray(0, 17), [0x04], spki().subarray(18)),
      /must be BIT STRING \(0x03\), found OCTET STRING/,
    ],
    [
      'the key of another level',
      () => tlv(0x30, bytes(algId('ML-KEM-768'), tlv(0x03, bytes([0], good().publicKey)))),
      /holds 800 bytes; an ML-KEM-768 public key has 1184/,
    ],
    ['a missing subjectPublicKey', () => tlv(0x30, algId(alg)), /subjectPublicKey is missing/],
  ];
  for (const [name, make, message] of spkiCases) {
    it(`SPKI with ${name}: ERR_INVALID_KEY_ENCODING`, () => {
      expectError(() => decodeSpki(make()), 'ERR_INVALID_KEY_ENCODING', name, message);
    });
  }
  it('the control: the unmodified SPKI decodes', () => assert.equal(decodeSpki(spki()).algorithm, alg));

  it('SPKI whose key has a coefficient >= q (first, last): ERR_INVALID_PUBLIC_KEY (FIPS 203, §7.2)', () => {
    for (const i of [0, 511]) {
      const pk = good().publicKey.slice();
      setCoeff(pk, i, 3329);
      const der = tlv(0x30, bytes(algId(alg), tlv(0x03, bytes([0], pk))));
      expectError(() => decodeSpki(der), 'ERR_INVALID_PUBLIC_KEY', `coefficient ${i}`, /§7\.2/);
      expectError(() => encodeSpki(pk), 'ERR_INVALID_PUBLIC_KEY', `encodeSpki, coefficient ${i}`, /§7\.2/);
      setCoeff(pk, i, 3328);
      assert.equal(decodeSpki(tlv(0x30, bytes(algId(alg), tlv(0x03, bytes([0], pk))))).algorithm, alg, 'q - 1 refused');
    }
  });

  const body = (version: number[], choice: Uint8Array, level: MlKemAlgorithm = alg) =>
    tlv(0x30, bytes(version, algId(level), tlv(0x04, choice)));
  const v0 = [0x02, 0x01, 0x00];
  const pkcs8Cases: Array<[string, () => Uint8Array, RegExp]> = [
    ['a trailing byte', () => bytes(seedDer(), [0]), /1 unexpected byte at byte 86/],
    [
      'version 2',
      () => body([0x02, 0x01, 0x02], tlv(0x80, good().seed)),
      /version at byte 2 is 2; RFC 5958 knows only v1 \(0\) and v2 \(1\)/,
    ],
    ['version -1', () => body([0x02, 0x01, 0xff], tlv(0x80, good().seed)), /version at byte 2 is -1/],
    ['a non-minimal version', () => body([0x02, 0x02, 0x00, 0x00], tlv(0x80, good().seed)), /not in its shortest form/],
    ['an empty version', () => body([0x02, 0x00], tlv(0x80, good().seed)), /empty INTEGER/],
    ['a huge version', () => body([0x02, 0x07, 1, 0, 0, 0, 0, 0, 0], tlv(0x80, good().seed)), /7 bytes, far too large/],
    ['no version', () => tlv(0x30, bytes(algId(alg), tlv(0x04, tlv(0x80, good().seed)))), /version must be INTEGER/],
    [
      'parameters NULL',
      () => tlv(0x30, bytes(v0, algId(alg, [0x05, 0x00]), tlv(0x04, tlv(0x80, good().seed)))),
      /privateKeyAlgorithm has parameters \(NULL\)/,
    ],
    [
      'an unknown OID',
      () => tlv(0x30, bytes(v0, tlv(0x30, [...OID(alg).slice(0, -1), 9]), tlv(0x04, tlv(0x80, good().seed)))),
      /2\.16\.840\.1\.101\.3\.4\.4\.9, not ML-KEM/,
    ],
    ['a 63-byte seed', () => body(v0, tlv(0x80, good().seed.subarray(1))), /holds 63 bytes; an ML-KEM seed has 64/],
    ['a 65-byte seed', () => body(v0, tlv(0x80, bytes(good().seed, [0]))), /holds 65 bytes/],
    [
      'a short expandedKey',
      () => body(v0, tlv(0x04, good().secretKey.subarray(1))),
      /expandedKey holds 1631 bytes; an ML-KEM-512 expanded key has 1632/,
    ],
    [
      'the expandedKey of another level',
      () => body(v0, tlv(0x04, good().secretKey), 'ML-KEM-768'),
      /expandedKey holds 1632 bytes; an ML-KEM-768 expanded key has 2400/,
    ],
    [
      'a [1] CHOICE tag',
      () => body(v0, tlv(0x81, good().seed)),
      /starts with \[1\] \(primitive\) \(0x81\), not one of the ML-KEM-PrivateKey forms/,
    ],
    [
      'a constructed [0] seed',
      () => body(v0, tlv(0xa0, tlv(0x04, good().seed))),
      /starts with \[0\] \(constructed\) \(0xa0\)/,
    ],
    ['an empty privateKey', () => body(v0, new Uint8Array(0)), /privateKey at byte \d+ is empty/],
    [
      'a byte after the seed',
      () => body(v0, bytes(tlv(0x80, good().seed), [0])),
      /unexpected byte .* after the ML-KEM-PrivateKey/,
    ],
    [
      'both with the seed tagged [0]',
      () => body(v0, tlv(0x30, bytes(tlv(0x80, good().seed), tlv(0x04, good().secretKey)))),
      /both\.seed must be OCTET STRING/,
    ],
    ['both without the expandedKey', () => body(v0, tlv(0x30, tlv(0x04, good().seed))), /both\.expandedKey is missing/],
    [
      'both with a third element',
      () => body(v0, tlv(0x30, bytes(tlv(0x04, good().seed), tlv(0x04, good().secretKey), [0x05, 0x00]))),
      /2 unexpected bytes .* after both\.expandedKey/,
    ],
    [
      'both in the wrong order',
      () => body(v0, tlv(0x30, bytes(tlv(0x04, good().secretKey), tlv(0x04, good().seed)))),
      /seed at byte \d+ holds 1632 bytes/,
    ],
    [
      'privateKey as a BIT STRING',
      () => tlv(0x30, bytes(v0, algId(alg), tlv(0x03, bytes([0], tlv(0x80, good().seed))))),
      /privateKey must be OCTET STRING/,
    ],
    [
      'an unknown trailing field [2]',
      () => tlv(0x30, bytes(v0, algId(alg), tlv(0x04, tlv(0x80, good().seed)), [0x82, 0x00])),
      /2 unexpected bytes .* after privateKey/,
    ],
  ];
  for (const [name, make, message] of pkcs8Cases) {
    it(`PKCS#8 with ${name}: ERR_INVALID_KEY_ENCODING`, () => {
      expectError(() => decodePkcs8(make()), 'ERR_INVALID_KEY_ENCODING', name, message);
    });
  }
  it('the controls: the hand-built seed, expanded and both encodings decode', () => {
    assert.ok(equalBytes(decodePkcs8(body(v0, tlv(0x80, good().seed))).secretKey, good().secretKey));
    assert.ok(equalBytes(decodePkcs8(body(v0, tlv(0x04, good().secretKey))).secretKey, good().secretKey));
    assert.ok(
      equalBytes(
        decodePkcs8(body(v0, tlv(0x30, bytes(tlv(0x04, good().seed), tlv(0x04, good().secretKey))))).secretKey,
        good().secretKey,
      ),
    );
    assert.ok(equalBytes(body(v0, tlv(0x80, good().seed)), seedDer()), 'the test builder differs from the encoder');
  });

  it('expanded keys: a wrong H(ek) fails §7.3, a bad embedded ek fails §7.2, both ERR_INVALID_SECRET_KEY', () => {
    const dk = good().secretKey.slice();
    dk[1632 - 64]! ^= 1; // the first byte of H(ek)
    expectError(() => decodePkcs8(body(v0, tlv(0x04, dk))), 'ERR_INVALID_SECRET_KEY', 'wrong H(ek)', /§7\.3/);
    const dk2 = good().secretKey.slice();
    const ek = dk2.subarray(768, 768 + 800);
    setCoeff(ek, 3, 4095);
    dk2.set(createHash('sha3-256').update(ek).digest(), 1632 - 64); // a consistent H(ek) of the bad ek
    expectError(
      () => decodePkcs8(body(v0, tlv(0x04, dk2))),
      'ERR_INVALID_SECRET_KEY',
      'embedded ek >= q',
      /embedded encapsulation key.*§7\.2/,
    );
  });

  it('both: a seed and expandedKey that disagree anywhere (first byte, H(ek), z) are refused: ERR_INVALID_SECRET_KEY', () => {
    for (const i of [0, 1632 - 64, 1632 - 1]) {
      const dk = good().secretKey.slice();
      dk[i]! ^= 0x80;
      const der = body(v0, tlv(0x30, bytes(tlv(0x04, good().seed), tlv(0x04, dk))));
      expectError(() => decodePkcs8(der), 'ERR_INVALID_SECRET_KEY', `byte ${i}`, /disagree/);
    }
    const der = body(
      v0,
      tlv(
        0x30,
        bytes(
          tlv(
            0x04,
            pairOf('ML-KEM-512').seed.map((b) => b ^ 1),
          ),
          tlv(0x04, good().secretKey),
        ),
      ),
    );
    expectError(() => decodePkcs8(der), 'ERR_INVALID_SECRET_KEY', 'another seed', /disagree/);
  });
});

describe('encoder inputs', () => {
  const alg = 'ML-KEM-768';
  const pair = () => pairOf(alg);

  it('encodeSpki: a non-Uint8Array is ERR_INVALID_TYPE, a length of no level ERR_INVALID_LENGTH', () => {
    for (const bad of [undefined, null, 'key', [1, 2], new ArrayBuffer(1184), new Uint16Array(592)]) {
      expectError(
        () => encodeSpki(bad as never),
        'ERR_INVALID_TYPE',
        `encodeSpki(${String(bad)})`,
        /encodeSpki publicKey must be a Uint8Array of 800, 1184 or 1568 bytes/,
      );
    }
    for (const n of [0, 799, 801, 1183, 2400]) {
      expectError(
        () => encodeSpki(new Uint8Array(n)),
        'ERR_INVALID_LENGTH',
        `length ${n}`,
        new RegExp(`800, 1184 or 1568 bytes long, got ${n}`),
      );
    }
  });

  it('a wrong length names the likely mistake: a secret key for a public one, a seed, another level', () => {
    const secretForPublic = `: that is an ${alg} secretKey, not a publicKey`;
    const publicForSecret = `: that is an ${alg} publicKey, not a secretKey`;
    const { publicKey, secretKey, seed } = pair();
    const cases: Array<[string, () => unknown, string]> = [
      ['encodeSpki(secretKey)', () => encodeSpki(secretKey), secretForPublic],
      ['getPublicKey(publicKey)', () => getPublicKey(publicKey), publicForSecret],
      ['toJwk({ secretKey: publicKey })', () => toJwk({ secretKey: publicKey }), publicForSecret],
      [
        'encodePkcs8 with a seed as the secret key',
        () => encodePkcs8({ algorithm: alg, secretKey: seed }),
        ': that is a seed; use decapsulationKey(seed) or keygen(seed) to expand it',
      ],
      [
        'encodePkcs8 with another level',
        () => encodePkcs8({ algorithm: alg, secretKey: pairOf('ML-KEM-512').secretKey }),
        ': that is an ML-KEM-512 secretKey; use MlKem512',
      ],
    ];
    for (const [what, call, hint] of cases)
      expectError(call, 'ERR_INVALID_LENGTH', what, (e) => assert.ok(e.message.endsWith(hint), e.message));
  });

  it('decoders: a non-Uint8Array der, bad options: ERR_INVALID_TYPE', () => {
    for (const bad of [undefined, 'MIIB', [0x30], new ArrayBuffer(8), new DataView(new ArrayBuffer(8))]) {
      expectError(
        () => decodeSpki(bad as never),
        'ERR_INVALID_TYPE',
        'decodeSpki',
        /decodeSpki der must be a Uint8Array/,
      );
      expectError(
        () => decodePkcs8(bad as never),
        'ERR_INVALID_TYPE',
        'decodePkcs8',
        /decodePkcs8 der must be a Uint8Array/,
      );
    }
    const der = encodePkcs8(pair());
    expectError(() => decodePkcs8(der, null as never), 'ERR_INVALID_TYPE', 'options null', /options must be an object/);
    expectError(
      () => decodePkcs8(der, { pairwiseCheck: 'yes' } as never),
      'ERR_INVALID_TYPE',
      'pairwiseCheck',
      /pairwiseCheck must be a boolean/,
    );
    assert.ok(equalBytes(decodePkcs8(der, { pairwiseCheck: false }).secretKey, pair().secretKey));
  });

  it('a wrong algorithm is named by kind and length, never quoted (it may be a key in the wrong place)', () => {
    const p = pair();
    const secret = encodeBase64(p.seed); // a seed pasted where the name goes
    const names = /must be 'ML-KEM-512', 'ML-KEM-768' or 'ML-KEM-1024', got /;
    const calls: Array<[string, (a: unknown) => unknown]> = [
      ['kemFor', (a) => kemFor(a as never)],
      ['encodePkcs8', (a) => encodePkcs8({ algorithm: a as never, seed: p.seed })],
      ['toJwk', (a) => toJwk({ algorithm: a as never, seed: p.seed })],
    ];
    for (const [name, call] of calls) {
      const err = expectError(() => call(secret), 'ERR_INVALID_TYPE', name, names);
      assert.ok(!err.message.includes(secret.slice(0, 8)), `${name} quotes the caller's text: ${err.message}`);
      assert.match(err.message, new RegExp(`got a string of ${secret.length} characters$`), name);
      expectError(() => call(768), 'ERR_INVALID_TYPE', `${name} 768`, /got a number$/);
    }
  });

  it('encodePkcs8 and toJwk: wrong shapes are ERR_INVALID_TYPE', () => {
    const p = pair();
    const cases: Array<[string, unknown, RegExp]> = [
      ['undefined', undefined, /must be an object/],
      ['a Uint8Array', p.secretKey, /must be an object/],
      ['an empty object', {}, /must hold seed, secretKey or publicKey/],
      ['only an algorithm', { algorithm: alg }, /must hold seed, secretKey or publicKey/],
      ['a string seed', { algorithm: alg, seed: 'seed' }, /key\.seed must be a Uint8Array of 64 bytes, got a string/],
      ['an Array secretKey', { secretKey: [1, 2, 3] }, /key\.secretKey must be a Uint8Array, got an Array/],
      [
        'an unknown algorithm',
        { algorithm: 'ML-KEM-2048', seed: p.seed },
        /key\.algorithm must be 'ML-KEM-512', 'ML-KEM-768' or 'ML-KEM-1024', got a string of 11 characters$/,
      ],
      ['a seed alone', { seed: p.seed }, /key\.algorithm is needed with a seed alone/],
    ];
    for (const [name, key, message] of cases) {
      expectError(() => encodePkcs8(key as never), 'ERR_INVALID_TYPE', `encodePkcs8 ${name}`, message);
      expectError(() => toJwk(key as never), 'ERR_INVALID_TYPE', `toJwk ${name}`, message);
    }
    expectError(
      () => encodePkcs8({ publicKey: p.publicKey }),
      'ERR_INVALID_TYPE',
      'public only',
      /seed or secretKey, not only publicKey/,
    );
    expectError(
      () => encodePkcs8({ secretKey: p.secretKey }, { form: 'seed' }),
      'ERR_INVALID_TYPE',
      'seed form without seed',
      /form 'seed' needs key\.seed/,
    );
    expectError(
      () => encodePkcs8({ secretKey: p.secretKey }, { form: 'both' }),
      'ERR_INVALID_TYPE',
      'both form without seed',
      /form 'both' needs key\.seed/,
    );
    expectError(
      () => encodePkcs8(p, { form: 'compact' as never }),
      'ERR_INVALID_TYPE',
      'form',
      /options\.form must be 'seed', 'expanded' or 'both', got 'compact'/,
    );
    expectError(
      () => encodePkcs8(p, 'seed' as never),
      'ERR_INVALID_TYPE',
      'options string',
      /options must be an object/,
    );
    expectError(() => toJwk({ secretKey: p.secretKey }), 'ERR_INVALID_TYPE', 'toJwk expanded only', /no seed/);
  });

  it('encodePkcs8 and toJwk: lengths of no level, or of another level than named, are ERR_INVALID_LENGTH', () => {
    const p = pair();
    const cases: Array<[string, unknown, RegExp]> = [
      [
        'a 2399-byte secretKey',
        { secretKey: p.secretKey.subarray(1) },
        /key\.secretKey must be 1632, 2400 or 3168 bytes long, got 2399/,
      ],
      ['a 63-byte seed', { algorithm: alg, seed: p.seed.subarray(1) }, /key\.seed must be 64 bytes long, got 63/],
      [
        'an ML-KEM-768 secretKey named ML-KEM-512',
        { algorithm: 'ML-KEM-512', secretKey: p.secretKey },
        /ML-KEM-512 encodePkcs8 key\.secretKey must be 1632 bytes long, got 2400|ML-KEM-512 toJwk key\.secretKey/,
      ],
      [
        'a publicKey of another level',
        { secretKey: p.secretKey, publicKey: pairOf('ML-KEM-512').publicKey },
        /key\.publicKey must be 1184 bytes long, got 800/,
      ],
    ];
    for (const [name, key, message] of cases) {
      expectError(() => encodePkcs8(key as never), 'ERR_INVALID_LENGTH', `encodePkcs8 ${name}`, message);
      expectError(() => toJwk(key as never), 'ERR_INVALID_LENGTH', `toJwk ${name}`, message);
    }
  });

  it('encodePkcs8 and toJwk: parts that disagree, or a failing key, are refused', () => {
    const p = pair();
    const other = pairOf('ML-KEM-768') === p ? kemFor(alg).keygen() : pairOf('ML-KEM-768');
    const mismatches: Array<[string, unknown]> = [
      ['seed with another secretKey', { seed: p.seed, secretKey: other.secretKey }],
      ['seed with another publicKey', { algorithm: alg, seed: p.seed, publicKey: other.publicKey }],
      ['secretKey with another publicKey', { secretKey: p.secretKey, publicKey: other.publicKey }],
    ];
    for (const [name, key] of mismatches) {
      expectError(
        () => encodePkcs8(key as never),
        'ERR_INVALID_SECRET_KEY',
        `encodePkcs8 ${name}`,
        /not the same|is not the public key/,
      );
      expectError(
        () => toJwk(key as never),
        'ERR_INVALID_SECRET_KEY',
        `toJwk ${name}`,
        /not the same|is not the public key/,
      );
    }
    const badHash = p.secretKey.slice();
    badHash[2400 - 33]! ^= 1;
    expectError(() => encodePkcs8({ secretKey: badHash }), 'ERR_INVALID_SECRET_KEY', 'bad H(ek)', /§7\.3/);
    const badPk = p.publicKey.slice();
    setCoeff(badPk, 0, 4095);
    expectError(() => toJwk({ publicKey: badPk }), 'ERR_INVALID_PUBLIC_KEY', 'toJwk bad ek', /§7\.2/);
    // The consistent complete pair is accepted, and gives what its seed gives.
    assert.ok(
      equalBytes(encodePkcs8(p, { form: 'both' }), encodePkcs8({ algorithm: alg, seed: p.seed }, { form: 'both' })),
    );
  });
});

describe('PEM', () => {
  const der = () => encodeSpki(pairOf('ML-KEM-512').publicKey);
  const pem = () => toPem(der(), 'PUBLIC KEY');

  it('toPem writes RFC 7468 strict form: 64-character lines, LF, BEGIN and END lines', () => {
    const text = pem();
    const lines = text.split('\n');
    assert.equal(lines[0], '-----BEGIN PUBLIC KEY-----');
    assert.equal(lines.at(-2), '-----END PUBLIC KEY-----');
    assert.equal(lines.at(-1), '', 'no final newline');
    const body = lines.slice(1, -2);
    for (const line of body.slice(0, -1)) assert.equal(line.length, 64);
    assert.ok(body.at(-1)!.length > 0 && body.at(-1)!.length <= 64);
    assert.equal(body.join(''), Buffer.from(der()).toString('base64'));
    assert.equal(toPem(new Uint8Array(0), 'PRIVATE KEY'), '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n');
  });

  it('toPem and fromPem: wrong argument types and labels are ERR_INVALID_TYPE', () => {
    expectError(
      () => toPem('abc' as never, 'PUBLIC KEY'),
      'ERR_INVALID_TYPE',
      'toPem der',
      /toPem der must be a Uint8Array/,
    );
    expectError(
      () => toPem(der(), 'CERTIFICATE' as never),
      'ERR_INVALID_TYPE',
      'toPem label',
      /toPem label must be 'PUBLIC KEY' or 'PRIVATE KEY', got 'CERTIFICATE'/,
    );
    for (const bad of [undefined, der(), 42, { text: pem() }]) {
      expectError(
        () => fromPem(bad as never),
        'ERR_INVALID_TYPE',
        `fromPem(${typeof bad})`,
        /fromPem text must be a string/,
      );
    }
    expectError(
      () => fromPem(pem(), 'public key' as never),
      'ERR_INVALID_TYPE',
      'fromPem label',
      /fromPem label must be/,
    );
  });

  it('fromPem tolerates CRLF, CR, text around the block, other blocks first, trailing blanks and other line lengths', () => {
    const base = pem();
    const b64 = Buffer.from(der()).toString('base64');
    const variants: Record<string, string> = {
      crlf: base.replace(/\n/g, '\r\n'),
      cr: base.replace(/\n/g, '\r'),
      'no final newline': base.trimEnd(),
      'text around': `Subject: test key\nsome words\n\n${base}\ntrailing words\n`,
      'a certificate block first': `-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n${base}`,
      'trailing blanks': base.replace(/\n/g, ' \t\n'),
      '76-character lines': `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,76}/g)!.join('\n')}\n-----END PUBLIC KEY-----`,
      'one line': `-----BEGIN PUBLIC KEY-----\n${b64}\n-----END PUBLIC KEY-----`,
    };
    for (const [name, text] of Object.entries(variants)) {
      const got = fromPem(text);
      assert.equal(got.label, 'PUBLIC KEY', name);
      assert.ok(equalBytes(got.der, der()), name);
    }
    // With a label, the first block of that label is chosen.
    const both = `${toPem(encodePkcs8(pairOf('ML-KEM-512')), 'PRIVATE KEY')}${base}`;
    assert.equal(fromPem(both).label, 'PRIVATE KEY');
    assert.ok(equalBytes(fromPem(both, 'PUBLIC KEY').der, der()));
  });

  it('fromPem is strict about the armour and the base64: ERR_INVALID_KEY_ENCODING', () => {
    const base = pem();
    const lines = base.split('\n');
    const cases: Record<string, [string, RegExp]> = {
      'no block': ['just text', /no '-----BEGIN PUBLIC KEY-----' or '-----BEGIN PRIVATE KEY-----' line found/],
      'only other blocks': ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', /found 'CERTIFICATE'/],
      'an encrypted key': [
        '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n',
        /found 'ENCRYPTED PRIVATE KEY'/,
      ],
      'no END line': [lines.slice(0, -2).join('\n'), /has no matching '-----END PUBLIC KEY-----'/],
      'a mismatched END label': [base.replace('END PUBLIC', 'END PRIVATE'), /closed by '-----END PRIVATE KEY-----'/],
      'a second BEGIN before END': [
        base.replace('-----END PUBLIC KEY-----', '-----BEGIN PUBLIC KEY-----'),
        /no matching/,
      ],
      'a blank line inside': [[lines[0], lines[1], '', ...lines.slice(2)].join('\n'), /blank line 3/],
      'a header line': [[lines[0], 'Proc-Type: 4,ENCRYPTED', ...lines.slice(1)].join('\n'), /header \('Proc-Type:'\)/],
      'a bad character': [
        base.replace(lines[1]!, `${lines[1]!.slice(0, 10)}*${lines[1]!.slice(11)}`),
        /character '\*' at position 10/,
      ],
      'a leading space': [base.replace(lines[1]!, ` ${lines[1]!.slice(1)}`), /U\+0020 at position 0/],
      'base64url characters': [base.replace(/\+/g, '-').replace(/\//g, '_'), /character '[-_]'/],
      'a missing character': [base.replace(lines[1]!, lines[1]!.slice(1)), /not a multiple of 4/],
      'non-canonical padding bits': [`-----BEGIN PUBLIC KEY-----\nAB==\n-----END PUBLIC KEY-----`, /unused bits/],
      'an empty block': ['-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n', /empty/],
      'padding in the middle': ['-----BEGIN PUBLIC KEY-----\nAA==AAAA\n-----END PUBLIC KEY-----\n', /character '='/],
    };
    for (const [name, [text, message]] of Object.entries(cases)) {
      expectError(() => fromPem(text), 'ERR_INVALID_KEY_ENCODING', name, message);
    }
    assert.ok(equalBytes(fromPem(base).der, der()), 'control');
    assert.ok(
      equalBytes(fromPem('-----BEGIN PUBLIC KEY-----\nAA==\n-----END PUBLIC KEY-----').der, Uint8Array.of(0)),
      'padding control',
    );
  });
});

describe('JWK', () => {
  const alg = 'ML-KEM-512';
  const jwk = () => toJwk(pairOf(alg));
  const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');

  it('fromJwk: a non-object is ERR_INVALID_TYPE', () => {
    for (const bad of [undefined, null, JSON.stringify(jwk()), [jwk()], 7]) {
      expectError(
        () => fromJwk(bad as never),
        'ERR_INVALID_TYPE',
        `fromJwk(${typeof bad})`,
        /fromJwk jwk must be a JWK object/,
      );
    }
  });

  it('fromJwk refuses malformed JWKs: ERR_INVALID_KEY_ENCODING', () => {
    const j = jwk();
    const p = pairOf(alg);
    const cases: Array<[string, object, RegExp]> = [
      ['kty OKP', { ...j, kty: 'OKP' }, /kty must be "AKP" for ML-KEM, got "OKP"/],
      ['no kty', { alg: j.alg, pub: j.pub }, /kty must be "AKP".*got undefined/],
      [
        'alg lowercase',
        { ...j, alg: 'ml-kem-512' },
        /alg must be "ML-KEM-512", "ML-KEM-768" or "ML-KEM-1024", got "ml-kem-512"/,
      ],
      ['alg of another level', { ...j, alg: 'ML-KEM-768' }, /pub holds 800 bytes; an ML-KEM-768 public key has 1184/],
      ['no pub', { kty: 'AKP', alg, priv: j.priv }, /pub must be a base64url string, got undefined/],
      ['pub a number', { ...j, pub: 5 }, /pub must be a base64url string/],
      [
        'pub padded',
        { kty: 'AKP', alg, pub: Buffer.from(p.publicKey.subarray(0, 799)).toString('base64url') + '=' },
        /character '='/,
      ],
      [
        'pub in standard base64',
        { kty: 'AKP', alg, pub: Buffer.from(p.publicKey).toString('base64') },
        /character '[+/]'/,
      ],
      ['pub short', { kty: 'AKP', alg, pub: b64u(p.publicKey.subarray(1)) }, /pub holds 799 bytes/],
      ['pub of impossible length', { kty: 'AKP', alg, pub: `${j.pub}AA` }, /cannot encode whole bytes/],
      ['pub non-canonical', { kty: 'AKP', alg, pub: `${b64u(p.publicKey.subarray(0, 799))}B` }, /unused bits/],
      ['priv an array', { ...j, priv: [1] }, /priv must be a base64url string, got an Array/],
      [
        'priv 32 bytes',
        { ...j, priv: b64u(p.seed.subarray(0, 32)) },
        /priv holds 32 bytes; an ML-KEM JWK priv is the 64-byte seed/,
      ],
      ['priv the expanded key', { ...j, priv: b64u(p.secretKey) }, /priv holds an expanded ML-KEM-512 key/],
      [
        'priv with a space',
        { ...j, priv: ` ${j.priv!.slice(1)}` },
        /JWK priv is not valid base64url: character outside the alphabet at position 0/,
      ],
    ];
    for (const [name, bad, message] of cases)
      expectError(() => fromJwk(bad), 'ERR_INVALID_KEY_ENCODING', name, message);
    assert.equal(fromJwk(j).algorithm, alg, 'control');
  });

  it('fromJwk: pub not of priv is ERR_INVALID_SECRET_KEY; a pub with a coefficient >= q ERR_INVALID_PUBLIC_KEY', () => {
    const j = jwk();
    const other = kemFor(alg).keygen();
    expectError(
      () => fromJwk({ ...j, pub: b64u(other.publicKey) }),
      'ERR_INVALID_SECRET_KEY',
      'pub of another key',
      /pub is not the public key of the seed in priv/,
    );
    const bad = pairOf(alg).publicKey.slice();
    setCoeff(bad, 100, 3329);
    expectError(() => fromJwk({ kty: 'AKP', alg, pub: b64u(bad) }), 'ERR_INVALID_PUBLIC_KEY', 'pub >= q', /§7\.2/);
  });

  it('fromJwk ignores other members (use, key_ops, kid, ext), as WebCrypto writes them', () => {
    const j = { key_ops: ['decapsulateBits'], ext: true, ...jwk(), kid: 'k1', use: 'enc' };
    assert.ok(equalBytes((fromJwk(j) as PrivateKeyInfo).secretKey, pairOf(alg).secretKey));
  });
});

describe('base64', () => {
  it('encodes as Buffer does, and decodes back, for every length 0..200 (base64 and base64url)', () => {
    for (let n = 0; n <= 200; n++) {
      const b = randomBytes(n);
      const std = encodeBase64(b);
      const url = encodeBase64url(b);
      assert.equal(std, Buffer.from(b).toString('base64'), `base64, ${n} bytes`);
      assert.equal(url, Buffer.from(b).toString('base64url'), `base64url, ${n} bytes`);
      assert.ok(equalBytes(decodeBase64(std, 'x'), b), `base64 round trip, ${n} bytes`);
      assert.ok(equalBytes(decodeBase64url(url, 'x'), b), `base64url round trip, ${n} bytes`);
    }
    // Every 6-bit value in every position.
    const all = Uint8Array.from(
      Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'base64'),
    );
    assert.equal(encodeBase64(all), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
    assert.equal(encodeBase64url(all), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
  });

  it('accepts exactly the alphabet: every UTF-16 code unit first in a group, every code below 0x400 last', () => {
    const std = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let code = 0; code < 0x10000; code++) {
      const c = String.fromCharCode(code);
      for (const pos of code < 0x400 ? [0, 3] : [0]) {
        const text = pos === 0 ? `${c}AAA` : `AAA${c}`;
        for (const [alphabet, decode] of [
          [std, decodeBase64],
          [url, decodeBase64url],
        ] as const) {
          const valid = alphabet.includes(c);
          let got: Uint8Array | undefined;
          try {
            got = decode(text, 'x');
          } catch (err) {
            assert.ok(err instanceof MlKemError && err.code === 'ERR_INVALID_KEY_ENCODING');
            if (valid) assert.fail(`refused U+${code.toString(16)} at ${pos}`);
            if (!(decode === decodeBase64 && c === '=' && pos === 3)) continue;
          }
          if (!valid && !(decode === decodeBase64 && c === '=' && pos === 3))
            assert.fail(`accepted U+${code.toString(16)} at ${pos}`);
          if (valid) {
            const v = alphabet.indexOf(c);
            const expected = pos === 0 ? [v << 2, 0, 0] : [0, 0, v];
            assert.deepEqual([...got!], expected, `value of U+${code.toString(16)} at ${pos}`);
          }
        }
      }
    }
  });
});

describe('browser-safe source', () => {
  it('src/keys imports no Node built-in and uses no Buffer or process', () => {
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/keys');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length >= 8, `only ${files.length} files`);
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8').replace(/\/\/.*$/gm, '');
      assert.doesNotMatch(text, /from ['"]node:|require\(|\bBuffer\b|\bprocess\./, `${f} uses a Node API`);
      for (const m of text.matchAll(/from '(\.[^']*)'/g)) assert.match(m[1]!, /\.js$/, `${f}: import without .js`);
    }
  });
});

describe('error codes', () => {
  it('every error thrown above has a documented code (a sample of each decoder on garbage)', () => {
    const samples = [
      () => decodeSpki(randomBytes(50)),
      () => decodePkcs8(randomBytes(90)),
      () => fromPem('-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----'),
      () => fromJwk({ kty: 'AKP', alg: 'ML-KEM-512', pub: '!' }),
    ];
    for (const f of samples) {
      try {
        f();
        assert.fail('garbage accepted');
      } catch (err) {
        assert.ok(err instanceof MlKemError, String(err));
        assert.ok(CODES.includes(err.code), err.code);
        assert.equal(err.name, 'MlKemError');
      }
    }
  });
});
