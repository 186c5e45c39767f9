// The registry of algorithms (src/registry.ts) against the specifications' identifiers, written
// out here independently, and against what every layer derives from it: the KEM objects' names
// and sizes on both backends, the hybrids' constructions, the HPKE KEMs, the Web Crypto
// algorithms, the key formats' OIDs and JWK names, and the fuzzer's lists.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { CORE, HYBRIDS } from '../../scripts/fuzz/kems.js';
import { createHpkeKem } from '../../src/hpke/index.js';
import { CONSTRUCTIONS } from '../../src/hybrid/constructions.js';
import { MlKemError } from '../../src/index.js';
import { algorithmOfOid, kemFor, oidOf } from '../../src/keys/algorithms.js';
import { oidToString } from '../../src/keys/der.js';
import { toJwk } from '../../src/keys/index.js';
import { HYBRID_ENTRIES, ML_KEM_ENTRIES, REGISTRY, entryOf, memberOf } from '../../src/registry.js';
import { algorithmList } from '../../src/webcrypto/algorithms.js';
import { backends } from '../support/backends.js';

/**
 * The identifiers as the specifications give them: FIPS 203 Table 3 (sizes), RFC 9935 §3 (OIDs),
 * draft-ietf-hpke-pq (KEM ids), RFC 10024 §5 (TLS code points), the X-Wing and concrete-hybrid
 * drafts (sizes), Node 26's Web Crypto names.
 */
const EXPECTED = [
  ['ML-KEM-512', 'ML-KEM-512', 0x0040, '2.16.840.1.101.3.4.4.1', undefined, [800, 1632, 768, 32, 64]],
  ['ML-KEM-768', 'ML-KEM-768', 0x0041, '2.16.840.1.101.3.4.4.2', undefined, [1184, 2400, 1088, 32, 64]],
  ['ML-KEM-1024', 'ML-KEM-1024', 0x0042, '2.16.840.1.101.3.4.4.3', undefined, [1568, 3168, 1568, 32, 64]],
  ['X-Wing', 'MLKEM768-X25519', 0x647a, undefined, undefined, [1216, 32, 1120, 32, 32]],
  ['MLKEM768-P256', 'MLKEM768-P256', 0x0050, undefined, undefined, [1249, 32, 1153, 32, 32]],
  ['MLKEM1024-P384', 'MLKEM1024-P384', 0x0051, undefined, undefined, [1665, 32, 1665, 32, 32]],
  ['X25519MLKEM768', undefined, undefined, undefined, 0x11ec, [1216, 96, 1120, 64, 96]],
  ['SecP256r1MLKEM768', undefined, undefined, undefined, 0x11eb, [1249, 112, 1153, 64, 112]],
  ['SecP384r1MLKEM1024', undefined, undefined, undefined, 0x11ed, [1665, 136, 1665, 80, 136]],
] as const;

/** The KEM object of an entry over a backend's ML-KEM objects. */
function kemOf(name: string, backend: (typeof backends)[number]) {
  const e = entryOf(name)!;
  const mlkem = backend.kems.find((k) => k.name === e.mlkem)!;
  return e.kind === 'ml-kem' ? mlkem : CONSTRUCTIONS.find((c) => c.name === name)!.create(mlkem);
}

describe('the registry of algorithms', () => {
  it('has the nine KEMs with the identifiers of their specifications', () => {
    assert.deepEqual(
      REGISTRY.map((e) => [
        e.name,
        e.webCrypto,
        e.hpke?.id,
        e.oid,
        e.tls,
        [e.sizes.publicKey, e.sizes.secretKey, e.sizes.ciphertext, e.sizes.sharedSecret, e.sizes.seed],
      ]),
      EXPECTED.map((x) => [...x]),
    );
    assert.equal(
      new Set(REGISTRY.flatMap((e) => [e.name, ...e.aliases])).size,
      REGISTRY.length + REGISTRY.reduce((n, e) => n + e.aliases.length, 0),
      'names and aliases are unique',
    );
    assert.deepEqual(entryOf('X-Wing')!.aliases, ['MLKEM768-X25519']);
  });

  for (const backend of backends) {
    it(`each entry's object has its name and sizes (${backend.name})`, () => {
      for (const e of REGISTRY) {
        const kem = kemOf(e.name, backend);
        assert.equal(kem.name, e.name);
        const { eseed, ...rest } = e.sizes;
        assert.deepEqual(
          { ...kem.sizes, eseed: 'eseed' in kem.sizes ? kem.sizes.eseed : 32 },
          { ...rest, eseed },
          e.name,
        );
      }
    });
  }

  it('every hybrid has exactly one construction, in the registry order, built on its ML-KEM level', () => {
    assert.deepEqual(
      CONSTRUCTIONS.map((c) => c.name),
      HYBRID_ENTRIES.map((e) => e.name),
    );
    for (const c of CONSTRUCTIONS) {
      const level = entryOf(c.name)!.mlkem;
      const other = ML_KEM_ENTRIES.find((e) => e.name !== level)!;
      assert.equal(c.create(kemFor(level)).name, c.name);
      assert.throws(
        () => c.create(kemFor(other.name)),
        (err: unknown) => err instanceof MlKemError && err.code === 'ERR_INVALID_TYPE',
      );
    }
  });

  it('the HPKE KEMs take their names and ids from it; the TLS groups are not HPKE KEMs', () => {
    for (const e of REGISTRY) {
      const kem = kemOf(e.name, backends[0]!);
      if (e.hpke === undefined) {
        assert.throws(
          () => createHpkeKem(kem),
          (err: unknown) => err instanceof MlKemError && err.code === 'ERR_INVALID_TYPE',
        );
      } else {
        const hpke = createHpkeKem(kem);
        assert.deepEqual(
          { name: hpke.name, id: hpke.id, Npk: hpke.Npk, Nenc: hpke.Nenc },
          { ...e.hpke, Npk: e.sizes.publicKey, Nenc: e.sizes.ciphertext },
        );
      }
    }
  });

  it('the Web Crypto layer has an algorithm for each Web Crypto name, with spki/pkcs8 where there is an OID', async () => {
    const list = algorithmList();
    assert.deepEqual(
      list.map((a) => [a.name, a.pkix]),
      REGISTRY.filter((e) => e.webCrypto !== undefined).map((e) => [e.webCrypto, e.oid !== undefined]),
    );
    for (const a of list) {
      const e = REGISTRY.find((x) => x.webCrypto === a.name)!;
      const kem = await a.kem({
        name: 'portable',
        ...Object.fromEntries(backends[0]!.kems.map((k) => [memberOf(k.name), k])),
      } as never);
      assert.equal(kem.name, e.name);
    }
  });

  it('the key formats take their OIDs and JWK names from it', () => {
    for (const e of ML_KEM_ENTRIES) {
      assert.equal(oidToString(oidOf(e.name)), e.oid);
      assert.equal(algorithmOfOid(oidOf(e.name)), e.name);
      assert.equal(toJwk({ publicKey: kemFor(e.name).keygen().publicKey }).alg, e.jwk);
    }
    assert.equal(algorithmOfOid(Uint8Array.of(0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x04)), undefined);
  });

  it('the fuzzer runs every KEM on both backends', () => {
    assert.deepEqual(
      [...CORE, ...HYBRIDS].map(([p, w]) => [p.name, w.name]),
      REGISTRY.map((e) => [e.name, e.name]),
    );
  });
});
