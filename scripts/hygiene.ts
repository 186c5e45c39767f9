// `npm run hygiene`: fails when `/` or `%` (division or remainder, variable-time on most CPUs,
// and KyberSlash-style leaks when applied to secrets) appears in src/ or assembly/ outside the
// sites of scripts/hygiene-allowlist.ts, each of which says why the data there is public. Also
// fails on allow-list entries that no longer match anything, so the list stays exact.
// Comments, strings and regular-expression literals are skipped by a small lexer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ALLOWED } from './hygiene-allowlist.js';

const ROOT = new URL('..', import.meta.url).pathname;

interface Site {
  file: string;
  line: number;
  code: string;
  op: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.generated.ts') ? [path] : [];
  });
}

/** Characters after which a `/` starts a regular expression rather than dividing. */
const REGEX_AFTER = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);

/** The `/` and `%` operators of a TypeScript source, outside comments, strings and regexes. */
export function operators(text: string): Array<{ index: number; op: string }> {
  const out: Array<{ index: number; op: string }> = [];
  let last = ''; // last significant character, or a word (for `return /re/`)
  let i = 0;
  const templateDepth: number[] = []; // brace depth at each open `${`
  let braces = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && next === '*') {
      i = text.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      i++;
      last = 'x';
      continue;
    }
    if (c === '`' || (c === '}' && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braces)) {
      if (c === '}') templateDepth.pop();
      last = 'x';
      for (i++; i < text.length && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') {
          templateDepth.push(braces);
          last = '{'; // an expression starts
          i++;
          break;
        }
      }
      i++;
      continue;
    }
    if (c === '/') {
      if (REGEX_AFTER.has(last) || last === 'return' || last === 'typeof') {
        let inClass = false;
        for (i++; i < text.length; i++) {
          const r = text[i];
          if (r === '\\') i++;
          else if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
        }
        i++;
        while (/[a-z]/.test(text[i] ?? '')) i++;
        last = 'x';
        continue;
      }
      out.push({ index: i, op: next === '=' ? '/=' : '/' });
    } else if (c === '%') {
      out.push({ index: i, op: next === '=' ? '%=' : '%' });
    }
    if (c === '{') braces++;
    if (c === '}') braces--;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[A-Za-z0-9_$]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_$]/.test(text[j]!)) j++;
      last = text.slice(i, j);
      i = j;
      continue;
    }
    last = c === ')' || c === ']' ? 'x' : c;
    i++;
  }
  return out;
}

function sites(): Site[] {
  return ['src', 'assembly'].flatMap(sourceFiles).flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return operators(text).map(({ index, op }) => {
      const line = text.slice(0, index).split('\n').length;
      return { file, line, code: text.split('\n')[line - 1]!.trim(), op };
    });
  });
}

function main(): void {
  const found = sites();
  const used = new Set<number>();
  const bad = found.filter((s) => {
    const k = ALLOWED.findIndex((a) => a.file === s.file && a.code === s.code);
    if (k >= 0) used.add(k);
    return k < 0;
  });
  const stale = ALLOWED.filter((_, k) => !used.has(k));
  for (const s of bad) console.error(`${s.file}:${s.line}: \`${s.op}\` not on the allow-list: ${s.code}`);
  for (const a of stale) console.error(`scripts/hygiene-allowlist.ts: no \`/\` or \`%\` at ${a.file}: ${a.code}`);
  if (bad.length > 0 || stale.length > 0) {
    console.error(
      `\nhygiene: ${bad.length} division or remainder site(s) not allowed, ${stale.length} stale allow-list entr(ies). ` +
        'Never divide secrets; for public data add the line to scripts/hygiene-allowlist.ts with the reason.',
    );
    process.exit(1);
  }
  console.log(
    `hygiene: ${found.length} \`/\` or \`%\` sites in src/ and assembly/, all on the allow-list (scripts/hygiene-allowlist.ts).`,
  );
}

// Run only as a script: test/package/hygiene.test.ts imports the lexer.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
