// `npm run test:node26`: the whole test suite again, under Node 26 (installed from the npm
// registry by scripts/install-node.sh, or the binary in NODE26), to cover a current V8.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const node26 =
  process.env.NODE26 || execFileSync('bash', ['scripts/install-node.sh'], { cwd: root, encoding: 'utf8' }).trim();
// The files `npm test` runs (test/*/*.test.ts); Node 20's --test takes no glob.
const files = readdirSync(`${root}test`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(`${root}test/${d.name}`)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `test/${d.name}/${f}`),
  );
const run = spawnSync(node26, ['--import', 'tsx', '--test', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE26: node26 },
});
process.exit(run.status ?? 1);
