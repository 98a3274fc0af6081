/** Bank accounts. Statement import (multipart, bank.write) joins this module later. */
import type { FastifyInstance } from 'fastify';
import { where } from '../db/unit-of-work.js';
import type { SandboxContext } from '../http/context.js';
import { QueryReader } from '../http/query.js';
import { readTx } from '../http/transaction.js';
import { bankAccountView } from './views.js';

export function bankRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/bank-accounts', { config: { scope: 'bank.read' } }, async (request) => {
    const q = new QueryReader(request.query);
    const type = q.enum('type', ['checking', 'savings', 'investment'] as const);
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => tx.bankAccounts.page(where().eq('type', type), 'id', page));
    return { ...list, data: list.data.map(bankAccountView) };
  });
}
