import { build } from 'esbuild';
import { join } from 'node:path';
const root = process.cwd();
const { WEBCRYPTO_APP } = await import('./scripts/bundle.ts');
const r = await build({ bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, splitting: true, absWorkingDir: root, outdir: join(root, 'dist-split'), stdin: { contents: WEBCRYPTO_APP, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' } });
const o = r.metafile.outputs;
for (const [name, out] of Object.entries(o)) {
  if (!name.endsWith('.js')) continue;
  console.log('==', name, out.bytes, 'entry:', out.entryPoint ?? '', 'imports:', out.imports.map(i => i.kind[0] + ':' + i.path).join(' '));
  const ins = Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 25);
  for (const [p, i] of ins) if (i.bytesInOutput > 300) console.log('   ', i.bytesInOutput, p);
}
