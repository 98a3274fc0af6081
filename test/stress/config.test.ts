import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from '../e2e/harness.js';
import { configStressRound } from './config-stress.js';

/** #28: twenty reads and five logins at once, STRESS_ROUNDS times over (20 by default): nothing lost. */

const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 20);
let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ ipRateLimit: { count: 1_000_000, seconds: 60 } });
});
afterAll(() => s.close());

test(`config: ${ROUNDS} rounds of 20 reads and 5 logins at once lose nothing`, async () => {
  const lost: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await configStressRound(s, round);
    expect(r.failed.map((f) => f.stderr)).toEqual([]);
    lost.push(...r.missingProfiles.map((p) => `profile ${p}`), ...r.missingTokens.map((t) => `token ${t}`));
  }
  console.log(`config stress: ${ROUNDS} rounds, ${ROUNDS * 25} processes, ${lost.length} lost`);
  expect(lost).toEqual([]);
});
