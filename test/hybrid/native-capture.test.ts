// The native curve path holds on to what passed its self-test: node:crypto's
// functions and its objects' methods are captured when a curve's self-test passes, so replacing
// them later changes no result; and an error the platform throws after the self-test is an
// MlKemError ERR_PLATFORM (cause: the platform's error), never a foreign error. In a process of
// its own (test/support/fixtures/native-capture.ts), since the curves are chosen once per process.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

test('node:crypto is captured at the self-test; later platform errors are ERR_PLATFORM (X25519, P-256, P-384)', () => {
  const fixture = fileURLToPath(new URL('../support/fixtures/native-capture.ts', import.meta.url));
  const out = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', fixture], { encoding: 'utf8' }).trim()) as {
    unchanged: boolean[];
    failures: string[];
    fromLibrary: string[];
  };
  assert.deepEqual(out.fromLibrary, [], 'calls to a Reflect.apply replaced after the self-test');
  assert.deepEqual(out.unchanged, [true, true, true], 'results after node:crypto was replaced');
  assert.equal(out.failures.length, 3);
  for (const f of out.failures) assert.match(f, /^ERR_PLATFORM (diffieHellman|computeSecret) failed$/);
});
