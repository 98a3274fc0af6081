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

/** A thin rule across the text's width at the current line, and the line moved past it. */
export function hrule(doc: PDFKit.PDFDocument, left: number, width: number): void {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 3;
}

/** The document's two faces, `regular` and `bold`. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('regular', fontFile('DejaVuSans.ttf'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold.ttf'));
}
