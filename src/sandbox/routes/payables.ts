/** Payables (contas a pagar): payments.read for reads, payments.write for everything else. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { commit, created, noContent, ok, readTx } from '../http/transaction.js';
import { payableHistory } from '../services/batches.js';
import {
  createPayable,
  deletePayable,
  findPayable,
  listPayables,
  markForRemittance,
  type PayableWrite,
  unmarkForRemittance,
  updatePayable,
} from '../services/payables.js';
import { payableView } from './views.js';

/** A create's or update's answer: the payable as GET shows it, plus `warnings` (docs/DESIGN.md "Warnings"). */
const written = (w: PayableWrite) => ({ ...payableView(w.payable), warnings: w.warnings });

export function payablesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listPayables', async ({ op, request, query: q }) => {
    const filters = {
      state: q.enum('state', op.query.state.enum),
      supplier_id: q.id('supplier_id'),
      ...((r) => ({ due_from: r.from, due_to: r.to }))(q.dateRange('due_from', 'due_to')),
    };
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listPayables(tx, filters, page));
    return { ...list, data: list.data.map(payableView) };
  });

  serve(app, 'createPayable', async ({ request, reply, body }) => {
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      created({ data: written(createPayable(tx, value, ctx.now())) }),
    );
  });

  serve(app, 'getPayable', async ({ request, params }) => {
    return readTx(ctx, request, (tx) => {
      const payable = findPayable(tx, params.payable);
      return { data: { ...payableView(payable), batch_history: payableHistory(tx, payable.public_id) } };
    });
  });

  serve(app, 'updatePayable', async ({ request, reply, params, body }) => {
    const id = params.payable;
    readTx(ctx, request, (tx) => findPayable(tx, id)); // a missing payable is a 404 first
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      ok({ data: written(updatePayable(tx, findPayable(tx, id), value, ctx.now())) }),
    );
  });

  serve(app, 'deletePayable', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) => {
      deletePayable(tx, findPayable(tx, params.payable));
      return noContent;
    });
  });

  serve(app, 'markPayable', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) =>
      ok({ data: payableView(markForRemittance(tx, findPayable(tx, params.payable), ctx.now())) }),
    );
  });

  serve(app, 'unmarkPayable', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) =>
      ok({ data: payableView(unmarkForRemittance(findPayable(tx, params.payable), ctx.now())) }),
    );
  });
}
