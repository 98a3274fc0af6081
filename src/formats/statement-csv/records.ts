import { type Info, type Parser, parse } from 'csv-parse';
import type { Message } from '../../domain/message.js';
import { statementFinding } from '../statement/findings.js';

/**
 * CSV records (RFC 4180 quoting, any one-character delimiter) read by csv-parse, fed text with `\n` line breaks in
 * pieces of any size, records handed on synchronously with the line each starts on. Tolerant as spreadsheets are:
 * a quote inside an unquoted field is an ordinary character, rows may differ in length (the statement parser
 * names the row), blank lines produce no record.
 */

export interface CsvRecord {
  fields: string[];
  /** Line where the record starts. */
  line: number;
}

/** A field longer than this is refused (a binary file, or a quote never closed). */
const MAX_RECORD = 1 << 20;

export class CsvRecordSplitter implements RecordSplitter {
  private readonly parser: Parser;
  private failed = false;

  constructor(
    delimiter: string,
    onRecord: (record: CsvRecord) => void,
    private readonly onError: (line: number, message: Message | string) => void,
  ) {
    this.parser = parse({
      delimiter,
      record_delimiter: '\n',
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: false,
      max_record_size: MAX_RECORD,
      info: true,
    });
    this.parser.on('data', ({ record, info }: { record: string[]; info: Info }) => {
      // csv-parse counts the line a record ends on; a quoted field may span lines.
      const breaks = record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
      if (record.length === 1 && (record[0] ?? '').trim() === '') return;
      onRecord({ fields: record, line: info.lines - breaks });
    });
    this.parser.on('error', (err: Error & { code?: string; lines?: number }) => {
      this.failed = true;
      this.onError(err.lines ?? 1, messageOf(err));
    });
  }

  write(text: string): void {
    if (!this.failed) this.parser.write(text);
  }

  end(): void {
    if (!this.failed) this.parser.end();
  }
}

/** csv-parse's error, by its code where it is one a person meets; another is its own English. */
function messageOf(err: Error & { code?: string }): Message | string {
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return statementFinding('csv.unterminated-quote', {});
  if (err.code === 'CSV_MAX_RECORD_SIZE') return statementFinding('csv.field-too-long', {});
  return err.message.replace(/ at line \d+.*$/, '');
}

/** Counts delimiter occurrences outside quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === delimiter && !inQuotes) count++;
  }
  return count;
}

/** Picks the delimiter that splits the first lines into the most consistent number (>1) of fields. */
/** What a record splitter offers the statement reader. */
export interface RecordSplitter {
  write(text: string): void;
  end(): void;
}

/**
 * True when every one of the first lines is one quoted field holding a whole CSV row with its quotes doubled, as
 * some bank exports write them (a Banco do Brasil one: `"Data,""Histórico"",""Valor"""`).
 */
export function linesAreWrapped(head: string): boolean {
  const lines = head
    .split('\n')
    .slice(0, 20)
    .map((l) => l.replace(/\r$/, '').replace(/^\uFEFF/, ''))
    .filter((l) => l.trim() !== '');
  // the last line of a head cut mid-file may be partial: judge the whole ones
  const whole = lines.length > 2 ? lines.slice(0, -1) : lines;
  return (
    whole.length >= 2 &&
    whole.every((l) => /^"(?:[^"]|"")*"$/.test(l) && /[,;\t]/.test(l.slice(1, -1).replaceAll('""', '"')))
  );
}

/** A wrapped file's head as its rows really are: outer quotes off, inner quotes single. */
export function unwrapLines(head: string): string {
  return head.replace(/^\uFEFF?"|"(?=\r?$)/gm, '').replaceAll('""', '"');
}

/**
 * Rows wrapped whole in quotes, unwrapped: an outer splitter reads each line's one field, an inner one splits
 * that field into the row's real fields, which keep the line the outer record started on.
 */
export class UnwrappingSplitter implements RecordSplitter {
  private readonly outer: CsvRecordSplitter;
  private readonly inner: CsvRecordSplitter;
  private line = 1;

  constructor(
    delimiter: string,
    onRecord: (record: CsvRecord) => void,
    onError: (line: number, message: Message | string) => void,
  ) {
    this.inner = new CsvRecordSplitter(
      delimiter,
      (r) => onRecord({ fields: r.fields, line: this.line }),
      (_, message) => onError(this.line, message),
    );
    this.outer = new CsvRecordSplitter(
      delimiter,
      (r) => {
        this.line = r.line;
        this.inner.write(`${r.fields.join(delimiter)}\n`);
      },
      onError,
    );
  }

  write(text: string): void {
    this.outer.write(text);
  }

  end(): void {
    this.outer.end();
    this.inner.end();
  }
}

export function sniffDelimiter(head: string): string {
  const lines = head
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let best = ',';
  let bestScore = 0;
  for (const d of [';', ',', '\t', '|']) {
    const counts = new Map<number, number>();
    for (const l of lines) {
      const c = countOutsideQuotes(l, d);
      if (c > 0) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    let score = 0;
    for (const [fields, times] of counts) score = Math.max(score, times * 1000 + fields);
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}
