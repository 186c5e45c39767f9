// Re-wrapped errors keep what they wrap: an MlKemError that a layer restates in
// its caller's terms has the original as its `cause`, quoted whole where its detail is needed (no
// message text edited), and the Web Crypto layer's DOMExceptions carry the MlKemError behind them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { rethrowAs } from '../../src/errors.js';
import { MLKEM768_P256, XWing } from '../../src/hybrid/index.js';
import { MlKem512, MlKem768, MlKemError } from '../../src/index.js';
import { decodePkcs8, encodePkcs8 } from '../../src/keys/index.js';
import { subtle } from '../../src/webcrypto/index.js';
import { Q, setCoeff } from '../support/helpers.js';

/** The error f throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  assert.fail('expected a throw');
}

const isMlKemError = (err: unknown, code: string): err is MlKemError => err instanceof MlKemError && err.code === code;

describe('error causes', () => {
  it('rethrowAs wraps only the listed codes, with the original as cause; anything else passes through as it is', () => {
    const inner = new MlKemError('ERR_INVALID_LENGTH', 'inner message');
    const wrapped = thrown(() =>
      rethrowAs(inner, ['ERR_INVALID_LENGTH'], 'ERR_INVALID_KEY_ENCODING', (c) => `outer: ${c.message}`),
    );
    assert.ok(isMlKemError(wrapped, 'ERR_INVALID_KEY_ENCODING'));
    assert.equal(wrapped.message, 'outer: inner message');
    assert.equal(wrapped.cause, inner);
    assert.ok(!Object.keys(wrapped).includes('cause'), 'cause is not enumerable, as Error defines it');
    assert.equal(
      thrown(() => rethrowAs(inner, ['ERR_INVALID_TYPE'], 'ERR_INVALID_KEY_ENCODING', () => 'x')),
      inner,
    );
    const other = new TypeError('not ours');
    assert.equal(
      thrown(() => rethrowAs(other, ['ERR_INVALID_LENGTH'], 'ERR_INVALID_KEY_ENCODING', () => 'x')),
      other,
    );
  });

  it("a hybrid's ML-KEM half failing FIPS 203 §7.2 is restated for the hybrid's publicKey, with ML-KEM's error as cause", () => {
    for (const kem of [XWing, MLKEM768_P256]) {
      const pk = kem.keygen().publicKey;
      setCoeff(pk, 0, Q); // the first 12-bit coefficient of the ML-KEM half (first in both)
      const err = thrown(() => kem.encapsulate(pk));
      assert.ok(isMlKemError(err, 'ERR_INVALID_PUBLIC_KEY'));
      assert.match(
        err.message,
        new RegExp(`^${kem.name} publicKey is not valid: its ML-KEM-768 encapsulation key \\(bytes 0\\.\\.1184\\)`),
      );
      assert.ok(isMlKemError(err.cause, 'ERR_INVALID_PUBLIC_KEY'), 'the ML-KEM error is the cause');
    }
  });

  it('mlkem-ts/keys names the encoding, then quotes the check it failed whole (no text replaced), as its cause', () => {
    const pair = MlKem512.keygen();
    const dk = pair.secretKey.slice();
    dk[dk.length - 40]! ^= 1; // inside H(ek): the §7.3 hash check fails
    const err = thrown(() => encodePkcs8({ secretKey: dk }, { form: 'expanded' }));
    assert.ok(isMlKemError(err, 'ERR_INVALID_SECRET_KEY'));
    assert.ok(isMlKemError(err.cause, 'ERR_INVALID_SECRET_KEY'));
    assert.equal(err.message, `encodePkcs8 key.secretKey: ${err.cause.message}`);
    assert.match(err.cause.message, /H\(ek\)/);
    const der = encodePkcs8({ secretKey: pair.secretKey }, { form: 'expanded' });
    der[der.length - 40]! ^= 1;
    const decoded = thrown(() => decodePkcs8(der));
    assert.ok(isMlKemError(decoded, 'ERR_INVALID_SECRET_KEY'));
    assert.ok(decoded.message.startsWith('PKCS#8 expandedKey: '));
    assert.ok(decoded.cause instanceof MlKemError);
  });

  it("the Web Crypto layer's DOMExceptions have the MlKemError behind them as cause", async () => {
    const pk = MlKem768.keygen().publicKey;
    setCoeff(pk, 0, Q);
    const err = await subtle.importKey('raw-public', pk, 'ML-KEM-768', true, ['encapsulateBits']).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof DOMException && err.name === 'DataError');
    assert.ok(isMlKemError(err.cause, 'ERR_INVALID_PUBLIC_KEY'));
    assert.ok(err.message.endsWith(err.cause.message), 'the message quotes the cause whole');
    const plain = await subtle.importKey('raw-public', pk.subarray(1), 'ML-KEM-768', true, ['encapsulateBits']).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(
      plain instanceof DOMException && plain.name === 'DataError' && !('cause' in plain),
      'a failure of our own step has no cause',
    );
  });
});
