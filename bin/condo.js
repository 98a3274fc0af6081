#!/usr/bin/env node
// Tiny entry: everything lives in the built bundle; heavy modules load lazily from there.
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Scripts and shell prompts ask this often: answer before loading anything else.
  process.stdout.write(
    `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`,
  );
} else {
  const { default: module } = await import('node:module');
  if (module.enableCompileCache) {
    // Node 22.1+ keeps V8's compiled code of the bundle on disk (in the OS temp dir, per Node version and file):
    // every run after the first skips most of the parsing.
    module.enableCompileCache();
  } else {
    // Node 20's V8 optimises undici's HTTP parser (WebAssembly) at once: ~50 ms of every command that calls the
    // API, for a parser that reads a few kilobytes. Its baseline compiler alone is plenty for a CLI (bench/run.mjs
    // measures a 100 MB download too). Set before undici loads; later V8s tier up lazily and need no such flag.
    const { setFlagsFromString } = await import('node:v8');
    setFlagsFromString('--liftoff-only');
  }
  await import('../dist/cli/main.js');
}
