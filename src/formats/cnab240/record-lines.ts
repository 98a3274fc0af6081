/**
 * A CNAB 240 file's lines as text, before any record is read (reader.ts reads the records): each raw line decoded,
 * a byte order mark, blank lines, an end-of-file mark, UTF-16, control characters and lengths other than 240 said
 * at their line, and the line ends the file used tallied and said once at its end.
 */
import type { Message } from '../../domain/message.js';
import { RECORD_LENGTH } from './fields.js';
import { cnabFinding } from './findings.js';
import { type DecodedLine, decodeLine, type RawLine } from './lines.js';

/** Where a line's findings go: the reader's own warnings and errors, by kind. */
export interface LineFindings {
  warn(line: number, finding: Message, kind: string): void;
  error(line: number, finding: Message, kind: string): void;
}

/** Where a payment detail's occurrence codes begin in a return (FEBRABAN G059, positions 231-240; Itaú's too). */
const OCCURRENCES_AT = 231;

/** A payment's main detail (segments A, J, N, O; not J-52), whose return line carries the bank's codes. */
export function isPaymentDetail(record: string): boolean {
  if (record[7] !== '3') return false;
  const segment = record[13];
  if (segment === 'J') return record.slice(17, 19) !== '52';
  return segment === 'A' || segment === 'N' || segment === 'O';
}

/** What the line ends of a stretch of a file were: how many of each, where each kind first came, the last one. */
export interface LineEndsSeen {
  counts: { crlf: number; lf: number; cr: number; none: number };
  firstLf: number | null;
  firstCr: number | null;
  firstCrlf: number | null;
  lastEnd: RawLine['end'] | null;
}

export class RecordLines {
  lastLine = 0;
  private readonly seen: LineEndsSeen = {
    counts: { crlf: 0, lf: 0, cr: 0, none: 0 },
    firstLf: null,
    firstCr: null,
    firstCrlf: null,
    lastEnd: null,
  };

  /** The line ends seen, for the reader of the file's first half to take in (`absorb`). */
  lineEndsSeen(): LineEndsSeen {
    return this.seen;
  }

  /** The line ends of the lines that follow these (the file's second half, read apart), up to `lastLine`. */
  absorb(seen: LineEndsSeen, lastLine: number): void {
    const mine = this.seen;
    for (const end of ['crlf', 'lf', 'cr', 'none'] as const) mine.counts[end] += seen.counts[end];
    mine.firstLf ??= seen.firstLf;
    mine.firstCr ??= seen.firstCr;
    mine.firstCrlf ??= seen.firstCrlf;
    mine.lastEnd = seen.lastEnd ?? mine.lastEnd;
    this.lastLine = lastLine;
  }

  constructor(
    private readonly findings: LineFindings,
    /** the file being read: its count of lines, and whether its header says it is a return */
    private readonly file: { lines: number; header_direction_code: string | null },
    private readonly onRecordText: (line: number, record: string) => void,
  ) {}

  private warn(line: number, finding: Message, kind: string): void {
    this.findings.warn(line, finding, kind);
  }

  private error(line: number, finding: Message, kind: string): void {
    this.findings.error(line, finding, kind);
  }

  /** A raw line of the file: said when it is not a record, else handed on as one, 240 characters. */
  read(raw: RawLine): void {
    const n = raw.number;
    this.lastLine = n;
    this.noteLineEnd(raw);
    // the usual line, found plain by the splitter (printable ASCII), skips what only other bytes can be
    const decoded = raw.text === null ? decodeLine(raw.bytes) : null;
    let text = decoded === null ? (raw.text as string) : decoded.text;
    if (n === 1 && text.startsWith('\ufeff')) {
      this.warn(n, cnabFinding('cnab.bom', {}), 'bom');
      text = text.slice(1);
    }
    // a record starts with its bank code: only a line that does not can be blank or an end-of-file mark
    const digitFirst = text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;
    if (!digitFirst && /^[ \t]*$/.test(text)) {
      this.warn(n, cnabFinding('cnab.blank', {}), 'blank');
      return;
    }
    this.file.lines++;
    if (decoded !== null && this.notText(n, decoded)) return;
    if (!digitFirst && /^[\x1a \t]*$/.test(text)) {
      this.warn(n, cnabFinding('cnab.eof-mark', {}), 'eof-mark');
      return;
    }
    if (decoded !== null) text = this.readOn(n, decoded, text);
    const kept = raw.text === null ? raw.bytes.length : raw.text.length;
    const ascii = decoded === null || decoded.encoding === 'ascii';
    const length = ascii && raw.length > kept ? raw.length : text.length;
    if (!startsAsRecord(text)) {
      this.error(n, cnabFinding('cnab.not-record', { start: text.slice(0, 14) }), 'not-record');
      return;
    }
    if (length > RECORD_LENGTH) {
      const extra = text.slice(RECORD_LENGTH);
      if (extra.trim() === '') {
        this.warn(n, cnabFinding('cnab.long-blank', { length }), 'long-blank');
      } else {
        this.error(n, cnabFinding('cnab.long-data', { length }), 'long-data');
      }
      text = text.slice(0, RECORD_LENGTH);
    } else if (length < RECORD_LENGTH) {
      if (length < OCCURRENCES_AT && this.file.header_direction_code === '2' && isPaymentDetail(text))
        // a payment return's detail always carries its codes at 231-240: a line that ends before them was cut
        this.warn(n, cnabFinding('cnab.short-codes', { length }), 'short-codes');
      else this.warn(n, cnabFinding('cnab.short', { length }), 'short');
      text = text.padEnd(RECORD_LENGTH, ' ');
    }
    this.onRecordText(n, text);
  }

  /** A line of UTF-16 text (NULs between its characters, or its byte order mark): said, and not read. */
  private notText(n: number, decoded: DecodedLine): boolean {
    const { text } = decoded;
    if (decoded.nulRatio > 0.2 || text.startsWith('\u00ff\u00fe') || text.startsWith('\u00fe\u00ff')) {
      this.error(n, cnabFinding('cnab.utf16', {}), 'utf16');
      return true;
    }
    return false;
  }

  /** A line with control characters or bytes beyond ASCII: each said, the controls removed to read on. */
  private readOn(n: number, decoded: DecodedLine, text: string): string {
    // the byte scan already knows whether there is one: the search runs only then
    const control = decoded.control ? /[\x00-\x08\x0b-\x1f\x7f]/.exec(text) : null;
    let read = text;
    if (control) {
      const code = control[0].charCodeAt(0).toString(16).padStart(2, '0').toUpperCase();
      this.error(n, cnabFinding('cnab.control', { code, column: control.index + 1 }), 'control');
      read = text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    }
    if (decoded.encoding !== 'ascii') {
      this.warn(n, cnabFinding('cnab.non-ascii', { encoding: decoded.encoding }), 'non-ascii');
    }
    return read;
  }

  private noteLineEnd(raw: RawLine): void {
    const seen = this.seen;
    seen.counts[raw.end]++;
    seen.lastEnd = raw.end;
    if (raw.end === 'lf') seen.firstLf ??= raw.number;
    else if (raw.end === 'cr') seen.firstCr ??= raw.number;
    else if (raw.end === 'crlf') seen.firstCrlf ??= raw.number;
  }

  /** The line ends the file used, said once at its end: LF alone, mixed, a lone CR, none after the last. */
  endWarnings(records: number): void {
    const { counts: e, firstLf, firstCr, firstCrlf, lastEnd } = this.seen;
    if (e.lf > 0 && e.crlf > 0) {
      this.warn(
        Math.max(firstLf ?? 1, firstCrlf ?? 1),
        cnabFinding('cnab.mixed-line-ends', { crlf: e.crlf, lf: e.lf }),
        'line-ends',
      );
    } else if (e.lf > 0) {
      this.warn(firstLf ?? 1, cnabFinding('cnab.lf-line-ends', {}), 'line-ends');
    }
    if (e.cr > 0) this.warn(firstCr ?? 1, cnabFinding('cnab.lone-cr', { lines: e.cr }), 'line-ends');
    if (lastEnd === 'none' && records > 0)
      this.warn(this.lastLine, cnabFinding('cnab.no-final-line-end', {}), 'no-final-line-end');
  }
}

/**
 * Whether a line starts as a record does: a bank code, a lote (digits, or blanks in some banks' headers) and a
 * record type (`/^\d{3}[\d ]{4}\d/`, tested by its characters: every line of a file passes here).
 */
function startsAsRecord(text: string): boolean {
  if (text.length < 8) return false;
  for (let i = 0; i < 8; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c !== 32 || i < 3 || i > 6) return false;
  }
  return true;
}
