import { formatDateBr } from '../domain/dates.js';
import { centsToText, formatReais } from '../domain/money.js';
import { type Io, paint, writeLine } from './io.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How a column reads a value off a record and how it shows for a person (table) and a script (tsv, csv). */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  kind?: 'text' | 'cents' | 'reais' | 'date';
}

/** Default: a table for a person, tab-separated for a pipe (DESIGN.md "Output"). */
export function resolveFormat(requested: string | undefined, json: boolean, io: Io): OutputFormat {
  if (json) return 'json';
  if (requested && (OUTPUT_FORMATS as readonly string[]).includes(requested))
    return requested as OutputFormat;
  return io.stdout.isTTY ? 'table' : 'tsv';
}

function forPerson(value: unknown, kind: Column<unknown>['kind']): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'cents' && typeof value === 'number') return formatReais(value);
  if (kind === 'reais' && typeof value === 'number') return formatReais(Math.round(value * 100));
  if (kind === 'date' && typeof value === 'string') return formatDateBr(value);
  return String(value);
}

function forScript(value: unknown, kind: Column<unknown>['kind']): string {
  if (value === null || value === undefined) return '';
  if (kind === 'reais' && typeof value === 'number') return forScript(Math.round(value * 100), 'cents');
  if (kind === 'cents' && typeof value === 'number') return centsToText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function printJson(io: Io, data: unknown): void {
  writeLine(io.stdout, JSON.stringify(data, null, 2));
}

/** A list of records in the chosen format; JSON prints the API's data untouched. */
export async function printList<T>(
  io: Io,
  format: OutputFormat,
  rows: T[],
  columns: Column<T>[],
): Promise<void> {
  if (format === 'json') {
    printJson(io, rows);
    return;
  }
  if (format === 'tsv' || format === 'csv') {
    const sep = format === 'tsv' ? '\t' : ',';
    const cell = format === 'csv' ? csvCell : (s: string) => s;
    writeLine(io.stdout, columns.map((c) => cell(c.header)).join(sep));
    for (const row of rows) {
      writeLine(io.stdout, columns.map((c) => cell(forScript(c.value(row), c.kind))).join(sep));
    }
    return;
  }
  if (rows.length === 0) {
    writeLine(io.stderr, paint(io, 'dim', 'No records.'));
    return;
  }
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: columns.map((c) => paint(io, 'bold', c.header)),
    style: { head: [], border: [] },
    // No rule between rows: long lists stay readable.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colAligns: columns.map((c) => (c.kind === 'cents' || c.kind === 'reais' ? 'right' : 'left')),
  });
  for (const row of rows) table.push(columns.map((c) => forPerson(c.value(row), c.kind)));
  writeLine(io.stdout, table.toString());
}

/** One record: label/value lines for a person, `field<TAB>value` for a script, the object for JSON. */
export function printRecord<T>(io: Io, format: OutputFormat, record: T, fields: Column<T>[]): void {
  if (format === 'json') {
    printJson(io, record);
    return;
  }
  const scripted = format !== 'table';
  const width = Math.max(...fields.map((f) => f.header.length));
  for (const f of fields) {
    const value = f.value(record);
    if (scripted) writeLine(io.stdout, `${f.header}\t${forScript(value, f.kind)}`);
    else writeLine(io.stdout, `${paint(io, 'bold', f.header.padEnd(width))}  ${forPerson(value, f.kind)}`);
  }
}
