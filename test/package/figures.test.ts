// The figures of README.md, docs/ and the audit documents that a computation can check: size
// tables against the objects' own `sizes`, prose ranges against the benchmark table they summarize
// (docs/benchmark.md, written from `npm run bench`; no timing here), and counts against the test
// or script that fixes them. Speed tables themselves come from the bench scripts and cite their
// command; sizes of bundles are bundle.test.ts's, the README's speed claim and vector count
// readme.test.ts's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  type MedianUs,
  type PairedRatio,
  hpkeTable,
  hybridTable,
  keyObjectTable,
  mlkemTable,
} from '../../bench/doc-tables.js';
import { bytesHeld } from '../../bench/key-objects.js';
import * as hybrid from '../../src/hybrid/index.js';
import { MlKem1024, MlKem512, MlKem768 } from '../../src/index.js';
import { FORMS, LEVELS } from '../support/api.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const page = (p: string) => readFileSync(join(root, p), 'utf8');

/** The rows of the first Markdown table of `text` whose header row matches `header`, as trimmed cells. */
function table(text: string, header: RegExp): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|') && header.test(l));
  assert.ok(start >= 0, `no table with the header ${header}`);
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++)
    rows.push(
      lines[i]!.split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  return rows;
}

/** The number a cell or phrase starts with: '1,501 / 1,591' → 1501, '2.06×' → 2.06. */
const num = (s: string) => Number(/[\d,.]+/.exec(s)![0].replace(/,/g, ''));

/** The range `A–B` that `pattern`'s first group captures in a page. */
function claim(p: string, pattern: RegExp): [number, number] {
  const m = pattern.exec(page(p).replace(/\s+/g, ' '));
  assert.ok(m !== null, `${p} no longer says ${pattern}: update this test with the page`);
  const [lo, hi = lo] = m[1]!.split('–').map(Number) as [number, number?];
  return [lo, hi!];
}

/** A range as a page gives it, rounded: each end within `slack` of the measured extreme. */
function agrees(where: string, [lo, hi]: [number, number], values: number[], slack = 0.06): void {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  assert.ok(
    Math.abs(lo / min - 1) <= slack && Math.abs(hi / max - 1) <= slack,
    `${where} says ${lo}–${hi}; its source gives ${min.toFixed(2)}–${max.toFixed(2)}`,
  );
}

describe('size tables are the objects’ own sizes', () => {
  it("docs/api.md's ML-KEM sizes", () => {
    const rows = table(page('docs/api.md'), /\| \| public key \| secret key \| ciphertext \| shared secret \| seed \|/);
    const kems = { 'ML-KEM-512': MlKem512, 'ML-KEM-768': MlKem768, 'ML-KEM-1024': MlKem1024 };
    assert.deepEqual(
      rows.map((r) => r[0]),
      Object.keys(kems),
    );
    for (const [name, ...cells] of rows) {
      const s = kems[name as keyof typeof kems].sizes;
      assert.deepEqual(cells.map(num), [s.publicKey, s.secretKey, s.ciphertext, s.sharedSecret, s.seed], name);
    }
  });

  it("docs/hybrid.md's hybrid sizes, and the parts each is made of", () => {
    const rows = table(page('docs/hybrid.md'), /\| \| public key \| secret key = seed \| ciphertext \|/);
    assert.equal(rows.length, 6);
    for (const [name, ...cells] of rows) {
      const kem = (hybrid as unknown as Record<string, hybrid.HybridKem>)[name!.replace(/`/g, '')];
      assert.ok(kem !== undefined, `docs/hybrid.md names ${name}, which mlkem-ts/hybrid does not export`);
      const s = kem.sizes;
      assert.deepEqual(cells.map(num), [s.publicKey, s.secretKey, s.ciphertext, s.sharedSecret, s.eseed], name);
      // The parts, where a cell names their lengths: 'c (48) ‖ d‖z' = 48 + 64; 'm ‖ P-256 seed (128)' = 32 + 128.
      for (const cell of cells) {
        const parts = [...cell.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1]));
        if (parts.length > 0) assert.equal(parts[0]! + (/d‖z/.test(cell) ? 64 : 32), num(cell), `${name}: ${cell}`);
      }
    }
  });

  it("docs/key-objects.md's bytes held, as npm run bench computes them", () => {
    const rows = table(page('docs/key-objects.md'), /\| \| `EncapsulationKey` bytes \| `DecapsulationKey` bytes \|/);
    assert.deepEqual(
      rows.map((r) => [r[0], num(r[1]!), num(r[2]!)]),
      [2, 3, 4].map((k) => {
        const held = bytesHeld(k);
        return [`ML-KEM-${256 * k}`, held.encapsulationKey, held.decapsulationKey];
      }),
    );
  });
});

it("docs/api.md's example message is the one a 1183-byte public key gets", () => {
  const example = /for example `(ML-KEM-768 publicKey must be \d+ bytes long, got (\d+))`/.exec(
    page('docs/api.md').replace(/\s+/g, ' '),
  );
  assert.ok(example !== null, 'docs/api.md no longer has its example message');
  assert.throws(() => MlKem768.encapsulate(new Uint8Array(Number(example[2]))), { message: example[1] });
});

describe("the prose ranges agree with docs/benchmark.md's table (npm run bench)", () => {
  const bench = page('docs/benchmark.md');
  // After the parameter set and op: wasm | portable | Node | noble | mlkem | vs Node | vs noble (µs, ratios).
  const main = table(bench, /\| parameter set \| op \| mlkem-ts\/wasm \| mlkem-ts \|/).map((r) => r.slice(2).map(num));
  // After the parameter set: encaps: wasm / portable | decaps: wasm / portable | …
  const keys = table(bench, /\| parameter set \| encaps: wasm \/ portable \|/).map((r) =>
    r.slice(1).map((c) => c.split('/').map(num)),
  );

  it('has the rows it reads', () => {
    assert.equal(main.length, 9);
    assert.equal(keys.length, 3);
  });

  it('the tables are as `npm run bench -- --write` writes them, between their markers', () => {
    const between = (name: string) =>
      bench
        .split(`<!-- bench:${name} begin -->`)[1]!
        .split(`<!-- bench:${name} end -->`)[0]!
        .split('\n')
        .filter((l) => l.startsWith('|'))
        .join('\n');
    // The figures read back into a run's medians and ratios, which the writer turns into the same text.
    const results: MedianUs[] = [];
    const rs: PairedRatio[] = [];
    const levels = [512, 768, 1024];
    const ops = ['keygen', 'encaps', 'decaps'];
    main.forEach((r, i) => {
      const [level, op] = [levels[Math.floor(i / 3)]!, ops[i % 3]!];
      ['wasm', 'portable', 'node', 'noble', 'mlkem'].forEach((impl, j) =>
        results.push({ impl, level, op, medianUs: r[j]! }),
      );
      rs.push({ peer: 'node', base: 'wasm', level, op, pairedMedian: r[5]! });
      rs.push({ peer: 'noble', base: 'wasm', level, op, pairedMedian: r[6]! });
    });
    keys.forEach(([encaps, decaps, keyUs, node], i) => {
      const level = levels[i]!;
      [encaps!, decaps!].forEach(([wasm, portable], j) => {
        rs.push({ peer: 'wasm', base: 'wasm-key', level, op: ops[j + 1]!, pairedMedian: wasm! });
        rs.push({ peer: 'portable', base: 'portable-key', level, op: ops[j + 1]!, pairedMedian: portable! });
        rs.push({ peer: 'node', base: 'wasm-key', level, op: ops[j + 1]!, pairedMedian: node![j]! });
        results.push({ impl: 'wasm-key', level, op: ops[j + 1]!, medianUs: keyUs![j]! });
      });
    });
    const header = between('mlkem')
      .split('\n')[0]!
      .split('|')
      .map((c) => c.trim());
    const names = { node: header[5]!, noble: header[6]!, mlkem: header[7]! };
    assert.match(names.noble, /^@noble\/post-quantum \d/);
    assert.equal(mlkemTable(results, rs, names), between('mlkem'));
    assert.equal(keyObjectTable(results, rs), between('key-objects'));
  });

  it('the portable backend against the WebAssembly one', () => {
    const slower = main.map((r) => r[1]! / r[0]!);
    agrees('docs/benchmark.md', claim('docs/benchmark.md', /it is ([\d.–]+)× slower than the WebAssembly one/), slower);
    agrees(
      'docs/guide.md',
      claim('docs/guide.md', /the same objects over WebAssembly with SIMD, ([\d.–]+)× faster/),
      slower,
      0.1,
    );
  });

  it('both backends against noble (docs/switching-from-noble.md: the drop-in runs on them)', () => {
    const p = 'docs/switching-from-noble.md';
    agrees(
      p,
      claim(p, /its ML-KEM operations about ([\d.–]+)× faster than noble's/),
      main.map((r) => r[3]! / r[1]!),
      0.1,
    );
    agrees(
      p,
      claim(p, /run on it, about ([\d.–]+)× faster than noble/),
      main.map((r) => r[6]!),
      0.1,
    );
  });

  it('key objects against the one-shot calls', () => {
    const encaps = keys.flatMap((r) => r[0]!);
    const decaps = keys.flatMap((r) => r[1]!);
    agrees(
      'docs/key-objects.md',
      claim('docs/key-objects.md', /encapsulation is ([\d.–]+)× and decapsulation/),
      encaps,
    );
    agrees(
      'docs/key-objects.md',
      claim('docs/key-objects.md', /and decapsulation ([\d.–]+)× faster than the one-shot/),
      decaps,
    );
    agrees('docs/api.md', claim('docs/api.md', /then `encapsulate\(\)` is ([\d.–]+)× faster/), encaps);
  });
});

it("docs/hybrid.md's speed table is as `npm run bench:hybrid -- --write` writes it, between its markers", () => {
  const text = page('docs/hybrid.md').split('<!-- bench:hybrid begin -->')[1]!.split('<!-- bench:hybrid end -->')[0]!;
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const headings = lines[0]!
    .split('|')
    .slice(2, -1)
    .map((c) => c.trim());
  const impls = ['wasm+native', 'wasm+native keys', 'wasm+noble', 'webcrypto', 'noble'];
  assert.equal(headings.length, impls.length);
  // The figures read back as the run's medians, by row and column, which the writer turns into the same text.
  const figures = new Map<string, number>();
  for (const line of lines.slice(2)) {
    const [row, ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const hybrid = row === 'X-Wing' ? 'XWing' : row!;
    cells.forEach((cell, j) =>
      cell
        .split(' / ')
        .forEach((x, k) => figures.set(`${hybrid} ${impls[j]} ${['keygen', 'encaps', 'decaps'][k]}`, num(x))),
    );
  }
  const us = (hybrid: string, impl: string, op: string) => figures.get(`${hybrid} ${impl.split(' MLKEM')[0]} ${op}`);
  assert.equal(hybridTable(us), lines.join('\n'));
});

it("docs/hpke.md's table is as `npm run bench:hpke -- --write` writes it, between its markers", () => {
  const text = page('docs/hpke.md').split('<!-- bench:hpke begin -->')[1]!.split('<!-- bench:hpke end -->')[0]!;
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const names = ['floor', 'wasm', '@panva/hpke-noble', 'package', 'native'];
  const [us, ratios] = [new Map<string, number>(), new Map<string, number>()];
  for (const line of lines.slice(2)) {
    const [library, what, ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const kem = what!.replace(' seal / open', '');
    cells.forEach((cell, j) => {
      const [times, ratio] = cell.split(' (');
      if (times === '') return;
      times!
        .split(' / ')
        .forEach((x, k) => us.set(`${library!.replace(/`/g, '')} ${kem} ${names[j]} ${['seal', 'open'][k]}`, num(x)));
      ratio
        ?.split(' / ')
        .forEach((x, k) =>
          ratios.set(`${library!.replace(/`/g, '')} ${kem} ${names[j]} ${['seal', 'open'][k]}`, num(x)),
        );
    });
  }
  const name = (n: string) => (n.startsWith('@hpke/') ? 'package' : n);
  const key = (library: string, kem: string, n: string, op: string) =>
    `${library} ${n === 'floor' ? 'ML-KEM-768' : kem} ${name(n)} ${op}`;
  assert.equal(
    hpkeTable(
      (...a) => us.get(key(...a)),
      (...a) => ratios.get(key(...a)),
    ),
    lines.join('\n'),
  );
});

it("docs/hpke.md's ML-KEM-768 cost over the floor is its table's", () => {
  const rows = table(page('docs/hpke.md'), /\| library \| \| floor \| ours \(wasm\) \|/).filter((r) =>
    /ML-KEM-768/.test(r[1]!),
  );
  assert.equal(rows.length, 2);
  const added = rows.flatMap((r) => {
    const [floor, ours] = [r[2]!, r[3]!].map((c) => c.split('/').map(num));
    return ours!.map((us, i) => us - floor![i]!);
  });
  agrees('docs/hpke.md', claim('docs/hpke.md', /Our ML-KEM-768 adds ([\d–]+) µs to the library's floor/), added, 0);
});

describe('counts are those the tests and CI use', () => {
  /** The number `pattern`'s first group captures in a source file. */
  const source = (file: string, pattern: RegExp) => {
    const m = pattern.exec(page(file));
    assert.ok(m !== null, `${file} no longer has ${pattern}: update this test with it`);
    return Number(m[1]!.replace(/[,_]/g, ''));
  };
  const says = (p: string, pattern: RegExp) => source(p, new RegExp(pattern.source.replace(/ /g, '\\s+')));

  it('VERIFICATION.md: the vector counts its tests assert', () => {
    const v = 'VERIFICATION.md';
    assert.equal(says(v, /all (\d+) cases: keyGen/), source('test/core/acvp.test.ts', /EXPECTED_TOTAL = (\d+);/));
    assert.equal(says(v, /(\d+) per parameter set/), source('test/core/acvp.test.ts', /EXPECTED_PER_SET = (\d+);/));
    const x = 'test/wasm/x25519.test.ts';
    assert.equal(says(v, /all (\d+) tests \(/), source(x, /tests\.length, (\d+)\)/));
    assert.equal(says(v, /\((\d+) twist/), source(x, /'Twist'\), (\d+)\)/));
    assert.equal(says(v, /(\d+) low-order/), source(x, /'LowOrderPublic'\), (\d+)\)/));
    assert.equal(says(v, /(\d+) non-canonical u\)/), source(x, /'NonCanonicalPublic'\), (\d+)\)/));
  });

  it('VERIFICATION.md: the RFC 9935 files, the iterated X25519 test and the browser differential cases', () => {
    const v = 'VERIFICATION.md';
    assert.equal(says(v, /our encoder reproduces all (\d+) files/), LEVELS.length * (1 + FORMS.length)); // a .pub and a .priv per form
    assert.equal(
      says(v, /the iterated test to ([\d,]+) iterations/),
      source('test/wasm/x25519.test.ts', /i <= (\d+); i\+\+/),
    );
    assert.equal(
      says(v, /be: ACVP, (\d+) differential cases per level/),
      source('test/browser/browser.test.ts', /diffCount\((\d+)\)/),
    );
  });

  it("VERIFICATION.md and SIDE_CHANNELS.md: CI's fuzz iterations, timing samples and leak bound, the differential cases", () => {
    const ci = '.ci/run';
    assert.equal(
      says('VERIFICATION.md', /CI runs ([\d,]+) iterations/),
      source(ci, /npm run fuzz -- --iterations (\d+)\n/),
    );
    assert.equal(
      says('SIDE_CHANNELS.md', /CI runs ([\d,]+) samples per class/),
      source('bench/timing.ts', /opt\.ci \? (\d+) :/),
    );
    assert.equal(says('SIDE_CHANNELS.md', /fails only on \|t\| > (\d+)/), source('bench/timing.ts', /LEAK_T = (\d+);/));
    assert.match(page(ci), /npm run timing -- --ci\n/);
    const diff = 'test/core/differential.test.ts';
    assert.equal(says('VERIFICATION.md', /\(([\d,]+) differential cases/), source(diff, /'true' \? \d+ : (\d+)\)/));
    assert.equal(says('VERIFICATION.md', /CI runs ([\d,]+)\)/), source(diff, /'true' \? (\d+) :/));
    assert.equal(says('VERIFICATION.md', /([\d,]+) random \(d ‖ z, m\) per/), source(diff, /'true' \? (\d+) :/));
    assert.equal(says('VERIFICATION.md', /in CI \((\d+) outside/), source(diff, /'true' \? \d+ : (\d+)\)/));
    const seeds = source('test/hybrid/node26.test.ts', /path === 'auto' \? (\d+) :/);
    assert.equal(
      says('docs/hybrid.md', /Web Crypto in both directions on ([\d,]+) random seeds each per CI run/),
      seeds,
    );
  });

  it("docs/keys.md: the key decoders' fuzzed inputs per CI run", () => {
    const fuzz = source('test/keys/fuzz.test.ts', /CI === 'true' \? ([\d_]+) :/);
    assert.equal(says('docs/keys.md', /with ([\d,]+) fuzzed inputs per CI run/), fuzz);
  });

  it('VERIFICATION.md: the text-parsing bound of test/keys/hardening.test.ts', () => {
    const h = 'test/keys/hardening.test.ts';
    assert.equal(says('VERIFICATION.md', /(\d+) MB of adversarial text/), source(h, /MB4 = (\d+) \* 1024 \* 1024/));
    assert.equal(says('VERIFICATION.md', /under a (\d+) s bound/) * 1000, source(h, /BOUND_MS = (\d+);/));
  });

  it("README.md: the oldest Node.js is package.json's engines", () => {
    const engines = (JSON.parse(page('package.json')) as { engines: { node: string } }).engines.node;
    const oldest = /^>=(\d+\.\d+)\.0$/.exec(engines)?.[1];
    assert.ok(oldest !== undefined, `engines.node is ${engines}`);
    const readme = page('README.md');
    assert.ok(readme.includes(`runs in Node.js ${oldest}+`) && readme.includes(`(Node.js ${oldest} or later)`), oldest);
  });

  it("SIDE_CHANNELS.md: npm run ct:wasm's defaults", () => {
    const s = 'SIDE_CHANNELS.md';
    const ct = 'scripts/ct-wasm.ts';
    assert.equal(says(s, /with its defaults: (\d+) rounds of every ML-KEM operation/), source(ct, /rounds: (\d+),/));
    assert.equal(says(s, /and (\d+) random X25519 ladders/), source(ct, /x25519: (\d+),/));
    assert.equal(says(s, /(\d+) fuzz iterations\)/), source(ct, /fuzz: (\d+),/));
  });

  it("docs/command-line.md: bench's defaults", () => {
    const bench = 'src/cli/commands/bench.ts';
    assert.equal(
      says('docs/command-line.md', /R rounds \(default (\d+)\)/),
      source(bench, /values\.rounds \?\? '(\d+)'/),
    );
    assert.equal(
      says('docs/command-line.md', /decapsulations \(default (\d+)\)/),
      source(bench, /values\.iterations \?\? '(\d+)'/),
    );
  });
});
