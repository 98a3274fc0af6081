/**
 * The council's sheet as a PDF (#68 point 3): A4, landscape where the components need the width, the units × the
 * components with the TOTAL row, the heading repeated on each page, and under the table what app/council-sheet.ts
 * says of the split (fractions and their sum, the rounding's cents, the exempt units).
 */
import type { Readable } from 'node:stream';
import type { CouncilSheet } from '../app/council-sheet.js';
import { formatReais } from '../domain/money.js';
import { hrule, INK, MM, MUTED, portuguese, registerFonts, type Words } from './pdf-house.js';

const MARGIN = 15 * MM;
const ROW = 13;

export async function councilSheetPdf(sheet: CouncilSheet, t: Words = portuguese): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit');
  const landscape = sheet.components.length > 3;
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: `${t(sheet.title)} — ${sheet.condominium}`, Subject: 'Rateio' },
  });
  registerFonts(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  doc.font('bold').fontSize(14).fillColor(INK).text(t(sheet.title));
  doc.font('regular').fontSize(10).fillColor(MUTED).text(sheet.condominium);
  doc.moveDown(0.8);

  // the unit's column, the fraction's, then the amounts at equal widths
  const unitWidth = 95;
  const fractionWidth = 62;
  const amountWidth = (width - unitWidth - fractionWidth) / (sheet.components.length + 1);
  const heading = () => {
    const y = doc.y;
    doc.font('bold').fontSize(7.5).fillColor(MUTED);
    doc.text(t({ en: 'UNIT', pt: 'UNIDADE' }), MARGIN, y, { width: unitWidth });
    doc.text(t({ en: 'FRACTION', pt: 'FRAÇÃO' }), MARGIN + unitWidth, y, {
      width: fractionWidth,
      align: 'right',
    });
    let h = doc.y - y;
    for (const [i, name] of [...sheet.components, 'TOTAL'].entries()) {
      doc.text(name.toUpperCase(), MARGIN + unitWidth + fractionWidth + i * amountWidth, y, {
        width: amountWidth - 4,
        align: 'right',
      });
      h = Math.max(h, doc.y - y);
    }
    doc.y = y + h + 3;
    hrule(doc, MARGIN, width);
  };
  const row = (unit: string, fraction: string, cents: (number | null)[], total: number, bold = false) => {
    if (doc.y + ROW > bottom) {
      doc.addPage();
      heading();
    }
    const y = doc.y;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(8)
      .fillColor(INK);
    doc.text(unit, MARGIN, y, { width: unitWidth, lineBreak: false, ellipsis: true });
    doc.text(fraction, MARGIN + unitWidth, y, { width: fractionWidth, align: 'right', lineBreak: false });
    for (const [i, c] of [...cents, total].entries())
      doc.text(c === null ? '—' : formatReais(c), MARGIN + unitWidth + fractionWidth + i * amountWidth, y, {
        width: amountWidth - 4,
        align: 'right',
        lineBreak: false,
      });

    doc.y = y + ROW;
  };
  heading();
  for (const r of sheet.rows) row(r.unit, r.fraction, r.cents, r.total);
  hrule(doc, MARGIN, width);
  row('TOTAL', '', sheet.totals.cents, sheet.totals.total, true);

  doc.moveDown(1);
  for (const note of sheet.notes) {
    if (doc.y + 24 > bottom) doc.addPage();
    doc.font('regular').fontSize(8.5).fillColor(INK).text(t(note), MARGIN, doc.y, { width });
    doc.moveDown(0.4);
  }
  doc.end();
  return doc;
}
