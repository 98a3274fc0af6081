import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:shipped`: the end-to-end suite against the program as it ships (test/e2e/harness.ts): each
// session's sandbox is `bin/condo.js sandbox start` from dist/, a process of its own, and every CLI run is
// `bin/condo.js`. .ci/run runs it after `npm test`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/e2e/**/*.test.ts'],
    // every run is a process of its own (about 0.3 s of CPU on Node 20), and a firm's test makes a hundred
    testTimeout: 180_000,
    hookTimeout: 180_000,
    env: { ...base.test?.env, CONDO_E2E_SHIPPED: '1' },
  },
});
