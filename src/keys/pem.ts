// PEM, the textual encoding of RFC 7468, for "PUBLIC KEY" (SubjectPublicKeyInfo, §13) and
// "PRIVATE KEY" (OneAsymmetricKey, §10). Written in the strict form of §3 (64-character lines,
// LF); read tolerantly where RFC 7468 asks parsers to be (text around the block, CRLF or CR line
// ends, trailing blanks, any line length) and strictly elsewhere: matching labels, no headers, no
// blank lines inside, canonical base64.
import { MlKemError } from '../errors.js';
import { describe, takeUint8Array } from '../args.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import type { PemLabel } from './types.js';
import { wipe } from '../ct.js';

const LABELS: readonly PemLabel[] = ['PUBLIC KEY', 'PRIVATE KEY'];

const fail = (message: string): never => {
  throw new MlKemError('ERR_INVALID_KEY_ENCODING', `PEM: ${message}`);
};

function checkLabel(label: unknown, what: string): asserts label is PemLabel {
  if (!LABELS.includes(label as PemLabel)) {
    throw new MlKemError(
      'ERR_INVALID_TYPE',
      `${what} must be 'PUBLIC KEY' or 'PRIVATE KEY', got ${typeof label === 'string' ? `'${label}'` : describe(label)}`,
    );
  }
}

/** PEM text of DER bytes under `label` (RFC 7468, §2 and §3), ending with a newline. */
export function toPem(der: Uint8Array, label: PemLabel): string {
  const bytes = takeUint8Array(der, 'toPem der');
  let body: string;
  try {
    checkLabel(label, 'toPem label');
    body = encodeBase64(bytes);
  } finally {
    wipe(bytes); // it may be a private key
  }
  let text = `-----BEGIN ${label}-----\n`;
  for (let i = 0; i < body.length; i += 64) text += `${body.slice(i, i + 64)}\n`;
  return `${text}-----END ${label}-----\n`;
}

const BOUNDARY = /^-----(BEGIN|END) (.*?)-----[ \t]*$/;

/**
 * The DER bytes of the first PEM block labelled `label` (or, without `label`, of the first
 * block labelled 'PUBLIC KEY' or 'PRIVATE KEY'), skipping text and other blocks around it.
 * Returns the label found with the bytes.
 */
export function fromPem(text: string, label?: PemLabel): { label: PemLabel; der: Uint8Array } {
  if (typeof text !== 'string') throw new MlKemError('ERR_INVALID_TYPE', `fromPem text must be a string, got ${describe(text)}`);
  if (label !== undefined) checkLabel(label, 'fromPem label');
  const wanted = label === undefined ? LABELS : [label];
  // Line ends are public layout; splitting on them reveals nothing of the base64 between them.
  const lines = text.split(/\r\n|\r|\n/);
  const seen: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const begin = BOUNDARY.exec(lines[i]!);
    if (begin === null || begin[1] !== 'BEGIN') continue;
    const found = begin[2]!;
    let end = i + 1; // the next boundary line, or -1 (a scan from i, so that n blocks take linear time)
    while (end < lines.length && !lines[end]!.startsWith('-----')) end++;
    if (end === lines.length) end = -1;
    if (end === -1 || BOUNDARY.exec(lines[end]!)?.[1] !== 'END') {
      fail(`the '-----BEGIN ${found}-----' on line ${i + 1} has no matching '-----END ${found}-----' line`);
    }
    const endLabel = BOUNDARY.exec(lines[end]!)![2]!;
    if (endLabel !== found) fail(`'-----BEGIN ${found}-----' on line ${i + 1} is closed by '-----END ${endLabel}-----' on line ${end + 1}`);
    if (!wanted.includes(found as PemLabel)) {
      seen.push(found);
      i = end;
      continue;
    }
    let body = '';
    for (let j = i + 1; j < end; j++) {
      const line = lines[j]!.replace(/[ \t]+$/, '');
      if (line.length === 0) fail(`blank line ${j + 1} inside the ${found} block`);
      if (line.includes(':')) fail(`line ${j + 1} of the ${found} block is a header ('${line.slice(0, line.indexOf(':'))}:'); encrypted or RFC 1421 PEM is not supported`);
      body += line;
    }
    if (body.length === 0) fail(`the ${found} block on line ${i + 1} is empty`);
    return { label: found as PemLabel, der: decodeBase64(body, `PEM: the ${found} block`) };
  }
  const want = wanted.map((l) => `'-----BEGIN ${l}-----'`).join(' or ');
  return fail(`no ${want} line found${seen.length > 0 ? ` (found ${seen.map((l) => `'${l}'`).join(', ')})` : ''}`);
}
