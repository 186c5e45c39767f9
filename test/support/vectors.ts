// Locates the shared test vectors (../shared/vectors next to the repository, or the folder in
// MLKEM_VECTORS_DIR). When they are missing, tests are skipped with a visible notice, except in
// CI (CI=true), where a missing folder is a failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const vectorsDir = process.env.MLKEM_VECTORS_DIR
  ? resolve(process.env.MLKEM_VECTORS_DIR)
  : resolve(root, '..', 'shared', 'vectors');

/**
 * The path of a vectors subfolder ('acvp', 'rfc9935', 'xwing'), or undefined (with a notice on
 * stderr) when it is missing outside CI. Throws in CI.
 */
export function vectorFolder(name: string): string | undefined {
  const dir = join(vectorsDir, name);
  if (existsSync(dir)) return dir;
  const message = `test vectors not found at ${dir} (set MLKEM_VECTORS_DIR to the shared/vectors folder)`;
  if (process.env.CI === 'true') throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  return undefined;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function hex(s: string): Uint8Array {
  return Uint8Array.from(Buffer.from(s, 'hex'));
}

/** Every *.json file under dir, relative to it, with '/' separators, sorted. */
export function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.json')) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
