/**
 * What condo's PDFs share (#36, #68): DejaVu Sans embedded for every Portuguese glyph, the inks, millimetres, and
 * the language a Brazilian document is written in. pdfkit itself is loaded by each document, only when drawn.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Text } from '../domain/text.js';

export const MM = 72 / 25.4;
export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const RULE = '#cbd2d9';

/** A document for Brazilian residents and councils: Portuguese, whatever the CLI's language (as the month's). */
export type Words = (text: Text) => string;
export const portuguese: Words = (text) => text.pt;

/** A font's path, or its bytes in the single executable, which carries them as assets (scripts/package.mjs). */
export function fontFile(name: string): string | Buffer {
  const shipped = globalThis.condoSea?.asset(`fonts/${name}`);
  return shipped ? Buffer.from(shipped) : join(fontsDir(), name);
}

/** The fonts shipped beside the bundle's chunks (scripts/build.mjs), or in the source tree when run from it. */
function fontsDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return /[\\/]dist[\\/]/.test(here) ? join(here, 'fonts') : join(here, '..', '..', 'assets', 'fonts');
}

/** A thin rule across the text's width at the current line, and the line moved `after` points past it. */
export function hrule(doc: PDFKit.PDFDocument, left: number, width: number, after = 3): void {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += after;
}

/** The document's two faces, `regular` and `bold`. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('regular', fontFile('DejaVuSans.ttf'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold.ttf'));
}

/** A document of running text (the memória de cálculo, an agreement): its page, and how it writes. */
export interface TextPages {
  readonly doc: PDFKit.PDFDocument;
  readonly margin: number;
  /** the text's width, and the lowest line a text may start on (the foot keeps the page's number) */
  readonly width: number;
  readonly bottom: number;
  /** a new page unless `h` more points fit on this one */
  room(h: number): void;
  heading(text: string): void;
  para(
    text: string,
    o?: { size?: number; color?: string; font?: 'regular' | 'bold'; align?: 'justify' | 'left' },
  ): void;
  /** every page numbered at its foot (`label — página i de n`), and the document ended */
  finish(label: string): PDFKit.PDFDocument;
}

/**
 * A4 pages of running text, dated by the day the figures are of (not the clock: the same inputs give the same
 * bytes), fonts registered, headings and paragraphs in one way for every such document.
 */
export async function textPages(o: {
  margin: number;
  title: string;
  subject?: string;
  /** YYYY-MM-DD */
  dated: string;
  /** a heading's room asked for and space before it, in lines */
  heading: { room: number; before: number };
  /** a paragraph's size, alignment and space after it, in lines, unless told */
  para: { size: number; align?: 'justify' | 'left'; after: number };
}): Promise<TextPages> {
  const { default: PDFDocument } = await import('pdfkit');
  const dated = new Date(`${o.dated}T12:00:00.000Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: o.margin,
    bufferPages: true,
    info: {
      Title: o.title,
      ...(o.subject ? { Subject: o.subject } : {}),
      Creator: 'condo',
      Producer: 'condo',
      CreationDate: dated,
      ModDate: dated,
    },
  });
  registerFonts(doc);
  const width = doc.page.width - 2 * o.margin;
  const bottom = doc.page.height - o.margin - 14;
  const room = (h: number) => {
    if (doc.y + h > bottom) doc.addPage();
  };
  return {
    doc,
    margin: o.margin,
    width,
    bottom,
    room,
    heading(text) {
      room(o.heading.room);
      doc.moveDown(o.heading.before);
      doc.font('bold').fontSize(10.5).fillColor(INK).text(text, o.margin, doc.y, { width });
      doc.moveDown(0.3);
    },
    para(text, p = {}) {
      const size = p.size ?? o.para.size;
      room(size * 3);
      const align = p.align ?? o.para.align;
      doc
        .font(p.font ?? 'regular')
        .fontSize(size)
        .fillColor(p.color ?? INK)
        .text(text, o.margin, doc.y, { width, ...(align ? { align } : {}) });
      if (o.para.after > 0) doc.moveDown(o.para.after);
    },
    finish(label) {
      const pages = doc.bufferedPageRange();
      for (let i = 0; i < pages.count; i++) {
        doc.switchToPage(pages.start + i);
        // below the bottom margin pdfkit would start a page of its own: the margin is lifted while the foot is written
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('regular')
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(`${label} — página ${i + 1} de ${pages.count}`, o.margin, doc.page.height - o.margin, {
            width,
            align: 'right',
            lineBreak: false,
          });
        doc.page.margins.bottom = margin;
      }
      doc.end();
      return doc;
    },
  };
}
