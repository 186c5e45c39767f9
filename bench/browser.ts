/**
 * `npm run bench:browser [-- --browsers chromium,firefox] [--rounds N] [--batch-ms M]`: the hybrids
 * in headless browsers (Debian's Chromium and Firefox ESR), one page each (bench/browser-page.ts
 * says what is measured and how). Prints per browser and hybrid the median µs/op over rounds,
 * and the median over rounds of the per-round ratios the targets are stated in
 * (Chromium, same page): the ponyfill's X-Wing and MLKEM768-P256 encapsulateBits/decapsulateBits
 * with key objects ≥ 4× faster on Web Crypto curves than on noble, and within 1.5× of the
 * browser's floor; HPKE Seal/Open of 1 KiB with X-Wing through `hpke` ≥ 3× faster than
 * @panva/hpke-noble; the noble fallback no slower than before. And the synchronous X-Wing key
 * objects on the WebAssembly X25519 ≥ 3× faster than on noble (within 2× of the floor in
 * Chromium), the WebAssembly X25519 alone ≥ 3× noble's per operation.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { BROWSER_NAMES, type BrowserName, bundlePage, runPage } from '../scripts/run-page.js';
import type { BenchPageResult } from './browser-page.js';
import { median } from './micro.js';

const { values } = parseArgs({
  options: {
    browsers: { type: 'string', default: 'chromium,firefox' },
    rounds: { type: 'string', default: '31' },
    'batch-ms': { type: 'string', default: '12' },
  },
});
const browsers = values.browsers.split(',') as BrowserName[];
const rounds = Number(values.rounds);

const fmt = (us: number) => (us >= 100 ? us.toFixed(0) : us.toFixed(1)).padStart(8);
const fmtRatio = (r: number) => `${r.toFixed(2)}×`;

type Row = BenchPageResult['ops'][number];

/** The median over rounds of a/b, with a and b measured in the same round. */
const ratio = (a: Row, b: Row): number => median(a.us.map((x, i) => x / b.us[i]!));

function report(browser: string, r: BenchPageResult): string[] {
  const out: string[] = [`## ${browser}: ${r.ua}`, ''];
  out.push(
    `Curve implementation taken by the doors ('auto'): ${Object.entries(r.curves)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const s of r.skipped) out.push(`(not measured: ${s})`);
  const groups = [...new Set(r.ops.map((o) => o.group))];
  for (const g of groups) {
    const rows = r.ops.filter((o) => o.group === g);
    const cols = [...new Set(rows.map((o) => o.op))];
    const names = [...new Set(rows.map((o) => o.name))];
    out.push(
      '',
      `### ${g} (µs/op, median of ${rounds} rounds)`,
      '',
      `| | ${cols.join(' | ')} |`,
      `| --- |${cols.map(() => ' ---: |').join('')}`,
    );
    for (const n of names)
      out.push(
        `| ${n} | ${cols.map((c) => fmt(median(rows.find((o) => o.name === n && o.op === c)?.us ?? [NaN])).trim()).join(' | ')} |`,
      );
  }
  const find = (group: string, name: string, op: string) =>
    r.ops.find((o) => o.group === group && o.name.startsWith(name) && o.op === op);
  out.push('', '### Ratios (median over rounds of the per-round ratio)', '');
  for (const h of ['X-Wing', 'MLKEM768-P256', 'MLKEM1024-P384']) {
    for (const op of ['encapsulate', 'decapsulate']) {
      const web = find(h, 'ponyfill, Web Crypto', op);
      const noble = find(h, 'ponyfill, noble', op);
      const before = find(h, 'before', op);
      const floor = find(h, 'floor', op);
      const pq = find(h, '@noble/post-quantum', op);
      if (!web || !noble || !before) continue;
      const target = h !== 'MLKEM1024-P384' && browser === 'chromium';
      const gain = ratio(noble, web);
      const parts = [
        `${h} ${op}Bits: noble curves / Web Crypto curves ${fmtRatio(gain)}${target ? (gain >= 4 ? ' ✓ (≥ 4×)' : ' ✗ (target ≥ 4×)') : ''}`,
      ];
      parts.push(`before / Web Crypto curves ${fmtRatio(ratio(before, web))}`);
      if (floor) {
        const f = ratio(web, floor);
        parts.push(
          `Web Crypto curves / floor ${fmtRatio(f)}${target ? (f <= 1.5 ? ' ✓ (≤ 1.5×)' : ' ✗ (target ≤ 1.5×)') : ''}`,
        );
      }
      parts.push(`noble fallback / before ${fmtRatio(ratio(noble, before))}`);
      if (pq) parts.push(`@noble/post-quantum / ours ${fmtRatio(ratio(pq, web))}`);
      out.push(`- ${parts.join('; ')}`);
    }
  }
  for (const op of ['encapsulate', 'decapsulate']) {
    const now = find('X-Wing', 'now: sync key objects', op);
    const before = find('X-Wing', 'before', op);
    const floor = find('X-Wing', 'floor', op);
    if (!now || !before) continue;
    const gain = ratio(before, now);
    const parts = [
      `X-Wing sync key objects ${op}: before (noble) / now (${now.name.replace(/.*objects, /, '')}) ${fmtRatio(gain)}${gain >= 3 ? ' ✓ (≥ 3×)' : ' ✗ (target ≥ 3×)'}`,
    ];
    if (floor) {
      const f = ratio(now, floor);
      const target = browser === 'chromium';
      parts.push(`now / floor ${fmtRatio(f)}${target ? (f <= 2 ? ' ✓ (≤ 2×)' : ' ✗ (target ≤ 2×)') : ''}`);
    }
    out.push(`- ${parts.join('; ')}`);
  }
  for (const op of ['public key', 'shared secret']) {
    const wasm = find('X25519', 'mlkem-ts WebAssembly', op);
    const noble = find('X25519', '@noble/curves', op);
    const web = find('X25519', 'Web Crypto', op);
    if (!wasm || !noble) continue;
    const gain = ratio(noble, wasm);
    const parts = [
      `X25519 ${op}: noble / WebAssembly ${fmtRatio(gain)}${gain >= 3 ? ' ✓ (≥ 3×)' : ' ✗ (target ≥ 3×)'}`,
    ];
    if (web) parts.push(`WebAssembly / Web Crypto ${fmtRatio(ratio(wasm, web))}`);
    out.push(`- ${parts.join('; ')}`);
  }
  for (const h of ['X-Wing', 'MLKEM768-P256', 'MLKEM1024-P384']) {
    const g = `HPKE ${h}`;
    for (const op of ['seal', 'open']) {
      const web = find(g, 'mlkem-ts/hpke, Web Crypto', op);
      const noble = find(g, 'mlkem-ts/hpke, noble', op);
      const panva = find(g, '@panva', op);
      const native = find(g, "hpke's own", op);
      if (!web) continue;
      const parts: string[] = [];
      if (panva) {
        const p = ratio(panva, web);
        const target = h === 'X-Wing' && browser === 'chromium';
        parts.push(
          `@panva/hpke-noble / ours ${fmtRatio(p)}${target ? (p >= 3 ? ' ✓ (≥ 3×)' : ' ✗ (target ≥ 3×)') : ''}`,
        );
      }
      if (noble) parts.push(`ours on noble / ours on Web Crypto ${fmtRatio(ratio(noble, web))}`);
      if (native) parts.push(`hpke's own / ours ${fmtRatio(ratio(native, web))}`);
      out.push(`- ${g} ${op}: ${parts.join('; ')}`);
    }
  }
  return out;
}

const page = join(fileURLToPath(new URL('.', import.meta.url)), 'browser-page.ts');
const bundle = await bundlePage(page, { __ROUNDS__: String(rounds), __BATCH_MS__: values['batch-ms'] });
for (const browser of browsers) {
  if (!BROWSER_NAMES.includes(browser)) throw new Error(`unknown browser ${browser} (${BROWSER_NAMES.join(', ')})`);
  const started = performance.now();
  const r = await runPage<BenchPageResult>(browser, bundle, 1_800_000, (line) =>
    process.stderr.write(`${browser}: ${line}\n`),
  );
  if (r.fatal !== null) throw new Error(`${browser}: the page failed: ${r.fatal}`);
  console.log(report(browser, r).join('\n'));
  console.log(`\n(${browser}: ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}
