import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { midMonthClock, type Session, sandboxSession } from './harness.js';

/**
 * A month as a firm lives it (#52), on a sandbox whose today is the 15th: this month's bills marked and sent, the
 * bank's return of today (scheduled, one TED refused), its return on the payment day (paid), the refused TED
 * corrected, sent again and paid, the payment account's statement of today imported. `laterRun` runs the built
 * CLI with its clock on the 28th, when what was scheduled on the 15th has been paid.
 */
export interface MonthScene {
  s: Session;
  month: string;
  /** the batches' payment day, after the 15th */
  payday: string;
  refused: { public_id: string; payee_name: string };
  /** a run of the built CLI on the 28th of the month (same data, same config) */
  laterRun: (args: string[]) => Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

export async function monthScene(): Promise<MonthScene> {
  const s = await sandboxSession({ midMonth: true, bills: true });
  const month = s.today().slice(0, 7);
  const dir = s.condo.configDir;
  const sendAndAnswer = async (name: string, reject?: string) => {
    const batch = await s.condo.json('batches create --date next-business-day --yes');
    const rem = join(dir, `${name}.rem`);
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    const reject_ = reject ? ['--reject', `${reject.slice(-20)}:AN`] : [];
    // today's return: the bank schedules what it pays on the batch's day
    await s.condo.ok(['sandbox', 'bank-return', rem, '-O', join(dir, `${name}.ret`), ...reject_]);
    await s.condo.run(['batches', 'import-return', join(dir, `${name}.ret`)]);
    // and its return of that day
    const paid = join(dir, `${name}-paid.ret`);
    await s.condo.ok([
      'sandbox',
      'bank-return',
      rem,
      '-O',
      paid,
      '--as-of',
      batch.data_pagamento,
      ...reject_,
    ]);
    await s.condo.run(['batches', 'import-return', paid]);
    return String(batch.data_pagamento);
  };
  const pending = await s.condo.json('payables list --state pending --method pix,ted,boleto --all');
  const refused = pending.find((p: { forma_pagamento: string }) => p.forma_pagamento === 'ted');
  await s.condo.ok(['payables', 'mark', ...pending.map((p: { public_id: string }) => p.public_id)]);
  const payday = await sendAndAnswer('first', refused.public_id);
  expect(payday > s.today()).toBe(true);
  // corrected (the account was right after all) and sent again
  await s.condo.ok(['payables', 'mark', refused.public_id]);
  await sendAndAnswer('again');
  const statement = join(dir, 'today.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', statement]);
  await s.condo.ok(['statements', 'import', statement]);
  const later = midMonthClock().offsetMs + 13 * 86_400_000;
  const laterRun = (args: string[]) =>
    s.condo.run(args, { spawn: true, env: { CONDO_TEST_CLOCK_OFFSET_MS: String(later) } });
  return { s, month, payday, refused, laterRun };
}

/** The LEDGERBAL of an OFX file, in cents. */
export const ledgerBalance = async (file: string) =>
  Math.round(Number(/<LEDGERBAL>\s*<BALAMT>([-\d.]+)/.exec(await readFile(file, 'latin1'))?.[1]) * 100);
