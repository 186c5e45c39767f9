// The tables that `npm run bench -- --write` writes between their markers: docs/benchmark.md's
// (bench:mlkem, bench:key-objects) from a run's medians and same-round ratios, and docs/hybrid.md's
// (bench:hybrid, also `npm run bench:hybrid -- --write`) and docs/hpke.md's (bench:hpke, also
// `npm run bench:hpke -- --write`); test/package/figures.test.ts reads them back and checks the
// prose that summarizes them.

/** A median of bench.ts: µs per operation of one implementation at one level and operation. */
export interface MedianUs {
  impl: string;
  level: number;
  op: string;
  medianUs: number;
}

/** A same-round ratio of bench.ts: peer µs / base µs, median over rounds. */
export interface PairedRatio {
  peer: string;
  base: string;
  level: number;
  op: string;
  pairedMedian: number;
}

/** The peers' column names: Node's ML-KEM and the two libraries, with their versions. */
export interface PeerNames {
  node: string;
  noble: string;
  mlkem: string;
}

const OPS = ['keygen', 'encaps', 'decaps'] as const;
const us = (x: number) => (x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US'));

function lookup(results: readonly MedianUs[], rs: readonly PairedRatio[]) {
  const get = <T extends { level: number; op: string }>(
    xs: readonly T[],
    level: number,
    op: string,
    f: (x: T) => boolean,
  ) => {
    const x = xs.find((y) => y.level === level && y.op === op && f(y));
    if (x === undefined) throw new Error(`the run has no ML-KEM-${level} ${op} figure for a docs/benchmark.md cell`);
    return x;
  };
  return {
    us: (impl: string, level: number, op: string) => us(get(results, level, op, (r) => r.impl === impl).medianUs),
    ratio: (peer: string, base: string, level: number, op: string, digits = 2) =>
      `${get(rs, level, op, (r) => r.peer === peer && r.base === base).pairedMedian.toFixed(digits)}×`,
  };
}

/** The ML-KEM table: µs per operation of each implementation, and how many times faster wasm is than Node's and noble's. */
export function mlkemTable(results: readonly MedianUs[], rs: readonly PairedRatio[], names: PeerNames): string {
  const { us: cell, ratio } = lookup(results, rs);
  const levels = [...new Set(results.map((r) => r.level))];
  const lines = [
    `| parameter set | op | mlkem-ts/wasm | mlkem-ts | ${names.node} | ${names.noble} | ${names.mlkem} | vs Node | vs noble |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const level of levels) {
    for (const op of OPS) {
      const cells = ['wasm', 'portable', 'node', 'noble', 'mlkem'].map((impl) => cell(impl, level, op));
      const vs = [ratio('node', 'wasm', level, op), ratio('noble', 'wasm', level, op, 1)];
      lines.push(`| ML-KEM-${level} | ${op} | ${[...cells, ...vs].join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** The key-object table: how many times faster than the one-shot calls and than Node's KeyObjects, and wasm-key's µs. */
export function keyObjectTable(results: readonly MedianUs[], rs: readonly PairedRatio[]): string {
  const { us: cell, ratio } = lookup(results, rs);
  const levels = [...new Set(results.map((r) => r.level))];
  const lines = [
    '| parameter set | encaps: wasm / portable | decaps: wasm / portable | wasm-key µs: encaps / decaps | vs Node: encaps / decaps |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const level of levels) {
    const own = (op: string) =>
      `${ratio('wasm', 'wasm-key', level, op)} / ${ratio('portable', 'portable-key', level, op)}`;
    const keyUs = `${cell('wasm-key', level, 'encaps')} / ${cell('wasm-key', level, 'decaps')}`;
    const node = `${ratio('node', 'wasm-key', level, 'encaps')} / ${ratio('node', 'wasm-key', level, 'decaps')}`;
    lines.push(`| ML-KEM-${level} | ${own('encaps')} | ${own('decaps')} | ${keyUs} | ${node} |`);
  }
  return lines.join('\n');
}

/** docs/hybrid.md's columns: the heading and the implementation of bench/hybrid.ts (the concrete KEM's name follows a space). */
const HYBRID_COLUMNS = [
  ['ours, wasm, native curves', 'wasm+native'],
  ['the same with key objects', 'wasm+native keys'],
  ['ours, wasm, noble curves', 'wasm+noble'],
  ["Node's Web Crypto", 'webcrypto '],
  ['@noble/post-quantum', 'noble '],
] as const;
const HYBRID_ROWS = [
  ['X-Wing', 'XWing', 'MLKEM768-X25519'],
  ['MLKEM768-P256', 'MLKEM768-P256', 'MLKEM768-P256'],
  ['MLKEM1024-P384', 'MLKEM1024-P384', 'MLKEM1024-P384'],
] as const;

/** docs/hybrid.md's table: keygen / encaps / decaps µs of each column's implementation, `us` giving the medians. */
export function hybridTable(us: (hybrid: string, impl: string, op: string) => number | undefined): string {
  const lines = [`| | ${HYBRID_COLUMNS.map(([heading]) => heading).join(' | ')} |`, `| --- |${' --- |'.repeat(5)}`];
  for (const [row, hybrid, concrete] of HYBRID_ROWS) {
    const cells = HYBRID_COLUMNS.map(([, impl]) =>
      OPS.map((op) => {
        const x = us(hybrid, impl.endsWith(' ') ? impl + concrete : impl, op);
        if (x === undefined) throw new Error(`the run has no ${hybrid} ${impl} ${op} figure for docs/hybrid.md`);
        return Math.round(x).toLocaleString('en-US');
      }).join(' / '),
    );
    lines.push(`| ${row} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** docs/hpke.md's columns after the floor and ours (wasm): the peers of each library, by name in bench/hpke.ts. */
const HPKE_PEERS = [
  { hpke: '@panva/hpke-noble' },
  { '@hpke/core ML-KEM-768': '@hpke/ml-kem', '@hpke/core X-Wing': '@hpke/hybridkem-x-wing' },
  { hpke: 'native' },
] as const;

/**
 * docs/hpke.md's table: seal / open µs of the library's floor (`floor`), of ours on wasm (`wasm`)
 * and of each peer, with how many times faster ours is in the same rounds (`ratio`).
 */
export function hpkeTable(
  us: (library: string, kem: string, name: string, op: string) => number | undefined,
  ratio: (library: string, kem: string, name: string, op: string) => number | undefined,
): string {
  const lines = [
    "| library | | floor | ours (wasm) | `@panva/hpke-noble` | `@hpke/ml-kem`, `@hpke/hybridkem-x-wing` | `hpke`'s native Web Crypto KEM |",
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const pair = (f: (op: string) => number | undefined, digits: number, suffix = '') =>
    ['seal', 'open']
      .map((op) => {
        const x = f(op);
        if (x === undefined) throw new Error(`the run has no HPKE ${op} figure for docs/hpke.md`);
        return digits === 0 ? Math.round(x).toLocaleString('en-US') : `${x.toFixed(digits)}${suffix}`;
      })
      .join(' / ');
  for (const kem of ['ML-KEM-768', 'X-Wing']) {
    for (const library of ['hpke', '@hpke/core']) {
      const peers = HPKE_PEERS.map(
        (p) => (p as Record<string, string>)[library] ?? (p as Record<string, string>)[`${library} ${kem}`],
      );
      const cells = [
        pair((op) => us(library, 'ML-KEM-768', 'floor', op), 0),
        pair((op) => us(library, kem, 'wasm', op), 0),
        ...peers.map((name) =>
          name === undefined || us(library, kem, name, 'seal') === undefined
            ? ''
            : `${pair((op) => us(library, kem, name, op), 0)} (${pair((op) => ratio(library, kem, name, op), 1, '×')})`,
        ),
      ];
      lines.push(`| \`${library}\` | ${kem} seal / open |${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`);
    }
  }
  return lines.join('\n');
}

/** `doc` with what lies between `<!-- bench:NAME begin -->` and `<!-- bench:NAME end -->` replaced by `content`. */
export function writeBetween(doc: string, name: string, content: string): string {
  const [begin, end] = [`<!-- bench:${name} begin -->`, `<!-- bench:${name} end -->`];
  const [from, to] = [doc.indexOf(begin), doc.indexOf(end)];
  if (from === -1 || to < from) throw new Error(`the page lacks the ${begin} … ${end} markers`);
  return `${doc.slice(0, from + begin.length)}\n${content}\n${doc.slice(to)}`;
}
