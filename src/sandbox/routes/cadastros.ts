/** Structural records (cadastros) the finance calls refer to: suppliers and units. */
import type { FastifyInstance } from 'fastify';
import { digitsOnly } from '../../domain/digits.js';
import type { Tx } from '../db/tx.js';
import { where } from '../db/where.js';
import type { SandboxContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { commit, created, ok, readTx } from '../http/transaction.js';
import type { Supplier } from '../model.js';
import type { Missing } from '../services/errors.js';
import { createSupplier, updateSupplier } from '../services/suppliers.js';
import { supplierView, unitView } from './views.js';

/** An integer id from a path segment, or a 404 (a malformed id names nothing). */
export function pathId(text: string, what: Missing): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw notFound(what);
  return Number(text);
}

export function cadastrosRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listSuppliers', async ({ request, query: q }) => {
    const search = q.string('q');
    const page = q.page();
    q.done();
    const w = where<Supplier>();
    if (search) {
      // a name that contains the text (any case), or a document that contains its digits
      const digits = digitsOnly(search);
      const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (digits) w.sql("(lower(name) LIKE ? ESCAPE '\\' OR instr(document, ?) > 0)", like, digits);
      else w.sql("lower(name) LIKE ? ESCAPE '\\'", like);
    }
    const list = readTx(ctx, request, (tx) => tx.suppliers.page(w, ['id'], page));
    return { ...list, data: list.data.map(supplierView) };
  });

  serve(app, 'createSupplier', async ({ request, reply, body }) => {
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      created({ data: supplierView(createSupplier(tx, value, ctx.now())) }),
    );
  });

  serve(app, 'getSupplier', async ({ request, params }) => {
    const id = pathId(params.id, 'supplier');
    const supplier = readTx(ctx, request, (tx) => tx.suppliers.get(id));
    if (!supplier) throw notFound('supplier');
    return { data: supplierView(supplier) };
  });

  serve(app, 'updateSupplier', async ({ request, reply, params, body }) => {
    const id = pathId(params.id, 'supplier');
    const find = (tx: Tx) => {
      const supplier = tx.suppliers.get(id);
      if (!supplier) throw notFound('supplier');
      return supplier;
    };
    readTx(ctx, request, find); // a missing supplier is a 404 before its body is judged
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      ok({ data: supplierView(updateSupplier(find(tx), value, ctx.now())) }),
    );
  });

  serve(app, 'getCondominium', async ({ request }) => {
    const c = readTx(ctx, request, (tx) => tx.condo);
    return { data: { slug: c.slug, name: c.name, document: c.document || null } };
  });

  serve(app, 'listUnits', async ({ request, query: q }) => {
    const block = q.string('block', 40);
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) =>
      tx.units.page(tx.units.where().eq('block', block), ['id'], page),
    );
    return { ...list, data: list.data.map(unitView) };
  });

  serve(app, 'getUnit', async ({ request, params }) => {
    const id = pathId(params.id, 'unit');
    const unit = readTx(ctx, request, (tx) => tx.units.get(id));
    if (!unit) throw notFound('unit');
    return { data: unitView(unit) };
  });
}
