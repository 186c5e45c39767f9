// The command's promises about its files: no error message quotes a
// private input file; no output replaces an input, whatever link or path names it; every input is
// read up to 1 MiB, never more.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { INPUT_LIMIT } from '../../src/cli/io.js';
import { MlKem512, MlKem768 } from '../../src/index.js';
import { encodePkcs8, encodeSpki, toJwk, toPem } from '../../src/keys/index.js';
import { cli, fails, ok, tempDir } from '../support/cli-harness.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const t = tempDir();
after(() => t.remove());

const pair = MlKem512.keygen();
const jwk = toJwk(pair);
const privatePem = toPem(encodePkcs8(pair, { form: 'both' }), 'PRIVATE KEY');
/** The secret text of the files: the base64 of the PKCS#8 (after its first line of header bytes) and the JWK's priv. */
const secrets = [privatePem.split('\n').slice(2, -3).join(''), jwk.priv!];

/** Asserts that `text` holds no 8 characters in a row of any secret text, and names no character of it. */
function quotesNoSecret(text: string, label: string): void {
  for (const secret of secrets) {
    for (let i = 0; i + 8 <= secret.length; i++) {
      assert.ok(!text.includes(secret.slice(i, i + 8)), `${label}: the message quotes the private key: ${text}`);
    }
  }
  assert.doesNotMatch(
    text,
    /character '|U\+[0-9A-F]{4}/,
    `${label}: the message names a character of the private file`,
  );
}

describe('no error message quotes a private input file', () => {
  const text = JSON.stringify(jwk);
  const lines = privatePem.split('\n');
  const files: Record<string, string> = {
    // V8's JSON.parse message quotes the text around the error: here the seed.
    'a JWK with one quote missing': text.replace(`"priv":"`, `"priv":`),
    'a JWK with a comma missing': text.replace(`","priv"`, `" "priv"`),
    'a JWK whose priv has a bad character': text.replace(jwk.priv!, `${jwk.priv!.slice(0, 30)}*${jwk.priv!.slice(31)}`),
    'a JWK whose priv is in alg': JSON.stringify({ kty: 'AKP', alg: jwk.priv, pub: jwk.pub }),
    'a JWK whose priv is in kty': JSON.stringify({ kty: jwk.priv, alg: jwk.alg, pub: jwk.pub }),
    'a PEM line with a colon': [lines[0], `${lines[3]!.slice(0, 20)}:${lines[3]!.slice(20)}`, ...lines.slice(1)].join(
      '\n',
    ),
    'a PEM line with a bad character': privatePem.replace(lines[5]!, `${lines[5]!.slice(0, 9)}!${lines[5]!.slice(10)}`),
    'a PEM line with a space': privatePem.replace(lines[5]!, `${lines[5]!.slice(0, 9)} ${lines[5]!.slice(10)}`),
  };
  for (const [name, content] of Object.entries(files)) {
    it(`${name}: every command that reads it fails with a message that quotes none of it`, async () => {
      const file = t.path('broken.key');
      writeFileSync(file, content);
      for (const args of [
        ['pubkey', '-i', file],
        ['decap', '-i', file, '--ct', file, '--secret', '-'],
        ['encap', '-i', file, '--ct', t.path('never.ct'), '--secret', '-'],
        ['inspect', file],
      ]) {
        const message = await fails(args, 1, /broken\.key: /);
        quotesNoSecret(message, `${name}, ${args[0]}`);
      }
    });
  }
});

describe('no output replaces an input, through a link or another path', () => {
  const key = t.path('key.pem');
  const pub = t.path('pub.pem');
  const reset = () => {
    writeFileSync(key, privatePem, { mode: 0o600 });
    writeFileSync(pub, toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY'));
  };
  const links = {
    'a symbolic link': (target: string, link: string) => symlinkSync(target, link),
    'a hard link': (target: string, link: string) => linkSync(target, link),
  };

  for (const [kind, makeLink] of Object.entries(links)) {
    it(`pubkey -o ${kind} to its input is refused before anything is written; the private key is kept`, async () => {
      reset();
      const alias = t.path(`alias-${kind.length}.pem`);
      makeLink(key, alias);
      await fails(
        ['pubkey', '-i', key, '-o', alias],
        1,
        /alias-\d+\.pem: is the same file as .*key\.pem, an input .*not overwritten/,
      );
      assert.equal(readFileSync(key, 'utf8'), privatePem);
      // The other way round: the link read, the file written.
      await fails(
        ['pubkey', '-i', alias, '-o', key, '--der'],
        1,
        /key\.pem: is the same file as .*alias-\d+\.pem, an input/,
      );
      assert.equal(readFileSync(key, 'utf8'), privatePem);
    });

    it(`encap --ct and decap --secret at ${kind} to an input are refused; nothing is written`, async () => {
      reset();
      const alias = t.path(`ct-alias-${kind.length}`);
      makeLink(pub, alias);
      const before = readFileSync(pub, 'utf8');
      await fails(
        ['encap', '-i', pub, '--ct', alias, '--secret', t.path('ss-never')],
        1,
        /is the same file as .*pub\.pem, an input/,
      );
      assert.equal(readFileSync(pub, 'utf8'), before);
      assert.throws(() => readFileSync(t.path('ss-never')), /ENOENT/, 'the secret is not written either');
      const keyAlias = t.path(`key-alias-${kind.length}`);
      makeLink(key, keyAlias);
      writeFileSync(t.path('c.ct'), MlKem512.encapsulate(pair.publicKey).ciphertext);
      await fails(
        ['decap', '-i', key, '--ct', t.path('c.ct'), '--secret', keyAlias],
        1,
        /is the same file as .*key\.pem, an input/,
      );
      assert.equal(readFileSync(key, 'utf8'), privatePem);
    });
  }

  it('two outputs that are one file (a link) are refused before the key is made', async () => {
    reset();
    const out = t.path('two.pem');
    writeFileSync(out, 'old');
    symlinkSync(out, t.path('two-link.pem'));
    await fails(
      ['keygen', '-o', out, '--pubout', t.path('two-link.pem')],
      2,
      /-o\/--out and --pubout name the same file/,
    );
    assert.equal(readFileSync(out, 'utf8'), 'old');
  });

  it('an output that becomes an earlier output through a dangling link is not written', async () => {
    const out = t.path('later.pem');
    symlinkSync(out, t.path('later-link.pem')); // dangling until the private key is written
    await fails(
      ['keygen', '-o', out, '--pubout', t.path('later-link.pem')],
      1,
      /later-link\.pem: is the same file as .*later\.pem, an output written just before/,
    );
    assert.match(
      readFileSync(out, 'utf8'),
      /^-----BEGIN PRIVATE KEY-----\n/,
      'the private key is kept, not replaced by the public key',
    );
  });

  it('standard input redirected from the file that is the output (pubkey -o key.pem < key.pem) is refused', async () => {
    reset();
    await fails(['pubkey', '-o', key], 1, /key\.pem: is the same file as standard input, an input/, {
      stdin: privatePem,
      stdinFile: key,
    });
    assert.equal(readFileSync(key, 'utf8'), privatePem);
  });

  it('controls: distinct files, and a link to a file that is no input, are written', async () => {
    reset();
    writeFileSync(t.path('other.pem'), '');
    symlinkSync(t.path('other.pem'), t.path('other-link.pem'));
    await ok(['pubkey', '-i', key, '-o', t.path('other-link.pem')]);
    assert.match(readFileSync(t.path('other.pem'), 'utf8'), /^-----BEGIN PUBLIC KEY-----\n/);
    await ok(['pubkey', '-i', key, '-o', '/dev/null']);
  });
});

describe('outputs are checked as opened, never on the path again', () => {
  const root = typeof process.geteuid === 'function' && process.geteuid() === 0;
  const skip = root ? false : 'needs root, to give a pipe and a file to another user (CI runs as root)';
  if (skip) console.error(`NOTICE: ${skip}: the other-user output checks are skipped`);
  const NOBODY = 65534;
  /** A named pipe of `uid` with a reader already on it (so that opening it to write does not wait). */
  const pipe = (name: string, uid: number) => {
    const path = t.path(name);
    assert.equal(spawnSync('mkfifo', [path]).status, 0, 'mkfifo');
    chownSync(path, uid, uid);
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const drain = (): string => {
      const buffer = Buffer.alloc(1 << 16);
      let n = 0;
      try {
        n = readSync(reader, buffer, 0, buffer.length, null);
      } catch (err) {
        if ((err as { code?: string }).code !== 'EAGAIN') throw err;
      }
      return buffer.subarray(0, n).toString('latin1');
    };
    return { path, drain, close: () => closeSync(reader) };
  };

  it(
    'a named pipe of another user (in a shared folder) is not written: no private key, secret or public key reaches its reader',
    { skip },
    async () => {
      writeFileSync(t.path('p.key'), privatePem, { mode: 0o600 });
      writeFileSync(t.path('p.ct'), MlKem512.encapsulate(pair.publicKey).ciphertext);
      const theirs = pipe('their-pipe', NOBODY);
      try {
        await fails(
          ['keygen', '-o', theirs.path],
          1,
          /their-pipe: is a named pipe that belongs to another user \(uid 65534\), who could read what is written; not written/,
        );
        await fails(
          ['decap', '-i', t.path('p.key'), '--ct', t.path('p.ct'), '--secret', theirs.path],
          1,
          /their-pipe: is a named pipe that belongs to another user/,
        );
        await fails(
          ['pubkey', '-i', t.path('p.key'), '-o', theirs.path],
          1,
          /their-pipe: is a named pipe that belongs to another user/,
        );
        assert.equal(theirs.drain(), '', 'the other user read something');
      } finally {
        theirs.close();
      }
      // The control: our own pipe gets the key.
      const ours = pipe('our-pipe', process.geteuid!());
      try {
        await ok(['keygen', '-o', ours.path]);
        assert.match(ours.drain(), /^-----BEGIN PRIVATE KEY-----\n/);
      } finally {
        ours.close();
      }
    },
  );

  it(
    "another user's regular file is not overwritten by a public output; a new file and our own are written",
    { skip },
    async () => {
      writeFileSync(t.path('q.key'), privatePem, { mode: 0o600 });
      const theirs = t.path('theirs.pem');
      writeFileSync(theirs, 'theirs');
      chownSync(theirs, NOBODY, NOBODY);
      await fails(
        ['pubkey', '-i', t.path('q.key'), '-o', theirs],
        1,
        /theirs\.pem: belongs to another user \(uid 65534\); not overwritten/,
      );
      assert.equal(readFileSync(theirs, 'utf8'), 'theirs');
      await ok(['pubkey', '-i', t.path('q.key'), '-o', t.path('q-new.pem')]);
      writeFileSync(t.path('q-ours.pem'), 'x'.repeat(5000)); // longer than the key: truncated first
      await ok(['pubkey', '-i', t.path('q.key'), '-o', t.path('q-ours.pem')]);
      assert.match(
        readFileSync(t.path('q-ours.pem'), 'utf8'),
        /^-----BEGIN PUBLIC KEY-----\n[^]*-----END PUBLIC KEY-----\n$/,
      );
    },
  );

  it('an output name that another process flips between a link to the input and a file never gets the input overwritten (400 runs)', async () => {
    const dir = t.path('flip');
    mkdirSync(dir);
    const key = `${dir}/key.pem`;
    const out = `${dir}/out.pem`;
    writeFileSync(key, privatePem, { mode: 0o600 });
    // The other process: out.pem is a link to key.pem, then a regular file, then a link, ... (bounded to 60 s).
    const flipper = spawn(
      process.execPath,
      [
        '-e',
        `
      const fs = require('node:fs');
      const [key, out] = process.argv.slice(1);
      const end = Date.now() + 60000;
      for (let i = 0; Date.now() < end; i++) {
        try { fs.symlinkSync(key, out + '.l'); fs.renameSync(out + '.l', out); } catch {}
        try { fs.writeFileSync(out + '.f', ''); fs.renameSync(out + '.f', out); } catch {}
      }`,
        key,
        out,
      ],
      { stdio: 'ignore' },
    );
    const outcomes = { written: 0, refused: 0 };
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the flipper is running
      for (let i = 0; i < 400; i++) {
        const r = await cli(['pubkey', '-i', key, '-o', out]);
        if (r.status === 0) outcomes.written++;
        else {
          assert.match(
            r.stderr,
            // Refusals, each correct under the race: the link seen, the name gone, or (the check
            // for a private key in the way, 889a8e8) the file swapped between its two opens.
            /out\.pem: is the same file as .*key\.pem, an input|out\.pem: ENOENT|no such file|out\.pem: was replaced meanwhile; not written/,
            r.stderr,
          );
          outcomes.refused++;
        }
        assert.equal(
          readFileSync(key, 'utf8'),
          privatePem,
          `run ${i}: the private key was overwritten (${JSON.stringify(outcomes)})`,
        );
      }
    } finally {
      flipper.kill();
    }
    assert.ok(
      outcomes.refused > 0 && outcomes.written > 0,
      `both sides of the flip were met: ${JSON.stringify(outcomes)}`,
    );
  });
});

describe('a private key never replaces an existing file unless --force is given (issue #38)', () => {
  const forms = (out: string, input: string): string[][] => [
    ['keygen', '-o', out],
    ['keygen', '--jwk', '--out', out, '--pubout', t.path('force.pub')],
    ['genpkey', '-algorithm', 'ML-KEM-768', '-out', out],
    ['convert', input, '-o', out],
    ['pkey', '-in', input, '-out', out],
  ];
  it('keygen, genpkey, convert, pkey: refused with one line naming --force, the file untouched; replaced with --force', async () => {
    const input = t.path('force-in.pem');
    writeFileSync(input, privatePem, { mode: 0o600 });
    for (const form of forms(t.path('force.pem'), input)) {
      const out = t.path('force.pem');
      writeFileSync(out, 'the key that was there', { mode: 0o600 });
      const before = statSync(out).ino;
      await fails(
        form,
        1,
        /force\.pem: already exists: a private key never replaces a file \(add --force to replace it\)/,
      );
      assert.equal(readFileSync(out, 'utf8'), 'the key that was there', `${form[0]}: the file is untouched`);
      assert.equal(statSync(out).ino, before, `${form[0]}: the same file`);
      await ok([...form, '--force']);
      assert.match(readFileSync(out, 'utf8'), /PRIVATE KEY|"priv"/, `${form[0]} --force: replaced by the key`);
      assert.equal(statSync(out).mode & 0o777, 0o600, `${form[0]} --force: mode 0600`);
    }
  });
  it('another process making the file meanwhile never has it replaced: it is created with O_EXCL (300+ runs)', async () => {
    const out = t.path('race.pem');
    // The other process: makes out.pem with O_EXCL whenever it is missing, holds it a moment, and
    // reports (on stdout) each of its files that was replaced or removed meanwhile (bounded to 60 s).
    const other = spawn(
      process.execPath,
      [
        '-e',
        `
      const fs = require('node:fs');
      const out = process.argv[1];
      const end = Date.now() + 60000;
      while (Date.now() < end) {
        try { fs.writeFileSync(out, 'theirs', { flag: 'wx' }); } catch { continue; }
        for (const t = Date.now(); Date.now() - t < 1;);
        let now = '';
        try { now = fs.readFileSync(out, 'utf8'); } catch {}
        if (now !== 'theirs') process.stdout.write('lost ');
        else fs.unlinkSync(out);
        // Missing for a moment too, so that the command sometimes finds no file and makes its own.
        for (const t = Date.now(); Date.now() - t < 1;);
      }`,
        out,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let lost = '';
    other.stdout.on('data', (d: Buffer) => (lost += d.toString()));
    const outcomes = { written: 0, refused: 0 };
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the other process is running
      // 300 runs, and more (up to 3,000) until both cases were met: which one a run meets is the
      // scheduler's choice, and a loaded machine can starve either.
      for (let i = 0; i < 300 || (i < 3000 && (outcomes.refused === 0 || outcomes.written === 0)); i++) {
        const r = await cli(['keygen', '-o', out]);
        if (r.status === 0) {
          outcomes.written++;
          unlinkSync(out); // ours: made with O_EXCL, which the other process cannot have replaced
        } else {
          assert.match(r.stderr, /already exists/, r.stderr);
          outcomes.refused++;
        }
      }
    } finally {
      const closed = new Promise((resolve) => other.on('close', resolve));
      other.kill();
      await closed; // its reports are read only now: the loop above never yields to I/O
    }
    assert.equal(lost, '', `the other process's file was replaced (${JSON.stringify(outcomes)})`);
    assert.ok(outcomes.refused > 0 && outcomes.written > 0, `both cases were met: ${JSON.stringify(outcomes)}`);
  });

  it('a new private key file is 0600, with no temporary file; public outputs and secrets still replace files of ours', async () => {
    const out = t.path('force-new.pem');
    await ok(['keygen', '-o', out]);
    assert.equal(statSync(out).mode & 0o777, 0o600);
    assert.deepEqual(
      readdirSync(t.path('.')).filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file',
    );
    writeFileSync(t.path('force-pub.pem'), 'old');
    await ok(['pubkey', out, '-o', t.path('force-pub.pem')]);
    assert.match(readFileSync(t.path('force-pub.pem'), 'utf8'), /PUBLIC KEY/);
    await ok(['encap', t.path('force-pub.pem'), '--ct', t.path('force.ct'), '--secret', t.path('force.ss')]);
    await ok(['decap', out, '--ct', t.path('force.ct'), '--secret', t.path('force.ss')]);
  });
});

describe('a public output never replaces a file that holds a private key unless --force is given', () => {
  it('pubkey, convert, pkey -pubout, keygen --pubout, encap --ct: refused, the key untouched; replaced with --force', async () => {
    const key = t.path('spared.pem');
    await ok(['keygen', '-o', key]);
    const pub = t.path('spared-pub.pem');
    await ok(['pubkey', key, '-o', pub]);
    const other = t.path('spared-other.pem');
    await ok(['keygen', '-o', other]);
    // The private key in each encoding, and a PEM private key of another kind (RSA, by its label).
    const rsa = '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAK\n-----END RSA PRIVATE KEY-----\n';
    const files: Record<string, string | Uint8Array> = {
      'PEM PKCS#8': readFileSync(other),
      'DER PKCS#8': encodePkcs8(pair),
      JWK: JSON.stringify(jwk),
      'an RSA PEM key': rsa,
    };
    const out = t.path('spared-out');
    const commands: string[][] = [
      ['pubkey', key, '-o', out],
      ['convert', pub, '-o', out],
      ['pkey', '-in', key, '-pubout', '-out', out],
      ['keygen', '-o', t.path('spared-new.pem'), '--pubout', out],
      ['encap', pub, '--ct', out, '--secret', t.path('spared.ss')],
    ];
    for (const [kind, content] of Object.entries(files)) {
      for (const args of commands) {
        writeFileSync(out, content, { mode: 0o600 });
        rmSync(t.path('spared-new.pem'), { force: true });
        const what = `${args[0]} over ${kind}`;
        const stderr = await fails(args, 1, /spared-out: holds a private key, which a public output never replaces/);
        quotesNoSecret(stderr, what);
        assert.deepEqual(readFileSync(out), Buffer.from(content), `${what}: the file changed`);
      }
    }
    // --force replaces it where the command takes --force; a file of other bytes is replaced as before.
    for (const args of commands.slice(0, 4)) {
      writeFileSync(out, JSON.stringify(jwk));
      rmSync(t.path('spared-new.pem'), { force: true });
      await ok([...args, '--force']);
      assert.match(readFileSync(out, 'utf8'), /PUBLIC KEY/, `${args[0]} --force: replaced by the public key`);
    }
    for (const old of [
      'old text',
      readFileSync(pub),
      encodeSpki(pair.publicKey),
      JSON.stringify(toJwk({ publicKey: pair.publicKey })),
    ]) {
      writeFileSync(out, old);
      await ok(['encap', pub, '--ct', out, '--secret', t.path('spared.ss')]);
      assert.equal(statSync(out).size, MlKem768.sizes.ciphertext, 'replaced by the ciphertext');
    }
  });
});

describe('no copy of a private key is left behind by the commands that write one (issue #38 review)', () => {
  it('keygen and convert, PEM and DER: every DER array the command fills is wiped once written', async () => {
    const dir = t.path('der-wipe');
    mkdirSync(dir);
    for (const args of [
      ['keygen', '-o', `${dir}/a.pem`],
      ['keygen', '--der', '-o', `${dir}/a.der`],
      ['convert', `${dir}/a.pem`, '--der', '--form', 'both', '-o', `${dir}/b.der`],
      ['convert', `${dir}/a.der`, '-o', `${dir}/b.pem`],
    ]) {
      // Every array filled by set() that holds one DER SEQUENCE exactly, its length field saying
      // so: the PKCS#8 encodings. (A tag byte alone also matched a public key that opens with 0x30,
      // one key in 256, whose copies are never wiped.)
      const filled: Uint8Array[] = [];
      const set = Uint8Array.prototype.set;
      Uint8Array.prototype.set = function (this: Uint8Array, source: ArrayLike<number>, offset?: number) {
        set.call(this, source, offset);
        const n = this.length;
        const whole = this[1]! < 0x80 ? this[1]! + 2 === n : this[1] === 0x82 && ((this[2]! << 8) | this[3]!) + 4 === n;
        if (this[0] === 0x30 && n > 64 && whole) filled.push(this);
      };
      try {
        await ok(args);
      } finally {
        Uint8Array.prototype.set = set;
      }
      assert.ok(filled.length > 0, `${args.join(' ')}: DER arrays watched`);
      assert.deepEqual(
        filled.filter((a) => a.some((v) => v !== 0)).length,
        0,
        `${args.join(' ')}: DER copies of the private key left unwiped`,
      );
    }
  });
});

describe('every input is read up to 1 MiB', () => {
  it('the limit is 1 MiB', () => assert.equal(INPUT_LIMIT, 1024 * 1024));

  it('a file of 1 MiB + 1 bytes: one line, exit 1, in every command; 1 MiB of junk is read and refused as junk', async () => {
    const big = t.path('big.pem');
    writeFileSync(
      big,
      Buffer.concat([Buffer.from(privatePem), Buffer.alloc(INPUT_LIMIT + 1 - privatePem.length, 0x0a)]),
    );
    for (const args of [
      ['pubkey', '-i', big],
      ['inspect', big],
      ['encap', '-i', big, '--ct', t.path('x.ct'), '--secret', '-'],
      ['decap', '-i', t.path('key.pem'), '--ct', big, '--secret', '-'],
    ]) {
      await fails(args, 1, /big\.pem: is larger than 1 MiB \(1048576 bytes\)/);
    }
    // At the limit the file is read (the PEM block is found in the text around it).
    writeFileSync(big, Buffer.concat([Buffer.from(privatePem), Buffer.alloc(INPUT_LIMIT - privatePem.length, 0x0a)]));
    await ok(['pubkey', '-i', big]);
  });

  it('standard input beyond 1 MiB: one line, exit 1', async () => {
    await fails(['pubkey'], 1, /standard input: is larger than 1 MiB/, { stdin: Buffer.alloc(2 * INPUT_LIMIT) });
  });

  it('inspect /dev/zero: one line, exit 1, at once', async () => {
    await fails(['inspect', '/dev/zero'], 1, /\/dev\/zero: is larger than 1 MiB/);
  });

  it('the executable with an endless standard input (/dev/zero) stops reading at the limit', () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'inspect', '-'], {
        cwd: root,
        stdio: [zero, 'pipe', 'pipe'],
        timeout: 60_000,
      });
      assert.equal(run.signal, null, 'ended by the timeout: standard input was read without a bound');
      assert.equal(run.status, 1);
      assert.equal(
        run.stderr.toString(),
        `mlkem-ts inspect: standard input: is larger than 1 MiB (${INPUT_LIMIT} bytes), the most a key file or ciphertext may have\n`,
      );
    } finally {
      closeSync(zero);
    }
  });

  it('the executable with a pipe of 300 MB stops at the limit and stays small', () => {
    // A shell pipe, so that the writer is another process; the reader's peak memory is measured.
    const run = spawnSync(
      'bash',
      [
        '-c',
        `head -c 300000000 /dev/zero | /usr/bin/time -f %M "${process.execPath}" --import tsx src/cli/bin.ts pubkey`,
      ],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    const lines = run.stderr.trim().split('\n');
    assert.equal(
      lines[0],
      `mlkem-ts pubkey: standard input: is larger than 1 MiB (${INPUT_LIMIT} bytes), the most a key file or ciphertext may have`,
    );
    const peakKb = Number(lines[lines.length - 1]);
    assert.ok(peakKb > 0 && peakKb < 300_000, `peak resident memory ${peakKb} kB`);
  });
});

// The failing cases print no stack trace anywhere (cli() captures everything main writes).
it('a private file that is not valid UTF-8 JSON is refused without quoting it', async () => {
  const file = t.path('latin1.jwk');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`{"priv":"${jwk.priv!.slice(0, 40)}`), Buffer.of(0xff), Buffer.from('"}')]),
  );
  const r = await cli(['pubkey', '-i', file]);
  assert.equal(r.status, 1);
  quotesNoSecret(r.stderr, 'latin1');
});

it('a CliError made from a key error keeps it as cause (the message only adds the file name)', async () => {
  const { naming } = await import('../../src/cli/keyfile.js');
  const { MlKemError } = await import('../../src/errors.js');
  const { decodeSpki } = await import('../../src/keys/index.js');
  const err = (() => {
    try {
      naming('x.der', () => decodeSpki(Uint8Array.of(0x30, 0x00)));
    } catch (e) {
      return e as Error;
    }
    return undefined;
  })()!;
  assert.ok(err.cause instanceof MlKemError);
  assert.equal(err.message, `x.der: ${(err.cause as Error).message}`);
});

describe('the commands on their failing paths (audit of the CLI, December 2026)', () => {
  /** The arrays made while the command runs that still hold the key's PEM text or either half of its seed. */
  async function leftovers(args: string[], seed: Uint8Array, expect: RegExp): Promise<number> {
    const Real = globalThis.Uint8Array;
    const made: Uint8Array[] = [];
    globalThis.Uint8Array = class extends Real {
      constructor(...a: unknown[]) {
        super(...(a as []));
        made.push(this);
      }
    } as Uint8ArrayConstructor;
    try {
      await fails(args, 1, expect);
    } finally {
      globalThis.Uint8Array = Real;
    }
    const holds = (a: Uint8Array, n: Uint8Array) =>
      a.length >= n.length && Buffer.from(a.buffer, a.byteOffset, a.length).includes(Buffer.from(n));
    const needles = [Buffer.from('-----BEGIN PRIVATE KEY-----'), seed.subarray(0, 32), seed.subarray(32)];
    return made.filter((a) => needles.some((n) => holds(a, n))).length;
  }

  const seed = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 255);
  const pair = MlKem768.keygen(seed);
  const der = encodePkcs8({ algorithm: 'ML-KEM-768', ...pair }, { form: 'seed' });
  const dir = t.path('failing');
  mkdirSync(dir);
  const at = (n: string) => `${dir}/${n}`;
  writeFileSync(at('key.pem'), toPem(der, 'PRIVATE KEY'), { mode: 0o600 });
  const bad = der.slice();
  bad[4] = 7; // PKCS#8 version 7: the PEM decodes, its DER does not
  writeFileSync(at('bad.pem'), toPem(bad, 'PRIVATE KEY'), { mode: 0o600 });
  writeFileSync(at('exists.der'), 'x');

  it('no copy of the private key is left when the command fails after reading it', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['decap', at('key.pem'), '--ct', at('missing.ct'), '--secret', at('s')], /no such file/],
      [['convert', at('key.pem'), '--der', '-o', at('exists.der')], /already exists/],
      [['pubkey', at('bad.pem'), '-o', at('pub.pem')], /version/],
      [['inspect', at('bad.pem')], /version/],
    ];
    for (const [args, expect] of cases) assert.equal(await leftovers(args, seed, expect), 0, args.join(' '));
  });

  it('a shared secret never replaces a private key file (encap and decap --secret)', async () => {
    await ok(['pubkey', at('key.pem'), '-o', at('pub.pem')]);
    await ok(['encap', at('pub.pem'), '--ct', at('c.ct'), '--secret', at('s1')]);
    const victim = at('victim.pem');
    writeFileSync(victim, toPem(der, 'PRIVATE KEY'), { mode: 0o600 });
    const before = readFileSync(victim);
    await fails(['encap', at('pub.pem'), '--ct', at('c2.ct'), '--secret', victim], 1, /holds a private key/);
    await fails(['decap', at('key.pem'), '--ct', at('c.ct'), '--secret', victim], 1, /holds a private key/);
    assert.ok(readFileSync(victim).equals(before));
    await ok(['decap', at('key.pem'), '--ct', at('c.ct'), '--secret', at('s1')]); // a secret may replace a secret
  });

  it("a private key's text and a shared secret's hex leave no copy in Node's shared Buffer pool", async () => {
    const pool = () => Buffer.from(Buffer.allocUnsafe(1).buffer); // the pool's whole ArrayBuffer
    await ok(['keygen', '-o', at('new.pem')]);
    const body = readFileSync(at('new.pem'), 'utf8').split('\n')[1]!;
    assert.ok(!pool().includes(body), 'the PEM body is in the pool');
    await ok(['encap', at('pub.pem'), '--ct', at('c3.ct'), '--secret', at('s3'), '--hex']);
    const hex = readFileSync(at('s3'), 'utf8').trim();
    assert.ok(!pool().includes(hex), "the secret's hex is in the pool");
  });
});
