/**
 * The ledger as the product reads and writes it: the chart of accounts, the entries (revenue and expense, in the
 * financial period covering their paid_at), transfers between bank accounts, a month's summary and a range's
 * months. Sums are integer cents (domain/ledger.ts).
 */
import type { Client } from '../client/index.js';
import { lastDayOf } from '../domain/dates.js';
import { monthlyTotals, summarize } from '../domain/ledger.js';

type Entries = Client['accountEntries'];
type Transfers = Client['accountTransfers'];

export const chartAccounts = (client: Client, filters: Parameters<Client['chartOfAccounts']['list']>[0]) =>
  client.chartOfAccounts.list(filters);

/** A page of entries (or all of them, as `page` says), newest first where it asks. */
export const entriesPage = (
  client: Client,
  filters: Parameters<Entries['list']>[0],
  page: Parameters<Entries['list']>[1],
) => client.accountEntries.list(filters, page);

/** A manual entry; its paid_at must fall in an open financial period (else 422 period_closed). */
export const recordEntry = (client: Client, body: Parameters<Entries['create']>[0]) =>
  client.accountEntries.create(body);

/** A file's entries, each under its own key (a re-run replays what went in). */
export const recordEntries = (client: Client, ...args: Parameters<Entries['createMany']>) =>
  client.accountEntries.createMany(...args);

/** A transfer between two bank accounts: one outgoing (expense) and one incoming (revenue) entry. */
export const recordTransfer = (client: Client, body: Parameters<Transfers['create']>[0]) =>
  client.accountTransfers.create(body);

export const recordTransfers = (client: Client, ...args: Parameters<Transfers['createMany']>) =>
  client.accountTransfers.createMany(...args);

/** Revenue, expense and net per month, `from` to `to` (YYYY-MM). */
export async function ledgerMonths(client: Client, from: string, to: string) {
  const entries = await client.accountEntries.list({ from: `${from}-01`, to: lastDayOf(to) }, { all: true });
  return monthlyTotals(entries, from, to);
}

/** A month of the ledger: revenue and expense per chart account, totals, net, and each bank account's in and out. */
export async function ledgerMonth(client: Client, month: string) {
  const [entryRows, chartRows, bankRows] = await Promise.all([
    client.accountEntries.list({ from: `${month}-01`, to: lastDayOf(month) }, { all: true }),
    client.chartOfAccounts.list(),
    client.bankAccounts.list(),
  ]);
  // A server that ignores the date filters must not leak other months into the sums.
  const inMonth = entryRows.filter((e) => typeof e.paid_at !== 'string' || e.paid_at.startsWith(month));
  return summarize(month, inMonth, chartRows, bankRows);
}
