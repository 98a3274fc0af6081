import { describe, expect, test } from 'vitest';
import { checkedTotal, invoiceBodyFromFlags } from '../../../src/cli/commands/invoices.js';
import { invoiceTotalCents } from '../../../src/domain/invoices.js';
import { summarize, summaryJson } from '../../../src/domain/ledger.js';
import { centsOf } from '../../../src/domain/money.js';

describe('invoice totals', () => {
  test('computed exactly in cents: 0,10 + 0,20 is 0.3 on the wire, not 0.30000000000000004', () => {
    const body = invoiceBodyFromFlags(
      { unit: '1', bankAccount: '2', due: '2031-01-10', subtotal: '0,10', fine: '0,20' },
      '2026-11-22',
    );
    expect(body).toMatchObject({ subtotal: 0.1, fine_amount: 0.2, total: 0.3 });
  });

  test('every part counts; the discount subtracts (the one rule the CLI and the sandbox share)', () => {
    expect(
      invoiceTotalCents({
        subtotal: 850,
        fine_amount: 17,
        interest_amount: 3.4,
        monetary_correction_amount: 0.01,
        discount_amount: 10,
      }),
    ).toBe(86_041);
  });

  test('a given --total must be exact, else a usage error naming --total', () => {
    expect(checkedTotal({ subtotal: 1, fine_amount: 0.01 }, 1.01)).toBe(101);
    expect(() => checkedTotal({ subtotal: 1, fine_amount: 0.01 }, 1)).toThrow(
      /^--total: R\$ 1,00 does not add up/,
    );
    expect(() => checkedTotal({ subtotal: 1, discount_amount: 1 })).toThrow(/--total: .* not positive/);
  });

  test('a bad money flag is named', () => {
    expect(() => invoiceBodyFromFlags({ subtotal: '1,234' }, '2026-11-22')).toThrow(/^--subtotal:/);
    expect(() => invoiceBodyFromFlags({ subtotal: '10', correction: '0,001' }, '2026-11-22')).toThrow(
      /^--correction:/,
    );
    expect(() => invoiceBodyFromFlags({}, '2026-11-22')).toThrow(/--subtotal is required/);
  });
});

describe('ledger summary', () => {
  const chart = [
    { id: 1, code: '1.1.01', name: 'Taxa condominial' },
    { id: 2, code: '2.1.10', name: 'Limpeza' },
    { id: 3, code: '2.1.9', name: 'Portaria' },
  ];
  const banks = [{ id: 7, name: 'Conta corrente' }];
  const entry = (
    type: 'revenue' | 'expense',
    chart_of_accounts_id: number,
    amount: number,
    bank: number | null,
  ) => ({
    id: 0,
    type,
    chart_of_accounts_id,
    amount,
    bank_account_id: bank,
    description: '',
    paid_at: '2026-11-05',
  });

  test('sums in cents per account and per bank account, ordered by code', () => {
    const s = summarize(
      '2026-11',
      [
        entry('revenue', 1, 0.1, 7),
        entry('revenue', 1, 0.2, 7),
        entry('expense', 2, 100.05, 7),
        entry('expense', 3, 0.3, null),
      ],
      chart,
      banks,
    );
    expect(summaryJson(s)).toEqual({
      month: '2026-11',
      revenue: [{ chart_of_accounts_id: 1, code: '1.1.01', name: 'Taxa condominial', total: 0.3 }],
      expense: [
        { chart_of_accounts_id: 3, code: '2.1.9', name: 'Portaria', total: 0.3 },
        { chart_of_accounts_id: 2, code: '2.1.10', name: 'Limpeza', total: 100.05 },
      ],
      total_revenue: 0.3,
      total_expense: 100.35,
      net: -100.05,
      by_bank_account: [
        { bank_account_id: 7, name: 'Conta corrente', in: 0.3, out: 100.05, net: -99.75 },
        { bank_account_id: null, name: null, in: 0, out: 0.3, net: -0.3 },
      ],
    });
  });

  test('amounts as numeric strings are read exactly; garbage is refused', () => {
    expect(centsOf('1234.5')).toBe(123_450);
    expect(centsOf(undefined)).toBe(0);
    expect(() => centsOf('12,50')).toThrow(RangeError);
  });
});
