import { defineConfig } from 'vitest/config';

// The secret in a real Secret Service (#56): run by .ci/keyring inside a D-Bus session with gnome-keyring.
export default defineConfig({
  test: {
    include: ['test/keyring/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    fileParallelism: false,
  },
});
