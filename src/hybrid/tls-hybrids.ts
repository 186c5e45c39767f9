import { type ByteArray, concat } from '../bytes.js';
// The three hybrid groups of RFC 10024 (TLS 1.3) presented as KEMs, from one construction
// parameterized by the ML-KEM object, the ECDH and the order of the halves. The public key is
// the client's key share, the ciphertext the server's, and the shared secret is the
// concatenation TLS feeds to its key schedule. There is no combiner, so these groups are secure
// only inside a protocol that binds the transcript (RFC 10024, §6).
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { checkKem, type Encapsulation, type EncapsulationKey, type KeyPair, type MlKem } from '../kem.js';
import { fillRandom } from '../random.js';
import { type Expanded, buildHybrid, kemEncapsulationKey } from './builder.js';
import { type CurveChoice, type CurveKey, type Group, publicElement, withCurveKey } from './curves/curve.js';
import { P256_GROUP, P384_GROUP, tlsScalar } from './curves/nist.js';
import { X25519 } from './curves/x25519.js';
import type { HybridConstruction, HybridKem, HybridName } from './types.js';

/** The ECDH half of an RFC 10024 group: its curve, and how seed material becomes a scalar. */
interface TlsEcdh {
  group: Group;
  /** ByteArray of key-pair seed material: 32 (the X25519 scalar itself), 48, 72. */
  seedBytes: number;
  /** The key scalar from seedBytes of seed material (fresh). */
  scalarFromSeed(seed: Uint8Array): Uint8Array;
}

const ECDH_X25519: TlsEcdh = { group: X25519, seedBytes: 32, scalarFromSeed: (seed) => seed.slice() };
const ECDH_P256: TlsEcdh = { group: P256_GROUP, seedBytes: 48, scalarFromSeed: (seed) => tlsScalar(P256_GROUP, seed) };
const ECDH_P384: TlsEcdh = { group: P384_GROUP, seedBytes: 72, scalarFromSeed: (seed) => tlsScalar(P384_GROUP, seed) };

interface TlsParams {
  name: Extract<HybridName, 'X25519MLKEM768' | 'SecP256r1MLKEM768' | 'SecP384r1MLKEM1024'>;
  kem: MlKem;
  ecdh: TlsEcdh;
  /**
   * Whether the ML-KEM half comes first (X25519MLKEM768) or the ECDH half does (the NIST
   * groups), RFC 10024, §4.1–§4.3. We apply the group's order to every concatenation: key
   * shares, shared secret, and also our secret key, seed and eseed.
   */
  kemFirst: boolean;
  curves: CurveChoice;
}

/** Offsets of the two halves in a concatenation of kemBytes and ecBytes in the group's order. */
function layout(kemFirst: boolean, kemBytes: number, ecBytes: number): { kem: number; ec: number; total: number } {
  return kemFirst
    ? { kem: 0, ec: kemBytes, total: kemBytes + ecBytes }
    : { kem: ecBytes, ec: 0, total: kemBytes + ecBytes };
}

/**
 * Builds an RFC 10024 group as a KEM:
 * - publicKey: the client share (§4.1), ML-KEM ek and ECDH share in the group's order;
 * - ciphertext: the server share (§4.2), ML-KEM ct and ECDH share in the group's order;
 * - sharedSecret: ML-KEM and ECDH shared secrets in the group's order (§4.3);
 * - secretKey = seed: ML-KEM d ‖ z (64 bytes) and the ECDH seed material (TlsEcdh.seedBytes) in the
 *   group's order; every byte string of that length is a valid key;
 * - eseed (encapsulateInternal): ML-KEM m (32 bytes) and the ephemeral ECDH scalar
 *   (Group.scalarBytes, big-endian in [1, n - 1] for P-256 and P-384) in the group's order.
 */
function createTlsHybrid({ name, kem, ecdh, kemFirst, curves }: TlsParams): HybridKem {
  const { group } = ecdh;
  const arg = (what: string) => `${name} ${what}`;
  const pk = layout(kemFirst, kem.sizes.publicKey, group.elementBytes);
  const ct = layout(kemFirst, kem.sizes.ciphertext, group.elementBytes);
  const sk = layout(kemFirst, 64, ecdh.seedBytes);
  const es = layout(kemFirst, 32, group.scalarBytes);
  const join = (kemPart: Uint8Array, ecPart: Uint8Array) =>
    kemFirst ? concat(kemPart, ecPart) : concat(ecPart, kemPart);
  const impl = () => group.impl(curves);

  /**
   * The checks of RFC 9846 (§4.3.8.2 for P-256/P-384, §7.4.2 for X25519) on a peer's share,
   * before any other work: ERR_INVALID_PUBLIC_KEY naming `what` and the share's byte range.
   */
  function checkShare(share: Uint8Array, what: string, from: number): void {
    const problem = group.elementProblem(share);
    if (problem !== undefined) {
      throw new MlKemError(
        'ERR_INVALID_PUBLIC_KEY',
        `${what} is not valid: its ${group.name} share (bytes ${from}..${from + group.elementBytes}) ${problem} (RFC 9846 §${group.tlsShareCheck})`,
      );
    }
  }

  /** The eseed's two parts, its ephemeral scalar checked (ERR_INVALID_SECRET_KEY outside [1, n - 1]). */
  function splitEseed(eseed: Uint8Array): { m: Uint8Array; scalar: Uint8Array } {
    const scalar = eseed.subarray(es.ec, es.ec + group.scalarBytes);
    if (!group.isValidScalar(scalar)) {
      throw new MlKemError(
        'ERR_INVALID_SECRET_KEY',
        `${arg('eseed')} is not valid: its ${group.name} ephemeral scalar (bytes ${es.ec}..${es.ec + group.scalarBytes}) must be a big-endian integer in [1, n - 1], got one that is not`,
      );
    }
    return { m: eseed.subarray(es.kem, es.kem + 32), scalar };
  }

  /** The server's side (§4.2, §4.3): encapsulation to a checked client key share. */
  function encaps(ekPq: EncapsulationKey, share: Uint8Array, m: Uint8Array, scalar: Uint8Array): Encapsulation {
    const mlkem = ekPq.encapsulateInternal(m);
    let ssE: Uint8Array | undefined;
    try {
      return withCurveKey(impl(), scalar, (key) => {
        ssE = key.sharedSecret(share);
        return { ciphertext: join(mlkem.ciphertext, key.publicKey()), sharedSecret: join(mlkem.sharedSecret, ssE) };
      });
    } finally {
      wipe(ssE, mlkem.sharedSecret);
    }
  }

  /** A client key share's halves (a private copy): the ECDH share checked, then FIPS 203, §7.2. */
  function parsePublicKey(publicKey: Uint8Array): { ekPq: EncapsulationKey; ekT: Uint8Array } {
    const share = publicKey.subarray(pk.ec, pk.ec + group.elementBytes);
    checkShare(share, arg('publicKey'), pk.ec);
    const ek = publicKey.subarray(pk.kem, pk.kem + kem.sizes.publicKey);
    return { ekPq: kemEncapsulationKey(kem, ek, arg('publicKey'), pk.kem), ekT: share.slice() };
  }

  /** A fresh eseed: ML-KEM.Encaps's m (FIPS 203, Algorithm 20) and a fresh ECDH key pair's scalar. */
  function fillEseed(eseed: Uint8Array): void {
    const c = new Uint8Array(ecdh.seedBytes);
    let scalar: Uint8Array | undefined;
    try {
      fillRandom(eseed.subarray(es.kem, es.kem + 32));
      fillRandom(c);
      scalar = ecdh.scalarFromSeed(c); // in [1, n - 1] for every c
      eseed.set(scalar, es.ec);
    } finally {
      wipe(c, scalar);
    }
  }

  /**
   * The secret key's halves: ML-KEM.KeyGen_internal (FIPS 203, Algorithm 16) as a key object, the
   * loaded ECDH scalar and, for a key object, the client's ECDH share (computed once).
   */
  function expand(s: Uint8Array, _what: string, forKey: boolean): Expanded {
    const dkPq = kem.decapsulationKey(s.subarray(sk.kem, sk.kem + 64));
    const scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
    let dkT: CurveKey | undefined;
    try {
      dkT = impl().load(scalar, forKey ? 'kept' : 'once');
      return { dkPq, dkT, ekT: forKey ? dkT.publicKey() : new Uint8Array(0) };
    } catch (err) {
      dkPq.dispose();
      dkT?.dispose();
      throw err;
    } finally {
      wipe(scalar);
    }
  }

  /**
   * The client's side (§4.2, §4.3) for a ciphertext (a private copy of the right length): the
   * ECDH share is validated and refused if invalid; the ML-KEM part is never refused (implicit rejection).
   */
  function decaps(x: Expanded, c: Uint8Array): ByteArray {
    const share = c.subarray(ct.ec, ct.ec + group.elementBytes);
    checkShare(share, arg('ciphertext'), ct.ec);
    let ssE: Uint8Array | undefined;
    let ssM: Uint8Array | undefined;
    try {
      ssE = x.dkT.sharedSecret(share);
      ssM = x.dkPq.decapsulate(c.subarray(ct.kem, ct.kem + kem.sizes.ciphertext));
      return join(ssM, ssE);
    } finally {
      wipe(ssE, ssM);
    }
  }

  const sizes = Object.freeze({
    publicKey: pk.total,
    secretKey: sk.total,
    ciphertext: ct.total,
    sharedSecret: 32 + group.secretBytes,
    seed: sk.total,
    eseed: es.total,
  });

  /**
   * The public key of a secret key (a private copy, which this wipes): ML-KEM.KeyGen_internal's
   * ek and the ECDH share, without the key objects that decapsulation needs (keygen).
   */
  function publicKeyOf(s: Uint8Array): ByteArray {
    let pair: KeyPair | undefined;
    let scalar: Uint8Array | undefined;
    try {
      pair = kem.keygen(s.subarray(sk.kem, sk.kem + 64));
      scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
      return join(pair.publicKey, publicElement(impl(), scalar));
    } finally {
      wipe(s, scalar, pair?.secretKey, pair?.seed);
    }
  }

  return buildHybrid({
    name,
    sizes,
    parsePublicKey,
    publicKeyBytes: (ekPq, ekT) => join(ekPq.bytes(), ekT),
    checkCiphertext: (c) => checkShare(c.subarray(ct.ec, ct.ec + group.elementBytes), arg('ciphertext'), ct.ec),
    splitEseed,
    fillEseed,
    encaps,
    expand,
    publicKeyOf,
    decaps,
  }).kem;
}

/** An RFC 10024 group over an ML-KEM object of its parameter set, with the given curve implementation (internal). */
const groupOver =
  (name: TlsParams['name'], ecdh: TlsEcdh, kemFirst: boolean) =>
  (kem: MlKem, curves: CurveChoice): HybridKem =>
    createTlsHybrid({ name, kem, ecdh, kemFirst, curves });
export const x25519MlKem768Over = groupOver('X25519MLKEM768', ECDH_X25519, true);
export const secP256r1MlKem768Over = groupOver('SecP256r1MLKEM768', ECDH_P256, false);
export const secP384r1MlKem1024Over = groupOver('SecP384r1MLKEM1024', ECDH_P384, false);

/**
 * X25519MLKEM768 (RFC 10024; TLS group 0x11EC) over an ML-KEM-768 object of any backend. ML-KEM first.
 * @param mlkem768 - `MlKem768` of any backend.
 * @returns A frozen HybridKem named 'X25519MLKEM768'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object.
 */
export function createX25519MLKEM768(mlkem768: MlKem): HybridKem {
  return x25519MlKem768Over(checkKem(mlkem768, 'ML-KEM-768', 'createX25519MLKEM768'), 'auto');
}

/**
 * SecP256r1MLKEM768 (RFC 10024; TLS group 0x11EB) over an ML-KEM-768 object of any backend. ECDH first.
 * @param mlkem768 - `MlKem768` of any backend.
 * @returns A frozen HybridKem named 'SecP256r1MLKEM768'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem768 is not an ML-KEM-768 object.
 */
export function createSecP256r1MLKEM768(mlkem768: MlKem): HybridKem {
  return secP256r1MlKem768Over(checkKem(mlkem768, 'ML-KEM-768', 'createSecP256r1MLKEM768'), 'auto');
}

/**
 * SecP384r1MLKEM1024 (RFC 10024; TLS group 0x11ED) over an ML-KEM-1024 object of any backend. ECDH first.
 * @param mlkem1024 - `MlKem1024` of any backend.
 * @returns A frozen HybridKem named 'SecP384r1MLKEM1024'.
 * @throws {MlKemError} `ERR_INVALID_TYPE` if mlkem1024 is not an ML-KEM-1024 object.
 */
export function createSecP384r1MLKEM1024(mlkem1024: MlKem): HybridKem {
  return secP384r1MlKem1024Over(checkKem(mlkem1024, 'ML-KEM-1024', 'createSecP384r1MLKEM1024'), 'auto');
}

/** The constructions of the three RFC 10024 groups (constructions.ts). */
export const TLS_GROUPS: readonly HybridConstruction[] = /* @__PURE__ */ Object.freeze([
  Object.freeze({ name: 'X25519MLKEM768', over: x25519MlKem768Over, create: createX25519MLKEM768 }),
  Object.freeze({ name: 'SecP256r1MLKEM768', over: secP256r1MlKem768Over, create: createSecP256r1MLKEM768 }),
  Object.freeze({ name: 'SecP384r1MLKEM1024', over: secP384r1MlKem1024Over, create: createSecP384r1MLKEM1024 }),
]);
