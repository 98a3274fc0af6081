import { defineConfig } from 'vitest/config';

// The single executables (#56): `npm run test:package` packages the Linux one first (scripts/package.mjs).
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
  },
});
