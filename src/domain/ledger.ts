/**
 * The ledger's month summary: revenue and expense per chart account, totals, and each bank account's in and out,
 * summed in integer cents from the entries as the API lists them (decimal reais). A domain rule, not a screen:
 * `condo ledger summary` prints it, and the month report of the firm's spreadsheet will reuse it.
 */
import { centsOf, centsToDecimal } from './money.js';

/** Ledger entries are revenue or expense; chart accounts are active or not. */
export const ENTRY_TYPES = ['revenue', 'expense'] as const;
export const CHART_ACCOUNT_STATES = ['active', 'inactive'] as const;
/** Where an entry came from: typed in, an expense paid, a payable paid, a transfer, a bank statement. */
export const ENTRY_SOURCES = ['manual', 'expense', 'payable', 'transfer', 'statement'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'investment'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
/** A supplier's account, where a payment goes. */
export const SUPPLIER_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** What the summary reads of an entry. */
export interface LedgerEntry {
  type: string;
  chart_of_accounts_id: number;
  bank_account_id?: number | null;
  amount: unknown;
}

export interface AccountTotal {
  chart_of_accounts_id: number;
  code: string | null;
  name: string | null;
  totalCents: number;
}

export interface BankTotal {
  bank_account_id: number | null;
  name: string | null;
  inCents: number;
  outCents: number;
}

export interface MonthSummary {
  month: string;
  revenue: AccountTotal[];
  expense: AccountTotal[];
  totalRevenueCents: number;
  totalExpenseCents: number;
  byBankAccount: BankTotal[];
}

/** Sums a month's entries per chart account and per bank account, in integer cents. */
export function summarize(
  month: string,
  entryRows: readonly LedgerEntry[],
  chartRows: readonly { id: number; code?: string; name?: string }[],
  bankRows: readonly { id: number; name?: string }[],
): MonthSummary {
  const chartById = new Map(chartRows.map((c) => [c.id, c]));
  const bankById = new Map(bankRows.map((b) => [b.id, b]));
  const byAccount = { revenue: new Map<number, AccountTotal>(), expense: new Map<number, AccountTotal>() };
  const byBank = new Map<number | null, BankTotal>();
  for (const e of entryRows) {
    const cents = centsOf(e.amount);
    const side = e.type === 'revenue' ? byAccount.revenue : byAccount.expense;
    const chart = chartById.get(e.chart_of_accounts_id);
    const acc = side.get(e.chart_of_accounts_id) ?? {
      chart_of_accounts_id: e.chart_of_accounts_id,
      code: chart?.code ?? null,
      name: chart?.name ?? null,
      totalCents: 0,
    };
    acc.totalCents += cents;
    side.set(e.chart_of_accounts_id, acc);
    const bankId = e.bank_account_id ?? null;
    const bank = byBank.get(bankId) ?? {
      bank_account_id: bankId,
      name: bankId === null ? null : (bankById.get(bankId)?.name ?? null),
      inCents: 0,
      outCents: 0,
    };
    if (e.type === 'revenue') bank.inCents += cents;
    else bank.outCents += cents;
    byBank.set(bankId, bank);
  }
  const byCode = (a: AccountTotal, b: AccountTotal) =>
    (a.code ?? '').localeCompare(b.code ?? '', 'en', { numeric: true }) ||
    a.chart_of_accounts_id - b.chart_of_accounts_id;
  const revenue = [...byAccount.revenue.values()].sort(byCode);
  const expense = [...byAccount.expense.values()].sort(byCode);
  const sum = (rows: AccountTotal[]) => rows.reduce((n, r) => n + r.totalCents, 0);
  return {
    month,
    revenue,
    expense,
    totalRevenueCents: sum(revenue),
    totalExpenseCents: sum(expense),
    byBankAccount: [...byBank.values()].sort(
      (a, b) =>
        (a.bank_account_id ?? Number.MAX_SAFE_INTEGER) - (b.bank_account_id ?? Number.MAX_SAFE_INTEGER),
    ),
  };
}

/** The `--json` shape: decimal reais, as the API carries money. */
export function summaryJson(s: MonthSummary) {
  const account = (a: AccountTotal) => ({
    chart_of_accounts_id: a.chart_of_accounts_id,
    code: a.code,
    name: a.name,
    total: centsToDecimal(a.totalCents),
  });
  return {
    month: s.month,
    revenue: s.revenue.map(account),
    expense: s.expense.map(account),
    total_revenue: centsToDecimal(s.totalRevenueCents),
    total_expense: centsToDecimal(s.totalExpenseCents),
    net: centsToDecimal(s.totalRevenueCents - s.totalExpenseCents),
    by_bank_account: s.byBankAccount.map((b) => ({
      bank_account_id: b.bank_account_id,
      name: b.name,
      in: centsToDecimal(b.inCents),
      out: centsToDecimal(b.outCents),
      net: centsToDecimal(b.inCents - b.outCents),
    })),
  };
}

export interface MonthTotals {
  month: string;
  revenueCents: number;
  expenseCents: number;
}

/** Every month from `from` to `to` (YYYY-MM, inclusive), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return months;
}

/**
 * Revenue and expense per month over a range, every month present (a month without entries is zeros), from
 * entries with their `paid_at`; entries outside the range are left out (a server may ignore date filters).
 */
export function monthlyTotals(
  entries: readonly (LedgerEntry & { paid_at?: unknown })[],
  from: string,
  to: string,
): MonthTotals[] {
  const months = new Map(
    monthsBetween(from, to).map((month) => [month, { month, revenueCents: 0, expenseCents: 0 }]),
  );
  for (const e of entries) {
    const row = typeof e.paid_at === 'string' ? months.get(e.paid_at.slice(0, 7)) : undefined;
    if (!row) continue;
    if (e.type === 'revenue') row.revenueCents += centsOf(e.amount);
    else if (e.type === 'expense') row.expenseCents += centsOf(e.amount);
  }
  return [...months.values()];
}

/** The statement formats an import takes. */
export const STATEMENT_FORMATS = ['ofx', 'csv'] as const;
/** What the sandbox writes as a bank: the API's formats, and a CNAB 240 extrato (which the CLI imports as OFX). */
export const SANDBOX_STATEMENT_FORMATS = [...STATEMENT_FORMATS, 'cnab240'] as const;
