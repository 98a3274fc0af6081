#!/usr/bin/env node
// Tiny entry: everything lives in the built bundle; heavy modules load lazily from there. CommonJS on purpose
// (bin/package.json): Node 22 starts a CommonJS entry about 9 ms sooner than an ES module, and the answers that
// need nothing else (--version, --help) are given from here.
'use strict';

const argv = process.argv.slice(2);
// `condo … | head`: the reader left, so there is nobody to tell; end quietly with 0, as gh does. Here, so that
// every answer has it: --version, static help and completion, and a run of the CLI.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Scripts and shell prompts ask this often: answer before loading anything else.
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  const module = require('node:module');
  // Node 22.1+ keeps V8's compiled code of the bundle on disk (in the OS temp dir, per Node version and file):
  // every run after the first skips most of the parsing.
  module.enableCompileCache?.();
  // `condo [COMMAND…] --help` is static text, printed from the help pages built with the bundle, without loading
  // commander or any verb (src/cli/static-help.ts); so is `condo __complete WORDS…`, which a shell runs on every TAB.
  const helpDir = require('node:path').join(__dirname, '..', 'dist', 'help');
  const help = argv.at(-1) === '--help' || argv.at(-1) === '-h';
  const answered =
    (help &&
      require('../dist/cli/static-help.cjs').printStaticHelp(argv, process.env, process.stdout, helpDir)) ||
    (argv[0] === '__complete' &&
      require('../dist/cli/static-help.cjs').printStaticCompletion(argv, process.stdout, helpDir));
  if (!answered) {
    const env = process.env;
    if (
      !module.enableCompileCache &&
      (env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY)
    ) {
      // Node 20's V8 optimises undici's HTTP parser (WebAssembly) at once: ~50 ms of every command that calls the
      // API, for a parser that reads a few kilobytes. Its baseline compiler alone is plenty for a CLI (bench/run.mjs
      // measures a 100 MB download too). Set before undici loads; later V8s tier up lazily and need no such flag.
      // undici carries the API's calls only through a proxy (src/client/transport.ts); node:v8 costs ~10 ms to load.
      require('node:v8').setFlagsFromString('--liftoff-only');
    }
    import('../dist/cli/main.js');
  }
}
