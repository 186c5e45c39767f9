// The mlkem-ts command, in-process: every command and flag, round trips through files and
// standard streams, file modes, and bad input (one-line errors, exit status 1; bad usage, 2).
// Interoperability with Node 26 and OpenSSL, and the real executable, are in cli-interop.test.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { chmodSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';

import { MlKem1024, MlKem512, MlKem768 } from '../../src/index.js';
import {
  decodePkcs8,
  decodeSpki,
  encodePkcs8,
  encodeSpki,
  fromJwk,
  fromPem,
  kemFor,
  toPem,
} from '../../src/keys/index.js';
import { FORMS, LEVELS } from '../support/api.js';
import { type BenchReport, type InspectReport, cli, fails, ok, parseJson, tempDir } from '../support/cli-harness.js';

const COMMANDS = ['keygen', 'pubkey', 'encap', 'decap', 'inspect', 'bench'];
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const mode = (file: string) => statSync(file).mode & 0o777;

/** The PKCS#8 choice tag: 0x80 seed, 0x04 expanded, 0x30 both (offset fixed for ML-KEM, RFC 9935). */
function formOf(der: Uint8Array): string {
  const { seed, secretKey } = decodePkcs8(der);
  const lengthBytes = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
  let p = 2 + lengthBytes + 3 + 13; // SEQUENCE header, version, AlgorithmIdentifier
  p += 2 + (der[p + 1]! & 0x80 ? der[p + 1]! & 0x7f : 0); // privateKey OCTET STRING header
  assert.ok(secretKey.length > 0 && (seed === undefined || seed.length === 64));
  return ({ 0x80: 'seed', 0x04: 'expanded', 0x30: 'both' } as Record<number, string>)[der[p]!]!;
}

const t = tempDir();
after(() => t.remove());

describe('mlkem-ts: usage', () => {
  it('with no command: usage error (2), one line', async () => {
    await fails([], 2, /a command is needed/);
  });
  it('an unknown command: usage error (2)', async () => {
    await fails(['frobnicate'], 2, /unknown command 'frobnicate'/);
  });
  it('--help and help list every command', async () => {
    const help = (await ok(['--help'])).toString();
    for (const c of COMMANDS) assert.match(help, new RegExp(`^  ${c} `, 'm'));
    assert.equal((await ok(['help'])).toString(), help);
  });
  for (const c of COMMANDS) {
    it(`${c} --help and -h print its usage; an unknown option is a usage error`, async () => {
      const help = (await ok([c, '--help'])).toString();
      assert.match(help, new RegExp(`^Usage: mlkem-ts ${c} `));
      assert.match(help, /-h, --help/);
      assert.equal((await ok([c, '-h'])).toString(), help);
      await fails(
        [c, '--no-such-option'],
        2,
        new RegExp(
          `^mlkem-ts ${c}: Unknown option '--no-such-option': the options are -[^\n]* \\(see 'mlkem-ts ${c} --help'\\)`,
        ),
      );
    });
  }
});

describe('mlkem-ts keygen', () => {
  for (const algorithm of LEVELS) {
    for (const form of FORMS) {
      it(`${algorithm} --form ${form}: PEM and DER private keys (mode 0600) and public keys that decode to one key pair`, async () => {
        const key = t.path(`${algorithm}-${form}.pem`);
        const pub = t.path(`${algorithm}-${form}.pub.pem`);
        await ok(['keygen', '-a', algorithm, '--form', form, '-o', key, '--pubout', pub]);
        assert.equal(mode(key), 0o600);
        assert.notEqual(mode(pub) & 0o044, 0, 'the public key is readable by others (umask permitting)');
        const der = fromPem(readFileSync(key, 'utf8'), 'PRIVATE KEY').der;
        assert.equal(formOf(der), form);
        const priv = decodePkcs8(der, { pairwiseCheck: true });
        assert.equal(priv.algorithm, algorithm);
        assert.deepEqual(decodeSpki(fromPem(readFileSync(pub, 'utf8'), 'PUBLIC KEY').der), {
          algorithm,
          publicKey: priv.publicKey,
        });

        const keyDer = t.path(`${algorithm}-${form}.der`);
        await ok([
          'keygen',
          '--algorithm',
          algorithm,
          '--form',
          form,
          '--der',
          '--out',
          keyDer,
          '--pubout',
          `${keyDer}.pub`,
        ]);
        assert.equal(mode(keyDer), 0o600);
        assert.equal(formOf(readFileSync(keyDer)), form);
        assert.equal(decodeSpki(readFileSync(`${keyDer}.pub`)).algorithm, algorithm);
      });
    }
  }

  it('defaults: ML-KEM-768, the seed form, PEM on standard output', async () => {
    const out = (await ok(['keygen'])).toString();
    const der = fromPem(out, 'PRIVATE KEY').der;
    assert.equal(der.length, 86);
    assert.equal(decodePkcs8(der).algorithm, 'ML-KEM-768');
  });

  it('-a takes 512, mlkem1024 and ml-kem-768 in any case', async () => {
    for (const [name, algorithm] of [
      ['512', 'ML-KEM-512'],
      ['MLKEM1024', 'ML-KEM-1024'],
      ['ml-kem-768', 'ML-KEM-768'],
    ]) {
      assert.equal(decodePkcs8(fromPem((await ok(['keygen', '-a', name!])).toString()).der).algorithm, algorithm);
    }
  });

  it('--jwk: a private JWK (mode 0600) and a public JWK, as Node.js writes them', async () => {
    const key = t.path('k.jwk');
    const pub = t.path('p.jwk');
    await ok(['keygen', '-a', '1024', '--jwk', '-o', key, '--pubout', pub]);
    assert.equal(mode(key), 0o600);
    const jwk = parseJson<Record<string, unknown>>(readFileSync(key, 'utf8'));
    assert.deepEqual(Object.keys(jwk), ['kty', 'alg', 'pub', 'priv']);
    const priv = fromJwk(jwk);
    assert.equal(priv.algorithm, 'ML-KEM-1024');
    assert.deepEqual(fromJwk(parseJson(readFileSync(pub, 'utf8'))), {
      algorithm: 'ML-KEM-1024',
      publicKey: priv.publicKey,
    });
  });

  it('with --force, an existing file with an open mode is replaced by a 0600 one, never written in place', async () => {
    const key = t.path('existing.pem');
    writeFileSync(key, 'old');
    chmodSync(key, 0o644);
    const before = statSync(key).ino;
    await ok(['keygen', '-o', key, '--force']);
    assert.equal(mode(key), 0o600);
    assert.notEqual(statSync(key).ino, before, 'written in place');
    assert.match(readFileSync(key, 'utf8'), /^-----BEGIN PRIVATE KEY-----\n/);
  });

  it("a private key is never written through a symbolic link (someone else's link could lead anywhere); a device is written in place", async () => {
    const target = t.path('link-target.txt');
    writeFileSync(target, 'theirs');
    const link = t.path('link.pem');
    symlinkSync(target, link);
    await fails(
      ['keygen', '-o', link],
      1,
      /link\.pem: is a symbolic link; a private key or secret is not written through one/,
    );
    assert.equal(readFileSync(target, 'utf8'), 'theirs', 'the link target is untouched');
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link');
    await ok(['keygen', '-o', '/dev/null']); // a character device, not a link: written in place
  });

  it('--pubout - writes the public key on standard output', async () => {
    const key = t.path('k-pubout.pem');
    const out = (await ok(['keygen', '-o', key, '--pubout', '-'])).toString();
    assert.deepEqual(
      decodeSpki(fromPem(out, 'PUBLIC KEY').der).publicKey,
      decodePkcs8(fromPem(readFileSync(key, 'utf8')).der).publicKey,
    );
  });

  it('bad usage: unknown algorithm or form, --der with --jwk, --jwk with --form both, two outputs on stdout, a positional', async () => {
    await fails(
      ['keygen', '-a', 'ML-KEM-640'],
      2,
      /-a\/--algorithm must be ML-KEM-512, ML-KEM-768 or ML-KEM-1024 .*got 'ML-KEM-640'/,
    );
    await fails(['keygen', '--form', 'compact'], 2, /--form must be seed, expanded or both, got 'compact'/);
    await fails(['keygen', '--der', '--jwk'], 2, /--der and --jwk cannot be combined/);
    await fails(['keygen', '--jwk', '--form', 'both'], 2, /--jwk writes the seed form only/);
    await fails(['keygen', '--pubout', '-'], 2, /-o\/--out and --pubout cannot both be '-'/);
    await fails(
      ['keygen', '-o', t.path('twice.pem'), '--pubout', `${t.dir}/./twice.pem`],
      2,
      /-o\/--out and --pubout name the same file/,
    );
    await fails(
      ['pubkey', '-i', t.path('twice.pem'), '-o', t.path('twice.pem')],
      2,
      /-i\/--in and -o\/--out name the same file/,
    );
    await fails(['keygen', 'extra'], 2, /Unexpected argument 'extra'/);
    await fails(['keygen', '-a'], 2, /Option '-a, --algorithm <value>' argument missing/);
  });

  it('no secure random source: one line, exit 1 (not an unexpected error)', async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      await fails(['keygen', '-o', t.path('never.pem')], 1, /^mlkem-ts keygen: .*random/i);
    } finally {
      Object.defineProperty(globalThis, 'crypto', original);
    }
    assert.throws(() => statSync(t.path('never.pem')), /ENOENT/);
  });

  it('an output folder that does not exist: one line naming the file, exit 1', async () => {
    await fails(
      ['keygen', '-o', t.path('missing/key.pem')],
      1,
      /^mlkem-ts keygen: .*missing\/key\.pem: no such file or directory\n$/,
    );
  });
});

describe('mlkem-ts pubkey', () => {
  let pair: { publicKey: Uint8Array; seed: Uint8Array; secretKey: Uint8Array };
  before(() => {
    pair = MlKem512.keygen();
    writeFileSync(t.path('pk-seed.pem'), toPem(encodePkcs8(pair), 'PRIVATE KEY'));
    writeFileSync(t.path('pk-expanded.der'), encodePkcs8(pair, { form: 'expanded' }));
    writeFileSync(
      t.path('pk.jwk'),
      JSON.stringify({
        kty: 'AKP',
        alg: 'ML-KEM-512',
        pub: Buffer.from(pair.publicKey).toString('base64url'),
        priv: Buffer.from(pair.seed).toString('base64url'),
      }),
    );
  });

  it('writes the SubjectPublicKeyInfo of a private key in PEM, DER or JWK (each input format)', async () => {
    const spkiPem = toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY');
    for (const input of ['pk-seed.pem', 'pk-expanded.der', 'pk.jwk']) {
      assert.equal((await ok(['pubkey', '-i', t.path(input)])).toString(), spkiPem);
      assert.deepEqual(
        new Uint8Array(await ok(['pubkey', '--in', t.path(input), '--der'])),
        encodeSpki(pair.publicKey),
      );
      assert.deepEqual(
        fromJwk(parseJson(await ok(['pubkey', '-i', t.path(input), '--jwk']))).publicKey,
        pair.publicKey,
      );
    }
  });

  it('reads standard input and writes a file; converts a public key file', async () => {
    const out = t.path('pk.pub.der');
    await ok(['pubkey', '-o', out, '--der'], { stdin: readFileSync(t.path('pk-seed.pem')) });
    assert.deepEqual(new Uint8Array(readFileSync(out)), encodeSpki(pair.publicKey));
    assert.equal((await ok(['pubkey', '-i', out])).toString(), toPem(encodeSpki(pair.publicKey), 'PUBLIC KEY'));
  });

  it('standard input that is a terminal is never read (no prompt): usage error', async () => {
    await fails(['pubkey'], 2, /the key would be read from standard input, which is a terminal/);
  });
});

describe('mlkem-ts encap / decap', () => {
  for (const algorithm of LEVELS) {
    it(`${algorithm}: a round trip through files, every key format, secret files 0600`, async () => {
      const key = t.path(`rt-${algorithm}.pem`);
      const pub = t.path(`rt-${algorithm}.pub`);
      await ok(['keygen', '-a', algorithm, '--form', 'both', '-o', key, '--pubout', pub]);
      const ct = t.path(`rt-${algorithm}.ct`);
      const ss = t.path(`rt-${algorithm}.ss`);
      await ok(['encap', '-i', pub, '--ct', ct, '--secret', ss]);
      assert.equal(mode(ss), 0o600);
      assert.equal(readFileSync(ct).length, kemFor(algorithm).sizes.ciphertext);
      assert.equal(readFileSync(ss).length, 32);
      const ss2 = t.path(`rt-${algorithm}.ss2`);
      await ok(['decap', '-i', key, '--ct', ct, '--secret', ss2]);
      assert.equal(mode(ss2), 0o600);
      assert.deepEqual(readFileSync(ss2), readFileSync(ss));
      // The same with the key in DER and JWK, and the shared secret printed.
      const parts = decodePkcs8(fromPem(readFileSync(key, 'utf8')).der);
      const expected = hex(kemFor(algorithm).decapsulate(readFileSync(ct), parts.secretKey));
      assert.equal(expected, hex(readFileSync(ss)));
      writeFileSync(t.path('rt.der'), encodePkcs8(parts, { form: 'expanded' }));
      assert.equal(
        (await ok(['decap', '-i', t.path('rt.der'), '--ct', ct, '--secret', '-'])).toString(),
        `${expected}\n`,
      );
      await ok(['pubkey', '-i', key, '--jwk', '-o', t.path('rt.jwk')]);
      await ok(['keygen', '-a', algorithm, '--jwk', '-o', t.path(`rt-${algorithm}-priv.jwk`)]);
      const viaJwk = (
        await ok(['encap', '-i', t.path('rt.jwk'), '--ct', t.path('rt-jwk.ct'), '--secret', '-'])
      ).toString();
      assert.equal((await ok(['decap', '-i', key, '--ct', t.path('rt-jwk.ct'), '--secret', '-'])).toString(), viaJwk);
    });
  }

  it('--secret - prints hex; --base64 and --hex choose the text form, also for a file; the ciphertext may go to stdout', async () => {
    const { publicKey, secretKey } = MlKem768.keygen();
    writeFileSync(t.path('e.pub'), encodeSpki(publicKey));
    const ct = await ok(['encap', '-i', t.path('e.pub'), '--ct', '-', '--secret', t.path('e.b64'), '--base64']);
    assert.equal(ct.length, 1088);
    const secret = MlKem768.decapsulate(ct, secretKey);
    assert.equal(readFileSync(t.path('e.b64'), 'utf8'), `${Buffer.from(secret).toString('base64')}\n`);
    writeFileSync(t.path('e.key'), encodePkcs8({ secretKey }));
    writeFileSync(t.path('e.ct'), ct);
    assert.equal(
      (await ok(['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct'), '--secret', '-', '--base64'])).toString(),
      `${Buffer.from(secret).toString('base64')}\n`,
    );
    await ok(['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct'), '--secret', t.path('e.hex'), '--hex']);
    assert.equal(readFileSync(t.path('e.hex'), 'utf8'), `${hex(secret)}\n`);
    // The key or the ciphertext from standard input.
    assert.equal(
      (
        await ok(['decap', '--ct', t.path('e.ct'), '--secret', '-'], { stdin: readFileSync(t.path('e.key')) })
      ).toString(),
      `${hex(secret)}\n`,
    );
    assert.equal(
      (await ok(['decap', '-i', t.path('e.key'), '--ct', '-', '--secret', '-'], { stdin: ct })).toString(),
      `${hex(secret)}\n`,
    );
    await ok(['encap', '--ct', t.path('e2.ct'), '--secret', t.path('e2.ss')], {
      stdin: toPem(encodeSpki(publicKey), 'PUBLIC KEY'),
    });
    assert.deepEqual(
      MlKem768.decapsulate(readFileSync(t.path('e2.ct')), secretKey),
      new Uint8Array(readFileSync(t.path('e2.ss'))),
    );
  });

  it('a tampered ciphertext of the right length is not refused: it gives another secret (implicit rejection)', async () => {
    const ct = readFileSync(t.path('e.ct'));
    ct[0]! ^= 1;
    writeFileSync(t.path('e-bad.ct'), ct);
    const good = (await ok(['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct'), '--secret', '-'])).toString();
    const bad = (await ok(['decap', '-i', t.path('e.key'), '--ct', t.path('e-bad.ct'), '--secret', '-'])).toString();
    assert.notEqual(bad, good);
    assert.match(bad, /^[0-9a-f]{64}\n$/);
  });

  it('bad usage: missing --ct or --secret, both on one stream, --hex with --base64', async () => {
    await fails(['encap', '-i', t.path('e.pub'), '--secret', '-'], 2, /--ct is required/);
    await fails(['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct')], 2, /--secret is required/);
    await fails(
      ['encap', '-i', t.path('e.pub'), '--ct', '-', '--secret', '-'],
      2,
      /--ct and --secret cannot both be '-'/,
    );
    await fails(['decap', '--ct', '-', '--secret', '-'], 2, /-i\/--in and --ct cannot both be '-'/);
    await fails(
      ['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct'), '--secret', '-', '--hex', '--base64'],
      2,
      /--hex and --base64 cannot be combined/,
    );
    await fails(
      ['encap', '-i', t.path('e.pub'), '--ct', t.path('not-written.ct'), '--secret', '-', '--hex', '--base64'],
      2,
      /--hex and --base64 cannot be combined/,
    );
    assert.throws(
      () => statSync(t.path('not-written.ct')),
      /ENOENT/,
      'bad usage is refused before anything is written',
    );
    await fails(
      ['decap', '-i', t.path('e.key'), '--ct', t.path('e.ct'), '--secret', t.path('e.key')],
      2,
      /-i\/--in and --secret name the same file/,
    );
    await fails(
      ['encap', '-i', t.path('e.pub'), '--ct', t.path('same'), '--secret', t.path('same')],
      2,
      /--ct and --secret name the same file/,
    );
    assert.equal(decodePkcs8(readFileSync(t.path('e.key'))).algorithm, 'ML-KEM-768', 'the key is untouched');
  });

  it('failures: a public key to decap, a ciphertext of the wrong length or level, a missing file', async () => {
    await fails(
      ['decap', '-i', t.path('e.pub'), '--ct', t.path('e.ct'), '--secret', '-'],
      1,
      /e\.pub: is a public key; decap needs the private key/,
    );
    writeFileSync(t.path('short.ct'), readFileSync(t.path('e.ct')).subarray(1));
    await fails(
      ['decap', '-i', t.path('e.key'), '--ct', t.path('short.ct'), '--secret', '-'],
      1,
      /short\.ct: holds 1087 bytes; an ML-KEM-768 ciphertext has 1088/,
    );
    await fails(
      ['decap', '-i', t.path('pk-seed.pem'), '--ct', t.path('e.ct'), '--secret', '-'],
      1,
      /e\.ct: holds 1088 bytes; an ML-KEM-512 ciphertext has 768/,
    );
    await fails(
      ['encap', '-i', t.path('nothing.pem'), '--ct', '-', '--secret', t.path('x')],
      1,
      /nothing\.pem: no such file or directory/,
    );
    await fails(['encap', '-i', t.dir, '--ct', '-', '--secret', t.path('x')], 1, /: is a directory/);
  });
});

describe('mlkem-ts inspect', () => {
  it('a private key in each form: algorithm, form, sizes, every check passing (text and --json)', async () => {
    for (const form of FORMS) {
      const key = t.path(`i-${form}.pem`);
      await ok(['keygen', '-a', '512', '--form', form, '-o', key]);
      const text = (await ok(['inspect', key])).toString();
      assert.match(text, new RegExp(`^${key}: ML-KEM-512 private key\\n`));
      assert.match(text, new RegExp(`form: +${form} `));
      assert.match(text, /seed 64, secret key 1632, public key 800, ciphertext 768, shared secret 32 bytes/);
      assert.doesNotMatch(text, /fail/);
      const report = parseJson<InspectReport>(await ok(['inspect', '--json', key]));
      assert.equal(report.algorithm, 'ML-KEM-512');
      assert.equal(report.kind, 'private');
      assert.equal(report.form, form);
      assert.equal(report.encoding, 'PEM');
      assert.equal(report.structure, 'PKCS#8');
      assert.equal(report.valid, true);
      assert.deepEqual(report.checks, {
        publicKey: 'pass',
        secretKey: 'pass',
        seedConsistency: form === 'both' ? 'pass' : 'n/a',
        publicKeyConsistency: 'n/a',
        pairwise: 'pass',
      });
    }
  });

  it('a public key (DER) and a private JWK, from standard input too', async () => {
    const { publicKey } = MlKem1024.keygen();
    writeFileSync(t.path('i.pub.der'), encodeSpki(publicKey));
    const report = parseJson<InspectReport>(await ok(['inspect', '--json', t.path('i.pub.der')]));
    assert.equal(report.kind, 'public');
    assert.equal(report.algorithm, 'ML-KEM-1024');
    assert.deepEqual(report.checks, {
      publicKey: 'pass',
      secretKey: 'n/a',
      seedConsistency: 'n/a',
      publicKeyConsistency: 'n/a',
      pairwise: 'n/a',
    });
    assert.equal(report.publicKeyHash, createHash('sha3-256').update(publicKey).digest('hex'));
    const jwk = await ok(['keygen', '--jwk']);
    const fromStdin = parseJson<InspectReport>(await ok(['inspect', '--json', '-'], { stdin: jwk }));
    assert.equal(fromStdin.file, 'standard input');
    assert.equal(fromStdin.encoding, 'JWK');
    assert.equal(fromStdin.checks.publicKeyConsistency, 'pass');
  });

  it('names the failing check and exits 1: §7.2, seed consistency, pairwise', async () => {
    // A public key with a coefficient ≥ q (FIPS 203 §7.2), in an SPKI written by hand.
    const { publicKey, seed, secretKey } = MlKem768.keygen();
    const spki = encodeSpki(publicKey);
    spki[spki.length - publicKey.length] = 0xff;
    spki[spki.length - publicKey.length + 1]! |= 0x0f;
    writeFileSync(t.path('bad72.der'), spki);
    await fails(['inspect', t.path('bad72.der')], 1, /bad72\.der: fails public key modulus check$/m);
    assert.match((await cli(['inspect', '--json', t.path('bad72.der')])).stdout.toString(), /"publicKey": "fail"/);
    await fails(
      ['encap', '-i', t.path('bad72.der'), '--ct', '-', '--secret', t.path('x')],
      1,
      /bad72\.der: .*FIPS 203, §7\.2/,
    );

    // A "both" key whose seed expands to another key.
    const other = MlKem768.keygen();
    const both = encodePkcs8({ seed, secretKey }, { form: 'both' });
    both.set(other.seed, both.length - secretKey.length - 4 - 64); // the seed OCTET STRING's contents
    writeFileSync(t.path('mismatch.der'), both);
    const r = await cli(['inspect', '--json', t.path('mismatch.der')]);
    assert.equal(r.status, 1);
    assert.equal(parseJson<InspectReport>(r.stdout).checks.seedConsistency, 'fail');
    assert.match(r.stderr, /^mlkem-ts inspect: .*mismatch\.der: fails seed consistency\n$/);

    // An expanded key whose secret vector was changed (canonically) behind a valid H(ek): only
    // the pairwise check sees it (RFC 9935's bad-ML-KEM-512-2 is such a key).
    const tampered = secretKey.slice();
    const c0 = tampered[0]! | ((tampered[1]! & 0x0f) << 8);
    const c1 = (c0 + 1) % 3329;
    tampered[0] = c1 & 0xff;
    tampered[1] = (tampered[1]! & 0xf0) | (c1 >> 8);
    writeFileSync(t.path('tampered.der'), encodePkcs8({ secretKey: tampered }, { pairwiseCheck: false }));
    const p = await cli(['inspect', '--json', t.path('tampered.der')]);
    assert.equal(p.status, 1, p.stderr);
    assert.equal(parseJson<InspectReport>(p.stdout).checks.pairwise, 'fail');
    await fails(
      ['decap', '-i', t.path('tampered.der'), '--ct', t.path('e.ct'), '--secret', '-'],
      1,
      /tampered\.der: .*pairwise-consistency check/,
    );
  });

  it('bad usage: no FILE, two FILEs', async () => {
    await fails(['inspect'], 2, /inspect takes one FILE, got 0/);
    await fails(['inspect', 'a', 'b'], 2, /inspect takes one FILE, got 2/);
  });
});

describe('bad files: one line naming the file and what was wrong, exit 1, in every command that reads a key', () => {
  const files: Record<string, [Uint8Array | string, RegExp]> = {};
  before(() => {
    const { publicKey, seed } = MlKem768.keygen();
    const pem = toPem(encodePkcs8({ algorithm: 'ML-KEM-768', seed }), 'PRIVATE KEY');
    const der = encodePkcs8({ algorithm: 'ML-KEM-768', seed });
    const spki = encodeSpki(publicKey);
    const mldsa = spki.slice();
    mldsa[spki.indexOf(0x04, 4) + 1] = 0x03; // 2.16.840.1.101.3.4.4.2 → 2.16.840.1.101.3.4.3.2 (the signature arc)
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const x25519 = generateKeyPairSync('x25519');
    Object.assign(files, {
      'truncated.pem': [
        pem.slice(0, 100),
        /truncated\.pem: PEM: the '-----BEGIN PRIVATE KEY-----' on line 1 has no matching '-----END PRIVATE KEY-----' line/,
      ],
      'truncated.der': [
        der.subarray(0, 50),
        /truncated\.der: PKCS#8: .*claims 84 bytes of contents but only 48 remain/,
      ],
      'label.pem': [
        pem.replace(/PRIVATE KEY/g, 'EC PRIVATE KEY'),
        /label\.pem: PEM: no '-----BEGIN PUBLIC KEY-----' or '-----BEGIN PRIVATE KEY-----' line found \(found 'EC PRIVATE KEY'\)/,
      ],
      'swapped-label.pem': [pem.replace(/PRIVATE KEY/g, 'PUBLIC KEY'), /swapped-label\.pem: SubjectPublicKeyInfo: /],
      'ml-dsa.der': [
        mldsa,
        /ml-dsa\.der: SubjectPublicKeyInfo: algorithm at byte \d+ is 2\.16\.840\.1\.101\.3\.4\.3\.2, not ML-KEM/,
      ],
      'ec.pem': [
        ec.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
        /ec\.pem: PKCS#8: privateKeyAlgorithm at byte \d+ is 1\.2\.840\.10045\.2\.1, not ML-KEM/,
      ],
      'x25519.pub.pem': [
        x25519.publicKey.export({ format: 'pem', type: 'spki' }) as string,
        /x25519\.pub\.pem: SubjectPublicKeyInfo: algorithm at byte \d+ is 1\.3\.101\.110, not ML-KEM/,
      ],
      'ec.jwk': [
        JSON.stringify(ec.publicKey.export({ format: 'jwk' })),
        /ec\.jwk: JWK: kty must be "AKP" for ML-KEM, got "EC"/,
      ],
      'broken.jwk': ['{"kty": "AKP",', /broken\.jwk: starts like a JWK but is not valid JSON/],
      'garbage.bin': [
        Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 0xff),
        /garbage\.bin: not a key file: expected PEM text/,
      ],
      empty: ['', /empty: is empty, expected a key in PEM, DER or JWK/],
    });
    for (const [name, [content]] of Object.entries(files)) writeFileSync(t.path(name), content);
  });

  it('inspect, pubkey, encap and decap refuse each one', async () => {
    for (const [name, [, message]] of Object.entries(files)) {
      const file = t.path(name);
      await fails(['inspect', file], 1, message);
      await fails(['pubkey', '-i', file], 1, message);
      await fails(['encap', '-i', file, '--ct', t.path('unused.ct'), '--secret', t.path('unused.ss')], 1, message);
      await fails(['decap', '-i', file, '--ct', t.path('e.ct'), '--secret', '-'], 1, message);
    }
  });
});

describe('mlkem-ts bench', () => {
  it('--json: one row per parameter set and backend, with the median, fastest and slowest round and the spread', async () => {
    const out = parseJson<BenchReport>(await ok(['bench', '-n', '3', '-r', '3', '-a', '512', '-a', '1024', '--json']));
    assert.match(out.runtime, /^Node\.js v\d+/);
    assert.deepEqual(
      out.rows.map((r) => `${r.algorithm} ${r.backend}`),
      ['ML-KEM-512 wasm', 'ML-KEM-512 portable', 'ML-KEM-1024 wasm', 'ML-KEM-1024 portable'],
    );
    for (const row of out.rows) {
      assert.equal(row.n, 3);
      assert.equal(row.rounds, 3);
      for (const op of ['keygen', 'encaps', 'decaps'] as const) {
        assert.ok(
          row.min[op] > 0 && row.min[op] <= row.median[op] && row.median[op] <= row.max[op],
          `${op}: min <= median <= max`,
        );
        assert.ok(row.spreadPercent[op] >= 0);
      }
    }
  });

  it('the table: medians and spreads, marked rough with few rounds; progress on standard error only when it is a terminal', async () => {
    const plain = await cli(['bench', '-n', '2', '-r', '3', '-a', '768', '--backend', 'portable']);
    assert.equal(plain.status, 0);
    assert.equal(plain.stderr, '');
    assert.match(
      plain.stdout.toString(),
      /^mlkem-ts bench on Node\.js .*\n3 rounds × 2 operations of each kind per row, rows interleaved; median µs per operation .*\nparameter set +backend +keygen +encaps +decaps\nML-KEM-768 +portable( +\d+\.\d ± *\d+%){3}\nnote: these figures are rough: only 3 rounds;.*\n$/,
    );
    const tty = await cli(['bench', '-n', '2', '-r', '2', '-a', '768', '--backend', 'wasm'], { tty: true });
    assert.equal(tty.status, 0);
    assert.match(tty.stderr, /\r\x1b\[Kround 2\/2: ML-KEM-768 wasm/);
    assert.ok(tty.stderr.endsWith('\r\x1b[K'), 'the progress line is cleared');
  });

  it('by default 9 rounds of 100 operations per row, rows interleaved', async () => {
    const out = parseJson<BenchReport>(await ok(['bench', '-a', '512', '--backend', 'wasm', '--json']));
    assert.equal(out.rows[0]!.rounds, 9);
    assert.equal(out.rows[0]!.n, 100);
  });

  it('bad usage: -n not a positive whole number, an unknown backend', async () => {
    for (const n of ['0', '-1', '1.5', 'many', '100000000'])
      await fails(['bench', `--iterations=${n}`], 2, /-n\/--iterations must be a whole number from 1 to 10000000/);
    await fails(['bench', '--backend', 'gpu'], 2, /--backend must be portable, wasm or all, got 'gpu'/);
    for (const r of ['0', 'x', '1001'])
      await fails(['bench', '-r', r], 2, /-r\/--rounds must be a whole number from 1 to 1000/);
  });
});

describe('a closed output pipe', () => {
  const bin = new URL('../../src/cli/bin.ts', import.meta.url).pathname;
  /** Runs the command as a process whose standard output is a pipe already closed by its reader. */
  const closedPipe = (args: string[]) =>
    new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy(); // `| true`: the reader is gone before anything is written
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stderr }));
    });

  for (const args of [['keygen'], ['--help']]) {
    it(`mlkem-ts ${args.join(' ')} | true: one line (EPIPE) and exit status 1, no stack trace`, async () => {
      const r = await closedPipe(args);
      assert.match(
        r.stderr,
        /^mlkem-ts( keygen)?: standard output: its reader was gone before everything was written \(EPIPE\)\n$/,
        r.stderr,
      );
      assert.equal(r.status, 1);
    });
  }
});
