// X25519 (RFC 7748) as a Group: any 32 bytes are a scalar (clamped by the function) and an
// element; the only element a protocol may refuse is one of low order, for which X25519 gives
// all zeros.
import { doors } from './choose.js';
import type { Group } from './curve.js';
import { nobleX25519 } from './noble-x25519.js';
import { wasmX25519 } from './wasm-x25519.js';

/** 2^255 - 19. */
const P25519 = 2n ** 255n - 19n;

let lowOrder: Uint8Array[] | undefined;

/**
 * The 32-byte encodings, bit 255 clear, of the u-coordinates of the points of order 1, 2, 4 and 8
 * on Curve25519 and its twist, and their non-canonical forms u + p below 2^255: exactly the u for
 * which X25519 with a clamped scalar (a multiple of 8 below the large prime orders) gives zero.
 */
function lowOrderEncodings(): Uint8Array[] {
  return (lowOrder ??= [
    0n,
    1n,
    P25519 - 1n,
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
    P25519,
    P25519 + 1n,
  ].map((v) => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn))));
}

/**
 * True when u (bit 255 masked, RFC 7748, §5) is a low-order element. u is public: it may branch.
 * Plain loops rather than some/every with callbacks: Web Crypto's and HPKE's X-Wing ask twice per
 * decapsulation.
 */
export function isLowOrder(u: Uint8Array): boolean {
  for (const e of lowOrderEncodings()) {
    let i = 0;
    while (i < 31 && e[i] === u[i]) i++;
    if (i === 31 && e[31] === (u[31]! & 0x7f)) return true;
  }
  return false;
}

/** u with bit 255 masked and reduced mod p (RFC 7748, §5): the only change is for u in [p, 2^255). */
function canonicalU(u: Uint8Array): Uint8Array {
  const out = u.slice();
  out[31] = out[31]! & 0x7f;
  let x = 0n;
  for (let i = 31; i >= 0; i--) x = (x << 8n) | BigInt(out[i]!); // u is public: BigInt is fine
  if (x >= P25519) {
    x -= P25519;
    for (let i = 0; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  }
  return out;
}

/** RFC 7748, §6.1: Alice's scalar and public key, and her shared secret with Bob. */
const RFC7748_ALICE = {
  d: '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
  pub: '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
  peers: [
    [
      'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
      '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    ],
  ],
} as const;

const NINE = `09${'00'.repeat(31)}`;
/** The known answer X25519(d, 9) = pub, as a public key and as the shared secret with the base point. */
const ofBase = (d: string, pub: string) => ({ d, pub, peers: [[NINE, pub]] }) as const;

const data = {
  name: 'X25519',
  elementBytes: 32,
  scalarBytes: 32,
  secretBytes: 32,
  refusesInvalid: false,
  hasLowOrder: true,
  tlsShareCheck: '7.4.2',
  /** RFC 8410, §7: the PKCS#8 header of an X25519 private key. */
  pkcs8: { prefix: '302e020100300506032b656e04220420' },
  native: {
    keys: { okp: 'x25519', jwkCrv: 'X25519' },
    forms: ['raw', 'pkcs8'],
    knownAnswers: [RFC7748_ALICE],
    // a u with bit 255 set and above p
    agreement: { scalars: ['5a'.repeat(32), `00${'a5'.repeat(31)}`], peer: 'ff'.repeat(32) },
  },
  webCrypto: {
    algorithm: { name: 'X25519' },
    // deriveBits refuses an all-zero result: the low-order check runs before, and a non-canonical u is reduced first
    rawElement: canonicalU,
    basePoint: NINE,
    // Alice and Bob; scalars whose X25519(k, 9) starts or ends with a zero byte; a scalar with a
    // leading zero byte against a u above p with bit 255 set
    knownAnswers: [
      RFC7748_ALICE,
      ofBase(`3812${'5a'.repeat(30)}`, '0085933f88b7b09637cf6428f761962d14355015e3640beed0bbb3edeb4e0864'),
      ofBase(`2000${'5a'.repeat(30)}`, '16bb997204f97e11781db0e7bd608d7c382670bbfe7beef1e62ce7a385dce300'),
      {
        d: `00${'a5'.repeat(31)}`,
        pub: 'e41176026c5e696cee662dbfebe27cb0786397fcf3f7ef386b08d3dca440ef59',
        peers: [['ff'.repeat(32), '3165df85273923e52d1ac4ffbba7d8a1a4fe6bddac57c9e627d96b2be95cc015']],
      },
    ],
  },
} as const;

export const X25519: Group = /* @__PURE__ */ Object.freeze({
  ...data,
  ...doors(data, { noble: nobleX25519, wasm: wasmX25519(data.native, nobleX25519) }),
  elementProblem: (u: Uint8Array) =>
    isLowOrder(u)
      ? 'must give a non-zero X25519 shared secret, got a low-order point that gives the all-zero value'
      : undefined,
  isValidScalar: () => true,
} as const);
