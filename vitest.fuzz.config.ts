import { defineConfig } from 'vitest/config';

// `npm run fuzz`: only the long fuzz run, one worker, its console output shown.
export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
  },
});
