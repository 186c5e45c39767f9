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
import { type Ecdh, ecdhP256, ecdhP384, ecdhX25519 } from './ecdh.js';
import { checkKem, kemEncapsulate } from './mlkem.js';
import type { HybridKem, HybridKeyPair, HybridName } from './types.js';

interface Group {
  name: Exclude<HybridName, 'X-Wing'>;
  kem: MlKem;
  ecdh: Ecdh;
  /**
   * Whether the ML-KEM half comes first (X25519MLKEM768) or the ECDH half does (the NIST
   * groups), RFC 10024 §4.1–§4.3. We apply the group's order to every concatenation: key
   * shares, shared secret, and also our secret key, seed and eseed.
   */
  kemFirst: boolean;
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
 * - secretKey = seed: ML-KEM d ‖ z (64 bytes) and the ECDH seed material (Ecdh.seedBytes) in the
 *   group's order; every byte string of that length is a valid key;
 * - eseed (encapsulateInternal): ML-KEM m (32 bytes) and the ephemeral ECDH scalar
 *   (Ecdh.scalarBytes, big-endian in [1, n - 1] for P-256 and P-384) in the group's order.
 */
function createTlsHybrid({ name, kem, ecdh, kemFirst }: Group): HybridKem {
  const arg = (what: string) => `${name} ${what}`;
  const pk = layout(kemFirst, kem.sizes.publicKey, ecdh.shareBytes);
  const ct = layout(kemFirst, kem.sizes.ciphertext, ecdh.shareBytes);
  const sk = layout(kemFirst, 64, ecdh.seedBytes);
  const es = layout(kemFirst, 32, ecdh.scalarBytes);
  const join = (kemPart: Uint8Array, ecPart: Uint8Array) => (kemFirst ? concat(kemPart, ecPart) : concat(ecPart, kemPart));

  /** The server's side (§4.2, §4.3): encapsulation to the client share with the given eseed. */
  function encaps(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
    const ek = publicKey.subarray(pk.kem, pk.kem + kem.sizes.publicKey);
    const peer = publicKey.subarray(pk.ec, pk.ec + ecdh.shareBytes);
    const m = eseed.subarray(es.kem, es.kem + 32);
    const scalar = eseed.subarray(es.ec, es.ec + ecdh.scalarBytes);
    if (!ecdh.isValidScalar(scalar)) {
      throw new MlKemError(
        'ERR_INVALID_SECRET_KEY',
        `${arg('eseed')} is not valid: its ${ecdh.name} ephemeral scalar (bytes ${es.ec}..${es.ec + ecdh.scalarBytes}) must be a big-endian integer in [1, n - 1], got one that is not`,
      );
    }
    let ssE: Uint8Array | undefined;
    let mlkem: Encapsulation | undefined;
    try {
      ssE = ecdh.sharedSecret(scalar, peer, arg('publicKey'), pk.ec); // validates the client's ECDH share
      mlkem = kemEncapsulate(kem, ek, m, arg('publicKey'), pk.kem); // FIPS 203 §7.2 on the client's ek
      return { ciphertext: join(mlkem.ciphertext, ecdh.publicShare(scalar)), sharedSecret: join(mlkem.sharedSecret, ssE) };
    } finally {
      if (ssE) wipe(ssE);
      if (mlkem) wipe(mlkem.sharedSecret);
    }
  }

  return Object.freeze({
    name,
    sizes: Object.freeze({
      publicKey: pk.total,
      secretKey: sk.total,
      ciphertext: ct.total,
      sharedSecret: 32 + ecdh.secretBytes,
      seed: sk.total,
      eseed: es.total,
    }),

    /** The client's key pair: ML-KEM.KeyGen_internal (FIPS 203, Algorithm 16) and an ECDH key pair. */
    keygen(seed?: Uint8Array): HybridKeyPair {
      if (seed !== undefined) checkBytes(seed, sk.total, arg('seed'));
      const s = new Uint8Array(sk.total);
      let pair: KeyPair | undefined;
      let scalar: Uint8Array | undefined;
      try {
        if (seed === undefined) fillRandom(s);
        else s.set(seed);
        pair = kem.keygen(s.subarray(sk.kem, sk.kem + 64));
        scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
        return { publicKey: join(pair.publicKey, ecdh.publicShare(scalar)), secretKey: s.slice(), seed: s.slice() };
      } finally {
        wipe(s);
        if (pair) wipe(pair.secretKey, pair.seed);
        if (scalar) wipe(scalar);
      }
    },

    /** ML-KEM.Encaps (FIPS 203, Algorithm 20) and a fresh ECDH key pair. */
    encapsulate(publicKey: Uint8Array): Encapsulation {
      const ours = takeBytes(publicKey, pk.total, arg('publicKey'));
      const eseed = new Uint8Array(es.total);
      let scalar: Uint8Array | undefined;
      try {
        fillRandom(eseed.subarray(es.kem, es.kem + 32));
        scalar = ecdh.randomScalar();
        eseed.set(scalar, es.ec);
        return encaps(ours, eseed);
      } finally {
        wipe(eseed);
        if (scalar) wipe(scalar);
      }
    },

    encapsulateInternal(publicKey: Uint8Array, eseed: Uint8Array): Encapsulation {
      const ours = takeBytes(publicKey, pk.total, arg('publicKey'));
      const e = takeBytes(eseed, es.total, arg('eseed'));
      try {
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
      let ssE: Uint8Array | undefined;
      let pair: KeyPair | undefined;
      let ssM: Uint8Array | undefined;
      try {
        scalar = ecdh.scalarFromSeed(s.subarray(sk.ec, sk.ec + ecdh.seedBytes));
        ssE = ecdh.sharedSecret(scalar, c.subarray(ct.ec, ct.ec + ecdh.shareBytes), arg('ciphertext'), ct.ec);
        pair = kem.keygen(s.subarray(sk.kem, sk.kem + 64));
        ssM = kem.decapsulate(c.subarray(ct.kem, ct.kem + kem.sizes.ciphertext), pair.secretKey);
        return join(ssM, ssE);
      } finally {
        wipe(s);
        if (scalar) wipe(scalar);
        if (ssE) wipe(ssE);
        if (pair) wipe(pair.secretKey, pair.seed);
        if (ssM) wipe(ssM);
      }
    },
  });
}

/** X25519MLKEM768 (RFC 10024; TLS group 0x11EC) over an ML-KEM-768 object of any backend. ML-KEM first. */
export function createX25519MlKem768(mlkem768: MlKem): HybridKem {
  const kem = checkKem(mlkem768, 'ML-KEM-768', 'createX25519MlKem768');
  return createTlsHybrid({ name: 'X25519MLKEM768', kem, ecdh: ecdhX25519, kemFirst: true });
}

/** SecP256r1MLKEM768 (RFC 10024; TLS group 0x11EB) over an ML-KEM-768 object of any backend. ECDH first. */
export function createSecP256r1MlKem768(mlkem768: MlKem): HybridKem {
  const kem = checkKem(mlkem768, 'ML-KEM-768', 'createSecP256r1MlKem768');
  return createTlsHybrid({ name: 'SecP256r1MLKEM768', kem, ecdh: ecdhP256, kemFirst: false });
}

/** SecP384r1MLKEM1024 (RFC 10024; TLS group 0x11ED) over an ML-KEM-1024 object of any backend. ECDH first. */
export function createSecP384r1MlKem1024(mlkem1024: MlKem): HybridKem {
  const kem = checkKem(mlkem1024, 'ML-KEM-1024', 'createSecP384r1MlKem1024');
  return createTlsHybrid({ name: 'SecP384r1MLKEM1024', kem, ecdh: ecdhP384, kemFirst: false });
}
