// The command meets OpenSSL users: OpenSSL's genpkey, pkey and pkeyutl
// spellings beside ours, giving the same files and secrets; no option ever misread; binary
// output kept off a terminal unless asked for; --version; help COMMAND; multi-block PEM files;
// private keys re-encoded between forms and encodings; interop with Node 26 (OpenSSL 3.5) in both
// directions through both spellings.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { MlKem512, MlKem768 } from '../../src/index.js';
import { decodePkcs8, encodePkcs8, encodeSpki, kemFor, toJwk, toPem } from '../../src/keys/index.js';
import { readPkcs8 } from '../../src/keys/pkix.js';
import { LEVELS } from '../support/api.js';
import { cli, fails, ok, tempDir } from '../support/cli-harness.js';
import { findNode26 } from '../support/node26.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const t = tempDir();
after(() => t.remove());
const read = (name: string) => readFileSync(t.path(name));

const pair = MlKem768.keygen();
const keyPem = t.path('k.pem');
const keyDer = t.path('k.der');
const expandedDer = t.path('k-expanded.der');
writeFileSync(keyPem, toPem(encodePkcs8(pair), 'PRIVATE KEY'), { mode: 0o600 });
writeFileSync(keyDer, encodePkcs8(pair), { mode: 0o600 });
writeFileSync(expandedDer, encodePkcs8(pair, { form: 'expanded' }), { mode: 0o600 });
const pubPem = t.path('pub.pem');
writeFileSync(pubPem, toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY'));

describe('no option is ever misread: a word that is not exactly an option is an error naming it', () => {
  it("keygen -out k.pem (OpenSSL's spelling) is refused, and no file 'ut' is written", async () => {
    const out = t.path('never.pem');
    await fails(
      ['keygen', '-out', out],
      2,
      /^mlkem-ts keygen: Unknown option '-out': did you mean '--out'\?; 'mlkem-ts genpkey' takes OpenSSL's options/,
    );
    assert.equal(existsSync(join(process.cwd(), 'ut')), false);
    assert.equal(existsSync(out), false);
  });

  const cases: Array<[string, string[], RegExp]> = [
    [
      'keygen -algorithm',
      ['keygen', '-algorithm', 'ML-KEM-768'],
      /Unknown option '-algorithm': did you mean '--algorithm'\?; 'mlkem-ts genpkey' takes OpenSSL's options/,
    ],
    ['pubkey -in', ['pubkey', '-in', keyPem], /Unknown option '-in': did you mean '--in'\?/],
    [
      'decap with pkeyutl options',
      ['decap', '-inkey', keyPem, '-in', 'ct.bin', '-out', 'ss.bin'],
      /Unknown option '-inkey': did you mean '-i' or '--in'\?; 'mlkem-ts pkeyutl' takes OpenSSL's options/,
    ],
    ['grouped short options', ['keygen', '-ao', '512'], /Unknown option '-ao'/],
    ['a value glued to a short option', ['keygen', '-a512'], /Unknown option '-a512'/],
    ['an abbreviation', ['keygen', '--alg', '512'], /Unknown option '--alg'/],
    [
      'an option where a value belongs',
      ['keygen', '-o', '--der'],
      /Option '-o, --out <value>' needs a value, and '--der' is an option/,
    ],
    ['a value missing at the end', ['keygen', '-a'], /Option '-a, --algorithm <value>' argument missing/],
    ['an option given twice', ['keygen', '-o', 'a.pem', '--out', 'b.pem'], /Option '-o, --out <value>' is given twice/],
    ['a flag with a value', ['keygen', '--der=yes'], /Unknown option '--der=yes'/],
    ['a stray word', ['pubkey', '-i', keyPem, 'extra'], /the key is given twice, as FILE 'extra' and as -i\/--in/],
    [
      'two stray words',
      ['encap', 'a.pem', 'b.pem', '--ct', 'c', '--secret', 's'],
      /Unexpected argument 'b\.pem': the command takes one key FILE/,
    ],
    ['our option to genpkey', ['genpkey', '-a', '768'], /^mlkem-ts genpkey: Unknown option '-a'/],
    ['genpkey without -algorithm', ['genpkey'], /-algorithm is required/],
    [
      'genpkey -algorithm of another kind',
      ['genpkey', '-algorithm', 'RSA'],
      /-algorithm must be ML-KEM-512, ML-KEM-768 or ML-KEM-1024.*got 'RSA'/,
    ],
    [
      'genpkey -outform of another kind',
      ['genpkey', '-algorithm', '768', '-outform', 'NET'],
      /-outform must be PEM or DER, got 'NET'/,
    ],
    ['pkey with our option', ['pkey', '--in', keyPem], /Unknown option '--in'/],
    ['pkey with a double-dash OpenSSL option', ['pkey', '--pubout'], /Unknown option '--pubout'/],
    ['pkeyutl without an operation', ['pkeyutl', '-inkey', keyPem], /one of -encap and -decap is needed/],
    [
      'pkeyutl with both operations',
      ['pkeyutl', '-encap', '-decap', '-inkey', keyPem],
      /one of -encap and -decap is needed/,
    ],
    ['pkeyutl -sign', ['pkeyutl', '-sign', '-inkey', keyPem], /Unknown option '-sign'/],
    ['pkeyutl without -inkey', ['pkeyutl', '-encap', '-secret', 'ss'], /-inkey is required/],
    [
      'pkeyutl -encap without -secret',
      ['pkeyutl', '-encap', '-inkey', pubPem],
      /-secret \(with -encap, where -out is the ciphertext\) is required/,
    ],
    [
      'pkeyutl -decap with -secret and -out',
      ['pkeyutl', '-decap', '-inkey', keyPem, '-secret', 'a', '-out', 'b'],
      /-secret and -out both name where the secret goes/,
    ],
    [
      'pkeyutl -encap with -in',
      ['pkeyutl', '-encap', '-inkey', pubPem, '-in', 'x', '-secret', 'ss'],
      /-in is the ciphertext of -decap/,
    ],
  ];
  for (const [name, args, message] of cases) {
    it(`${name}: usage error (2), nothing written`, async () => {
      await fails(args, 2, message);
    });
  }

  it('--out=FILE is the one joined form, and a file named like an option is given as ./-name', async () => {
    await ok(['pubkey', `--in=${keyPem}`, `--out=${t.path('joined.pem')}`]);
    assert.equal(read('joined.pem').toString(), readFileSync(pubPem, 'utf8'));
    await ok(['pubkey', '-i', keyPem, '-o', '-'], {});
  });
});

describe('binary output to a terminal is refused unless asked for (--binary)', () => {
  const tty = { stdoutTty: true };
  it('encap --ct - on a terminal: usage error before anything is made or written', async () => {
    await fails(
      ['encap', '-i', pubPem, '--ct', '-', '--secret', t.path('tty.ss')],
      2,
      /--ct would write binary data to standard output, which is a terminal: name a file, pipe it, or add --binary/,
      tty,
    );
    assert.equal(existsSync(t.path('tty.ss')), false);
    const r = await cli(['encap', '-i', pubPem, '--ct', '-', '--secret', t.path('tty.ss'), '--binary'], tty);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.length, 1088);
  });
  const refused: Array<[string, string[]]> = [
    ['keygen --der', ['keygen', '--der']],
    ['pubkey --der', ['pubkey', '-i', keyPem, '--der']],
    ['convert --der', ['convert', '-i', keyPem, '--der']],
    ['genpkey -outform DER', ['genpkey', '-algorithm', '768', '-outform', 'DER']],
    ['pkey -outform DER', ['pkey', '-in', keyPem, '-outform', 'DER']],
    ['pkeyutl -encap without -out', ['pkeyutl', '-encap', '-inkey', pubPem, '-secret', t.path('tty2.ss')]],
    ['pkeyutl -decap without -secret', ['pkeyutl', '-decap', '-inkey', keyPem, '-in', t.path('none.ct')]],
  ];
  for (const [name, args] of refused) {
    it(`${name} on a terminal: usage error; with --binary it writes`, async () => {
      const r = await cli(args, tty);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /would write binary data to standard output, which is a terminal/);
      assert.equal(r.stdout.length, 0);
      const asked = await cli([...args, '--binary'], tty);
      assert.doesNotMatch(asked.stderr, /terminal/);
      if (asked.status === 0) assert.ok(asked.stdout.length > 0 && asked.stdout[0] !== 0x2d, 'binary bytes written');
      else assert.match(asked.stderr, /none\.ct: no such file/, 'only the missing ciphertext stops it');
    });
  }
  it('text output goes to a terminal: PEM keys, the hex secret of --secret -, pkey -text', async () => {
    assert.match((await ok(['keygen'], tty)).toString(), /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(
      (await ok(['pkey', '-in', keyPem, '-pubout', '-text', '-noout'], tty)).toString(),
      /^ML-KEM-768 Public-Key:\n/,
    );
    const { ciphertext, sharedSecret } = MlKem768.encapsulate(pair.publicKey);
    writeFileSync(t.path('tty.ct'), ciphertext);
    assert.equal(
      (await ok(['decap', '-i', keyPem, '--ct', t.path('tty.ct'), '--secret', '-'], tty)).toString(),
      `${Buffer.from(sharedSecret).toString('hex')}\n`,
    );
    assert.deepEqual(
      new Uint8Array(await ok(['pkeyutl', '-decap', '-inkey', keyPem, '-in', t.path('tty.ct'), '--binary'], tty)),
      sharedSecret,
    );
    assert.deepEqual(
      new Uint8Array(await ok(['pkeyutl', '-decap', '-inkey', keyPem, '-in', t.path('tty.ct')])),
      sharedSecret,
      'not a terminal: raw, as OpenSSL writes it',
    );
  });
});

describe('--version, help COMMAND', () => {
  it("--version and version print the package's version", async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    assert.equal((await ok(['--version'])).toString(), `mlkem-ts ${pkg.version}\n`);
    assert.equal((await ok(['version'])).toString(), `mlkem-ts ${pkg.version}\n`);
    await fails(['--version', 'x'], 2, /--version takes no arguments/);
  });
  for (const c of ['keygen', 'pubkey', 'convert', 'encap', 'decap', 'inspect', 'bench', 'genpkey', 'pkey', 'pkeyutl']) {
    it(`help ${c} prints what ${c} --help prints, and the overview lists it`, async () => {
      const help = (await ok([c, '--help'])).toString();
      assert.match(help, new RegExp(`^Usage: mlkem-ts ${c} `));
      assert.equal((await ok(['help', c])).toString(), help);
      assert.equal((await ok([c, '-help'])).toString(), help);
      assert.match((await ok(['help'])).toString(), new RegExp(`^  ${c} `, 'm'));
    });
  }
  it('help of an unknown command, or of two: usage error', async () => {
    await fails(['help', 'frobnicate'], 2, /unknown command 'frobnicate'/);
    await fails(['help', 'keygen', 'pubkey'], 2, /help takes one COMMAND, got 2/);
  });
});

describe('a PEM file of several blocks gives the block the command needs', () => {
  const both = t.path('both.pem');
  const reversed = t.path('reversed.pem');
  writeFileSync(both, `${readFileSync(pubPem, 'utf8')}${readFileSync(keyPem, 'utf8')}`, { mode: 0o600 });
  writeFileSync(reversed, `${readFileSync(keyPem, 'utf8')}${readFileSync(pubPem, 'utf8')}`, { mode: 0o600 });
  it('public then private: decap and pkeyutl -decap use the private key; encap the public one', async () => {
    const { ciphertext, sharedSecret } = MlKem768.encapsulate(pair.publicKey);
    writeFileSync(t.path('mb.ct'), ciphertext);
    const hex = `${Buffer.from(sharedSecret).toString('hex')}\n`;
    for (const file of [both, reversed]) {
      assert.equal((await ok(['decap', '-i', file, '--ct', t.path('mb.ct'), '--secret', '-'])).toString(), hex);
      assert.deepEqual(
        new Uint8Array(await ok(['pkeyutl', '-decap', '-inkey', file, '-in', t.path('mb.ct')])),
        sharedSecret,
      );
      await ok(['encap', '-i', file, '--ct', t.path('mb2.ct'), '--secret', t.path('mb2.ss')]);
      assert.deepEqual(MlKem768.decapsulate(read('mb2.ct'), pair.secretKey), new Uint8Array(read('mb2.ss')));
    }
  });
  it('a public key alone is still refused by decap, naming it', async () => {
    writeFileSync(t.path('mb.ct'), MlKem768.encapsulate(pair.publicKey).ciphertext);
    await fails(
      ['decap', '-i', pubPem, '--ct', t.path('mb.ct'), '--secret', '-'],
      1,
      /pub\.pem: is a public key; decap needs the private key/,
    );
  });
});

describe('re-encoding a private key between forms and encodings', () => {
  it('convert: PEM ⇄ DER ⇄ JWK and every form, the same key', async () => {
    assert.deepEqual(new Uint8Array(await ok(['convert', '-i', keyPem, '--der'])), encodePkcs8(pair));
    assert.equal((await ok(['convert', '-i', keyDer])).toString(), toPem(encodePkcs8(pair), 'PRIVATE KEY'));
    for (const form of ['seed', 'expanded', 'both'] as const) {
      assert.deepEqual(
        new Uint8Array(await ok(['convert', '-i', keyPem, '--form', form, '--der'])),
        encodePkcs8(pair, { form }),
        form,
      );
    }
    assert.deepEqual(JSON.parse((await ok(['convert', '-i', keyDer, '--jwk'])).toString()), toJwk(pair));
    assert.equal(
      (await ok(['convert', '-i', expandedDer])).toString(),
      toPem(encodePkcs8(pair, { form: 'expanded' }), 'PRIVATE KEY'),
      'no seed: the expanded form',
    );
    await fails(['convert', '-i', expandedDer, '--form', 'both'], 2, /--form both needs the key's seed/);
    await fails(
      ['convert', '-i', expandedDer, '--jwk'],
      1,
      /k-expanded\.der: holds the expanded key only; a JWK holds the seed/,
    );
    await ok(['convert', '-i', keyPem, '--der', '-o', t.path('conv.der')]);
    assert.equal(readFileSync(t.path('conv.der')).length, encodePkcs8(pair).length);
    assert.equal(
      (await import('node:fs')).statSync(t.path('conv.der')).mode & 0o777,
      0o600,
      'a private key file is 0600',
    );
  });

  it('pkey writes what openssl pkey 3.5 writes: the both form with the seed, else the expanded form; PEM or DER', async () => {
    assert.equal(
      (await ok(['pkey', '-in', keyPem])).toString(),
      toPem(encodePkcs8(pair, { form: 'both' }), 'PRIVATE KEY'),
    );
    assert.deepEqual(
      new Uint8Array(await ok(['pkey', '-in', keyPem, '-outform', 'DER'])),
      encodePkcs8(pair, { form: 'both' }),
    );
    assert.deepEqual(
      new Uint8Array(await ok(['pkey', '-in', expandedDer, '-outform', 'der'])),
      encodePkcs8(pair, { form: 'expanded' }),
    );
    await fails(['pkey', '-in', keyPem, '-inform', 'DER'], 1, /k\.pem: is PEM, not DER as -inform says/);
    await fails(['pkey', '-in', keyPem, '-pubin'], 1, /is a private key, and -pubin says a public key/);
  });
});

describe('OpenSSL spellings and ours give identical files and secrets', () => {
  it('pkey -pubout = pubkey; pkey = convert --form both; both encodings', async () => {
    for (const input of [keyPem, keyDer, expandedDer]) {
      assert.deepEqual(await ok(['pkey', '-in', input, '-pubout']), await ok(['pubkey', '-i', input]));
      assert.deepEqual(
        await ok(['pkey', '-in', input, '-pubout', '-outform', 'DER']),
        await ok(['pubkey', '-i', input, '--der']),
      );
      const form = input === expandedDer ? 'expanded' : 'both';
      assert.deepEqual(await ok(['pkey', '-in', input]), await ok(['convert', '-i', input, '--form', form]));
      assert.deepEqual(
        await ok(['pkey', '-in', input, '-outform', 'DER']),
        await ok(['convert', '-i', input, '--form', form, '--der']),
      );
    }
    assert.deepEqual(await ok(['pkey', '-in', pubPem, '-pubin']), await ok(['pubkey', '-i', pubPem]));
  });

  it('genpkey writes what keygen --form both writes (PEM and DER), for every level', async () => {
    for (const level of LEVELS) {
      for (const der of [false, true]) {
        const g = t.path(`g-${level}-${der}`);
        const k = t.path(`k-${level}-${der}`);
        await ok(['genpkey', '-algorithm', level, '-out', g, ...(der ? ['-outform', 'DER'] : [])]);
        await ok(['keygen', '-a', level, '--form', 'both', '-o', k, ...(der ? ['--der'] : [])]);
        const dg = der
          ? readFileSync(g)
          : Buffer.from(readFileSync(g, 'utf8').split('\n').slice(1, -2).join(''), 'base64');
        const dk = der
          ? readFileSync(k)
          : Buffer.from(readFileSync(k, 'utf8').split('\n').slice(1, -2).join(''), 'base64');
        assert.equal(readPkcs8(dg).form, 'both');
        assert.equal(dg.length, dk.length);
        assert.deepEqual(dg.subarray(0, 30), dk.subarray(0, 30), 'the same header bytes: only the key differs');
        assert.equal(decodePkcs8(dg).algorithm, level);
        assert.equal((await import('node:fs')).statSync(g).mode & 0o777, 0o600);
      }
    }
  });

  it('pkeyutl -encap / -decap and encap / decap: secrets that match across the spellings', async () => {
    await ok(['pkeyutl', '-encap', '-inkey', pubPem, '-pubin', '-out', t.path('o.ct'), '-secret', t.path('o.ss')]);
    await ok(['decap', '-i', keyPem, '--ct', t.path('o.ct'), '--secret', t.path('our.ss')]);
    assert.deepEqual(read('our.ss'), read('o.ss'));
    await ok(['encap', '-i', pubPem, '--ct', t.path('e.ct'), '--secret', t.path('e.ss')]);
    await ok([
      'pkeyutl',
      '-decap',
      '-inkey',
      keyDer,
      '-keyform',
      'DER',
      '-in',
      t.path('e.ct'),
      '-secret',
      t.path('p.ss'),
    ]);
    await ok(['pkeyutl', '-decap', '-inkey', keyPem, '-in', t.path('e.ct'), '-out', t.path('p2.ss')]);
    assert.deepEqual(read('p.ss'), read('e.ss'));
    assert.deepEqual(read('p2.ss'), read('e.ss'));
    assert.equal(read('p.ss').length, 32);
    // The ciphertext from standard input, as openssl pkeyutl reads it without -in.
    assert.deepEqual(await ok(['pkeyutl', '-decap', '-inkey', keyPem], { stdin: read('e.ct') }), read('e.ss'));
    await fails(
      ['pkeyutl', '-decap', '-inkey', keyDer, '-keyform', 'PEM', '-in', t.path('e.ct'), '-secret', t.path('never.ss')],
      1,
      /k\.der: is DER, not PEM as -keyform says/,
    );
  });

  it("pkey -text: OpenSSL 3.5's layout (seed, dk, ek, 15 bytes a line); -pubout -text: ek only; -noout", async () => {
    const lines = (label: string, b: Uint8Array) => {
      const hex = [...b].map((x) => x.toString(16).padStart(2, '0'));
      const rows: string[] = [];
      for (let i = 0; i < hex.length; i += 15)
        rows.push(`    ${hex.slice(i, i + 15).join(':')}${i + 15 < hex.length ? ':' : ''}`);
      return `${label}:\n${rows.join('\n')}\n`;
    };
    const text = (await ok(['pkey', '-in', keyPem, '-text', '-noout'])).toString();
    assert.equal(
      text,
      `ML-KEM-768 Private-Key:\n${lines('seed', pair.seed)}${lines('dk', pair.secretKey)}${lines('ek', pair.publicKey)}`,
    );
    const pubText = (await ok(['pkey', '-in', keyPem, '-pubout', '-text'])).toString();
    assert.equal(
      pubText,
      `${toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY')}ML-KEM-768 Public-Key:\n${lines('ek', pair.publicKey)}`,
    );
    assert.equal(
      (await ok(['pkey', '-in', expandedDer, '-text', '-noout'])).toString(),
      `ML-KEM-768 Private-Key:\n${lines('dk', pair.secretKey)}${lines('ek', pair.publicKey)}`,
    );
    assert.equal((await ok(['pkey', '-in', keyPem, '-noout'])).length, 0);
    assert.equal(
      (await ok(['pkey', '-in', keyPem, '-text_pub', '-noout'])).toString(),
      `ML-KEM-768 Public-Key:\n${lines('ek', pair.publicKey)}`,
    );
    await fails(
      ['pkey', '-in', keyPem, '-text', '-outform', 'DER'],
      2,
      /text output \(-text, -text_pub\) cannot be combined with DER output/,
    );
    await ok(['pkey', '-in', keyPem, '-text', '-noout', '-out', t.path('k.txt')]);
    assert.equal(
      (await import('node:fs')).statSync(t.path('k.txt')).mode & 0o777,
      0o600,
      'the text of a private key is a private file',
    );
  });
});

describe('interop with Node.js 26 (OpenSSL 3.5) through both spellings', () => {
  const node26 = findNode26();
  const node = (script: string, ...args: string[]) =>
    execFileSync(node26!, ['-e', script, ...args], { encoding: 'utf8' });
  const ENCAP = `
const crypto = require('node:crypto'); const fs = require('node:fs');
const [pub, ct, ss] = process.argv.slice(1);
const data = fs.readFileSync(pub);
const key = crypto.createPublicKey(data[0] === 0x30 ? { key: data, format: 'der', type: 'spki' } : data);
const { sharedKey, ciphertext } = crypto.encapsulate(key);
fs.writeFileSync(ct, ciphertext); fs.writeFileSync(ss, sharedKey);`;
  const DECAP = `
const crypto = require('node:crypto'); const fs = require('node:fs');
const [priv, ct] = process.argv.slice(1);
const data = fs.readFileSync(priv);
const key = crypto.createPrivateKey(data[0] === 0x30 ? { key: data, format: 'der', type: 'pkcs8' } : data);
process.stdout.write(crypto.decapsulate(key, fs.readFileSync(ct)).toString('hex'));`;
  const GENERATE = `
const crypto = require('node:crypto'); const fs = require('node:fs');
const [level, priv, pub] = process.argv.slice(1);
const { publicKey, privateKey } = crypto.generateKeyPairSync('ml-kem-' + level);
fs.writeFileSync(priv, privateKey.export({ format: 'pem', type: 'pkcs8' }));
fs.writeFileSync(pub, publicKey.export({ format: 'pem', type: 'spki' }));`;

  it(
    'our genpkey / pkey keys (PEM and DER): Node encapsulates, pkeyutl -decap and decap agree with it',
    { skip: node26 === undefined },
    async () => {
      for (const level of ['512', '768', '1024']) {
        for (const der of [false, true]) {
          const k = t.path(`n-${level}-${der}.key`);
          const p = t.path(`n-${level}-${der}.pub`);
          await ok(['genpkey', '-algorithm', `ML-KEM-${level}`, '-out', k, ...(der ? ['-outform', 'DER'] : [])]);
          await ok(['pkey', '-in', k, '-pubout', '-out', p, ...(der ? ['-outform', 'DER'] : [])]);
          node(ENCAP, p, `${p}.ct`, `${p}.ss`);
          await ok(['pkeyutl', '-decap', '-inkey', k, '-in', `${p}.ct`, '-secret', `${p}.ours`]);
          assert.deepEqual(readFileSync(`${p}.ours`), readFileSync(`${p}.ss`), `${level} ${der}`);
          assert.equal(
            (await ok(['decap', '-i', k, '--ct', `${p}.ct`, '--secret', '-'])).toString(),
            `${readFileSync(`${p}.ss`).toString('hex')}\n`,
          );
          // Node reads our private key too (the both form) and decapsulates our ciphertexts.
          await ok(['pkeyutl', '-encap', '-inkey', p, '-out', `${p}.ct2`, '-secret', `${p}.ss2`]);
          assert.equal(node(DECAP, k, `${p}.ct2`), readFileSync(`${p}.ss2`).toString('hex'));
        }
      }
    },
  );

  it(
    "Node's keys: pkeyutl -encap to its public key, pkey re-encodes its private key, Node decapsulates",
    { skip: node26 === undefined },
    async () => {
      for (const level of ['512', '768', '1024']) {
        const k = t.path(`node-${level}.key`);
        const p = t.path(`node-${level}.pub`);
        node(GENERATE, level, k, p);
        await ok(['pkeyutl', '-encap', '-inkey', p, '-pubin', '-out', `${p}.ct`, '-secret', `${p}.ss`]);
        assert.equal(node(DECAP, k, `${p}.ct`), readFileSync(`${p}.ss`).toString('hex'));
        await ok(['encap', '-i', p, '--ct', `${p}.ct3`, '--secret', `${p}.ss3`]);
        assert.equal(node(DECAP, k, `${p}.ct3`), readFileSync(`${p}.ss3`).toString('hex'));
        for (const [args, out] of [
          [['pkey', '-in', k, '-outform', 'DER', '-out', `${k}.der`], `${k}.der`],
          [['convert', '-i', k, '--der', '-o', `${k}.seed.der`], `${k}.seed.der`],
        ] as const) {
          await ok([...args]);
          assert.equal(node(DECAP, out, `${p}.ct`), readFileSync(`${p}.ss`).toString('hex'), out);
        }
        assert.deepEqual(await ok(['pkey', '-in', k, '-pubout']), readFileSync(p));
        assert.deepEqual(await ok(['pubkey', '-i', k]), readFileSync(p));
        assert.equal(kemFor(`ML-KEM-${level}` as 'ML-KEM-512').name, `ML-KEM-${level}`);
      }
    },
  );
});

it('controls: MlKem512 keys work through every OpenSSL spelling', async () => {
  const p512 = MlKem512.keygen();
  writeFileSync(t.path('c512.pem'), toPem(encodePkcs8(p512), 'PRIVATE KEY'), { mode: 0o600 });
  await ok(['pkey', '-in', t.path('c512.pem'), '-pubout', '-out', t.path('c512.pub')]);
  await ok([
    'pkeyutl',
    '-encap',
    '-inkey',
    t.path('c512.pub'),
    '-out',
    t.path('c512.ct'),
    '-secret',
    t.path('c512.ss'),
  ]);
  assert.deepEqual(MlKem512.decapsulate(read('c512.ct'), p512.secretKey), new Uint8Array(read('c512.ss')));
});
