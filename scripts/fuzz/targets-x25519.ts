// The fuzz targets of the WebAssembly X25519 (assembly/x25519.ts behind the curve seam,
// src/hybrid/curves/wasm-x25519.ts): the function itself against OpenSSL (node:crypto) on random,
// edge and mutated edge scalars and u (low-order points, u ≥ p, bit 255 set, every byte flipped),
// and X-Wing on wasm curves against X-Wing on node:crypto, both over the wasm ML-KEM, on mutated
// public keys, eseeds and ciphertexts: the same bytes or the same MlKemError (code and message).

import { MlKemError } from '../../src/errors.js';
import { X25519 } from '../../src/hybrid/curves/x25519.js';
import { xwingOver } from '../../src/hybrid/xwing.js';
import { loadWasmSync } from '../../src/wasm/index.js';
import { bytesArg, equal } from './args.js';
import { mutateBytes } from './mutate.js';
import { opensslX25519 as openssl } from './openssl-x25519.js';
import type { Rng } from './prng.js';
import type { Input, Target } from './targets.js';

const P = 2n ** 255n - 19n;
const le = (v: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn));
const EDGE_U = [
  0n,
  1n,
  9n,
  P - 1n,
  P,
  P + 1n,
  P + 18n,
  2n ** 255n - 1n,
  2n ** 254n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
].map(le);
const EDGE_K = [new Uint8Array(32), new Uint8Array(32).fill(0xff), le(1n), le(2n ** 254n), le(2n ** 255n)];
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function bytes32(r: Rng, edge: readonly Uint8Array[]): [Uint8Array, string] {
  switch (r.int(3)) {
    case 0:
      return [r.bytes(32), 'random'];
    case 1:
      return [r.pick(edge).slice(), 'edge'];
    default: {
      const [m, how] = mutateBytes(r, r.pick(edge), edge);
      return m.length === 32 ? [m, `mutated edge: ${how}`] : [r.bytes(32), 'random'];
    }
  }
}

/** What a call gave, as comparable text: its bytes, or the MlKemError it threw (anything else is a violation). */
function outcome(
  f: () => Uint8Array | { ciphertext: Uint8Array; sharedSecret: Uint8Array },
  fail: (m: string) => void,
): string {
  try {
    const v = f();
    return v instanceof Uint8Array ? hex(v) : `${hex(v.ciphertext)} ${hex(v.sharedSecret)}`;
  } catch (err) {
    if (err instanceof MlKemError) return `${err.code}: ${err.message}`;
    fail(`a foreign error: ${String(err)}`);
    return 'foreign';
  }
}

export function x25519Targets(): Target[] {
  const wasm = loadWasmSync();
  const ours = xwingOver(wasm.MlKem768, 'wasm');
  const theirs = xwingOver(wasm.MlKem768, 'native');
  // Fixed key pairs and ciphertexts: the mutations, not the keys, are what varies.
  const pairs = Array.from({ length: 4 }, (_, i) => ours.keygen(Uint8Array.from({ length: 32 }, (_, j) => 31 * i + j)));
  const encs = pairs.map((p, i) =>
    ours.encapsulateInternal(
      p.publicKey,
      Uint8Array.from({ length: 64 }, (_, j) => 17 * i + j),
    ),
  );
  return [
    {
      name: 'x25519.function',
      group: 'x25519',
      weight: 0.5,
      generate(r: Rng): Input {
        const [k, kHow] = bytes32(r, EDGE_K);
        const [u, uHow] = bytes32(r, EDGE_U);
        return { args: [bytesArg(k), bytesArg(u)], strategy: 'mutated', note: `k ${kHow}, u ${uHow}` };
      },
      run(input, _r, fail) {
        const [k, u] = input.args.map((a) => (a as { bytes: Uint8Array }).bytes) as [Uint8Array, Uint8Array];
        const [k0, u0] = [k.slice(), u.slice()];
        const key = X25519.impl('wasm').load(k);
        try {
          const got = key.sharedSecret(u);
          if (!equal(got, openssl(k, u)))
            fail(`X25519(${hex(k)}, ${hex(u)}) = ${hex(got)}, OpenSSL ${hex(openssl(k, u))}`);
          if (!equal(key.publicKey(), openssl(k, le(9n)))) fail(`X25519(${hex(k)}, 9) differs from OpenSSL's`);
        } finally {
          key.dispose();
        }
        if (!equal(k, k0) || !equal(u, u0)) fail('an input was modified');
        return 'ok';
      },
    },
    {
      name: 'x25519.xwing',
      group: 'x25519',
      weight: 0.5,
      generate(r: Rng): Input {
        const i = r.int(pairs.length);
        const op = r.int(2);
        // the X25519 share is the last 32 bytes of a public key and of a ciphertext
        const withShare = (b: Uint8Array): [Uint8Array, string] => {
          const [share, how] = bytes32(r, [b.subarray(-32), ...EDGE_U]);
          const out = b.slice();
          out.set(share, b.length - 32);
          return [out, `share ${how}`];
        };
        if (op === 0) {
          const [pk, how] = r.chance(0.8) ? withShare(pairs[i]!.publicKey) : mutateBytes(r, pairs[i]!.publicKey, []);
          const eseed = r.chance(0.5)
            ? r.bytes(64)
            : Uint8Array.from([...r.bytes(32), ...r.pick([...EDGE_K, r.bytes(32)])]);
          return { args: [bytesArg(pk), bytesArg(eseed)], strategy: 'mutated', note: `encapsulateInternal: pk ${how}` };
        }
        const [ct, how] = r.chance(0.8) ? withShare(encs[i]!.ciphertext) : mutateBytes(r, encs[i]!.ciphertext, []);
        return {
          args: [bytesArg(ct), bytesArg(pairs[i]!.secretKey)],
          strategy: 'mutated',
          note: `decapsulate: ct ${how}`,
        };
      },
      run(input, _r, fail) {
        const [a, b] = input.args.map((x) => (x as { bytes: Uint8Array }).bytes) as [Uint8Array, Uint8Array];
        const isEncaps = input.note.startsWith('encapsulateInternal');
        const call = (kem: typeof ours) => () => (isEncaps ? kem.encapsulateInternal(a, b) : kem.decapsulate(a, b));
        const [x, y] = [outcome(call(ours), fail), outcome(call(theirs), fail)];
        if (x !== y) fail(`X-Wing on wasm curves: ${x.slice(0, 200)}; on node:crypto: ${y.slice(0, 200)}`);
        return x.startsWith('ERR_') ? x.slice(0, x.indexOf(':')) : 'ok';
      },
    },
  ];
}
