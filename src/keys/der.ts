import { type ByteArray, isUint8Array } from '../bytes.js';
// A minimal strict DER (X.690) reader and writer: only what SubjectPublicKeyInfo (RFC 5280) and
// OneAsymmetricKey (RFC 5958) need for ML-KEM keys (RFC 9935). Single-byte tags, definite
// minimal lengths, and nothing left over: anything else is refused with ERR_INVALID_KEY_ENCODING
// and a message that says what was wrong and at which byte.
import { MlKemError } from '../errors.js';

export const TAG_INTEGER = 0x02;
export const TAG_BIT_STRING = 0x03;
export const TAG_OCTET_STRING = 0x04;
export const TAG_NULL = 0x05;
export const TAG_OID = 0x06;
export const TAG_SEQUENCE = 0x30;
export const TAG_SET = 0x31;
/** [0] IMPLICIT, primitive: the ML-KEM seed (RFC 9935, §6). */
export const TAG_CONTEXT_0 = 0x80;
/** [1] IMPLICIT BIT STRING, primitive: OneAsymmetricKey publicKey (RFC 5958, §2). */
export const TAG_CONTEXT_1 = 0x81;
/** [0] IMPLICIT SET OF, constructed: OneAsymmetricKey attributes (RFC 5958, §2). */
export const TAG_CONTEXT_0_CONSTRUCTED = 0xa0;

const TAG_NAMES: Readonly<Record<number, string>> = {
  [TAG_INTEGER]: 'INTEGER',
  [TAG_BIT_STRING]: 'BIT STRING',
  [TAG_OCTET_STRING]: 'OCTET STRING',
  [TAG_NULL]: 'NULL',
  [TAG_OID]: 'OBJECT IDENTIFIER',
  [TAG_SEQUENCE]: 'SEQUENCE',
  [TAG_SET]: 'SET',
  [TAG_CONTEXT_0]: '[0] (primitive)',
  [TAG_CONTEXT_1]: '[1] (primitive)',
  [TAG_CONTEXT_0_CONSTRUCTED]: '[0] (constructed)',
};

const hex2 = (b: number): string => `0x${b.toString(16).padStart(2, '0')}`;

/** Names a tag for messages: "SEQUENCE (0x30)". */
export function tagName(tag: number): string {
  const name = TAG_NAMES[tag];
  return name === undefined ? `tag ${hex2(tag)}` : `${name} (${hex2(tag)})`;
}

/** The dotted form of OBJECT IDENTIFIER contents (X.690, §8.19), for messages; '?' if malformed. */
export function oidToString(contents: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (let i = 0; i < contents.length; i++) {
    const b = contents[i]!;
    if (value === 0 && b === 0x80) return '?'; // non-minimal subidentifier
    value = value * 128 + (b & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) return '?';
    if ((b & 0x80) === 0) {
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  if (contents.length === 0 || (contents[contents.length - 1]! & 0x80) !== 0) return '?';
  return arcs.join('.');
}

/**
 * OBJECT IDENTIFIER contents (X.690, §8.19) of a dotted OID of the registry: arcs in base 128,
 * the first two as 40·a + b; every arc below 2^31.
 */
export function oidFromString(dotted: string): ByteArray {
  const arcs = dotted.split('.').map(Number);
  const out: number[] = [];
  for (const arc of [arcs[0]! * 40 + arcs[1]!, ...arcs.slice(2)]) {
    const groups = [arc & 0x7f];
    for (let v = arc >>> 7; v > 0; v >>>= 7) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return Uint8Array.from(out);
}

/**
 * The DER order of the components of a SET (X.690, §11.6): encodings compared as octet strings,
 * the shorter padded with zero bytes at its end. Negative, zero or positive.
 */
export function compareEncodings(a: Uint8Array, b: Uint8Array): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Reads DER elements from bytes[start, end), one after another. Never copies: returns views. */
export class DerReader {
  private pos: number;

  /** `what` names the whole structure in messages ("SubjectPublicKeyInfo"). */
  constructor(
    private readonly bytes: ByteArray,
    private readonly what: string,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  fail(message: string): never {
    throw new MlKemError('ERR_INVALID_KEY_ENCODING', `${this.what}: ${message}`);
  }

  /** The tag of the next element, or -1 at the end. */
  peek(): number {
    return this.pos < this.end ? this.bytes[this.pos]! : -1;
  }

  /** The unread bytes (a view). */
  rest(): ByteArray {
    return this.bytes.subarray(this.pos, this.end);
  }

  /** The offset of the next byte in the outermost input, for messages. */
  get offset(): number {
    return this.pos;
  }

  /** Reads the next element, which must have tag `tag`, and returns a reader over its contents. */
  element(tag: number, name: string): DerReader {
    const at = this.pos;
    if (at >= this.end) this.fail(`${name} is missing: the data ends at byte ${at}`);
    const found = this.bytes[at]!;
    if (found !== tag) this.fail(`${name} must be ${tagName(tag)}, found ${tagName(found)} at byte ${at}`);
    return this.lengthAndContents(at, at + 1, name);
  }

  /**
   * Reads the length octets at `p` of the element whose identifier starts at `at` (X.690, §8.1.3
   * with the DER rules of §10.1: definite and in the fewest bytes), moves past the element and
   * returns a reader over its contents.
   */
  private lengthAndContents(at: number, p: number, name: string): DerReader {
    if (p >= this.end) this.fail(`${name} at byte ${at} has no length: the data ends there`);
    const first = this.bytes[p++]!;
    let length = first;
    if (first === 0x80) this.fail(`${name} at byte ${at} has an indefinite length, which DER forbids (X.690, §10.1)`);
    if (first > 0x80) {
      const n = first & 0x7f;
      if (n > 3) this.fail(`${name} at byte ${at} has a ${n}-byte length field, larger than any ML-KEM key needs`);
      if (p + n > this.end) this.fail(`${name} at byte ${at} has a truncated length field`);
      if (this.bytes[p] === 0)
        this.fail(`${name} at byte ${at} has a length with a leading zero byte, which DER forbids (X.690, §10.1)`);
      length = 0;
      for (let i = 0; i < n; i++) length = length * 256 + this.bytes[p++]!;
      if (length < 0x80)
        this.fail(`${name} at byte ${at} has its length ${length} in the long form, which DER forbids (X.690, §10.1)`);
    }
    if (length > this.end - p) {
      this.fail(`${name} at byte ${at} claims ${length} bytes of contents but only ${this.end - p} remain`);
    }
    this.pos = p + length;
    return new DerReader(this.bytes, this.what, p, p + length);
  }

  /**
   * Reads one element of any type (an ASN.1 ANY, such as an attribute value, kept uninterpreted)
   * and checks that it is DER throughout: identifier octets in their shortest form (X.690, §8.1.2),
   * definite minimal lengths (§10.1), constructed forms only for SEQUENCE and SET (§10.2), the
   * components of a SET in ascending order (§11.6), and the contents of BOOLEAN (§11.1),
   * INTEGER (§8.3.2), NULL (§8.8), BIT STRING (§11.2) and OBJECT IDENTIFIER (§8.19).
   * Returns the element's whole encoding (a view). Nesting deeper than 16 levels is refused, so a
   * hostile input cannot exhaust the stack; every byte is read a bounded number of times.
   */
  anyElement(name: string, depth = 0): ByteArray {
    const at = this.pos;
    if (at >= this.end) this.fail(`${name} is missing: the data ends at byte ${at}`);
    if (depth > 16) this.fail(`${name} at byte ${at} is nested more than 16 levels deep`);
    const id = this.bytes[at]!;
    const universal = (id & 0xc0) === 0;
    const constructed = (id & 0x20) !== 0;
    let tagNumber = id & 0x1f;
    let p = at + 1;
    if (tagNumber === 0x1f) {
      // High tag number form (§8.1.2.4): base 128, no leading 0x80, and only for numbers >= 31.
      if (p < this.end && this.bytes[p] === 0x80)
        this.fail(`${name} at byte ${at} has a tag number with a leading zero (X.690, §8.1.2.4.2)`);
      tagNumber = 0;
      for (let n = 0; ; n++) {
        if (p >= this.end) this.fail(`${name} at byte ${at} has a truncated tag`);
        if (n === 3) this.fail(`${name} at byte ${at} has a tag number of more than 3 bytes`);
        const b = this.bytes[p++]!;
        tagNumber = tagNumber * 128 + (b & 0x7f);
        if ((b & 0x80) === 0) break;
      }
      if (tagNumber < 0x1f)
        this.fail(
          `${name} at byte ${at} has tag number ${tagNumber} in the long form, which DER forbids (X.690, §8.1.2.4)`,
        );
    }
    if (universal && tagNumber === 0)
      this.fail(`${name} at byte ${at} has the reserved universal tag 0 (end-of-contents), which DER never uses`);
    const isSequenceOrSet = universal && (tagNumber === 0x10 || tagNumber === 0x11);
    if (universal && constructed !== isSequenceOrSet) {
      this.fail(
        isSequenceOrSet
          ? `${name} at byte ${at} is a primitive SEQUENCE or SET, which must be constructed (X.690, §8.9)`
          : `${name} at byte ${at} is a constructed ${tagName(id & 0xdf)}, which DER forbids (X.690, §10.2)`,
      );
    }
    const inner = this.lengthAndContents(at, p, name);
    const c = inner.rest();
    if (constructed) {
      let previous: Uint8Array | undefined;
      while (inner.peek() !== -1) {
        const component = inner.anyElement(name, depth + 1);
        if (universal && tagNumber === 0x11 && previous !== undefined && compareEncodings(previous, component) > 0) {
          this.fail(
            `${name}: the components of the SET at byte ${at} are not in ascending order, which DER requires (X.690, §11.6)`,
          );
        }
        previous = component;
      }
    } else if (universal) {
      this.checkPrimitive(tagNumber, c, `${name} at byte ${at}`);
    }
    return this.bytes.subarray(at, this.pos);
  }

  /** The DER rules for the contents of the universal primitive types that have them. */
  private checkPrimitive(tagNumber: number, c: Uint8Array, name: string): void {
    if (tagNumber === 1 && (c.length !== 1 || (c[0] !== 0 && c[0] !== 0xff))) {
      this.fail(`${name} is a BOOLEAN that is not one byte 0x00 or 0xff (X.690, §11.1)`);
    }
    if (
      tagNumber === 2 &&
      (c.length === 0 || (c.length > 1 && ((c[0] === 0 && c[1]! < 0x80) || (c[0] === 0xff && c[1]! >= 0x80))))
    ) {
      this.fail(`${name} is an INTEGER that is empty or not in its shortest form (X.690, §8.3)`);
    }
    if (
      tagNumber === 3 &&
      (c.length === 0 ||
        c[0]! > 7 ||
        (c.length === 1 && c[0] !== 0) ||
        (c.length > 1 && (c[c.length - 1]! & ((1 << c[0]!) - 1)) !== 0))
    ) {
      this.fail(`${name} is a BIT STRING with a bad unused-bits count or non-zero unused bits (X.690, §8.6.2, §11.2)`);
    }
    if (tagNumber === 5 && c.length !== 0) this.fail(`${name} is a NULL with contents (X.690, §8.8)`);
    if (tagNumber === 6 && (c.length === 0 || oidToString(c) === '?'))
      this.fail(`${name} is a malformed OBJECT IDENTIFIER (X.690, §8.19)`);
  }

  /** Reads an element and returns its contents (a view). */
  contents(tag: number, name: string): ByteArray {
    return this.element(tag, name).rest();
  }

  /** Refuses anything left after the last expected element. */
  finish(name: string): void {
    if (this.pos !== this.end) {
      const n = this.end - this.pos;
      this.fail(`${n} unexpected byte${n === 1 ? '' : 's'} at byte ${this.pos}, after ${name}`);
    }
  }

  /** An INTEGER small enough for a version number (X.690, §8.3: at least one byte, minimal). */
  smallInteger(name: string): number {
    const at = this.pos;
    const c = this.contents(TAG_INTEGER, name);
    if (c.length === 0) this.fail(`${name} at byte ${at} is an empty INTEGER (X.690, §8.3.1)`);
    if (c.length > 1 && ((c[0] === 0 && c[1]! < 0x80) || (c[0] === 0xff && c[1]! >= 0x80))) {
      this.fail(`${name} at byte ${at} is an INTEGER not in its shortest form (X.690, §8.3.2)`);
    }
    if (c.length > 6) this.fail(`${name} at byte ${at} is an INTEGER of ${c.length} bytes, far too large`);
    let value = c[0]! >= 0x80 ? c[0]! - 256 : c[0]!;
    for (let i = 1; i < c.length; i++) value = value * 256 + c[i]!;
    return value;
  }

  /** OBJECT IDENTIFIER contents, checked to be well formed (X.690, §8.19). */
  oid(name: string): ByteArray {
    const at = this.pos;
    const c = this.contents(TAG_OID, name);
    this.checkPrimitive(6, c, `${name} at byte ${at}`);
    return c;
  }

  /** BIT STRING contents without the unused-bits byte, which must be 0: keys are whole bytes. */
  bitString(tag: number, name: string): ByteArray {
    const at = this.pos;
    const c = this.contents(tag, name);
    if (c.length === 0) this.fail(`${name} at byte ${at} is an empty BIT STRING (X.690, §8.6.2)`);
    if (c[0] !== 0)
      this.fail(`${name} at byte ${at} is a BIT STRING with ${c[0]} unused bits; a key is a whole number of bytes`);
    return c.subarray(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Writer: a tree of nodes, measured and then written once into one array, so that a secret is
// copied only into the output (no intermediate buffers to wipe).

export interface DerNode {
  readonly tag: number;
  readonly content: ReadonlyArray<DerNode | Uint8Array>;
}

export const derNode = (tag: number, ...content: Array<DerNode | Uint8Array>): DerNode => ({ tag, content });

const lengthOfLength = (n: number): number => (n < 0x80 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 4);

function contentLength(node: DerNode): number {
  let n = 0;
  for (const part of node.content) n += isUint8Array(part) ? part.length : encodedLength(part);
  return n;
}

function encodedLength(node: DerNode): number {
  const n = contentLength(node);
  return 1 + lengthOfLength(n) + n;
}

function writeNode(node: DerNode, out: Uint8Array, at: number): number {
  const n = contentLength(node);
  out[at++] = node.tag;
  const extra = lengthOfLength(n) - 1; // X.690, §10.1: the short form when it fits, else the fewest bytes
  if (extra === 0) out[at++] = n;
  else {
    out[at++] = 0x80 | extra;
    for (let i = extra - 1; i >= 0; i--) out[at++] = (n >>> (8 * i)) & 0xff;
  }
  for (const part of node.content) {
    if (isUint8Array(part)) {
      out.set(part, at);
      at += part.length;
    } else at = writeNode(part, out, at);
  }
  return at;
}

/** The DER encoding of a node tree, in a fresh array. */
export function encodeDer(node: DerNode): ByteArray {
  const out = new Uint8Array(encodedLength(node));
  writeNode(node, out, 0);
  return out;
}
