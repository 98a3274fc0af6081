/** Payables (contas a pagar): payments.read for reads, payments.write for everything else. */
import type { FastifyInstance } from 'fastify';
import { PAYABLE_STATES } from '../../domain/payables.js';
import { PayableCreate, PayableUpdate, validateBody } from '../../domain/schemas.js';
import type { SandboxContext } from '../http/context.js';
import { validationFailed } from '../http/errors.js';
import { QueryReader } from '../http/query.js';
import { commit, created, noContent, ok, readTx } from '../http/transaction.js';
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

type WithPayable = { Params: { payable: string } };

/** A create's or update's answer: the payable as GET shows it, plus `warnings` (docs/DESIGN.md "Warnings"). */
const written = (w: PayableWrite) => ({ ...payableView(w.payable), warnings: w.warnings });
const read = { config: { scope: 'payments.read' as const } };
const write = { config: { scope: 'payments.write' as const } };

export function payablesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/payables', read, async (request) => {
    const q = new QueryReader(request.query);
    const filters = {
      state: q.enum('state', PAYABLE_STATES),
      supplier_id: q.id('supplier_id'),
      ...((r) => ({ due_from: r.from, due_to: r.to }))(q.dateRange('due_from', 'due_to')),
    };
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listPayables(tx, filters, page));
    return { ...list, data: list.data.map(payableView) };
  });

  app.post('/payables', write, async (request, reply) => {
    const body = validateBody(PayableCreate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    return commit(ctx, request, reply, (tx) =>
      created({ data: written(createPayable(tx, body.value, ctx.now())) }),
    );
  });

  app.get<WithPayable>('/payables/:payable', read, async (request) => {
    return { data: payableView(readTx(ctx, request, (tx) => findPayable(tx, request.params.payable))) };
  });

  app.patch<WithPayable>('/payables/:payable', write, async (request, reply) => {
    readTx(ctx, request, (tx) => findPayable(tx, request.params.payable)); // a missing payable is a 404 first
    const body = validateBody(PayableUpdate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    return commit(ctx, request, reply, (tx) => {
      const payable = findPayable(tx, request.params.payable);
      return ok({ data: written(updatePayable(tx, payable, body.value, ctx.now())) });
    });
  });

  app.delete<WithPayable>('/payables/:payable', write, async (request, reply) => {
    return commit(ctx, request, reply, (tx) => {
      deletePayable(tx, findPayable(tx, request.params.payable));
      return noContent;
    });
  });

  app.post<WithPayable>('/payables/:payable/mark-for-remessa', write, async (request, reply) => {
    return commit(ctx, request, reply, (tx) =>
      ok({ data: payableView(markForRemittance(tx, findPayable(tx, request.params.payable), ctx.now())) }),
    );
  });

  app.post<WithPayable>('/payables/:payable/unmark-for-remessa', write, async (request, reply) => {
    return commit(ctx, request, reply, (tx) =>
      ok({ data: payableView(unmarkForRemittance(findPayable(tx, request.params.payable), ctx.now())) }),
    );
  });
}
