/** Bank accounts. Statement import (multipart, bank.write) joins this module later. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { readTx } from '../http/transaction.js';
import { bankAccountView } from './views.js';

export function bankRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listBankAccounts', async ({ op, request, query: q }) => {
    const type = q.enum('type', op.query.type.enum);
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) =>
      tx.bankAccounts.page(tx.bankAccounts.where().eq('type', type), ['id'], page),
    );
    return { ...list, data: list.data.map(bankAccountView) };
  });
}
