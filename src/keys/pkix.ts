import type { ByteArray } from '../bytes.js';
// The one structural reader of the two PKIX containers of ML-KEM keys: SubjectPublicKeyInfo
// (RFC 5280, §4.1.2.7; RFC 9935, §4) and PKCS#8 OneAsymmetricKey (RFC 5958, §2; RFC 9935, §6).
// It checks everything the DER says — tags, lengths, order, versions, the algorithm, the sizes of
// the key fields — and nothing about the key itself: no key check and no expansion, which its
// callers do once (decodeSpki and decodePkcs8, the Web Crypto import, the command's inspect).
// What it returns are views of the DER it was given.
import { type MlKemAlgorithm, algorithmOfOid, kemFor, readAlgorithmIdentifier } from './algorithms.js';
import {
  DerReader,
  TAG_BIT_STRING,
  TAG_CONTEXT_0,
  TAG_CONTEXT_0_CONSTRUCTED,
  TAG_CONTEXT_1,
  TAG_INTEGER,
  TAG_OCTET_STRING,
  TAG_SEQUENCE,
  TAG_SET,
  compareEncodings,
  tagName,
} from './der.js';
import type { PrivateKeyForm } from './types.js';

/** The fields of a SubjectPublicKeyInfo holding an ML-KEM key. */
export interface SpkiFields {
  algorithm: MlKemAlgorithm;
  /** The encapsulation key ek, of the algorithm's length (a view of the DER). */
  publicKey: ByteArray;
}

/** The fields of a PKCS#8 OneAsymmetricKey holding an ML-KEM key. */
export interface Pkcs8Fields {
  algorithm: MlKemAlgorithm;
  /** The OneAsymmetricKey version: 0 (v1) or 1 (v2). */
  version: 0 | 1;
  /** Which ML-KEM-PrivateKey CHOICE the key is stored in. */
  form: PrivateKeyForm;
  /** The 64-byte seed d ‖ z (forms seed and both; a view of the DER). */
  seed?: ByteArray;
  /** The expanded decapsulation key dk, of the algorithm's length (forms expanded and both; a view). */
  expandedKey?: ByteArray;
  /** publicKey [1] of a v2 key, of the algorithm's length (a view). */
  publicKey?: ByteArray;
}

/**
 * Reads a DER SubjectPublicKeyInfo (RFC 9935, §4): the algorithm's OID with parameters absent, and
 * the encapsulation key as a BIT STRING of the algorithm's length.
 */
export function readSpki(der: ByteArray): SpkiFields {
  const top = new DerReader(der, 'SubjectPublicKeyInfo');
  const r = top.element(TAG_SEQUENCE, 'the outer element'); // the reader's messages already start "SubjectPublicKeyInfo: "
  top.finish('the outer SEQUENCE');
  const algorithm = readAlgorithmIdentifier(r, 'algorithm');
  const size = kemFor(algorithm).sizes.publicKey; // the sizes are the same on every backend
  const at = r.offset;
  const publicKey = r.bitString(TAG_BIT_STRING, 'subjectPublicKey');
  r.finish('subjectPublicKey');
  if (publicKey.length !== size)
    r.fail(`subjectPublicKey at byte ${at} holds ${publicKey.length} bytes; an ${algorithm} public key has ${size}`);
  return { algorithm, publicKey };
}

/**
 * Reads a DER PKCS#8 OneAsymmetricKey (RFC 5958, §2) holding an ML-KEM private key:
 *   OneAsymmetricKey ::= SEQUENCE { version, privateKeyAlgorithm, privateKey OCTET STRING,
 *                                   attributes [0] OPTIONAL, [[2: publicKey [1] OPTIONAL ]] }
 * with the ML-KEM-PrivateKey CHOICE of RFC 9935, §6 in privateKey, told apart by its tag: seed
 * [0] (0x80), expandedKey (0x04) or both (0x30). Every field is checked as DER and for its size;
 * attributes must be a DER SET OF Attribute (their values are not interpreted); publicKey [1]
 * only in v2.
 */
export function readPkcs8(der: ByteArray): Pkcs8Fields {
  const top = new DerReader(der, 'PKCS#8');
  const r = top.element(TAG_SEQUENCE, 'OneAsymmetricKey');
  top.finish('the OneAsymmetricKey SEQUENCE');
  const versionAt = r.offset;
  const version = r.smallInteger('version');
  if (version !== 0 && version !== 1) {
    r.fail(`version at byte ${versionAt} is ${version}; RFC 5958 knows only v1 (0) and v2 (1)`);
  }
  const algorithm = readAlgorithmIdentifier(r, 'privateKeyAlgorithm');
  const sizes = kemFor(algorithm).sizes;
  const choice = r.element(TAG_OCTET_STRING, 'privateKey');
  if (r.peek() === TAG_CONTEXT_0_CONSTRUCTED) readAttributes(r.element(TAG_CONTEXT_0_CONSTRUCTED, 'attributes [0]')); // checked, not used
  let publicKey: ByteArray | undefined;
  if (r.peek() === TAG_CONTEXT_1) {
    const at = r.offset;
    publicKey = r.bitString(TAG_CONTEXT_1, 'publicKey [1]');
    if (version !== 1)
      r.fail(
        `publicKey [1] at byte ${at} is only allowed in a v2 OneAsymmetricKey, and the version is v1 (0) (RFC 5958, §2)`,
      );
    if (publicKey.length !== sizes.publicKey) {
      r.fail(
        `publicKey [1] at byte ${at} holds ${publicKey.length} bytes; an ${algorithm} public key has ${sizes.publicKey}`,
      );
    }
  }
  r.finish(publicKey !== undefined ? 'publicKey [1]' : 'privateKey');

  let form: PrivateKeyForm;
  let seed: ByteArray | undefined;
  let expandedKey: ByteArray | undefined;
  const tag = choice.peek();
  const at = choice.offset;
  if (tag === TAG_CONTEXT_0) {
    form = 'seed';
    seed = choice.contents(TAG_CONTEXT_0, 'seed [0]');
  } else if (tag === TAG_OCTET_STRING) {
    form = 'expanded';
    expandedKey = choice.contents(TAG_OCTET_STRING, 'expandedKey');
  } else if (tag === TAG_SEQUENCE) {
    form = 'both';
    const both = choice.element(TAG_SEQUENCE, 'both');
    seed = both.contents(TAG_OCTET_STRING, 'both.seed');
    expandedKey = both.contents(TAG_OCTET_STRING, 'both.expandedKey');
    both.finish('both.expandedKey');
  } else {
    return choice.fail(
      tag === -1
        ? `privateKey at byte ${at} is empty`
        : `privateKey at byte ${at} starts with ${tagName(tag)}, not one of the ML-KEM-PrivateKey forms: seed [0] (0x80), expandedKey (0x04) or both (0x30) (RFC 9935, §6)`,
    );
  }
  choice.finish('the ML-KEM-PrivateKey');
  if (seed !== undefined && seed.length !== 64)
    choice.fail(`the seed at byte ${at} holds ${seed.length} bytes; an ML-KEM seed has 64`);
  if (expandedKey !== undefined && expandedKey.length !== sizes.secretKey) {
    choice.fail(
      `the expandedKey holds ${expandedKey.length} bytes; an ${algorithm} expanded key has ${sizes.secretKey}`,
    );
  }
  const fields: Pkcs8Fields = { algorithm, version: version as 0 | 1, form };
  if (seed !== undefined) fields.seed = seed;
  if (expandedKey !== undefined) fields.expandedKey = expandedKey;
  if (publicKey !== undefined) fields.publicKey = publicKey;
  return fields;
}

/**
 * Checks the contents of `attributes [0] IMPLICIT SET OF Attribute` (RFC 5958, §2), where
 * `Attribute ::= SEQUENCE { type OBJECT IDENTIFIER, values SET SIZE (1..MAX) OF ANY }` (RFC 5912,
 * §2): every attribute well formed, the values valid DER (left uninterpreted), and both SET OFs in
 * DER order (X.690, §11.6).
 */
function readAttributes(set: DerReader): void {
  let previous: Uint8Array | undefined;
  while (set.peek() !== -1) {
    const at = set.offset;
    const attribute = set.anyElement('an attribute');
    if (previous !== undefined && compareEncodings(previous, attribute) > 0) {
      set.fail(`the attribute at byte ${at} is out of order: attributes [0] is a SET OF, sorted in DER (X.690, §11.6)`);
    }
    previous = attribute;
    // anyElement has checked it as DER; now its shape as an Attribute.
    const a = new DerReader(attribute, 'PKCS#8').element(TAG_SEQUENCE, `the attribute at byte ${at}`);
    a.oid(`the type of the attribute at byte ${at}`);
    const values = a.element(TAG_SET, `the values of the attribute at byte ${at}`);
    if (values.peek() === -1)
      set.fail(`the attribute at byte ${at} has no values: values is SET SIZE (1..MAX) (RFC 5912, §2)`);
    a.finish(`the values of the attribute at byte ${at}`);
  }
}

/**
 * The algorithm OID and the ML-KEM-PrivateKey CHOICE tag of a PKCS#8 key, read loosely (only
 * the first three fields' shapes) so that a key readPkcs8 refuses can still be told apart.
 * The Web Crypto import refuses the expandedKey form with NotSupportedError whatever else is
 * wrong with it, as Node does. Undefined when even these cannot be read.
 */
export function pkcs8Outline(der: ByteArray): { algorithm: MlKemAlgorithm | undefined; tag: number } | undefined {
  try {
    const r = new DerReader(der, 'PKCS#8').element(TAG_SEQUENCE, 'OneAsymmetricKey');
    r.element(TAG_INTEGER, 'version');
    const oid = r.element(TAG_SEQUENCE, 'privateKeyAlgorithm').oid('algorithm');
    return { algorithm: algorithmOfOid(oid), tag: r.element(TAG_OCTET_STRING, 'privateKey').peek() };
  } catch {
    return undefined;
  }
}
