import { type HybridLayout, Q, dkLayout, kOfPublicKey, sha3_256 } from '../../test/support/contract.js';
// The fuzzer's mutations of valid inputs: generic byte mutations (DER headers favoured), and those
// aware of an ML-KEM encapsulation or decapsulation key, or of a hybrid's ECDH share.
import { setCoeff } from '../../test/support/helpers.js';
import { concat, wrongType } from './args.js';
import type { Rng } from './prng.js';

// ---- text and JWK mutations -------------------------------------------------------------------

/** Up to 120 characters, mostly of PEM's and base64's alphabets, some anywhere in the BMP. */
export function randomText(r: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \t\r\n:-*';
  let s = '';
  for (let i = r.int(120); i > 0; i--)
    s += r.chance(0.95) ? alphabet[r.int(alphabet.length)] : String.fromCharCode(r.int(0x10000));
  return s;
}

/** A mutation of a valid JWK: a field removed, replaced, edited, cut or taken from one of `others`; or no JWK at all. */
export function mutateJwk(
  r: Rng,
  src: Record<string, unknown>,
  others: readonly Record<string, unknown>[],
): [unknown, string] {
  const j: Record<string, unknown> = { ...src };
  const field = r.pick(['kty', 'alg', 'pub', 'priv', 'kid']);
  const value = j[field];
  switch (r.int(7)) {
    case 0:
      delete j[field];
      return [j, `${field} removed`];
    case 1:
      j[field] = r.pick([null, 0, 1, true, [], {}, '', 'AKP', 'ML-KEM-768', 'ML-KEM-512', randomText(r)]);
      return [j, `${field} replaced`];
    case 2:
      if (typeof value === 'string') {
        const i = r.int(value.length + 1);
        j[field] = value.slice(0, i) + randomText(r).slice(0, r.int(3)) + value.slice(i + r.int(3));
      }
      return [j, `${field} edited`];
    case 3:
      if (typeof value === 'string') j[field] = value.slice(0, r.int(value.length + 1));
      return [j, `${field} truncated`];
    case 4:
      j[field] = r.pick(others)[field];
      return [j, `${field} from another JWK`];
    case 5:
      return [wrongType(r, 16, r.bytes(16)), 'not a JWK'];
    default:
      if (typeof value === 'string') {
        const b = new Uint8Array(Buffer.from(value, 'base64url'));
        if (b.length > 0) b[r.int(b.length)]! ^= 1 << r.int(8);
        j[field] = Buffer.from(b).toString('base64url');
      }
      return [j, `a bit of ${field} flipped`];
  }
}

// ---- byte mutations ---------------------------------------------------------------------------

const INTERESTING = [0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x30, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0xa0, 0xfe, 0xff];

/** A generic mutation of valid bytes; `pool` gives partners for splices; `hot` offsets to favour (DER headers). */
export function mutateBytes(
  r: Rng,
  src: Uint8Array,
  pool: readonly Uint8Array[],
  hot: readonly number[] = [],
): [Uint8Array, string] {
  const at = () => (hot.length > 0 && r.chance(0.5) ? r.pick(hot) : r.int(Math.max(1, src.length)));
  const b = src.slice();
  if (src.length === 0) return [r.bytes(r.int(8)), 'random (empty source)'];
  switch (r.int(11)) {
    case 0:
    case 1: {
      const n = 1 + (r.chance(0.6) ? 0 : r.int(3));
      for (let i = 0; i < n; i++) b[at()]! ^= 1 << r.int(8);
      return [b, `${n} bit flip(s)`];
    }
    case 2:
      b[at()] = r.chance(0.5) ? r.pick(INTERESTING) : r.int(256);
      return [b, 'a byte set'];
    case 3:
      return [b.subarray(0, r.chance(0.5) ? b.length - 1 : r.int(b.length)), 'truncated'];
    case 4:
      return [concat(b, r.bytes(r.chance(0.5) ? 1 : 1 + r.int(16))), 'extended'];
    case 5: {
      const i = at();
      return [concat(b.subarray(0, i), r.bytes(1 + r.int(3)), b.subarray(i)), 'bytes inserted'];
    }
    case 6: {
      const i = at();
      return [concat(b.subarray(0, i), b.subarray(i + 1 + r.int(3))), 'bytes deleted'];
    }
    case 7: {
      const other = pool.length > 0 ? r.pick(pool) : src;
      const i = r.int(b.length);
      const j = r.chance(0.7) ? i : Math.min(other.length, Math.max(0, i + r.int(9) - 4));
      return [concat(b.subarray(0, i), other.subarray(j)), 'spliced with another valid input'];
    }
    case 8:
      return [r.bytes(b.length), 'random of the same length'];
    case 9:
      return [b.fill(r.pick([0x00, 0xff])), 'filled'];
    default: {
      const [once] = mutateBytes(r, src, pool, hot);
      const [twice, how] = mutateBytes(r, once, pool, hot);
      return [twice, `stacked: ${how}`];
    }
  }
}

/** Mutations of an ML-KEM encapsulation key (k from its length), valid or not. */
export function mutateEk(r: Rng, ek: Uint8Array, pool: readonly Uint8Array[]): [Uint8Array, string] {
  const k = kOfPublicKey(ek.length);
  const b = ek.slice();
  switch (r.int(5)) {
    case 0: {
      const n = 1 + (r.chance(0.8) ? 0 : r.int(4));
      for (let i = 0; i < n; i++) setCoeff(b, r.int(256 * k), Q + r.int(4096 - Q));
      return [b, `${n} coefficient(s) >= q injected`];
    }
    case 1:
      setCoeff(b, r.int(256 * k), Q - 1);
      return [b, 'a coefficient set to q - 1'];
    case 2:
      b.set(r.bytes(32), 384 * k);
      return [b, 'rho replaced'];
    default:
      return mutateBytes(r, ek, pool);
  }
}

/** Mutations of an ML-KEM decapsulation key dk = dkPKE ‖ ek ‖ H(ek) ‖ z. */
export function mutateDk(r: Rng, dk: Uint8Array, pool: readonly Uint8Array[]): [Uint8Array, string] {
  const k = (dk.length - 96) / 768;
  const l = dkLayout(k);
  const b = dk.slice();
  switch (r.int(8)) {
    case 0:
      b[l.h + r.int(32)]! ^= 1 << r.int(8);
      return [b, 'H(ek) corrupted'];
    case 1:
      b[l.ek + r.int(l.h - l.ek)]! ^= 1 << r.int(8);
      return [b, 'embedded ek changed (H(ek) stale)'];
    case 2: {
      const [ek, how] = mutateEk(r, b.slice(l.ek, l.h), []);
      if (ek.length !== l.h - l.ek) return [b, 'unchanged'];
      b.set(ek, l.ek);
      b.set(sha3_256(ek), l.h);
      return [b, `embedded ek mutated (${how}) and H(ek) recomputed`];
    }
    case 3:
      for (let i = 1 + r.int(3); i > 0; i--) setCoeff(b, r.int(256 * k), Q + r.int(4096 - Q));
      return [b, 'coefficient(s) >= q in dkPKE'];
    case 4:
      b[r.int(l.ek)]! ^= 1 << r.int(8);
      return [b, 'dkPKE bit flip'];
    case 5:
      b.set(r.bytes(32), l.z);
      return [b, 'z replaced'];
    default:
      return mutateBytes(r, dk, pool);
  }
}

const X25519_LOW_ORDER = [
  0n,
  1n,
  2n ** 255n - 20n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  2n ** 255n - 19n,
  2n ** 255n - 18n,
].map((u) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, u >>= 8n) out[i] = Number(u & 0xffn);
  return out;
});

/** Mutations of an ECDH share: low-order and non-canonical X25519 values, points off the curve or out of range. */
export function mutateShare(
  r: Rng,
  l: HybridLayout,
  share: Uint8Array,
  others: readonly Uint8Array[],
): [Uint8Array, string] {
  const b = share.slice();
  if (l.curve === 'X25519') {
    switch (r.int(4)) {
      case 0: {
        const u = r.pick(X25519_LOW_ORDER).slice();
        if (r.chance(0.5)) u[31]! |= 0x80;
        return [u, 'a low-order X25519 point'];
      }
      case 1:
        b[31]! ^= 0x80;
        return [b, 'bit 255 flipped'];
      case 2:
        return [r.pick(others), 'the share of another key'];
      default:
        b[r.int(32)]! ^= 1 << r.int(8);
        return [b, 'a bit flip'];
    }
  }
  const L = l.scalar; // coordinate bytes
  switch (r.int(6)) {
    case 0:
      b[0] = r.pick([0x00, 0x02, 0x03, 0x05, 0x06, 0x07]);
      return [b, 'another point format byte'];
    case 1:
      b.fill(0xff, 1 + (r.chance(0.5) ? 0 : L));
      return [b, 'a coordinate >= p'];
    case 2:
      b.fill(0, 1);
      return [b, 'coordinates (0, 0)'];
    case 3:
      return [r.pick(others), 'the share of another key'];
    default:
      b[1 + r.int(2 * L)]! ^= 1 << r.int(8);
      return [b, 'a bit flip in a coordinate (off the curve)'];
  }
}
