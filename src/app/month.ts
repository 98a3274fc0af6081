/**
 * The month's model (#52): what `condo report month` prints on a terminal, as --json, as a spreadsheet, and what
 * the PDF and the HTML page draw: one reading of one condominium's month, at one cut-off, so every page of the
 * prestação de contas tells the same figures. It reads through the API client and sums with the domain's pure
 * functions; how it is shown is the CLI's.
 */
import type {
  AccountEntry,
  BankAccount,
  Client,
  DefaulterRow,
  Payable,
  StatementRecord,
} from '../client/index.js';
import { addMonthsClamped, lastDayOf, todayIn } from '../domain/dates.js';
import { monthlyTotals } from '../domain/ledger.js';
import { centsOf, sumCents } from '../domain/money.js';
import {
  type Administradora,
  accountMonth,
  type Group,
  groupTotals,
  type MonthRejection,
  type MonthReport,
  type Move,
  NO_PAYEE,
  type PendingRow,
  type RejectionFate,
} from '../domain/month-report.js';
import { displayState } from '../domain/payables.js';
import type { RuleLine } from '../domain/statement-rules.js';
import { occurrenceClass } from '../formats/cnab240/codes.js';
import { budgetAgainstActual, type MonthBudget } from './month-budget.js';
import { importsKnown, unmatchedMovements } from './movements.js';

export interface MonthAsked {
  /** YYYY-MM, not after today's month */
  month: string;
  /** today in São Paulo: the cut-off is the earlier of it and the month's last day */
  today: string;
  /** the profile's condominium slug */
  condominium: string;
  administradora: Administradora | null;
  /** #68: the month's budget, where the profile names one (null: the report says there is none) */
  budget?: MonthBudget | null;
}

/** The position's date (#52): the earlier of today and the month's last day. */
export const cutOffOf = (month: string, today: string) => {
  const last = lastDayOf(month);
  return last < today ? last : today;
};

/** A count of invoices, or the list of them on a server that sends one. */
export const invoiceCount = (r: DefaulterRow): number =>
  Array.isArray(r.invoices) ? r.invoices.length : typeof r.invoices === 'number' ? r.invoices : 0;

/** Whom an entry paid: its supplier's name, else the payee it names, else NO_PAYEE. */
export function payeeOfEntry(e: AccountEntry, supplierName: ReadonlyMap<number, string>): string {
  return (
    (typeof e.supplier_id === 'number' ? supplierName.get(e.supplier_id) : undefined) ??
    (e.payee ? String(e.payee) : NO_PAYEE)
  );
}

const WAITING = ['pending', 'marked_for_remessa', 'in_batch', 'scheduled'];
const signed = (e: AccountEntry) => (e.type === 'revenue' ? centsOf(e.amount) : -centsOf(e.amount));
const settledOn = (e: AccountEntry) => (typeof e.paid_at === 'string' ? e.paid_at.slice(0, 10) : null);

/** Reads one condominium's month and sums it, at its cut-off. */
export async function readMonth(client: Client, asked: MonthAsked): Promise<MonthReport> {
  const { month, today } = asked;
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const cutOff = cutOffOf(month, today);
  // the payables due by the month's end and those pending now (the still rejected), not every payable ever made
  const [entries, suppliers, chart, accounts, dueByEnd, pendingNow, defaulters, returned, imports] =
    await Promise.all([
      // twelve months back: the 12-month chart; the month's own sums filter these
      client.accountEntries.list({ from: addMonthsClamped(first, -11) }, { all: true }),
      client.suppliers.list().catch(() => []),
      client.chartOfAccounts.list(),
      client.bankAccounts.list(),
      client.payables.list({ due_to: last }, { all: true }),
      client.payables.list({ state: 'pending' }, { all: true }),
      client.defaulters.list({ as_of: cutOff }, { all: true }),
      rejectionsInMonth(client, month),
      // a server that keeps no imports (an extension) cannot say which balance the bank has confirmed
      importsKnown(client).then((list) => ({ known: list !== null, list: list ?? [] })),
    ]);
  const [condominium, unmatched, billed] = await Promise.all([
    client.condominiums.get().catch(() => undefined),
    unmatchedMovements(client, imports.list, { from: first }),
    // the month's invoices, for what the budget's components billed (only where there is a budget)
    asked.budget ? client.invoices.list({ due_from: first, due_to: last }, { all: true }) : [],
  ]);
  const settled = [...entries].filter((e) => settledOn(e) !== null);
  // the month to its cut-off; what the ledger dates after it (a payment a return reported for a day ahead) is
  // scheduled, not paid (#52)
  const inMonth = settled.filter(
    (e) => (settledOn(e) as string) >= first && (settledOn(e) as string) <= cutOff,
  );
  const ahead = settled.filter((e) => (settledOn(e) as string) > cutOff && (settledOn(e) as string) <= last);
  const byId = new Map([...dueByEnd, ...pendingNow].map((p) => [p.public_id, p]));
  // a payable rejected this month, due later and paid since, is in neither list: asked for by its id (a deleted
  // one is no longer there to ask)
  // (and so is a payable paid in the month before the month it was due: its forma and batch)
  const missing = [
    ...new Set([
      ...returned.map((r) => r.item.public_id),
      ...[...inMonth, ...ahead].flatMap((e) =>
        typeof e.payable_id === 'string' && e.type === 'expense' ? [e.payable_id] : [],
      ),
    ]),
  ].filter((id) => !byId.has(id));
  for (const p of await Promise.all(missing.map((id) => client.payables.get(id).catch(() => undefined))))
    if (p) byId.set(p.public_id, p);
  const m: MonthReading = {
    month,
    first,
    last,
    cutOff,
    supplierName: new Map([...suppliers].map((x) => [x.id, String(x.name ?? '')])),
    supplierDocument: new Map(
      [...suppliers].flatMap((x) => (x.document ? [[x.id, String(x.document)] as [number, string]] : [])),
    ),
    chartName: new Map([...chart].map((a) => [a.id, `${a.code ?? ''} ${a.name ?? ''}`.trim()])),
    byId,
    answeringBank: new Map(
      returned.flatMap(({ bankAccountId, item }) => {
        const bank = accounts.find((a) => a.id === bankAccountId)?.bank_code;
        return bank ? [[item.public_id, String(bank)] as const] : [];
      }),
    ),
  };
  const payables = [...byId.values()];
  const paid = inMonth.filter((e) => e.type === 'expense');
  const revenue = inMonth.filter((e) => e.type === 'revenue');
  const owing = [...defaulters];
  return {
    month,
    condominium: asked.condominium,
    cut_off: cutOff,
    paid: {
      payments: paid.length,
      total_cents: sumCents(paid.map((e) => centsOf(e.amount))),
      by_supplier: groupTotals(
        paid,
        (e) => (e.supplier_id ? `supplier ${e.supplier_id}` : `payee ${e.payee ?? ''}`),
        (e) => entryPayee(m, e),
        (e) => centsOf(e.amount),
      ).map(toGroup),
      by_chart_account: byChart(m, paid),
    },
    rejected: rejectedRows(m, returned),
    still_rejected: payables
      .filter((p) => displayState(p) === 'rejected')
      .map((p) => ({
        public_id: p.public_id,
        payee: payablePayee(m, p),
        due_date: String(p.due_date ?? ''),
        amount_cents: Number(p.amount ?? 0),
        code: p.last_return?.code ?? '',
        reason: p.last_return?.message ?? '',
        settled_by_bank: settledByBank(m, p.public_id, p.last_return?.code),
        bank_code: m.answeringBank.get(p.public_id) ?? null,
      })),
    pending: pendingRows(m, payables, ahead),
    revenue: {
      entries: revenue.length,
      total_cents: sumCents(revenue.map((e) => centsOf(e.amount))),
      by_chart_account: byChart(m, revenue),
    },
    defaulters: {
      units: owing.length,
      outstanding_cents: sumCents(owing.map((r) => centsOf(r.total_outstanding))),
      rows: owing.map((r) => ({
        unit: String(r.unit_label ?? r.unit_id),
        invoices: invoiceCount(r),
        outstanding_cents: centsOf(r.total_outstanding),
        days_overdue: Number(r.days_overdue ?? 0),
      })),
    },
    balances: [...accounts].map((a) => balanceRow(m, a, settled, unmatched, imports.list)),
    statements_known: imports.known,
    cover: {
      name: String(condominium?.name ?? asked.condominium),
      document: condominium?.document ? String(condominium.document) : null,
      month,
      administradora: asked.administradora,
      issued_on: today,
    },
    payments: paymentRows(m, paid, payables),
    // twelve months of revenue and expense, this one the last (to its cut-off, as the summary)
    months: monthlyTotals(
      settled.filter((e) => (settledOn(e) as string) <= cutOff),
      addMonthsClamped(first, -11).slice(0, 7),
      month,
    ).map((t) => ({
      month: t.month,
      revenue_cents: t.revenueCents,
      expense_cents: t.expenseCents,
    })),
    budget: asked.budget
      ? budgetAgainstActual(asked.budget, {
          month,
          cutOff,
          entries: settled,
          chart: [...chart],
          invoices: [...billed],
        })
      : null,
  };
}

/** What the month's sections read it by: its days, and the names and payables the API gave. */
interface MonthReading {
  month: string;
  first: string;
  last: string;
  cutOff: string;
  supplierName: ReadonlyMap<number, string>;
  supplierDocument: ReadonlyMap<number, string>;
  chartName: ReadonlyMap<number, string>;
  byId: ReadonlyMap<string, Payable>;
  /** #66: the bank that answered each payable's refusal, where the month's returns say it */
  answeringBank: ReadonlyMap<string, string>;
}

const entryPayee = (m: MonthReading, e: AccountEntry) => payeeOfEntry(e, m.supplierName);
const payablePayee = (m: MonthReading, p: Payable) =>
  (typeof p.supplier_id === 'number' ? m.supplierName.get(p.supplier_id) : undefined) ??
  String(p.payee_name ?? '');
const chartOf = (m: MonthReading, e: AccountEntry) =>
  m.chartName.get(e.chart_of_accounts_id) ?? `#${e.chart_of_accounts_id}`;
const byChart = (m: MonthReading, list: AccountEntry[]) =>
  groupTotals(
    list,
    (e) => String(e.chart_of_accounts_id),
    (e) => chartOf(m, e),
    (e) => centsOf(e.amount),
  ).map(toGroup);
const paidDay = (p: Payable) => (typeof p.paid_at === 'string' ? p.paid_at.slice(0, 10) : null);

/** What was still owed at the cut-off: waiting or rejected, and what was paid after it, as scheduled. */
function pendingRows(
  m: MonthReading,
  payables: readonly Payable[],
  ahead: readonly AccountEntry[],
): PendingRow[] {
  const aheadOfPayable = new Map(
    ahead.flatMap((e) => (typeof e.payable_id === 'string' ? [[e.payable_id, settledOn(e)] as const] : [])),
  );
  return [
    ...payables
      .filter((p) => String(p.due_date ?? '') <= m.last)
      .flatMap((p): PendingRow[] => {
        const state = displayState(p);
        const row = {
          public_id: p.public_id,
          payee: payablePayee(m, p),
          due_date: String(p.due_date ?? ''),
          amount_cents: Number(p.amount ?? 0),
        };
        // paid after the cut-off: owed at it, and scheduled for the day it was paid
        const paidAfter =
          p.state === 'paid' ? (aheadOfPayable.get(p.public_id) ?? laterThan(paidDay(p), m.cutOff)) : null;
        if (paidAfter) return [{ ...row, state: 'scheduled', date: paidAfter }];
        // a refusal that says the bill is paid already (ZK) is not owed: paying it again is money gone (#66)
        if (state === 'rejected' && settledByBank(m, p.public_id, p.last_return?.code)) return [];
        if (state === 'rejected' || WAITING.includes(state)) return [{ ...row, state, date: null }];
        return [];
      }),
    // a payment the ledger dates after the cut-off that no payable explains (a bill entered as paid ahead)
    ...ahead
      .filter((e) => e.type === 'expense' && !(typeof e.payable_id === 'string' && m.byId.has(e.payable_id)))
      .map((e) => ({
        public_id: typeof e.payable_id === 'string' ? e.payable_id : null,
        payee: entryPayee(m, e),
        due_date: String(e.due_at ?? settledOn(e)),
        amount_cents: centsOf(e.amount),
        state: 'scheduled',
        date: settledOn(e),
      })),
  ].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.payee.localeCompare(b.payee));
}

/**
 * Whether the bank's refusal says the bill is settled already (#66), read in the answering bank's table: the
 * bank of the batch whose return refused it, else FEBRABAN's (a refusal of an earlier month, its batch let go).
 */
function settledByBank(m: MonthReading, publicId: string, code: string | undefined): boolean {
  return occurrenceClass(code ?? '', m.answeringBank.get(publicId)) === 'settled-do-not-pay-again';
}

/** What became of a payable the bank rejected in the month, as the cut-off sees it. */
function fateOf(p: Payable | undefined, cutOff: string, settled: boolean): MonthRejection['fate'] {
  if (!p) return { state: 'deleted', on: null };
  if (p.state === 'paid') {
    const on = paidDay(p);
    return on && on > cutOff ? { state: 'scheduled', on } : { state: 'paid', on };
  }
  const state = displayState(p);
  // refused (by this return, or again by a later one): still to correct and send again, unless the bank says it is
  // paid already
  if (state === 'rejected') return { state: settled ? 'settled' : 'rejected', on: null };
  const fates: Record<string, RejectionFate> = {
    pending: 'corrected',
    marked_for_remessa: 'resent',
    in_batch: 'resent',
    scheduled: 'scheduled',
  };
  return {
    state: fates[state] ?? 'resent',
    on: state === 'scheduled' ? String(p.due_date ?? '') || null : null,
  };
}

/** The month's rejections, each with its payable's fate. */
function rejectedRows(m: MonthReading, returned: readonly ReturnedItem[]): MonthRejection[] {
  return returned
    .map(({ batchId, item }): MonthRejection => {
      const p = m.byId.get(item.public_id);
      const settled = settledByBank(m, item.public_id, item.last_return?.code);
      return {
        public_id: item.public_id,
        batch_id: batchId,
        payee: p ? payablePayee(m, p) : String(item.payee_name ?? ''),
        due_date: String(p?.due_date ?? ''),
        amount_cents: Number(item.amount ?? p?.amount ?? 0),
        code: item.last_return?.code ?? '',
        reason: item.last_return?.message ?? '',
        at: String(item.last_return?.at ?? ''),
        still_rejected:
          p !== undefined && displayState(p) === 'rejected' && p.last_return?.at === item.last_return?.at,
        settled_by_bank: settled,
        bank_code: m.answeringBank.get(item.public_id) ?? null,
        fate: fateOf(p, m.cutOff, settled),
      };
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.public_id.localeCompare(b.public_id));
}

/** A bank account's month: its balance day by day to the cut-off, and how far its statements go. */
function balanceRow(
  m: MonthReading,
  a: BankAccount,
  settled: readonly AccountEntry[],
  unmatched: readonly RuleLine[],
  imports: readonly StatementRecord[],
) {
  const moves: Move[] = [
    ...settled
      .filter((e) => e.bank_account_id === a.id)
      .map((e) => ({ date: settledOn(e) as string, signedCents: signed(e) })),
    ...unmatched
      .filter((u) => u.bankAccountId === a.id)
      .map((u) => ({ date: u.date, signedCents: u.amountCents })),
  ];
  const row = accountMonth(m.month, m.cutOff, a, moves);
  const through = imports
    .filter((i) => Number(i.bank_account_id) === a.id && i.period?.end && i.period.end >= m.first)
    .map((i) => String(i.period?.end))
    .sort()
    .at(-1);
  return {
    bank_account_id: row.bank_account_id,
    name: row.name,
    start_cents: row.startCents,
    in_cents: row.inCents,
    out_cents: row.outCents,
    end_cents: row.endCents,
    days: row.days.map((d) => ({ date: d.date, end_cents: d.endCents })),
    statement_through: through === undefined ? null : through > m.cutOff ? m.cutOff : through,
    balance_known: a.current_balance !== undefined && a.current_balance !== null,
  };
}

/** Each payment of the month, for the annex: whom, which document, which account, by which forma and batch. */
function paymentRows(m: MonthReading, paid: readonly AccountEntry[], payables: readonly Payable[]) {
  const paidPayables = new Map(payables.filter((p) => p.state === 'paid').map((p) => [p.public_id, p]));
  return paid
    .map((e) => {
      const payable = typeof e.payable_id === 'string' ? paidPayables.get(e.payable_id) : undefined;
      const supplierId = typeof e.supplier_id === 'number' ? e.supplier_id : payable?.supplier_id;
      return {
        date: settledOn(e) as string,
        payee: entryPayee(m, e),
        document: (typeof supplierId === 'number' ? m.supplierDocument.get(supplierId) : undefined) ?? null,
        description: String(e.description ?? ''),
        chart_account: chartOf(m, e),
        forma: payable?.forma_pagamento
          ? String(payable.forma_pagamento)
          : e.payment_method
            ? String(e.payment_method)
            : null,
        amount_cents: centsOf(e.amount),
        bank_account_id: typeof e.bank_account_id === 'number' ? e.bank_account_id : null,
        batch_id: payable?.batch_id ? String(payable.batch_id) : null,
        payable_id: typeof e.payable_id === 'string' ? e.payable_id : null,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.payee.localeCompare(b.payee));
}

const laterThan = (day: string | null, cutOff: string) => (day !== null && day > cutOff ? day : null);

interface BatchItem {
  public_id: string;
  outcome?: string | null;
  amount?: number;
  payee_name?: string | null;
  last_return?: { code?: string; message?: string; at?: string } | null;
}

/**
 * The rejections in the returns imported in the month, read from the batches' return history: each batch item
 * keeps the bank's word on it in that batch, so a payable rejected and later paid by another batch still counts.
 */
/** A refusal in one of the month's returns: the batch, its paying account (whose bank answered) and the item. */
interface ReturnedItem {
  batchId: string;
  bankAccountId: number | undefined;
  item: BatchItem;
}

async function rejectionsInMonth(client: Client, month: string): Promise<ReturnedItem[]> {
  const inMonth = (at: string | undefined) =>
    typeof at === 'string' && todayIn(new Date(at)).startsWith(month);
  const batches = [...(await client.batches.list({ all: true }))].filter((b) =>
    (b.returns ?? []).some((r) => inMonth(r.imported_at as string | undefined) && Number(r.rejected) > 0),
  );
  const details = await Promise.all(batches.map((b) => client.batches.get(b.public_id)));
  return details.flatMap((b) =>
    ((b.payables ?? []) as unknown as BatchItem[])
      .filter((i) => i.outcome === 'rejected' && inMonth(i.last_return?.at))
      .map((item) => ({
        batchId: b.public_id,
        bankAccountId: typeof b.bank_account_id === 'number' ? b.bank_account_id : undefined,
        item,
      })),
  );
}

const toGroup = (g: { name: string; count: number; totalCents: number }): Group => ({
  name: g.name,
  count: g.count,
  total_cents: g.totalCents,
});
