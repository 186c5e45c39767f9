// Every link of the README and of docs/*.md works where a user reads them: on the registry's page
// and in node_modules/mlkem-ts/. A link is absolute (https:, mailto:) or names a file that
// `npm pack` puts in the package; a #fragment names a heading of its page. Needs no build: the
// Markdown files are packed as they are.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

/** The Markdown links and images of a text outside code blocks and code spans: [text](target). */
export function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor of a heading: lower case, punctuation but - and _ dropped, spaces to -. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

describe('links of the README and docs/*.md', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const shipped = new Set((JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path));

  it('every page is in the package', () => {
    for (const page of pages) assert.ok(shipped.has(page), `${page} is not packed (package.json "files")`);
  });

  for (const page of pages) {
    it(`${page}: each link is absolute or resolves inside the packed package`, () => {
      const text = readFileSync(join(root, page), 'utf8');
      const problems: string[] = [];
      for (const link of linksOf(text)) {
        if (/^(https?|mailto):/.test(link)) continue;
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const target =
          path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path))).replace(/\\/g, '/');
        if (target.startsWith('..') || !shipped.has(target)) {
          problems.push(`${link}: ${target} is not in the package`);
          continue;
        }
        if (
          fragment !== undefined &&
          target.endsWith('.md') &&
          !anchorsOf(readFileSync(join(root, target), 'utf8')).has(fragment)
        ) {
          problems.push(`${link}: ${target} has no heading #${fragment}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  it('the checks see what they check', () => {
    assert.deepEqual(linksOf('[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n[d](https://e.org "t")'), [
      'x.md',
      'https://e.org',
    ]);
    assert.equal(anchorOf('Key files: `mlkem-ts/keys`'), 'key-files-mlkem-tskeys');
    assert.equal(anchorOf('Switching from noble or @hpke'), 'switching-from-noble-or-hpke');
    assert.ok(linksOf(readFileSync(join(root, 'README.md'), 'utf8')).length >= 20);
  });
});
