// Builds of assembly/ for the checker, with the flags of scripts/build-wasm.ts plus --debug (a
// name section; the code is the same): the names of the committed module's functions, and the
// self-test's copy of the sources with planted leaks.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { ascArgs } from '../build-wasm.js';
import { decode } from './decode.js';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Compiles dir/assembly/index.ts (dir: a copy of the repository's layout) with names, synchronously. */
function build(dir: string): Uint8Array {
  const out = join(dir, 'out.wasm');
  execFileSync(join(ROOT, 'node_modules/.bin/asc'), [...ascArgs('assembly/index.ts', out), '--debug'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Uint8Array(readFileSync(out));
}

/**
 * The function names of the committed module: a build of assembly/ with names, used only if its
 * code section is byte for byte the committed module's (else the checker names functions by
 * export and index). Asynchronous: the compiler runs in its own process while the check runs.
 */
export async function namesFor(bytes: Uint8Array): Promise<Map<number, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'ct-wasm-names-'));
  try {
    cpSync(join(ROOT, 'assembly'), join(dir, 'assembly'), { recursive: true });
    const out = join(dir, 'out.wasm');
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/asc'), [...ascArgs('assembly/index.ts', out), '--debug'], {
      cwd: dir,
    });
    const named = decode(new Uint8Array(readFileSync(out)));
    return Buffer.compare(named.codeSection, decode(bytes).codeSection) === 0 ? named.names : new Map<number, string>();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A source edit: after the first occurrence of anchor in file, insert text. */
export interface Plant {
  file: string;
  anchor: string;
  insert: string;
}

/** A build of a copy of assembly/ with the edits applied (each anchor must be found). */
export function buildPlanted(plants: readonly Plant[]): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'ct-wasm-plant-'));
  try {
    cpSync(join(ROOT, 'assembly'), join(dir, 'assembly'), { recursive: true });
    for (const p of plants) {
      const path = join(dir, 'assembly', p.file);
      const text = readFileSync(path, 'utf8');
      const at = text.indexOf(p.anchor);
      if (at < 0) throw new Error(`ct-wasm self-test: anchor not found in assembly/${p.file}: ${p.anchor}`);
      writeFileSync(path, text.slice(0, at + p.anchor.length) + p.insert + text.slice(at + p.anchor.length));
    }
    return build(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The committed modules: every src/wasm/*.wasm. */
export function committedModules(): Array<{ file: string; bytes: Uint8Array }> {
  return readdirSync(join(ROOT, 'src/wasm'))
    .filter((f) => f.endsWith('.wasm'))
    .sort()
    .map((f) => ({ file: `src/wasm/${f}`, bytes: new Uint8Array(readFileSync(join(ROOT, 'src/wasm', f))) }));
}
