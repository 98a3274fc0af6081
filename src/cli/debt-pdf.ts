/**
 * The memória de cálculo as a PDF (#69 point 4): A4 portrait, the items of CPC art. 798's sole paragraph, the
 * charges file's clauses and hash, each unit's quotas with every line of their calculation, the tables the figures
 * came from, and a page count. Dated by the calculation's day, not the clock: the same inputs give the same bytes.
 */
import type { Readable } from 'node:stream';
import { type Memoria, quotaLines } from '../app/debt-memoria.js';
import type { QuotaUpdated } from '../app/debt-update.js';
import { formatDateBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import { hrule, INK, MM, MUTED, textPages } from './pdf-house.js';

type Doc = PDFKit.PDFDocument;

const MARGIN = 15 * MM;
const ALERT = '#b42318';
const COLUMNS = ['VENCIMENTO', 'PRINCIPAL', 'CORREÇÃO', 'JUROS', 'MULTA', 'TOTAL'] as const;

export async function memoriaPdf(m: Memoria): Promise<Readable> {
  const pages = await textPages({
    margin: MARGIN,
    title: `${m.title} — ${m.condominium}`,
    subject: 'Demonstrativo do débito (CPC art. 798)',
    dated: m.as_of,
    heading: { room: 40, before: 0.6 },
    para: { size: 8.5, after: 0 },
  });
  const { doc, width, bottom, heading } = pages;
  const para = (text: string, size?: number, color?: string, font?: 'regular' | 'bold') =>
    pages.para(text, { ...(size ? { size } : {}), ...(color ? { color } : {}), ...(font ? { font } : {}) });

  doc.font('bold').fontSize(14).fillColor(INK).text(m.title);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${m.condominium} — atualizado até ${formatDateBr(m.as_of)}`);
  doc
    .fontSize(8.5)
    .text('CPC art. 784, X (a cota condominial como título executivo); art. 798, I, "b", e parágrafo único');
  for (const w of m.warnings) {
    doc.moveDown(0.5);
    para(w, 9, ALERT, 'bold');
  }

  heading('Critérios (CPC art. 798, parágrafo único)');
  for (const i of m.items) {
    para(`${i.item ? `${i.item} — ` : ''}${i.label}: ${i.text}`);
    doc.moveDown(0.25);
  }

  heading('Arquivo de encargos');
  para(`${m.update.rules.path}`);
  para(`SHA-256 ${m.update.rules.sha256}`, 8, MUTED);
  doc.moveDown(0.2);
  for (const clause of m.update.rules.clauses) para(clause, 8);

  for (const unit of m.update.units) {
    heading(`Unidade ${unit.unit_label}`);
    tableHeading(doc, width);
    for (const q of unit.quotas) quotaRows(doc, q, width, bottom);
    hrule(doc, MARGIN, width);
    amounts(doc, width, ['Total da unidade', ...centsOf(unit)], true);
  }
  if (m.update.units.length > 1) {
    heading('Total');
    amounts(doc, width, [`${m.update.totals.quotas} cotas`, ...centsOf(m.update.totals)], true);
  }

  heading('Tabelas de índices de onde vieram os valores');
  if (m.update.index_sources.length === 0) para('nenhuma: nada a corrigir');
  for (const s of m.update.index_sources) para(s);
  doc.moveDown(0.6);
  para(
    `Gerado por condo a partir das cobranças do servidor, do arquivo de encargos e das tabelas acima; as mesmas entradas dão o mesmo documento.`,
    7.5,
    MUTED,
  );

  return pages.finish(m.condominium);
}

type Cents = Pick<
  QuotaUpdated,
  'principal_cents' | 'correction_cents' | 'interest_cents' | 'fine_cents' | 'total_cents'
>;
const centsOf = (c: Cents) => [
  c.principal_cents,
  c.correction_cents,
  c.interest_cents,
  c.fine_cents,
  c.total_cents,
];

/** The first column's width; the five amounts share the rest. */
const FIRST = 90;

function tableHeading(doc: Doc, width: number): void {
  const y = doc.y;
  doc.font('bold').fontSize(7.5).fillColor(MUTED);
  const each = (width - FIRST) / 5;
  COLUMNS.forEach((c, i) => {
    doc.text(c, i === 0 ? MARGIN : MARGIN + FIRST + (i - 1) * each, y, {
      width: i === 0 ? FIRST : each - 4,
      align: i === 0 ? 'left' : 'right',
      lineBreak: false,
    });
  });
  doc.y = y + 11;
  hrule(doc, MARGIN, width);
}

function amounts(doc: Doc, width: number, cells: [string, ...number[]], bold = false): void {
  const y = doc.y;
  const each = (width - FIRST) / 5;
  doc
    .font(bold ? 'bold' : 'regular')
    .fontSize(8)
    .fillColor(INK);
  doc.text(cells[0], MARGIN, y, { width: FIRST, lineBreak: false });
  cells.slice(1).forEach((c, i) => {
    doc.text(formatReais(c as number), MARGIN + FIRST + i * each, y, {
      width: each - 4,
      align: 'right',
      lineBreak: false,
    });
  });
  doc.y = y + 12;
}

/** A quota's amounts, then every line of how they were reached, small, under them. */
function quotaRows(doc: Doc, q: QuotaUpdated, width: number, bottom: number): void {
  const lines = q.lines.filter((l) => l.step !== 'principal' && l.step !== 'total');
  if (doc.y + 12 + lines.length * 20 > bottom) {
    doc.addPage();
    tableHeading(doc, width);
  }
  amounts(doc, width, [formatDateBr(q.due_date), ...centsOf(q)]);
  doc.font('regular').fontSize(7).fillColor(MUTED);
  const said = [
    `cobrança ${q.invoice}${q.notes ? ` (${q.notes})` : ''}, ${q.days} dias de atraso`,
    ...quotaLines(q),
  ];
  for (const s of said) doc.text(s, MARGIN + 8, doc.y, { width: width - 8 });
  doc.y += 4;
}
