// The fuzzer's properties, a short run in every `npm test` (100 mutations a reader: a smoke test, about 4 s of the
// suite's CPU); `npm run fuzz` runs them for minutes (test/fuzz/fuzz.test.ts), where finding things is its job.
// A failure prints the seed and the shrunk input that reproduces it.
import { describe, test } from 'vitest';
import { targets } from '../fuzz/targets.js';
import { holds } from '../properties.js';

describe('random mutations of real files never crash a reader, and every refusal names a line', () => {
  test.each(targets().map((t) => [t.name, t] as const))('%s', async (_name, target) => {
    await holds(target.property(), { numRuns: 100 });
  });
});
