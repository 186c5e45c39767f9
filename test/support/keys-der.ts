// Hand-built DER for the mlkem-ts/keys tests: written here, not with src/keys/der.ts, so that the
// tests do not lean on the code under test.
import type { MlKemAlgorithm } from '../../src/keys/index.js';
import { LEVELS } from './api.js';

/** The concatenation of byte arrays and byte lists. */
export const bytes = (...parts: Array<Uint8Array | number[]>): Uint8Array =>
  Uint8Array.from(Buffer.concat(parts.map((p) => Uint8Array.from(p))));

/** A DER element; `len` overrides the length bytes to build malformed input. */
export function tlv(tag: number, content: Uint8Array | number[], len?: number[]): Uint8Array {
  const n = content.length;
  const l =
    len ??
    (n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return bytes([tag, ...l], content);
}

/** The OBJECT IDENTIFIER element of an ML-KEM parameter set (RFC 9935, §3). */
export const OID = (alg: MlKemAlgorithm): number[] => [
  0x06,
  0x09,
  0x60,
  0x86,
  0x48,
  0x01,
  0x65,
  0x03,
  0x04,
  0x04,
  LEVELS.indexOf(alg) + 1,
];

/** The AlgorithmIdentifier of a parameter set, with `extra` elements to build malformed ones. */
export const algId = (alg: MlKemAlgorithm, ...extra: number[][]): Uint8Array => tlv(0x30, bytes(OID(alg), ...extra));
