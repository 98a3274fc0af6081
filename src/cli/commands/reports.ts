import type { AccountEntry, Client, DefaulterRow, MonetaryIndex, Payable } from '../../client/index.js';
import { addMonthsClamped, lastDayOf, todayIn } from '../../domain/dates.js';
import { monthlyTotals } from '../../domain/ledger.js';
import { centsOf, centsToDecimal, formatReais } from '../../domain/money.js';
import {
  dailyBalances,
  type Group,
  groupTotals,
  type MonthRejection,
  type MonthReport,
  monthBalances,
  NO_PAYEE,
  PAID_GROUPS,
  type Rejected,
} from '../../domain/month-report.js';
import { displayState } from '../../domain/payables.js';
import { explainReturnCode, returnCode } from '../../formats/cnab240/explain.js';
import type { Deps } from '../context.js';
import { dateFlag, enumFlag, intFlag, monthFlag, reaisFlag } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { type Column, printJson, printList } from '../output.js';

/** Delinquency (inadimplência) per unit, and the monetary indexes overdue amounts are corrected by. */

export interface DefaultersOptions {
  asOf?: string;
  minDays?: string;
  minAmount?: string;
}

/** A count of invoices, or the list of them on a server that sends one. */
const invoiceCount = (r: DefaulterRow): number =>
  Array.isArray(r.invoices) ? r.invoices.length : typeof r.invoices === 'number' ? r.invoices : 0;

export async function listDefaulters(deps: Deps, opts: DefaultersOptions): Promise<number> {
  const filters = {
    ...(opts.asOf ? { as_of: dateFlag('--as-of', opts.asOf, deps.today()) } : {}),
    ...(opts.minDays !== undefined ? { min_overdue_days: intFlag('--min-days', opts.minDays, 0) } : {}),
    ...(opts.minAmount !== undefined
      ? { min_amount: centsToDecimal(reaisFlag('--min-amount', opts.minAmount)) }
      : {}),
  };
  const client = await deps.client();
  const rows = [...(await client.defaulters.list(filters))];
  await printList(deps, rows, [
    { header: 'UNIT', value: (r) => r.unit_label ?? r.unit_id },
    { header: 'BLOCK', value: (r) => r.block },
    { header: 'INVOICES', value: invoiceCount },
    { header: 'OUTSTANDING', value: (r) => r.total_outstanding, kind: 'reais' },
    { header: 'OLDEST DUE', value: (r) => r.oldest_due_date, kind: 'date' },
    { header: 'DAYS OVERDUE', value: (r) => r.days_overdue },
  ]);
  if (deps.format === 'json') return 0;
  const invoices = rows.reduce((n, r) => n + invoiceCount(r), 0);
  const outstanding = rows.reduce((sum, r) => sum + centsOf(r.total_outstanding), 0);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const line = deps.t(
    `${count(rows.length, 'unit')}, ${count(invoices, 'invoice')}, ${formatReais(outstanding)} outstanding`,
  );
  // A table ends with its totals line; a tsv/csv on stdout stays one table, so its totals go to stderr.
  if (deps.format === 'table') writeLine(deps.io.stdout, line);
  else deps.info(line);
  return 0;
}

export async function listIndexes(deps: Deps): Promise<number> {
  const client = await deps.client();
  const rows = [...(await client.monetaryIndexes.list())];
  await printList<MonetaryIndex>(deps, rows, [
    { header: 'CODE', value: (r) => r.code },
    { header: 'NAME', value: (r) => r.name },
    { header: 'SOURCE', value: (r) => r.source, words: true },
    { header: 'PERIODICITY', value: (r) => r.periodicity },
  ]);
  return 0;
}

export interface PaidOptions {
  month?: string;
  by?: string;
}

interface PaidRow {
  key: string;
  name: string;
  payments: number;
  totalCents: number;
}

/** Whom an entry paid: its supplier's name, else the payee it names, else NO_PAYEE. */
function payeeOfEntry(e: AccountEntry, supplierName: ReadonlyMap<number, string>): string {
  return (
    (typeof e.supplier_id === 'number' ? supplierName.get(e.supplier_id) : undefined) ??
    (e.payee ? String(e.payee) : NO_PAYEE)
  );
}

/** The report's name for an entry with no payee (the JSON keeps it), said in the reader's language. */
const shownPayee = (name: string) => (name === NO_PAYEE ? { en: NO_PAYEE, pt: '(sem favorecido)' } : name);

/**
 * What was paid in a month: the month's expense entries (payables the bank paid, bills entered by hand), each
 * one, or summed by supplier or by chart account, with the total. Names come from the suppliers and the chart.
 */
export async function reportPaid(deps: Deps, opts: PaidOptions): Promise<number> {
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const by = opts.by === undefined ? undefined : enumFlag('--by', opts.by, PAID_GROUPS);
  const client = await deps.client();
  const [entries, suppliers, chart] = await Promise.all([
    client.accountEntries.list({ from: `${month}-01`, to: lastDayOf(month), type: 'expense' }, { all: true }),
    client.suppliers.list().catch(() => []),
    client.chartOfAccounts.list(),
  ]);
  const supplierName = new Map<number, string>([...suppliers].map((x) => [x.id, String(x.name ?? '')]));
  const chartName = new Map([...chart].map((a) => [a.id, `${a.code ?? ''} ${a.name ?? ''}`.trim()]));
  const paid = [...entries].filter(
    (e) => e.type === 'expense' && typeof e.paid_at === 'string' && e.paid_at.startsWith(month),
  );
  const payee = (e: (typeof paid)[number]) => payeeOfEntry(e, supplierName);
  const totalCents = paid.reduce((n, e) => n + centsOf(e.amount), 0);
  const totalLine = `${paid.length} payments in ${month}, ${formatReais(totalCents)}`;
  if (by === undefined) {
    if (deps.format === 'json') {
      printJson(deps, { month, total_cents: totalCents, payments: paid });
      return 0;
    }
    await printList(deps, paid, [
      { header: 'PAID', value: (e) => e.paid_at, kind: 'date' },
      { header: 'PAYEE', value: (e) => shownPayee(payee(e)) },
      {
        header: 'CHART ACCOUNT',
        value: (e) => chartName.get(e.chart_of_accounts_id) ?? e.chart_of_accounts_id,
      },
      { header: 'METHOD', value: (e) => e.payment_method, words: true },
      { header: 'AMOUNT', value: (e) => e.amount, kind: 'reais' },
      { header: 'DESCRIPTION', value: (e) => e.description, optional: true },
    ]);
  } else {
    const groups = new Map<string, PaidRow>();
    for (const e of paid) {
      const key =
        by === 'supplier'
          ? e.supplier_id
            ? `supplier ${e.supplier_id}`
            : `payee ${e.payee ?? ''}`
          : String(e.chart_of_accounts_id);
      const name = by === 'supplier' ? payee(e) : (chartName.get(e.chart_of_accounts_id) ?? key);
      const row = groups.get(key) ?? { key, name, payments: 0, totalCents: 0 };
      row.payments++;
      row.totalCents += centsOf(e.amount);
      groups.set(key, row);
    }
    const rows = [...groups.values()].sort((a, b) => b.totalCents - a.totalCents);
    if (deps.format === 'json') {
      printJson(deps, {
        month,
        by,
        total_cents: totalCents,
        groups: rows.map((r) => ({ name: r.name, payments: r.payments, total_cents: r.totalCents })),
      });
      return 0;
    }
    await printList(deps, rows, [
      { header: by === 'supplier' ? 'SUPPLIER' : 'CHART ACCOUNT', value: (r) => shownPayee(r.name) },
      { header: 'PAYMENTS', value: (r) => r.payments },
      { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
      { header: 'SHARE', value: (r) => `${totalCents ? Math.round((r.totalCents / totalCents) * 100) : 0}%` },
    ]);
  }
  // A table ends with its totals line; a tsv/csv on stdout stays one table, so its totals go to stderr.
  if (deps.format === 'table') writeLine(deps.io.stdout, deps.t(totalLine));
  else deps.info(totalLine);
  return 0;
}

const OPEN_STATES = ['pending', 'marked_for_remessa', 'in_batch'];

/**
 * The rejections in the returns imported in the month, read from the batches' return history: each batch item
 * keeps the bank's word on it in that batch, so a payable rejected and later paid by another batch still counts.
 */
async function rejectionsInMonth(
  client: Awaited<ReturnType<Deps['client']>>,
  month: string,
): Promise<{ batchId: string; item: BatchItem }[]> {
  const inMonth = (at: string | undefined) =>
    typeof at === 'string' && todayIn(new Date(at)).startsWith(month);
  const batches = [...(await client.batches.list({ all: true }))].filter((b) =>
    (b.returns ?? []).some((r) => inMonth(r.imported_at as string | undefined) && Number(r.rejected) > 0),
  );
  const details = await Promise.all(batches.map((b) => client.batches.get(b.public_id)));
  return details.flatMap((b) =>
    ((b.payables ?? []) as unknown as BatchItem[])
      .filter((i) => i.outcome === 'rejected' && inMonth(i.last_return?.at))
      .map((item) => ({ batchId: b.public_id, item })),
  );
}
interface BatchItem {
  public_id: string;
  outcome?: string | null;
  amount?: number;
  payee_name?: string | null;
  last_return?: { code?: string; message?: string; at?: string } | null;
}

/** Reads what the month report needs from one condominium and sums it. */
async function monthReport(deps: Deps, month: string): Promise<MonthReport> {
  const client = await deps.client();
  const last = lastDayOf(month);
  const today = deps.today();
  // the payables due by the month's end and those pending now (the still rejected), not every payable ever made
  const [entries, suppliers, chart, accounts, dueByEnd, pendingNow, defaulters, returned, creds] =
    await Promise.all([
      // twelve months back: the 12-month chart; the month's own sums filter these
      client.accountEntries.list({ from: addMonthsClamped(`${month}-01`, -11) }, { all: true }),
      client.suppliers.list().catch(() => []),
      client.chartOfAccounts.list(),
      client.bankAccounts.list(),
      client.payables.list({ due_to: last }, { all: true }),
      client.payables.list({ state: 'pending' }, { all: true }),
      client.defaulters.list({ as_of: last < today ? last : today }, { all: true }),
      rejectionsInMonth(client, month),
      deps.credentials(),
    ]);
  const supplierName = new Map<number, string>([...suppliers].map((x) => [x.id, String(x.name ?? '')]));
  const supplierDocument = new Map<number, string>(
    [...suppliers].flatMap((x) => (x.document ? [[x.id, String(x.document)] as [number, string]] : [])),
  );
  const [condominium, paidPayablesList, unmatched, administradora] = await Promise.all([
    client.condominiums.get().catch(() => undefined),
    client.payables.list({ state: 'paid' }, { all: true }),
    unmatchedSince(client, `${month}-01`),
    deps
      .config()
      .then((c) => c.profile(creds.profileName ?? '')?.administradora)
      .catch(() => undefined),
  ]);
  const paidPayables = new Map([...paidPayablesList].map((p) => [p.public_id, p]));
  const movesOf = (accountId: number) => [
    ...[...entries]
      .filter((e) => e.bank_account_id === accountId && typeof e.paid_at === 'string')
      .map((e) => ({
        date: String(e.paid_at),
        signedCents: e.type === 'revenue' ? centsOf(e.amount) : -centsOf(e.amount),
      })),
    ...unmatched
      .filter((m) => m.bank_account_id === accountId)
      .map((m) => ({ date: m.date, signedCents: m.amount_cents })),
  ];
  const chartName = new Map([...chart].map((a) => [a.id, `${a.code ?? ''} ${a.name ?? ''}`.trim()]));
  const inMonth = [...entries].filter((e) => typeof e.paid_at === 'string' && e.paid_at.startsWith(month));
  const paid = inMonth.filter((e) => e.type === 'expense');
  const revenue = inMonth.filter((e) => e.type === 'revenue');
  const entryPayee = (e: (typeof paid)[number]) => payeeOfEntry(e, supplierName);
  const byChart = (list: typeof paid) =>
    groupTotals(
      list,
      (e) => String(e.chart_of_accounts_id),
      (e) => chartName.get(e.chart_of_accounts_id) ?? `#${e.chart_of_accounts_id}`,
      (e) => centsOf(e.amount),
    ).map(toGroup);
  const payablePayee = (p: Payable) =>
    (typeof p.supplier_id === 'number' ? supplierName.get(p.supplier_id) : undefined) ??
    String(p.payee_name ?? '');
  const byId = new Map([...dueByEnd, ...pendingNow].map((p) => [p.public_id, p]));
  // a payable rejected this month, due later and paid since, is in neither list: asked for by its id
  const missing = [...new Set(returned.map((r) => r.item.public_id))].filter((id) => !byId.has(id));
  for (const p of await Promise.all(missing.map((id) => client.payables.get(id)))) byId.set(p.public_id, p);
  const payables = [...byId.values()];
  const stillRejected = [...payables].filter((p) => displayState(p) === 'rejected');
  const open = [...payables].filter(
    (p) => OPEN_STATES.includes(String(p.state)) && String(p.due_date ?? '') <= last,
  );
  const pending = open.filter((p) => displayState(p) !== 'rejected');
  const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);
  const owing = [...defaulters];
  const rejectionOf = (p: Payable) => ({
    public_id: p.public_id,
    payee: payablePayee(p),
    due_date: String(p.due_date ?? ''),
    amount_cents: Number(p.amount ?? 0),
    code: p.last_return?.code ?? '',
    reason: p.last_return?.message ?? '',
  });
  return {
    month,
    condominium: creds.condominium,
    paid: {
      payments: paid.length,
      total_cents: sum(paid.map((e) => centsOf(e.amount))),
      by_supplier: groupTotals(
        paid,
        (e) => (e.supplier_id ? `supplier ${e.supplier_id}` : `payee ${e.payee ?? ''}`),
        entryPayee,
        (e) => centsOf(e.amount),
      ).map(toGroup),
      by_chart_account: byChart(paid),
    },
    rejected: returned
      .map(({ batchId, item }): MonthRejection => {
        const p = byId.get(item.public_id);
        const still =
          p !== undefined && displayState(p) === 'rejected' && p.last_return?.at === item.last_return?.at;
        return {
          public_id: item.public_id,
          batch_id: batchId,
          payee: p ? payablePayee(p) : String(item.payee_name ?? ''),
          due_date: String(p?.due_date ?? ''),
          amount_cents: Number(item.amount ?? p?.amount ?? 0),
          code: item.last_return?.code ?? '',
          reason: item.last_return?.message ?? '',
          at: String(item.last_return?.at ?? ''),
          still_rejected: still,
        };
      })
      .sort((a, b) => a.at.localeCompare(b.at) || a.public_id.localeCompare(b.public_id)),
    still_rejected: stillRejected.map(rejectionOf),
    pending: pending.map((p) => ({
      public_id: p.public_id,
      payee: payablePayee(p),
      due_date: String(p.due_date ?? ''),
      amount_cents: Number(p.amount ?? 0),
      state: String(p.state),
    })),
    revenue: {
      entries: revenue.length,
      total_cents: sum(revenue.map((e) => centsOf(e.amount))),
      by_chart_account: byChart(revenue),
    },
    defaulters: {
      units: owing.length,
      outstanding_cents: sum(owing.map((r) => centsOf(r.total_outstanding))),
      rows: owing.map((r) => ({
        unit: String(r.unit_label ?? r.unit_id),
        invoices: invoiceCount(r),
        outstanding_cents: centsOf(r.total_outstanding),
        days_overdue: Number(r.days_overdue ?? 0),
      })),
    },
    balances: monthBalances(month, [...accounts], [...entries], unmatched).map((b) => ({
      bank_account_id: b.bank_account_id,
      name: b.name,
      start_cents: b.startCents,
      in_cents: b.inCents,
      out_cents: b.outCents,
      end_cents: b.endCents,
      // #36: each day's closing balance, for the chart of the balance over the month
      days: dailyBalances(month, last < today ? last : today, b.endCents, movesOf(b.bank_account_id)).map(
        (d) => ({
          date: d.date,
          end_cents: d.endCents,
        }),
      ),
    })),
    // #36: what the document prints besides the sums
    cover: {
      name: String(condominium?.name ?? creds.condominium),
      document: condominium?.document ? String(condominium.document) : null,
      month,
      administradora: administradora ?? null,
      issued_on: today,
    },
    payments: paid
      .map((e) => {
        const payable = typeof e.payable_id === 'string' ? paidPayables.get(e.payable_id) : undefined;
        const supplierId = typeof e.supplier_id === 'number' ? e.supplier_id : payable?.supplier_id;
        return {
          date: String(e.paid_at),
          payee: entryPayee(e),
          document: (typeof supplierId === 'number' ? supplierDocument.get(supplierId) : undefined) ?? null,
          description: String(e.description ?? ''),
          chart_account: chartName.get(e.chart_of_accounts_id) ?? `#${e.chart_of_accounts_id}`,
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
      .sort((a, b) => a.date.localeCompare(b.date) || a.payee.localeCompare(b.payee)),
    // #36: twelve months of revenue and expense, this one the last
    months: monthlyTotals([...entries], addMonthsClamped(`${month}-01`, -11).slice(0, 7), month).map((m) => ({
      month: m.month,
      revenue_cents: m.revenueCents,
      expense_cents: m.expenseCents,
    })),
  };
}

/**
 * The statement movements no entry accounts for, dated on or after `from`, of every account (none on a server that
 * keeps no statement imports).
 */
async function unmatchedSince(
  client: Client,
  from: string,
): Promise<{ bank_account_id: number; amount_cents: number; date: string }[]> {
  const { importsKept, unmatchedMovements } = await import('../movements.js');
  return (await unmatchedMovements(client, await importsKept(client), { from })).map((m) => ({
    bank_account_id: m.bankAccountId as number,
    amount_cents: m.amountCents,
    date: m.date,
  }));
}

const toGroup = (g: { name: string; count: number; totalCents: number }): Group => ({
  name: g.name,
  count: g.count,
  total_cents: g.totalCents,
});

/** One line of the report as the spreadsheet gets it: which section, what, a detail, how many, how much. */
interface FlatRow {
  section: string;
  item: string;
  detail: string;
  count: number | '';
  amount: number;
}

function flatRows(r: MonthReport): FlatRow[] {
  const groups = (section: string, list: Group[]) =>
    list.map((g) => ({ section, item: g.name, detail: '', count: g.count, amount: g.total_cents }));
  const rejections = (section: string, list: MonthReport['still_rejected']) =>
    list.map((p) => ({
      section,
      item: p.payee,
      detail: `${p.code} ${p.reason} (due ${p.due_date})`,
      count: 1 as const,
      amount: p.amount_cents,
    }));
  return [
    ...groups('paid by supplier', r.paid.by_supplier),
    ...groups('paid by chart account', r.paid.by_chart_account),
    ...rejections('rejected', r.rejected),
    ...rejections('still rejected', r.still_rejected),
    ...r.pending.map((p) => ({
      section: 'pending',
      item: p.payee,
      detail: `due ${p.due_date}, ${p.state}`,
      count: 1 as const,
      amount: p.amount_cents,
    })),
    ...groups('revenue', r.revenue.by_chart_account),
    ...r.defaulters.rows.map((d) => ({
      section: 'defaulters',
      item: d.unit,
      detail: `${d.days_overdue} days overdue`,
      count: d.invoices,
      amount: d.outstanding_cents,
    })),
    ...r.balances.flatMap((b) => [
      { section: 'balance at start', item: b.name, detail: '', count: '' as const, amount: b.start_cents },
      { section: 'balance at end', item: b.name, detail: '', count: '' as const, amount: b.end_cents },
    ]),
  ];
}

const FLAT_COLUMNS: Column<FlatRow>[] = [
  { header: 'SECTION', value: (r) => r.section, words: true },
  { header: 'ITEM', value: (r) => r.item },
  { header: 'DETAIL', value: (r) => r.detail, optional: true },
  { header: 'COUNT', value: (r) => r.count },
  { header: 'AMOUNT', value: (r) => r.amount, kind: 'cents' },
];

const sumOf = (values: number[]) => values.reduce((a, v) => a + v, 0);

/** A firm's table: one row per condominium, the month at a glance (the whole report is in --json). */
const FIRM_COLUMNS: Column<MonthReport>[] = [
  { header: 'PAID OUT', value: (r) => r.paid.total_cents, kind: 'cents' },
  { header: 'REJECTIONS', value: (r) => r.rejected.length },
  { header: 'TO PAY', value: (r) => sumOf(r.pending.map((p) => p.amount_cents)), kind: 'cents' },
  { header: 'REVENUE', value: (r) => r.revenue.total_cents, kind: 'cents', optional: true },
  { header: 'OVERDUE', value: (r) => r.defaulters.outstanding_cents, kind: 'cents' },
  {
    header: 'START',
    value: (r) => sumOf(r.balances.map((b) => b.start_cents)),
    kind: 'cents',
    optional: true,
  },
  { header: 'END', value: (r) => sumOf(r.balances.map((b) => b.end_cents)), kind: 'cents', optional: true },
];

/**
 * `condo report month [YYYY-MM]`: on a terminal, a readable page of tables; `--json` the whole report; `-o csv`
 * one flat table (section, item, detail, count, amount) for the council's spreadsheet. Over a firm's profiles,
 * one row per condominium.
 */
/**
 * `--pdf FILE` and `--html FILE`: the month's document (#36). Over a firm's profiles each names a folder, and each
 * condominium's document is AAAA-MM-<slug>.pdf (.html) in it, listed.
 */
async function writeDocuments(
  deps: Deps,
  report: MonthReport,
  opts: { pdf?: string; html?: string; force?: boolean },
): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  const { join, resolve } = await import('node:path');
  const { Readable } = await import('node:stream');
  const { NO_PROGRESS, outputTarget, writeAtomically } = await import('../files.js');
  const written: string[] = [];
  for (const [kind, given] of [
    ['pdf', opts.pdf],
    ['html', opts.html],
  ] as const) {
    if (!given) continue;
    const flag = `--${kind}`;
    if (deps.collect) await mkdir(given, { recursive: true });
    const file = deps.collect ? join(given, `${report.month}-${report.condominium}.${kind}`) : given;
    // a signed month's document is not replaced unseen: refused before it is drawn, as -O is (--force replaces it)
    const target = await outputTarget(resolve(file), '', Boolean(opts.force), flag);
    if (target.stdout) continue; // (a resolved path is never "-")
    // each renderer loaded only when its document is asked for (pdfkit and its fonts for the PDF alone)
    const body =
      kind === 'pdf'
        ? await (await import('../month-document.js')).monthPdf(report)
        : Readable.from([(await import('../month-html.js')).monthHtml(report)]);
    // put in place whole, as every file condo writes (a temporary file beside it, fsynced)
    await writeAtomically(body, target.path, NO_PROGRESS, target.overwrite, undefined, flag);
    written.push(file);
  }
  if (deps.collect) {
    deps.collect(
      written.map((file) => ({ file, name: report.cover.name })),
      DOCUMENT_COLUMNS as Column<never>[],
    );
    return;
  }
  for (const file of written) writeLine(deps.io.stdout, file);
  deps.info(
    {
      en: `the month's document (${report.cover.name}, ${report.month}) is in ${written.join(' and ')}`,
      pt: `o documento do mês (${report.cover.name}, ${report.month}) está em ${written.join(' e ')}`,
    },
    true,
  );
}

/** What a firm's `report month --pdf DIR` lists: each condominium's document. */
const DOCUMENT_COLUMNS: Column<{ file: string; name: string }>[] = [
  { header: 'FILE', value: (d) => d.file, fixed: true },
  { header: 'NAME', value: (d) => d.name, optional: true },
];

export async function reportMonth(
  deps: Deps,
  monthArg: string | undefined,
  opts: { pdf?: string; html?: string; force?: boolean } = {},
): Promise<number> {
  const month = monthFlag('MONTH', monthArg ?? deps.today().slice(0, 7));
  const report = await monthReport(deps, month);
  if (opts.pdf || opts.html) {
    await writeDocuments(deps, report, opts);
    return 0;
  }
  if (deps.collect) {
    await printList(deps, [report], FIRM_COLUMNS);
    return 0;
  }
  if (deps.format === 'json') {
    printJson(deps, report);
    return 0;
  }
  if (deps.format !== 'table') {
    await printList(deps, flatRows(report), FLAT_COLUMNS);
    return 0;
  }
  const heading = (text: string) => writeLine(deps.io.stdout, paint(deps.io, 'bold', `\n${deps.t(text)}`));
  const none = () => writeLine(deps.io.stdout, paint(deps.io, 'dim', deps.t('(none)')));
  const section = async <T>(title: string, rows: readonly T[], columns: Column<T>[]) => {
    heading(title);
    if (rows.length === 0) none();
    else await printList(deps, rows, columns);
  };
  // the condominium as people call it: the cover's name (its slug where the server gave no name)
  writeLine(deps.io.stdout, paint(deps.io, 'bold', `${report.cover.name} · ${month}`));
  const groupColumns = (first: string): Column<Group>[] => [
    { header: first, value: (g) => shownPayee(g.name) },
    { header: 'COUNT', value: (g) => g.count },
    { header: 'TOTAL', value: (g) => g.total_cents, kind: 'cents' },
  ];
  await section(
    `Paid: ${report.paid.payments} payments, ${formatReais(report.paid.total_cents)}`,
    report.paid.by_supplier,
    groupColumns('SUPPLIER'),
  );
  if (report.paid.by_chart_account.length > 0) {
    writeLine(deps.io.stdout);
    await printList(deps, report.paid.by_chart_account, groupColumns('CHART ACCOUNT'));
  }
  const rejectionColumns = <T extends Rejected>(): Column<T>[] => [
    { header: 'PAYABLE', value: (p) => p.public_id },
    { header: 'DUE', value: (p) => p.due_date, kind: 'date' },
    { header: 'PAYEE', value: (p) => p.payee },
    { header: 'AMOUNT', value: (p) => p.amount_cents, kind: 'cents' },
    { header: "BANK'S WORD", value: (p) => `${p.code} ${p.reason}`, wrap: true },
    // what the code asks of the reader (cnab explain): correct and send again, or do not pay again
    {
      header: { en: 'NEXT', pt: 'PRÓXIMO PASSO' },
      value: (p) =>
        // a rejection of the month already corrected and sent again asks nothing more (its advice would pay twice)
        'still_rejected' in p && p.still_rejected === false
          ? { en: 'nothing: it was sent again since', pt: 'nada: já foi enviada de novo' }
          : returnCode(p.code)
            ? explainReturnCode(p.code).next
            : '',
      wrap: true,
    },
  ];
  await section(
    `Rejected by the bank in the month's returns: ${report.rejected.length}`,
    report.rejected,
    rejectionColumns<MonthRejection>(),
  );
  await section(
    `Still rejected (to correct and send again): ${report.still_rejected.length}`,
    report.still_rejected,
    rejectionColumns<Rejected>(),
  );
  await section(
    `Still to pay: ${report.pending.length}, ${formatReais(sumOf(report.pending.map((p) => p.amount_cents)))}`,
    report.pending,
    [
      { header: 'PAYABLE', value: (p) => p.public_id },
      { header: 'DUE', value: (p) => p.due_date, kind: 'date' },
      { header: 'PAYEE', value: (p) => p.payee },
      { header: 'AMOUNT', value: (p) => p.amount_cents, kind: 'cents' },
      { header: 'STATE', value: (p) => p.state, words: true },
    ],
  );
  await section(
    `Revenue received: ${formatReais(report.revenue.total_cents)}`,
    report.revenue.by_chart_account,
    groupColumns('CHART ACCOUNT'),
  );
  await section(
    `Defaulters: ${report.defaulters.units} units, ${formatReais(report.defaulters.outstanding_cents)} overdue`,
    report.defaulters.rows,
    [
      { header: 'UNIT', value: (d) => d.unit },
      { header: 'INVOICES', value: (d) => d.invoices },
      { header: 'OUTSTANDING', value: (d) => d.outstanding_cents, kind: 'cents' },
      { header: 'DAYS OVERDUE', value: (d) => d.days_overdue },
    ],
  );
  await section('Bank balances', report.balances, [
    { header: 'ACCOUNT', value: (b) => b.name },
    { header: 'START', value: (b) => b.start_cents, kind: 'cents' },
    { header: 'IN', value: (b) => b.in_cents, kind: 'cents' },
    { header: 'OUT', value: (b) => b.out_cents, kind: 'cents' },
    { header: 'END', value: (b) => b.end_cents, kind: 'cents' },
  ]);
  return 0;
}
