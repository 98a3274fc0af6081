import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResult, Session } from '../e2e/harness.js';

/**
 * The firm's morning (#28): twenty reads that each cache a token, and five logins that each save a profile, all
 * at once, as separate processes writing one config file. Nothing may be lost: every login's profile and every
 * read's token is in the file afterwards. `npm run stress` runs twenty rounds (STRESS_ROUNDS; CI runs a few).
 */
export async function configStressRound(
  s: Session,
  round: number,
  { reads = 20, logins = 5 } = {},
): Promise<{ missingProfiles: string[]; missingTokens: string[]; failed: RunResult[] }> {
  const path = join(s.condo.configDir, 'config.json');
  const config = JSON.parse(await readFile(path, 'utf8'));
  const base = config.profiles.default;
  const readers = Array.from({ length: reads }, (_, i) => `r${round}-reader-${i}`);
  for (const name of readers) config.profiles[name] = base;
  await writeFile(path, JSON.stringify(config));
  const newcomers = Array.from({ length: logins }, (_, i) => `r${round}-new-${i}`);
  const runs = await Promise.all([
    ...readers.map((name) =>
      s.condo.run(['--profile', name, 'payables', 'list', '--limit', '1'], { spawn: true }),
    ),
    ...newcomers.map((name) => s.loginSpawned('default', name)),
  ]);
  const after = JSON.parse(await readFile(path, 'utf8'));
  return {
    missingProfiles: [...readers, ...newcomers].filter((n) => !after.profiles[n]),
    missingTokens: [...readers, ...newcomers].filter((n) => !after.tokens[`profile:${n}`]),
    failed: runs.filter((r) => r.exitCode !== 0),
  };
}
