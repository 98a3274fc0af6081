import { defineConfig } from 'vitest/config';

// Stress runs kept out of npm test's minute (npm run stress).
export default defineConfig({
  test: {
    include: ['test/stress/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
  },
});
