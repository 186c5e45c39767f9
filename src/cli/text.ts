// A key as text, in the layout of OpenSSL 3.5's `-text` (ossl_ml_kem_key_to_text): a title line,
// then each part under its label as lowercase hex bytes joined by ':', 15 to a line, indented by
// four spaces. A private key shows its seed (when known), dk and ek; a public key only ek.
import type { MlKemAlgorithm } from '../keys/index.js';

const WIDTH = 15;

/** One labelled part: "label:\n    xx:xx:…:xx:\n    …:xx\n". */
function labelled(label: string, bytes: Uint8Array): string {
  const rows: string[] = [];
  for (let at = 0; at < bytes.length; at += WIDTH) {
    const row: string[] = [];
    for (const b of bytes.subarray(at, at + WIDTH)) row.push(b.toString(16).padStart(2, '0'));
    rows.push(`    ${row.join(':')}${at + WIDTH < bytes.length ? ':' : ''}`);
  }
  return `${label}:\n${rows.join('\n')}\n`;
}

/** The text of a key; `secretKey` and `seed` are shown only for a private key. */
export function keyText(
  algorithm: MlKemAlgorithm,
  key: { seed?: Uint8Array | undefined; secretKey?: Uint8Array | undefined; publicKey: Uint8Array },
): string {
  if (key.secretKey === undefined) return `${algorithm} Public-Key:\n${labelled('ek', key.publicKey)}`;
  return `${algorithm} Private-Key:\n${key.seed !== undefined ? labelled('seed', key.seed) : ''}${labelled('dk', key.secretKey)}${labelled('ek', key.publicKey)}`;
}
