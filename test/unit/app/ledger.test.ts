import { describe, expect, test } from 'vitest';
import { ledgerMonth, ledgerMonths } from '../../../src/app/ledger.js';
import { lastDayOf } from '../../../src/domain/dates.js';
import { centsOf } from '../../../src/domain/money.js';
import { servedSandbox } from './served.js';

/** The ledger's month and months (#72 point 1: what cli/commands/ledger.ts read itself), over the sandbox. */
const served = servedSandbox();

describe("a month of the ledger, and a range's months", () => {
  test("the month's totals are its entries' sums, to the cent, and the range's month says the same", async () => {
    const [entry] = await served.client.accountEntries.list({}, { all: true });
    if (!entry?.paid_at) throw new Error('the seed has no entry');
    const month = entry.paid_at.slice(0, 7);
    const entries = await served.client.accountEntries.list(
      { from: `${month}-01`, to: lastDayOf(month) },
      { all: true },
    );
    const sum = (type: string) =>
      entries.filter((e) => e.type === type).reduce((t, e) => t + centsOf(e.amount), 0);
    const s = await ledgerMonth(served.client, month);
    expect(s.totalRevenueCents).toBe(sum('revenue'));
    expect(s.totalExpenseCents).toBe(sum('expense'));
    const [one] = await ledgerMonths(served.client, month, month);
    expect(one).toMatchObject({ month, revenueCents: sum('revenue'), expenseCents: sum('expense') });
  });
});
