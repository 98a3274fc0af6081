import {
  chartAccounts,
  entriesPage,
  ledgerMonth,
  ledgerMonths,
  recordEntries,
  recordEntry,
  recordTransfer,
  recordTransfers,
} from '../../app/ledger.js';
import { monthBr, monthCell, monthName } from '../../app/month-words.js';
import type { AccountEntry, AccountTransfer } from '../../client/index.js';
import { addMonthsClamped, formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import {
  CHART_ACCOUNT_STATES,
  ENTRY_TYPES,
  type MonthSummary,
  monthsBetween,
  summaryJson,
} from '../../domain/ledger.js';
import { centsOf, centsToDecimal, formatReais } from '../../domain/money.js';
import type { AccountTransferCreate } from '../../domain/request-bodies.js';
import { drawBars } from '../bars.js';
import { bodiesFromFile, createFromFile, refuseFlagsWithFile, validated } from '../bodies.js';
import { ENTRY_FIELDS, type FlagsOf, TRANSFER_FIELDS } from '../body-fields.js';
import type { Deps } from '../context.js';
import { bodyFromFlags, flagOf } from '../fields.js';
import { dateFlag, enumFlag, intFlag, monthFlag } from '../flags.js';
import { paint, writeLine } from '../io.js';
import { type PagingFlags, showList } from '../lists.js';
import { asWritten, type Column, printJson, printList, printRecord, writeDone } from '../output.js';
import { resolveChartAccountId, withNamedIds } from '../resolve.js';

/**
 * The ledger: the chart of accounts (plano de contas), the entries recorded against it (revenue and expense, in
 * the financial period covering their paid_at), transfers between bank accounts, and a month's summary.
 * Amounts are decimal reais on the wire; sums here are integer cents.
 */

type Row = Record<string, unknown>;

export async function chart(deps: Deps, opts: { type?: string; state?: string }): Promise<number> {
  const filters = {
    ...(opts.type ? { type: enumFlag('--type', opts.type, ENTRY_TYPES) } : {}),
    ...(opts.state ? { state: enumFlag('--state', opts.state, CHART_ACCOUNT_STATES) } : {}),
  };
  const rows = (await deps.app(chartAccounts, filters)) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: { en: 'CODE', pt: 'CÓDIGO' }, value: (r) => r.code },
    { header: { en: 'NAME', pt: 'NOME' }, value: (r) => r.name },
    { header: { en: 'TYPE', pt: 'TIPO' }, value: (r) => r.type, words: true },
    { header: { en: 'STATE', pt: 'ESTADO' }, value: (r) => r.state, words: true },
  ]);
  return 0;
}

export interface EntriesOptions extends PagingFlags {
  from?: string;
  to?: string;
  chartAccount?: string;
  bankAccount?: string;
  type?: string;
}

export async function entries(deps: Deps, opts: EntriesOptions): Promise<number> {
  const today = deps.today();
  const filters = {
    ...(opts.from ? { from: dateFlag('--from', opts.from, today) } : {}),
    ...(opts.to ? { to: dateFlag('--to', opts.to, today) } : {}),
    ...(opts.chartAccount
      ? { chart_of_accounts_id: await resolveChartAccountId(deps, '--chart-account', opts.chartAccount) }
      : {}),
    ...(opts.bankAccount ? { bank_account_id: intFlag('--bank-account', opts.bankAccount) } : {}),
    ...(opts.type ? { type: enumFlag('--type', opts.type, ENTRY_TYPES) } : {}),
  };
  // a person reads the ledger from today back (#53); a script gets it in the order it happened
  const newestFirst = deps.format === 'table' && Boolean(deps.io.stdout.isTTY) && !deps.collect;
  await showList(deps, opts, ENTRY_COLUMNS, (o) =>
    deps.app(entriesPage, filters, newestFirst ? { ...o, fromEnd: true } : o),
  );
  return 0;
}

const ENTRY_COLUMNS: Column<AccountEntry>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: { en: 'PAID', pt: 'PAGO EM' }, value: (r) => r.paid_at, kind: 'date' },
  { header: { en: 'TYPE', pt: 'TIPO' }, value: (r) => r.type, words: true },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (r) => r.amount, kind: 'reais' },
  { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (r) => r.chart_of_accounts_id },
  { header: { en: 'BANK', pt: 'BANCO' }, value: (r) => r.bank_account_id },
  { header: { en: 'SOURCE', pt: 'ORIGEM' }, value: (r) => r.source, words: true },
  { header: { en: 'DESCRIPTION', pt: 'DESCRIÇÃO' }, value: (r) => r.description, drop: 1 },
];

export type EntryFlags = FlagsOf<typeof ENTRY_FIELDS> & { fromFile?: string };

export const entryBodyFromFlags = (f: EntryFlags, today: string) => bodyFromFlags(ENTRY_FIELDS, f, today);

function printEntry(deps: Deps, e: AccountEntry): void {
  if (deps.format === 'json') printJson(deps, e);
  else if (deps.format === 'table') {
    const amount = formatReais(centsOf(e.amount));
    const kind = e.type === 'expense' ? 'despesa' : 'receita';
    const period = { en: e.period ?? '—', pt: e.period ? monthBr(e.period) : '—' };
    writeDone(deps, {
      en: `${e.type} entry ${e.id}: ${amount} on ${e.paid_at} (period ${period.en})`,
      pt: `lançamento de ${kind} ${e.id}: ${amount} em ${formatDateBr(e.paid_at)} (período ${period.pt})`,
    });
  } else writeLine(deps.io.stdout, String(e.id));
}

/** A manual entry; its paid_at must fall in an open financial period (else 422 period_closed, exit 2). */
export async function createEntries(deps: Deps, flags: EntryFlags): Promise<number> {
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags });
    const { bodies, single } = await bodiesFromFile(flags.fromFile, 'AccountEntryCreate', 'entries');
    if (single) {
      printEntry(deps, await deps.app(recordEntry, bodies[0]!));
      return 0;
    }
    return createFromFile(
      deps,
      flags.fromFile,
      bodies,
      (items, opts) => deps.app(recordEntries, items, opts),
      (e) => String(e.id),
    );
  }
  const body = entryBodyFromFlags(await withNamedIds(deps, flags), deps.today());
  const payload = await validated('AccountEntryCreate', body, flagOf(ENTRY_FIELDS));
  printEntry(deps, await deps.app(recordEntry, payload));
  return 0;
}

export type TransferFlags = FlagsOf<typeof TRANSFER_FIELDS> & { fromFile?: string };

function refuseSameAccount(body: AccountTransferCreate, where: string): void {
  if (body.source_bank_account_id === body.destination_bank_account_id) {
    throw new UsageError({
      en: `${where}: the destination is the source account (${body.source_bank_account_id}); a transfer moves money between two accounts`,
      pt: `${where}: o destino é a própria conta de origem (${body.source_bank_account_id}); uma transferência move dinheiro entre duas contas`,
    });
  }
}

function printTransfer(deps: Deps, t: AccountTransfer): void {
  if (deps.format === 'json') printJson(deps, t);
  else if (deps.format === 'table') {
    writeDone(deps, {
      en: `transfer ${t.transfer_id}: ${formatReais(centsOf(t.outgoing?.amount))} from account ${t.outgoing?.bank_account_id} to ${t.incoming?.bank_account_id} (entries ${t.outgoing?.id} out, ${t.incoming?.id} in)`,
      pt: `transferência ${t.transfer_id}: ${formatReais(centsOf(t.outgoing?.amount))} da conta ${t.outgoing?.bank_account_id} para a ${t.incoming?.bank_account_id} (lançamentos ${t.outgoing?.id} de saída, ${t.incoming?.id} de entrada)`,
    });
  } else writeLine(deps.io.stdout, String(t.transfer_id));
}

/** A transfer between two bank accounts: one outgoing (expense) and one incoming (revenue) entry. */
export async function ledgerTransfer(deps: Deps, flags: TransferFlags): Promise<number> {
  if (flags.fromFile) {
    refuseFlagsWithFile({ ...flags });
    const path = flags.fromFile;
    const { bodies, single } = await bodiesFromFile(path, 'AccountTransferCreate', 'transfers');
    for (const [i, b] of bodies.entries()) refuseSameAccount(b, single ? path : `${path}[${i}]`);
    if (single) {
      printTransfer(deps, await deps.app(recordTransfer, bodies[0]!));
      return 0;
    }
    return createFromFile(
      deps,
      path,
      bodies,
      (items, opts) => deps.app(recordTransfers, items, opts),
      (t) => String(t.transfer_id),
    );
  }
  const body = bodyFromFlags(TRANSFER_FIELDS, await withNamedIds(deps, flags), deps.today());
  const payload = await validated('AccountTransferCreate', body, flagOf(TRANSFER_FIELDS));
  refuseSameAccount(payload, '--to');
  printTransfer(deps, await deps.app(recordTransfer, payload));
  return 0;
}

const MAX_RANGE_MONTHS = 60;

/**
 * The ledger over several months: revenue, expense and net per month; on a terminal, bars to look at beside the
 * numbers. `--json` and `-o csv` carry the numbers.
 */
async function summaryRange(
  deps: Deps,
  fromText: string | undefined,
  toText: string | undefined,
  last: string | undefined,
) {
  const thisMonth = deps.today().slice(0, 7);
  const to = toText ? monthFlag('--to', toText) : thisMonth;
  if (last !== undefined && fromText)
    throw new UsageError({ en: '--from or --last: give one', pt: '--from ou --last: dê um só' });
  const from = fromText
    ? monthFlag('--from', fromText)
    : last !== undefined
      ? addMonthsClamped(`${to}-01`, -(intFlag('--last', last, 1, MAX_RANGE_MONTHS) - 1)).slice(0, 7)
      : to;
  if (from > to)
    throw new UsageError({
      en: `--from ${from} is after --to ${to}`,
      pt: `--from ${monthBr(from)} é depois de --to ${monthBr(to)}`,
    });
  const months = monthsBetween(from, to);
  if (months.length > MAX_RANGE_MONTHS)
    throw new UsageError({
      en: `--from/--to: ${months.length} months; at most ${MAX_RANGE_MONTHS} at a time`,
      pt: `--from/--to: ${months.length} meses; no máximo ${MAX_RANGE_MONTHS} de cada vez`,
    });
  const totals = await deps.app(ledgerMonths, from, to);
  const rows = totals.map((t) => ({
    month: t.month,
    revenue: centsToDecimal(t.revenueCents),
    expense: centsToDecimal(t.expenseCents),
    net: centsToDecimal(t.revenueCents - t.expenseCents),
  }));
  // one condominium of a firm's (--all-profiles): its months are rows of the firm's table
  if (deps.collect) {
    await printList(deps, rows, [
      { header: { en: 'MONTH', pt: 'MÊS' }, value: (m) => monthCell(m.month) },
      // in cents, so the firm's TOTAL row adds them exactly
      {
        header: { en: 'REVENUE', pt: 'RECEITA' },
        value: (m) => centsOf(m.revenue),
        kind: 'cents',
        sum: true,
      },
      {
        header: { en: 'EXPENSE', pt: 'DESPESA' },
        value: (m) => centsOf(m.expense),
        kind: 'cents',
        sum: true,
      },
      { header: { en: 'NET', pt: 'RESULTADO' }, value: (m) => centsOf(m.net), kind: 'cents', sum: true },
    ]);
    return 0;
  }
  if (deps.format === 'json') {
    printJson(deps, { from, to, months: rows });
    return 0;
  }
  if (deps.format === 'table')
    writeLine(
      deps.io.stdout,
      paint(
        deps.io,
        'bold',
        deps.t({ en: `Ledger ${from} to ${to}`, pt: `Razão de ${monthBr(from)} a ${monthBr(to)}` }),
      ),
    );
  await printList(deps, totals, [
    // a month as its reader writes it: 11/2026 on a Portuguese screen, ISO for a script (#53)
    { header: { en: 'MONTH', pt: 'MÊS' }, value: (t) => monthCell(t.month) },
    { header: { en: 'REVENUE', pt: 'RECEITA' }, value: (t) => t.revenueCents, kind: 'cents' },
    { header: { en: 'EXPENSE', pt: 'DESPESA' }, value: (t) => t.expenseCents, kind: 'cents' },
    { header: { en: 'NET', pt: 'RESULTADO' }, value: (t) => t.revenueCents - t.expenseCents, kind: 'cents' },
  ]);
  if (deps.format === 'table' && deps.io.stdout.isTTY) {
    writeLine(deps.io.stdout);
    drawBars(
      deps.io,
      totals.map((t) => ({
        label: deps.t(monthCell(t.month) ?? t.month),
        values: [t.revenueCents, t.expenseCents],
      })),
      [
        { name: deps.t({ en: 'revenue', pt: 'receita' }), glyph: '█', style: 'green' },
        { name: deps.t({ en: 'expense', pt: 'despesa' }), glyph: '▒', style: 'red' },
      ],
    );
  }
  return 0;
}

/**
 * A month of the ledger: revenue and expense per chart account, totals, net, and each bank account's in/out; or,
 * with --from/--to, the months of a range side by side.
 */
export async function summary(
  deps: Deps,
  opts: { month?: string; from?: string; to?: string; last?: string },
): Promise<number> {
  if (opts.month && (opts.from || opts.to || opts.last))
    throw new UsageError({
      en: '--month, or a range (--from, --to, --last): give one',
      pt: '--month, ou um período (--from, --to, --last): dê um só',
    });
  if (opts.from || opts.to || opts.last) return summaryRange(deps, opts.from, opts.to, opts.last);
  if (!opts.month)
    throw new UsageError({
      en: '--month is required (YYYY-MM), or --from/--last and --to for a range',
      pt: '--month é obrigatório (AAAA-MM), ou --from/--last e --to para um intervalo',
    });
  const month = monthFlag('--month', opts.month);
  // over a firm's condominiums, a month is one row each: the month's totals side by side
  if (deps.collect) return summaryRange(deps, month, month, undefined);
  const s = await deps.app(ledgerMonth, month);
  if (deps.format === 'json') {
    printJson(deps, summaryJson(s));
    return 0;
  }
  const accountRows = [
    ...s.revenue.map((a) => ({ type: 'revenue', ...a })),
    ...s.expense.map((a) => ({ type: 'expense', ...a })),
  ];
  if (deps.format === 'table')
    writeLine(
      deps.io.stdout,
      paint(deps.io, 'bold', deps.t({ en: `Ledger ${month}`, pt: `Razão de ${monthName(month)}` })),
    );
  await printList(deps, accountRows, [
    { header: { en: 'TYPE', pt: 'TIPO' }, value: (r) => r.type, words: true },
    { header: { en: 'CODE', pt: 'CÓDIGO' }, value: (r) => r.code },
    { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (r) => r.name ?? `#${r.chart_of_accounts_id}` },
    { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
  ]);
  writeLine(deps.io.stdout);
  const totals: Column<MonthSummary>[] = [
    {
      header:
        deps.format === 'table' ? { en: 'Total revenue', pt: 'Receita total' } : asWritten('total_revenue'),
      value: (r) => r.totalRevenueCents,
      kind: 'cents',
    },
    {
      header:
        deps.format === 'table' ? { en: 'Total expense', pt: 'Despesa total' } : asWritten('total_expense'),
      value: (r) => r.totalExpenseCents,
      kind: 'cents',
    },
    {
      header: deps.format === 'table' ? { en: 'Net', pt: 'Resultado' } : asWritten('net'),
      value: (r) => r.totalRevenueCents - r.totalExpenseCents,
      kind: 'cents',
    },
  ];
  printRecord(deps, s, totals);
  writeLine(deps.io.stdout);
  await printList(deps, s.byBankAccount, [
    { header: { en: 'BANK ACCOUNT', pt: 'CONTA BANCÁRIA' }, value: (b) => b.bank_account_id ?? '' },
    {
      header: { en: 'NAME', pt: 'NOME' },
      value: (b) => b.name ?? (b.bank_account_id === null ? '(no bank account)' : ''),
    },
    { header: { en: 'IN', pt: 'ENTRADAS' }, value: (b) => b.inCents, kind: 'cents' },
    { header: { en: 'OUT', pt: 'SAÍDAS' }, value: (b) => b.outCents, kind: 'cents' },
    { header: { en: 'NET', pt: 'RESULTADO' }, value: (b) => b.inCents - b.outCents, kind: 'cents' },
  ]);
  return 0;
}
