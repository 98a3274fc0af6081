/**
 * Ledger entries (GET /account-entries, plano-de-contas.read): the revenue and expense entries, amounts as
 * decimal reais. Filters: `from`/`to` on paid_at, `chart_of_accounts_id`, `bank_account_id`, `type`,
 * `source`, `period` (YYYY-MM). POST /account-entries and POST /account-transfers (plano-de-contas.write):
 * services/transfers.ts.
 */
import type { FastifyInstance } from 'fastify';
import { AccountEntryCreate, AccountTransferCreate, validateBody } from '../../domain/schemas.js';
import type { SandboxContext } from '../http/context.js';
import { validationFailed } from '../http/errors.js';
import { QueryReader } from '../http/query.js';
import { commit, created, readTx } from '../http/transaction.js';
import { listEntries } from '../services/entries.js';
import { createAccountEntry, createTransfer } from '../services/transfers.js';
import { accountEntryView } from './views.js';

export function entriesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
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
    const list = readTx(ctx, request, (tx) => listEntries(tx, filters, page));
    return { ...list, data: list.data.map(accountEntryView) };
  });

  // Writes (plano-de-contas.write): a manual entry, and a transfer as a pair of entries.
  app.post('/account-entries', { config: { scope: 'plano-de-contas.write' } }, async (request, reply) => {
    const body = validateBody(AccountEntryCreate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    return commit(ctx, request, reply, (tx) =>
      created({ data: accountEntryView(createAccountEntry(tx, body.value, ctx.now())) }),
    );
  });

  app.post('/account-transfers', { config: { scope: 'plano-de-contas.write' } }, async (request, reply) => {
    const body = validateBody(AccountTransferCreate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    return commit(ctx, request, reply, (tx) => {
      const t = createTransfer(tx, body.value, ctx.now());
      return created({
        data: {
          transfer_id: t.transfer_id,
          outgoing: accountEntryView(t.outgoing),
          incoming: accountEntryView(t.incoming),
        },
      });
    });
  });
}
