// The module graph of src/: no import cycle (type-only imports included), nothing outside a
// backend's folder imports from inside it except that backend's loader, and the core entry
// point reaches no other entry point's code. Read from the sources' import statements.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** file (relative to src, with .ts) → the src files it imports or re-exports from. */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) =>
      relative(src, resolve(dirname(file), m[1]!)).replace(/\.js$/, '.ts'),
    );
    g.set(relative(src, file), targets);
  }
  return g;
}

test('src/ has no import cycle', () => {
  const g = graph();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): void => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open')
      assert.fail(`import cycle: ${[...path.slice(path.indexOf(node)), node].join(' → ')}`);
    state.set(node, 'open');
    for (const next of g.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of g.keys()) visit(node, []);
  assert.ok(g.size > 20, 'the graph was read');
});

test("nothing outside a backend's folder imports from inside it, except that backend's loader", () => {
  // webcrypto/backend.ts loads the wasm backend itself: the Web Crypto layer picks it without the caller;
  // so does the command (cli/keyfile.ts), for every operation.
  const loaders: Record<string, readonly string[]> = {
    'portable/': ['index.ts'],
    'wasm/': ['webcrypto/backend.ts', 'cli/keyfile.ts'],
  };
  for (const [file, targets] of graph()) {
    for (const target of targets) {
      for (const [folder, allowed] of Object.entries(loaders)) {
        if (target.startsWith(folder) && !file.startsWith(folder)) {
          assert.ok(allowed.includes(file), `${file} imports ${target} from the ${folder} backend`);
        }
      }
    }
  }
});

test('the curves (hybrid/curves/) import nothing of the hybrids above them', () => {
  for (const [file, targets] of graph()) {
    if (!file.startsWith('hybrid/curves/')) continue;
    for (const target of targets)
      assert.ok(
        target.startsWith('hybrid/curves/') || !target.startsWith('hybrid/'),
        `${file} imports ${target}, above the curves`,
      );
  }
});

test('the core entry point reaches no code of keys/, hybrid/ or wasm/', () => {
  const g = graph();
  const seen = new Set<string>();
  const walk = (node: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const next of g.get(node) ?? []) walk(next);
  };
  walk('index.ts');
  const foreign = [...seen].filter((f) => /^(keys|hybrid|wasm|webcrypto|hpke|cli)\//.test(f));
  assert.deepEqual(foreign, []);
});
