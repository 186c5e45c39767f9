// Every JavaScript and TypeScript code block of the README (issue 23 items 5, 6): each one
// type-checks on its own under `strict` (with the DOM library, as a browser app has it, and
// mlkem-ts/webcrypto/global where a block imports it), and each one runs as a user runs it:
// saved as an .mjs file and given to plain `node`, which finds mlkem-ts by its package name (the
// package's own dist/, as an installed copy would be). A block preceded by
// `<!-- readme: types only (why) -->` is only type-checked; a block with a `using` declaration
// runs only on Node.js 24+ (the test:node26 run), where `using` exists.
// Type checks need no build; the runs need dist/ (`npm run build`, which CI runs before `npm
// test`): without it they are skipped with a notice, and with CI=true that is a failure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ASSETS, ENTRIES, specifier } from '../../scripts/entries.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dir = join(root, '.tools', 'readme-blocks'); // inside the package, so that `mlkem-ts` is itself

interface Block {
  line: number;
  code: string;
  typesOnly: boolean;
}

/** The js/ts fenced blocks of a Markdown text, with the line each starts on. */
export function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|ts|mjs|javascript|typescript)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    const before = lines.slice(Math.max(0, start - 2), start).join('\n');
    blocks.push({ line: start + 1, code: `${body.join('\n')}\n`, typesOnly: /<!-- readme: types only\b/.test(before) });
  }
  return blocks;
}

const blocks = codeBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
const file = (b: Block) => join(dir, `readme-line-${b.line}.mts`);
const runnable = (b: Block) => join(dir, `readme-line-${b.line}.mjs`);
const nodeMajor = Number(process.versions.node.split('.')[0]);
const built = existsSync(join(root, 'dist/index.js'));
if (!built) {
  const message = 'dist/ is not built (npm run build): the README blocks are type-checked but not run';
  if (process.env.CI === 'true') throw new Error(message);
  console.error(`NOTICE: ${message}`);
}

/** tsconfig paths: each entry point's specifier to its source, so that type checks need no build. */
function paths(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [subpath, source] of Object.entries(ENTRIES)) out[specifier(subpath)] = [relative(dir, join(root, source))];
  for (const [subpath, source] of Object.entries(ASSETS)) out[specifier(subpath)] = [relative(dir, join(root, `${source}.d.ts`))];
  return out;
}

describe('README code blocks', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has blocks to check (the extraction sees them)', () => {
    assert.ok(blocks.length >= 12, `only ${blocks.length} js/ts blocks found`);
  });

  it('every block type-checks on its own under strict (DOM library, no implicit any)', () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const b of blocks) writeFileSync(file(b), b.code.includes('import ') || b.code.includes('export ') ? b.code : `${b.code}export {};\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022', 'esnext.disposable', 'dom'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          paths: paths(),
        },
        files: blocks.map((b) => relative(dir, file(b))),
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    const output = (tsc.stdout + tsc.stderr).replace(/readme-line-(\d+)\.mts/g, 'README.md block at line $1');
    assert.equal(tsc.status, 0, `the README's blocks do not type-check:\n${output}`);
  });

  for (const b of blocks) {
    const usesUsing = /^\s*(await\s+)?using\s/m.test(b.code);
    const skip = b.typesOnly
      ? 'types only (README says why)'
      : !built
        ? 'dist/ is not built'
        : usesUsing && nodeMajor < 24
          ? `uses \`using\`, which Node.js ${nodeMajor} lacks (runs on 24+)`
          : false;
    it(`the block at README.md line ${b.line} runs with plain node`, { skip }, () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(runnable(b), b.code);
      const run = spawnSync(process.execPath, [runnable(b)], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 0, `README.md line ${b.line} exits with ${run.status}:\n${run.stdout}\n${run.stderr}`);
    });
  }
});
