import { afterAll, beforeAll, expect, test } from 'vitest';
import { configStressRound } from './config-stress.js';
import { type Session, sandboxSession } from './harness.js';

/** #28 point 1: config writes never lose anything, whoever else writes the file at the same moment. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ ipRateLimit: { count: 100_000, seconds: 60 } });
});
afterAll(() => s.close());

test('five logins while twenty reads cache their tokens, all at once: every profile and every token is kept', async () => {
  for (const round of [1, 2]) {
    const r = await configStressRound(s, round);
    expect(r.failed.map((f) => f.stderr)).toEqual([]);
    expect(r.missingProfiles).toEqual([]);
    expect(r.missingTokens).toEqual([]);
  }
});
