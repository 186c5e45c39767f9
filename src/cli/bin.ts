#!/usr/bin/env node
// The executable behind `npx mlkem-ts` (package.json "bin"): runs main() on this process's
// arguments and streams. The exit status is set, not forced, so that pending output is flushed.
// (It runs as an ES module only: the CommonJS build leaves src/cli out.)
import { main } from './main.js';

void main(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
