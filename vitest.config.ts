import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fuzz/**', 'test/stress/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The end-to-end files mostly wait on sockets and child processes: one worker per core, not vitest's
    // default of one fewer (a single worker on a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
