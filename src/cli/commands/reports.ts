import { invoiceCount, payeeOfEntry, readMonth } from '../../app/month.js';
import type { MonthBudget } from '../../app/month-budget.js';
import { fateWords, monthBr, monthName, pendingWords, shownPayee } from '../../app/month-words.js';
import { defaultersList, paidInMonth } from '../../app/reports.js';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { centsOf, centsToDecimal, formatReais } from '../../domain/money.js';
import {
  balancesCents,
  type Group,
  type MonthReport,
  monthBreaks,
  owedCents,
  PAID_GROUPS,
  type Rejected,
  wholeShares,
} from '../../domain/month-report.js';
import type { Text } from '../../domain/text.js';
import { type Deps, said } from '../context.js';
import { dateFlag, enumFlag, intFlag, monthFlag, reaisFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { printMonthScreen } from '../month-screen.js';
import {
  CHART_ACCOUNT_HEADING,
  type Column,
  printJson,
  printList,
  SUPPLIER_HEADING,
  wrapMessage,
} from '../output.js';
import { administradoraOf, budgetPlaceOf } from '../profile-settings.js';

/** Delinquency (inadimplência) per unit, and the monetary indexes overdue amounts are corrected by. */

export interface DefaultersOptions {
  asOf?: string;
  minDays?: string;
  minAmount?: string;
}

export async function listDefaulters(deps: Deps, opts: DefaultersOptions): Promise<number> {
  const filters = {
    ...(opts.asOf ? { as_of: dateFlag('--as-of', opts.asOf, deps.today()) } : {}),
    ...(opts.minDays !== undefined ? { min_overdue_days: intFlag('--min-days', opts.minDays, 0) } : {}),
    ...(opts.minAmount !== undefined
      ? { min_amount: centsToDecimal(reaisFlag('--min-amount', opts.minAmount)) }
      : {}),
  };
  const listed = await deps.app(defaultersList, filters);
  const rows = [...listed];
  await printList(deps, rows, [
    { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit_label ?? r.unit_id },
    // at 80 columns (a firm's table has a CONDOMINIUM column too) the block goes first: the unit names it
    { header: { en: 'BLOCK', pt: 'BLOCO' }, value: (r) => r.block, drop: 1 },
    { header: { en: 'INVOICES', pt: 'COBRANÇAS' }, value: invoiceCount, drop: 2, sum: true },
    {
      header: { en: 'OUTSTANDING', pt: 'EM ABERTO' },
      value: (r) => centsOf(r.total_outstanding),
      kind: 'cents',
      sum: true,
    },
    {
      header: { en: 'OLDEST DUE', pt: 'VENC. MAIS ANTIGO' },
      value: (r) => r.oldest_due_date,
      kind: 'date',
      drop: 3,
    },
    { header: { en: 'DAYS OVERDUE', pt: 'DIAS DE ATRASO' }, value: (r) => r.days_overdue },
  ]);
  // a firm's table ends with its TOTAL row: a line per condominium would say it fifty times
  if (deps.format === 'json' || deps.collect) return 0;
  // the totals over every page, as the server counts them (#53: the page shown is not the whole); summed from the
  // rows where a server sends none
  const totals = listed.meta?.totals as
    | { units?: number; invoices?: number; total_outstanding?: number }
    | undefined;
  const units = typeof totals?.units === 'number' ? totals.units : rows.length;
  const invoices =
    typeof totals?.invoices === 'number' ? totals.invoices : rows.reduce((n, r) => n + invoiceCount(r), 0);
  const outstanding =
    typeof totals?.total_outstanding === 'number'
      ? centsOf(totals.total_outstanding)
      : rows.reduce((sum, r) => sum + centsOf(r.total_outstanding), 0);
  const line = deps.t(defaultersTotals(units, invoices, outstanding));
  // A table ends with its totals line; a tsv/csv on stdout stays one table, so its totals go to stderr.
  if (deps.format === 'table') writeLine(deps.io.stdout, line);
  else deps.info(said(line));
  return 0;
}

/** The defaulters' totals line: "1 unit, 4 invoices, R$ 3.400,00 outstanding", each count agreeing with its noun. */
export function defaultersTotals(units: number, invoices: number, outstandingCents: number): Text {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return {
    en: `${count(units, 'unit', 'units')}, ${count(invoices, 'invoice', 'invoices')}, ${formatReais(outstandingCents)} outstanding`,
    pt: `${count(units, 'unidade', 'unidades')}, ${count(invoices, 'cobrança', 'cobranças')}, ${formatReais(outstandingCents)} em aberto`,
  };
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

/**
 * What was paid in a month: the month's expense entries (payables the bank paid, bills entered by hand), each
 * one, or summed by supplier or by chart account, with the total. Names come from the suppliers and the chart.
 */
export async function reportPaid(deps: Deps, opts: PaidOptions): Promise<number> {
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const by = opts.by === undefined ? undefined : enumFlag('--by', opts.by, PAID_GROUPS);
  const { paid, supplierName, chartName } = await deps.app(paidInMonth, month);
  const payee = (e: (typeof paid)[number]) => payeeOfEntry(e, supplierName);
  const totalCents = paid.reduce((n, e) => n + centsOf(e.amount), 0);
  // the ledger's month as booked; what it dates after today the bank has not paid yet (#52): said, so this total
  // is not read as report month's, which stands at today
  const ahead = paid.filter((e) => String(e.paid_at).slice(0, 10) > deps.today());
  const aheadCents = ahead.reduce((n, e) => n + centsOf(e.amount), 0);
  const totalLine = {
    en: `${paid.length} payments in ${month}, ${formatReais(totalCents)}${ahead.length ? ` (${ahead.length} of them, ${formatReais(aheadCents)}, dated after today: scheduled, not paid yet)` : ''}`,
    pt: `${paid.length} ${paid.length === 1 ? 'pagamento' : 'pagamentos'} em ${monthName(month)}, ${formatReais(totalCents)}${ahead.length ? ` (${ahead.length} deles, ${formatReais(aheadCents)}, com data depois de hoje: agendados, ainda não pagos)` : ''}`,
  };
  if (by === undefined) {
    if (deps.format === 'json') {
      printJson(deps, { month, total_cents: totalCents, payments: paid });
      return 0;
    }
    await printList(deps, paid, [
      { header: { en: 'PAID', pt: 'PAGO EM' }, value: (e) => e.paid_at, kind: 'date' },
      { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (e) => shownPayee(payee(e)) },
      {
        header: { en: 'CHART ACCOUNT', pt: 'CONTA CONTÁBIL' },
        value: (e) => chartName.get(e.chart_of_accounts_id) ?? e.chart_of_accounts_id,
      },
      { header: { en: 'METHOD', pt: 'FORMA' }, value: (e) => e.payment_method, words: true },
      { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (e) => e.amount, kind: 'reais' },
      { header: { en: 'DESCRIPTION', pt: 'DESCRIÇÃO' }, value: (e) => e.description, drop: 1 },
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
    // whole percentages that add up to 100 (each rounded alone, they made 101%)
    const shareList = wholeShares(rows.map((r) => r.totalCents));
    const shares = new Map(rows.map((r, i) => [r, shareList[i] ?? 0]));
    if (deps.format === 'json') {
      printJson(deps, {
        month,
        by,
        total_cents: totalCents,
        groups: rows.map((r) => ({
          name: r.name,
          payments: r.payments,
          total_cents: r.totalCents,
          share_pct: shares.get(r) ?? 0,
        })),
      });
      return 0;
    }
    await printList(deps, rows, [
      {
        header: by === 'supplier' ? SUPPLIER_HEADING : CHART_ACCOUNT_HEADING,
        value: (r) => shownPayee(r.name),
      },
      { header: { en: 'PAYMENTS', pt: 'PAGAMENTOS' }, value: (r) => r.payments },
      { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
      { header: { en: 'SHARE', pt: 'PARTE' }, value: (r) => `${shares.get(r) ?? 0}%` },
    ]);
  }
  // A table ends with its totals line; a tsv/csv on stdout stays one table, so its totals go to stderr.
  if (deps.format === 'table')
    writeLine(deps.io.stdout, wrapMessage(deps.io, deps.t(totalLine), deps.io.stdout));
  else deps.info(totalLine, true);
  return 0;
}

/** Reads the month's model (src/app/month.ts) for the profile the run is on, the firm's settings on its cover. */
async function monthReport(deps: Deps, month: string): Promise<MonthReport> {
  const today = deps.today();
  if (month > today.slice(0, 7))
    throw new UsageError({
      en: `MONTH: ${month} has not begun (today is ${today}): a month is reported from its first day`,
      pt: `MÊS: ${monthBr(month)} ainda não começou (hoje é ${formatDateBr(today)}): um mês se relata a partir do primeiro dia`,
    });
  const [creds, firm] = await Promise.all([deps.credentials(), administradoraOf(deps)]);
  const { name = null, cnpj: document = null, crc = null, logo = null } = firm;
  return deps.app(readMonth, {
    month,
    today,
    condominium: creds.condominium,
    administradora: name || document || crc || logo ? { name, document, crc, logo_file: logo } : null,
    budget: await monthBudget(deps),
  });
}

/**
 * The budget `report month` sets against the ledger (#68): the profile's, or the firm's folder's, as `billing plan`
 * finds it; none there is a month without a budget (the report says so), one that cannot be read a warning.
 */
async function monthBudget(deps: Deps): Promise<MonthBudget | null> {
  const { loadBudget } = await import('../../app/billing-plan.js');
  const where = await budgetPlaceOf(deps);
  const { stat } = await import('node:fs/promises');
  if (!(await stat(where.path).catch(() => undefined))) return null;
  try {
    const { budget } = await loadBudget(where.path, where.from);
    return {
      source: where.path,
      expenses: budget.expenses.map((x) => ({ name: x.name, account: x.account, cents: x.cents })),
      components: budget.components.map((c) => ({ name: c.name, account: c.account })),
    };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    deps.warn({
      en: `the budget is left out: ${e.message}`,
      pt: `o orçamento ficou de fora: ${e.text?.pt ?? e.message}`,
    });
    return null;
  }
}

/** One line of the report as the spreadsheet gets it: which section, what, a detail, how many, how much. */
interface FlatRow {
  section: Text;
  /** a payee, a unit, an account; "(no payee)" in the reader's words (#66: English in `-o csv --excel`) */
  item: Text | string;
  detail: Text | string;
  count: number | '';
  amount: number | '';
}

const SECTIONS = {
  bySupplier: { en: 'paid by supplier', pt: 'pago por fornecedor' },
  byChart: { en: 'paid by chart account', pt: 'pago por conta contábil' },
  rejected: { en: 'rejected', pt: 'recusado' },
  stillRejected: { en: 'still rejected', pt: 'ainda recusado' },
  pending: { en: 'pending', pt: 'a pagar' },
  revenue: { en: 'revenue', pt: 'receita' },
  defaulters: { en: 'defaulters', pt: 'inadimplência' },
  start: { en: 'balance at start', pt: 'saldo inicial' },
  budgeted: { en: 'budgeted', pt: 'orçado' },
  actual: { en: 'actual', pt: 'realizado' },
  billed: { en: 'billed', pt: 'emitido' },
  received: { en: 'received', pt: 'recebido' },
  end: { en: 'balance at end', pt: 'saldo final' },
} as const satisfies Record<string, Text>;

/** The report as one flat table (csv and tsv for scripts in English; `--excel` in the person's language). */
function flatRows(r: MonthReport): FlatRow[] {
  const groups = (section: Text, list: Group[]) =>
    list.map((g) => ({
      section,
      item: shownPayee(g.name),
      detail: '',
      count: g.count,
      amount: g.total_cents,
    }));
  const due = (date: string) => ({ en: `due ${date}`, pt: `vence ${formatDateBr(date)}` });
  const rejectionDetail = (p: Rejected) => ({
    en: `${p.code} ${p.reason} (${due(p.due_date).en})`,
    pt: `${p.code} ${p.reason} (${due(p.due_date).pt})`,
  });
  const settledDetail = (p: Rejected) => {
    const code = rejectionDetail(p);
    const advice = fateWords({ at: '', fate: { state: 'settled', on: null } });
    return { en: `${code.en}; ${advice.en}`, pt: `${code.pt}; ${advice.pt}` };
  };
  const known = (b: MonthReport['balances'][number], cents: number) =>
    b.balance_known ? cents : ('' as const);
  return [
    ...groups(SECTIONS.bySupplier, r.paid.by_supplier),
    ...groups(SECTIONS.byChart, r.paid.by_chart_account),
    ...r.rejected.map((p) => {
      const fate = fateWords(p);
      const code = rejectionDetail(p);
      return {
        section: SECTIONS.rejected,
        item: shownPayee(p.payee),
        detail: { en: `${code.en}; ${fate.en}`, pt: `${code.pt}; ${fate.pt}` },
        count: 1 as const,
        amount: p.amount_cents,
      };
    }),
    ...r.still_rejected.map((p) => ({
      section: SECTIONS.stillRejected,
      item: shownPayee(p.payee),
      // a refusal that says the bill is paid says so, never "to send again" (#66)
      detail: p.settled_by_bank ? settledDetail(p) : rejectionDetail(p),
      count: 1 as const,
      amount: p.amount_cents,
    })),
    ...r.pending.map((p) => {
      const state = pendingWords(p, r.cover.issued_on);
      return {
        section: SECTIONS.pending,
        item: shownPayee(p.payee),
        detail: { en: `${due(p.due_date).en}, ${state.en}`, pt: `${due(p.due_date).pt}, ${state.pt}` },
        count: 1 as const,
        amount: p.amount_cents,
      };
    }),
    ...groups(SECTIONS.revenue, r.revenue.by_chart_account),
    // #68: orçado × realizado, a row a line and side (the month's; the year's in --json and the document)
    ...(r.budget?.expenses ?? []).flatMap((x) =>
      (
        [
          [SECTIONS.budgeted, x.forecast_cents],
          [SECTIONS.actual, x.actual_cents],
        ] as const
      ).map(([section, amount]) => ({
        section,
        item: x.name,
        detail: x.account_code,
        count: '' as const,
        amount,
      })),
    ),
    ...(r.budget?.revenue ?? []).flatMap((x) =>
      (
        [
          [SECTIONS.billed, x.billed_cents],
          [SECTIONS.received, x.received_cents],
        ] as const
      ).map(([section, amount]) => ({
        section,
        item: x.names.join(', '),
        detail: x.account_code,
        count: '' as const,
        amount,
      })),
    ),
    ...r.defaulters.rows.map((d) => ({
      section: SECTIONS.defaulters,
      item: d.unit,
      detail: { en: `${d.days_overdue} days overdue`, pt: `${d.days_overdue} dias de atraso` },
      count: d.invoices,
      amount: d.outstanding_cents,
    })),
    ...r.balances.flatMap((b) => [
      {
        section: SECTIONS.start,
        item: b.name,
        detail: '',
        count: '' as const,
        amount: known(b, b.start_cents),
      },
      {
        section: SECTIONS.end,
        item: b.name,
        detail: { en: `as of ${r.cut_off}`, pt: `em ${formatDateBr(r.cut_off)}` },
        count: '' as const,
        amount: known(b, b.end_cents),
      },
    ]),
  ];
}

const FLAT_COLUMNS: Column<FlatRow>[] = [
  { header: { en: 'SECTION', pt: 'SEÇÃO' }, value: (r) => r.section },
  { header: 'ITEM', value: (r) => r.item },
  { header: { en: 'DETAIL', pt: 'DETALHE' }, value: (r) => r.detail, drop: 1 },
  { header: { en: 'COUNT', pt: 'QTD' }, value: (r) => r.count },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (r) => r.amount, kind: 'cents' },
];

/** A firm's table: one row per condominium, the month at a glance (the whole report is in --json). */
const FIRM_COLUMNS: Column<MonthReport>[] = [
  { header: { en: 'PAID OUT', pt: 'PAGO' }, value: (r) => r.paid.total_cents, kind: 'cents', sum: true },
  { header: { en: 'REJECTIONS', pt: 'REJEIÇÕES' }, value: (r) => r.rejected.length, sum: true },
  { header: { en: 'TO PAY', pt: 'A PAGAR' }, value: owedCents, kind: 'cents', sum: true },
  {
    header: { en: 'REVENUE', pt: 'RECEITA' },
    value: (r) => r.revenue.total_cents,
    kind: 'cents',
    drop: 2,
    sum: true,
  },
  {
    header: { en: 'OVERDUE', pt: 'EM ATRASO' },
    value: (r) => r.defaulters.outstanding_cents,
    kind: 'cents',
    sum: true,
  },
  {
    header: { en: 'START', pt: 'SALDO INICIAL' },
    value: (r) => balancesCents(r, 'start_cents'),
    kind: 'cents',
    drop: 1,
    sum: true,
  },
  {
    header: { en: 'END', pt: 'SALDO FINAL' },
    value: (r) => balancesCents(r, 'end_cents'),
    kind: 'cents',
    drop: 3,
    sum: true,
  },
];

/**
 * `condo report month [YYYY-MM]`: on a terminal, a readable page of tables; `--json` the whole report; `-o csv`
 * one flat table (section, item, detail, count, amount) for the council's spreadsheet. Over a firm's profiles,
 * one row per condominium.
 */
/**
 * `--pdf FILE` and `--html FILE`: the month's document (#36). Over a firm's profiles each names a folder, and each
 * condominium's document is AAAA-MM-<slug>.pdf (.html) in it, or AAAA-MM-<profile>.pdf where two profiles of the
 * run name the same slug (on two servers): a run never writes over its own file (#52).
 */
async function writeDocuments(
  deps: Deps,
  report: MonthReport,
  opts: { pdf?: string; html?: string; force?: boolean },
): Promise<void> {
  const breaks = monthBreaks(report);
  // a council signs these figures: a document whose pages would disagree is not written at all
  if (breaks.length > 0)
    throw new Error(`the month's figures do not add up (${breaks.join('; ')}); no document was written`);
  const { mkdir } = await import('node:fs/promises');
  const { join, resolve } = await import('node:path');
  const { Readable } = await import('node:stream');
  const { NO_PROGRESS, outputTarget, writeAtomically } = await import('../files.js');
  const written: { file: string; pages: number | null }[] = [];
  const stem = documentStem(deps, report);
  for (const [kind, given] of [
    ['pdf', opts.pdf],
    ['html', opts.html],
  ] as const) {
    if (!given) continue;
    const flag = `--${kind}`;
    if (deps.collect) await mkdir(given, { recursive: true });
    const file = deps.collect ? join(given, `${report.month}-${stem.name}.${kind}`) : given;
    // a signed month's document is not replaced unseen: refused before it is drawn, as -O is (--force replaces it)
    const target = await outputTarget(resolve(file), '', Boolean(opts.force), flag);
    if (target.stdout) continue; // (a resolved path is never "-")
    // each renderer loaded only when its document is asked for (pdfkit and its fonts for the PDF alone)
    const drawn =
      kind === 'pdf'
        ? await (await import('../month-document.js')).monthPdf(report)
        : { stream: Readable.from([(await import('../month-html.js')).monthHtml(report)]), pages: null };
    // put in place whole, as every file condo writes (a temporary file beside it, fsynced)
    await writeAtomically(drawn.stream, target.path, NO_PROGRESS, target.overwrite, undefined, flag);
    written.push({ file, pages: drawn.pages });
  }
  const first = written[0];
  if (!first) return;
  if (deps.collect) {
    if (stem.by === 'profile')
      deps.info({
        en: `named by its profile: another profile of this run names the same condominium (${report.condominium})`,
        pt: `nomeado pelo perfil: outro perfil desta execução nomeia o mesmo condomínio (${report.condominium})`,
      });
    // one line a condominium, whatever it was written as (its PDF's pages; the HTML beside it in `files`)
    const row: DocumentRow = {
      file: first.file,
      files: written.map((w) => w.file),
      name: report.cover.name,
      pages: written.find((w) => w.pages !== null)?.pages ?? null,
      cut_off: report.cut_off,
      end_cents: balancesCents(report, 'end_cents'),
      pending: report.pending.length,
      pending_cents: owedCents(report),
      named_by: stem.by,
    };
    deps.collect([row], DOCUMENT_COLUMNS as Column<never>[]);
    return;
  }
  for (const d of written) writeLine(deps.io.stdout, d.file);
  const cut = formatDateBr(report.cut_off);
  const pages = first.pages === null ? '' : `, ${first.pages} `;
  deps.info(
    {
      en: `the month's document (${report.cover.name}, ${report.month}, as of ${cut}${pages ? `${pages}pages` : ''}) is in ${written.map((d) => d.file).join(' and ')}`,
      pt: `o documento do mês (${report.cover.name}, ${monthName(report.month)}, posição em ${cut}${pages ? `${pages}páginas` : ''}) está em ${written.map((d) => d.file).join(' e ')}`,
    },
    true,
  );
}

/** A firm's run names a document by its condominium's slug, or by its profile where the run repeats that slug. */
function documentStem(deps: Deps, report: MonthReport): { name: string; by: 'condominium' | 'profile' } {
  const profile = deps.globals.profile;
  const repeated = (deps.runTargets ?? []).filter((t) => t.condominium === report.condominium).length > 1;
  return repeated && profile
    ? { name: profile, by: 'profile' }
    : { name: report.condominium, by: 'condominium' };
}

/** What a firm's `report month --pdf DIR` lists, a line a condominium (#52): enough to know which to open first. */
interface DocumentRow {
  file: string;
  files: string[];
  name: string;
  pages: number | null;
  cut_off: string;
  end_cents: number;
  pending: number;
  pending_cents: number;
  named_by: 'condominium' | 'profile';
}

const DOCUMENT_COLUMNS: Column<DocumentRow>[] = [
  { header: { en: 'FILE', pt: 'ARQUIVO' }, value: (d) => d.file, fixed: true },
  { header: { en: 'PAGES', pt: 'PÁGINAS' }, value: (d) => d.pages ?? '' },
  { header: { en: 'END', pt: 'SALDO FINAL' }, value: (d) => d.end_cents, kind: 'cents', sum: true },
  { header: { en: 'PENDING', pt: 'PENDENTES' }, value: (d) => d.pending, sum: true },
  { header: { en: 'TO PAY', pt: 'A PAGAR' }, value: (d) => d.pending_cents, kind: 'cents', sum: true },
  { header: { en: 'NAME', pt: 'NOME' }, value: (d) => d.name, drop: 1 },
];

export async function reportMonth(
  deps: Deps,
  monthArg: string | undefined,
  opts: { pdf?: string; html?: string; force?: boolean } = {},
): Promise<number> {
  const month = monthFlag(deps.t({ en: 'MONTH', pt: 'MÊS' }), monthArg ?? deps.today().slice(0, 7));
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
  await printMonthScreen(deps, report, month);
  return 0;
}
