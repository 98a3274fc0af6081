import { expect, test } from 'vitest';
import { budgetAgainstActual } from '../../../src/app/month-budget.js';

/** #68 point 4: orçado × realizado over what the month read. */
test("each expense line's forecast against the ledger in its account, in the month and the year; each revenue account billed against received", () => {
  const chart = [
    { id: 3, code: '1.1.01' },
    { id: 4, code: '1.1.02' },
    { id: 14, code: '2.1.01' },
    { id: 19, code: '2.2.01' },
  ];
  const entry = (type: string, account: number, amount: number, day: string) => ({
    type,
    chart_of_accounts_id: account,
    amount,
    paid_at: `${day}T12:00:00Z`,
  });
  const r = budgetAgainstActual(
    {
      source: 'orcamento.yaml',
      expenses: [
        { name: 'Folha', account: '2.1.01', cents: 980_000 },
        { name: 'Energia', account: '2.2.01', cents: 230_000 },
      ],
      components: [
        { name: 'Despesas ordinárias', account: '1.1.01' },
        { name: 'Obra', account: '1.1.01' },
        { name: 'Fundo de reserva', account: '1.1.02' },
      ],
    },
    {
      month: '2027-03',
      cutOff: '2027-03-20',
      chart,
      entries: [
        entry('expense', 14, 11_440, '2027-03-05'),
        entry('expense', 14, 9_800, '2027-02-05'),
        entry('expense', 14, 9_800, '2026-12-05'), // last year's: not in the year
        entry('expense', 19, 500, '2027-03-25'), // after the cut-off
        entry('revenue', 3, 1_000, '2027-03-11'),
        entry('revenue', 4, 50, '2027-03-11'),
      ],
      invoices: [
        {
          state: 'issued',
          items: [
            { chart_of_accounts_id: 3, amount: 1000 },
            { chart_of_accounts_id: 4, amount: 50 },
          ],
        },
        { state: 'issued', subtotal: 300, items: null }, // made by hand: its subtotal to the quota's account
        { state: 'canceled', items: [{ chart_of_accounts_id: 3, amount: 999 }] },
      ],
    },
  );
  expect(r.expenses).toEqual([
    {
      name: 'Folha',
      account_code: '2.1.01',
      forecast_cents: 980_000,
      actual_cents: 1_144_000,
      year_forecast_cents: 2_940_000,
      year_actual_cents: 2_124_000,
    },
    {
      name: 'Energia',
      account_code: '2.2.01',
      forecast_cents: 230_000,
      actual_cents: 0,
      year_forecast_cents: 690_000,
      year_actual_cents: 0,
    },
  ]);
  expect(r.revenue).toEqual([
    {
      names: ['Despesas ordinárias', 'Obra'],
      account_code: '1.1.01',
      billed_cents: 130_000,
      received_cents: 100_000,
    },
    { names: ['Fundo de reserva'], account_code: '1.1.02', billed_cents: 5_000, received_cents: 5_000 },
  ]);
});
