import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { leafExpenseAccount, type Session, sandboxSession } from '../e2e/harness.js';
import { storeTeds } from '../e2e/stored-payables.js';

/**
 * An 8.5 MB remittance (#32) downloads with the CLI's memory staying flat. The payables are put straight into the
 * sandbox's store (creating 17,500 of them over HTTP would take minutes); everything after that goes through the
 * CLI. npm test downloads a megabyte one, interrupted and piped into head (test/e2e/large-files.test.ts).
 */

// two 240-character records (A + B) each: ~8.5 MB, over five times what streaming holds at its peak, so a file held
// whole cannot pass (npm run bench measures bigger ones)
const PAYMENTS = 17_500;
let s: Session;
let batchId: string;

beforeAll(async () => {
  s = await sandboxSession({
    prepare: (store) =>
      storeTeds(store, { count: PAYMENTS, state: 'marked_for_remessa', dueDate: '2031-01-10' }),
  });
  batchId = (await s.condo.json('batches create --date next-business-day')).public_id;
}, 120_000);
afterAll(() => s?.close());

const probe = ['--expose-gc', '--import', join(import.meta.dirname, 'report-live-memory.mjs')];
const livePeakKb = (stderr: string) => Number(/\[live-peak-kb\] (\d+)/.exec(stderr)?.[1]);

test('an 8 MB remittance downloads with the CLI memory flat', async () => {
  const target = join(s.condo.configDir, 'big.rem');
  const big = await s.condo.run(['batches', 'download', batchId, '-O', target], { nodeArgs: probe });
  expect(big.exitCode, big.stderr).toBe(0);
  const size = (await stat(target)).size;
  expect(size).toBeGreaterThan(8_000_000);
  // The same process shape without the file: the same command, loading the same modules (since #34 a download
  // lints its file, loading the CNAB reader), for a batch of one payment.
  const chart = await leafExpenseAccount(s.condo);
  const one = await s.condo.json(
    `payables create --supplier brilho --chart-account ${chart} --method ted --amount 10,00 --due +5d --description Pequeno`,
  );
  await s.condo.ok(['payables', 'mark', one.public_id]);
  const smallBatch = (await s.condo.json('batches create --date next-business-day --yes')).public_id;
  const small = await s.condo.run(
    ['batches', 'download', smallBatch, '-O', join(s.condo.configDir, 'small.rem')],
    {
      nodeArgs: probe,
    },
  );
  expect(small.exitCode, small.stderr).toBe(0);
  // Streaming holds a few chunks at a time (1.5 MB measured; more when the disk is slower than the socket);
  // holding the file would add its 8.5 MB.
  const growthMb = (livePeakKb(big.stderr) - livePeakKb(small.stderr)) / 1024;
  expect(growthMb).toBeLessThan(5);
});
