/**
 * The month as a document (#36): the prestação de contas the síndico signs and the council reviews, one A4 PDF in
 * Portuguese rendered from `report month --json`'s model and nothing else, so every figure it prints is the
 * JSON's. pdfkit lays it out (loaded only for --pdf); DejaVu Sans is embedded for every Portuguese glyph; the
 * charts are drawn with pdfkit's own lines and rectangles (docs/DECISIONS.md: vega-lite measured at 0.35 s to load
 * and ~85 ms a chart rendered and embedded, against a few milliseconds drawn). Numbers as Brazil writes them.
 */
import type { Readable } from 'node:stream';
import {
  type Block,
  CHARTS,
  COLORS,
  coverOf,
  type DocColumn,
  type DocTable,
  documentTitle,
  monthBlocks,
} from '../app/month-sections.js';
import { MONTHS, shortReais, totalByDay } from '../app/month-words.js';
import { formatDateBr } from '../domain/dates.js';
import type { MonthReport } from '../domain/month-report.js';
import { INK, MM, MUTED, RULE, registerFonts } from './pdf-house.js';

type Doc = PDFKit.PDFDocument;

const MARGIN = 18 * MM;
const PAGE = { width: 595.28, height: 841.89 };
const BOTTOM = PAGE.height - MARGIN - 24;

/**
 * The month's document as the PDF's bytes (the caller writes them: files.ts puts a file in place whole), and its
 * number of pages (a firm's run lists it).
 */
export async function monthPdf(report: MonthReport): Promise<{ stream: Readable; pages: number }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${documentTitle(report)} — ${report.cover.name}`,
      Author: report.cover.administradora?.name ?? report.cover.name,
      Subject: 'Prestação de contas mensal',
    },
  });
  registerFonts(doc);
  render(doc, report);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return { stream: doc, pages };
}

function render(doc: Doc, r: MonthReport): void {
  cover(doc, r);
  doc.addPage();
  for (const block of monthBlocks(r)) draw(doc, r, block);
  footers(doc, r);
}

function draw(doc: Doc, r: MonthReport, block: Block): void {
  switch (block.kind) {
    case 'heading':
      if (block.newPage) doc.addPage();
      heading(doc, block.text);
      return;
    case 'subheading':
      if (doc.y > BOTTOM - 50) doc.addPage();
      doc.moveDown(0.4).font('bold').fontSize(10).fillColor(INK).text(block.text, MARGIN);
      doc.moveDown(0.2);
      return;
    case 'table':
      table(doc, block.table);
      doc.moveDown(0.6);
      return;
    case 'note':
      note(doc, block.text);
      doc.moveDown(0.3);
      return;
    case 'charts':
      charts(doc, r);
      return;
    case 'signatures':
      signatures(doc, block);
      return;
  }
}

function cover(doc: Doc, r: MonthReport): void {
  const c = coverOf(r);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(MUTED)
    .text('PRESTAÇÃO DE CONTAS', MARGIN, 200, { characterSpacing: 1 });
  doc
    .moveDown(0.6)
    .font('bold')
    .fontSize(26)
    .fillColor(INK)
    .text(c.name, { width: PAGE.width - 2 * MARGIN });
  if (c.document) doc.moveDown(0.3).font('regular').fontSize(12).fillColor(MUTED).text(c.document);
  doc.moveDown(1.5).font('regular').fontSize(18).fillColor(INK).text(c.title);
  doc.moveDown(0.3).fontSize(12).fillColor(MUTED).text(c.position);
  doc.moveDown(4);
  if (c.administradora) {
    // the firm's logo above its name, at most 140 x 60 points, its proportions kept
    if (c.administradora.logo) {
      try {
        doc.image(c.administradora.logo, MARGIN, doc.y, { fit: [140, 60] });
        doc.y += 68;
      } catch {
        // checked at config set; a logo replaced since by something unreadable leaves only the name
      }
    }
    doc.font('regular').fontSize(11).fillColor(MUTED);
    for (const line of c.administradora.lines) doc.text(line, MARGIN);
  }
  doc.font('regular').fontSize(11).fillColor(MUTED).text(c.issued, MARGIN);
}

function heading(doc: Doc, text: string): void {
  if (doc.y > BOTTOM - 80) doc.addPage();
  doc.moveDown(doc.y > MARGIN + 5 ? 1.2 : 0);
  doc.font('bold').fontSize(14).fillColor(INK).text(text, MARGIN);
  const y = doc.y + 3;
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE.width - MARGIN, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 8;
}

/** The room between two columns: a name never runs into the date beside it (#52). */
export const GAP = 8;

/** A table: its header again on each new page, a thin rule under each row; a long cell wraps or is cut to a line. */
function table(doc: Doc, t: DocTable<unknown>): void {
  const { columns: cols, rows, total } = t;
  const size = 8.5;
  const rowH = 15;
  const textWidth = (c: DocColumn<unknown>) => c.width - GAP;
  const header = () => {
    // every cell at the row's y: pdfkit moves y down after each text, even kept to one line
    const y = doc.y;
    let x = MARGIN;
    doc
      .font('bold')
      .fontSize(size - 0.5)
      .fillColor(MUTED);
    for (const c of cols) {
      doc.text(c.title, x, y, { width: textWidth(c), align: c.right ? 'right' : 'left', lineBreak: false });
      x += c.width;
    }
    doc.y = y + rowH;
  };
  header();
  const line = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(INK);
    // a cell that may wrap (a payee's name, the bank's reason) makes its row taller: nothing is cut
    const height = Math.max(
      rowH,
      ...cols.map((c, i) =>
        c.wrap ? doc.heightOfString(cells[i] ?? '', { width: textWidth(c) }) + 5 : rowH,
      ),
    );
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      header();
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(INK);
    }
    const y = doc.y;
    let x = MARGIN;
    cols.forEach((c, i) => {
      doc.text(cells[i] ?? '', x, y, {
        width: textWidth(c),
        align: c.right ? 'right' : 'left',
        ...(c.wrap ? {} : { lineBreak: false, ellipsis: true, height: rowH }),
      });
      x += c.width;
    });
    doc
      .moveTo(MARGIN, y + height - 3)
      .lineTo(MARGIN + cols.reduce((n, c) => n + c.width, 0), y + height - 3)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + height;
  };
  for (const row of rows)
    line(
      cols.map((c) => c.value(row)),
      false,
    );
  if (total) line(total, true);
  doc.x = MARGIN;
}

const note = (doc: Doc, text: string) =>
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, { width: PAGE.width - 2 * MARGIN });

function charts(doc: Doc, r: MonthReport): void {
  const width = PAGE.width - 2 * MARGIN;
  // 1. the month's expenses by chart account: horizontal bars, the value at each bar's end
  doc.font('bold').fontSize(10).fillColor(INK).text(CHARTS.expenses, MARGIN);
  doc.moveDown(0.4);
  const groups = r.paid.by_chart_account.slice(0, 10);
  const most = Math.max(1, ...groups.map((g) => g.total_cents));
  const labelW = 190;
  for (const g of groups) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK)
      .text(g.name, MARGIN, y, { width: labelW - 6, lineBreak: false, ellipsis: true });
    const w = ((width - labelW - 80) * g.total_cents) / most;
    doc.rect(MARGIN + labelW, y, Math.max(1, w), 10).fill(COLORS.expense);
    doc.fillColor(INK).text(shortReais(g.total_cents), MARGIN + labelW + w + 4, y + 1, { lineBreak: false });
    doc.y = y + 15;
  }
  // 2. revenue against expense, twelve months: a pair of bars a month, their values above
  doc.moveDown(1.2);
  doc.font('bold').fontSize(10).fillColor(INK).text(CHARTS.months, MARGIN);
  legend(doc, CHARTS.legend);
  const top = doc.y + 14;
  const h = 150;
  // headroom above the tallest bar for its turned label
  const peak = Math.max(1, ...r.months.flatMap((m) => [m.revenue_cents, m.expense_cents])) / 0.8;
  const slot = width / r.months.length;
  const bar = slot * 0.36;
  doc
    .moveTo(MARGIN, top + h)
    .lineTo(MARGIN + width, top + h)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  r.months.forEach((m, i) => {
    const x = MARGIN + i * slot + slot * 0.12;
    for (const [j, cents, color] of [
      [0, m.revenue_cents, COLORS.revenue],
      [1, m.expense_cents, COLORS.expense],
    ] as const) {
      const bh = (h * cents) / peak;
      const bx = x + j * bar;
      doc.rect(bx, top + h - bh, bar - 1, Math.max(0.5, bh)).fill(color);
      // the value, turned to fit above its bar: the figure the JSON holds, in reais
      // turned, a line of text is as wide as the font is tall (5.5 points), to the right of where it starts:
      // started 2.75 points left of the bar's middle, it stands over its own bar, never over the next one
      const lx = bx + (bar - 1) / 2 - 2.75;
      doc.save();
      doc.rotate(-90, { origin: [lx, top + h - bh - 3] });
      doc
        .font('regular')
        .fontSize(5.5)
        .fillColor(INK)
        .text(shortReais(cents), lx, top + h - bh - 3, { lineBreak: false });
      doc.restore();
    }
    const [y, mo] = m.month.split('-');
    doc
      .font('regular')
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(`${(MONTHS[Number(mo) - 1] ?? '').slice(0, 3)}/${y?.slice(2)}`, MARGIN + i * slot, top + h + 4, {
        width: slot,
        align: 'center',
        lineBreak: false,
      });
  });
  doc.y = top + h + 22;
  // 3. the balance over the month, all accounts together, day by day
  doc.moveDown(1);
  doc.font('bold').fontSize(10).fillColor(INK).text(CHARTS.balance(r), MARGIN);
  const days = totalByDay(r);
  const lineTop = doc.y + 10;
  const lh = 120;
  if (days.length > 0) {
    const lo = Math.min(...days.map((d) => d.cents));
    const hi = Math.max(...days.map((d) => d.cents));
    const span = Math.max(1, hi - lo);
    // the amounts end 8 points before the plot begins: no label touches the line
    const plot = 64;
    const px = (i: number) => MARGIN + plot + ((width - plot) * i) / Math.max(1, days.length - 1);
    const py = (c: number) => lineTop + lh - (lh * (c - lo)) / span;
    doc
      .moveTo(MARGIN + plot, lineTop + lh)
      .lineTo(MARGIN + width, lineTop + lh)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    if (days.length === 1) {
      // one day: its balance as a point in the middle, said in words, and its one date under it (#66)
      const mid = MARGIN + plot + (width - plot) / 2;
      doc
        .circle(mid, lineTop + lh / 2, 3)
        .fillColor(COLORS.balance)
        .fill();
      doc.font('regular').fontSize(8).fillColor(MUTED);
      doc.text(CHARTS.oneDay, mid + 8, lineTop + lh / 2 - 4, { lineBreak: false });
      doc.text(formatDateBr(days[0]?.date ?? ''), mid - 20, lineTop + lh + 4, { lineBreak: false });
      doc.text(shortReais(hi), MARGIN, lineTop + lh / 2 - 4, {
        width: plot - 8,
        align: 'right',
        lineBreak: false,
      });
      doc.y = lineTop + lh + 20;
      doc.x = MARGIN;
      return;
    }
    for (const [i, d] of days.entries()) {
      if (i === 0) doc.moveTo(px(i), py(d.cents));
      else doc.lineTo(px(i), py(d.cents));
    }
    doc.lineWidth(1.5).strokeColor(COLORS.balance).stroke();
    doc.font('regular').fontSize(7).fillColor(MUTED);
    doc.text(shortReais(hi), MARGIN, lineTop - 4, { width: plot - 8, align: 'right', lineBreak: false });
    if (hi !== lo)
      doc.text(shortReais(lo), MARGIN, lineTop + lh - 4, {
        width: plot - 8,
        align: 'right',
        lineBreak: false,
      });
    doc.text(formatDateBr(days[0]?.date ?? ''), px(0) - 20, lineTop + lh + 4, { lineBreak: false });
    doc.text(formatDateBr(days.at(-1)?.date ?? ''), px(days.length - 1) - 40, lineTop + lh + 4, {
      lineBreak: false,
    });
  }
  doc.y = lineTop + lh + 20;
  doc.x = MARGIN;
}

function legend(doc: Doc, items: [string, string][]): void {
  let x = MARGIN;
  const y = doc.y + 3;
  for (const [name, color] of items) {
    doc.rect(x, y + 1, 8, 8).fill(color);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK)
      .text(name, x + 11, y, { lineBreak: false });
    x += 80;
  }
  doc.y = y + 10;
}

function signatures(doc: Doc, block: Extract<Block, { kind: 'signatures' }>): void {
  note(doc, block.text);
  let y = doc.y + 60;
  for (const who of block.lines) {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 260, y)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(who, MARGIN, y + 4);
    y += 70;
  }
}

/** The footer of every page: the condominium, the month, the page's number of all. */
function footers(doc: Doc, r: MonthReport): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // in the bottom margin: pdfkit would start a page for text written there, unless the margin is let go
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN + 6;
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(`${r.cover.name} · ${documentTitle(r)}`, MARGIN, y, { lineBreak: false });
    doc.text(`página ${i + 1} de ${range.count}`, MARGIN, y, {
      width: PAGE.width - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
  }
}
