/**
 * The residents' pages as a PDF (#68 point 2): one A4 page a unit, as app/resident-pages.ts says it. The bar code
 * is the boleto's ITF (FEBRABAN: about 103 mm by 13 mm; a page without it cannot be paid at a lotérica), the PIX a
 * QR code drawn as vector squares from `qrcode`'s modules, its copia e cola printed in full beside it.
 */
import type { Readable } from 'node:stream';
import type { ResidentPage } from '../app/resident-pages.js';
import { formatLinhaDigitavel } from '../domain/boleto/index.js';
import { itfBars } from '../domain/boleto/itf.js';
import { formatDocument } from '../domain/documents.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { qrModules } from '../formats/pix/terminal.js';
import { NO_PROGRESS, writeAtomically } from './files.js';
import { hrule, INK, MM, MUTED, portuguese, registerFonts, type Words } from './pdf-house.js';

type Doc = PDFKit.PDFDocument;

const MARGIN = 18 * MM;
const WIDTH = 595.28 - 2 * MARGIN;

/** The pages written to `path` whole (a failed write leaves nothing behind). */
export async function writeResidentPdf(pages: readonly ResidentPage[], path: string): Promise<void> {
  await writeAtomically(await residentPdf(pages), path, NO_PROGRESS, true);
}

/** The pages, one a unit, as a PDF stream. */
export async function residentPdf(pages: readonly ResidentPage[], t: Words = portuguese): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: `${pages[0]?.condominium.name ?? ''} — ${pages[0]?.month ?? ''}`,
      Subject: 'Cota condominial',
    },
  });
  registerFonts(doc);
  for (const page of pages) {
    doc.addPage();
    drawPage(doc, page, t);
  }
  doc.end();
  return doc;
}

function drawPage(doc: Doc, p: ResidentPage, t: Words): void {
  // who bills: the firm's logo and name at the right, the condominium at the left
  const top = doc.y;
  if (p.administradora.logo) {
    try {
      doc.image(p.administradora.logo, MARGIN + WIDTH - 120, top, { fit: [120, 40], align: 'right' });
    } catch {
      // checked at config set; a logo replaced since by something unreadable leaves the name alone
    }
  }
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(INK)
    .text(p.condominium.name, MARGIN, top, { width: WIDTH - 130 });
  const cnpj = p.condominium.document ? formatDocument(p.condominium.document) : undefined;
  if (cnpj)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`CNPJ ${cnpj}`, { width: WIDTH - 130 });
  if (p.administradora.name)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `${t({ en: 'Managed by', pt: 'Administração' })}: ${p.administradora.name}${p.administradora.cnpj ? ` (CNPJ ${formatDocument(p.administradora.cnpj)})` : ''}`,
        { width: WIDTH - 130 },
      );
  doc.y = Math.max(doc.y, top + 44);
  rule(doc);

  // whom, and for what month
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t({ en: 'Unit', pt: 'Unidade' }), MARGIN);
  doc.font('bold').fontSize(13).fillColor(INK).text(p.unit.label);
  if (p.unit.owner) doc.font('regular').fontSize(10).fillColor(INK).text(p.unit.owner);
  doc.moveDown(0.6);
  const facts: [Text, string][] = [
    // the month billed (the invoice's own period is the month it was created in)
    [{ en: 'Billed for', pt: 'Referente a' }, p.month],
    [{ en: 'Due', pt: 'Vencimento' }, p.due],
    [{ en: 'Invoice', pt: 'Cobrança' }, p.invoice],
  ];
  const col = WIDTH / 3;
  const y = doc.y;
  facts.forEach(([label, value], i) => {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(t(label), MARGIN + i * col, y, { width: col });
    // the invoice's id is 26 characters: smaller, whole on one line
    const id = i === facts.length - 1;
    doc
      .font(id ? 'regular' : 'bold')
      .fontSize(id ? 9 : 11)
      .fillColor(INK)
      .text(value, MARGIN + i * col, y + 11, id ? { lineBreak: false } : { width: col });
  });
  doc.y = y + 32;
  rule(doc);

  // each part of the quota, what it is of, and its amount; the total
  for (const line of p.lines) {
    const at = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(line.name, MARGIN, at, { width: WIDTH - 110 });
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(t(line.basis), MARGIN, doc.y, { width: WIDTH - 110 });
    const after = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(formatReais(line.cents), MARGIN + WIDTH - 110, at, { width: 110, align: 'right' });
    doc.y = Math.max(after, at + 14) + 5;
  }
  rule(doc);
  const totalAt = doc.y;
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(t({ en: 'Total', pt: 'Total' }), MARGIN, totalAt);
  doc.text(formatReais(p.total_cents), MARGIN + WIDTH - 160, totalAt, { width: 160, align: 'right' });
  doc.y = totalAt + 24;

  if (p.boleto) drawBoleto(doc, p.boleto, t);
  if (p.pix) drawPix(doc, p.pix, t);
}

function rule(doc: Doc): void {
  doc.moveDown(0.4);
  hrule(doc, MARGIN, WIDTH, 0);
  doc.moveDown(0.6);
}

/** The linha digitável, and the ITF bar code of the 44 digits under it. */
function drawBoleto(doc: Doc, boleto: NonNullable<ResidentPage['boleto']>, t: Words): void {
  rule(doc);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t({ en: 'Boleto: linha digitável', pt: 'Boleto: linha digitável' }), MARGIN);
  doc.font('bold').fontSize(12).fillColor(INK).text(formatLinhaDigitavel(boleto.linha_digitavel), MARGIN);
  const { bars, width } = itfBars(boleto.barcode);
  const module = (103 * MM) / width;
  const top = doc.y + 4 * MM;
  for (const bar of bars) doc.rect(MARGIN + bar.x * module, top, bar.width * module, 13 * MM).fill('#000');
  doc.y = top + 16 * MM;
}

/** The PIX QR code at the left (40 mm), its copia e cola at the right, whole. */
function drawPix(doc: Doc, payload: string, t: Words): void {
  rule(doc);
  const modules = qrModules(payload);
  const size = 40 * MM;
  const cell = size / (modules.length + 4);
  const top = doc.y;
  for (const [r, row] of modules.entries())
    for (const [c, dark] of row.entries())
      if (dark) doc.rect(MARGIN + (c + 2) * cell, top + (r + 2) * cell, cell, cell).fill('#000');

  const left = MARGIN + size + 6 * MM;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      t({
        en: 'PIX: scan it, or paste the code (copia e cola)',
        pt: 'PIX: leia o código, ou cole o copia e cola',
      }),
      left,
      top + 2 * cell,
      {
        width: MARGIN + WIDTH - left,
      },
    );
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(INK)
    .text(payload, left, doc.y + 2, { width: MARGIN + WIDTH - left });
  doc.y = Math.max(doc.y, top + size) + 4;
}
