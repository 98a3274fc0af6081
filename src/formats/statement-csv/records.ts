/**
 * Incremental CSV record splitter (RFC 4180 quoting, any one-character delimiter). Input is text with `\n`
 * line breaks in pieces of any size. A quote only opens a quoted field at the start of a field; elsewhere it is
 * an ordinary character. Blank lines produce no record.
 */

export interface CsvRecord {
  fields: string[];
  /** Line where the record starts. */
  line: number;
}

const MAX_FIELD = 1 << 20;

export class CsvRecordSplitter {
  private fields: string[] = [];
  private field = '';
  private inQuotes = false;
  /** The current field was quoted and its closing quote has been seen. */
  private quotedDone = false;
  private fieldStarted = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private overflow = false;

  constructor(
    private readonly delimiter: string,
    private readonly onRecord: (record: CsvRecord) => void,
    private readonly onError: (line: number, message: string) => void,
  ) {}

  write(text: string): void {
    this.scan(this.resolvePendingQuote(text));
  }

  private scan(text: string): void {
    const d = this.delimiter;
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (this.inQuotes) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          this.append(text, i, n);
          i = n;
          break;
        }
        this.append(text, i, q);
        if (q + 1 >= n) {
          // Cannot tell yet whether this is `""`; keep the quote pending by re-entering on the next write.
          this.pendingQuote = true;
          i = n;
          break;
        }
        if (text[q + 1] === '"') {
          this.field += '"';
          i = q + 2;
        } else {
          this.inQuotes = false;
          this.quotedDone = true;
          i = q + 1;
        }
        continue;
      }
      const c = text[i]!;
      if (c === d) {
        this.endField();
        i++;
      } else if (c === '\n') {
        this.endRecord();
        this.line++;
        this.recordLine = this.line;
        i++;
      } else if (c === '"' && !this.fieldStarted && this.field.trim() === '') {
        this.field = '';
        this.inQuotes = true;
        this.fieldStarted = true;
        this.quoteLine = this.line;
        i++;
      } else {
        // Run of ordinary characters.
        let j = i + 1;
        while (j < n) {
          const cj = text[j]!;
          if (cj === d || cj === '\n' || cj === '"') break;
          j++;
        }
        if (c === '"') j = Math.max(j, i + 1);
        this.append(text, i, j);
        if (this.field.trim() !== '') this.fieldStarted = true;
        i = j;
      }
    }
  }

  /** Called first by `write` when a quote ended the previous piece. */
  private pendingQuote = false;

  /** Called first by `write` when a quote ended the previous piece. */
  private resolvePendingQuote(text: string): string {
    if (!this.pendingQuote) return text;
    this.pendingQuote = false;
    if (text[0] === '"') {
      this.field += '"';
      return text.slice(1);
    }
    this.inQuotes = false;
    this.quotedDone = true;
    return text;
  }

  end(): void {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.inQuotes = false;
      this.quotedDone = true;
    }
    if (this.inQuotes) {
      this.onError(this.quoteLine, 'unterminated quoted field');
      this.inQuotes = false;
    }
    this.endRecord();
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from) return;
    if (this.quotedDone) {
      // Text after a closing quote (`"abc"def`): keep it, as spreadsheets do.
      this.quotedDone = false;
    }
    if (this.field.length + (to - from) > MAX_FIELD) {
      if (!this.overflow) this.onError(this.line, 'field longer than 1 MiB');
      this.overflow = true;
      return;
    }
    this.field += text.slice(from, to);
    if (this.inQuotes) {
      let k = text.indexOf('\n', from);
      while (k !== -1 && k < to) {
        this.line++;
        k = text.indexOf('\n', k + 1);
      }
    }
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.fieldStarted = false;
    this.quotedDone = false;
    this.overflow = false;
  }

  private endRecord(): void {
    this.endField();
    const fields = this.fields;
    this.fields = [];
    if (fields.length === 1 && fields[0]!.trim() === '') return;
    this.onRecord({ fields, line: this.recordLine });
  }
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
