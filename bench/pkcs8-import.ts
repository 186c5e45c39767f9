// What importing a PKCS#8 private key costs in `npm run bench`, per form, and what the pairwise
// check that decodePkcs8 runs by default on an expanded key without its seed adds:
// one encapsulation and one decapsulation.
import { decodePkcs8, encodePkcs8, kemFor } from '../src/keys/index.js';
import { cost } from './key-objects.js';

type Level = 512 | 768 | 1024;

/** The markdown table of decodePkcs8 costs per form and level (portable backend). */
export function pkcs8ImportCosts(levels: readonly Level[], rounds: number): string {
  const lines = [
    '## decodePkcs8: import cost by form (portable)',
    '',
    '| parameter set | seed µs | both µs | expanded µs (default: pairwise check) | expanded, pairwiseCheck: false µs | pairwise check / seed import |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const level of levels) {
    const pair = kemFor(`ML-KEM-${level}`).keygen();
    const [seed, both, expanded] = (['seed', 'both', 'expanded'] as const).map((form) => encodePkcs8(pair, { form }));
    const us = [
      cost(() => decodePkcs8(seed!), rounds),
      cost(() => decodePkcs8(both!), rounds),
      cost(() => decodePkcs8(expanded!), rounds),
      cost(() => decodePkcs8(expanded!, { pairwiseCheck: false }), rounds),
    ];
    lines.push(
      `| ML-KEM-${level} | ${us.map((x) => x.toFixed(1)).join(' | ')} | ${((us[2]! - us[3]!) / us[0]!).toFixed(2)} |`,
    );
  }
  lines.push('', '- µs: median over rounds of CPU time per call.');
  return lines.join('\n');
}
