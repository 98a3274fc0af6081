import type { Message } from '../../domain/message.js';
import { type DecoderReport, SniffingDecoder } from '../statement/decode.js';
import { statementFinding as finding } from '../statement/findings.js';
import { statementTransactionHash } from '../statement/hash.js';
import { type ScheduledAfter, StatementLines } from '../statement/lines.js';
import {
  emptyStatement,
  IssueList,
  type ParsedStatementFile,
  type ReadOptions,
  recordTransaction,
  type Statement,
  type Transaction,
} from '../statement/types.js';
import { parseOfxAmount } from './amount.js';
import { parseOfxDate } from './dates.js';
import {
  ACCOUNT_AGGREGATES,
  AGGREGATES,
  DATA_AGGREGATES,
  HEADER_KEYS,
  LEAVES,
  MAX_HEADER,
  SGML_VERSIONS,
  STATEMENT_AGGREGATES,
  XML_VERSIONS,
} from './elements.js';
import { OfxTokenizer, type TokenHandler } from './tokenizer.js';
import { TransactionFields } from './transaction-fields.js';

/**
 * After which day a line is scheduled: today, or the day the bank wrote the file when that is later (a file our
 * clock says is from the future calls done what it calls done). A file written long ago says nothing of today:
 * sample files carry a DTSERVER years before their lines.
 */
function scheduledAfter(today: string | undefined, written: string | null): ScheduledAfter | undefined {
  if (today === undefined) return undefined;
  return written !== null && written > today
    ? { date: written, said: 'written' as const }
    : { date: today, said: 'today' as const };
}

interface Frame {
  name: string;
  line: number;
  known: boolean;
}

interface StatementState {
  statement: Statement;
  index: number;
  name: string;
  hasAccount: boolean;
  hasLedger: boolean;
  /** what each line is, and a movement's key */
  lines: StatementLines;
}

interface StatusState {
  line: number;
  code: string | null;
  severity: string | null;
  message: string | null;
}

/** The push parser: feed decoded text with `write`, then `end`. */
export class OfxParser implements TokenHandler {
  readonly statements: Statement[] = [];
  readonly warnings = new IssueList(1000, 'warnings');
  readonly errors = new IssueList(1000, 'errors');
  /** the aggregates first: a tag whose place among the names is below AGGREGATES.size is one (#73) */
  private readonly tokenizer = new OfxTokenizer(this, [...AGGREGATES, ...LEAVES]);
  private readonly stack: Frame[] = [];
  /** Aggregates closed so far: a second close of one is skipped with a warning, not an error. */
  private readonly closedAggregates = new Set<string>();
  /** an element opened that is not an aggregate: a leaf when text follows it */
  private pendingName: string | null = null;
  private pendingLine = 0;
  private header = '';
  private headerLine = 1;
  private instructions: { content: string; line: number }[] = [];
  private rootSeen = false;
  private rootClosed = false;
  private fatal = false;
  private trailingWarned = false;
  /** DTSERVER: the day the bank wrote the file */
  private serverDate: string | null = null;
  private current: StatementState | null = null;
  /** the transaction being read, when inTransaction */
  private readonly txn = new TransactionFields();
  private inTransaction = false;
  private status: StatusState | null = null;
  /** Set from the SGML header so the decoder can name the single-byte charset. */
  declaredCharset: string | null = null;

  constructor(private readonly options: ReadOptions = {}) {}

  write(text: string): void {
    this.tokenizer.write(text);
  }

  end(): void {
    this.tokenizer.end();
    this.resolvePending(null);
    const lastLine = this.tokenizer.currentLine;
    if (!this.rootSeen) {
      if (!this.fatal) this.errors.add(this.headerLine, finding('ofx.no-root', {}));
      return;
    }
    if (this.fatal) return;
    const truncated = [...this.stack].reverse().find((f) => DATA_AGGREGATES.has(f.name));
    if (truncated) {
      this.errors.add(lastLine, finding('ofx.ends-inside', { tag: truncated.name, line: truncated.line }));
      return;
    }
    if (!this.rootClosed) {
      // Complete statements before a lost </OFX> are still unambiguous; nothing at all is a cut-off file.
      if (this.statements.length > 0) this.warnings.add(lastLine, finding('ofx.no-end', {}));
      else this.errors.add(lastLine, finding('ofx.no-end-no-statement', {}));
    }
    while (this.stack.length > 0) this.closeFrame(this.stack.pop()!, lastLine, false);
  }

  // --- TokenHandler -------------------------------------------------------------------------------------------

  /** Past the root, text is a value: the tokenizer trims it (and leaves out white space alone). */
  get trimsText(): boolean {
    return this.rootSeen;
  }

  instruction(content: string, line: number): void {
    if (!this.rootSeen) this.instructions.push({ content, line });
  }

  malformed(line: number, message: Message): void {
    if (this.fatal) return;
    this.errors.add(line, message);
  }

  text(text: string, line: number): void {
    if (!this.rootSeen) {
      if (this.header.length < MAX_HEADER) {
        if (this.header.trim() === '' && text.trim() !== '')
          this.headerLine = line + countLeadingNewlines(text);
        this.header += text.slice(0, MAX_HEADER - this.header.length);
      }
      return;
    }
    if (this.fatal) return;
    const value = text; // trimmed by the tokenizer (trimsText)
    if (this.rootClosed) {
      if (value !== '' && !this.trailingWarned) {
        this.warnings.add(line, finding('ofx.text-after', {}));
        this.trailingWarned = true;
      }
      return;
    }
    if (this.pendingName !== null && value !== '') {
      const name = this.pendingName;
      this.pendingName = null;
      this.leaf(name, value, this.pendingLine);
    }
  }

  open(name: string, line: number, selfClosing: boolean, place = -1): void {
    if (this.fatal) return;
    if (!this.rootSeen) {
      if (name !== 'OFX') {
        this.fatal = true;
        this.errors.add(line, finding('ofx.other-root', { tag: name }));
        return;
      }
      this.rootSeen = true;
      this.readHeader(line);
    } else if (this.rootClosed) {
      if (!this.trailingWarned) this.warnings.add(line, finding('ofx.element-after', { tag: name }));
      this.trailingWarned = true;
      return;
    }
    this.resolvePending(name);
    const known = isAggregate(name, place);
    if (known) {
      let at = -1;
      for (let i = 0; i < this.stack.length; i++)
        if (this.stack[i]!.name === name) {
          at = i;
          break;
        }
      if (at !== -1) this.closeDownTo(at, line, `<${name}>`);
      this.stack.push({ name, line, known: true });
      this.openAggregate(name, line);
      if (selfClosing) this.closeFrame(this.stack.pop()!, line, true);
      return;
    }
    if (selfClosing) {
      this.leaf(name, '', line);
      return;
    }
    this.pendingName = name;
    this.pendingLine = line;
  }

  close(name: string, line: number, place = -1): void {
    if (this.fatal || !this.rootSeen || this.rootClosed) return;
    if (this.pendingName !== null) {
      const pending = this.pendingName;
      this.pendingName = null;
      // an empty leaf, closed or not
      this.leaf(pending, '', this.pendingLine);
      if (pending === name) return;
    }
    let at = -1;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      if (this.stack[i]!.name === name) {
        at = i;
        break;
      }
    }
    if (at === -1) {
      // A leaf's close tag (already ended by its text) or a pretty-printer's bogus one: harmless. A known
      // aggregate closed a second time (a bank repeating </BANKTRANLIST> after the list) changes nothing: other
      // OFX readers skip it, and so does this one, with a warning. One that was never opened means the
      // structure is broken.
      if (this.closedAggregates.has(name))
        this.warnings.add(line, finding('ofx.closes-nothing', { tag: name }));
      else if (isAggregate(name, place)) this.errors.add(line, finding('ofx.unmatched-close', { tag: name }));
      return;
    }
    this.closeDownTo(at + 1, line, `</${name}>`);
    this.closeFrame(this.stack.pop()!, line, true);
    if (isAggregate(name, place)) this.closedAggregates.add(name);
    if (name === 'OFX' && this.stack.length === 0) this.rootClosed = true;
  }

  // --- structure ----------------------------------------------------------------------------------------------

  /** Ends an element whose content was only tags: an empty leaf if known as one, else a transparent container. */
  private resolvePending(nextOpen: string | null): void {
    const name = this.pendingName;
    if (name === null) return;
    this.pendingName = null;
    if (LEAVES.has(name) || nextOpen === null) this.leaf(name, '', this.pendingLine);
    else this.stack.push({ name, line: this.pendingLine, known: false });
  }

  /** Closes every frame above `index` (exclusive), warning about known aggregates left open. */
  private closeDownTo(index: number, line: number, before: string): void {
    while (this.stack.length > index) {
      const frame = this.stack.pop()!;
      if (frame.known)
        this.warnings.add(line, finding('ofx.missing-close', { tag: frame.name, line: frame.line, before }));
      this.closeFrame(frame, line, false);
    }
  }

  private closeFrame(frame: Frame, line: number, _explicit: boolean): void {
    if (!frame.known) return;
    switch (frame.name) {
      case 'STMTTRN':
        this.endTransaction();
        break;
      case 'STATUS':
        this.endStatus();
        break;
      default:
        if (STATEMENT_AGGREGATES.has(frame.name)) this.endStatement(line);
    }
  }

  private nearestKnown(): Frame | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.known) return this.stack[i];
    return undefined;
  }

  // --- semantics ----------------------------------------------------------------------------------------------

  private openAggregate(name: string, line: number): void {
    if (STATEMENT_AGGREGATES.has(name)) {
      const statement = emptyStatement(line);
      if (name === 'CCSTMTRS') statement.accountType = 'CREDITCARD';
      if (name === 'INVSTMTRS') statement.accountType = 'INVESTMENT';
      this.statements.push(statement);
      this.current = {
        statement,
        index: this.statements.length - 1,
        name,
        hasAccount: false,
        hasLedger: false,
        lines: new StatementLines(
          statement,
          (at, message) => this.warnings.add(at, message),
          scheduledAfter(this.options.today, this.serverDate),
        ),
      };
    } else if (name === 'STMTTRN') {
      if (!this.current) {
        this.errors.add(line, finding('ofx.transaction-outside', {}));
        this.inTransaction = false;
        return;
      }
      this.txn.start(line);
      this.inTransaction = true;
    } else if (ACCOUNT_AGGREGATES.has(name)) {
      if (this.current) this.current.hasAccount = true;
    } else if (name === 'STATUS') {
      this.status = { line, code: null, severity: null, message: null };
    }
  }

  private leaf(name: string, value: string, line: number): void {
    const parent = this.nearestKnown()?.name;
    if (this.inTransaction && (parent === 'STMTTRN' || parent === 'PAYEE')) {
      if (parent === 'PAYEE') {
        if (name === 'NAME') this.txn.payeeName = value;
      } else if (!this.txn.add(name, value, line))
        this.warnings.add(line, finding('ofx.second-field', { tag: name }));
      return;
    }
    if (parent === 'STATUS' && this.status) {
      if (name === 'CODE') this.status.code = value;
      else if (name === 'SEVERITY') this.status.severity = value;
      else if (name === 'MESSAGE') this.status.message = value;
      return;
    }
    if (parent === 'SONRS' && name === 'DTSERVER') {
      // the day the bank wrote the file: what is dated after it had not happened then (scheduled)
      const d = parseOfxDate(value);
      this.serverDate = d.ok ? d.date : null;
      return;
    }
    const cur = this.current;
    if (!cur || !parent) return;
    const st = cur.statement;
    if (ACCOUNT_AGGREGATES.has(parent)) {
      if ((name === 'BANKID' || name === 'BROKERID') && value !== '') st.bankId = value;
      else if (name === 'ACCTID') st.accountId = value === '' ? null : value;
      else if (name === 'ACCTTYPE' && value !== '') st.accountType = value.toUpperCase();
    } else if (STATEMENT_AGGREGATES.has(parent)) {
      if (name === 'CURDEF') {
        if (value === '') this.warnings.add(line, finding('ofx.curdef-empty', {}));
        else st.currency = value.toUpperCase();
      }
    } else if (parent === 'BANKTRANLIST' || parent === 'INVTRANLIST') {
      if (name === 'DTSTART' || name === 'DTEND') {
        const d = parseOfxDate(value);
        if (!d.ok) this.warnings.add(line, finding('ofx.date-ignored', { tag: name, reason: d.reason }));
        else if (name === 'DTSTART') st.startDate = d.date;
        else st.endDate = d.date;
      }
    } else if (parent === 'LEDGERBAL') {
      cur.hasLedger = true;
      if (name === 'BALAMT') {
        const a = parseOfxAmount(value);
        if (!a.ok) this.warnings.add(line, finding('ofx.ledger-amount', { reason: a.reason }));
        else st.ledgerBalanceCents = a.cents;
      } else if (name === 'DTASOF') {
        const d = parseOfxDate(value);
        if (!d.ok) this.warnings.add(line, finding('ofx.ledger-date', { reason: d.reason }));
        else st.ledgerBalanceDate = d.date;
      }
    }
  }

  private endStatus(): void {
    const s = this.status;
    this.status = null;
    if (!s) return;
    const severity = (s.severity ?? '').toUpperCase();
    if ((s.code !== null && s.code !== '0') || severity === 'ERROR') {
      const status = { code: s.code ?? '?', severity: severity || 'UNKNOWN', detail: s.message ?? '' };
      this.warnings.add(s.line, finding('ofx.status', status));
    }
  }

  private endStatement(line: number): void {
    const cur = this.current;
    this.current = null;
    this.inTransaction = false;
    if (!cur) return;
    const st = cur.statement;
    cur.lines.finish();
    const accountTag =
      cur.name === 'CCSTMTRS' ? 'CCACCTFROM' : cur.name === 'INVSTMTRS' ? 'INVACCTFROM' : 'BANKACCTFROM';
    if (!cur.hasAccount && st.transactionCount === 0 && !cur.hasLedger) {
      this.errors.add(st.line, finding('ofx.statement-empty', { tag: cur.name, account: accountTag }));
      return;
    }
    if (!cur.hasAccount)
      this.warnings.add(st.line, finding('ofx.no-account', { tag: cur.name, account: accountTag }));
    else if (st.accountId === null)
      this.warnings.add(st.line, finding('ofx.empty-acctid', { tag: cur.name }));
    if (st.currency === null && !cur.hasLedger && st.transactionCount === 0) {
      this.warnings.add(line, finding('ofx.no-curdef', { tag: cur.name }));
    }
  }

  private endTransaction(): void {
    const t = this.txn;
    const cur = this.current;
    if (!this.inTransaction || !cur) return;
    this.inTransaction = false;
    const memo = nonEmpty(t.memo);
    const name = nonEmpty(t.name) ?? (t.payeeName || null);

    const amount = t.amount === undefined ? null : parseOfxAmount(t.amount);
    const date = t.date === undefined ? null : parseOfxDate(t.date);
    if (!amount?.ok) {
      const label = `${memo ?? ''} ${name ?? ''}`.trim();
      if (/^saldo\b/i.test(label)) {
        // Caixa writes the day's balance as a pseudo-transaction with a blank amount.
        this.warnings.add(t.lineOf('TRNAMT'), finding('ofx.balance-line', { at: t.line, label }));
        cur.lines.takeBalance(t.line, date?.ok ? date.date : '', null, label);
        return;
      }
      if (!amount) this.errors.add(t.line, finding('ofx.field-missing', { at: t.line, tag: 'TRNAMT' }));
      else if (!amount.ok)
        this.errors.add(
          t.lineOf('TRNAMT'),
          finding('ofx.field-refused', { tag: 'TRNAMT', reason: amount.reason }),
        );
      // fall through to report the date as well
    } else if (amount.note)
      this.warnings.add(
        t.lineOf('TRNAMT'),
        finding('ofx.field-refused', { tag: 'TRNAMT', reason: amount.note }),
      );

    if (!date) this.errors.add(t.line, finding('ofx.field-missing', { at: t.line, tag: 'DTPOSTED' }));
    else if (!date.ok)
      this.errors.add(
        t.lineOf('DTPOSTED'),
        finding('ofx.field-refused', { tag: 'DTPOSTED', reason: date.reason }),
      );
    if (!amount?.ok || !date?.ok) {
      // refused, with its line among the errors: still one of the file's lines
      cur.statement.refusedCount += 1;
      return;
    }

    const rawType = nonEmpty(t.type);
    if (!rawType) this.warnings.add(t.line, finding('ofx.trntype-missing', { at: t.line }));
    // most files write it in capitals already: kept, not copied (#73)
    const type = rawType
      ? /[a-z]/.test(rawType)
        ? rawType.toUpperCase()
        : rawType
      : amount.cents < 0
        ? 'DEBIT'
        : 'CREDIT';
    const fitid = nonEmpty(t.fitid);
    if (fitid === null) this.warnings.add(t.line, finding('ofx.fitid-missing', { at: t.line }));
    const transaction: Transaction = {
      id: fitid ?? statementTransactionHash(date.date, amount.cents, memo ?? name ?? ''),
      key: '',
      kind: 'movement',
      fitid,
      date: date.date,
      amountCents: amount.cents,
      type,
      name,
      memo,
      checkNumber: nonEmpty(t.checkNumber) ?? nonEmpty(t.refNumber),
      line: t.line,
    };
    if (cur.lines.take(transaction) === 'balance') return;
    recordTransaction(cur.statement, transaction, this.options.keepTransactions !== false);
    this.options.onTransaction?.(transaction, cur.index);
  }

  // --- header -------------------------------------------------------------------------------------------------

  private readHeader(rootLine: number): void {
    const xml = this.instructions.find((i) => /^OFX\s/i.test(i.content));
    if (xml) {
      const version = /VERSION\s*=\s*"([^"]*)"/i.exec(xml.content)?.[1];
      if (version && !XML_VERSIONS.has(version)) {
        this.warnings.add(xml.line, finding('ofx.version', { version }));
      }
      if (this.header.trim() !== '') this.warnings.add(this.headerLine, finding('ofx.text-before', {}));
      return;
    }
    const header = this.header.trim();
    if (header === '') {
      if (this.instructions.length === 0) this.warnings.add(rootLine, finding('ofx.no-header', {}));
      return;
    }
    if (!/^OFXHEADER\s*:/i.test(header)) {
      this.warnings.add(this.headerLine, finding('ofx.text-before-no-header', {}));
      return;
    }
    const fields = new Map<string, string>();
    const fieldLines = new Map<string, number>();
    const keys = [...header.matchAll(HEADER_KEYS)];
    keys.forEach((m, i) => {
      const end = keys[i + 1]?.index ?? header.length;
      fields.set(m[1]!, header.slice(m.index! + m[0].length, end).trim());
      fieldLines.set(m[1]!, this.headerLine + (header.slice(0, m.index).match(/\n/g)?.length ?? 0));
    });
    if (keys.length > 1 && !/\n/.test(header)) {
      this.warnings.add(this.headerLine, finding('ofx.header-one-line', {}));
    } else if (!/\n[ \t]*\n\s*$/.test(this.header)) {
      this.warnings.add(rootLine, finding('ofx.no-blank-line', {}));
    }
    const version = fields.get('VERSION');
    if (version === undefined) this.warnings.add(this.headerLine, finding('ofx.header-no-version', {}));
    else if (!SGML_VERSIONS.has(version)) {
      const at = fieldLines.get('VERSION') ?? this.headerLine;
      this.warnings.add(at, finding('ofx.header-version', { version }));
    }
    const data = fields.get('DATA');
    if (data !== undefined && data.toUpperCase() !== 'OFXSGML') {
      this.warnings.add(fieldLines.get('DATA') ?? this.headerLine, finding('ofx.header-data', { data }));
    }
    const charset = fields.get('CHARSET');
    if (charset) this.declaredCharset = charset;
  }
}

/** Whether the element is an aggregate: by its place among the tokenizer's names, or by name when it has none. */
const isAggregate = (name: string, place: number) =>
  place === -1 ? AGGREGATES.has(name) : place < AGGREGATES.size;

/** A leaf's text, null when missing or empty. */
const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function countLeadingNewlines(text: string): number {
  const lead = text.slice(0, text.length - text.trimStart().length);
  return lead.split('\n').length - 1;
}

export interface OfxReadResult extends ParsedStatementFile {
  format: 'ofx';
}

/** Decoder and parser together, fed with raw chunks: the core of every OFX entry point. */
export class OfxReader {
  private readonly decoder = new SniffingDecoder({ keepLineBreaks: true });
  private readonly parser: OfxParser;

  constructor(options: ReadOptions = {}) {
    this.parser = new OfxParser(options);
  }

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk);
    if (text) this.parser.write(text);
    if (this.parser.declaredCharset) this.decoder.declaredCharset = this.parser.declaredCharset;
  }

  finish(): OfxReadResult {
    const tail = this.decoder.end();
    if (tail) this.parser.write(tail);
    this.parser.end();
    if (this.parser.declaredCharset) this.decoder.declaredCharset = this.parser.declaredCharset;
    return finishOfx(this.parser, this.decoder.report());
  }
}

function finishOfx(parser: OfxParser, report: DecoderReport): OfxReadResult {
  const warnings = parser.warnings;
  if (report.mixed) warnings.add(1, finding('statement.mixed-encoding', {}));
  const list = warnings.finish().sort((a, b) => a.line - b.line);
  return {
    format: 'ofx',
    encoding: report.encoding,
    statements: parser.statements,
    warnings: list,
    errors: parser.errors.finish().sort((a, b) => a.line - b.line),
  };
}
