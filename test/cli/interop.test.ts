// The mlkem-ts command against real peers and as a real program:
// - Node.js 26 (OpenSSL 3.5 inside): createPrivateKey / createPublicKey, crypto.encapsulate and
//   crypto.decapsulate on every file the command writes (each level, each PKCS#8 form, PEM, DER,
//   JWK), and the command on the files Node writes; two Node 26 processes in all.
// - An openssl binary, when it is 3.5 or later (genpkey, pkey -pubout, pkeyutl -encap/-decap);
//   skipped with a notice otherwise (this machine's Debian has 3.0).
// - The executable itself (src/cli/bin.ts, as a process): streams, exit statuses, no stack trace.
// - The packed package: `npm pack`, installed in a fresh project, `npx mlkem-ts bench` prints the table.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { FORMS, LEVELS } from '../support/api.js';
import { type InspectReport, ok, parseJson, tempDir } from '../support/cli-harness.js';
import { findNode26 } from '../support/node26.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const t = tempDir();
after(() => t.remove());
const read = (name: string) => readFileSync(t.path(name));
const hexOf = (name: string) => read(name).toString('hex');

type Entry = { file: string; format: 'pem' | 'der' | 'jwk'; kind: 'private' | 'public'; ct?: string };

/** Node 26's side, run in one process over `dir`; prints JSON { [file]: shared secret hex }. */
const NODE_SCRIPT = `
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const [dir, step] = process.argv.slice(1);
const file = (name) => path.join(dir, name);
function load({ file: name, format, kind }) {
  const data = fs.readFileSync(file(name));
  const create = kind === 'private' ? crypto.createPrivateKey : crypto.createPublicKey;
  if (format === 'jwk') return create({ key: JSON.parse(data), format: 'jwk' });
  if (format === 'der') return create({ key: data, format: 'der', type: kind === 'private' ? 'pkcs8' : 'spki' });
  return create(data);
}
const out = {};
for (const entry of JSON.parse(fs.readFileSync(file(step + '.json')))) {
  const key = load(entry);
  if (entry.kind === 'private') {
    out[entry.file] = crypto.decapsulate(key, fs.readFileSync(file(entry.ct))).toString('hex');
  } else {
    const { sharedKey, ciphertext } = crypto.encapsulate(key);
    fs.writeFileSync(file(entry.file + '.node.ct'), ciphertext);
    out[entry.file] = sharedKey.toString('hex');
  }
}
if (step === 'first') {
  for (const level of ['512', '768', '1024']) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ml-kem-' + level);
    const name = 'node-' + level;
    fs.writeFileSync(file(name + '.key.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    fs.writeFileSync(file(name + '.key.der'), privateKey.export({ format: 'der', type: 'pkcs8' }));
    fs.writeFileSync(file(name + '.key.jwk'), JSON.stringify(privateKey.export({ format: 'jwk' })));
    fs.writeFileSync(file(name + '.pub.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
    fs.writeFileSync(file(name + '.pub.der'), publicKey.export({ format: 'der', type: 'spki' }));
    fs.writeFileSync(file(name + '.pub.jwk'), JSON.stringify(publicKey.export({ format: 'jwk' })));
    const { sharedKey, ciphertext } = crypto.encapsulate(publicKey);
    fs.writeFileSync(file(name + '.ct'), ciphertext);
    out[name] = sharedKey.toString('hex');
  }
}
console.log(JSON.stringify(out));
`;

describe('the command with Node.js 26 (OpenSSL 3.5)', () => {
  const node26 = findNode26();
  const runNode = (step: 'first' | 'second', entries: Entry[]): Record<string, string> => {
    writeFileSync(t.path(`${step}.json`), JSON.stringify(entries));
    return parseJson<Record<string, string>>(
      execFileSync(node26!, ['-e', NODE_SCRIPT, t.dir, step], { encoding: 'utf8' }),
    );
  };
  const ours: Entry[] = [];
  let first: Record<string, string> = {};

  before(async () => {
    if (node26 === undefined) return;
    for (const level of LEVELS) {
      const pub = `ours-${level}.pub`;
      await ok(['keygen', '-a', level, '-o', `${t.path(pub)}.key`, '--pubout', `${t.path(pub)}.pem`]);
      await ok(['pubkey', '-i', `${t.path(pub)}.key`, '--der', '-o', `${t.path(pub)}.der`]);
      await ok(['pubkey', '-i', `${t.path(pub)}.key`, '--jwk', '-o', `${t.path(pub)}.jwk`]);
      for (const format of ['pem', 'der', 'jwk'] as const)
        ours.push({ file: `${pub}.${format}`, format, kind: 'public' });
      for (const form of [...FORMS, 'jwk'] as const) {
        for (const format of form === 'jwk' ? (['jwk'] as const) : (['pem', 'der'] as const)) {
          const key = `ours-${level}-${form}.${format}`;
          await ok([
            'keygen',
            '-a',
            level,
            ...(form === 'jwk' ? ['--jwk'] : ['--form', form, ...(format === 'der' ? ['--der'] : [])]),
            '-o',
            t.path(key),
            '--pubout',
            t.path(`${key}.pub`),
          ]);
          await ok(['encap', '-i', t.path(`${key}.pub`), '--ct', t.path(`${key}.ct`), '--secret', t.path(`${key}.ss`)]);
          ours.push({ file: key, format, kind: 'private', ct: `${key}.ct` });
        }
      }
    }
    first = runNode('first', ours);
  });

  it(
    'Node imports every private key the command writes and decapsulates its ciphertexts to its secrets',
    { skip: node26 === undefined },
    () => {
      const privates = ours.filter((e) => e.kind === 'private');
      assert.equal(privates.length, 3 * 7);
      for (const e of privates) assert.equal(first[e.file], hexOf(`${e.file}.ss`), e.file);
    },
  );

  it(
    'Node encapsulates to every public key the command writes; the command decapsulates',
    { skip: node26 === undefined },
    async () => {
      for (const e of ours.filter((x) => x.kind === 'public')) {
        const key = t.path(e.file.replace(/\.pub\.(pem|der|jwk)$/, '.pub.key'));
        const ss = (await ok(['decap', '-i', key, '--ct', t.path(`${e.file}.node.ct`), '--secret', '-'])).toString();
        assert.equal(ss, `${first[e.file]}\n`, e.file);
      }
    },
  );

  it(
    'the command reads the files Node writes: decap of Node ciphertexts, pubkey = Node’s SPKI, encap that Node decapsulates',
    { skip: node26 === undefined },
    async () => {
      const second: Entry[] = [];
      for (const level of ['512', '768', '1024']) {
        const name = `node-${level}`;
        for (const format of ['pem', 'der', 'jwk'] as const) {
          const ss = (
            await ok(['decap', '-i', t.path(`${name}.key.${format}`), '--ct', t.path(`${name}.ct`), '--secret', '-'])
          ).toString();
          assert.equal(ss, `${first[name]}\n`, `${name}.key.${format}`);
          assert.deepEqual(
            await ok(['pubkey', '-i', t.path(`${name}.key.${format}`), ...(format === 'pem' ? [] : [`--${format}`])]),
            format === 'jwk' ? Buffer.from(`${read(`${name}.pub.jwk`)}\n`) : read(`${name}.pub.${format}`),
          );
          const ct = `${name}.ours-${format}.ct`;
          await ok([
            'encap',
            '-i',
            t.path(`${name}.pub.${format}`),
            '--ct',
            t.path(ct),
            '--secret',
            t.path(`${ct}.ss`),
          ]);
          second.push({ file: `${name}.key.${format}`, format, kind: 'private', ct });
        }
        const report = parseJson<InspectReport>(await ok(['inspect', '--json', t.path(`${name}.key.der`)]));
        assert.equal(report.form, 'seed', 'Node 26 writes the seed form');
        assert.equal(report.valid, true);
      }
      const result = runNode('second', second);
      for (const e of second) assert.equal(result[e.file], hexOf(`${e.ct}.ss`), e.file);
    },
  );
});

/** The openssl binary when it is 3.5 or later (ML-KEM), else undefined with a notice on stderr. */
function findOpenSsl(): string | undefined {
  const run = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  const m = /^OpenSSL (\d+)\.(\d+)/.exec(run.stdout ?? '');
  if (m === null || Number(m[1]) < 3 || (Number(m[1]) === 3 && Number(m[2]) < 5)) {
    const found = run.error !== undefined ? 'no openssl on PATH' : `openssl is ${run.stdout.trim()}`;
    process.stderr.write(`\n*** SKIPPED: the OpenSSL interop tests need openssl 3.5 or later (${found})\n\n`);
    return undefined;
  }
  return 'openssl';
}

describe('the command with the openssl command (3.5 or later)', () => {
  const openssl = findOpenSsl();
  const skip = openssl === undefined;
  const ossl = (...args: string[]) => execFileSync(openssl!, args, { cwd: t.dir });

  it('reads OpenSSL’s keys (form both) and ciphertexts; OpenSSL decapsulates the command’s', { skip }, async () => {
    for (const level of LEVELS) {
      const key = `ossl-${level}.pem`;
      ossl('genpkey', '-algorithm', level, '-out', key);
      ossl('pkey', '-in', key, '-pubout', '-out', `${key}.pub`);
      assert.equal((await ok(['pubkey', '-i', t.path(key)])).toString(), read(`${key}.pub`).toString());
      const report = parseJson<InspectReport>(await ok(['inspect', '--json', t.path(key)]));
      assert.equal(report.form, 'both');
      assert.equal(report.valid, true);
      ossl('pkeyutl', '-encap', '-inkey', `${key}.pub`, '-pubin', '-out', `${key}.ct`, '-secret', `${key}.ss`);
      assert.equal(
        (await ok(['decap', '-i', t.path(key), '--ct', t.path(`${key}.ct`), '--secret', '-'])).toString(),
        `${hexOf(`${key}.ss`)}\n`,
      );
      await ok([
        'encap',
        '-i',
        t.path(`${key}.pub`),
        '--ct',
        t.path(`${key}.our.ct`),
        '--secret',
        t.path(`${key}.our.ss`),
      ]);
      ossl('pkeyutl', '-decap', '-inkey', key, '-in', `${key}.our.ct`, '-secret', `${key}.ossl.ss`);
      assert.deepEqual(read(`${key}.ossl.ss`), read(`${key}.our.ss`));
    }
  });

  it(
    'OpenSSL reads the command’s keys in every form, PEM and DER, and decapsulates to the same secret',
    { skip },
    async () => {
      for (const level of LEVELS) {
        for (const form of FORMS) {
          for (const der of [false, true]) {
            const key = `mine-${level}-${form}.${der ? 'der' : 'pem'}`;
            await ok([
              'keygen',
              '-a',
              level,
              '--form',
              form,
              ...(der ? ['--der'] : []),
              '-o',
              t.path(key),
              '--pubout',
              t.path(`${key}.pub`),
            ]);
            const inform = der ? ['-inform', 'DER'] : [];
            assert.deepEqual(
              ossl('pkey', ...inform, '-in', key, '-pubout', ...(der ? ['-outform', 'DER'] : [])),
              read(`${key}.pub`),
            );
            await ok([
              'encap',
              '-i',
              t.path(`${key}.pub`),
              '--ct',
              t.path(`${key}.ct`),
              '--secret',
              t.path(`${key}.ss`),
            ]);
            ossl(
              'pkeyutl',
              '-decap',
              '-inkey',
              key,
              ...(der ? ['-keyform', 'DER'] : []),
              '-in',
              `${key}.ct`,
              '-secret',
              `${key}.ossl.ss`,
            );
            assert.deepEqual(read(`${key}.ossl.ss`), read(`${key}.ss`), key);
          }
        }
      }
    },
  );
});

describe('the executable (src/cli/bin.ts as a process)', () => {
  const bin = (args: string[], input?: Uint8Array | string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
      cwd: root,
      input: Buffer.from(input ?? ''),
      encoding: 'buffer',
    });

  it('keygen | pubkey --der | encap through pipes; exit status 0', () => {
    const key = bin(['keygen', '-a', '512']);
    assert.equal(key.status, 0, key.stderr.toString());
    const pub = bin(['pubkey', '--der'], key.stdout);
    assert.equal(pub.status, 0, pub.stderr.toString());
    const enc = bin(['encap', '--ct', '-', '--secret', t.path('ss.bin')], pub.stdout);
    assert.equal(enc.status, 0, enc.stderr.toString());
    assert.equal(enc.stdout.length, 768, 'the binary ciphertext on standard output, unchanged');
    assert.equal(read('ss.bin').length, 32);
  });

  it('bad usage exits 2 and a bad file 1, each with one line on stderr and no stack trace', () => {
    const usage = bin(['keygen', '--form', 'x']);
    assert.equal(usage.status, 2);
    assert.equal(
      usage.stderr.toString(),
      `mlkem-ts keygen: --form must be seed, expanded or both, got 'x' (see 'mlkem-ts keygen --help')\n`,
    );
    const bad = bin(['inspect', '-'], 'not a key');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr.toString(), /^mlkem-ts inspect: standard input: not a key file: [^\n]+\n$/);
    assert.equal(bad.stdout.length, 0);
  });
});

describe('the packed package', () => {
  it(
    'npm pack, installed in a fresh project: npx mlkem-ts bench prints the table, keygen writes a key',
    { timeout: 180_000 },
    () => {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const packed = execFileSync(npm, ['pack', '--silent', '--pack-destination', t.dir], {
        cwd: root,
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .pop()!;
      const app = t.path('app');
      execFileSync('mkdir', [app]);
      writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
      execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--silent', join(t.dir, packed)], {
        cwd: app,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const out = execFileSync('npx', ['--no', 'mlkem-ts', 'bench', '-n', '20', '-r', '3'], {
        cwd: app,
        encoding: 'utf8',
      });
      assert.match(out, /^mlkem-ts bench on Node\.js v/);
      for (const level of LEVELS)
        for (const backend of ['wasm', 'portable'])
          assert.match(out, new RegExp(`^${level} +${backend}( +\\d+\\.\\d ± *\\d+%){3}$`, 'm'));
      const key = execFileSync('npx', ['--no', 'mlkem-ts', 'keygen', '-a', '1024'], { cwd: app, encoding: 'utf8' });
      assert.match(key, /^-----BEGIN PRIVATE KEY-----\n/);
    },
  );
});
