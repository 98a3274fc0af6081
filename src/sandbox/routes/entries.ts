/**
 * Ledger entries (GET /account-entries, plano-de-contas.read): the revenue and expense entries, amounts as
 * decimal reais. Filters: `from`/`to` on paid_at, `chart_of_accounts_id`, `bank_account_id`, `type`,
 * `source`, `period` (YYYY-MM). POST /account-entries and POST /account-transfers (plano-de-contas.write):
 * services/transfers.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { commit, created, readTx } from '../http/transaction.js';
import { listEntries } from '../services/entries.js';
import { createAccountEntry, createTransfer } from '../services/transfers.js';
import { accountEntryView } from './views.js';

export function entriesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listEntries', async ({ op, request, query: q }) => {
    const { from, to } = q.dateRange('from', 'to');
    const filters = {
      from,
      to,
      chart_of_accounts_id: q.id('chart_of_accounts_id'),
      bank_account_id: q.id('bank_account_id'),
      type: q.enum('type', op.query.type.enum),
      source: q.enum('source', op.query.source.enum),
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
  serve(app, 'createEntry', async ({ request, reply, body: input }) => {
    const value = input();
    return commit(ctx, request, reply, (tx) =>
      created({ data: accountEntryView(createAccountEntry(tx, value, ctx.now())) }),
    );
  });

  serve(app, 'createTransfer', async ({ request, reply, body: input }) => {
    const value = input();
    return commit(ctx, request, reply, (tx) => {
      const t = createTransfer(tx, value, ctx.now());
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
