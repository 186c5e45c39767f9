// The three hybrid groups of RFC 10024 (TLS 1.3) presented as KEMs, from one construction
// parameterized by the ML-KEM object, the ECDH and the order of the halves. The public key is
// the client's key share, the ciphertext the server's, and the shared secret is the
// concatenation TLS feeds to its key schedule; there is no combiner, which is why these groups
// are secure only inside a protocol that binds the transcript (RFC 10024, §6).
import { wipe } from '../ct.js';
import { MlKemError } from '../errors.js';
import { checkBytes, takeBytes } from '../args.js';
import type { Encapsulation, KeyPair, MlKem } from '../kem.js';
import { fillRandom } from '../random.js';
import { concat } from './bytes.js';
import type { CurveChoice, CurveKey, Group } from './curve.js';
import { checkKem, kemEncapsulate } from './mlkem.js';
import { P256_GROUP, P384_GROUP, tlsScalar } from './nist.js';
import type { HybridKem, HybridKeyPair, HybridName } from './types.js';
import { X25519 } from './x25519.js';

/** The ECDH half of an RFC 10024 group: its curve, and how seed material becomes a scalar. */
interface TlsEcdh {
  group: Group;
  /** Bytes of key-pair seed material: 32 (the X25519 scalar itself), 48, 72. */
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
   * groups), RFC 10024 §4.1–§4.3. We apply the group's order to every concatenation: key
   * shares, shared secret, and also our secret key, seed and eseed.
   */
  kemFirst: boolean;
  curves: CurveChoice;
}

/** Offsets of the two halves in a concatenation of kemBytes and ecBytes in the group's order. */
function layout(kemFirst: boolean, kemBytes: number, ecBytes: number): { kem: number; ec: number; total: number } {
  return kemFirst ? { kem: 0, ec: kemBytes, total: kemBytes + ecBytes } : { kem: ecBytes, ec: 0, total: kemBytes + ecBytes };
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
  const join = (kemPart: Uint8Array, ecPart: Uint8Array) => (kemFirst ? concat(kemPart, ecPart) : concat(ecPart, kemPart));
  const impl = () => group.impl(curves);

  /**
   * The checks of RFC 9846 (§4.3.8.2 for P-256/P-384, §7.4.2 for X25519) on a peer's share,
   * before any other work: ERR_INVALID_PUBLIC_KEY naming `what` and the share's byte range.
   */
  function checkShare(share: Uint8Array, what: string, from: number): void {
    const problem = group.elementProblem(share);
    if (problem !== undefined) {
      throw new MlKemError('ERR_INVALID_PUBLIC_KEY', `${what} is not valid: its ${group.name} share (bytes ${from}..${from + group.elementBytes}) ${problem} (RFC 9846 §${group.name === 'X25519' ? '7.4.2' : '4.3.8.2'})`);
    }
  }

  /** The server's side (§4.2, §4.3): encapsulation to a checked client share with a checked eseed. */
  function encaps(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
    const scalar = eseed.subarray(es.ec, es.ec + group.scalarBytes);
    let mlkem: Encapsulation | undefined;
    let key: CurveKey | undefined;
    let ssE: Uint8Array | undefined;
    try {
      const ek = publicKey.subarray(pk.kem, pk.kem + kem.sizes.publicKey);
      mlkem = kemEncapsulate(kem, ek, eseed.subarray(es.kem, es.kem + 32), arg('publicKey'), pk.kem); // FIPS 203 §7.2 on the client's ek
      key = impl().load(scalar);
      ssE = key.sharedSecret(publicKey.subarray(pk.ec, pk.ec + group.elementBytes));
      return { ciphertext: join(mlkem.ciphertext, key.publicKey()), sharedSecret: join(mlkem.sharedSecret, ssE) };
    } finally {
      wipe(ssE, mlkem?.sharedSecret);
      key?.dispose();
    }
  }

  return Object.freeze({
    name,
    sizes: Object.freeze({
      publicKey: pk.total,
      secretKey: sk.total,
      ciphertext: ct.total,
      sharedSecret: 32 + group.secretBytes,
      seed: sk.total,
      eseed: es.total,
    }),

    /** The client's key pair: ML-KEM.KeyGen_internal (FIPS 203, Algorithm 16) and an ECDH key pair. */
    keygen(seed?: Uint8Array): HybridKeyPair {
      if (seed !== undefined) checkBytes(seed, sk.total, arg('seed'));
      const s = new Uint8Array(sk.total);
      let pair: KeyPair | undefined;
      let scalar: Uint8Array | undefined;
      let key: CurveKey | undefined;
      try {
        if (seed === undefined) fillRandom(s);
        else s.set(seed);
        pair = kem.keygen(s.subarray(sk.kem, sk.kem + 64));
        scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
        key = impl().load(scalar);
        return { publicKey: join(pair.publicKey, key.publicKey()), secretKey: s.slice(), seed: s.slice() };
      } finally {
        wipe(s, scalar, pair?.secretKey, pair?.seed);
        key?.dispose();
      }
    },

    /** ML-KEM.Encaps (FIPS 203, Algorithm 20) and a fresh ECDH key pair. */
    encapsulate(publicKey: Uint8Array): Encapsulation {
      const ours = takeBytes(publicKey, pk.total, arg('publicKey'));
      checkShare(ours.subarray(pk.ec, pk.ec + group.elementBytes), arg('publicKey'), pk.ec);
      const eseed = new Uint8Array(es.total);
      const c = new Uint8Array(ecdh.seedBytes);
      let scalar: Uint8Array | undefined;
      try {
        fillRandom(eseed.subarray(es.kem, es.kem + 32));
        fillRandom(c);
        scalar = ecdh.scalarFromSeed(c); // in [1, n - 1] for every c
        eseed.set(scalar, es.ec);
        return encaps(ours, eseed);
      } finally {
        wipe(eseed, c, scalar);
      }
    },

    encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
      const ours = takeBytes(publicKey, pk.total, arg('publicKey'));
      const e = takeBytes(eseed, es.total, arg('eseed'));
      try {
        if (!group.isValidScalar(e.subarray(es.ec, es.ec + group.scalarBytes))) {
          throw new MlKemError(
            'ERR_INVALID_SECRET_KEY',
            `${arg('eseed')} is not valid: its ${group.name} ephemeral scalar (bytes ${es.ec}..${es.ec + group.scalarBytes}) must be a big-endian integer in [1, n - 1], got one that is not`,
          );
        }
        checkShare(ours.subarray(pk.ec, pk.ec + group.elementBytes), arg('publicKey'), pk.ec);
        return encaps(ours, e);
      } finally {
        wipe(e);
      }
    },

    /**
     * The client's side (§4.2, §4.3): the ECDH share is validated and refused if invalid; the
     * ML-KEM part of a ciphertext of the right length is never refused (implicit rejection).
     */
    decapsulate(ciphertext: Uint8Array, secretKey: Uint8Array): Uint8Array {
      const c = takeBytes(ciphertext, ct.total, arg('ciphertext'));
      const s = takeBytes(secretKey, sk.total, arg('secretKey'));
      let scalar: Uint8Array | undefined;
      let key: CurveKey | undefined;
      let ssE: Uint8Array | undefined;
      let pair: KeyPair | undefined;
      let ssM: Uint8Array | undefined;
      try {
        const share = c.subarray(ct.ec, ct.ec + group.elementBytes);
        checkShare(share, arg('ciphertext'), ct.ec);
        scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
        key = impl().load(scalar);
        ssE = key.sharedSecret(share);
        pair = kem.keygen(s.subarray(sk.kem, sk.kem + 64));
        ssM = kem.decapsulate(c.subarray(ct.kem, ct.kem + kem.sizes.ciphertext), pair.secretKey);
        return join(ssM, ssE);
      } finally {
        wipe(s, scalar, ssE, pair?.secretKey, pair?.seed, ssM);
        key?.dispose();
      }
    },
  });
}

/** X25519MLKEM768 over an ML-KEM-768 object, with the given curve implementation (internal). */
export function x25519MlKem768Over(kem: MlKem, curves: CurveChoice): HybridKem {
  return createTlsHybrid({ name: 'X25519MLKEM768', kem, ecdh: ECDH_X25519, kemFirst: true, curves });
}

/** SecP256r1MLKEM768 over an ML-KEM-768 object, with the given curve implementation (internal). */
export function secP256r1MlKem768Over(kem: MlKem, curves: CurveChoice): HybridKem {
  return createTlsHybrid({ name: 'SecP256r1MLKEM768', kem, ecdh: ECDH_P256, kemFirst: false, curves });
}

/** SecP384r1MLKEM1024 over an ML-KEM-1024 object, with the given curve implementation (internal). */
export function secP384r1MlKem1024Over(kem: MlKem, curves: CurveChoice): HybridKem {
  return createTlsHybrid({ name: 'SecP384r1MLKEM1024', kem, ecdh: ECDH_P384, kemFirst: false, curves });
}

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
