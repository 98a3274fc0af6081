/**
 * The month report a firm sends each building's council (`condo report month`): what was paid (by supplier and by
 * chart account), what the bank refused, what is still to pay, the revenue received, who is behind, and each bank
 * account's balance at the start and end of the month. Pure: it sums what the API listed, in integer cents.
 */
import { centsOf } from './money.js';

/** How `condo report paid --by` sums a month's payments. */
export const PAID_GROUPS = ['supplier', 'chart-account'] as const;

/** The payee the report names for an entry that has none (a bank fee a rule booked): the JSON keeps it so. */
export const NO_PAYEE = '(no payee)';

/** A group of entries summed: a supplier, a payee without one, a chart account. */
export interface GroupTotal {
  name: string;
  count: number;
  totalCents: number;
}

/** Sums items by a key, largest total first. */
export function groupTotals<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  nameOf: (item: T) => string,
  centsOfItem: (item: T) => number,
): GroupTotal[] {
  const groups = new Map<string, GroupTotal>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { name: nameOf(item), count: 0, totalCents: 0 };
    group.count++;
    group.totalCents += centsOfItem(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name));
}

export interface BalanceRow {
  bank_account_id: number;
  name: string;
  startCents: number;
  inCents: number;
  outCents: number;
  endCents: number;
}

/**
 * Each account's balance at the start and the end of a month, worked back from today's balance: the end is
 * today's balance less what moved after the month, the start is the end less what moved in it. What moved is
 * the settled entries from the month's first day on (later months included) and the statement movements no entry
 * accounts for (DECISIONS.md: the bank moved that money, and the balance counts it), from that day on too.
 */
export function monthBalances(
  month: string,
  accounts: readonly { id: number; name?: unknown; current_balance?: unknown }[],
  entries: readonly { type: string; bank_account_id?: number | null; amount: unknown; paid_at?: unknown }[],
  unmatched: readonly { bank_account_id: number; amount_cents: number; date: string }[] = [],
): BalanceRow[] {
  return accounts.map((a) => {
    let after = 0;
    let inCents = 0;
    let outCents = 0;
    const moved = (signed: number, when: string) => {
      const inMonth = when.slice(0, 7);
      if (inMonth > month) after += signed;
      else if (inMonth === month) {
        if (signed >= 0) inCents += signed;
        else outCents -= signed;
      }
    };
    for (const e of entries) {
      if (e.bank_account_id !== a.id || typeof e.paid_at !== 'string') continue;
      moved(e.type === 'revenue' ? centsOf(e.amount) : -centsOf(e.amount), e.paid_at);
    }
    for (const m of unmatched) if (m.bank_account_id === a.id) moved(m.amount_cents, m.date);
    const endCents = centsOf(a.current_balance) - after;
    return {
      bank_account_id: a.id,
      name: String(a.name ?? ''),
      startCents: endCents - inCents + outCents,
      inCents,
      outCents,
      endCents,
    };
  });
}

/** One day's closing balance of an account. */
export interface DayBalance {
  date: string;
  endCents: number;
}

/**
 * An account's balance at the end of each day of the month (to `lastDay`: today in the current month), worked back
 * from the month's end balance by what moved each day: the entries and the unmatched movements, as monthBalances.
 * The first day's start is the month's start balance.
 */
export function dailyBalances(
  month: string,
  lastDay: string,
  endCents: number,
  moves: readonly { date: string; signedCents: number }[],
): DayBalance[] {
  const byDay = new Map<string, number>();
  for (const m of moves)
    if (m.date.startsWith(month)) byDay.set(m.date, (byDay.get(m.date) ?? 0) + m.signedCents);
  const days: DayBalance[] = [];
  let balance = endCents;
  // from the month's last calendar day back (what moved after `lastDay` is in the end balance too): each day's
  // end, then what moved on it comes off for the day before; only the days to `lastDay` are told
  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  for (let d = daysInMonth; d >= 1; d--) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    if (date <= lastDay) days.push({ date, endCents: balance });
    balance -= byDay.get(date) ?? 0;
  }
  return days.reverse();
}

/**
 * The month report (domain/month-report.ts) as JSON. condo computes it, so every amount carries its unit in its
 * name: `*_cents`, integer cents (the API itself has two units: payables in cents, entries in reais).
 */
export interface MonthReport {
  month: string;
  condominium: string;
  paid: { payments: number; total_cents: number; by_supplier: Group[]; by_chart_account: Group[] };
  /** Every rejection in the returns imported in the month, whatever the payable's due date. */
  rejected: MonthRejection[];
  /** The payables the bank rejected that have not been corrected and sent again (any month's rejection). */
  still_rejected: Rejected[];
  pending: { public_id: string; payee: string; due_date: string; amount_cents: number; state: string }[];
  revenue: { entries: number; total_cents: number; by_chart_account: Group[] };
  defaulters: {
    units: number;
    outstanding_cents: number;
    rows: { unit: string; invoices: number; outstanding_cents: number; days_overdue: number }[];
  };
  balances: {
    bank_account_id: number;
    name: string;
    start_cents: number;
    in_cents: number;
    out_cents: number;
    end_cents: number;
    days: { date: string; end_cents: number }[];
  }[];
  /** #36: the document's cover (the condominium's name and CNPJ from the server; the administradora from config) */
  cover: {
    name: string;
    document: string | null;
    month: string;
    administradora: string | null;
    issued_on: string;
  };
  /** #36: each payment of the month: to whom (and their CPF/CNPJ), for what, how, and in which batch */
  payments: {
    date: string;
    payee: string;
    document: string | null;
    description: string;
    chart_account: string;
    forma: string | null;
    amount_cents: number;
    bank_account_id: number | null;
    batch_id: string | null;
    payable_id: string | null;
  }[];
  /** #36: twelve months of revenue and expense, the report's month the last */
  months: { month: string; revenue_cents: number; expense_cents: number }[];
}
export type Group = { name: string; count: number; total_cents: number };
/** A payable the bank refused, with its code and reason. */
export interface Rejected {
  public_id: string;
  payee: string;
  due_date: string;
  amount_cents: number;
  code: string;
  reason: string;
}
export interface MonthRejection extends Rejected {
  batch_id: string;
  /** when the return that rejected it was imported */
  at: string;
  /** true while the payable waits to be corrected and sent again */
  still_rejected: boolean;
}
