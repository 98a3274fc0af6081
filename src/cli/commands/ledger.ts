import type { Deps } from '../context.js';
import { dateFlag, enumFlag, intFlag } from '../flags.js';
import { printList } from '../output.js';
import type { Register } from '../program.js';

/** The ledger: the chart of accounts (plano de contas) and the entries recorded against it. */

type Row = Record<string, unknown>;

export async function chart(deps: Deps, opts: { type?: string; state?: string }): Promise<number> {
  const filters = {
    ...(opts.type ? { type: enumFlag('--type', opts.type, ['revenue', 'expense'] as const) } : {}),
    ...(opts.state ? { state: enumFlag('--state', opts.state, ['active', 'inactive'] as const) } : {}),
  };
  const client = await deps.client();
  const rows = (await client.chartOfAccounts.list(filters)) as Row[];
  await printList(deps.io, deps.format, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: 'CODE', value: (r) => r.code },
    { header: 'NAME', value: (r) => r.name },
    { header: 'TYPE', value: (r) => r.type },
    { header: 'STATE', value: (r) => r.state },
  ]);
  return 0;
}

export interface EntriesOptions {
  from?: string;
  to?: string;
  chartAccount?: string;
  bankAccount?: string;
  type?: string;
  all?: boolean;
  limit?: string;
}

export async function entries(deps: Deps, opts: EntriesOptions): Promise<number> {
  const today = deps.today();
  const filters = {
    ...(opts.from ? { from: dateFlag('--from', opts.from, today) } : {}),
    ...(opts.to ? { to: dateFlag('--to', opts.to, today) } : {}),
    ...(opts.chartAccount ? { chart_of_accounts_id: intFlag('--chart-account', opts.chartAccount) } : {}),
    ...(opts.bankAccount ? { bank_account_id: intFlag('--bank-account', opts.bankAccount) } : {}),
    ...(opts.type ? { type: enumFlag('--type', opts.type, ['revenue', 'expense'] as const) } : {}),
  };
  const limit = opts.limit ? intFlag('--limit', opts.limit, 1, 100_000) : undefined;
  const client = await deps.client();
  const rows = await client.accountEntries.list(filters, {
    all: Boolean(opts.all),
    ...(limit ? { limit } : {}),
  });
  await printList(deps.io, deps.format, [...rows] as Row[], [
    { header: 'ID', value: (r) => r.id },
    { header: 'PAID', value: (r) => r.paid_at, kind: 'date' },
    { header: 'TYPE', value: (r) => r.type },
    { header: 'AMOUNT', value: (r) => r.amount, kind: 'reais' },
    { header: 'ACCOUNT', value: (r) => r.chart_of_accounts_id },
    { header: 'BANK', value: (r) => r.bank_account_id },
    { header: 'SOURCE', value: (r) => r.source },
    { header: 'DESCRIPTION', value: (r) => r.description },
  ]);
  return 0;
}

export const register: Register = (program, run) => {
  const ledger = program.command('ledger').description('chart of accounts and ledger entries');
  ledger
    .command('chart')
    .description('list the chart of accounts (plano de contas)')
    .option('--type <type>', 'revenue or expense')
    .option('--state <state>', 'active or inactive')
    .action(run((deps, cmd) => chart(deps, cmd.opts())));
  ledger
    .command('entries')
    .description('list ledger entries (revenue and expense)')
    .option('--from <date>', 'paid on or after')
    .option('--to <date>', 'paid on or before')
    .option('--chart-account <id>', 'chart account id')
    .option('--bank-account <id>', 'bank account id')
    .option('--type <type>', 'revenue or expense')
    .option('--all', 'fetch every page')
    .option('--limit <n>', 'at most this many')
    .action(run((deps, cmd) => entries(deps, cmd.opts<EntriesOptions>())));
};
