import type { Message } from '../../domain/message.js';
import { SniffingDecoder } from '../statement/decode.js';
import { statementFinding as finding } from '../statement/findings.js';
import { StatementLines } from '../statement/lines.js';
import {
  type CsvOptions,
  emptyStatement,
  IssueList,
  type ParsedStatementFile,
  type ReadOptions,
  recordTransaction,
  type Statement,
  type Transaction,
} from '../statement/types.js';
import {
  detectLayout,
  isBalanceLabel,
  type Layout,
  MAPPABLE_ROLES,
  mapLayout,
  type Role,
  signOfType,
} from './layouts.js';
import {
  type CsvRecord,
  CsvRecordSplitter,
  linesAreWrapped,
  type RecordSplitter,
  sniffDelimiter,
  UnwrappingSplitter,
  unwrapLines,
} from './records.js';
import {
  type DateOrder,
  guessDateOrder,
  orderOfFormat,
  parseCsvAmount,
  parseCsvDate,
  splitDate,
} from './values.js';

export interface CsvReadResult extends ParsedStatementFile {
  format: 'csv';
  layout: string;
  /** Rows that are balance lines, not transactions (Banco do Brasil's `Saldo Anterior`, `S A L D O`...). */
  balanceRows: number;
  /** Data rows read (transactions, balance rows and rows with errors). */
  dataRows: number;
}

export type CsvReaderOptions = ReadOptions & CsvOptions;

const SNIFF_BYTES = 64 * 1024;
const HEAD_RECORDS = 200;
const HEADER_SEARCH = 30;

/** Decoder, record splitter and row interpreter, fed with raw chunks. */
export class CsvReader {
  private readonly decoder = new SniffingDecoder();
  private readonly warnings = new IssueList(1000, 'warnings');
  private readonly errors = new IssueList(1000, 'errors');
  private readonly statement: Statement = emptyStatement(1);
  /** what each row is, and a movement's key */
  private readonly lines: StatementLines;
  private textHead: string[] = [];
  private textHeadSize = 0;
  private splitter: RecordSplitter | null = null;
  private delimiter = ',';
  private head: CsvRecord[] | null = [];
  private layout: Layout | null = null;
  private fatal = false;
  private order: DateOrder = 'DMY';
  private headerWidth = 0;
  private headerNames: string[] = [];
  private balanceRows = 0;
  private dataRows = 0;
  private mergeWarned = 0;
  private ledgerFromBalance: { cents: number; date: string | null } | null = null;

  constructor(private readonly options: CsvReaderOptions = {}) {
    this.lines = new StatementLines(
      this.statement,
      (line, message) => this.warnings.add(line, message),
      // a CSV says neither when it was written nor where it ends: the day it is read
      options.today ? { date: options.today, said: 'today' as const } : undefined,
    );
  }

  push(chunk: Uint8Array): void {
    this.text(this.decoder.decode(chunk));
  }

  finish(): CsvReadResult {
    this.text(this.decoder.end());
    if (!this.splitter) this.startSplitter();
    this.splitter!.end();
    if (this.head) this.setup();
    const report = this.decoder.report();
    if (report.mixed) this.warnings.add(1, finding('statement.mixed-encoding', {}));
    const st = this.statement;
    st.startDate = st.firstDate;
    st.endDate = st.lastDate;
    if (this.ledgerFromBalance) {
      st.ledgerBalanceCents = this.ledgerFromBalance.cents;
      st.ledgerBalanceDate = this.ledgerFromBalance.date ?? st.lastDate;
    }
    if (this.layout) {
      st.bankId = this.layout.bankId;
      st.accountType = this.layout.accountType;
      st.currency = st.currency ?? this.layout.currency;
    }
    const statements = this.layout && !this.fatal ? [st] : [];
    return {
      format: 'csv',
      encoding: report.encoding,
      statements,
      warnings: this.warnings.finish().sort((a, b) => a.line - b.line),
      errors: this.errors.finish().sort((a, b) => a.line - b.line),
      layout: this.layout?.name ?? 'unknown',
      balanceRows: this.balanceRows,
      dataRows: this.dataRows,
    };
  }

  // --- text and records -------------------------------------------------------------------------------------

  private text(text: string): void {
    if (!text) return;
    if (this.splitter) {
      this.splitter.write(text);
      return;
    }
    this.textHead.push(text);
    this.textHeadSize += text.length;
    if (this.textHeadSize >= SNIFF_BYTES) this.startSplitter();
  }

  private startSplitter(): void {
    const head = this.textHead.join('');
    this.textHead = [];
    const sample = head.slice(0, SNIFF_BYTES);
    const wrapped = linesAreWrapped(sample);
    // a wrapped file's delimiter is the one inside its quotes
    this.delimiter = sniffDelimiter(wrapped ? unwrapLines(sample) : sample);
    const Splitter = wrapped ? UnwrappingSplitter : CsvRecordSplitter;
    this.splitter = new Splitter(
      this.delimiter,
      (r) => this.record(r),
      (line, message) => this.errors.add(line, message),
    );
    if (wrapped) this.warnings.add(1, finding('csv.wrapped', {}));
    this.splitter.write(head);
  }

  private record(r: CsvRecord): void {
    if (this.fatal) return;
    if (this.head) {
      this.head.push(r);
      if (this.head.length >= HEAD_RECORDS) this.setup();
      return;
    }
    this.row(r);
  }

  // --- layout -------------------------------------------------------------------------------------------------

  /** Decides header, layout and date order from the first records, then reads them. */
  private setup(): void {
    const head = this.head ?? [];
    this.head = null;
    if (head.length === 0) {
      this.fail(1, finding('csv.empty', {}));
      return;
    }
    let headerAt = -1;
    const mapping = this.options.csvColumns;
    if (mapping && Object.keys(mapping).length > 0) {
      const unknown = Object.keys(mapping).filter((k) => !MAPPABLE_ROLES.includes(k as Role));
      if (unknown.length > 0) {
        this.fail(
          1,
          finding('csv.unknown-roles', { roles: unknown.join(', '), known: MAPPABLE_ROLES.join(', ') }),
        );
        return;
      }
      let best: { at: number; missing: string[]; layout: Layout } | null = null;
      for (let i = 0; i < Math.min(head.length, HEADER_SEARCH); i++) {
        const m = mapLayout(head[i]!.fields, mapping);
        const named = Object.values(mapping).filter((v) => !/^#?\d+$/.test(v.trim()));
        if (named.length === 0) break;
        if (m.missing.length === 0) {
          best = { at: i, ...m };
          break;
        }
        if (!best || m.missing.length < best.missing.length) best = { at: i, ...m };
      }
      if (best && best.missing.length > 0) {
        const line = head[best.at]!.line;
        this.fail(
          line,
          finding('csv.column-not-found', { columns: best.missing.map((c) => `'${c}'`).join(', ') }),
        );
        return;
      }
      if (best) {
        headerAt = best.at;
        this.layout = best.layout;
      } else {
        // Only column numbers: the first row is a header when its date column holds no date.
        const m = mapLayout(null, mapping);
        this.layout = m.layout;
        const dateCol = m.layout.columns.date;
        const first = head[0]!.fields;
        headerAt = dateCol !== undefined && splitDate(first[dateCol] ?? '') === null ? 0 : -1;
      }
      if (this.layout.columns.date === undefined) {
        this.fail(head[Math.max(headerAt, 0)]!.line, finding('csv.mapping-date', {}));
        return;
      }
      const c = this.layout.columns;
      if (c.amount === undefined && (c.credit === undefined || c.debit === undefined)) {
        this.fail(head[Math.max(headerAt, 0)]!.line, finding('csv.mapping-amount', {}));
        return;
      }
    } else {
      for (let i = 0; i < Math.min(head.length, HEADER_SEARCH); i++) {
        const layout = detectLayout(head[i]!.fields);
        if (layout) {
          headerAt = i;
          this.layout = layout;
          break;
        }
      }
      if (!this.layout) {
        const inferred = inferHeaderless(head);
        if (!inferred) {
          this.fail(head[0]!.line, finding('csv.no-header', {}));
          return;
        }
        this.layout = inferred;
        const c = inferred.columns;
        const names = (Object.entries(c) as [Role, number][])
          .map(([role, i]) => `${role}=${i + 1}`)
          .join(', ');
        this.warnings.add(head[0]!.line, finding('csv.columns-inferred', { columns: names }));
      }
    }
    const layout = this.layout!;
    this.headerWidth = headerAt >= 0 ? head[headerAt]!.fields.length : head[0]!.fields.length;
    if (headerAt >= 0) this.headerNames = head[headerAt]!.fields;
    const data = head.slice(headerAt + 1);
    if (!this.decideDateOrder(data, headerAt >= 0 ? head[headerAt]!.line : 1)) return;
    if (layout.name === 'nubank-card' && this.order !== 'YMD') {
      // Nubank's card export writes ISO dates; this only looks like it: read it as a generic layout.
      this.layout = {
        ...layout,
        name: 'generic',
        bankId: null,
        accountType: null,
        currency: null,
        invertSign: false,
      };
    }
    const currencyCol = layout.columns.currency;
    if (currencyCol !== undefined) {
      const value = data
        .find((r) => (r.fields[currencyCol] ?? '').trim() !== '')
        ?.fields[currencyCol]?.trim();
      if (value && /^[A-Za-z]{3}$/.test(value)) this.statement.currency = value.toUpperCase();
    }
    for (const r of data) this.row(r);
  }

  private decideDateOrder(data: CsvRecord[], headerLine: number): boolean {
    const format = this.options.dateFormat;
    if (format) {
      const order = orderOfFormat(format);
      if (!order) {
        this.fail(headerLine, finding('csv.unknown-date-format', { format }));
        return false;
      }
      this.order = order;
      return true;
    }
    if (this.layout!.name === 'nubank') {
      this.order = 'DMY';
      return true;
    }
    const col = this.layout!.columns.date!;
    const samples = data
      .map((r) => r.fields[col] ?? '')
      .filter((v) => v.trim() !== '' && !/^0+\D0+\D0+/.test(v.trim()));
    const guess = guessDateOrder(samples);
    if (guess.order === null) {
      if (samples.length > 0 && guess.invalid < samples.length) {
        this.fail(headerLine, finding('csv.dates-mixed', {}));
        return false;
      }
      this.order = 'DMY';
      return true;
    }
    this.order = guess.order;
    if (guess.ambiguous) {
      this.warnings.add(headerLine, finding('csv.dates-ambiguous', {}));
    }
    return true;
  }

  private columnName(index: number): string {
    const name = this.headerNames[index]?.trim();
    return name ? `'${name}'` : `#${index + 1}`;
  }

  private fail(line: number, message: Message): void {
    this.errors.add(line, message);
    this.fatal = true;
  }

  // --- rows ---------------------------------------------------------------------------------------------------

  private row(r: CsvRecord): void {
    const layout = this.layout!;
    const c = layout.columns;
    let fields = r.fields;
    if (fields.every((f) => f.trim() === '')) return;
    this.dataRows++;
    if (fields.length > this.headerWidth && fields.slice(this.headerWidth).some((f) => f.trim() !== '')) {
      const merged = this.mergeSplitDecimal(fields);
      if (!merged) {
        this.errors.add(
          r.line,
          finding('csv.width', {
            fields: fields.length,
            header: this.headerWidth,
            delimiter: this.delimiter,
          }),
        );
        return;
      }
      fields = merged;
      if (this.mergeWarned++ === 0) {
        this.warnings.add(r.line, finding('csv.decimal-comma', { example: fields[c.amount!] ?? '' }));
      }
    }
    const get = (role: Role) => {
      const i = c[role];
      return i === undefined ? undefined : (fields[i] ?? '').trim();
    };
    const label = get('description') ?? '';
    const details = get('details');
    const description = details ? (label ? `${label} - ${details}` : details) : label;

    const rawDate = get('date') ?? '';
    if (isBalanceLabel(label)) {
      this.balanceRow(r.line, label, rawDate, get('amount') ?? '');
      return;
    }
    const date = parseCsvDate(rawDate, this.order);
    const amount = this.amountOf(get);
    if (!date) {
      const header = this.columnName(c.date!);
      this.errors.add(
        r.line,
        rawDate === ''
          ? finding('csv.date-empty', {
              column: header,
              fields: fields.length <= c.date! ? fields.length : -1,
            })
          : finding('csv.not-date', { column: header, value: rawDate, order: orderLabel(this.order) }),
      );
    }
    if (!amount.ok) this.errors.add(r.line, amount.message);
    if (!date || !amount.ok) return;

    let cents = amount.cents;
    if (amount.rounded) this.warnings.add(r.line, finding('csv.rounded', {}));
    const typeValue = get('type');
    if (typeValue) {
      const sign = signOfType(typeValue);
      if (sign === -1 && cents > 0) cents = -cents;
    }
    if (layout.invertSign) cents = -cents;
    const idValue = get('id') || null;
    const transaction: Transaction = {
      id: idValue ?? '',
      key: '',
      kind: 'movement',
      fitid: idValue,
      date,
      amountCents: cents,
      type: cents < 0 ? 'DEBIT' : 'CREDIT',
      name: null,
      memo: description === '' ? null : description,
      checkNumber: get('document') || null,
      line: r.line,
    };
    // a row "SALDO …" that is the running balance (its label alone did not say so)
    if (this.lines.take(transaction) === 'balance') {
      this.balanceRows++;
      return;
    }
    // a row without an id is named by its key (a hash of its date, amount, text and repeat)
    if (idValue === null) transaction.id = transaction.key;
    recordTransaction(this.statement, transaction, this.options.keepTransactions !== false);
    this.options.onTransaction?.(transaction, 0);
  }

  private amountOf(
    get: (role: Role) => string | undefined,
  ): { ok: true; cents: number; rounded: boolean } | { ok: false; message: Message } {
    const c = this.layout!.columns;
    if (c.amount !== undefined) {
      const raw = get('amount') ?? '';
      const a = parseCsvAmount(raw);
      return a.ok
        ? a
        : {
            ok: false,
            message: finding('csv.amount', { column: this.columnName(c.amount), reason: a.reason }),
          };
    }
    const credit = get('credit') ?? '';
    const debit = get('debit') ?? '';
    if (credit === '' && debit === '') {
      return {
        ok: false,
        message: finding('csv.both-empty', {
          credit: this.columnName(c.credit!),
          debit: this.columnName(c.debit!),
        }),
      };
    }
    let cents = 0;
    let rounded = false;
    if (credit !== '') {
      const a = parseCsvAmount(credit);
      if (!a.ok)
        return {
          ok: false,
          message: finding('csv.amount', { column: this.columnName(c.credit!), reason: a.reason }),
        };
      cents += Math.abs(a.cents);
      rounded ||= a.rounded;
    }
    if (debit !== '') {
      const a = parseCsvAmount(debit);
      if (!a.ok)
        return {
          ok: false,
          message: finding('csv.amount', { column: this.columnName(c.debit!), reason: a.reason }),
        };
      cents -= Math.abs(a.cents);
      rounded ||= a.rounded;
    }
    return { ok: true, cents, rounded };
  }

  private balanceRow(line: number, label: string, rawDate: string, rawAmount: string): void {
    this.balanceRows++;
    const amount = parseCsvAmount(rawAmount);
    const date = parseCsvDate(rawDate, this.order);
    this.lines.takeBalance(line, date ?? '', amount.ok ? amount.cents : null, label);
    if (/anterior|inicial/i.test(label) || !amount.ok) return;
    this.ledgerFromBalance = { cents: amount.cents, date };
  }

  /** `-100,50` in a comma-separated file without quotes splits in two; rejoin when that is the only reading. */
  private mergeSplitDecimal(fields: string[]): string[] | null {
    const at = this.layout!.columns.amount;
    if (this.delimiter !== ',' || at === undefined || fields.length !== this.headerWidth + 1) return null;
    const whole = (fields[at] ?? '').trim();
    const cents = (fields[at + 1] ?? '').trim();
    if (!/^[+-]?(\d{1,3}(\.\d{3})+|\d+)$/.test(whole) || !/^\d{2}$/.test(cents)) return null;
    return [...fields.slice(0, at), `${whole},${cents}`, ...fields.slice(at + 2)];
  }
}

function orderLabel(order: DateOrder): string {
  return order === 'YMD' ? 'YYYY-MM-DD' : order === 'DMY' ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
}

/** No header: the first column that always holds dates, the first other that always holds amounts. */
function inferHeaderless(records: CsvRecord[]): Layout | null {
  const rows = records.map((r) => r.fields);
  const width = Math.max(...rows.map((f) => f.length));
  const all = (col: number, test: (v: string) => boolean) =>
    rows.every((f) => {
      const v = (f[col] ?? '').trim();
      return v !== '' && test(v);
    });
  const columns: Partial<Record<Role, number>> = {};
  for (let i = 0; i < width && columns.date === undefined; i++)
    if (all(i, (v) => splitDate(v) !== null)) columns.date = i;
  if (columns.date === undefined) return null;
  for (let i = 0; i < width && columns.amount === undefined; i++) {
    if (i !== columns.date && all(i, (v) => /\d/.test(v) && parseCsvAmount(v).ok)) columns.amount = i;
  }
  if (columns.amount === undefined) return null;
  for (let i = 0; i < width && columns.type === undefined; i++) {
    if (i !== columns.date && i !== columns.amount && all(i, (v) => signOfType(v) !== 0)) columns.type = i;
  }
  for (let i = 0; i < width && columns.description === undefined; i++) {
    if (i === columns.date || i === columns.amount || i === columns.type) continue;
    if (all(i, (v) => /[A-Za-z\u00c0-\u024f]/.test(v))) columns.description = i;
  }
  return { name: 'headerless', columns, bankId: null, accountType: null, currency: null, invertSign: false };
}
