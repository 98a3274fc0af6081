import { formatDateBr, formatInstantBr } from '../domain/dates.js';
import { centsToText, decimalToCents, formatReais, hasAtMostTwoDecimals } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { english, type Translate } from './i18n.js';
import { hasControl, type Io, paint, printable, type Style, writeLine } from './io.js';
import { batchedWrites, printJson } from './json-output.js';
import { COMPACT, cutsSomething, narrowedLayout, tableLayout, textWidth, wrapText } from './table-layout.js';

// JSON and batched writes live in json-output.ts; they are imported from here, as before
export {
  batchedWrites,
  jsonArrayRows,
  jsonElements,
  printJson,
  printJsonAround,
  selectFields,
} from './json-output.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Where and how a verb prints (docs/guide/conventions.md, "Machine output"): the format, the fields `--json a,b` keeps, and whether
 * tsv carries a header row (`--header`). `Deps` is one; a verb printing elsewhere (a preview on stderr) builds its own.
 */
export interface Out {
  io: Io;
  format: OutputFormat;
  jsonFields?: readonly string[] | undefined;
  header?: boolean | undefined;
  /** the person's language for headers, labels and enum words (i18n.ts); machine output never goes through it */
  t?: Translate | undefined;
  /** csv as Excel in Portuguese opens it: `;`, decimal commas, a BOM (`--excel`) */
  excel?: boolean | undefined;
  /** One condominium's run inside a run over many (profiles.ts): its rows are handed here, not printed. */
  collect?: ((rows: readonly unknown[], columns: Column<never>[]) => void) | undefined;
  /** The profiles of that run over many, this one's among them (#52: a file named by a slug two of them share). */
  runTargets?: readonly { profile: string; condominium: string }[] | undefined;
}

/** A heading as a script reads it (csv, tsv --header): the English, whatever the locale. */
export const scriptHeader = (header: string | Text): string =>
  typeof header === 'string' ? header : header.en;

/**
 * The headings Portuguese says as English does (the bank's and the API's own terms, abbreviations): written once.
 * Any other heading is declared in both languages where it is written, and the type checker holds it to that.
 */
export const SAME_IN_PORTUGUESE = [
  'ID',
  'TOTAL',
  'Total',
  'Subtotal',
  'CPF/CNPJ',
  'SEU NÚMERO',
  'Seu número',
  'FORMA',
  'Linha digitável',
  'Boleto',
  'Nosso número',
  'NOSSO NÚMERO',
  'PIX copia e cola',
  'PIX txid',
  'PIX',
  'FITID',
  'URL',
  'NSA',
  'COL',
  'LOTE',
  'SEG',
  'ITEM',
  '%',
  'PRINCIPAL',
] as const;
export type SameInPortuguese = (typeof SAME_IN_PORTUGUESE)[number];

/** A payee's group heading (`report paid --by`, the month's paid section). */
export const SUPPLIER_HEADING: Text = { en: 'SUPPLIER', pt: 'FORNECEDOR' };
export const CHART_ACCOUNT_HEADING: Text = { en: 'CHART ACCOUNT', pt: 'CONTA CONTÁBIL' };

/**
 * A heading that is data, said as written in every language: a record's own key as --json names it
 * (`total_revenue`, a script's heading), or a name the person wrote (a budget's component).
 */
export type AsWritten = string & { readonly asWritten: true };
export const asWritten = (text: string): AsWritten => text as AsWritten;

/** How a column reads a value off a record and how it shows for a person (table) and a script (tsv, csv). */
export interface Column<T> {
  /** a person's heading, declared in both languages, or one Portuguese says alike; scripts read the English */
  header: Text | SameInPortuguese | AsWritten;
  value: (row: T) => unknown;
  /** `figure`: cents without the R$, for a table of many amounts whose heading or a line says R$ once */
  kind?: 'text' | 'cents' | 'figure' | 'reais' | 'date' | 'instant';
  /**
   * Never cut on a narrow terminal (where every character matters, as a payment's destination in `cnab
   * inspect`): a table too wide shows a block per record instead. `'cell'`: the table stays, and the text goes on
   * over lines of its own cell (the last column's sentence: the reconcile summary's action, #53).
   */
  wrap?: boolean | 'cell';
  /** Its values are words of the API (a state, a method) that a person reads in their language. */
  words?: boolean;
  /** Never narrowed on a terminal (an id in another column than the first: a seu número). */
  fixed?: boolean;
  /** A first column that may be cut with … (a name; a first column is otherwise taken for an id, never cut). */
  cut?: boolean;
  /**
   * Left out of a table on a terminal too narrow for it, the lowest first (a description before a method before a
   * state; ties: the rightmost first), and a line on stderr names it. `'last'`: kept while shrinking the others
   * to their last resort makes room, left out before the list becomes blocks (a firm's payables' state, whose
   * words are never cut). A column without it is a key column: the list becomes blocks only when the key columns
   * cannot fit.
   */
  drop?: number | 'last';
  /** An amount a firm's table totals (#52): a run over many profiles ends, on a terminal, with a TOTAL row. */
  sum?: boolean;
  /** A colour for the cell on a terminal (a rejected payable in red). */
  style?: (row: T) => Style | undefined;
  /**
   * A shorter form a table on a terminal shows only where the values whole would not fit (a firm's condominium
   * slug cut to the start that tells it apart, an id to its distinct end); a record's block and scripts get `value`.
   */
  narrow?: (row: T) => unknown;
  /**
   * A form for any width the table can spare (#66: a firm's slug as `…jardim-botanico`): where the values whole do
   * not fit, the column gets the widest width that keeps the most of the others (table-layout.ts narrowedLayout).
   */
  narrowTo?: (row: T, width: number) => unknown;
}

/** A person's cell: the value as text (in their language when it is a word of the API), coloured when asked. */
function personCell<T>(io: Io, column: Column<T>, row: T, t: Translate = english): string {
  const value = column.value(row);
  const raw = isText(value) ? printable(t(value)) : forPerson(value, column.kind);
  const text = column.words ? t(raw) : raw;
  const style = text ? column.style?.(row) : undefined;
  return style ? paint(io, style, text) : text;
}

/** Default: a table for a person, tab-separated for a pipe (docs/DESIGN.md "Output"). */
export function resolveFormat(requested: string | undefined, json: boolean, io: Io): OutputFormat {
  if (json) return 'json';
  if (requested && (OUTPUT_FORMATS as readonly string[]).includes(requested))
    return requested as OutputFormat;
  return io.stdout.isTTY ? 'table' : 'tsv';
}

/**
 * Where narration goes while stdout carries the results (a schedule, a preview before a question): stderr, as a
 * table on a terminal and tsv otherwise.
 */
export function narration(io: Io, t?: Translate): Out {
  const err = { ...io, stdout: io.stderr };
  return { io: err, format: resolveFormat(undefined, false, err), ...(t ? { t } : {}) };
}

/** `--json a,b`: top-level field names, as `gh` takes them. */
export const JSON_FIELDS = /^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/;

/** Decimal reais from the wire as cents, by their digits (no float multiplication); undefined past 2 decimals. */
function exactCents(value: number): number | undefined {
  return hasAtMostTwoDecimals(value) ? decimalToCents(value) : undefined;
}

function forPerson(value: unknown, kind: Column<unknown>['kind']): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'cents' && typeof value === 'number') return formatReais(value);
  if (kind === 'figure' && typeof value === 'number') return formatReais(value).replace('R$ ', '');
  if (kind === 'reais' && typeof value === 'number') {
    const cents = exactCents(value);
    return cents === undefined ? String(value) : formatReais(cents);
  }
  if (kind === 'date' && typeof value === 'string') return formatDateBr(value);
  if (kind === 'instant' && typeof value === 'string') return formatInstantBr(value);
  return printable(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** tsv/csv: money as decimal reais with a dot, whatever unit the API used for it. */
function forScript(value: unknown, kind: Column<unknown>['kind']): string {
  return withoutControls(scriptText(value, kind));
}

/** A value written in both languages (domain/text.ts): a person reads it in theirs, a script the English. */
const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && 'en' in value && 'pt' in value;

/** A cell's text before its control characters are dealt with (a JSON value's are escaped by JSON already). */
function scriptText(value: unknown, kind: Column<unknown>['kind']): string {
  if (value === null || value === undefined) return '';
  if (isText(value)) return value.en;
  if (kind === 'reais' && typeof value === 'number') {
    const cents = exactCents(value);
    return cents === undefined ? String(value) : centsToText(cents);
  }
  if ((kind === 'cents' || kind === 'figure') && typeof value === 'number') return centsToText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Tabs and line breaks (which would split a row) as a space, other controls shown as \xNN. */
function withoutControls(text: string): string {
  return hasControl(text) ? printable(text.replace(/[\t\r\n]+/g, ' ')) : text;
}

/**
 * A csv cell: quoted when it holds the separator, a quote or a line break; a text that a spreadsheet would run as
 * a formula (= + - @, or a tab or CR first) gets a leading apostrophe (OWASP's advice). Money is a number, not
 * guarded: -89.50 stays a number.
 */
function csvCell(text: string, sep: string, numeric: boolean): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return safe.includes(sep) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const isMoney = (kind: Column<unknown>['kind']) => kind === 'cents' || kind === 'figure' || kind === 'reais';

/**
 * tsv or csv rows written one at a time, so a caller with a million rows (a CNAB file being read) never holds
 * them: the header line (csv always, tsv with --header) at once, then the rows in writes of about 64 KB (one
 * write per row was most of the time a big file took). `end()` writes what is left.
 */
export function delimitedRows<T>(
  out: Omit<Out, 'io'> & { io: Pick<Out['io'], 'stdout'> },
  columns: Column<T>[],
  /** `continues`: the rows go on a listing begun elsewhere (a file's second half, read apart): no header row */
  options: { continues?: boolean } = {},
): { write(row: T): void; end(): void } {
  const { io, format } = out;
  const excel = format === 'csv' && Boolean(out.excel);
  const sep = format === 'csv' ? (excel ? ';' : ',') : '\t';
  const cell = (text: string, kind?: Column<unknown>['kind']) => {
    if (format !== 'csv') return text;
    // Excel in Portuguese reads 1234,56 as a number and 1234.56 as text
    const shown = excel && isMoney(kind) ? text.replace('.', ',') : text;
    return csvCell(shown, sep, isMoney(kind));
  };
  // --excel is a person's spreadsheet (#52): its headings and words in their language, as a table's; plain csv and
  // tsv are a script's, in English whatever the locale
  const person = excel ? out.t : undefined;
  // As gh: a pipe gets rows only, so `cut -f1 | xargs` sees ids; csv is for spreadsheets and keeps its header.
  if ((format === 'csv' || out.header) && !options.continues)
    writeLine(
      io.stdout,
      `${excel ? '\uFEFF' : ''}${columns.map((c) => cell(person ? person(c.header) : scriptHeader(c.header))).join(sep)}`,
    );
  const lines = batchedWrites(io.stdout);
  const texts: string[] = new Array(columns.length);
  // a row with no control character but the tabs that join its cells: one look at the joined row, not one at each
  // cell (#73: seven expressions a row were a quarter of a 500,000-line listing's writing)
  const clean = new RegExp(
    `^[^\\u0000-\\u001f\\u007f-\\u009f]*(?:\\t[^\\u0000-\\u001f\\u007f-\\u009f]*){${columns.length - 1}}$`,
  );
  return {
    // a big file's rows pass here by the hundred thousand: one loop, no list made per row
    write(row) {
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i] as Column<T>;
        const value = c.value(row);
        texts[i] = person
          ? isText(value)
            ? person(value)
            : c.words
              ? person(scriptText(value, c.kind))
              : scriptText(value, c.kind)
          : scriptText(value, c.kind);
      }
      let line = texts.join('\t');
      if (!clean.test(line)) {
        for (let i = 0; i < texts.length; i++) texts[i] = withoutControls(texts[i] as string);
        line = texts.join('\t');
      }
      if (format === 'csv') {
        for (let i = 0; i < texts.length; i++) texts[i] = cell(texts[i] as string, columns[i]?.kind);
        line = texts.join(sep);
      }
      lines.write(`${line}\n`);
    },
    end: () => lines.end(),
  };
}

/** A list of records in the chosen format; JSON prints the API's data untouched. */
export async function printList<T>(
  out: Out,
  rows: readonly T[],
  columns: Column<T>[],
  /** a line for a person after the list ("Showing 25 of 3404"): inside the pager's text when it pages, #66 */
  note?: string,
): Promise<void> {
  const { io, format } = out;
  const noteAfter = () => {
    if (note) writeLine(io.stderr, note);
  };
  if (out.collect) {
    out.collect(rows, columns as Column<never>[]);
    noteAfter();
    return;
  }
  if (format === 'json') {
    printJson(out, rows);
    noteAfter();
    return;
  }
  if (format === 'tsv' || format === 'csv') {
    const rowsOut = delimitedRows(out, columns);
    for (const row of rows) rowsOut.write(row);
    rowsOut.end();
    noteAfter();
    return;
  }
  if (rows.length === 0) {
    writeLine(io.stderr, paint(io, 'dim', (out.t ?? english)({ en: 'No records.', pt: 'Nenhum registro.' })));
    return;
  }
  const { default: Table } = await import('cli-table3');
  const t = out.t ?? english;
  const cellsOf = (form: (c: Column<T>) => Column<T>) =>
    rows.map((row) => columns.map((c) => personCell(io, form(c), row, t)));
  // a table whose cells go on over lines (#66) lets a state's words go on too, each word whole
  const wrapsCells = columns.some((c) => c.wrap === 'cell');
  const longestWord = (i: number, cells: string[][]) =>
    Math.max(0, ...cells.flatMap((r) => (r[i] ?? '').split(' ').map(textWidth)));
  const layoutOf = (cells: string[][], cols: readonly Column<T>[] = columns) =>
    tableLayout(
      cols.map((c, i) => ({
        natural: Math.max(textWidth(t(c.header)), ...cells.map((r) => textWidth(r[i] ?? ''))),
        min: Math.max(textWidth(t(c.header)), c.words && wrapsCells ? longestWord(i, cells) : 0),
        // a state or a method is a short word that must read whole
        shrinkable:
          (i > 0 || Boolean(c.cut)) &&
          !c.fixed &&
          (!c.words || wrapsCells) &&
          (c.kind === undefined || c.kind === 'text'),
        // a column with nothing in it (a remittance's occurrences) is the first to go, unsaid
        ...(cells.every((r) => !r[i])
          ? { drop: Number.NEGATIVE_INFINITY }
          : c.drop === undefined
            ? {}
            : { drop: c.drop }),
      })),
      terminalWidth(io),
    );
  const whole = cellsOf((c) => c);
  let all = whole;
  let layout = layoutOf(whole);
  // the short forms (a firm's slugs and ids) only where the values whole would not fit, and the short ones let
  // the table show more: a column kept, or the table itself rather than a block per record
  if (columns.some((c) => c.narrow || c.narrowTo) && cutsSomething(layout, whole)) {
    const better = narrowedLayout<T, Column<T>>(columns, { cells: whole, layout }, (cols) => {
      const cells = rows.map((row) => cols.map((c) => personCell(io, c, row, t)));
      return { cells, layout: layoutOf(cells, cols) };
    });
    if (better) ({ cells: all, layout } = better);
  }
  const kept = columns.filter((_, i) => layout.kept[i]);
  const left = columns.filter((_, i) => !layout.kept[i] && all.some((r) => r[i]));
  // a column that must keep every character (cnab inspect's destination) would wrap its cells over several lines
  // of a row, and a table that cannot fit at all would spill: one block per record instead, nothing cut
  const wraps = kept.some((c) => c.wrap);
  const screen = terminalWidth(io);
  if (
    screen !== undefined &&
    (layout.fits === false || (kept.some((c) => c.wrap === true) && layout.widths))
  ) {
    await printBlocks(
      io,
      columns.map((c) => t(c.header)),
      whole,
      screen,
      note,
    );
    return;
  }
  const table = new Table({
    // cli-table3 counts colour codes when it wraps: a wrapping table's header stays plain
    head: kept.map((c) => (wraps && layout.widths ? t(c.header) : paint(io, 'bold', t(c.header)))),
    // No rule between rows: long lists stay readable. On a terminal too narrow for the box, no box at all.
    ...(layout.compact
      ? { chars: COMPACT, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } }
      : {
          chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
          style: { head: [], border: [] },
        }),
    colAligns: kept.map((c) => (isMoney(c.kind) ? 'right' : 'left')),
    // cut with … where the terminal is narrower than the table (ids, money and dates are never cut), or wrapped
    // when a column must not lose a character
    ...(layout.widths ? { colWidths: layout.widths, truncate: '…', wordWrap: wraps } : {}),
  });
  // Wrapping goes by words; a word wider than its column (an account number) is broken into lines of its own.
  const width = (i: number) => (layout.widths?.[i] ?? 0) - (layout.compact ? 0 : 2);
  const breakLong = (text: string, w: number) =>
    w < 1 || text.includes('\u001b')
      ? text
      : text
          .split(' ')
          .map((word) =>
            [...word].length > w ? (word.match(new RegExp(`.{1,${w}}`, 'gu')) ?? [word]).join('\n') : word,
          )
          .join(' ');
  for (const row of all) {
    const shown = row.filter((_, i) => layout.kept[i]);
    table.push(wraps && layout.widths ? shown.map((cell, i) => breakLong(cell, width(i))) : shown);
  }
  const text = table.toString();
  await showLong(io, layout.compact ? text.replace(/ +$/gm, '') : text, note);
  if (left.length > 0)
    writeLine(
      io.stderr,
      paint(
        io,
        'dim',
        wrapMessage(
          io,
          droppedColumns(
            t,
            left.map((c) => t(c.header)),
            screen,
          ),
        ),
      ),
    );
}

/** The line under a table that left columns out: which, and where they all are. */
function droppedColumns(t: Translate, headers: string[], width: number | undefined): string {
  return t({
    en: `(${headers.join(', ')}: no room at ${width} columns; -o tsv and --json have every column)`,
    pt: `(${headers.join(', ')}: sem espaço em ${width} colunas; -o tsv e --json trazem todas)`,
  });
}

/** A text for stdout, through the pager when a terminal cannot show it on one screen. */
async function showLong(io: Io, text: string, note?: string): Promise<void> {
  const rows = io.stdout.rows ?? Number(io.env.LINES);
  const lines = text.split('\n').length;
  // a note printed before the pager took the screen was gone once it did: it ends the paged text instead
  if (io.page && lines >= (Number.isInteger(rows) && rows > 0 ? rows : 24))
    await io.page(note ? `${text}\n\n${note}` : text);
  else {
    writeLine(io.stdout, text);
    if (note) writeLine(io.stderr, note);
  }
}

/** The terminal's width when stdout is one (a pipe or a file gets the whole table). */
function terminalWidth(io: Io): number | undefined {
  return io.stdout.isTTY ? screenWidth(io) : undefined;
}

/** The terminal's columns (COLUMNS where the stream does not say; 80 when neither does). */
export function screenWidth(io: Io): number {
  const columns = io.stdout.columns ?? Number(io.env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : 80;
}

/**
 * A message for stderr (or `to`): on a terminal broken at spaces to its width, the lines after the first indented,
 * so a long line reads as one paragraph at 80 columns; a log or a pipe gets it on one line, as a script greps it.
 */
export function wrapMessage(io: Io, text: string, to: { isTTY?: boolean } = io.stderr): string {
  if (!to.isTTY) return text;
  // a line indented under another keeps its indent, and its own continuation lines go two further in
  const indent = /^ */.exec(text)?.[0] ?? '';
  const width = screenWidth(io) - indent.length;
  const [first = '', ...rest] = wrapText(text.slice(indent.length), width);
  return [
    `${indent}${first}`,
    ...wrapText(rest.join(' '), width - 2)
      .filter(Boolean)
      .map((l) => `${indent}  ${l}`),
  ].join('\n');
}

/**
 * What a write did, as a person's table says it: a green tick and the line in their language, broken at spaces on
 * a terminal (at 80 columns "lançamentos" was cut in two), the tick painted after the text is made harmless.
 */
export function writeDone(out: Out, text: Text): void {
  const line = wrapMessage(out.io, printable(`✓ ${(out.t ?? english)(text)}`), out.io.stdout);
  writeLine(out.io.stdout, line.replace('✓', paint(out.io, 'green', '✓')));
}

/** A line of text for a person on stdout: on a terminal, broken at spaces to its width. */
export function writeParagraph(io: Io, text: string): void {
  const width = terminalWidth(io);
  writeLine(io.stdout, width === undefined ? text : wrapText(text, width).join('\n'));
}

/**
 * A list too wide for the terminal as one block per record, label and value per line (as `kubectl describe`):
 * nothing is cut, and a long value goes on under itself.
 */
async function printBlocks(
  io: Io,
  headers: string[],
  rows: string[][],
  width: number,
  note?: string,
): Promise<void> {
  const labelWidth = Math.max(...headers.map(textWidth));
  const blocks = rows.map((row) =>
    labelledLines(
      io,
      row.flatMap((cell, i) => (cell ? [[headers[i] as string, cell] as const] : [])),
      width,
      labelWidth,
    ).join('\n'),
  );
  await showLong(io, blocks.join('\n\n'), note);
}

/**
 * Label and value lines, the labels (bold) padded to `labelWidth`; a value too long for `width` goes on under
 * itself (a record's view and a list's blocks).
 */
function labelledLines(
  io: Io,
  pairs: readonly (readonly [string, string])[],
  width: number | undefined,
  labelWidth = Math.max(...pairs.map(([label]) => textWidth(label))),
): string[] {
  const room = Math.max(20, (width ?? Number.POSITIVE_INFINITY) - labelWidth - 2);
  return pairs.flatMap(([label, value]) => {
    // a value of several lines (a batch's returns, one a line) keeps them, each wrapped to the room
    const [first = '', ...rest] = value.split('\n').flatMap((line) => wrapText(line, room));
    return [
      `${paint(io, 'bold', label + ' '.repeat(labelWidth - textWidth(label)))}  ${first}`,
      ...rest.map((more) => `${' '.repeat(labelWidth + 2)}${more}`),
    ];
  });
}

/**
 * Every field of an API record as `field<TAB>value` lines for a script, the money fields (by the unit the API uses
 * for them) written as decimal reais like every other tsv/csv money value.
 */
export function fieldColumns<T extends object>(
  record: T,
  money: { cents?: readonly string[]; reais?: readonly string[] },
): Column<T>[] {
  return Object.keys(record).map((k) => ({
    header: asWritten(k),
    value: (r: T) => (r as Record<string, unknown>)[k],
    ...(money.cents?.includes(k) ? { kind: 'cents' as const } : {}),
    ...(money.reais?.includes(k) ? { kind: 'reais' as const } : {}),
  }));
}

/** One record: label/value lines for a person, `field<TAB>value` for a script, the object for JSON. */
export function printRecord<T>(out: Out, record: T, fields: Column<T>[]): void {
  const { io, format } = out;
  if (format === 'json') {
    printJson(out, record);
    return;
  }
  if (format !== 'table') {
    for (const f of fields)
      writeLine(io.stdout, `${scriptHeader(f.header)}\t${forScript(f.value(record), f.kind)}`);
    return;
  }
  const t = out.t ?? english;
  // on a terminal, a long value goes on under itself rather than past the edge
  // (a value of several lines keeps them: each line made printable on its own)
  const pairs = fields.map((f) => {
    const value = f.value(record);
    const lines = typeof value === 'string' && value.includes('\n') ? value.split('\n') : undefined;
    const cell = lines
      ? lines.map((line) => personCell(io, { ...f, value: () => line }, record, t)).join('\n')
      : personCell(io, f, record, t);
    return [t(f.header), cell] as const;
  });
  for (const line of labelledLines(io, pairs, terminalWidth(io))) writeLine(io.stdout, line);
}
