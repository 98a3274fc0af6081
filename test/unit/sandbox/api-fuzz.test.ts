import { expect, test } from 'vitest';
import { apiCasesRun, apiProperty, contractCasesRun, contractProperty } from '../../fuzz/api-target.js';
import { holds } from '../../properties.js';

/** #30 point 2, a short round: every operation, sent what its schemas describe and what they do not, answers no 5xx. */
test('no input reaches the database unchecked: 600 random calls over every operation, no 5xx', async () => {
  await holds(apiProperty(), { numRuns: 600 });
  expect(apiCasesRun.count).toBeGreaterThanOrEqual(600);
});

/** #53 point 8, a short round: the document's own values accepted, unknown parameters named, 405 with Allow. */
test('the contract as strict as the server: 300 calls within and beside the document', async () => {
  await holds(contractProperty(), { numRuns: 300 });
  expect(contractCasesRun.positive).toBeGreaterThan(50);
  expect(contractCasesRun.unknown).toBeGreaterThan(50);
  expect(contractCasesRun.method).toBeGreaterThan(30);
});
