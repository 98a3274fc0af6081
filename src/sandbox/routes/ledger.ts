/** Chart of accounts (plano de contas). Account entries and transfers join this module later. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { paginate } from '../http/query.js';
import { readTx } from '../http/transaction.js';
import { chartAccountView } from './views.js';

export function ledgerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listChartAccounts', async ({ op, request, query: q }) => {
    const type = q.enum('type', op.query.type.enum);
    const state = q.enum('state', op.query.state.enum);
    const page = q.page();
    q.done();
    // codes compare segment by segment as numbers (1.10 after 1.9): a chart has tens of accounts, sorted here
    const rows = readTx(ctx, request, (tx) =>
      tx.chartAccounts.find(tx.chartAccounts.where().eq('type', type).eq('state', state)),
    );
    const list = paginate(
      rows.sort((a, b) => compareCodes(a.code, b.code)),
      page,
    );
    return { ...list, data: list.data.map(chartAccountView) };
  });
}

/** `1.10` after `1.9`: codes compare segment by segment, as numbers. */
export function compareCodes(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}
