import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newestPlanOf } from '../../../src/app/billing-apply.js';
import { UsageError } from '../../../src/domain/errors.js';

/** #68: the plan `billing apply --month` takes, among a firm's plans in one folder. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-month-plans-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test("a condominium's newest plan of the month, never another's whose slug starts with it (found by the firm's bench)", async () => {
  const file = (name: string) => join(dir, name);
  await writeFile(file('2027-01-residencial-bela-vista-aaaaaaaa.plan.json'), '{}');
  await writeFile(file('2027-01-residencial-bela-vista-bbbbbbbb.plan.json'), '{}');
  await writeFile(file('2027-01-residencial-bela-vista-2-cccccccc.plan.json'), '{}');
  await writeFile(file('2027-02-residencial-bela-vista-dddddddd.plan.json'), '{}');
  const older = new Date('2026-12-01T00:00:00Z');
  await utimes(file('2027-01-residencial-bela-vista-aaaaaaaa.plan.json'), older, older);
  await utimes(
    file('2027-01-residencial-bela-vista-2-cccccccc.plan.json'),
    new Date(),
    new Date(Date.now() + 60_000),
  );
  const month = { month: '2027-01', dir };
  expect(await newestPlanOf({ ...month, condominium: 'residencial-bela-vista' })).toBe(
    file('2027-01-residencial-bela-vista-bbbbbbbb.plan.json'),
  );
  expect(await newestPlanOf({ ...month, condominium: 'residencial-bela-vista-2' })).toBe(
    file('2027-01-residencial-bela-vista-2-cccccccc.plan.json'),
  );
  await expect(newestPlanOf({ ...month, condominium: 'residencial-bela' })).rejects.toBeInstanceOf(
    UsageError,
  );
});
