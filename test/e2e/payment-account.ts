import { writeFile } from 'node:fs/promises';
import { buildStatementOfx, type OfxTransaction } from '../../src/sandbox/index.js';

/**
 * A day's OFX statement of the seeded condominium's payment account (Itaú 0350 / 12345-1), written to `path`: the
 * file the bank sends a cron night, with the transactions a test needs, every one dated that day.
 */
export async function writePaymentAccountStatement(
  path: string,
  day: string,
  transactions: Omit<OfxTransaction, 'date'>[],
): Promise<void> {
  await writeFile(
    path,
    buildStatementOfx({
      bankCode: '341',
      agency: '0350',
      account: '12345-1',
      start: day,
      end: day,
      transactions: transactions.map((t) => ({ ...t, date: day })),
    }),
  );
}
