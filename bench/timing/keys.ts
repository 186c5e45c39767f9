// Key pairs with a chosen ρ, for the decaps-key test. ρ is the public seed of the matrix Â, and
// sampling Â from it is rejection sampling: the one loop whose length depends on data, public
// data (README, Security). Random keys with random ρ would make a fixed-vs-random test measure
// that public variation; keys that share ρ and differ in everything secret (s, e, hence t̂, and
// z) isolate what must be constant time.
import { randomBytes } from 'node:crypto';

import type { KeyPair } from '../../src/index.js';
import { kpkeKeyGenFromSeeds } from '../../src/kpke.js';
import { assembleDk } from '../../src/mlkem.js';
import type { ParameterSet } from '../../src/params.js';
import { portableKernels as kern } from '../../src/portable/index.js';
import { createWorkspace } from '../../src/workspace.js';

/**
 * FIPS 203 Algorithm 13 (K-PKE.KeyGen) from the given ρ and a random σ (src/kpke.ts), then
 * dk = dk_PKE ‖ ek ‖ H(ek) ‖ z with a random z (Algorithm 16). The keys are valid ML-KEM keys in
 * the standard encoding, so either backend decapsulates with them; the caller checks that.
 */
export function keyPairWithRho(p: ParameterSet, rho: Uint8Array): Pick<KeyPair, 'publicKey' | 'secretKey'> {
  const ws = createWorkspace(p, kern);
  kpkeKeyGenFromSeeds(p, kern, ws, rho, new Uint8Array(randomBytes(32)));
  ws.z.set(randomBytes(32));
  assembleDk(kern, ws);
  return { publicKey: ws.ek.slice(), secretKey: ws.dk.slice() };
}
