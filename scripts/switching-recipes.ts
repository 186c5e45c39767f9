// The recipes of docs/switching.md and the README's noble switch, as the consumers of
// scripts/test-runtimes.ts use them: each fenced block preceded by `<!-- consumer: PATH -->` is the
// file PATH of the consumer folder (test/runtimes/consumers/), written there verbatim.
// test/package/switching.test.ts checks that every block of docs/switching.md is one of them and that
// scripts/test-runtimes.ts runs each.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Recipe {
  /** The consumer file it becomes, relative to the consumer folder. */
  path: string;
  /** The page (docs/switching.md, README.md) and the line where its block opens. */
  page: string;
  line: number;
  code: string;
}

/** Every fenced block of the page, with the consumer file its marker names (undefined: no marker). */
export function switchingBlocks(
  markdown = readFileSync(join(root, 'docs/switching.md'), 'utf8'),
  page = 'docs/switching.md',
): (Omit<Recipe, 'path'> & { path: string | undefined })[] {
  const lines = markdown.split('\n');
  const blocks: (Omit<Recipe, 'path'> & { path: string | undefined })[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```\S*\s*$/.test(lines[i]!) || lines[i] === '```') continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    const marker = lines.slice(Math.max(0, start - 2), start).join('\n');
    const path = /<!-- consumer: (\S+) -->/.exec(marker)?.[1];
    blocks.push({ path, page, line: start + 1, code: `${body.join('\n')}\n` });
  }
  return blocks;
}

/** The recipes: consumer file → its block (every block of docs/switching.md, the README's marked ones). */
export function switchingRecipes(): Record<string, Recipe> {
  const readme = switchingBlocks(readFileSync(join(root, 'README.md'), 'utf8'), 'README.md');
  const out: Record<string, Recipe> = {};
  for (const b of [...switchingBlocks(), ...readme.filter((r) => r.path !== undefined)]) {
    if (b.path === undefined) throw new Error(`${b.page} line ${b.line}: a code block without <!-- consumer: PATH -->`);
    if (b.path in out) throw new Error(`${b.page} line ${b.line}: ${b.path} is given twice`);
    out[b.path] = { ...b, path: b.path };
  }
  return out;
}
