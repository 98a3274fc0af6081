/**
 * The boleto a resident opens from the invoice's link: a PDF (pdfkit, loaded only here) with the payee, the payer,
 * the amount, the due date, the nosso número, the linha digitável and the ITF bar code. It is public, as a bank's
 * boleto link is: no token, an unguessable id per boleto, and the pipeline's per-address rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { formatLinhaDigitavel } from '../../domain/boleto/index.js';
import { itfBars } from '../../domain/boleto/itf.js';
import { formatDateBr } from '../../domain/dates.js';
import { formatReais } from '../../domain/money.js';
import type { SandboxContext } from '../http/context.js';
import { ApiProblem } from '../http/errors.js';
import type { BankAccount, CondominiumRecord, Invoice, Unit } from '../model.js';
import { findByBoletoPdf } from '../services/invoices.js';

export const boletoPdfUrl = (baseUrl: string, condominium: string, pdfId: string) =>
  `${baseUrl}/boletos/${encodeURIComponent(condominium)}/${encodeURIComponent(pdfId)}.pdf`;

interface BoletoFacts {
  condo: Pick<CondominiumRecord, 'name' | 'document' | 'address'>;
  invoice: Invoice;
  unit: Unit | undefined;
  account: BankAccount | undefined;
}

export function boletoPdfRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { condominium: string; file: string } }>(
    '/boletos/:condominium/:file',
    async (request, reply) => {
      const pdfId = /^([A-Za-z0-9]{16,64})\.pdf$/.exec(request.params.file)?.[1];
      const missing = new ApiProblem(404, 'not_found', 'no such boleto');
      if (!pdfId) throw missing;
      const facts = ctx.store.read(request.params.condominium, (tx): BoletoFacts | undefined => {
        const invoice = findByBoletoPdf(tx, pdfId);
        if (!invoice?.payment?.boleto) return undefined;
        return {
          condo: tx.condo,
          invoice,
          unit: tx.units.get(invoice.unit_id),
          account: tx.bankAccounts.get(invoice.bank_account_id),
        };
      });
      if (!facts) throw missing;
      const pdf = await renderBoleto(facts);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="boleto-${facts.invoice.public_id}.pdf"`)
        .header('cache-control', 'private, max-age=300')
        .send(pdf);
    },
  );
}

const MM = 72 / 25.4; // PDF points per millimetre

async function renderBoleto({ condo, invoice, unit, account }: BoletoFacts): Promise<Buffer> {
  const boleto = invoice.payment?.boleto;
  if (!boleto) throw new Error('the invoice has no boleto');
  const { default: PDFDocument } = await import('pdfkit');
  // Uncompressed: a few kilobytes more, and its text stays readable by any tool (and by the tests).
  const doc = new PDFDocument({
    size: 'A4',
    margin: 15 * MM,
    compress: false,
    info: { Title: `Boleto ${invoice.public_id}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const linha = formatLinhaDigitavel(boleto.linha_digitavel);
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(account ? `Banco ${account.bank_code}` : 'Boleto');
  doc.fontSize(13).fillColor('#000').text(linha, { align: 'right' });
  doc.moveDown(0.5);
  const rows: [string, string][] = [
    ['Beneficiário', `${condo.name} (CNPJ ${condo.document})`],
    ['Endereço', condo.address],
    ['Pagador', unit ? `Unidade ${unit.label}` : `Unidade ${invoice.unit_id}`],
    ['Vencimento', formatDateBr(invoice.due_date)],
    ['Valor do documento', formatReais(invoice.total_cents)],
    ['Nosso número', boleto.nosso_numero],
    ['Agência / conta', account ? `${account.agency} / ${account.account_number}` : ''],
    ['Referência', `${invoice.public_id} (${invoice.period})`],
  ];
  for (const [label, value] of rows) {
    doc.fontSize(8).fillColor('#555').text(label);
    doc.fontSize(11).fillColor('#000').text(value);
    doc.moveDown(0.3);
  }
  // The ITF bar code: 13 mm tall, a narrow bar of about 0.33 mm (FEBRABAN asks for 103 mm in all, or near it).
  const { bars, width } = itfBars(boleto.barcode);
  const module = (103 * MM) / width;
  const top = doc.y + 6 * MM;
  for (const bar of bars) doc.rect(15 * MM + bar.x * module, top, bar.width * module, 13 * MM).fill('#000');
  doc.y = top + 16 * MM;
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(`Código de barras: ${boleto.barcode}`, 15 * MM);
  doc.end();
  return done;
}
