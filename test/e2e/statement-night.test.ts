import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ofxJs from 'ofx-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { todayIn } from '../../src/domain/dates.js';
import { BANK_SHAPES } from '../../src/sandbox/index.js';
import { type Session, sandboxSession } from './harness.js';
import { writePaymentAccountStatement } from './payment-account.js';

/**
 * #35 point 1, as a cron night: the bank's file arrives with its quirks (the balance written as lines, two fees
 * under one FITID, a bill scheduled for later), it is imported, and every line ends in one place; the same file
 * again changes nothing; a later file that has the bill done imports it.
 */

let s: Session;
let night: string;
beforeAll(async () => {
  s = await sandboxSession();
  night = join(s.condo.configDir, 'extrato-noite.ofx');
});
afterAll(() => s.close());

const log = () => join(s.condo.configDir, 'import.log');

async function cronRun(file: string, extra: string[] = []) {
  const r = await s.condo.run(['statements', 'import', file, '--json', ...extra]);
  await appendFile(log(), r.stdout);
  return { ...r, result: r.exitCode === 0 ? JSON.parse(r.stdout) : undefined };
}

test('the night’s file is imported and adds up; the same file again changes nothing; the bill comes in done later', async () => {
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--bank-shapes', '-O', night]);
  const text = await readFile(night, 'latin1');
  // another reader counts the file's transactions: the oracle the import must add up to
  const parsed = await ofxJs.parse(text);
  const lines = parsed.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN as { MEMO: string }[];
  expect(lines.map((l) => l.MEMO)).toContain('S A L D O');

  const first = await cronRun(night);
  expect(first.exitCode, first.stderr).toBe(0);
  const r = first.result;
  expect(r.transactions).toBe(lines.length);
  expect(r.imported + r.duplicates + r.balance_lines + r.scheduled).toBe(r.transactions);
  expect(r).toMatchObject({ duplicates: 0, balance_lines: 2, scheduled: 1 });
  // both fees under one FITID are movements, each said
  const fees = r.unmatched_transactions.filter((t: { memo: string }) => /^TARIFA/.test(t.memo));
  expect(fees).toHaveLength(2);
  expect(new Set(fees.map((t: { fitid: string }) => t.fitid)).size).toBe(1);
  // each said among the warnings (in the JSON a cron job logs; on a terminal, on stderr)
  const said = r.warnings.map((w: { message: string }) => w.message).join('\n');
  expect(said).toMatch(/duplicate FITID '\d+TAR' \(also at line \d+\) on another transaction/);
  expect(said).toMatch(/"S A L D O" R\$ [\d.]+,\d\d on \S+ is the balance, not a movement/);
  expect(said).toMatch(/is dated after the statement's end \(\S+\): scheduled/);
  expect(r.balances.map((b: { memo: string }) => b.memo)).toEqual(['SALDO ANTERIOR', 'S A L D O']);
  expect(r.scheduled_transactions).toEqual([
    expect.objectContaining({
      memo: BANK_SHAPES.scheduled.memo,
      amount_cents: BANK_SHAPES.scheduled.amountCents,
    }),
  ]);
  // nothing scheduled is unmatched: it is not a movement yet
  expect(r.unmatched_transactions.map((t: { memo: string }) => t.memo)).not.toContain(
    BANK_SHAPES.scheduled.memo,
  );

  // cron runs again: a replay, and with a fresh key nothing new
  const replay = await cronRun(night);
  expect(replay.exitCode).toBe(0);
  expect(replay.result).toMatchObject({ replayed: true, imported: r.imported });
  const again = await cronRun(night, ['--idempotency-key', 'a-second-night']);
  expect(again.result).toMatchObject({
    transactions: r.transactions,
    imported: 0,
    duplicates: r.imported,
    balance_lines: 2,
    scheduled: 1,
  });

  // the bank debits the water bill: tomorrow's file has it done, under its FITID
  const scheduled = r.scheduled_transactions[0];
  const today = todayIn(new Date());
  const later = join(s.condo.configDir, 'extrato-depois.ofx');
  await writePaymentAccountStatement(later, today, [
    { fitid: scheduled.fitid, amountCents: scheduled.amount_cents, memo: scheduled.memo },
  ]);
  const done = await cronRun(later);
  expect(done.result).toMatchObject({ transactions: 1, imported: 1, scheduled: 0 });

  // the log a cron job keeps: one JSON document a night
  const kept = (await readFile(log(), 'utf8')).trim().split('\n').filter(Boolean);
  expect(kept.length).toBeGreaterThanOrEqual(4);
});

test('--dry-run says the same counts without a server', async () => {
  const r = await s.condo.run(['statements', 'import', night, '--dry-run']);
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toMatch(
    /and 2 balance line\(s\), not movements; of the transactions, 1 scheduled, not imported until a later file has them done/,
  );
});
