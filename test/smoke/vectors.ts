// The ACVP subset of the smoke suite, picked from ../shared/vectors/acvp (never copied into the
// repository: scripts/test-runtimes.ts writes it into the consumer folder it builds, outside git).
// Per parameter set: a few keyGen and encapsulation cases, decapsulation cases of both reasons
// (valid and modified ciphertext) and key checks that pass and that fail.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Set = 'ML-KEM-512' | 'ML-KEM-768' | 'ML-KEM-1024';
interface Case {
  set: Set;
  tcId: number;
}

export interface SmokeVectors {
  keyGen: Array<Case & { d: string; z: string; ek: string; dk: string }>;
  encapsulation: Array<Case & { ek: string; m: string; c: string; k: string }>;
  decapsulation: Array<Case & { dk: string; c: string; k: string; reason: string }>;
  encapsulationKeyCheck: Array<Case & { ek: string; testPassed: boolean }>;
  decapsulationKeyCheck: Array<Case & { dk: string; testPassed: boolean }>;
}

interface AcvpFile {
  testGroups: Array<{ parameterSet: Set; tests: Array<Record<string, unknown> & { tcId: number }> }>;
}

/** The first `perSet` cases of each parameter set that `keep` accepts, for each distinct value of `kind`. */
function pick<T>(
  dir: string,
  file: string,
  perSet: number,
  kind: (t: Record<string, unknown>) => unknown = () => 0,
): T[] {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as AcvpFile;
  const out: T[] = [];
  const taken = new Map<string, number>();
  for (const group of data.testGroups) {
    for (const t of group.tests) {
      const key = `${group.parameterSet} ${String(kind(t))}`;
      const n = taken.get(key) ?? 0;
      if (n >= perSet) continue;
      taken.set(key, n + 1);
      out.push({ set: group.parameterSet, ...t } as T);
    }
  }
  return out;
}

/** The subset, from the acvp folder of the shared vectors. */
export function smokeVectors(acvpDir: string): SmokeVectors {
  return {
    keyGen: pick(acvpDir, 'ML-KEM-keyGen-FIPS203/keyGen.json', 2),
    encapsulation: pick(acvpDir, 'ML-KEM-encapDecap-FIPS203/encapsulation.json', 2),
    decapsulation: pick(acvpDir, 'ML-KEM-encapDecap-FIPS203/decapsulation.json', 1, (t) => t['reason']),
    encapsulationKeyCheck: pick(
      acvpDir,
      'ML-KEM-encapDecap-FIPS203/encapsulationKeyCheck.json',
      1,
      (t) => t['testPassed'],
    ),
    decapsulationKeyCheck: pick(
      acvpDir,
      'ML-KEM-encapDecap-FIPS203/decapsulationKeyCheck.json',
      1,
      (t) => t['testPassed'],
    ),
  };
}
