import type { DefaulterRow, MonetaryIndex } from '../../client/index.js';
import { centsOf, centsToDecimal, formatReais } from '../../domain/money.js';
import type { Deps } from '../context.js';
import { dateFlag, enumFlag, intFlag, reaisFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';
import type { Register } from '../program.js';
import { lastDayOf, monthFlag } from './ledger.js';

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
  const line = `${rows.length} units, ${invoices} invoices, ${formatReais(outstanding)} outstanding`;
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

const PAID_GROUPS = ['supplier', 'chart-account'] as const;

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
  const payee = (e: (typeof paid)[number]): string =>
    (typeof e.supplier_id === 'number' ? supplierName.get(e.supplier_id) : undefined) ??
    (e.payee ? String(e.payee) : '(no payee)');
  const totalCents = paid.reduce((n, e) => n + centsOf(e.amount), 0);
  const totalLine = `${paid.length} payments in ${month}, ${formatReais(totalCents)}`;
  if (by === undefined) {
    if (deps.format === 'json') {
      printJson(deps, { month, total: centsToDecimal(totalCents), payments: paid });
      return 0;
    }
    await printList(deps, paid, [
      { header: 'PAID', value: (e) => e.paid_at, kind: 'date' },
      { header: 'PAYEE', value: payee },
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
        total: centsToDecimal(totalCents),
        groups: rows.map((r) => ({
          name: r.name,
          payments: r.payments,
          total: centsToDecimal(r.totalCents),
        })),
      });
      return 0;
    }
    await printList(deps, rows, [
      { header: by === 'supplier' ? 'SUPPLIER' : 'CHART ACCOUNT', value: (r) => r.name },
      { header: 'PAYMENTS', value: (r) => r.payments },
      { header: 'TOTAL', value: (r) => r.totalCents, kind: 'cents' },
      { header: 'SHARE', value: (r) => `${totalCents ? Math.round((r.totalCents / totalCents) * 100) : 0}%` },
    ]);
  }
  // A table ends with its totals line; a tsv/csv on stdout stays one table, so its totals go to stderr.
  if (deps.format === 'table') writeLine(deps.io.stdout, totalLine);
  else deps.info(totalLine);
  return 0;
}

export const register: Register = (program, run) => {
  program
    .command('report')
    .description('reports people ask for every month')
    .command('paid')
    .description('what was paid in a month: each payment, or by supplier or chart account, with the total')
    .option('--month <YYYY-MM>', 'the month (default: this one)')
    .option('--by <group>', `sum by ${PAID_GROUPS.join(' or ')}`)
    .action(run((deps, cmd) => reportPaid(deps, cmd.opts<PaidOptions>())));
  program
    .command('defaulters')
    .description('delinquency snapshot per unit: overdue invoices, total outstanding, days overdue')
    .option('--as-of <date>', 'the day the snapshot is taken (default: today)')
    .option('--min-days <n>', 'only units at least this many days overdue')
    .option('--min-amount <reais>', 'only units owing at least this much')
    .action(run((deps, cmd) => listDefaulters(deps, cmd.opts<DefaultersOptions>())));
  program
    .command('indexes')
    .description('monetary indexes (IPCA, IGPM, INPC, INCC, TJSP) used to correct overdue amounts')
    .action(run((deps) => listIndexes(deps)));
};
