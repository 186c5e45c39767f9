// The command line's consistency and its messages for the likely mistakes: the key file as a
// positional argument wherever a command takes one key (the options still work); a hint when
// files look swapped; "did you mean" for unknown options and commands; no option silently
// ignored; each message the first-hour review quoted, in its better form.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';

import { MlKem768 } from '../../src/index.js';
import { encodePkcs8, encodeSpki, toPem } from '../../src/keys/index.js';
import { cli, fails, ok, tempDir } from '../support/cli-harness.js';

const t = tempDir();
after(() => t.remove());

const pair = MlKem768.keygen();
const key = t.path('key.pem');
const pub = t.path('pub.pem');
writeFileSync(key, toPem(encodePkcs8(pair), 'PRIVATE KEY'));
writeFileSync(pub, toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY'));

describe('the key file as a positional argument', () => {
  it('encap pub.pem (which said "Unexpected argument \'pub.pem\'") and decap key.pem: the same as -i', async () => {
    const ct = t.path('p.ct');
    const ss = t.path('p.ss');
    await ok(['encap', pub, '--ct', ct, '--secret', ss]);
    const secret = (await ok(['decap', key, '--ct', ct, '--secret', '-'])).toString().trim();
    assert.equal(secret, readFileSync(ss).toString('hex'));
    assert.equal(
      (await ok(['decap', '-i', key, '--ct', ct, '--secret', '-'])).toString().trim(),
      secret,
      '-i still works',
    );
  });
  it('pubkey key.pem and convert key.pem: the same output as -i', async () => {
    assert.deepEqual(await ok(['pubkey', key]), await ok(['pubkey', '-i', key]));
    assert.deepEqual(await ok(['convert', key, '--form', 'both']), await ok(['convert', '-i', key, '--form', 'both']));
  });
  it('the key given twice, or two FILEs: usage errors that say so', async () => {
    await fails(
      ['encap', pub, '-i', pub, '--ct', t.path('x'), '--secret', t.path('y')],
      2,
      /the key is given twice, as FILE '.*pub\.pem' and as -i\/--in '.*pub\.pem': give one/,
    );
    await fails(['pubkey', key, pub], 2, /Unexpected argument '.*pub\.pem': the command takes one key FILE/);
  });
});

describe('files that look swapped', () => {
  const ct = t.path('s.ct');
  it('decap -i ct.bin --ct key.pem (which said only "not a key file"): the files look swapped', async () => {
    await ok(['encap', pub, '--ct', ct, '--secret', t.path('s.ss')]);
    await fails(
      ['decap', '-i', ct, '--ct', key, '--secret', '-'],
      1,
      /s\.ct: not a key file, and .*key\.pem is one: the files look swapped \(-i\/--in is the key, --ct the ciphertext\)/,
    );
    await fails(
      ['pkeyutl', '-decap', '-inkey', ct, '-in', key],
      1,
      /the files look swapped \(-inkey is the key, -in the ciphertext\)/,
    );
  });
  it('a ciphertext given as the key: its length names it', async () => {
    await fails(
      ['encap', ct, '--ct', t.path('x.ct'), '--secret', t.path('x.ss')],
      1,
      /s\.ct: not a key file: it holds 1088 bytes, the length of an ML-KEM-768 ciphertext; is it the ciphertext\? FILE is the key/,
    );
    await fails(
      ['decap', ct, '--ct', ct, '--secret', '-'],
      1,
      /1088 bytes, the length of an ML-KEM-768 ciphertext; is it the ciphertext\? FILE is the key, --ct the ciphertext/,
    );
  });
  it('a key given as the ciphertext: it is a key file, not a ciphertext', async () => {
    await fails(
      ['decap', key, '--ct', pub, '--secret', '-'],
      1,
      /pub\.pem: is a key file, not a ciphertext: --ct is the ciphertext \(raw bytes\), FILE the key/,
    );
    const der = t.path('pub.der');
    writeFileSync(der, encodeSpki(pair.publicKey));
    await fails(['decap', key, '--ct', der, '--secret', '-'], 1, /pub\.der: is a key file, not a ciphertext/);
  });
  it('a ciphertext that starts like a JWK ("{", or white space and "{") is still a ciphertext', async () => {
    const { ciphertext } = MlKem768.encapsulate(pair.publicKey);
    for (const start of [[0x7b], [0x20, 0x0a, 0x7b]]) {
      const c = ciphertext.slice();
      c.set(start);
      const file = t.path('brace.ct');
      writeFileSync(file, c);
      const secret = (await ok(['decap', key, '--ct', file, '--secret', '-'])).toString().trim();
      assert.equal(secret, Buffer.from(MlKem768.decapsulate(c, pair.secretKey)).toString('hex'));
    }
  });
  it('a file that is neither keeps the plain message', async () => {
    const junk = t.path('junk.bin');
    writeFileSync(
      junk,
      Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 0xff),
    );
    await fails(['decap', junk, '--ct', ct, '--secret', '-'], 1, /junk\.bin: not a key file: expected PEM text/);
  });
});

describe('did you mean', () => {
  it('--ciphertext and -c (which said only "Unknown option"): did you mean \'--ct\'', async () => {
    await fails(['encap', pub, '--ciphertext', 'c.bin'], 2, /Unknown option '--ciphertext': did you mean '--ct'\?/);
    await fails(['decap', key, '-c', 'c.bin'], 2, /Unknown option '-c': did you mean '--ct'\?/);
  });
  it('typos of options: the nearest spelling', async () => {
    await fails(['decap', '--secert', 'x'], 2, /Unknown option '--secert': did you mean '--secret'\?/);
    await fails(['keygen', '--algoritm', '512'], 2, /did you mean '--algorithm'\?/);
    await fails(['keygen', '--alg', '512'], 2, /did you mean '-a' or '--algorithm'\?/);
    await fails(['pkeyutl', '-inky', 'k'], 2, /did you mean '-inkey'\?/);
    await fails(['keygen', '-out', 'k'], 2, /did you mean '--out'\?; 'mlkem-ts genpkey' takes OpenSSL's options/);
  });
  it('an option with no near match: the list of the options', async () => {
    await fails(['inspect', '--frobnicate'], 2, /Unknown option '--frobnicate': the options are --json \(see/);
  });
  it("keygn (which suggested nothing): did you mean 'keygen'; other names of commands too", async () => {
    await fails(['keygn'], 2, /unknown command 'keygn': did you mean 'keygen'\? The commands are keygen, pubkey/);
    await fails(['help', 'decp'], 2, /unknown command 'decp': did you mean 'decap'\?/);
    await fails(['encapsulate'], 2, /did you mean 'encap'\?/);
    await fails(['frobnicate'], 2, /unknown command 'frobnicate': expected keygen, pubkey/);
  });
});

describe('no option silently ignored', () => {
  it('convert -i pub.pem --form seed (which ignored --form): refused, a public key has no form', async () => {
    await fails(
      ['convert', '-i', pub, '--form', 'seed'],
      2,
      /--form chooses the PKCS#8 form of a private key, and .*pub\.pem holds a public key \(SubjectPublicKeyInfo has no form\): leave --form out/,
    );
    // Without --form a public key converts as before, and a private key takes --form.
    assert.match((await ok(['convert', pub, '--der', '--binary'])).subarray(0, 1).toString('hex'), /^30$/);
    await ok(['convert', key, '--form', 'expanded']);
  });
});

describe('bench', () => {
  it('a run with few rounds says its figures are rough', async () => {
    const r = await cli(['bench', '-n', '1', '-r', '1', '-a', '512', '--backend', 'wasm']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout.toString(), /note: these figures are rough: only 1 round;/);
  });
});

describe('a key given where a file name belongs is never printed back (issue #38)', () => {
  const jwk = JSON.stringify({
    kty: 'AKP',
    alg: 'ML-KEM-768',
    pub: 'A'.repeat(1579),
    priv: Buffer.from(pair.seed).toString('base64url'),
  });
  const keys = {
    'a PEM private key': readFileSync(key, 'utf8'),
    'a PEM public key': readFileSync(pub, 'utf8'),
    'JSON (a JWK?)': jwk,
  };
  /** Every command form that takes a file or a value, with @KEY where the key text goes. */
  const FORMS: string[][] = [
    ['@KEY'],
    ['help', '@KEY'],
    ['--version', '@KEY'],
    ['keygen', '@KEY'],
    ['keygen', '-o', '@KEY'],
    ['keygen', '--out', '@KEY'],
    ['keygen', '--pubout', '@KEY'],
    ['keygen', '-a', '@KEY'],
    ['keygen', '--form', '@KEY'],
    ['pubkey', '@KEY'],
    ['pubkey', '-i', '@KEY'],
    ['pubkey', '--in=@KEY'],
    ['pubkey', key, '-o', '@KEY'],
    ['convert', '@KEY'],
    ['convert', key, '--form', '@KEY'],
    ['encap', '@KEY', '--ct', t.path('x.ct'), '--secret', '-'],
    ['encap', pub, '--ct', '@KEY', '--secret', '-'],
    ['encap', pub, '--ct', t.path('x.ct'), '--secret', '@KEY'],
    ['decap', '@KEY', '--ct', t.path('x.ct'), '--secret', '-'],
    ['decap', key, '--ct', '@KEY', '--secret', '-'],
    ['inspect', '@KEY'],
    ['inspect', '--json', '@KEY'],
    ['bench', '-a', '@KEY'],
    ['bench', '-r', '@KEY'],
    ['genpkey', '-algorithm', '@KEY'],
    ['genpkey', '-algorithm', 'ML-KEM-768', '-out', '@KEY'],
    ['genpkey', '-algorithm', 'ML-KEM-768', '-outform', '@KEY'],
    ['pkey', '-in', '@KEY'],
    ['pkey', '-in', key, '-out', '@KEY'],
    ['pkey', '-in', key, '-inform', '@KEY'],
    ['pkeyutl', '-encap', '-inkey', '@KEY', '-pubin', '-secret', '-'],
    ['pkeyutl', '-decap', '-inkey', '@KEY', '-in', t.path('x.ct'), '-secret', '-'],
    ['pkeyutl', '-decap', '-inkey', key, '-in', '@KEY', '-secret', '-'],
  ];
  it(`${FORMS.length} command forms × PEM private, PEM public and JWK text: kind and length only`, async () => {
    await ok(['encap', pub, '--ct', t.path('x.ct'), '--secret', t.path('x.ss')]);
    for (const [kind, text] of Object.entries(keys)) {
      // Every 12-character piece of the key's text (its lines' content): none may show.
      const pieces = text
        .split('\n')
        .flatMap((l) => Array.from({ length: Math.max(0, l.length - 11) }, (_, i) => l.slice(i, i + 12)));
      for (const form of FORMS) {
        const args = form.map((a) => a.replace('@KEY', text));
        const r = await cli(args);
        const what = `mlkem-ts ${form.join(' ')} with ${kind}`;
        assert.notEqual(r.status, 0, what);
        assert.equal(r.stderr.split('\n').length, 2, `${what}: one line`);
        const shown = pieces.find((p) => r.stderr.includes(p) && !/^-----|PRIVATE KEY|PUBLIC KEY|^A+$/.test(p));
        assert.equal(shown, undefined, `${what}: quotes the key (${r.stderr.slice(0, 200)})`);
        if (r.stderr.includes('looks like'))
          assert.match(
            r.stderr,
            new RegExp(
              `looks like ${kind.replace(/[()?]/g, '\\$&')} \\(${text.length.toLocaleString('en-US')} characters\\), not a file name`,
            ),
          );
      }
    }
  });
});
