// Vite's build of app.mjs with docs/switching.md's vite.config.mjs as it is, plus what this test
// needs (an entry without index.html, an output Node.js can run): Vite's own mergeConfig.
import { build, mergeConfig } from 'vite';
import config from './vite.config.mjs';

await build(
  mergeConfig(config, {
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    build: { outDir: 'dist-vite', emptyOutDir: true, rollupOptions: { input: 'app.mjs', output: { entryFileNames: 'app.mjs', format: 'es' } } },
  }),
);
