import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The tests' temporary data dirs (sandbox databases, configs, files written) go to RAM where Linux has it: each
// sandbox commit is an fsync under `synchronous = FULL`, and the suite makes thousands of them, none of which a
// test is about (the crash test kills a process, which tmpfs survives as a disk does). 4-6 s of a 60 s run here.
const ramDir = (() => {
  try {
    if (process.platform !== 'linux') return undefined;
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
})();

export default defineConfig({
  test: {
    // a TMPDIR set by whoever runs the tests is theirs to keep
    env: ramDir && !process.env.TMPDIR ? { TMPDIR: ramDir } : {},
    // Each test file's transformed modules are kept on disk (node_modules/.experimental-vitest-cache), keyed by
    // their content: a run after the first skips most of the transforming (about 5 s of the suite's 65 here).
    // Experimental in vitest 4.1; `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // each of these has a config and a script of its own (npm run fuzz, stress, test:browser, test:package, test:keyring)
    exclude: [
      'test/fuzz/**',
      'test/stress/**',
      'test/browser/**',
      'test/package/**',
      'test/keyring/**',
      '**/node_modules/**',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The test files share nothing but the modules they import (none sets process.env, mocks a module or fakes
    // timers), so each worker imports the CLI, the sandbox and their libraries once, not once per file: importing
    // was 70 s of the suite's 160 (#31).
    isolate: false,
    // The end-to-end files spend much of their time waiting (on child processes, a rate limit, a retry's pause):
    // a worker more than there are cores keeps the cores busy meanwhile (on 2 cores, 3 workers: 62-68 s, not 74).
    maxWorkers: availableParallelism() + 1,
  },
});
