import { describe, expect, test } from 'vitest';
import { dailyBalances, groupTotals, monthBalances } from '../../../src/domain/month-report.js';

describe('the month report sums', () => {
  test('groups by key, largest first, names from the first item of each', () => {
    const paid = [
      { who: 's1', name: 'Brilho', cents: 680_000 },
      { who: 's2', name: 'Vigilare', cents: 1_245_000 },
      { who: 's1', name: 'Brilho', cents: 20_000 },
    ];
    expect(
      groupTotals(
        paid,
        (p) => p.who,
        (p) => p.name,
        (p) => p.cents,
      ),
    ).toEqual([
      { name: 'Vigilare', count: 1, totalCents: 1_245_000 },
      { name: 'Brilho', count: 2, totalCents: 700_000 },
    ]);
  });

  test("balances are worked back from today's: the month's end less what came after, its start less the month", () => {
    const accounts = [
      { id: 1, name: 'Conta corrente', current_balance: 1000.0 },
      { id: 2, name: 'Poupança', current_balance: 500.5 },
    ];
    const entries = [
      { type: 'revenue', bank_account_id: 1, amount: 300, paid_at: '2026-10-05' },
      { type: 'expense', bank_account_id: 1, amount: 120.25, paid_at: '2026-10-20' },
      // after the month: moved today's balance, not October's
      { type: 'expense', bank_account_id: 1, amount: 50, paid_at: '2026-11-02' },
      { type: 'revenue', bank_account_id: 1, amount: 10, paid_at: '2026-12-01' },
      // another account's, and one with no bank account
      { type: 'revenue', bank_account_id: 2, amount: 0.5, paid_at: '2026-10-31' },
      { type: 'expense', bank_account_id: null, amount: 99, paid_at: '2026-10-10' },
    ];
    expect(monthBalances('2026-10', accounts, entries)).toEqual([
      {
        bank_account_id: 1,
        name: 'Conta corrente',
        endCents: 104_000,
        inCents: 30_000,
        outCents: 12_025,
        startCents: 86_025,
      },
      {
        bank_account_id: 2,
        name: 'Poupança',
        endCents: 50_050,
        inCents: 50,
        outCents: 0,
        startCents: 50_000,
      },
    ]);
  });
});

test('the balance day by day: worked back from the month’s end, what is dated after the last day told included', () => {
  const moves = [
    { date: '2026-11-02', signedCents: -10_000 },
    { date: '2026-11-02', signedCents: 2_500 },
    { date: '2026-11-04', signedCents: 40_000 },
    // dated after the last day told (tomorrow): in the month's end, not in today's
    { date: '2026-11-06', signedCents: -5_000 },
    { date: '2026-10-30', signedCents: 99_999 },
  ];
  expect(dailyBalances('2026-11', '2026-11-05', 100_000, moves)).toEqual([
    { date: '2026-11-01', endCents: 72_500 },
    { date: '2026-11-02', endCents: 65_000 },
    { date: '2026-11-03', endCents: 65_000 },
    { date: '2026-11-04', endCents: 105_000 },
    { date: '2026-11-05', endCents: 105_000 },
  ]);
});
