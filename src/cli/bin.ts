#!/usr/bin/env node
// The executable behind `npx mlkem-ts` (package.json "bin"): runs main() on this process's
// arguments and streams. The exit status is set, not forced, so that pending output is flushed.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
