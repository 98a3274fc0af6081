/** Payables (contas a pagar): payments.read for reads, payments.write for everything else. */
import type { FastifyInstance } from 'fastify';
import { PAYABLE_STATES } from '../../domain/payables.js';
import { PayableCreate, PayableUpdate, validateBody } from '../../domain/schemas.js';
import { condominiumOf, type SandboxContext } from '../http/context.js';
import { validationFailed } from '../http/errors.js';
import { paginate, QueryReader } from '../http/query.js';
import {
  createPayable,
  deletePayable,
  findPayable,
  listPayables,
  markForRemittance,
  unmarkForRemittance,
  updatePayable,
} from '../services/payables.js';
import { payableView } from './views.js';

type WithPayable = { Params: { payable: string } };
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
    const list = paginate(listPayables(condominiumOf(request), filters), page);
    return { ...list, data: list.data.map(payableView) };
  });

  app.post('/payables', write, async (request, reply) => {
    const body = validateBody(PayableCreate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    const payable = createPayable(condominiumOf(request), body.value, ctx.now());
    return reply.code(201).send({ data: payableView(payable) });
  });

  app.get<WithPayable>('/payables/:payable', read, async (request) => {
    return { data: payableView(findPayable(condominiumOf(request), request.params.payable)) };
  });

  app.patch<WithPayable>('/payables/:payable', write, async (request) => {
    const condo = condominiumOf(request);
    const payable = findPayable(condo, request.params.payable);
    const body = validateBody(PayableUpdate, request.body);
    if (!body.ok) throw validationFailed(body.fields);
    return { data: payableView(updatePayable(condo, payable, body.value, ctx.now())) };
  });

  app.delete<WithPayable>('/payables/:payable', write, async (request, reply) => {
    const condo = condominiumOf(request);
    deletePayable(condo, findPayable(condo, request.params.payable));
    return reply.code(204).send();
  });

  app.post<WithPayable>('/payables/:payable/mark-for-remessa', write, async (request) => {
    const condo = condominiumOf(request);
    return {
      data: payableView(markForRemittance(condo, findPayable(condo, request.params.payable), ctx.now())),
    };
  });

  app.post<WithPayable>('/payables/:payable/unmark-for-remessa', write, async (request) => {
    const condo = condominiumOf(request);
    return { data: payableView(unmarkForRemittance(findPayable(condo, request.params.payable), ctx.now())) };
  });
}
