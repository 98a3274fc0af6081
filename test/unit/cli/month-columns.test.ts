import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { expect, test } from 'vitest';
import { monthBlocks } from '../../../src/app/month-sections.js';
import { GAP } from '../../../src/cli/month-document.js';

/**
 * #52: a cell that must be read whole fits its column in the PDF whatever its letters: a batch's end is six of a
 * ULID's letters, and the widest (W) must fit as well as the narrowest (a batch ending DWHM8F was cut to "…DWH…").
 */
test("the PDF's unwrapped columns hold their widest values: a batch's end, a date, a CNPJ", () => {
  const doc = new PDFDocument();
  doc.registerFont(
    'regular',
    join(import.meta.dirname, '..', '..', '..', 'assets', 'fonts', 'DejaVuSans.ttf'),
  );
  doc.font('regular').fontSize(8.5);
  const report = {
    month: '2026-11',
    cut_off: '2026-11-27',
    paid: {
      payments: 1,
      total_cents: 1,
      by_supplier: [],
      by_chart_account: [{ name: 'x', count: 1, total_cents: 1 }],
    },
    payments: [{ chart_account: 'x' }],
    rejected: [],
    pending: [],
    revenue: { entries: 0, total_cents: 0, by_chart_account: [] },
    defaulters: { units: 0, outstanding_cents: 0, rows: [] },
    balances: [],
    statements_known: true,
    cover: { name: 'C', document: null, month: '2026-11', administradora: null, issued_on: '2026-11-27' },
    months: [],
  } as never;
  const payments = monthBlocks(report).find(
    (b) => b.kind === 'table' && b.table.columns.some((c) => c.title === 'Lote'),
  );
  if (payments?.kind !== 'table') throw new Error('no payments table');
  const width = (title: string) => (payments.table.columns.find((c) => c.title === title)?.width ?? 0) - GAP;
  expect(doc.widthOfString('…WWWWWW')).toBeLessThanOrEqual(width('Lote'));
  expect(doc.widthOfString('30/11/2026')).toBeLessThanOrEqual(width('Data'));
  expect(doc.widthOfString('00.000.000/0000-00')).toBeLessThanOrEqual(width('CPF/CNPJ'));
});
