// mlkem-ts/keys against hostile input: every text parser stays linear on megabytes of adversarial
// text, PKCS#8 attributes [0] must be DER, and expanded private keys with a tampered or
// non-canonical ŝ are refused.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';

import { decodeBase64, decodeBase64url } from '../../src/bytes.js';
import {
  type MlKemAlgorithm,
  decodePkcs8,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  kemFor,
  toPem,
} from '../../src/keys/index.js';
import { LEVELS, expectError } from '../support/api.js';
import { equalBytes, getCoeff, setCoeff } from '../support/helpers.js';
import { algId, bytes, tlv } from '../support/keys-der.js';

// ---------------------------------------------------------------------------------------------
// Linear time. Each input is about 4 MB; a linear parser takes tens of milliseconds on it, a
// quadratic one hours. The bound is generous for a busy two-core machine.

const MB4 = 4 * 1024 * 1024;
const BOUND_MS = 4000;

/** Runs fn (which may throw an MlKemError) and fails if it takes longer than BOUND_MS. */
function linear(name: string, fn: () => unknown): void {
  const t0 = performance.now();
  try {
    fn();
  } catch (err) {
    assert.equal((err as { name?: string }).name, 'MlKemError', `${name}: threw ${String(err)}`);
  }
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `${name}: took ${ms.toFixed(0)} ms on ${MB4} characters (bound ${BOUND_MS} ms)`);
}

const BEGIN = '-----BEGIN PUBLIC KEY-----\n';
const END = '-----END PUBLIC KEY-----\n';

const PEM_CASES: Array<[string, () => string]> = [
  ['a body line of blanks then x (the reported case)', () => `${BEGIN}${' '.repeat(MB4)}x\n${END}`],
  ['a body line of tabs and spaces then x', () => `${BEGIN}${' \t'.repeat(MB4 / 2)}x\n${END}`],
  ['one long base64 line', () => `${BEGIN}${'A'.repeat(MB4)}\n${END}`],
  ['many lines, each with trailing blanks', () => `${BEGIN}${`AAAA${' '.repeat(60)}\n`.repeat(MB4 / 65)}${END}`],
  ['many blocks of another label', () => '-----BEGIN X-----\n-----END X-----\n'.repeat(MB4 / 34)],
  ['many ----- lines', () => '-----\n'.repeat(MB4 / 6)],
  ['many BEGIN lines', () => BEGIN.repeat(MB4 / BEGIN.length)],
  ['a BEGIN line of dashes', () => `-----BEGIN ${'-'.repeat(MB4)}\n`],
  ['a BEGIN line of "-----<tab>" then x', () => `-----BEGIN ${'-----\t'.repeat(MB4 / 6)}x\n`],
  ['a BEGIN line ending in blanks then x', () => `-----BEGIN PUBLIC KEY-----${' '.repeat(MB4)}x\n`],
  ['an END line ending in blanks then x', () => `${BEGIN}AAAA\n-----END PUBLIC KEY-----${' '.repeat(MB4)}x\n`],
  ['a header line of blanks', () => `${BEGIN}a:${' '.repeat(MB4)}\n${END}`],
  ['carriage returns only', () => '\r'.repeat(MB4)],
  ['CR LF pairs inside a block', () => `${BEGIN}${'\r\n'.repeat(MB4 / 2)}${END}`],
  ['text that is not PEM', () => 'x'.repeat(MB4)],
  ['non-ASCII body', () => `${BEGIN}${'\u2028é'.repeat(MB4 / 2)}\n${END}`],
];

describe('text parsers are linear in their input', () => {
  for (const [name, make] of PEM_CASES) {
    it(`fromPem: ${name}`, () => {
      const text = make();
      linear(name, () => fromPem(text));
      linear(`${name} (label PRIVATE KEY)`, () => fromPem(text, 'PRIVATE KEY'));
    });
  }

  it('decodeBase64 and decodeBase64url: long valid, invalid and padding-only text', () => {
    for (const [name, text] of [
      ['valid', 'A'.repeat(MB4)],
      ['a bad last character', `${'A'.repeat(MB4 - 1)}!`],
      ['all padding', '='.repeat(MB4)],
      ['blanks', ' '.repeat(MB4)],
    ] as const) {
      linear(`base64 ${name}`, () => decodeBase64(text, 'text'));
      linear(`base64url ${name}`, () => decodeBase64url(text, 'text'));
    }
  });

  it('fromJwk: megabyte pub and priv members', () => {
    const big = 'A'.repeat(MB4);
    linear('JWK pub', () => fromJwk({ kty: 'AKP', alg: 'ML-KEM-768', pub: big }));
    linear('JWK priv', () => fromJwk({ kty: 'AKP', alg: 'ML-KEM-768', pub: 'A'.repeat(1580), priv: big }));
    linear('JWK kty', () => fromJwk({ kty: big, alg: big, pub: big }));
  });

  it('messages stay short however long the labels and lines are', () => {
    const long = 'L'.repeat(MB4);
    for (const text of [
      `-----BEGIN ${long}-----\n-----END ${long}x-----\n`,
      `-----BEGIN ${long}-----\n`,
      `-----BEGIN ${long}-----\n-----END ${long}-----\n`.repeat(3),
      `${BEGIN}${long}:x\n${END}`,
    ]) {
      const err = expectError(() => fromPem(text), 'ERR_INVALID_KEY_ENCODING', 'long label');
      assert.ok(err.message.length < 1000, `message of ${err.message.length} characters`);
    }
  });

  it('the rewritten parser still reads what it read before', () => {
    const der = encodeSpki(kemFor('ML-KEM-512').keygen().publicKey);
    const pem = toPem(der, 'PUBLIC KEY');
    for (const text of [
      pem,
      pem.replaceAll('\n', '\r\n'),
      pem.replaceAll('\n', '\r'),
      pem.replaceAll('\n', ' \t\n'),
      `junk\n${pem}junk`,
    ]) {
      assert.ok(equalBytes(fromPem(text).der, der));
    }
    // A label is everything up to the last ----- of its line, as before.
    const odd = `-----BEGIN A-----B-----\nAAAA\n-----END A-----B----- \n${pem}`;
    assert.equal(fromPem(odd).label, 'PUBLIC KEY');
    assert.ok(
      equalBytes(fromPem(`-----BEGIN PUBLIC KEY----\n${pem}`).der, der),
      'a BEGIN line short of a dash is text',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Attributes [0] is a DER SET OF Attribute.

describe('PKCS#8 attributes [0] must be a DER SET OF Attribute', () => {
  const alg = 'ML-KEM-512';
  const pair = kemFor(alg).keygen();
  const withAttributes = (contents: Uint8Array | number[]) =>
    tlv(0x30, bytes([0x02, 0x01, 0x00], algId(alg), tlv(0x04, tlv(0x80, pair.seed)), tlv(0xa0, contents)));
  const cn = [0x06, 0x03, 0x55, 0x04, 0x03]; // id-at-commonName
  const attribute = (type: number[], ...values: Uint8Array[]) => tlv(0x30, bytes(type, tlv(0x31, bytes(...values))));
  const utf8 = (s: string) => tlv(0x0c, [...Buffer.from(s)]);

  it('well-formed attributes are read (and not interpreted)', () => {
    for (const [name, contents] of [
      ['none (an empty SET OF)', new Uint8Array(0)],
      ['one', attribute(cn, utf8('A'))],
      ['two, in DER order', bytes(attribute(cn, utf8('A')), attribute([0x06, 0x03, 0x55, 0x04, 0x04], utf8('B')))],
      ['two values in DER order', attribute(cn, utf8('A'), utf8('B'))],
      [
        'nested values, a high tag number, NULL, BOOLEAN, INTEGER, BIT STRING',
        attribute(
          cn,
          tlv(
            0x30,
            bytes(
              tlv(0x30, [0x05, 0x00]),
              [0x01, 0x01, 0xff, 0x02, 0x02, 0x00, 0x80, 0x03, 0x02, 0x04, 0xf0],
              tlv(0x9f, [], [0x7f, 0x00]),
            ),
          ),
        ),
      ],
      ['a value of 300 bytes (a long-form length)', attribute(cn, tlv(0x04, new Uint8Array(300)))],
    ] as const) {
      assert.ok(equalBytes(decodePkcs8(withAttributes(contents)).seed!, pair.seed), name);
    }
  });

  const malformed: Array<[string, Uint8Array | number[], RegExp]> = [
    ['not an Attribute SEQUENCE', tlv(0x04, [1]), /must be SEQUENCE/],
    ['an Attribute without values', tlv(0x30, cn), /values of the attribute .* is missing/],
    ['an Attribute with an empty values SET', attribute(cn), /has no values/],
    ['values a SEQUENCE, not a SET', tlv(0x30, bytes(cn, tlv(0x30, utf8('A')))), /must be SET/],
    [
      'a type that is not an OID',
      tlv(0x30, bytes([0x02, 0x01, 0x01], tlv(0x31, utf8('A')))),
      /must be OBJECT IDENTIFIER/,
    ],
    [
      'a malformed type OID (leading 0x80)',
      attribute([0x06, 0x02, 0x80, 0x01], utf8('A')),
      /malformed OBJECT IDENTIFIER/,
    ],
    ['a truncated type OID', attribute([0x06, 0x02, 0x55, 0x84], utf8('A')), /malformed OBJECT IDENTIFIER/],
    ['a malformed OID among the values', attribute(cn, tlv(0x06, [0x2a, 0xff])), /malformed OBJECT IDENTIFIER/],
    ['a non-minimal length in a value', attribute(cn, tlv(0x0c, [0x41], [0x81, 0x01])), /long form/],
    ['a length with a leading zero in a value', attribute(cn, tlv(0x0c, [0x41], [0x82, 0x00, 0x01])), /leading zero/],
    [
      'an indefinite length in a value',
      attribute(cn, bytes([0x30, 0x80, 0x05, 0x00, 0x00, 0x00])),
      /indefinite length/,
    ],
    ['a value with the reserved tag 0', attribute(cn, bytes([0x00, 0x00])), /reserved universal tag 0/],
    ['a value whose length runs past the SET', attribute(cn, bytes([0x0c, 0x05, 0x41])), /claims 5 bytes/],
    ['a constructed OCTET STRING value', attribute(cn, tlv(0x24, tlv(0x04, [1]))), /constructed OCTET STRING/],
    ['a primitive SEQUENCE value', attribute(cn, tlv(0x10, [])), /primitive SEQUENCE or SET/],
    [
      'a tag number below 31 in the long form',
      attribute(cn, bytes([0x9f, 0x05, 0x00])),
      /tag number 5 in the long form/,
    ],
    ['a tag number with a leading zero', attribute(cn, bytes([0x9f, 0x80, 0x7f, 0x00])), /leading zero/],
    ['a truncated tag', attribute(cn, bytes([0x9f, 0x81])), /truncated tag/],
    ['a BOOLEAN that is not 00 or ff', attribute(cn, bytes([0x01, 0x01, 0x01])), /BOOLEAN/],
    ['an INTEGER not in its shortest form', attribute(cn, bytes([0x02, 0x02, 0x00, 0x01])), /INTEGER/],
    ['an empty INTEGER', attribute(cn, bytes([0x02, 0x00])), /INTEGER/],
    ['a NULL with contents', attribute(cn, bytes([0x05, 0x01, 0x00])), /NULL/],
    ['a BIT STRING with non-zero unused bits', attribute(cn, bytes([0x03, 0x02, 0x04, 0xf1])), /BIT STRING/],
    [
      'two attributes out of DER order',
      bytes(attribute([0x06, 0x03, 0x55, 0x04, 0x04], utf8('B')), attribute(cn, utf8('A'))),
      /out of order/,
    ],
    ['two values out of DER order', attribute(cn, utf8('B'), utf8('A')), /not in ascending order/],
    ['bytes after the values', tlv(0x30, bytes(cn, tlv(0x31, utf8('A')), [0x05, 0x00])), /unexpected bytes/],
    [
      'values nested 40 levels deep',
      attribute(
        cn,
        Array.from({ length: 40 }).reduce<Uint8Array>((inner) => tlv(0x30, inner), tlv(0x05, [])),
      ),
      /nested more than 16 levels/,
    ],
  ];
  for (const [name, contents, message] of malformed) {
    it(`refuses ${name}: ERR_INVALID_KEY_ENCODING`, () => {
      expectError(() => decodePkcs8(withAttributes(contents)), 'ERR_INVALID_KEY_ENCODING', name, message);
    });
  }

  it('a megabyte of nested SEQUENCEs is refused without exhausting the stack', () => {
    const levels = 200_000; // 5 bytes each: 30 83 LL LL LL, around a NULL
    const deep = new Uint8Array(levels * 5 + 2);
    for (let i = 0; i < levels; i++) {
      const n = (levels - i - 1) * 5 + 2;
      deep.set([0x30, 0x83, n >> 16, (n >> 8) & 0xff, n & 0xff], i * 5);
    }
    deep.set([0x05, 0x00], levels * 5);
    expectError(
      () => decodePkcs8(withAttributes(attribute(cn, deep))),
      'ERR_INVALID_KEY_ENCODING',
      'deep',
      /nested more than 16 levels/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Expanded keys. dk = ByteEncode12(ŝ) ‖ ek ‖ H(ek) ‖ z (FIPS 203, Algorithm 16).

describe('expanded private keys with a tampered or non-canonical ŝ are refused', () => {
  const expanded = (alg: MlKemAlgorithm, dk: Uint8Array) =>
    encodePkcs8({ algorithm: alg, secretKey: dk }, { form: 'expanded' });
  /** The expanded PKCS#8 of dk, bypassing the encoder's own checks (for keys it would refuse). */
  const rawExpanded = (alg: MlKemAlgorithm, dk: Uint8Array) =>
    tlv(0x30, bytes([0x02, 0x01, 0x00], algId(alg), tlv(0x04, tlv(0x04, dk))));

  for (const alg of LEVELS) {
    const kem = kemFor(alg);
    const k = (kem.sizes.secretKey - 96) / 768;
    const pair = kem.keygen();

    it(`${alg}: the untouched expanded key decodes, with and without the pairwise check`, () => {
      assert.ok(equalBytes(decodePkcs8(expanded(alg, pair.secretKey)).secretKey, pair.secretKey));
      assert.ok(
        equalBytes(decodePkcs8(expanded(alg, pair.secretKey), { pairwiseCheck: false }).secretKey, pair.secretKey),
      );
    });

    it(`${alg}: a flipped bit in ŝ is refused by default (pairwise check); accepted only with pairwiseCheck: false`, () => {
      const dk = pair.secretKey.slice();
      let i = 0;
      while (getCoeff(dk, i) >= 3328) i++; // flip bit 0 of a coefficient that stays below q
      setCoeff(dk, i, getCoeff(dk, i) ^ 1);
      const der = rawExpanded(alg, dk);
      expectError(() => decodePkcs8(der), 'ERR_INVALID_SECRET_KEY', 'flipped bit', /pairwise-consistency/);
      assert.ok(equalBytes(decodePkcs8(der, { pairwiseCheck: false }).secretKey, dk), 'the documented opt-out');
      // The encoder does not write what the decoder refuses, with the same opt-out.
      expectError(
        () => encodePkcs8({ secretKey: dk }),
        'ERR_INVALID_SECRET_KEY',
        'encodePkcs8 of it',
        /pairwise-consistency/,
      );
      assert.ok(
        equalBytes(encodePkcs8({ secretKey: dk }, { pairwiseCheck: false }), der),
        'encodePkcs8 with pairwiseCheck: false',
      );
      expectError(
        () => encodePkcs8({ secretKey: dk }, { pairwiseCheck: 1 as never }),
        'ERR_INVALID_TYPE',
        'pairwiseCheck 1',
        /pairwiseCheck must be a boolean/,
      );
    });

    it(`${alg}: another key's ek with its hash recomputed is refused by default`, () => {
      const other = kem.keygen();
      const dk = pair.secretKey.slice();
      dk.set(other.publicKey, 384 * k);
      dk.set(createHash('sha3-256').update(other.publicKey).digest(), 384 * k + kem.sizes.publicKey);
      expectError(
        () => decodePkcs8(rawExpanded(alg, dk)),
        'ERR_INVALID_SECRET_KEY',
        'swapped ek',
        /pairwise-consistency/,
      );
    });

    for (const [where, index] of [
      ['the first', 0],
      ['the last', 256 * k - 1],
    ] as const) {
      it(`${alg}: ${where} coefficient of ŝ at or above q is refused always, also with pairwiseCheck: false`, () => {
        for (const value of [3329, 4095]) {
          const dk = pair.secretKey.slice();
          setCoeff(dk, index, value);
          for (const options of [undefined, { pairwiseCheck: false }, { pairwiseCheck: true }]) {
            expectError(
              () => decodePkcs8(rawExpanded(alg, dk), options),
              'ERR_INVALID_SECRET_KEY',
              `ŝ[${index}] = ${value}`,
              /secret vector ŝ has a 12-bit coefficient that is not below q/,
            );
          }
          expectError(
            () => encodePkcs8({ secretKey: dk }),
            'ERR_INVALID_SECRET_KEY',
            'encodePkcs8 of it',
            /secret vector/,
          );
        }
      });
    }

    it(`${alg}: a coefficient c stored as c + q (same key, another encoding) is refused, also with pairwiseCheck: true`, () => {
      const dk = pair.secretKey.slice();
      let i = 0;
      while (getCoeff(dk, i) + 3329 > 4095) i++;
      setCoeff(dk, i, getCoeff(dk, i) + 3329);
      for (const options of [undefined, { pairwiseCheck: true }, { pairwiseCheck: false }]) {
        expectError(
          () => decodePkcs8(rawExpanded(alg, dk), options),
          'ERR_INVALID_SECRET_KEY',
          'c + q',
          /secret vector/,
        );
      }
      // In the 'both' form it never matches its seed's expansion.
      const both = tlv(
        0x30,
        bytes([0x02, 0x01, 0x00], algId(alg), tlv(0x04, tlv(0x30, bytes(tlv(0x04, pair.seed), tlv(0x04, dk))))),
      );
      expectError(() => decodePkcs8(both), 'ERR_INVALID_SECRET_KEY', 'both with c + q', /disagree/);
      // Encoders' parts: an expanded secretKey alone, or with its seed.
      expectError(
        () => encodePkcs8({ secretKey: dk }),
        'ERR_INVALID_SECRET_KEY',
        'encoder, secretKey alone',
        /secret vector/,
      );
      expectError(
        () => encodePkcs8({ seed: pair.seed, secretKey: dk }),
        'ERR_INVALID_SECRET_KEY',
        'encoder, with the seed',
        /not the same/,
      );
    });
  }
});
