// Every JavaScript and TypeScript code block of the README and of docs/*.md: each one
// type-checks on its own under `strict` with the package's TypeScript against the declarations the
// package ships (test/support/typescript.ts; types.test.ts runs the older compilers of the matrix),
// with the DOM library as a browser app has it (alone, for the blocks that use no Node.js API, and
// with @types/node), and mlkem-ts/webcrypto/global where a block imports it; and each one runs as a
// user runs it: saved as an .mjs file and given to plain `node`, which finds mlkem-ts by its
// package name (the package's own dist/, as an installed copy would be). A block preceded by
// `<!-- readme: types only (why) -->` is only type-checked; a block with a `using` declaration
// runs only on Node.js 24+ (the test:node26 run), where `using` exists. A block preceded by
// `<!-- consumer: PATH -->` (docs/switching.md) is a consumer's configuration, which
// scripts/test-runtimes.ts builds and runs with its own tools; it is left to that job here.
// Type checks need no build; the runs need dist/ (`npm run build`, which CI runs before `npm
// test`): without it they are skipped with a notice, and with CI=true that is a failure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { compilers, declarationPaths, emitDeclarations, runTsc } from '../support/typescript.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dir = join(root, '.tools', 'readme-blocks'); // inside the package, so that `mlkem-ts` is itself

interface Block {
  /** The Markdown file, relative to the package root: README.md, docs/keys.md. */
  page: string;
  line: number;
  code: string;
  typesOnly: boolean;
}

/** The js/ts fenced blocks of a Markdown text, with the line each starts on. */
export function codeBlocks(markdown: string, page = 'README.md'): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|ts|mjs|javascript|typescript)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    const before = lines.slice(Math.max(0, start - 2), start).join('\n');
    if (/<!-- consumer: /.test(before)) continue;
    blocks.push({
      page,
      line: start + 1,
      code: `${body.join('\n')}\n`,
      typesOnly: /<!-- readme: types only\b/.test(before),
    });
  }
  return blocks;
}

/** The pages a reader is sent to: the README and every page of docs/ (docs/api/ is TypeDoc's output). */
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const blocks = pages.flatMap((page) => codeBlocks(readFileSync(join(root, page), 'utf8'), page));
const slug = (b: Block) => `${b.page.replace(/\.md$/, '').replace(/\//g, '-')}-line-${b.line}`;
const file = (b: Block) => join(dir, `${slug(b)}.mts`);
const runnable = (b: Block) => join(dir, `${slug(b)}.mjs`);
/** A compiler's message about a block file, in terms of the page: docs/keys.md block at line 7. */
const where = (output: string) =>
  output.replace(
    /([A-Za-z0-9_-]+)-line-(\d+)\.mts/g,
    (_, name: string, line: string) =>
      `${pages.find((p) => p.replace(/\.md$/, '').replace(/\//g, '-') === name) ?? name} block at line ${line}`,
  );
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

describe('README and docs/*.md code blocks', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  rmSync(dir, { recursive: true, force: true });
  let emitted: string | undefined;

  it('has blocks to check (the extraction sees them)', () => {
    assert.ok(blocks.filter((b) => b.page === 'README.md').length >= 4, 'the README has fewer than 4 js/ts blocks');
    assert.ok(blocks.length >= 20, `only ${blocks.length} js/ts blocks found`);
  });

  // The newest compiler; the older ones of the matrix check a consumer of every result (types.test.ts).
  for (const compiler of compilers().slice(-1)) {
    for (const [environment, types] of Object.entries(ENVIRONMENTS)) {
      it(`every block type-checks on its own under strict: ${compiler.name}, DOM library${environment}`, () => {
        mkdirSync(dir, { recursive: true });
        emitted ??= (emitDeclarations(dts), dts);
        const checked = blocks.filter((b) => types.length > 0 || !usesNode(b));
        for (const b of checked)
          writeFileSync(
            file(b),
            b.code.includes('import ') || b.code.includes('export ') ? b.code : `${b.code}export {};\n`,
          );
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
        assert.equal(
          status,
          0,
          `the README's or docs' blocks do not type-check (${compiler.name}, DOM library${environment}):\n${where(output)}`,
        );
      });
    }
  }

  for (const b of blocks) {
    const usesUsing = /^\s*(await\s+)?using\s/m.test(b.code);
    const skip = b.typesOnly
      ? 'types only (the page says why)'
      : !built
        ? 'dist/ is not built'
        : usesUsing && nodeMajor < 24
          ? `uses \`using\`, which Node.js ${nodeMajor} lacks (runs on 24+)`
          : false;
    it(`the block at ${b.page} line ${b.line} runs with plain node`, { skip }, () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(runnable(b), b.code);
      const run = spawnSync(process.execPath, [runnable(b)], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 0, `${b.page} line ${b.line} exits with ${run.status}:\n${run.stdout}\n${run.stderr}`);
    });
  }
});

describe('the README names what npm installs with the package', () => {
  it('every dependency of package.json, in the sentence that says so', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const sentence = /([^.]*) (?:is|are) installed with the package/.exec(readme)?.[1] ?? '';
    const named = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    assert.deepEqual(named.sort(), Object.keys(pkg.dependencies).sort(), `the README says: ${sentence}`);
  });
});

describe("the README's and docs/api.md's speed claims agree with docs/benchmark.md's table (npm run bench's output)", () => {
  it('about 20× noble for the WebAssembly backend, faster than Node; about four times noble for the portable one', () => {
    const page = (p: string) => readFileSync(join(root, p), 'utf8');
    const rows = page('docs/benchmark.md')
      .split('\n')
      .filter((l) => /^\| ML-KEM-\d+ \| (keygen|encaps|decaps) \|/.test(l))
      .map((l) => l.split('|').map((c) => parseFloat(c)));
    assert.equal(rows.length, 9, "docs/benchmark.md's first table");
    // Columns: 3 wasm µs, 4 portable µs, 5 Node µs, 6 noble µs, 8 vs Node, 9 vs noble.
    const [readme, api] = [page('README.md'), page('docs/api.md')];
    const wasmVsNoble = Number(/is about (\d+)× faster than the most used/.exec(readme)?.[1]);
    assert.ok(/and faster than Node's built-in ML-KEM/.test(readme) && rows.every((r) => r[8]! > 1), 'vs Node');
    assert.ok(
      rows.every((r) => Math.abs(r[9]! / wasmVsNoble - 1) <= 0.3),
      `README: about ${wasmVsNoble}×`,
    );
    const words: Record<string, number> = { four: 4, five: 5, six: 6 };
    const portable = words[/about (\w+) times faster than noble's/.exec(api)?.[1] ?? ''];
    assert.ok(portable !== undefined, "docs/api.md's claim not found");
    assert.ok(
      rows.every((r) => Math.abs(r[6]! / r[4]! - portable) <= 1),
      `docs/api.md: about ${portable} times`,
    );
  });
});

it("the README's count of NIST ACVP vectors is the one test/core/acvp.test.ts requires", () => {
  const required = /const EXPECTED_TOTAL = (\d+);/.exec(
    readFileSync(join(root, 'test/core/acvp.test.ts'), 'utf8'),
  )?.[1];
  const claimed = /all (\d+) NIST ACVP vectors/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1];
  assert.ok(required !== undefined && required === claimed, `README: ${claimed}; acvp.test.ts: ${required}`);
});
