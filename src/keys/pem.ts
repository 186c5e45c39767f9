import { describe, takeUint8Array } from '../args.js';
import { type ByteArray, decodeBase64, encodeBase64 } from '../bytes.js';
import { wipe, wipedAfter } from '../ct.js';
// PEM, the textual encoding of RFC 7468, for "PUBLIC KEY" (SubjectPublicKeyInfo, §13) and
// "PRIVATE KEY" (OneAsymmetricKey, §10). Written in the strict form of §3 (64-character lines,
// LF). Read tolerantly where RFC 7468 asks parsers to be (text around the block, CRLF or CR line
// ends, trailing blanks, any line length), and strictly elsewhere: matching labels, no headers,
// no blank lines inside, canonical base64.
import { MlKemError } from '../errors.js';
import type { PemLabel } from './types.js';

const LABELS: readonly PemLabel[] = ['PUBLIC KEY', 'PRIVATE KEY'];

function fail(message: string): never {
  throw new MlKemError('ERR_INVALID_KEY_ENCODING', `PEM: ${message}`);
}

function checkLabel(label: unknown, what: string): asserts label is PemLabel {
  if (!LABELS.includes(label as PemLabel)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} must be 'PUBLIC KEY' or 'PRIVATE KEY', got ${typeof label === 'string' ? `'${label}'` : describe(label)}`,
    );
  }
}

/**
 * PEM text of DER bytes under `label` (RFC 7468, §2 and §3), ending with a newline.
 * @param der - the DER bytes (from encodeSpki or encodePkcs8).
 * @param label - 'PUBLIC KEY' or 'PRIVATE KEY'.
 * @returns the PEM text, in 64-character lines.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (der not a Uint8Array, another label).
 */
export function toPem(der: Uint8Array, label: PemLabel): string {
  // Our copy of der, wiped: it may be a private key.
  const body = wipedAfter(takeUint8Array(der, 'toPem der'), (bytes) => {
    checkLabel(label, 'toPem label');
    return encodeBase64(bytes);
  });
  let text = `-----BEGIN ${label}-----\n`;
  for (let i = 0; i < body.length; i += 64) text += `${body.slice(i, i + 64)}\n`;
  return `${text}-----END ${label}-----\n`;
}

const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';

/** Whether a character code is a blank that RFC 7468, §3 lets a line end with (WSP: space or tab). */
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

/** The end of `line` without its trailing blanks: one backward scan, so linear in the line. */
function trimmedEnd(line: string): number {
  let end = line.length;
  while (end > 0 && isBlank(line.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * The lines of `text`, split at CRLF, CR or LF, in one forward scan.
 * Note: no regular expressions anywhere in this parser; every step is a single pass over its
 * input, so the whole parse is linear in the length of the text (a backtracking trailing-blank
 * pattern would take quadratic time on a long run of blanks).
 */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x0a && code !== 0x0d) continue;
    lines.push(text.slice(start, i));
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/**
 * A boundary line `-----BEGIN label-----` or `-----END label-----` (RFC 7468, §2), trailing blanks
 * allowed; null for any other line. The label is everything between the prefix and the last
 * `-----`, as a lazy match to the end of the line would take it.
 */
function boundary(line: string): { kind: 'BEGIN' | 'END'; label: string } | null {
  const kind = line.startsWith(BEGIN) ? 'BEGIN' : line.startsWith(END) ? 'END' : null;
  if (kind === null) return null;
  const from = kind === 'BEGIN' ? BEGIN.length : END.length;
  const end = trimmedEnd(line);
  if (end - from < DASHES.length || !line.startsWith(DASHES, end - DASHES.length)) return null;
  return { kind, label: line.slice(from, end - DASHES.length) };
}

/** A label or line for a message: at most 40 characters of it. */
const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * The DER bytes of the first PEM block labelled `label` (or, without `label`, of the first
 * block labelled 'PUBLIC KEY' or 'PRIVATE KEY'), skipping text and other blocks around it.
 * Returns the label found with the bytes. Linear time in the length of `text`.
 * @param text - the PEM text.
 * @param label - the label wanted: 'PUBLIC KEY' or 'PRIVATE KEY' (default: either).
 * @returns the label found and the DER bytes of its block.
 * @throws {MlKemError} `ERR_INVALID_TYPE` (text not a string, another label),
 *   `ERR_INVALID_KEY_ENCODING` (no such block, mismatched armour, headers, bad base64).
 */
export function fromPem(
  text: string,
  label?: PemLabel,
): {
  /** The label of the block found. */
  label: PemLabel;
  /** The DER bytes of the block. */
  der: ByteArray;
} {
  if (typeof text !== 'string')
    throw new MlKemError('ERR_INVALID_TYPE', `fromPem text must be a string, got ${describe(text)}`);
  if (label !== undefined) checkLabel(label, 'fromPem label');
  const wanted = label === undefined ? LABELS : [label];
  // Line ends are public layout; splitting on them reveals nothing of the base64 between them.
  const lines = splitLines(text);
  const seen = new Set<string>(); // other labels, for the message (a few suffice)
  for (let i = 0; i < lines.length; i++) {
    const begin = boundary(lines[i]!);
    if (begin === null || begin.kind !== 'BEGIN') continue;
    const found = begin.label;
    let end = i + 1; // the next boundary line (a scan from i, so that n blocks take linear time)
    while (end < lines.length && !lines[end]!.startsWith(DASHES)) end++;
    const close = end < lines.length ? boundary(lines[end]!) : null;
    if (close === null || close.kind !== 'END') {
      fail(`the '-----BEGIN ${clip(found)}-----' on line ${i + 1} has no matching '-----END ${clip(found)}-----' line`);
    }
    if (close.label !== found) {
      fail(
        `'-----BEGIN ${clip(found)}-----' on line ${i + 1} is closed by '-----END ${clip(close.label)}-----' on line ${end + 1}`,
      );
    }
    if (!wanted.includes(found as PemLabel)) {
      if (seen.size < 5) seen.add(clip(found));
      i = end;
      continue;
    }
    let body = '';
    for (let j = i + 1; j < end; j++) {
      const raw = lines[j]!;
      const line = raw.slice(0, trimmedEnd(raw));
      if (line.length === 0) fail(`blank line ${j + 1} inside the ${found} block`);
      const colon = line.indexOf(':');
      if (colon !== -1) {
        // A private block's lines are never quoted: they may be the key.
        const shown = found === 'PRIVATE KEY' ? 'a line with a colon' : `'${clip(line.slice(0, colon))}:'`;
        fail(`line ${j + 1} of the ${found} block is a header (${shown}); encrypted or RFC 1421 PEM is not supported`);
      }
      body += line;
    }
    if (body.length === 0) fail(`the ${found} block on line ${i + 1} is empty`);
    return { label: found as PemLabel, der: decodeBase64(body, `PEM: the ${found} block`, found === 'PRIVATE KEY') };
  }
  const want = wanted.map((l) => `'-----BEGIN ${l}-----'`).join(' or ');
  return fail(`no ${want} line found${seen.size > 0 ? ` (found ${[...seen].map((l) => `'${l}'`).join(', ')})` : ''}`);
}

/**
 * A private copy of the DER argument `der` of `fn` (decodePkcs8, decodeSpki), refusing the two
 * likely mistakes by name: PEM text given as a string, and the bytes of a PEM file (which open
 * with '-----BEGIN', where DER opens with a SEQUENCE). `loader` is the one-call alternative.
 */
export function takeDer(der: unknown, fn: string, loader: string): ByteArray {
  if (typeof der === 'string') {
    const pem = der.includes(BEGIN);
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${fn} der must be a Uint8Array of DER, got a string${pem ? `: for PEM text, pass fromPem(text).der, or load the key in one call with ${loader}(text)` : ''}`,
    );
  }
  const bytes = takeUint8Array(der, `${fn} der`);
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i]! >= 0x09 && bytes[i]! <= 0x0d))) i++;
  if (bytes[i] === 0x2d && bytes[i + 1] === 0x2d) {
    wipe(bytes);
    throw new MlKemError(
      'ERR_INVALID_KEY_ENCODING',
      `${fn} der holds PEM text ('${BEGIN}…'), not DER: for the bytes of a PEM file, pass fromPem(new TextDecoder().decode(bytes)).der, or load the key in one call with ${loader}(bytes)`,
    );
  }
  return bytes;
}
