import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:browser`: the month's HTML page in Debian's chromium, headless, through playwright-core (#52).
// Outside `npm test`'s minute; .ci/run installs chromium where it is missing and runs it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/browser/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
