/**
 * The month report a firm sends each building's council (`condo report month`): what was paid (by supplier and by
 * chart account), what the bank refused, what is still to pay, the revenue received, who is behind, and each bank
 * account's balance at the start and end of the month. Pure: it sums what the API listed, in integer cents.
 */
import { centsOf, sumCents } from './money.js';

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
  /** each day's closing balance, the month's first day to the cut-off: the last one is `endCents` */
  days: DayBalance[];
}

/** One day's closing balance of an account. */
export interface DayBalance {
  date: string;
  endCents: number;
}

/** A movement of an account's money: a settled entry, or a statement movement no entry accounts for. */
export interface Move {
  date: string;
  signedCents: number;
}

/**
 * An account's month to its cut-off (#52: the earlier of today and the month's last day), worked back from today's
 * balance: the closing balance is today's less what moved after the cut-off (a payment dated ahead included); the
 * opening one is the closing one less what moved from the 1st to the cut-off; each day's balance is the opening one
 * carried forward by that day's moves. One walk, so the last day is the closing balance, and the opening balance
 * plus the movements is the closing balance, by construction (DECISIONS.md: the bank moved the unmatched money, and
 * the balance counts it).
 */
export function accountMonth(
  month: string,
  cutOff: string,
  account: { id: number; name?: unknown; current_balance?: unknown },
  moves: readonly Move[],
): BalanceRow {
  const first = `${month}-01`;
  let after = 0;
  let inCents = 0;
  let outCents = 0;
  const byDay = new Map<string, number>();
  for (const m of moves) {
    if (m.date > cutOff) after += m.signedCents;
    else if (m.date >= first) {
      if (m.signedCents >= 0) inCents += m.signedCents;
      else outCents -= m.signedCents;
      byDay.set(m.date, (byDay.get(m.date) ?? 0) + m.signedCents);
    }
  }
  const endCents = centsOf(account.current_balance) - after;
  const startCents = endCents - inCents + outCents;
  const days: DayBalance[] = [];
  let balance = startCents;
  for (let date = first; date <= cutOff; date = nextDay(date)) {
    balance += byDay.get(date) ?? 0;
    days.push({ date, endCents: balance });
  }
  return {
    bank_account_id: account.id,
    name: String(account.name ?? ''),
    startCents,
    inCents,
    outCents,
    endCents,
    days,
  };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Whole percentages of a total that add up to 100 (#52: `report paid` showed 101%): each share rounded down, and
 * the points left given to the largest remainders (Hamilton's method). None of an empty or zero total.
 */
export function wholeShares(values: readonly number[]): number[] {
  const total = values.reduce((a, v) => a + v, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((v) => (v * 100) / total);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((a, v) => a + v, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * The month report (domain/month-report.ts) as JSON. condo computes it, so every amount carries its unit in its
 * name: `*_cents`, integer cents (the API itself has two units: payables in cents, entries in reais).
 */
export interface MonthReport {
  month: string;
  condominium: string;
  /**
   * #52: the position's date, the earlier of today and the month's last day (São Paulo). Every sum is at this day:
   * what is dated after it is scheduled (in `pending`), never paid.
   */
  cut_off: string;
  paid: { payments: number; total_cents: number; by_supplier: Group[]; by_chart_account: Group[] };
  /** Every rejection in the returns imported in the month, whatever the payable's due date. */
  rejected: MonthRejection[];
  /** The payables the bank rejected that have not been corrected and sent again (any month's rejection). */
  still_rejected: Rejected[];
  /**
   * What is still owed at the cut-off, due by the month's end: waiting (`pending`, `marked_for_remessa`, `in_batch`),
   * refused and to send again (`rejected`), or `scheduled`: accepted by the bank for a later date, or paid on a day
   * after the cut-off (`date` is that day).
   */
  pending: PendingRow[];
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
    /** at the cut-off */
    end_cents: number;
    /** the month's first day to the cut-off: the last is end_cents */
    days: { date: string; end_cents: number }[];
    /**
     * #52: the last day of the month an imported statement of the account covers (null: none of the month was
     * imported, so the closing balance is the ledger's alone, not checked against the bank's); null where the
     * server keeps no imports (`statements_known` false)
     */
    statement_through: string | null;
    /** false where the server gave the account no current balance: the figures are not the account's, but zeros */
    balance_known: boolean;
  }[];
  /** false where the server lists no statement imports (an extension of condo's sandbox) */
  statements_known: boolean;
  /** #36: the document's cover (the condominium's name and CNPJ from the server; the administradora from config) */
  cover: {
    name: string;
    document: string | null;
    month: string;
    /** #52: the firm's settings, a profile's own winning (`condo config set [--firm] administradora…`) */
    administradora: Administradora | null;
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
  /** #68: the budget against what the ledger booked (orçado × realizado); null where the month has no budget */
  budget?: BudgetAgainstActual | null;
}

/** #68 point 4: each expense line's forecast against the ledger, in the month and the year to its cut-off. */
export interface BudgetAgainstActual {
  /** the budget file read */
  source: string;
  expenses: {
    name: string;
    account_code: string;
    forecast_cents: number;
    actual_cents: number;
    year_forecast_cents: number;
    year_actual_cents: number;
  }[];
  /** each revenue account of the budget's components: what the month's invoices billed to it, what was received */
  revenue: { names: string[]; account_code: string; billed_cents: number; received_cents: number }[];
}
export type Group = { name: string; count: number; total_cents: number };
export interface Administradora {
  name: string | null;
  document: string | null;
  crc: string | null;
  /** a PNG or JPEG file, checked by its content at `config set` */
  logo_file: string | null;
}
export interface PendingRow {
  public_id: string | null;
  payee: string;
  due_date: string;
  amount_cents: number;
  state: string;
  /** a scheduled payment's day (after the cut-off), else null */
  date: string | null;
}
/** A payable the bank refused, with its code and reason. */
export interface Rejected {
  public_id: string;
  payee: string;
  due_date: string;
  amount_cents: number;
  code: string;
  reason: string;
  /**
   * #66: the answering bank's table says the bill is paid already (FEBRABAN's ZK, "boleto já liquidado"): not owed,
   * and never to send again without the statement's word
   */
  settled_by_bank: boolean;
  /** the bank whose table reads the code (the refusing batch's paying account), null where the month cannot say */
  bank_code: string | null;
}
export interface MonthRejection extends Rejected {
  batch_id: string;
  /** when the return that rejected it was imported */
  at: string;
  /** true while the payable waits to be corrected and sent again */
  still_rejected: boolean;
  /**
   * #52: what became of it by the cut-off: `paid` (on `on`), `scheduled` (for `on`, after the cut-off), `resent`
   * (in a batch again), `corrected` (to mark again), `rejected` (still: to correct and send again), `settled`
   * (still refused, with a code that says the bank has it paid: not to send again, #66), `deleted`
   */
  fate: { state: RejectionFate; on: string | null };
}
export const REJECTION_FATES = [
  'paid',
  'scheduled',
  'resent',
  'corrected',
  'rejected',
  'settled',
  'deleted',
] as const;
export type RejectionFate = (typeof REJECTION_FATES)[number];

/**
 * What the month's figures promise each other (#52), as sentences naming the break; none when they hold. A document
 * is not written with a break in it: a council signs the figures, so they must add up on every page.
 */
export function monthBreaks(r: MonthReport): string[] {
  const breaks: string[] = [];
  const same = (what: string, a: number, b: number) => {
    if (a !== b) breaks.push(`${what}: ${a} != ${b}`);
  };
  for (const b of r.balances) {
    same(`${b.name}: opening + in - out = closing`, b.start_cents + b.in_cents - b.out_cents, b.end_cents);
    const last = b.days.at(-1);
    if (last) {
      same(`${b.name}: last day's balance = closing`, last.end_cents, b.end_cents);
      if (last.date !== r.cut_off)
        breaks.push(`${b.name}: the days end on ${last.date}, not the cut-off ${r.cut_off}`);
    }
  }
  same(
    'paid by chart account = paid',
    sumCents(r.paid.by_chart_account.map((g) => g.total_cents)),
    r.paid.total_cents,
  );
  same('paid by supplier = paid', sumCents(r.paid.by_supplier.map((g) => g.total_cents)), r.paid.total_cents);
  same('payments listed = paid', sumCents(r.payments.map((p) => p.amount_cents)), r.paid.total_cents);
  same('payments counted = payments listed', r.paid.payments, r.payments.length);
  same(
    'revenue by chart account = revenue',
    sumCents(r.revenue.by_chart_account.map((g) => g.total_cents)),
    r.revenue.total_cents,
  );
  same(
    'defaulters = overdue',
    sumCents(r.defaulters.rows.map((d) => d.outstanding_cents)),
    r.defaulters.outstanding_cents,
  );
  const own = r.months.at(-1);
  if (own?.month === r.month) {
    same("the 12 months' last expense = paid", own.expense_cents, r.paid.total_cents);
    same("the 12 months' last revenue = revenue", own.revenue_cents, r.revenue.total_cents);
  }
  for (const p of r.payments)
    if (p.date > r.cut_off) breaks.push(`a payment of ${p.date} is after the cut-off ${r.cut_off}`);
  return breaks;
}

/** What is still owed at the cut-off: every pending row's amount. */
export const owedCents = (r: Pick<MonthReport, 'pending'>): number =>
  sumCents(r.pending.map((p) => p.amount_cents));

/** The accounts' balances together, at the start or at the cut-off. */
export const balancesCents = (r: Pick<MonthReport, 'balances'>, at: 'start_cents' | 'end_cents'): number =>
  sumCents(r.balances.map((b) => b[at]));
