/**
 * A small CSV file (`,` or `;`, as a spreadsheet in Portuguese saves it) read by csv-parse, each row with the line it
 * ends on: the billing run's fractions and readings (#68), an index table imported (#69).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { matched } from './names.js';
import { lineRefusal } from './yaml-tree.js';

export interface CsvRow {
  readonly line: number;
  readonly values: string[];
}

/** The file's separator: `;` where its first line has one (a spreadsheet in Portuguese), else `,`. */
const separatorOf = (text: string) => ((text.split(/\r?\n/, 1)[0] ?? '').includes(';') ? ';' : ',');

/** Every record of `text`, the header included; a quoting error is refused at its line. */
export function csvRecords(path: string, text: string): CsvRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const sep = separatorOf(body);
  try {
    // info: each record with the line it ends on
    const records = parseCsv(body, {
      delimiter: sep,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ line: r.info.lines, values: r.record }));
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw lineRefusal(path, err.lines ?? 1, err.message);
  }
}

/** The rows under a header that must read `header` (accents and case aside). */
export function csvRows(path: string, text: string, header: readonly string[]): CsvRow[] {
  const [head, ...rows] = csvRecords(path, text);
  if (!head || header.some((h, i) => matched(head.values[i] ?? '') !== h)) {
    const sep = separatorOf(text);
    throw lineRefusal(path, 1, {
      en: `the header must be ${header.join(sep)}`,
      pt: `o cabeçalho deve ser ${header.join(sep)}`,
    });
  }
  return rows;
}
