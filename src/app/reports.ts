/** The reports that read the API as it stands: the units in arrears, and what was paid in a month. */
import type { Client } from '../client/index.js';
import { lastDayOf } from '../domain/dates.js';

export const defaultersList = (client: Client, filters: Parameters<Client['defaulters']['list']>[0]) =>
  client.defaulters.list(filters);

/**
 * What was paid in `month`: its expense entries (payables the bank paid, bills entered by hand), a server that
 * ignores the filters kept from leaking other months in, with the names of the suppliers (where the token may read
 * them) and of the chart accounts.
 */
export async function paidInMonth(client: Client, month: string) {
  const [entries, suppliers, chart] = await Promise.all([
    client.accountEntries.list({ from: `${month}-01`, to: lastDayOf(month), type: 'expense' }, { all: true }),
    client.suppliers.list().catch(() => []),
    client.chartOfAccounts.list(),
  ]);
  return {
    paid: [...entries].filter(
      (e) => e.type === 'expense' && typeof e.paid_at === 'string' && e.paid_at.startsWith(month),
    ),
    supplierName: new Map<number, string>([...suppliers].map((x) => [x.id, String(x.name ?? '')])),
    chartName: new Map([...chart].map((a) => [a.id, `${a.code ?? ''} ${a.name ?? ''}`.trim()])),
  };
}
