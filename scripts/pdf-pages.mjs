// Pages of a PDF as PNG, to look at a document as a reader would (#36): `node scripts/pdf-pages.mjs FILE.pdf 1 2 4`
// writes FILE-1.png, FILE-2.png, FILE-4.png beside it. MuPDF's WebAssembly build (a devDependency), where
// poppler's pdftoppm is not installed; the same renderer as many viewers.
import { readFileSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

const [file, ...pages] = process.argv.slice(2);
if (!file || pages.length === 0) {
  console.error('usage: node scripts/pdf-pages.mjs FILE.pdf PAGE... [--scale N]');
  process.exit(2);
}
const scaleAt = pages.indexOf('--scale');
const scale = scaleAt >= 0 ? Number(pages.splice(scaleAt, 2)[1]) : 1.4;
const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf');
const count = doc.countPages();
const wrong = pages.filter((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > count);
if (wrong.length > 0) {
  console.error(`PAGE: ${wrong.join(', ')} is not a page of ${file} (it has ${count}: 1 to ${count})`);
  process.exit(2);
}
for (const n of pages.map(Number)) {
  const pix = doc
    .loadPage(n - 1)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  const out = file.replace(/\.pdf$/i, `-${n}.png`);
  writeFileSync(out, pix.asPNG());
  console.log(out);
}
