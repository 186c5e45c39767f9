// draft-ietf-hpke-pq's test vectors (../shared/vectors/hpke-pq, see its README.md) for every KEM
// of ours, on both backends: our KEMs alone; then through the `hpke` library (key derivation,
// enc, shared_secret, the key schedule's key, base_nonce and exporter_secret, all encryptions
// and exports, sender and recipient); then through `@hpke/core` for the vectors whose KDF and
// AEAD it has. @hpke/core cannot run the vectors with a one-stage SHA-3 KDF (SHAKE128/256,
// TurboSHAKE256): its key schedule is RFC 9180's two-stage one only, with no place for LabeledDerive.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { CipherSuite as CoreSuite, type SenderContext as CoreSender } from '@hpke/core';
import * as HPKE from 'hpke';

import { hpkeCoreKem } from '../../src/hpke/hpke-core.js';
import { hpkeKem, type HpkeKem, type HpkeKey } from '../../src/hpke/index.js';
import { backends } from '../support/backends.js';
import {
  CORE_AEADS,
  CORE_KDFS,
  encapRandomness,
  HPKE_AEADS,
  HPKE_KDFS,
  hpkeKems,
  hpkeVectorDir,
  hpkeVectors,
  te,
  type HpkeVector,
} from '../support/hpke-helpers.js';
import { toHex } from '../support/hybrid-reference.js';
import { hex } from '../support/vectors.js';

const lengthPrefixed = (x: Uint8Array) => HPKE.concat(HPKE.I2OSP(x.length, 2), x);

/** `hpke`'s KEMFactory for kem, with Encap taking the vector's ikmE as its randomness. */
function derandomized(kem: HpkeKem, ikmE: Uint8Array): HPKE.KEMFactory<HpkeKey> {
  const base = hpkeKem(kem)();
  return () => ({
    ...base,
    async Encap(pkR: HpkeKey) {
      const { sharedSecret, enc } = kem.encapDerand(await base.SerializePublicKey(pkR), ikmE);
      return { shared_secret: sharedSecret, enc };
    },
  });
}

/**
 * The key schedule of draft-ietf-hpke-hpke §5.1 (base mode) with `hpke`'s own labeled KDF
 * functions and the suite's KDF: one LabeledDerive for a one-stage KDF, else LabeledExtract and
 * LabeledExpand.
 */
async function keySchedule(v: HpkeVector, sharedSecret: Uint8Array) {
  const kdf = HPKE_KDFS[v.kdf_id]!();
  const aead = HPKE_AEADS[v.aead_id]!();
  const suiteId = hex(v.suite_id);
  const info = hex(v.info);
  const empty = new Uint8Array(0);
  if (kdf.stages === 1) {
    const context = HPKE.concat(Uint8Array.of(0), lengthPrefixed(empty), lengthPrefixed(info));
    const secret = await HPKE.LabeledDerive(
      kdf,
      suiteId,
      HPKE.concat(lengthPrefixed(empty), lengthPrefixed(sharedSecret)),
      te('secret'),
      context,
      aead.Nk + aead.Nn + kdf.Nh,
    );
    return {
      key: secret.subarray(0, aead.Nk),
      baseNonce: secret.subarray(aead.Nk, aead.Nk + aead.Nn),
      exporterSecret: secret.subarray(aead.Nk + aead.Nn),
    };
  }
  const pskIdHash = await HPKE.LabeledExtract(kdf, suiteId, empty, te('psk_id_hash'), empty);
  const infoHash = await HPKE.LabeledExtract(kdf, suiteId, empty, te('info_hash'), info);
  const context = HPKE.concat(Uint8Array.of(0), pskIdHash, infoHash);
  const secret = await HPKE.LabeledExtract(kdf, suiteId, sharedSecret, te('secret'), empty);
  return {
    key: await HPKE.LabeledExpand(kdf, suiteId, secret, te('key'), context, aead.Nk),
    baseNonce: await HPKE.LabeledExpand(kdf, suiteId, secret, te('base_nonce'), context, aead.Nn),
    exporterSecret: await HPKE.LabeledExpand(kdf, suiteId, secret, te('exp'), context, kdf.Nh),
  };
}

/** base_nonce XOR I2OSP(seq, Nn) (draft-ietf-hpke-hpke §5.2). */
function nonceOf(baseNonce: Uint8Array, seq: number): string {
  const n = baseNonce.slice();
  n[n.length - 1]! ^= seq; // seq < 10 here
  return toHex(n);
}

function label(v: HpkeVector): string {
  return `kem 0x${v.kem_id.toString(16).padStart(4, '0')}, kdf ${v.kdf_id}, aead ${v.aead_id}`;
}

for (const backend of backends) {
  const kems = hpkeKems(backend);
  const ours = hpkeVectors.filter((v) => kems.has(v.kem_id));

  describe(
    `HPKE-PQ vectors on ${backend.name}`,
    { skip: hpkeVectorDir === undefined ? 'vectors not found' : false },
    () => {
      it('has the 13 vectors of the README, all base mode; 9 are of the six KEMs of the draft, ours', () => {
        assert.equal(hpkeVectors.length, 13);
        assert.ok(hpkeVectors.every((v) => v.mode === 0 && v.encryptions.length === 10 && v.exports.length === 5));
        assert.equal(hpkeVectors.filter((v) => [0x40, 0x41, 0x42, 0x50, 0x51, 0x647a].includes(v.kem_id)).length, 9);
        assert.deepEqual(
          [...kems.keys()].sort((a, b) => a - b),
          [0x40, 0x41, 0x42, 0x50, 0x51, 0x647a],
        );
        assert.equal(ours.length, 9);
      });

      for (const v of ours) {
        const kem = kems.get(v.kem_id)!;

        it(`${label(v)}: our KEM: DeriveKeyPair, Encap with ikmE, Decap`, () => {
          const pair = kem.deriveKeyPair(hex(v.ikmR));
          assert.equal(toHex(pair.privateKey), v.skRm);
          assert.equal(toHex(pair.publicKey), v.pkRm);
          const e = kem.encapDerand(hex(v.pkRm), encapRandomness(kem, hex(v.ikmE)));
          assert.equal(toHex(e.enc), v.enc);
          assert.equal(toHex(e.sharedSecret), v.shared_secret);
          assert.equal(toHex(kem.decap(hex(v.enc), hex(v.skRm))), v.shared_secret);
        });

        it(`${label(v)}: through hpke`, async () => {
          const factory = derandomized(kem, encapRandomness(kem, hex(v.ikmE)));
          const suite = new HPKE.CipherSuite(factory, HPKE_KDFS[v.kdf_id]!, HPKE_AEADS[v.aead_id]!);
          const { privateKey, publicKey } = await suite.DeriveKeyPair(hex(v.ikmR), true);
          assert.equal(toHex(await suite.SerializePrivateKey(privateKey)), v.skRm);
          assert.equal(toHex(await suite.SerializePublicKey(publicKey)), v.pkRm);

          const { shared_secret } = await factory().Encap(publicKey);
          assert.equal(toHex(shared_secret), v.shared_secret);
          const { key, baseNonce, exporterSecret } = await keySchedule(v, shared_secret);
          assert.deepEqual(
            [toHex(key), toHex(baseNonce), toHex(exporterSecret)],
            [v.key, v.base_nonce, v.exporter_secret],
          );

          const info = hex(v.info);
          const { encapsulatedSecret, ctx: sender } = await suite.SetupSender(publicKey, { info });
          assert.equal(toHex(encapsulatedSecret), v.enc);
          // From the serialized private key, as a recipient would have it.
          const recipient = await suite.SetupRecipient(await suite.DeserializePrivateKey(hex(v.skRm)), hex(v.enc), {
            info,
          });
          for (const [seq, e] of v.encryptions.entries()) {
            assert.equal(nonceOf(baseNonce, seq), e.nonce);
            assert.equal(toHex(await sender.Seal(hex(e.pt), hex(e.aad))), e.ct, `encryption ${seq}`);
            assert.equal(toHex(await recipient.Open(hex(e.ct), hex(e.aad))), e.pt, `decryption ${seq}`);
          }
          for (const x of v.exports) {
            assert.equal(toHex(await sender.Export(hex(x.exporter_context), x.L)), x.exported_value);
            assert.equal(toHex(await recipient.Export(hex(x.exporter_context), x.L)), x.exported_value);
          }
        });

        const coreCan = v.kdf_id in CORE_KDFS && v.aead_id in CORE_AEADS;
        it(
          `${label(v)}: through @hpke/core`,
          { skip: coreCan ? false : '@hpke/core has no one-stage (SHA-3) KDF' },
          async () => {
            const suite = new CoreSuite({
              kem: hpkeCoreKem(kem),
              kdf: CORE_KDFS[v.kdf_id]!(),
              aead: CORE_AEADS[v.aead_id]!(),
            });
            const pair = await suite.kem.deriveKeyPair(hex(v.ikmR));
            assert.equal(toHex(new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey))), v.skRm);
            assert.equal(toHex(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))), v.pkRm);
            const ekm = encapRandomness(kem, hex(v.ikmE));
            const kemOut = await suite.kem.encap({ recipientPublicKey: pair.publicKey, ekm });
            assert.equal(toHex(new Uint8Array(kemOut.sharedSecret)), v.shared_secret);

            const info = hex(v.info).buffer;
            const sender = await suite.createSenderContext({ recipientPublicKey: pair.publicKey, info, ekm });
            assert.equal(toHex(new Uint8Array(sender.enc)), v.enc);
            const recipientKey = await suite.kem.deserializePrivateKey(hex(v.skRm));
            const recipient = await suite.createRecipientContext({ recipientKey, enc: hex(v.enc), info });
            // @hpke/core keeps base_nonce and exporter_secret on the context (key: inside its AEAD, proven by the ciphertexts).
            for (const ctx of [sender, recipient] as unknown as {
              exporterSecret: ArrayBuffer;
              _ctx: { baseNonce: Uint8Array };
            }[]) {
              assert.equal(toHex(new Uint8Array(ctx.exporterSecret)), v.exporter_secret);
              assert.equal(toHex(ctx._ctx.baseNonce), v.base_nonce);
            }
            for (const [seq, e] of v.encryptions.entries()) {
              assert.equal(toHex(new Uint8Array(await sender.seal(hex(e.pt), hex(e.aad)))), e.ct, `encryption ${seq}`);
              assert.equal(
                toHex(new Uint8Array(await recipient.open(hex(e.ct), hex(e.aad)))),
                e.pt,
                `decryption ${seq}`,
              );
            }
            for (const x of v.exports) {
              assert.equal(
                toHex(new Uint8Array(await (sender as CoreSender).export(hex(x.exporter_context), x.L))),
                x.exported_value,
              );
              assert.equal(
                toHex(new Uint8Array(await recipient.export(hex(x.exporter_context), x.L))),
                x.exported_value,
              );
            }
          },
        );
      }
    },
  );
}

// Our one-stage KDFs are also checked on the draft's 4 DHKEM vectors (each with a SHA-3 KDF, among
// them the only TurboSHAKE128 one), through `hpke` with its own Web Crypto DHKEM, on the
// recipient side (a DHKEM's Encap cannot be given ikmE from outside): key derivation, key
// schedule, all decryptions and exports.
const DHKEMS: Record<number, HPKE.KEMFactory> = {
  0x10: HPKE.KEM_DHKEM_P256_HKDF_SHA256,
  0x11: HPKE.KEM_DHKEM_P384_HKDF_SHA384,
  0x20: HPKE.KEM_DHKEM_X25519_HKDF_SHA256,
  0x21: HPKE.KEM_DHKEM_X448_HKDF_SHA512,
};

describe(
  'our SHA-3 KDFs in hpke, on the DHKEM vectors of the draft',
  { skip: hpkeVectorDir === undefined ? 'vectors not found' : false },
  () => {
    const dh = hpkeVectors.filter((v) => v.kem_id in DHKEMS);
    it('has the 4 DHKEM vectors, covering the KDFs 16 to 19', () => {
      assert.deepEqual(
        dh.map((v) => v.kdf_id).sort((a, b) => a - b),
        [16, 17, 18, 19],
      );
    });
    for (const v of dh) {
      it(`${label(v)}: recipient side`, async () => {
        const suite = new HPKE.CipherSuite(DHKEMS[v.kem_id]!, HPKE_KDFS[v.kdf_id]!, HPKE_AEADS[v.aead_id]!);
        // DeriveKeyPair runs the KDF; pkRm proves it. (skRm is left out: for X448 the serialized
        // scalar differs from the vector's in the bits that clamping sets, a DHKEM matter.)
        const { privateKey, publicKey } = await suite.DeriveKeyPair(hex(v.ikmR), true);
        assert.equal(toHex(await suite.SerializePublicKey(publicKey)), v.pkRm);
        const { key, baseNonce, exporterSecret } = await keySchedule(v, hex(v.shared_secret));
        assert.deepEqual(
          [toHex(key), toHex(baseNonce), toHex(exporterSecret)],
          [v.key, v.base_nonce, v.exporter_secret],
        );
        const recipient = await suite.SetupRecipient({ privateKey, publicKey }, hex(v.enc), { info: hex(v.info) });
        for (const e of v.encryptions) assert.equal(toHex(await recipient.Open(hex(e.ct), hex(e.aad))), e.pt);
        for (const x of v.exports)
          assert.equal(toHex(await recipient.Export(hex(x.exporter_context), x.L)), x.exported_value);
      });
    }
  },
);
