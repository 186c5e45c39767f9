// AUDIT_SCOPE.md's line counts by area are the sources' (within a tenth: `npm run audit-scope`
// recounts them), and every source file of src/ is in an area of its scope, so that the page
// cannot go stale or leave a folder out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { AUDIT_SCOPE, areas, close, sourceFiles, total } from '../../scripts/audit-scope.js';

const text = readFileSync(AUDIT_SCOPE, 'utf8');

test('every area of the scope states its line count within a tenth, and so does the total', () => {
  const list = areas(text);
  assert.ok(list.length >= 10, `only ${list.length} areas read: the table's format changed`);
  for (const a of list) {
    assert.ok(a.files.length > 0, `${a.name}: names no file`);
    assert.ok(
      close(a.stated, a.actual),
      `${a.name}: states ${a.stated} lines, has ${a.actual}: run npm run audit-scope`,
    );
  }
  const t = total(text);
  assert.ok(close(t.stated, t.actual), `the introduction states ${t.stated} lines, the scope has ${t.actual}`);
});

test('every source file of src/ is in an area of the scope (src/noble/ included)', () => {
  const covered = new Set(areas(text).flatMap((a) => a.files));
  assert.ok(sourceFiles().some((f) => f.startsWith('src/noble/')));
  assert.deepEqual(
    sourceFiles().filter((f) => !covered.has(f)),
    [],
    'add them to an area of AUDIT_SCOPE.md',
  );
});
