/** Bank accounts. Statement import (multipart, bank.write) joins this module later. */
import type { FastifyInstance } from 'fastify';
import { condominiumOf, type SandboxContext } from '../http/context.js';
import { paginate, QueryReader } from '../http/query.js';
import { bankAccountView } from './views.js';

export function bankRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/bank-accounts', { config: { scope: 'bank.read' } }, async (request) => {
    const condo = condominiumOf(request);
    const q = new QueryReader(request.query);
    const type = q.enum('type', ['checking', 'savings', 'investment'] as const);
    const page = q.page();
    q.done();
    const rows = condo.bank_accounts.filter((b) => !type || b.type === type).sort((a, b) => a.id - b.id);
    const list = paginate(rows, page);
    return { ...list, data: list.data.map(bankAccountView) };
  });
}
