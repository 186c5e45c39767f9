// The package's version, for `mlkem-ts --version` (a constant, not a read of package.json, so that
// the command needs no file beside it; test/cli/usage.test.ts holds it equal to package.json's).
export const VERSION = '0.1.0';
