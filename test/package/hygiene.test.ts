// The lexer of scripts/hygiene.ts (the no-division check of src/ and assembly/) finds `/` and
// `%` operators and nothing in comments, strings, template text or regular expressions; and the
// check passes on the repository as it is.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { operators } from '../../scripts/hygiene.js';

const ops = (src: string) => operators(src).map((o) => o.op);

test('finds division and remainder operators', () => {
  assert.deepEqual(ops('const a = b / c;'), ['/']);
  assert.deepEqual(ops('x %= 7; y /= 2'), ['%=', '/=']);
  assert.deepEqual(ops('f(a) / g[b] % h'), ['/', '%']);
  assert.deepEqual(ops('const t = `${a / b}`;'), ['/']);
  assert.deepEqual(ops('const t = `x ${`y ${a % b}`} z`;'), ['%']);
});

test('ignores comments, strings, template text and regular expressions', () => {
  assert.deepEqual(ops('// a / b\n/* c % d */ const s = "e / f", t = \'g % h\';'), []);
  assert.deepEqual(ops('const u = `50 % / 2`;'), []);
  assert.deepEqual(ops('const r = /a\\/b[/]%/g; if (/x/.test(s)) return /y/;'), []);
  assert.deepEqual(ops('const v = `${/^a/i.test(n) ? 1 : 2}`;'), []);
});

test('the repository passes the check (npm run hygiene)', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/hygiene.ts'], { encoding: 'utf8' });
  assert.match(out, /all on the allow-list/);
});
