import { stat } from 'node:fs/promises';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import { describeTribute } from '../../domain/tributes.js';
import type { CnabFile, CnabItem, ReadOptions } from '../../formats/cnab240/index.js';
import type { Deps } from '../context.js';
import { wrongKind } from '../file-kind.js';
import { readChunks, setAside } from '../files.js';
import { atLine, english, type Translate } from '../i18n.js';
import { paint, printable, writeLine } from '../io.js';
import { type Column, delimitedRows, jsonElements, printJsonAround, printList } from '../output.js';

/** `condo cnab inspect`: a CNAB 240 file read offline, for a person checking a .rem/.ret by eye, or as JSON. */

export async function readCnabFile(path: string, options?: ReadOptions): Promise<CnabFile> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile())
    throw new UsageError({
      en: `FILE: ${path} is not a readable file`,
      pt: `FILE: ${path} não é um arquivo legível`,
    });
  const wrong = await wrongKind(path, 'cnab');
  if (wrong) throw new UsageError(wrong);
  const { readCnab240 } = await import('../../formats/cnab240/index.js');
  return readCnab240(readChunks(path), options);
}

/** The JSON contract of `cnab inspect --json` (the reader's summary; items included for scripts). */
export function inspectJson(file: CnabFile) {
  return {
    bank_code: file.bank_code,
    bank_name: file.bank_name,
    direction: file.direction,
    service: file.service,
    dialect: file.dialect,
    dialect_name: file.dialect_name,
    layout_version: file.layout_version,
    company: file.company,
    file_sequence: file.file_sequence,
    generated_at: file.generated_at,
    lines: file.lines,
    truncated: file.truncated,
    batches: file.batches,
    details: file.details,
    total_amount_cents: file.total_amount_cents,
    items: file.items,
    warnings: file.warnings,
    errors: file.errors,
  };
}

/**
 * Where the money goes: a PIX key and its type, a bank account, the tax guide or the barcode being paid; its
 * words in the person's language on a screen, in English for a script (tsv and csv read the same everywhere).
 */
function destination(i: CnabItem, t: Translate): string {
  if (i.tribute)
    return [describeTribute(i.tribute), i.barcode ? `${t('barcode')} ${i.barcode}` : '']
      .filter(Boolean)
      .join(' · ');
  if (i.pix_key) return `PIX ${t(i.pix_key_type ?? 'key')} ${i.pix_key}`;
  const b = i.payee_bank;
  if (b && !/^0*$/.test(b.bank_code))
    return `${t('bank')} ${b.bank_code} ${t('agency')} ${b.agency} ${t('account')} ${b.account}`;
  if (i.barcode) return `${t('barcode')} ${i.barcode}`;
  return '';
}

/** What the summary counts: a DDA file's boletos, or payments. */
function itemsTotal(file: CnabFile): string {
  if (file.service === 'dda') return file.details === 1 ? 'boleto, total' : 'boletos, total';
  return file.details === 1 ? 'payment, total' : 'payments, total';
}

/** The header's date and time as a person reads them (26/11/2026 11:10:24); JSON keeps the ISO form. */
function generatedAt(at: string | null): string {
  if (!at) return '?';
  const [date, time] = at.split('T');
  return time ? `${formatDateBr(date)} ${time}` : formatDateBr(date);
}

const amountOf = (i: CnabItem) => i.paid_amount_cents ?? i.amount_cents ?? i.face_value_cents;

const paymentColumns = (t: Translate): Column<CnabItem>[] => [
  { header: 'LINE', value: (i) => i.line },
  { header: 'SEG', value: (i) => i.segment },
  { header: 'PAYEE', value: (i) => i.payee_name },
  { header: 'CPF/CNPJ', value: (i) => i.payee_document, fixed: true },
  { header: 'DESTINATION', value: (i) => destination(i, t), wrap: true },
  { header: 'AMOUNT', value: amountOf, kind: 'cents' },
  { header: 'DATE', value: (i) => formatDateBr(i.paid_date ?? i.date ?? i.due_date), fixed: true },
  { header: 'SEU NÚMERO', value: (i) => i.seu_numero, fixed: true },
  { header: 'OCCURRENCES', value: (i) => i.occurrences.map((o) => `${o.code} ${o.message}`).join('; ') },
];

/** A DDA file's boletos: who charges what, when it is due, and the barcode that pays it. */
const ddaColumns = (): Column<CnabItem>[] => [
  { header: 'LINE', value: (i) => i.line },
  { header: 'BENEFICIARY', value: (i) => i.payee_name },
  { header: 'CPF/CNPJ', value: (i) => i.payee_document, fixed: true },
  { header: 'DUE', value: (i) => i.due_date, kind: 'date' },
  { header: 'AMOUNT', value: (i) => i.amount_cents, kind: 'cents' },
  { header: 'DOCUMENT', value: (i) => i.dda?.document_number },
  { header: 'BARCODE', value: (i) => i.barcode, fixed: true },
];

/** The columns a file's items are listed in: a DDA file's boletos, or payments and titles. */
const columnsFor = (item: CnabItem | undefined, t: Translate) =>
  item?.dda ? ddaColumns() : paymentColumns(t);

/** A table is for a person's eyes: a file's first thousand items, the rest in tsv, csv or JSON. */
export const TABLE_ITEMS = 1_000;

export async function inspect(deps: Deps, path: string): Promise<number> {
  // A file of a million lines is never held in memory. Rows for a script (tsv, csv, the items of the JSON) are
  // written aside as the one read goes, and follow the summary, which is known only at the end; a table keeps its
  // first TABLE_ITEMS items. The first item says which columns (a DDA file's boletos or payments).
  const aside = deps.format === 'table' ? undefined : setAside();
  const shown: CnabItem[] = [];
  let items = 0;
  try {
    let rows: { write(item: CnabItem): void; end(): unknown } | undefined;
    const rowsFor = (item: CnabItem | undefined) =>
      aside && deps.format === 'json'
        ? jsonElements(deps, aside.out)
        : aside
          ? delimitedRows({ ...deps, io: { ...deps.io, stdout: aside.out } }, columnsFor(item, english))
          : undefined;
    const file = await readCnabFile(path, {
      keepItems: false,
      onItem: (item) => {
        items++;
        if (!aside) {
          if (shown.length < TABLE_ITEMS) shown.push(item);
          return;
        }
        rows ??= rowsFor(item);
        rows?.write(item);
      },
    });
    // a file of no items still gets its header row (csv, tsv --header)
    (rows ?? rowsFor(undefined))?.end();
    const fit = file.errors.length === 0 && !file.truncated;
    if (deps.format === 'json' && aside) {
      await printJsonAround(deps, inspectJson(file), 'items', { count: items, sendTo: aside.sendTo });
      return fit ? 0 : 1;
    }
    await report(deps, path, file, aside ?? { shown, of: items });
    return fit ? 0 : 1;
  } finally {
    aside?.remove();
  }
}

/** The summary, the lotes and the items (set aside while reading, or the first of them kept), then what the reader found. */
async function report(
  deps: Deps,
  path: string,
  file: CnabFile,
  items: ReturnType<typeof setAside> | { shown: CnabItem[]; of: number },
): Promise<void> {
  const { io } = deps;
  const bold = (t: string) => paint(io, 'bold', t);
  writeLine(io.stdout, bold(`${path}`));
  const t = deps.t;
  const lines = [
    `${t('bank')} ${file.bank_code ?? '?'} ${file.bank_name ?? ''} · ${file.service === 'dda' ? 'DDA' : t(file.service)} ${t(file.direction)} · ${file.lines} ${t('lines')}`,
    `${t('company')} ${file.company.name ?? '?'} (${file.company.document ?? '?'})`,
    `${t('dialect')} ${file.dialect_name}, ${t('layout')} ${file.layout_version ?? '?'} · ${t('agency')} ${file.company.agency ?? '?'} ${t('account')} ${file.company.account ?? '?'}`,
    `${t('file sequence (NSA)')} ${file.file_sequence ?? '?'} · ${t('generated at')} ${generatedAt(file.generated_at)}`,
    `${file.details} ${t(itemsTotal(file))} ${formatReais(file.total_amount_cents)}`,
  ];
  for (const line of lines) writeLine(io.stdout, printable(`  ${line}`));
  writeLine(io.stdout);
  await printList(deps, file.batches, [
    { header: 'LOTE', value: (b) => b.number },
    { header: 'LINE', value: (b) => b.line },
    { header: 'FORMA', value: (b) => [b.forma, b.forma_name].filter(Boolean).join(' ') },
    { header: 'SERVICE', value: (b) => [b.service, b.service_name].filter(Boolean).join(' ') },
    { header: 'COUNT', value: (b) => b.details },
    { header: 'TOTAL', value: (b) => b.total_amount_cents, kind: 'cents' },
  ]);
  writeLine(io.stdout);
  if ('sendTo' in items) await items.sendTo(io.stdout);
  else {
    await printList(deps, items.shown, columnsFor(items.shown[0], deps.t));
    if (items.of > items.shown.length)
      writeLine(
        io.stderr,
        paint(
          io,
          'yellow',
          t({
            en: `Showing ${items.shown.length} of ${items.of}: -o tsv, -o csv or --json for every one`,
            pt: `Mostrando ${items.shown.length} de ${items.of}: -o tsv, -o csv ou --json para todos`,
          }),
        ),
      );
  }
  for (const w of file.warnings) deps.warn(atLine(t, w.line, w.message));
  const error = (text: string) => writeLine(io.stderr, paint(io, 'red', `${t('error:')} ${printable(text)}`));
  for (const e of file.errors) error(atLine(t, e.line, e.message));
  if (file.truncated)
    error(
      t({
        en: `${path} is incomplete (a trailer is missing): do not send it`,
        pt: `${path} está incompleto (falta um trailer): não o envie`,
      }),
    );
}
