// The HPKE doors against hostile or unusual callers (DESIGN.md, "What the attack runs keep
// finding"): a foreign key whose bytes are a Buffer is read, never wiped; a copy of the caller's
// randomness or seed is wiped when the call fails after taking it; the one-stage KDFs refuse an
// ikm that holds no bytes instead of deriving from the empty string.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MlKem768 as Theirs } from '@hpke/ml-kem';

import { KDF_SHAKE256 } from '../../src/hpke/kdf.js';
import { MlKem768 } from '../../src/hpke/ml-kem.js';
import { XWing } from '../../src/hpke/x-wing.js';

/** Runs f, recording every array of 32 bytes or more that Uint8Array.prototype.set fills with bytes starting 0xab 0xcd. */
async function copiesOf(f: () => Promise<unknown>): Promise<Uint8Array[]> {
  const made: Uint8Array[] = [];
  const set = Uint8Array.prototype.set;
  Uint8Array.prototype.set = function (this: Uint8Array, ...args: Parameters<typeof set>) {
    Reflect.apply(set, this, args);
    if (this.length >= 32 && this[0] === 0xab && this[1] === 0xcd) made.push(this);
  } as typeof set;
  try {
    await f().catch(() => undefined);
  } finally {
    Uint8Array.prototype.set = set;
  }
  return made;
}
const marked = (n: number): Uint8Array => Uint8Array.of(0xab, 0xcd, ...new Uint8Array(n - 2).fill(0x11));
const stillSecret = (copies: Uint8Array[]) => copies.filter((c) => c[0] === 0xab && c[1] === 0xcd).length;

describe('HPKE doors against hostile callers', () => {
  it("decap with @hpke/ml-kem's key over a Buffer leaves the caller's bytes as they were", async () => {
    const theirs = new Theirs();
    const ours = new MlKem768();
    const pair = await theirs.generateKeyPair();
    const seed = Buffer.from(new Uint8Array(await theirs.serializePrivateKey(pair.privateKey)));
    const key = await theirs.importKey('raw', seed as never, false); // keeps the Buffer itself as its bytes (its types say ArrayBuffer)
    const before = Buffer.from(seed);
    const { enc, sharedSecret } = await ours.encap({ recipientPublicKey: pair.publicKey });
    for (let i = 0; i < 2; i++)
      assert.deepEqual(new Uint8Array(await ours.decap({ recipientKey: key, enc })), new Uint8Array(sharedSecret));
    assert.ok(seed.equals(before), "the caller's key bytes were changed");
  });

  it("encap wipes its copy of the ekm when reading the recipient's key throws", async () => {
    const kem = new MlKem768();
    const params = {
      ekm: marked(32).buffer,
      get recipientPublicKey(): never {
        throw new Error('a hostile getter');
      },
    };
    assert.equal(stillSecret(await copiesOf(() => kem.encap(params as never))), 0);
  });

  it('X-Wing generateKeyPairDerand called on another object wipes its copy of the seed', async () => {
    const copies = await copiesOf(() => XWing.prototype.generateKeyPairDerand.call({}, marked(32)));
    assert.ok(copies.length > 0);
    assert.equal(stillSecret(copies), 0);
  });

  it('a one-stage KDF refuses an ikm that holds no bytes, and an L outside [0, 65535]', async () => {
    const kdf = KDF_SHAKE256();
    const detached = new Uint8Array(16);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    await assert.rejects(kdf.Derive(detached, 32), { code: 'ERR_INVALID_TYPE' });
    await assert.rejects(kdf.Derive('not bytes' as never, 32), { code: 'ERR_INVALID_TYPE' });
    await assert.rejects(kdf.Derive(new Uint8Array(8), 65536), RangeError);
    assert.equal((await kdf.Derive(new Uint8Array(8), 32)).length, 32);
  });
});
