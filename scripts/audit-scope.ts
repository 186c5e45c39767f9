// AUDIT_SCOPE.md's line counts by area, counted from the sources. `npm run audit-scope` writes
// them into the table (rounded, with "~"); test/package/audit-scope.test.ts fails when one is off
// by more than a tenth, or when a source file of src/ is in no area, so the page cannot go stale.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const AUDIT_SCOPE = join(ROOT, 'AUDIT_SCOPE.md');

/** Every file below a folder of the repository, relative to the root, with '/' separators. */
function filesBelow(dir: string, deep: boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (deep) out.push(...filesBelow(path, true));
    } else out.push(path);
  }
  return out.sort();
}

/** The files a path of the table names: a file, `dir/*.ts` (that folder's .ts files) or `dir/**` (everything below). */
export function filesOf(pattern: string): string[] {
  if (pattern.endsWith('/**')) return filesBelow(pattern.slice(0, -3), true);
  if (pattern.endsWith('/*.ts'))
    return filesBelow(pattern.slice(0, -5), false).filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts'));
  return [pattern];
}

/** Lines of a file, comments included, as `wc -l` counts them. */
export const linesOf = (file: string): number => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;

/** The TypeScript sources of src/ an audit covers: all but the generated module (assembly/ compiled). */
export const sourceFiles = (): string[] =>
  filesBelow('src', true)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts'))
    .map((f) => f.split(sep).join('/'));

export interface Area {
  name: string;
  /** The count the table states. */
  stated: number;
  /** The files its paths name, and their lines now. */
  files: string[];
  actual: number;
}

const ROW = /^\| ([^|]+) \| ~?([\d,]+) \| ([^|]+) \|/;

/** The rows of the "In scope" table: each area's stated count, files and actual count. */
export function areas(text: string): Area[] {
  const out: Area[] = [];
  for (const line of text.slice(text.indexOf('## In scope'), text.indexOf('## Out of scope')).split('\n')) {
    const m = ROW.exec(line);
    if (m === null) continue;
    const paths = [...m[3]!.matchAll(/`([^`]+)`/g)].map((p) => p[1]!);
    const files = [...new Set(paths.flatMap(filesOf))];
    out.push({
      name: m[1]!.trim(),
      stated: Number(m[2]!.replaceAll(',', '')),
      files,
      actual: files.reduce((n, f) => n + linesOf(f), 0),
    });
  }
  return out;
}

/** A count as the table writes it: "~" and rounded to tens (hundreds from a thousand on). */
export function rounded(n: number): string {
  const step = n >= 1000 ? 100 : 10;
  return `~${(Math.round(n / step) * step).toLocaleString('en-US')}`;
}

/** Whether a stated count is the actual one within a tenth (and 20 lines, for the small areas). */
export const close = (stated: number, actual: number): boolean =>
  Math.abs(stated - actual) <= Math.max(actual / 10, 20);

/** The total the page's introduction states, and the lines of every file in scope now. */
export function total(text: string): { stated: number; actual: number } {
  const m = /\(~?([\d,]+) lines in all/.exec(text);
  const files = new Set(areas(text).flatMap((a) => a.files));
  return {
    stated: m === null ? NaN : Number(m[1]!.replaceAll(',', '')),
    actual: [...files].reduce((n, f) => n + linesOf(f), 0),
  };
}

/** AUDIT_SCOPE.md with every count recounted. */
export function recount(text: string): string {
  const counts = new Map(areas(text).map((a) => [a.name, a.actual]));
  const out = text
    .split('\n')
    .map((line) => {
      const m = ROW.exec(line);
      const n = m === null ? undefined : counts.get(m[1]!.trim());
      return n === undefined ? line : line.replace(/ \| ~?[\d,]+ \| /, ` | ${rounded(n)} | `);
    })
    .join('\n');
  return out.replace(/\(~?[\d,]+ lines in all/, `(${rounded(total(out).actual)} lines in all`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = readFileSync(AUDIT_SCOPE, 'utf8');
  writeFileSync(AUDIT_SCOPE, recount(text));
  for (const a of areas(readFileSync(AUDIT_SCOPE, 'utf8'))) console.log(`${a.name}: ${a.actual} lines`);
  const covered = new Set(areas(text).flatMap((a) => a.files));
  const missing = sourceFiles().filter((f) => !covered.has(f));
  if (missing.length > 0) console.log(`in no area: ${missing.join(', ')}`);
}
