// The byte forms the curves' implementations share: hex for the self-tests' known answers, the
// DER of a private scalar that node:crypto (native.ts) and Web Crypto (webcrypto-curves.ts) import,
// and the copy of a secret they return. Only the framing passes through plain arrays: a scalar is
// copied once, into the result, which the caller wipes.
import { concat } from '../../bytes.js';

export const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16));

export const toHex = (a: Uint8Array): string => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');

/** The bytes of hex as a view at offset 1 of a larger buffer, as the hybrids pass their inputs. */
export const offsetView = (hex: string): Uint8Array => fromHex(`00${hex}00`).subarray(1, 1 + (hex.length >> 1));

/** PKCS#8 of a scalar behind its fixed prefix (RFC 8410, §7), for the OKP curves. */
export const prefixedPkcs8 = (prefix: string, k: Uint8Array): Uint8Array => concat(fromHex(prefix), k);

/** A DER TLV (X.690, §8.1) of tag and contents shorter than 256 bytes, for public framing. */
export const tlv = (tag: number, contents: readonly number[]): number[] => [
  tag,
  ...(contents.length < 0x80 ? [contents.length] : [0x81, contents.length]),
  ...contents,
];

/** id-ecPublicKey and the curve's named-curve OID (RFC 5480, §2.1.1). */
export const ecAlgorithm = (oid: Uint8Array): number[] =>
  tlv(0x30, [...tlv(0x06, [...fromHex('2a8648ce3d0201')]), ...tlv(0x06, [...oid])]);

/** [1] publicKey of an ECPrivateKey: the uncompressed point q as a BIT STRING. */
export const ecPublicPart = (q: Uint8Array): number[] => tlv(0xa1, tlv(0x03, [0x00, ...q]));

/**
 * An ECPrivateKey (RFC 5915, §3) of d followed by its optional fields `tail`, inside the public
 * framing `wrap` (none, or PKCS#8's). d is copied once, into the result, which the caller wipes.
 */
export function ecPrivateKey(
  d: Uint8Array,
  tail: readonly number[],
  wrap = (ec: number[]): number[] => ec,
): Uint8Array {
  const der = Uint8Array.from(
    wrap(tlv(0x30, [0x02, 0x01, 0x01, ...tlv(0x04, Array<number>(d.length).fill(0)), ...tail])),
  );
  der.set(d, der.length - tail.length - d.length); // the framing after d is the tail alone
  return der;
}

/** A fresh plain Uint8Array copy of a secret a platform returned (which may be its own state), which is then wiped. */
export function takeSecret(buffer: Uint8Array): Uint8Array {
  const out = new Uint8Array(buffer);
  buffer.fill(0);
  return out;
}
