/**
 * `condo cnab lint`: a remittance checked before it goes to the bank, against the rule pack of the bank it is for
 * (its header's, or the one named). Every problem the reader finds becomes a finding of a named rule (structure,
 * record lengths and sequences, the trailers' counts and sums, câmara against forma, CPF/CNPJ and barcode check
 * digits, line ends); the pack adds what a bank refuses that the reader tolerates: layout versions other than the
 * bank's manual's, bytes outside its character set, payment dates that are not business days, PIX keys in none of
 * the DICT's forms. An error is what the bank refuses; a warning, what it may refuse.
 */
import { accountDigitProblems, agencyNumber } from '../../domain/account-check-digits.js';
import { afterDocEnded, DOC_ENDED, nonBusinessDay } from '../../domain/business-days.js';
import { findingOf, type Message, withFinding } from '../../domain/message.js';
import { pixKeyType } from '../../domain/pix-keys.js';
import { CAMARA } from './codes.js';
import {
  type Dialect,
  type DialectId,
  dialectForBank,
  dialectOfHeader,
  FEBRABAN as FEBRABAN_DIALECT,
  ITAU_SISPAG,
  SANTANDER,
} from './dialects.js';
import type { CnabItem, CnabProblem, CnabSource } from './file.js';
import { cnabFinding } from './findings.js';
import { fieldNamed, read } from './layouts.js';
import { RULES, type Rule, type RuleId, type Severity } from './lint-rules.js';
import { readCnab240 } from './reader.js';
import { STRUCTURE_KINDS } from './return-structure.js';
import { CnabStatementReader } from './statement.js';

export interface LintFinding {
  rule: string;
  severity: Severity;
  line: number;
  /** The position in the record where the field starts, when the rule knows it. */
  column: number | null;
  message: string;
  /** Where the rule comes from: FEBRABAN's field reference, or the bank's manual. */
  reference: string;
  /** the finding by its code, where it has one (not enumerable: the JSON keeps `message`) */
  readonly finding?: Message;
}

/** The paying account as the file header writes it (agência 53-57, conta 59-70, its digit at 71, Itaú's DAC at 72). */
export interface HeaderAccount {
  agency: string;
  account: string;
  digit: string;
  /** Where the digit is: 71, or 72 where the dialect writes a DAC there (Itaú). */
  digit_column: number;
}

export interface LintReport {
  bank_code: string | null;
  /** The paying account the file header names; null without a file header. */
  company_account: HeaderAccount | null;
  /** The file header's sequence number (NSA). */
  file_sequence: number | null;
  /**
   * Whose rules: a payment file's bank's pack (the dialect of its manual, whose rules a remittance is held to);
   * FEBRABAN 240 for a collection or DDA file, which that pack does not govern.
   */
  pack: string;
  direction: string;
  lines: number;
  errors: number;
  warnings: number;
  findings: LintFinding[];
}

/**
 * The reader's kinds of problem that say a file cannot be read: errors in any file, a bank's own included. Bytes
 * that are not CNAB text (UTF-16, control characters; a BOM, an end-of-file mark or a blank line are read past); a record that loses what it says (data past 240, a payment detail cut before its
 * occurrence codes); a record that cannot be placed (not a record, a detail outside a lote, a lote or file without
 * its trailer, records after the trailer, a header twice, no records). A line whose trailing blanks a writer
 * stripped is read whole; a trailer that counts or numbers otherwise (Santander's collection returns number every
 * record with one lote number) is read all the same: those are warnings in a return.
 */
const UNREADABLE_KINDS: ReadonlySet<string> = new Set([
  'utf16',
  'control',
  'long-data',
  'short-codes',
  'not-record',
  'record-type',
  'orphan-detail',
  'orphan-lote-trailer',
  'after-trailer',
  'header-twice',
  'no-lote-trailer',
  'no-file-trailer',
  'no-records',
]);

/** The rule a reader's kind of problem falls under. */
function ruleOf(p: CnabProblem): RuleId {
  const k = p.kind;
  if (k === 'short' || k === 'short-codes' || k === 'long-data') return 'record-length';
  if (k === 'long-blank') return 'trailing-blanks';
  if (k === 'utf16' || k === 'control' || k === 'bom' || k === 'eof-mark' || k === 'blank') return 'encoding';
  if (k === 'non-ascii') return 'charset';
  if (k === 'line-ends' || k === 'no-final-line-end') return 'line-ending';
  if (k === 'lote-seq') return 'lote-sequence';
  if (k === 'detail-seq' || k === 'sequence') return 'record-sequence';
  if (k === 'lote-count') return 'lote-count';
  if (k === 'lote-sum') return 'lote-sum';
  if (k === 'lote-sum-wide') return 'lote-sum-width';
  if (k === 'file-lotes' || k === 'file-records') return 'file-count';
  if (k === 'camara' || k === 'forma-bank') return 'camara';
  if (k === 'forma') return 'forma';
  if (k === 'direction') return 'direction';
  if (/^(cpf|cnpj)-/.test(k)) return 'document';
  if (k === 'dda-amount' || k === 'dda-due-date') return 'dda-title';
  if (/^(j-value-mismatch|barcode)/.test(k)) return 'barcode';
  if (k.startsWith('segment-')) return 'segment';
  if (STRUCTURE_KINDS.has(k)) return 'structure';
  return 'reader';
}

/** The first character outside printable ASCII in a record: its column (1-based), or 0. */
function outsideAscii(record: string): number {
  for (let i = 0; i < record.length; i++) {
    const c = record.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return i + 1;
  }
  return 0;
}

/** Where segment A's câmara centralizadora starts (18-20, FEBRABAN's and Itaú's alike). */
const CAMARA_COLUMN = 18;

/** Where each main segment's payment date and PIX key start (FEBRABAN's positions; Itaú's where they differ). */
const PAYMENT_DATE_COLUMN: Readonly<Record<string, number>> = { A: 94, J: 145, O: 100, N: 100 };

export interface LintOptions {
  /** The bank whose pack applies (default: the file header's). */
  bank?: string | undefined;
  /** Findings kept per rule before the rest are only counted (default 50). */
  perRule?: number;
}

/** Findings as they are made: every one counted, the first `perRule` of each rule kept. */
class Findings {
  readonly list: LintFinding[] = [];
  errors = 0;
  warnings = 0;
  private readonly perRule = new Map<string, number>();
  /** the errors made of what could be read all the same, counted and (those kept) marked */
  private readableErrors = 0;
  private readonly readable = new WeakSet<LintFinding>();

  constructor(private readonly keep: number) {}

  add: Add = (rule, line, column, said, severity, unreadable = false) => {
    const r: Rule = RULES[rule];
    const s = severity ?? r.severity;
    if (s === 'error') this.errors++;
    else this.warnings++;
    const n = (this.perRule.get(rule) ?? 0) + 1;
    this.perRule.set(rule, n);
    const message = typeof said === 'string' ? said : said.message;
    const finding: LintFinding = { rule, severity: s, line, column, message, reference: r.reference.en };
    if (typeof said !== 'string') withFinding(finding, said);
    if (s === 'error' && !unreadable) {
      this.readableErrors++;
      this.readable.add(finding);
    }
    if (n <= this.keep) this.list.push(finding);
  };

  /**
   * Every error but those that say the file cannot be read, said as a warning: what a bank wrote (a return) is
   * judged by what can be read from it, not by what the bank would refuse from a sender.
   */
  demoteReadable(): void {
    for (const f of this.list) if (this.readable.has(f)) f.severity = 'warning';
    this.errors -= this.readableErrors;
    this.warnings += this.readableErrors;
    this.readableErrors = 0;
  }

  takeIn(other: Findings): void {
    this.list.push(...other.list);
    this.errors += other.errors;
    this.warnings += other.warnings;
  }
}

export async function lintCnab(source: CnabSource, options: LintOptions = {}): Promise<LintReport> {
  const found = new Findings(options.perRule ?? 50);
  // a payment's date and key matter in a remittance only: held until the reader says which the file is
  const ofPayments = new Findings(options.perRule ?? 50);
  let pack: Dialect | null = options.bank ? dialectForBank(options.bank) : null;
  const loteFamilies = new Map<number, string>();
  let outsideAsciiLine = 0;
  let headerRecord: string | null = null;
  let statement: CnabStatementReader | null = null;
  const file = await readCnab240(source, {
    keepItems: false,
    onProblem: (p) => {
      const rule = ruleOf(p);
      // the reader saw the line's bytes leave ASCII; the record, handed over next, is searched for the column
      if (rule === 'charset') {
        outsideAsciiLine = p.line;
        return;
      }
      // a problem the reader reads past is still an error where the rule makes it one
      found.add(
        rule,
        p.line,
        null,
        p.finding ?? p.message,
        p.error ? 'error' : undefined,
        UNREADABLE_KINDS.has(p.kind),
      );
    },
    onRecord: (line, record) => {
      // an account statement's lotes are read by their own reader too, from their first lote header on
      if (statement === null && record[7] === '1' && record[8] === 'E' && record.slice(9, 11) === '04')
        statement = new CnabStatementReader({ keepTransactions: false });
      statement?.recordAt(line, record);
      pack ??= dialectForBank(record.slice(0, 3));
      if (headerRecord === null && record[7] === '0') headerRecord = record;
      const column = line === outsideAsciiLine ? outsideAscii(record) : 0;
      if (column > 0)
        found.add(
          'charset',
          line,
          column,
          cnabFinding('lint.charset', { char: String(record[column - 1]), column }),
        );
    },
    onItem: (item) => lintItem(item, ofPayments.add, loteFamilies),
  });
  const dialect = pack ?? dialectForBank(file.bank_code ?? '000');
  if (file.direction === 'remessa' && file.service === 'payment') {
    found.takeIn(ofPayments);
    lintVersions(file, dialect, loteFamilies, found.add);
    if (headerRecord !== null) lintCompanyAccount(headerRecord, dialect, found.add);
  }
  if (file.service === 'statement' && statement) lintStatement(statement, found.add);
  // a file a bank wrote is never in error for what the bank would refuse from a sender: only a file that cannot
  // be read (its structure, its records' length, its bytes) is
  if (file.direction === 'retorno') found.demoteReadable();
  return {
    bank_code: file.bank_code,
    company_account: headerRecord === null ? null : headerAccount(headerRecord),
    file_sequence: file.file_sequence,
    pack: file.service === 'payment' ? dialect.name : FEBRABAN_DIALECT.name,
    direction: file.direction,
    lines: file.lines,
    errors: found.errors,
    warnings: found.warnings,
    findings: found.list.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0)),
  };
}

type Add = (
  rule: RuleId,
  line: number,
  column: number | null,
  /** a finding by its code, or an English text still made where it is found */
  message: string | Message,
  severity?: Severity,
  /** the finding says the file cannot be read (an error even in a bank's own file) */
  unreadable?: boolean,
) => void;

/** The paying account of a file header, in its dialect's positions (Itaú: no digit at 71, its DAC at 72). */
function headerAccount(record: string): HeaderAccount {
  const layout = dialectOfHeader(record).fileHeader;
  const at = (name: string) => (fieldNamed(layout, name) ? read(layout, record, name).trim() : '');
  const dac = fieldNamed(layout, 'agency_account_digit');
  const inDac = at('account_digit') === '' && dac?.kind === 'alpha';
  return {
    agency: at('agency'),
    account: at('account'),
    digit: inDac ? at('agency_account_digit') : at('account_digit'),
    digit_column: inDac && dac ? dac.from : (fieldNamed(layout, 'account_digit')?.from ?? 71),
  };
}

function lintItem(item: CnabItem, add: Add, loteFamilies: Map<number, string>): void {
  const family = item.segment === 'N' ? 'O' : item.segment.startsWith('J') ? 'J' : item.segment;
  if (!loteFamilies.has(item.batch)) loteFamilies.set(item.batch, family);
  // a payment's own date and key (a collection title's dates are the payer's, not the bank's to pay)
  if (!(family in PAYMENT_DATE_COLUMN)) return;
  if (item.date) {
    const why = nonBusinessDay(item.date);
    if (why)
      add(
        'payment-date',
        item.line,
        PAYMENT_DATE_COLUMN[family] ?? null,
        cnabFinding('lint.payment-date', {
          date: item.date,
          weekend: 'weekend' in why ? why.weekend : '',
          holiday: 'holiday' in why ? why.holiday : '',
        }),
      );
  }
  // a DOC to be paid after DOC ended: the bank refuses it (a return may still tell of one: only remittances get here)
  if (item.camara === CAMARA.doc && afterDocEnded(item.date))
    add(
      'doc-ended',
      item.line,
      CAMARA_COLUMN,
      cnabFinding('lint.doc-ended', { date: item.date ?? '', ended: DOC_ENDED }),
    );
  if (item.pix_key) {
    const form = pixKeyType(item.pix_key);
    // segment B's initiation 03 says "CPF or CNPJ" (the reader's `document`)
    const said =
      item.pix_key_type === 'document' && (form === 'cpf' || form === 'cnpj') ? form : item.pix_key_type;
    if (form === null)
      add('pix-key', item.line + 1, null, cnabFinding('lint.pix-key-form', { key: item.pix_key }));
    else if (said && said !== form)
      add(
        'pix-key',
        item.line + 1,
        null,
        cnabFinding('lint.pix-key-kind', { key: item.pix_key, form, said: String(item.pix_key_type) }),
      );
  }
}

/**
 * The paying account's check digits by its bank's algorithm, and the convênio its bank requires: both from the
 * file header alone, offline (a cron lints without a network).
 */
function lintCompanyAccount(header: string, dialect: Dialect, add: Add): void {
  const account = headerAccount(header);
  // the agência's digit at 58 (Itaú leaves it blank: a blank digit is not judged)
  for (const p of accountDigitProblems({
    bank: header.slice(0, 3),
    agency: account.agency,
    agencyDigit: header.slice(57, 58),
    account: account.account,
    accountDigit: account.digit,
  })) {
    const agencyDv = p.field === 'agency_digit';
    const agency = agencyNumber(account.agency);
    add(
      'account-digit',
      1,
      agencyDv ? 58 : account.digit_column,
      agencyDv
        ? cnabFinding('lint.agency-digit', { agency, given: String(p.given), expected: String(p.expected) })
        : cnabFinding('lint.account-digit', {
            account: account.account.replace(/^0+(?=\d)/, ''),
            agency,
            given: String(p.given),
            expected: String(p.expected),
          }),
    );
  }
  const rule = dialect.convenio;
  if (rule && /^[0 ]*$/.test(header.slice(32, 32 + rule.digits)))
    add(
      'convenio',
      1,
      33,
      cnabFinding('lint.convenio', { bank: dialect.name, digits: rule.digits, at: `33-${32 + rule.digits}` }),
    );
}

/**
 * What the account statement's reader found in the records (formats/cnab240/statement.ts): a movement or balance
 * that cannot be read is an error (the import refuses the file), a count, a sum or a balance that does not add up
 * a warning. A missing trailer is the structure rules' already.
 */
function lintStatement(reader: CnabStatementReader, add: Add): void {
  const { errors, warnings } = reader.recordFindings();
  for (const e of errors) add('statement', e.line, null, findingOf(e), 'error', true);
  for (const w of warnings) add('statement', w.line, null, findingOf(w), 'warning');
}

type Family = 'A' | 'J' | 'O';

/** A manual's layout version numbers: the file header's and each segment family's lote (N's is O's). */
interface Manual {
  /** The manual's date: it is in force from then until the next one. */
  since: string;
  name: string;
  file: readonly string[];
  lote: Readonly<Record<Family, readonly string[]>>;
}

/**
 * The manuals whose version numbers a bank took in their day, oldest first, where more than one is known; a
 * bank not listed has only the one its dialect follows (dialects.ts). A version is judged by the manual in force
 * at the file header's date (144-151): that manual's numbers are right; another manual's are a warning naming the
 * number in force (a bank accepted them in their day, and some still do); a number in none is an error.
 *
 * - FEBRABAN, "Layout Padrão Febraban 240 posições": V08.4 of 01/09/2009 (file 084, lotes A 043, J 030, O 010;
 *   eduardordm/cnab240 docs/vendor/bancodobrasil/8.4/002Pagamen.pdf @d5c4dd07); V08.6 of 05/01/2012 and the
 *   V08.5 before it (A 044, J 040, O 011; the file header 085 in its table, 086 in its change log:
 *   docs/vendor/febraban/subcpadr12_layout_padrao_V86.pdf @4673b394); V10.6 of 16/03/2020 (file 103, A 046,
 *   J 040, O 012; its change log gives A 046 from V10.3: laravel-boleto manuais/BTG/Layout_FEBRABAN_CNAB240_
 *   V_10_06.pdf @0081d095).
 * - Santander, "Pagamento a Fornecedores, Tributos e Concessionárias — CNAB 240" YLEC2403 v06.1 of August 2009:
 *   file 060, lote 031 for transfers, J 030, O 010, as marcos-neto/Pagamento2Net's BancoSantander.cs writes them
 *   (the manual's own pages were not readable); the 040 and 012 condo writes today are FEBRABAN's since V10.6,
 *   taken as Santander's from then (when Santander moved is not known).
 * - Itaú, SISPAG: J 030 in "CNAB240 Versão 80" (April 2012, eduardordm/cnab240 docs/vendor/itau/
 *   SISPAG_CNAB_240.pdf @8586d3a9), and 030 or 040 since v085 (public SISPAG writers say so in their code).
 */
const MANUALS: Readonly<Partial<Record<DialectId, readonly Manual[]>>> = {
  febraban: [
    {
      since: '2009-09-01',
      name: 'FEBRABAN 240 V08.4',
      file: ['084'],
      lote: { A: ['043'], J: ['030'], O: ['010'] },
    },
    {
      since: '2012-01-05',
      name: 'FEBRABAN 240 V08.6',
      file: ['085', '086'],
      lote: { A: ['044'], J: ['040'], O: ['011'] },
    },
    {
      since: '2020-03-16',
      name: 'FEBRABAN 240 V10.6',
      file: ['103'],
      lote: { A: ['046'], J: ['040'], O: ['012'] },
    },
  ],
  santander: [
    {
      since: '2009-08-01',
      name: 'Santander YLEC2403 v06.1 (August 2009)',
      file: ['060'],
      lote: { A: ['031'], J: ['030'], O: ['010'] },
    },
    {
      since: '2020-03-16',
      name: SANTANDER.manual,
      file: ['060'],
      lote: { A: ['031'], J: ['040'], O: ['012'] },
    },
  ],
  'itau-sispag': [
    {
      since: '2012-04-01',
      name: ITAU_SISPAG.manual,
      file: ['080'],
      lote: { A: ['040'], J: ['030', '040'], O: ['030'] },
    },
  ],
};

/** The manuals a dialect's versions are judged by: its history, or the one manual it follows. */
function manualsOf(dialect: Dialect): readonly Manual[] {
  const v = dialect.versions;
  return (
    MANUALS[dialect.id] ?? [
      {
        since: '0000-00-00',
        name: dialect.manual,
        file: [v.file],
        lote: { A: [v.loteA], J: [v.loteJ], O: [v.loteO] },
      },
    ]
  );
}

/** The manual in force on `date` (the latest one by then; the oldest for a date before them all). */
function inForce(manuals: readonly Manual[], date: string): Manual {
  let current = manuals[0] as Manual;
  for (const m of manuals) if (m.since <= date) current = m;
  return current;
}

function lintVersions(
  file: Awaited<ReturnType<typeof readCnab240>>,
  dialect: Dialect,
  loteFamilies: Map<number, string>,
  add: Add,
): void {
  const itau = dialect.id === 'itau-sispag';
  // a bank with a manual of its own refuses a version in none of its manuals (HL); one read as FEBRABAN's
  // generic layout may not
  const unlisted: Severity = dialect.id === 'febraban' ? 'warning' : 'error';
  const manuals = manualsOf(dialect);
  // an undated file is judged by the latest manual
  const dated = file.generated_at !== null && /^\d{4}-\d\d-\d\d/.test(file.generated_at);
  const date = dated ? (file.generated_at as string).slice(0, 10) : '9999-12-31';
  const current = inForce(manuals, date);
  const judge = (
    version: string,
    numbers: (m: Manual) => readonly string[],
    line: number,
    column: number,
    what: { lote: string; segment: string },
  ) => {
    const wanted = numbers(current);
    if (wanted.includes(version)) return;
    const listedIn = manuals.find((m) => numbers(m).includes(version));
    const finding = cnabFinding('lint.layout-version', {
      ...what,
      version,
      listed: listedIn?.name ?? '',
      manual: current.name,
      date: dated ? date : '',
      wanted: wanted.join(' '),
    });
    add('layout-version', line, column, finding, listedIn ? 'warning' : unlisted);
  };
  if (file.layout_version !== null)
    judge(file.layout_version, (m) => m.file, 1, itau ? 15 : 164, { lote: '', segment: '' });
  for (const batch of file.batches) {
    const family = loteFamilies.get(batch.number);
    if (batch.layout_version === null || (family !== 'A' && family !== 'J' && family !== 'O')) continue;
    judge(batch.layout_version, (m) => m.lote[family], batch.line, 14, {
      lote: String(batch.number),
      segment: family,
    });
  }
}

/** A finding made outside the file (the server's batches, for the NSA), added to a report in its place. */
export function addFinding(
  report: LintReport,
  id: RuleId,
  line: number,
  column: number | null,
  said: Message,
  severity?: Severity,
): void {
  const r: Rule = RULES[id];
  const s = severity ?? r.severity;
  if (s === 'error') report.errors++;
  else report.warnings++;
  const message = said.message;
  report.findings.push(
    withFinding({ rule: id, severity: s, line, column, message, reference: r.reference.en }, said),
  );
  report.findings.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
}
