import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/**
 * #29 point 4, as cron or PowerShell hands condo a pattern it did not expand: the files it names are read, and a
 * night with no file is a clear "no files match", or exit 0 with --allow-empty.
 */

let s: Session;
let inbox: string;
beforeAll(async () => {
  s = await sandboxSession();
  inbox = await mkdtemp(join(tmpdir(), 'condo-inbox-'));
  await mkdir(join(inbox, 'extratos'));
  const corpus = join(import.meta.dirname, '..', 'fixtures', 'corpus', 'statements', 'annacruz__ofx');
  await copyFile(join(corpus, 'bb.ofx'), join(inbox, 'extratos', '2026-11-24.ofx'));
  await copyFile(join(corpus, 'sample.ofx'), join(inbox, 'extratos', '2026-11-25.ofx'));
});
afterAll(async () => {
  await s.close();
  await rm(inbox, { recursive: true, force: true });
});

test('statements import with a pattern the shell left alone reads each file it matches', async () => {
  const r = await s.condo.run([
    'statements',
    'import',
    join(inbox, 'extratos', '*.ofx'),
    '--dry-run',
    '--json',
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  // one summary per file, in the files' order
  const results = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(results).toHaveLength(2);
});

test('a night with no file: exit 2 naming the pattern, or exit 0 with --allow-empty', async () => {
  const pattern = join(inbox, 'extratos', '2026-11-26-*.ofx');
  const none = await s.condo.run(['statements', 'import', pattern]);
  expect(none.exitCode).toBe(2);
  expect(none.stderr).toContain(`no files match "${pattern}"`);
  const quiet = await s.condo.run(['statements', 'import', pattern, '--allow-empty']);
  expect(quiet.exitCode).toBe(0);
  expect(quiet.stderr).toContain('nothing to import');
  expect(quiet.stderr).not.toContain('written to'); // nothing was
  for (const verb of [['import'], ['batches', 'import-return']]) {
    expect((await s.condo.run([...verb, pattern])).exitCode).toBe(2);
    expect((await s.condo.run([...verb, pattern, '--allow-empty'])).exitCode).toBe(0);
  }
});
