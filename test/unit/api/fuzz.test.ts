import { expect, test } from 'vitest';
import { apiCasesRun, apiProperty } from '../../fuzz/api-target.js';
import { holds } from '../../properties.js';

/** #30 point 2, a short round: every operation, sent what its schemas describe and what they do not, answers no 5xx. */
test('no input reaches the database unchecked: 600 random calls over every operation, no 5xx', async () => {
  await holds(apiProperty(), { numRuns: 600 });
  expect(apiCasesRun.count).toBeGreaterThanOrEqual(600);
});
