import type { DefaulterRow, MonetaryIndex } from '../../client/index.js';
import { centsOf, centsToDecimal, formatReais } from '../../domain/money.js';
import type { Deps } from '../context.js';
import { dateFlag, intFlag, reaisFlag } from '../flags.js';
import { writeLine } from '../io.js';
import { printList } from '../output.js';
import type { Register } from '../program.js';

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
    { header: 'SOURCE', value: (r) => r.source },
    { header: 'PERIODICITY', value: (r) => r.periodicity },
  ]);
  return 0;
}

export const register: Register = (program, run) => {
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
