// The fuzz targets of the hybrid factories (createXWing and the others), given real, copied,
// misshapen or wrongly typed MlKem objects.
import type { HybridKem } from '../../src/hybrid/index.js';
import type { Expected } from '../../test/support/contract.js';
import { equal, valueArg, wrongType } from './args.js';
import type { Corpus } from './corpus.js';
import { CORE, FACTORIES, HYBRIDS } from './kems.js';
import { type Target, checkedCall, tag } from './targets.js';

// ---- the hybrids' factories ------------------------------------------------------------------------

/**
 * createXWing and the other factories, given a real MlKem of either backend and any level, a copy
 * of one, objects shaped like one with a wrong name or a member missing, or values of wrong types.
 */
export function factoryTargets(corpus: Corpus): Target[] {
  const kems = CORE.flat();
  return FACTORIES.map(([factory, level], h): Target => ({
    name: `factory.${factory.name}`,
    group: 'factory',
    weight: 0.3,
    generate(r) {
      const kem = r.pick(kems);
      switch (r.int(4)) {
        case 0:
          return { args: [valueArg(kem)], strategy: 'valid', note: `${kem.name}` };
        case 1:
          return { args: [valueArg({ ...kem })], strategy: 'valid', note: `a copy of ${kem.name}` };
        case 2: {
          const shaped: Record<string, unknown> = { ...kem };
          const member = r.pick(['name', 'keygen', 'encapsulateInternal', 'decapsulate']);
          shaped[member] = r.chance(0.3)
            ? undefined
            : r.pick([
                'ML-KEM-768',
                'ML-KEM-1024',
                'X-Wing',
                42,
                () => 0,
                Object.create(null),
                Symbol('name'),
                { toString: () => 'ML-KEM-768' },
              ]);
          return { args: [valueArg(shaped)], strategy: 'mutated', note: `${member} replaced` };
        }
        default:
          return { args: [valueArg(wrongType(r, 16, r.bytes(16)))], strategy: 'wrong type', note: 'not an MlKem' };
      }
    },
    run(input, _r, fail) {
      const kem = input.args[0]!.t === 'value' ? input.args[0]!.value : undefined;
      // The factory's contract, read here with every read guarded: whatever cannot be read is not an MlKem.
      const expected = ((): Expected => {
        try {
          const k = kem as Record<string, unknown>;
          const ok =
            typeof k === 'object' &&
            k !== null &&
            k.name === level &&
            ['keygen', 'encapsulateInternal', 'decapsulate'].every((m) => typeof k[m] === 'function');
          return ok ? 'ok' : 'ERR_INVALID_TYPE';
        } catch {
          return 'ERR_INVALID_TYPE';
        }
      })();
      const out = checkedCall(
        `factory.${factory.name}`,
        input.args,
        factory as (...a: unknown[]) => unknown,
        expected,
        fail,
      );
      // Only over a real MlKem: an object that merely has the shape may do anything when used.
      if (out.kind === 'ok' && input.strategy === 'valid') {
        const made = out.value as HybridKem;
        const e = corpus.hybrid[h]![0]!;
        if (made.name !== HYBRIDS[h]![0].name || !equal(made.keygen(e.seed).publicKey, e.pk))
          fail(`factory.${factory.name}: not the hybrid it should make`);
      }
      return tag(out);
    },
  }));
}
