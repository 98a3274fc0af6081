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
// (for the projects that make those thousands; stress, package and keyring write files of 100 MB and keep the disk)
const env = ramDir && !process.env.TMPDIR ? { TMPDIR: ramDir } : {};

/**
 * One config, a project per kind of test (docs/CONTRIBUTING.md "Tests"): `npm test` runs `unit` and `e2e`; each
 * other project has a script of its own (`npm run test:shipped`, `stress`, `fuzz`, `test:browser`,
 * `test:package`, `test:keyring`), as each needs something `npm test` does not build or spend (the bundle, the
 * one-file executables, a browser, a keyring, minutes).
 */
export default defineConfig({
  test: {
    // Each test file's transformed modules are kept on disk (node_modules/.experimental-vitest-cache), keyed by
    // their content: a run after the first skips most of the transforming (about 5 s of the suite's 65 here).
    // Experimental in vitest 4.1; `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The end-to-end files spend much of their time waiting (on child processes, a rate limit, a retry's pause):
    // a worker more than there are cores keeps the cores busy meanwhile (on 2 cores, 3 workers: 62-68 s, not 74).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // a TMPDIR set by whoever runs the tests is theirs to keep
          env,
          // The test files share nothing but the modules they import (none sets process.env, mocks a module or
          // fakes timers), so each worker imports the CLI, the sandbox and their libraries once, not once per
          // file: importing was 70 s of the suite's 160 (#31).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], isolate: false, env } },
      {
        // the end-to-end tests against the program as it ships: the built sandbox as a process of its own
        extends: true,
        test: {
          name: 'shipped',
          include: ['test/e2e/**/*.test.ts'],
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          env: { ...env, CONDO_E2E_SHIPPED: '1' },
        },
      },
      {
        extends: true,
        test: { name: 'stress', include: ['test/stress/**/*.test.ts'], testTimeout: 900_000 },
      },
      // long fuzz runs, one file at a time (each spends the machine)
      { extends: true, test: { name: 'fuzz', include: ['test/fuzz/**/*.test.ts'], fileParallelism: false } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          env,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      { extends: true, test: { name: 'package', include: ['test/package/**/*.test.ts'] } },
      // one keyring, one session: its tests take turns
      {
        extends: true,
        test: { name: 'keyring', include: ['test/keyring/**/*.test.ts'], fileParallelism: false },
      },
    ],
  },
});
