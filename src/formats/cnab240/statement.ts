/**
 * CNAB 240 account statements ("extrato de conta corrente para conciliação bancária"): FEBRABAN's service 04,
 * lotes of operation E, forma 40, one segment E per movement. Banks deliver them for automated reconciliation
 * (Itaú, Bradesco, Banco do Brasil, Santander and Caixa all offer them). Read here into the statement model the
 * OFX and CSV readers share, so `statements import` and its dry run treat one as any statement; written for
 * the sandbox's `statement --format cnab240`.
 *
 * Positions, from FEBRABAN's "Layout Padrão 240 posições", extrato para conciliação bancária (as implemented by
 * BoletoNet/boletonet, src/Boleto.Net/Arquivo/DetalheSegmentoERetornoCNAB240.cs @eaf415da; marcodpt/cnab,
 * conciliacao/*.js @a42fc06e, per bank; RJ-SMTR/api-cct, Caixa's extrato v005 of 2022 @ac1960c5):
 * - lote header: operation E (9), service 04 (10-11), forma 40 (12-13), layout (14-16), the account as in every
 *   header (agência 53-57 and its digit 58, conta 59-70 and its digit 71, the agência/conta digit 72), the
 *   opening balance: its date 143-150, value 151-168 (2 decimals), D/C 169, position 170 (P partial, F final,
 *   I intraday);
 * - segment E: natureza 109-111, complemento 112-133, data contábil 135-142, data do lançamento 143-150, valor
 *   151-168, D/C 169, categoria 170-172 (1xx debits, 2xx credits), código do histórico 173-176, histórico
 *   177-201, documento 202-240 (Itaú writes its document at 235-240, Bradesco and Caixa at 202-208: all inside);
 * - lote trailer: the closing balance's date 143-150, value 151-168, D/C 169, position 170; the lote's records
 *   171-176; the sum of debits 177-194 and of credits 195-212.
 */
import { createHash } from 'node:crypto';
import type { IsoDate } from '../../domain/dates.js';
import type { Message } from '../../domain/message.js';
import { buildStatementOfx } from '../ofx/writer.js';
import { statementFinding as finding, type ShortBefore, type StatementPart } from '../statement/findings.js';
import {
  emptyStatement,
  type Issue,
  IssueList,
  type ParsedStatementFile,
  type ReadOptions,
  recordTransaction,
  type Statement,
  type Transaction,
} from '../statement/types.js';
import { alpha, fromCnabDate, num, RECORD_LENGTH, toCnabDate } from './fields.js';

const MAX_ISSUES = 200;

/** The memos of a statement's two balance lines: the lote header's opening balance, the trailer's closing one. */
export const OPENING_BALANCE = 'SALDO INICIAL';
export const CLOSING_BALANCE = 'SALDO FINAL';

/** A balance or movement's value and sign as the record writes them (value, then D or C). */
function signedCents(
  rec: string,
  from: number,
  part: StatementPart,
): { cents: number } | { problem: Message } {
  const digits = rec.slice(from - 1, from + 17);
  const sign = rec[from + 17];
  if (!/^\d{18}$/.test(digits))
    return {
      problem: finding('extrato.not-number', { part, at: `${from}-${from + 17}`, value: digits.trim() }),
    };
  if (sign !== 'D' && sign !== 'C')
    return { problem: finding('extrato.not-sign', { part, at: from + 18, value: sign ?? '' }) };
  const cents = Number(digits);
  return { cents: sign === 'D' ? -cents : cents };
}

/**
 * A movement's identity: a hash of its account, date, amount, history code and document, and its place among the
 * movements of that day that share them all (the n-th), so the same extrato imported again is a replay and two
 * equal movements of one day stay two.
 */
export function cnabMovementId(parts: {
  bank: string;
  account: string;
  date: string;
  amountCents: number;
  historyCode: string;
  document: string;
  nth: number;
}): string {
  const text = [
    parts.bank,
    parts.account,
    parts.date,
    parts.amountCents,
    parts.historyCode,
    parts.document,
    parts.nth,
  ].join('\u001f');
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

/** The reader, fed chunks as the other statement readers are (formats/statement/stream.ts). */
export class CnabStatementReader {
  private rest = '';
  private line = 0;
  private bank: string | null = null;
  private current: {
    statement: Statement;
    records: number;
    debits: number;
    credits: number;
    openingCents: number | null;
  } | null = null;
  private readonly statements: Statement[] = [];
  private readonly seen = new Map<string, number>();
  private readonly warnings = new IssueList(MAX_ISSUES, 'warnings');
  private readonly errors = new IssueList(MAX_ISSUES, 'errors');
  private trailerSeen = false;
  private readonly decoder = new TextDecoder('latin1');

  constructor(private readonly options: ReadOptions = {}) {}

  push(chunk: Uint8Array): void {
    const text = this.rest + this.decoder.decode(chunk, { stream: true });
    const parts = text.split(/\r\n|\n|\r(?!$)/);
    this.rest = parts.pop() ?? '';
    for (const p of parts) this.record(p);
  }

  finish(): ParsedStatementFile {
    const last = this.rest.replace(/\r$/, '');
    if (last !== '') this.record(last);
    if (this.current) this.errors.add(this.line, finding('extrato.cut', { lote: this.statements.length }));
    else if (!this.trailerSeen && this.statements.length > 0)
      this.warnings.add(this.line, finding('extrato.no-trailer', {}));
    if (this.statements.length === 0 && this.errors.count === 0)
      this.errors.add(Math.max(this.line, 1), finding('extrato.no-lote', {}));
    return {
      format: 'cnab240',
      encoding: 'latin1',
      statements: this.statements,
      warnings: this.warnings.finish(),
      errors: this.errors.finish(),
    };
  }

  /**
   * What the records said, without the end of the file judged (a missing trailer): for `cnab lint`, whose own
   * structure rules judge that. Asked for once, in place of finish().
   */
  recordFindings(): { errors: Issue[]; warnings: Issue[] } {
    return { errors: this.errors.finish(), warnings: this.warnings.finish() };
  }

  /** One line of the file, given by a reader that splits lines itself (`cnab lint`), at its line number. */
  recordAt(line: number, raw: string): void {
    this.line = line - 1;
    this.record(raw);
  }

  private record(raw: string): void {
    this.line++;
    const n = this.line;
    if (raw.trim() === '') return;
    if (raw.length > RECORD_LENGTH && raw.slice(RECORD_LENGTH).trim() !== '') {
      this.errors.add(n, finding('extrato.long', { length: raw.length }));
      return;
    }
    // banks and tools trim a record's trailing blanks: what is missing is blank, unless it held a value
    const rec = raw.length < RECORD_LENGTH ? raw.padEnd(RECORD_LENGTH, ' ') : raw.slice(0, RECORD_LENGTH);
    const type = rec[7];
    this.bank ??= rec.slice(0, 3);
    if (type === '0') return;
    if (type === '9') {
      this.trailerSeen = true;
      return;
    }
    if (type === '1') this.loteHeader(n, rec, raw.length);
    else if (type === '3') this.movement(n, rec, raw.length);
    else if (type === '5') this.loteTrailer(n, rec, raw.length);
    else this.errors.add(n, finding('extrato.record-type', { type: type ?? '' }));
  }

  private short(n: number, length: number, needs: number, before: ShortBefore): boolean {
    if (length >= needs) return false;
    this.errors.add(n, finding('extrato.short', { length, before }));
    return true;
  }

  private loteHeader(n: number, rec: string, length: number): void {
    if (this.current) this.errors.add(n, finding('extrato.header-inside', { lote: this.statements.length }));
    if (rec[8] !== 'E' || rec.slice(9, 11) !== '04') {
      this.errors.add(
        n,
        finding('extrato.not-statement-lote', { operation: rec[8] ?? '', service: rec.slice(9, 11) }),
      );
      this.current = null;
      return;
    }
    if (this.short(n, length, 170, 'its opening balance (143-169)')) {
      this.current = null;
      return;
    }
    const statement = emptyStatement(n);
    const account = rec.slice(58, 70).replace(/^0+(?=\d)/, '');
    const digit = (rec[70] ?? ' ').trim() || (rec[71] ?? ' ').trim();
    statement.bankId = rec.slice(0, 3);
    statement.accountId = digit ? `${account}-${digit}` : account;
    statement.accountType = 'CHECKING';
    statement.currency = 'BRL';
    const date = fromCnabDate(rec.slice(142, 150));
    const value = signedCents(rec, 151, 'opening balance');
    if (date === null)
      this.errors.add(
        n,
        finding('extrato.not-date', { part: 'opening balance', value: rec.slice(142, 150) }),
      );
    if ('problem' in value) this.errors.add(n, value.problem);
    const openingCents = 'cents' in value ? value.cents : null;
    if (date !== null && openingCents !== null) {
      statement.startDate = date;
      statement.balanceCount += 1;
      statement.balanceLines.push({ line: n, date, amountCents: openingCents, memo: OPENING_BALANCE });
    }
    this.statements.push(statement);
    this.current = { statement, records: 1, debits: 0, credits: 0, openingCents };
  }

  private movement(n: number, rec: string, length: number): void {
    const lote = this.current;
    if (!lote) {
      this.errors.add(n, finding('extrato.outside-lote', {}));
      return;
    }
    lote.records++;
    if (rec[13] !== 'E') {
      this.warnings.add(n, finding('extrato.other-segment', { segment: rec[13] ?? '' }));
      return;
    }
    if (this.short(n, length, 176, 'its history code (173-176)')) {
      lote.statement.refusedCount++;
      return;
    }
    const date = fromCnabDate(rec.slice(142, 150));
    const value = signedCents(rec, 151, 'movement');
    if (date === null) {
      lote.statement.refusedCount++;
      this.errors.add(n, finding('extrato.not-date', { part: 'movement', value: rec.slice(142, 150) }));
      return;
    }
    if ('problem' in value) {
      lote.statement.refusedCount++;
      this.errors.add(n, value.problem);
      return;
    }
    const amountCents = value.cents;
    if (amountCents < 0) lote.debits -= amountCents;
    else lote.credits += amountCents;
    const historyCode = rec.slice(172, 176).trim();
    const history = rec.slice(176, 201).trim();
    const complement = rec.slice(113, 133).trim();
    // a number fills its field with zeros (Itaú's, right-aligned at 235-240): the document is the number
    const document = rec
      .slice(201, 240)
      .trim()
      .replace(/^0+(?=\d+$)/, '');
    const s = lote.statement;
    const base = [s.bankId, s.accountId, date, amountCents, historyCode, document].join('|');
    const nth = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, nth);
    const id = cnabMovementId({
      bank: s.bankId ?? '',
      account: s.accountId ?? '',
      date,
      amountCents,
      historyCode,
      document,
      nth,
    });
    const t: Transaction = {
      id,
      key: id,
      kind: 'movement',
      fitid: id,
      date,
      amountCents,
      type: amountCents < 0 ? 'DEBIT' : 'CREDIT',
      name: null,
      memo: [history, complement].filter(Boolean).join(' ') || null,
      checkNumber: document || null,
      line: n,
    };
    recordTransaction(s, t, this.options.keepTransactions ?? true);
    this.options.onTransaction?.(t, this.statements.length - 1);
  }

  private loteTrailer(n: number, rec: string, length: number): void {
    const lote = this.current;
    this.current = null;
    if (!lote) {
      this.errors.add(n, finding('extrato.trailer-alone', {}));
      return;
    }
    lote.records++;
    if (this.short(n, length, 176, 'its closing balance and record count (143-176)')) return;
    const s = lote.statement;
    const date = fromCnabDate(rec.slice(142, 150));
    const value = signedCents(rec, 151, 'closing balance');
    if (date === null)
      this.errors.add(
        n,
        finding('extrato.not-date', { part: 'closing balance', value: rec.slice(142, 150) }),
      );
    if ('problem' in value) this.errors.add(n, value.problem);
    if (date !== null && 'cents' in value) {
      s.endDate = date;
      s.ledgerBalanceCents = value.cents;
      s.ledgerBalanceDate = date;
      s.balanceCount += 1;
      s.balanceLines.push({ line: n, date, amountCents: value.cents, memo: CLOSING_BALANCE });
      if (lote.openingCents !== null && lote.openingCents + s.netAmountCents !== value.cents)
        this.warnings.add(
          n,
          finding('extrato.closing', {
            closing: value.cents,
            opening: lote.openingCents,
            net: s.netAmountCents,
          }),
        );
    }
    const count = Number(rec.slice(170, 176));
    if (/^\d{6}$/.test(rec.slice(170, 176)) && count !== lote.records)
      this.warnings.add(n, finding('extrato.count', { stated: count, counted: lote.records }));
    const debits = rec.slice(176, 194);
    const credits = rec.slice(194, 212);
    if (/^\d{18}$/.test(debits) && Number(debits) !== lote.debits)
      this.warnings.add(
        n,
        finding('extrato.sum', { which: 'debits', stated: Number(debits), sum: lote.debits }),
      );
    if (/^\d{18}$/.test(credits) && Number(credits) !== lote.credits)
      this.warnings.add(
        n,
        finding('extrato.sum', { which: 'credits', stated: Number(credits), sum: lote.credits }),
      );
  }
}

/**
 * The statement as OFX, for a server that takes OFX or CSV (the API does): its movements with their identities as
 * FITIDs (so a re-import is a replay), the document as CHECKNUM, the closing balance as LEDGERBAL. One account's
 * statement: lotes of one account are one statement; a file of several accounts is refused (null).
 */
export function cnabStatementAsOfx(parsed: ParsedStatementFile): string | null {
  const [first] = parsed.statements;
  if (!first || parsed.statements.some((s) => s.accountId !== first.accountId || s.bankId !== first.bankId))
    return null;
  const all = parsed.statements;
  const last = all[all.length - 1] as Statement;
  const dates = all
    .flatMap((s) => [s.startDate, s.endDate, s.firstDate, s.lastDate])
    .filter((d): d is string => d !== null)
    .sort();
  return buildStatementOfx({
    bankCode: first.bankId ?? '',
    account: first.accountId ?? '',
    transactions: all.flatMap((s) =>
      s.transactions.map((t) => ({
        fitid: t.id,
        date: t.date,
        amountCents: t.amountCents,
        memo: t.memo ?? '',
        checknum: t.checkNumber,
      })),
    ),
    start: dates[0] ?? '',
    end: dates[dates.length - 1] ?? '',
    ...(last.ledgerBalanceCents !== null ? { balanceCents: last.ledgerBalanceCents } : {}),
  });
}

// ---- writing ----------------------------------------------------------------------------------------------

export interface CnabStatementMovement {
  date: IsoDate;
  /** cents, credits positive */
  amountCents: number;
  historyCode: string;
  history: string;
  document?: string | null;
}

/**
 * Where a bank's extrato differs from FEBRABAN's (marcodpt/cnab, conciliacao/*.js @a42fc06e, per bank): Itaú
 * writes lote layout 050 and its document in 235-240, Bradesco and Caixa theirs in 202-208; Banco do Brasil and
 * Santander keep FEBRABAN's (lote layout 032, the document in 202-240).
 */
const EXTRATO_LAYOUTS: Readonly<Record<string, { lote: string; document: [number, number] }>> = {
  '341': { lote: '050', document: [235, 240] },
  '237': { lote: '032', document: [202, 208] },
  '104': { lote: '032', document: [202, 208] },
};
const FEBRABAN_EXTRATO = { lote: '032', document: [202, 240] as [number, number] };

export interface CnabStatementInput {
  /** the bank whose layout the file takes (EXTRATO_LAYOUTS), and whose code it carries */
  bankCode: string;
  bankName: string;
  company: { name: string; document: string };
  agency: string;
  agencyDigit?: string;
  /** digits, without its check digit */
  account: string;
  accountDigit: string;
  opening: { date: IsoDate; cents: number };
  closing: { date: IsoDate; cents: number };
  movements: readonly CnabStatementMovement[];
  generatedAt: string;
  fileSequence: number;
}

/** Text as the extrato writes it: upper case, folded to ASCII, cut and padded to its field (fields.ts). */
const upper = (text: string, width: number) => alpha(text.toUpperCase(), width);
const balance = (c: number) => `${num(Math.abs(c), 18)}${c < 0 ? 'D' : 'C'}`;

/**
 * An account statement as FEBRABAN lays it out (the positions above), one lote for the account: what a bank's
 * extrato for reconciliation looks like, for the sandbox and the tests. Every record is 240 characters, CRLF.
 */
export function writeCnabStatement(o: CnabStatementInput): string {
  const doc = o.company.document.replace(/\D/g, '');
  const docType = doc.length === 11 ? '1' : '2';
  // the company and account, as every header and segment E repeat them (18-102)
  const account = `${docType}${num(doc, 14)}${' '.repeat(20)}${num(o.agency, 5)}${upper(o.agencyDigit ?? '', 1)}${num(o.account, 12)}${upper(o.accountDigit, 1)} ${upper(o.company.name, 30)}`;
  const bank = num(o.bankCode, 3);
  const [date, time] = [
    toCnabDate(o.generatedAt.slice(0, 10)),
    o.generatedAt.slice(11, 19).replace(/:/g, '').padEnd(6, '0'),
  ];
  const records: string[] = [];
  records.push(
    `${bank}00000${' '.repeat(9)}${account}${upper(o.bankName, 30)}${' '.repeat(10)}2${date}${time}${num(o.fileSequence, 6)}040${'0'.repeat(5)}${' '.repeat(69)}`,
  );
  const layout = EXTRATO_LAYOUTS[bank] ?? FEBRABAN_EXTRATO;
  const [docFrom, docTo] = layout.document;
  const documentField = (doc: string) => {
    const width = docTo - docFrom + 1;
    // a bank's field keeps a document's last digits, as many as it has (Itaú's 6)
    const text = /^\d+$/.test(doc) ? num(doc.slice(-width), width) : upper(doc, width);
    return `${' '.repeat(docFrom - 202)}${text}${' '.repeat(240 - docTo)}`;
  };
  records.push(
    `${bank}00011E0440${layout.lote} ${account}${' '.repeat(40)}${toCnabDate(o.opening.date)}${balance(o.opening.cents)}FBRL${num(o.fileSequence, 5)}${' '.repeat(62)}`,
  );
  let debits = 0;
  let credits = 0;
  o.movements.forEach((m, i) => {
    if (m.amountCents < 0) debits -= m.amountCents;
    else credits += m.amountCents;
    const category = m.amountCents < 0 ? '105' : '205';
    records.push(
      `${bank}00013${num(i + 1, 5)}E   ${account}${' '.repeat(6)}DPV${'00'}${' '.repeat(20)}N${toCnabDate(m.date)}${toCnabDate(m.date)}${balance(m.amountCents)}${category}${num(m.historyCode, 4)}${upper(m.history, 25)}${documentField(m.document ?? '')}`,
    );
  });
  const loteRecords = o.movements.length + 2;
  records.push(
    `${bank}00015${' '.repeat(9)}${account.slice(0, 55)}${' '.repeat(16)}${'0'.repeat(54)}${toCnabDate(o.closing.date)}${balance(o.closing.cents)}F${num(loteRecords, 6)}${num(debits, 18)}${num(credits, 18)}${' '.repeat(28)}`,
  );
  records.push(
    `${bank}99999${' '.repeat(9)}${num(1, 6)}${num(records.length + 1, 6)}${'0'.repeat(6)}${' '.repeat(205)}`,
  );
  for (const [i, r] of records.entries())
    if (r.length !== RECORD_LENGTH)
      throw new Error(`internal: statement record ${i + 1} has ${r.length} characters`);
  return `${records.join('\r\n')}\r\n`;
}
