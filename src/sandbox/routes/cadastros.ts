/** Structural records (cadastros) the finance calls refer to: suppliers and units. */
import type { FastifyInstance } from 'fastify';
import { condominiumOf, type SandboxContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { paginate, QueryReader } from '../http/query.js';
import { supplierView, unitView } from './views.js';

/** An integer id from a path segment, or a 404 (a malformed id names nothing). */
export function pathId(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw notFound(what);
  return Number(text);
}

export function cadastrosRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/suppliers', { config: { scope: 'cadastros.read' } }, async (request) => {
    const condo = condominiumOf(request);
    const q = new QueryReader(request.query);
    const search = q.string('q');
    const page = q.page();
    q.done();
    const needle = search?.toLowerCase();
    const digits = search?.replace(/\D/g, '');
    const rows = condo.suppliers
      .filter(
        (s) => !needle || s.name.toLowerCase().includes(needle) || (!!digits && s.document.includes(digits)),
      )
      .sort((a, b) => a.id - b.id);
    const list = paginate(rows, page);
    return { ...list, data: list.data.map(supplierView) };
  });

  app.get<{ Params: { id: string } }>(
    '/suppliers/:id',
    { config: { scope: 'cadastros.read' } },
    async (request) => {
      const id = pathId(request.params.id, 'supplier');
      const supplier = condominiumOf(request).suppliers.find((s) => s.id === id);
      if (!supplier) throw notFound('supplier');
      return { data: supplierView(supplier) };
    },
  );

  app.get('/units', { config: { scope: 'cadastros.read' } }, async (request) => {
    const condo = condominiumOf(request);
    const q = new QueryReader(request.query);
    const block = q.string('block', 40);
    const page = q.page();
    q.done();
    const rows = condo.units.filter((u) => !block || u.block === block).sort((a, b) => a.id - b.id);
    const list = paginate(rows, page);
    return { ...list, data: list.data.map(unitView) };
  });

  app.get<{ Params: { id: string } }>(
    '/units/:id',
    { config: { scope: 'cadastros.read' } },
    async (request) => {
      const id = pathId(request.params.id, 'unit');
      const unit = condominiumOf(request).units.find((u) => u.id === id);
      if (!unit) throw notFound('unit');
      return { data: unitView(unit) };
    },
  );
}
