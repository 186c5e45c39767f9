// The fused K-PKE exports (assembly/kpke.ts) against their twin, src/kpke.ts's kpkeEncrypt and
// kpkeDecrypt step by step on the portable kernels: random Âᵀ ‖ t̂ and ŝ over the range the
// kernels document (not only those of real keys), random m, r, z and ciphertexts, with and
// without J(z ‖ c), at each parameter set; every call leaves the module's scratch as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { kpkeDecrypt, kpkeEncrypt } from '../../src/kpke.js';
import { ML_KEM_1024, ML_KEM_512, ML_KEM_768 } from '../../src/params.js';
import { portableKernels as P } from '../../src/portable/index.js';
import { type Workspace, createWorkspace } from '../../src/workspace.js';
import { Q, randInt, rng } from '../support/helpers.js';
import { freshWasm } from '../support/wasm-harness.js';

const next = rng(0x6b706b65);
const { kernels: W, assertScratchClean } = freshWasm();
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

test('the WebAssembly kernels offer the fused kpkeEncrypt and kpkeDecrypt; the portable ones do not', () => {
  assert.equal(typeof W.kpkeEncrypt, 'function');
  assert.equal(typeof W.kpkeDecrypt, 'function');
  assert.equal(P.kpkeEncrypt, undefined);
  assert.equal(P.kpkeDecrypt, undefined);
});

for (const p of [ML_KEM_512, ML_KEM_768, ML_KEM_1024]) {
  test(`${p.name}: the fused kpkeEncrypt and kpkeDecrypt give the bytes of the portable sequence`, () => {
    const [w, v] = [createWorkspace(p, W), createWorkspace(p, P)];
    /** The same random bytes into a buffer of both workspaces. */
    const bytes = (pick: (ws: Workspace) => Uint8Array) => {
      const b = pick(w);
      for (let i = 0; i < b.length; i++) b[i] = next() & 0xff;
      pick(v).set(b);
    };
    for (let round = 0; round < 30; round++) {
      const what = `${p.name} round ${round}`;
      // Âᵀ ‖ t̂ and ŝ in [0, q), as sampling and ByteDecode_12 give them; bytes anywhere.
      for (let i = 0; i < w.aAndT.length; i++) w.aAndT[i] = v.aAndT[i] = randInt(next, 0, Q - 1);
      for (let i = 0; i < w.s.length; i++) w.s[i] = v.s[i] = randInt(next, 0, Q - 1);
      for (const pick of [(x: Workspace) => x.gHi, (x: Workspace) => x.dkZ, (x: Workspace) => x.c]) bytes(pick);

      kpkeDecrypt(p, W, w, w.c, w.m);
      kpkeDecrypt(p, P, v, v.c, v.m);
      assertScratchClean(`${what}: decrypt`);
      assert.equal(hex(w.m), hex(v.m), `${what}: decrypt`);

      kpkeEncrypt(p, W, w, w.m, w.gHi, w.c2, w.rejection);
      kpkeEncrypt(p, P, v, v.m, v.gHi, v.c2, v.rejection);
      assertScratchClean(`${what}: encrypt with J`);
      assert.equal(hex(w.c2), hex(v.c2), `${what}: encrypt with J, c`);
      assert.equal(hex(w.kBar), hex(v.kBar), `${what}: encrypt with J, J(z ‖ c)`);

      bytes((x) => x.m);
      kpkeEncrypt(p, W, w, w.m, w.gHi, w.c);
      kpkeEncrypt(p, P, v, v.m, v.gHi, v.c);
      assertScratchClean(`${what}: encrypt`);
      assert.equal(hex(w.c), hex(v.c), `${what}: encrypt`);
    }
  });
}
