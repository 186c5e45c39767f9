// The parameter sets of src/params.ts against FIPS 203, §8: Table 2 (k, eta1, eta2, du, dv) and
// Table 3 (sizes in bytes), and the sizes the public ML-KEM objects report.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MlKem1024, MlKem512, MlKem768 } from '../../src/index.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768, type ParameterSet } from '../../src/params.js';

// FIPS 203, Tables 2 and 3, copied from the standard.
const TABLE = [
  {
    set: ML_KEM_512,
    kem: MlKem512,
    name: 'ML-KEM-512',
    k: 2,
    eta1: 3,
    eta2: 2,
    du: 10,
    dv: 4,
    ek: 800,
    dk: 1632,
    ct: 768,
  },
  {
    set: ML_KEM_768,
    kem: MlKem768,
    name: 'ML-KEM-768',
    k: 3,
    eta1: 2,
    eta2: 2,
    du: 10,
    dv: 4,
    ek: 1184,
    dk: 2400,
    ct: 1088,
  },
  {
    set: ML_KEM_1024,
    kem: MlKem1024,
    name: 'ML-KEM-1024',
    k: 4,
    eta1: 2,
    eta2: 2,
    du: 11,
    dv: 5,
    ek: 1568,
    dk: 3168,
    ct: 1568,
  },
] as const;

for (const row of TABLE) {
  test(`${row.name}: Table 2 parameters`, () => {
    const p: ParameterSet = row.set;
    assert.equal(p.name, row.name);
    assert.equal(p.k, row.k);
    assert.equal(p.eta1, row.eta1);
    assert.equal(p.eta2, row.eta2);
    assert.equal(p.du, row.du);
    assert.equal(p.dv, row.dv);
  });

  test(`${row.name}: Table 3 sizes and their formulas 384k+32, 768k+96, 32(du·k+dv)`, () => {
    const p = row.set;
    assert.equal(p.publicKeyBytes, row.ek);
    assert.equal(p.secretKeyBytes, row.dk);
    assert.equal(p.ciphertextBytes, row.ct);
    assert.equal(p.publicKeyBytes, 384 * p.k + 32);
    assert.equal(p.secretKeyBytes, 768 * p.k + 96);
    assert.equal(p.ciphertextBytes, 32 * (p.du * p.k + p.dv));
    // dk = dk_PKE ‖ ek ‖ H(ek) ‖ z (Algorithm 16).
    assert.equal(p.secretKeyBytes, 384 * p.k + p.publicKeyBytes + 32 + 32);
  });

  test(`${row.name}: the public object reports the same name and sizes`, () => {
    assert.equal(row.kem.name, row.name);
    assert.deepEqual(
      { ...row.kem.sizes },
      { publicKey: row.ek, secretKey: row.dk, ciphertext: row.ct, sharedSecret: 32, seed: 64 },
    );
  });

  test(`${row.name}: parameter set, public object and its sizes are frozen`, () => {
    assert.ok(Object.isFrozen(row.set), 'parameter set not frozen');
    assert.ok(Object.isFrozen(row.kem), 'MlKem object not frozen');
    assert.ok(Object.isFrozen(row.kem.sizes), 'sizes not frozen');
    assert.throws(() => {
      (row.set as { k: number }).k = 99; // ES modules are strict: writing a frozen property throws
    }, TypeError);
    assert.equal(row.set.k, row.k);
  });
}
