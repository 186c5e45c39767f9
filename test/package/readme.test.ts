// Every JavaScript and TypeScript code block of the README (issue 23 items 5, 6): each one
// type-checks on its own under `strict` with every compiler of the matrix (TypeScript 5.7, 5.9 and
// the newest, test/support/typescript.ts) against the declarations the package ships, with the DOM
// library as a browser app has it (alone, for the blocks that use no Node.js API, and with
// @types/node), and mlkem-ts/webcrypto/global where a block imports it; and each one runs as a
// user runs it: saved as an .mjs file and given to plain `node`, which finds mlkem-ts by its
// package name (the package's own dist/, as an installed copy would be). A block preceded by
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
import { compilers, declarationPaths, emitDeclarations, runTsc } from '../support/typescript.js';

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

/** The type environments of a block: a browser app's (the DOM library alone) and a Node app's (with @types/node). */
const ENVIRONMENTS: Record<string, string[]> = { ' alone': [], ' and @types/node': ['node'] };

/** A block written for Node.js only (it imports node: modules or uses Buffer or process), not type-checked without @types/node. */
const usesNode = (b: Block) => /from 'node:|\bBuffer\b|\bprocess\./.test(b.code);
const dts = join(dir, 'dts');

describe('README code blocks', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  rmSync(dir, { recursive: true, force: true });
  let emitted: string | undefined;

  it('has blocks to check (the extraction sees them)', () => {
    assert.ok(blocks.length >= 12, `only ${blocks.length} js/ts blocks found`);
  });

  for (const compiler of compilers()) {
    for (const [environment, types] of Object.entries(ENVIRONMENTS)) {
      it(`every block type-checks on its own under strict: ${compiler.name}, DOM library${environment}`, () => {
        mkdirSync(dir, { recursive: true });
        emitted ??= (emitDeclarations(dts), dts);
        const checked = blocks.filter((b) => types.length > 0 || !usesNode(b));
        for (const b of checked) writeFileSync(file(b), b.code.includes('import ') || b.code.includes('export ') ? b.code : `${b.code}export {};\n`);
        const tsconfig = join(dir, `tsconfig${types.length}.json`);
        writeFileSync(
          tsconfig,
          JSON.stringify({
            compilerOptions: {
              target: 'es2022',
              lib: ['es2022', 'esnext.disposable', 'dom'],
              module: 'nodenext',
              moduleResolution: 'nodenext',
              strict: true,
              noEmit: true,
              skipLibCheck: true,
              types,
              typeRoots: [join(root, 'node_modules/@types')],
              paths: declarationPaths(dir, emitted),
            },
            files: checked.map((b) => relative(dir, file(b))),
          }),
        );
        const { status, output } = runTsc(compiler, tsconfig);
        assert.equal(status, 0, `the README's blocks do not type-check (${compiler.name}, DOM library${environment}):\n${output.replace(/readme-line-(\d+)\.mts/g, 'README.md block at line $1')}`);
      });
    }
  }

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
