/**
 * The agreement to sign (#70 point 5), A4 in Portuguese: the parties (the condominium, the unit and its owner), the
 * quotas it settles with their updated values and how each was reached (the memória's lines, #69), the
 * installments with their due dates and parts, the clauses of the charges file and what a broken agreement means,
 * and a place for the signatures. Dated by the calculation's day: the same proposal gives the same bytes.
 */
import type { Readable } from 'node:stream';
import type { Proposal } from '../app/agreement.js';
import { quotaLines } from '../app/debt-memoria.js';
import { formatDateBr } from '../domain/dates.js';
import { formatDocument } from '../domain/documents.js';
import { formatReais } from '../domain/money.js';
import { hrule, INK, MM, MUTED, textPages } from './pdf-house.js';

const MARGIN = 18 * MM;

export async function agreementPdf(p: Proposal, condominium: string): Promise<Readable> {
  const pages = await textPages({
    margin: MARGIN,
    title: `Termo de acordo ${p.id} — ${condominium}`,
    dated: p.as_of,
    heading: { room: 50, before: 0.7 },
    para: { size: 9, align: 'justify', after: 0.25 },
  });
  const { doc, width, bottom, room, heading } = pages;
  const para = (text: string, size?: number, color?: string, align?: 'justify' | 'left') =>
    pages.para(text, { ...(size ? { size } : {}), ...(color ? { color } : {}), ...(align ? { align } : {}) });

  doc.font('bold').fontSize(14).fillColor(INK).text(`Termo de acordo ${p.id}`);
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${condominium} — unidade ${p.unit_label}`);
  doc.moveDown(0.6);
  const owner = p.debt.owner ?? 'o(a) proprietário(a) da unidade';
  const document = p.debt.owner_document ? `, CPF/CNPJ ${formatDocument(p.debt.owner_document)}` : '';
  para(
    `De um lado o ${condominium}, credor; de outro ${owner}${document}, proprietário(a) da unidade ${p.unit_label}, devedor(a). As partes acordam o pagamento do débito de ${p.debt.quotas.length} cota(s) condominial(is) em atraso, atualizado até ${formatDateBr(p.as_of)} pelo arquivo de encargos abaixo, em ${p.installments.length} pagamento(s), nos termos a seguir.`,
  );

  heading('1. Cotas quitadas por este acordo, com os valores atualizados');
  for (const q of p.debt.quotas) {
    room(40);
    doc.font('bold').fontSize(8.5).fillColor(INK);
    doc.text(
      `Vencimento ${formatDateBr(q.due_date)} — principal ${formatReais(q.principal_cents)}, correção ${formatReais(q.correction_cents)}, juros ${formatReais(q.interest_cents)}, multa ${formatReais(q.fine_cents)}: ${formatReais(q.total_cents)}`,
      MARGIN,
      doc.y,
      { width },
    );
    doc.font('regular').fontSize(7).fillColor(MUTED);
    for (const line of quotaLines(q)) doc.text(line, MARGIN + 8, doc.y, { width: width - 8 });
    doc.text(`cobrança ${q.invoice}`, MARGIN + 8, doc.y, { width: width - 8 });
    doc.moveDown(0.3);
  }
  para(`Débito atualizado: ${formatReais(p.debt.total_cents)}.`, 9);
  if (p.fee)
    para(`${p.fee.name}: ${p.fee.basis} = ${formatReais(p.fee.cents)}, cobrados no subtotal das parcelas.`);
  para(`Total do acordo: ${formatReais(p.total_cents)}.`);

  heading('2. Pagamentos');
  installmentsTable(doc, p, width, bottom);
  para(
    'Cada coluna das parcelas soma exatamente a do débito; as parcelas diferem entre si em no máximo um centavo (os centavos do arredondamento vão às primeiras). Cada parcela é uma cobrança com boleto e PIX.',
    8,
    MUTED,
  );

  heading('3. Encargos e rompimento');
  para(`Arquivo de encargos ${p.rules.path} (SHA-256 ${p.rules.sha256}):`, 8, MUTED, 'left');
  for (const c of p.rules.clauses) para(c, 8, INK, 'left');
  para(
    'Se uma parcela ficar em atraso pelo prazo da cláusula acordo acima (ou, sem ela, 30 dias), o acordo se rompe: as parcelas não pagas voltam à cobrança, o principal delas com os encargos das próprias datas de vencimento, a multa uma só vez, nunca multa sobre multa nem sobre os encargos deste acordo. O que foi pago fica imputado como acima.',
  );

  room(120);
  doc.moveDown(2);
  const half = (width - 30) / 2;
  const y = doc.y + 30;
  for (const [i, who] of [condominium, owner].entries()) {
    const x = MARGIN + i * (half + 30);
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .lineWidth(0.5)
      .strokeColor(INK)
      .stroke();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(INK)
      .text(who, x, y + 4, { width: half, align: 'center' });
  }
  doc.y = y + 40;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Local e data: ______________________________', MARGIN);

  return pages.finish(`Acordo ${p.id}`);
}

const HEAD = ['Nº', 'VENCIMENTO', 'PRINCIPAL', 'CORREÇÃO', 'MULTA', 'JUROS', 'HONOR.', 'TOTAL'];

function installmentsTable(doc: PDFKit.PDFDocument, p: Proposal, width: number, bottom: number): void {
  // the number's and the date's columns, then six amounts at equal widths
  const [no, due] = [28, 62];
  const each = (width - no - due) / 6;
  const x = (i: number) => (i === 0 ? MARGIN : i === 1 ? MARGIN + no : MARGIN + no + due + (i - 2) * each);
  const w = (i: number) => (i === 0 ? no : i === 1 ? due : each - 4);
  const row = (cells: string[], bold = false, color = INK) => {
    if (doc.y + 12 > bottom) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(8)
      .fillColor(color);
    cells.forEach((c, i) => {
      doc.text(c, x(i), y, { width: w(i), align: i < 2 ? 'left' : 'right', lineBreak: false });
    });
    doc.y = y + 12;
  };
  row(HEAD, true, MUTED);
  hrule(doc, MARGIN, width);
  const money = (parts: Proposal['columns'], total: number) => [
    ...[parts.principal, parts.correction, parts.fine, parts.interest, parts.fees].map(formatReais),
    formatReais(total),
  ];
  for (const i of p.installments)
    row([
      i.number === 0 ? 'entrada' : String(i.number),
      formatDateBr(i.due_date),
      ...money(i.parts, i.total_cents),
    ]);
  hrule(doc, MARGIN, width);
  row(['', 'TOTAL', ...money(p.columns, p.total_cents)], true);
  doc.moveDown(0.3);
}
