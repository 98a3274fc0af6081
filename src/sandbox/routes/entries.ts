/**
 * Ledger entries (GET /account-entries, plano-de-contas.read): the revenue and expense entries, amounts as
 * decimal reais. Filters: `from`/`to` on paid_at, `chart_of_accounts_id`, `bank_account_id`, `type`,
 * `source`, `period` (YYYY-MM). Creating entries (POST) belongs to the ledger area.
 */
import type { FastifyInstance } from 'fastify';
import { condominiumOf, type SandboxContext } from '../http/context.js';
import { paginate, QueryReader } from '../http/query.js';
import { listEntries } from '../services/entries.js';
import { accountEntryView } from './views.js';

export function entriesRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/account-entries', { config: { scope: 'plano-de-contas.read' } }, async (request) => {
    const q = new QueryReader(request.query);
    const { from, to } = q.dateRange('from', 'to');
    const filters = {
      from,
      to,
      chart_of_accounts_id: q.id('chart_of_accounts_id'),
      bank_account_id: q.id('bank_account_id'),
      type: q.enum('type', ['revenue', 'expense'] as const),
      source: q.enum('source', ['manual', 'expense', 'payable', 'transfer', 'statement'] as const),
      period: q.string('period', 7),
    };
    if (filters.period !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(filters.period)) {
      q.fail('period', 'must be a month YYYY-MM');
    }
    const page = q.page();
    q.done();
    const list = paginate(listEntries(condominiumOf(request), filters), page);
    return { ...list, data: list.data.map(accountEntryView) };
  });
}
