import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * fast-check's `assert`, as an assertion vitest counts (test/setup.ts refuses a test that makes none): the property
 * runs as `fc.check`, and its report (the seed, the shrunk counterexample) is the failure's message.
 */
export async function holds<Ts>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  params?: fc.Parameters<Ts>,
): Promise<void> {
  const details = await fc.check(property as fc.IRawProperty<Ts>, params);
  expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
}
