/**
 * Invoices (cobranças): invoices.read for reads, invoices.write for create and issue. Money is decimal reais on
 * the wire. An issued invoice carries what its billing_type asked for: a boleto (its PDF served, without a token,
 * at `/boletos/{condominium}/{pdf_id}.pdf`, see boleto-pdf.ts), a PIX charge, or both; the other is null.
 */

import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../domain/dates.js';
import { answerOf } from '../db/stored.js';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { commit, created, ok, readTx } from '../http/transaction.js';
import { INVOICE_STORAGE, type Invoice, type InvoicePayment } from '../model.js';
import {
  cancelInvoice,
  createInvoice,
  findInvoice,
  issuedPaymentOf,
  issueInvoice,
  listInvoices,
  recordInvoicePayment,
  renegotiateInvoice,
} from '../services/invoices.js';
import { boletoPdfUrl } from './boleto-pdf.js';

export const paymentView = (inv: Invoice, p: InvoicePayment, baseUrl: string, condominium: string) => ({
  boleto: p.boleto
    ? {
        url: boletoPdfUrl(baseUrl, condominium, p.boleto.pdf_id ?? inv.public_id),
        barcode: p.boleto.barcode,
        linha_digitavel: p.boleto.linha_digitavel,
        nosso_numero: p.boleto.nosso_numero,
      }
    : null,
  pix: p.pix ? { payload: p.pix.payload, txid: p.pix.txid } : null,
});

/** An invoice as the API answers it: every field of R.Invoice from the stored record (db/stored.ts), its payment's PDF a link. */
export const invoiceView = (inv: Invoice, baseUrl: string, condominium: string) => ({
  ...answerOf(INVOICE_STORAGE, inv),
  payment: inv.payment ? paymentView(inv, inv.payment, baseUrl, condominium) : null,
});

export function invoicesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const baseUrl = () => ctx.baseUrl ?? 'http://127.0.0.1';
  const slugOf = (request: { sandbox: { condominium?: string } }) => request.sandbox.condominium as string;

  serve(app, 'listInvoices', async ({ op, request, query: q }) => {
    const { from, to } = q.dateRange('due_from', 'due_to');
    const filters = {
      state: q.enum('state', op.query.state.enum),
      unit_id: q.id('unit_id'),
      party_id: q.id('party_id'),
      due_from: from,
      due_to: to,
    };
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listInvoices(tx, filters, todayIn(ctx.now()), page));
    return { ...list, data: list.data.map((i) => invoiceView(i, baseUrl(), slugOf(request))) };
  });

  serve(app, 'createInvoice', async ({ request, reply, body: input }) => {
    const value = input();
    return commit(ctx, request, reply, (tx) =>
      created({ data: invoiceView(createInvoice(tx, value, ctx.now()), baseUrl(), slugOf(request)) }),
    );
  });

  serve(app, 'getInvoice', async ({ request, params }) => {
    const invoice = readTx(ctx, request, (tx) => findInvoice(tx, params.publicId));
    return { data: invoiceView(invoice, baseUrl(), slugOf(request)) };
  });

  serve(app, 'issueInvoice', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) => {
      const invoice = issueInvoice(tx, findInvoice(tx, params.publicId), ctx.now());
      return ok({ data: invoiceView(invoice, baseUrl(), slugOf(request)) });
    });
  });

  serve(app, 'cancelInvoice', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) => {
      const invoice = cancelInvoice(findInvoice(tx, params.publicId));
      return ok({ data: invoiceView(invoice, baseUrl(), slugOf(request)) });
    });
  });

  serve(app, 'renegotiateInvoice', async ({ request, reply, params, body }) => {
    const { agreement } = body();
    return commit(ctx, request, reply, (tx) => {
      const invoice = renegotiateInvoice(findInvoice(tx, params.publicId), agreement, ctx.now());
      return ok({ data: invoiceView(invoice, baseUrl(), slugOf(request)) });
    });
  });

  serve(app, 'recordInvoicePayment', async ({ request, reply, params, body }) => {
    const value = body();
    return commit(ctx, request, reply, (tx) => {
      const invoice = recordInvoicePayment(tx, findInvoice(tx, params.publicId), value, ctx.now());
      return ok({ data: invoiceView(invoice, baseUrl(), slugOf(request)) });
    });
  });

  serve(app, 'getInvoicePayment', async ({ request, params }) => {
    const invoice = readTx(ctx, request, (tx) => findInvoice(tx, params.publicId));
    return { data: paymentView(invoice, issuedPaymentOf(invoice), baseUrl(), slugOf(request)) };
  });
}
