// FEBRABAN CNAB 240 (v10.x) "pagamento de fornecedores" remittance writer: one lote per forma de
// lançamento, segments A+B for PIX/TED/DOC, J+J-52 for boletos, O for arrecadação barcodes, N for tax guides
// paid by their data (DARF, GPS; Itaú's FGTS).

import { barcodeToLinha } from '../../domain/boleto/index.js';
import { brasiliaClock } from '../../domain/dates.js';
import { digitsOnly } from '../../domain/digits.js';
import { FormatError } from '../../domain/errors.js';
import type { PixKeyType } from '../../domain/pix-keys.js';
import { barcodeInfo, dueDateFromFactor, toBarcode } from './barcode.js';
import { CAMARA } from './codes.js';
import {
  DIALECTS,
  type Dialect,
  type DialectId,
  dialectForBank,
  FEBRABAN,
  type TributeKind,
} from './dialects.js';
import { documentType, isValidCnpj, isValidCpf, isValidDocument, toCnabDate } from './fields.js';
import {
  FILE_TRAILER,
  fieldNamed,
  itauPayeeAgencyAccount,
  LOTE_TRAILER,
  SEGMENT_B,
  SEGMENT_B_PIX,
  SEGMENT_J52,
  writeRecord,
} from './layouts.js';

export type { PixKeyType };
export type AccountType = 'checking' | 'savings' | 'payment';

export interface PayingCompany {
  name: string;
  /** CNPJ (14 digits) or CPF (11 digits); punctuation is ignored. */
  document: string;
  bankCode: string;
  bankName: string;
  agency: string;
  agencyDigit?: string;
  account: string;
  accountDigit?: string;
  /** Bank agreement code ("convênio"), when the bank issued one. */
  convenio?: string;
  address?: {
    street?: string;
    number?: string;
    complement?: string;
    city?: string;
    zip?: string;
    state?: string;
  };
}

export interface PayeeBankAccount {
  bankCode: string;
  agency: string;
  agencyDigit?: string;
  account: string;
  accountDigit: string;
  accountType?: AccountType;
}

interface PaymentBase {
  /** The company's reference ("seu número"), at most 20 characters; the return echoes it. */
  seuNumero: string;
  amountCents: number;
  payeeName: string;
  /**
   * Payee CPF (11 digits) or CNPJ (14 digits). A utility bill or tax guide (an arrecadação barcode, starting with
   * 8) may leave it out: its segment O carries none, the barcode names the collector.
   */
  payeeDocument?: string;
}

export interface TransferPayment extends PaymentBase {
  forma: 'ted' | 'doc';
  bank: PayeeBankAccount;
}

export interface PixPayment extends PaymentBase {
  forma: 'pix';
  /** The key, or omit it and give `bank` to pay by bank data ("dados bancários"). */
  pixKey?: string;
  pixKeyType?: PixKeyType;
  bank?: PayeeBankAccount;
  /** Free text for the payee ("informação entre usuários"), up to 60 characters. */
  message?: string;
}

export interface BoletoPayment extends PaymentBase {
  forma: 'boleto';
  /** 44-digit barcode, or the 47-digit (boleto) / 48-digit (arrecadação) linha digitável. */
  barcode: string;
  /** Due date; by default read from the barcode's factor. */
  dueDate?: string;
  /** Face value ("valor nominal"); by default the barcode's value, else the amount. */
  faceValueCents?: number;
  /** Discount plus rebate ("desconto + abatimento"). */
  discountCents?: number;
  /** Interest plus fine ("mora + multa"). */
  fineCents?: number;
}

/**
 * A tax guide paid by its data (segment N): a DARF or a GPS without a barcode, or an FGTS guide, whose barcode
 * Itaú wants in segment N with the guide's data (every other layout pays it by the barcode, in segment O). The
 * payee name is the collector's (Receita Federal); the record names the contributor.
 */
export interface TributePayment extends PaymentBase {
  forma: 'tribute';
  tribute: TributeKind;
  /** Código da receita (DARF), de pagamento (GPS) or de recolhimento (FGTS): 4 digits. */
  revenueCode: string;
  /** The contributor's CPF or CNPJ; by default the paying company's. */
  contributorDocument?: string;
  /** By default the paying company's name. */
  contributorName?: string;
  /** DARF: the período de apuração, `YYYY-MM-DD`; GPS: the competência, `YYYY-MM`. */
  period?: string;
  /** DARF: número de referência, up to 17 digits. */
  reference?: string;
  /** DARF: due date, `YYYY-MM-DD`. */
  dueDate?: string;
  /** DARF: multa; GPS: with `interestCents`, the atualização monetária. */
  fineCents?: number;
  interestCents?: number;
  /** GPS: the part of the amount due to other entities (terceiros). */
  otherEntitiesCents?: number;
  /** FGTS: the guide's barcode (44 digits) or linha (48). */
  barcode?: string;
  /** FGTS: the guide's identifier, up to 16 digits. */
  fgtsIdentifier?: string;
}

export type RemittancePayment = TransferPayment | PixPayment | BoletoPayment | TributePayment;

export interface PaymentRemittanceInput {
  company: PayingCompany;
  /** The layout to write; by default the paying bank's (dialects.ts), FEBRABAN's generic one for most banks. */
  dialect?: DialectId;
  /** File sequence number ("NSA"), 1..999999. */
  fileSequence: number;
  /** Generation time: a Date (written in Brasília time) or a local `YYYY-MM-DDTHH:MM[:SS]`. */
  generatedAt: Date | string;
  /** Payment date of every item, `YYYY-MM-DD`. */
  paymentDate: string;
  payments: readonly RemittancePayment[];
}

/** Impossible input, naming the offending field (e.g. `payments[2].bank.account`). */
export class Cnab240InputError extends FormatError {
  override readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`, { field });
    this.field = field;
  }
}

/** FEBRABAN's version numbers (file layout 103, v10.x; lote layouts by family); each dialect has its own. */
export const LAYOUT_VERSIONS = FEBRABAN.versions;

/** Lote kinds, in the order they are written, with their forma: fixed, or the dialect's (utility bills, tributes). */
const LOTE_PLAN = [
  { key: 'pix', forma: () => '45', family: 'A' },
  { key: 'ted', forma: () => '41', family: 'A' },
  { key: 'doc', forma: () => '03', family: 'A' },
  { key: 'boleto-own', forma: () => '30', family: 'J' },
  { key: 'boleto-other', forma: () => '31', family: 'J' },
  { key: 'arrecadacao', forma: (d: Dialect) => d.arrecadacaoForma, family: 'O' },
  { key: 'darf', forma: (d: Dialect) => d.tributes.darf.forma, family: 'N' },
  { key: 'gps', forma: (d: Dialect) => d.tributes.gps.forma, family: 'N' },
  { key: 'fgts', forma: (d: Dialect) => d.tributes.fgts?.forma ?? '', family: 'N' },
] as const;

type LotePlan = (typeof LOTE_PLAN)[number];
type LoteKey = LotePlan['key'];

interface PreparedPayment {
  index: number;
  payment: RemittancePayment;
  payeeDocument: string;
  barcode?: string;
  pixKey?: string;
  pixKeyType?: PixKeyType;
  contributorDocument?: string;
}

const PIX_INITIATION: Record<PixKeyType | 'bank', string> = {
  phone: '01',
  email: '02',
  cpf: '03',
  cnpj: '03',
  random: '04',
  bank: '05',
};

/** The remittance's lines (240 characters each, no line ends), generated one at a time. */
export function* remittanceLines(input: PaymentRemittanceInput): Generator<string> {
  const ctx = prepareContext(input);
  if (!Array.isArray(input.payments) || input.payments.length === 0)
    fail('payments', 'at least one payment is required');
  // Too many for one file whatever they turn out to be: say so before checking each of them.
  const atLeast =
    2 + input.payments.reduce((n, p) => n + (p.forma === 'boleto' || p.forma === 'tribute' ? 1 : 2), 0);
  if (atLeast > MAX_RECORDS_PER_FILE)
    fail(
      'payments',
      `make at least ${atLeast} records, more than a file holds (999999): split them into several files`,
    );
  const groups = groupPayments(input, ctx.bankCode, ctx.dialect);
  const lotes = LOTE_PLAN.flatMap((plan) =>
    splitIntoLotes(groups.get(plan.key) ?? []).map((items) => ({ plan, items })),
  );
  const total = 2 + lotes.reduce((n, l) => n + 2 + l.items.reduce((r, item) => r + recordsOf(item), 0), 0);
  if (total > MAX_RECORDS_PER_FILE)
    fail('payments', `make ${total} records, more than a file holds (999999): split them into several files`);
  const file = new LoteWriter(ctx);
  for (const plan of LOTE_PLAN) for (const item of groups.get(plan.key) ?? []) yield* file.add(plan, item);
  yield* file.end();
}

/** The file around its payments: the file header first, then each lote as its payments come, then the trailer. */
class LoteWriter {
  private lote: { number: number; plan: LotePlan; forma: string; records: number; sum: number } | null = null;
  private lotes = 0;
  /** The records written so far, the file header's included. */
  private records = 0;

  constructor(private readonly ctx: Ctx) {}

  /** A payment's records, after the last lote's trailer and the next one's header where it opens a lote. */
  *add(plan: LotePlan, item: PreparedPayment): Generator<string> {
    if (this.records === 0) {
      this.records = 1;
      yield fileHeader(this.ctx);
    }
    const takes = recordsOf(item);
    const open = this.lote;
    // a lote numbers its records in five digits: a forma with more goes on in a lote of its own
    if (!open || open.plan !== plan || open.records + takes > MAX_RECORDS_PER_LOTE) {
      if (open) yield this.close(open);
      const forma = plan.forma(this.ctx.dialect);
      this.lote = { number: ++this.lotes, plan, forma, records: 0, sum: 0 };
      this.count(1);
      yield loteHeader(this.ctx, this.lotes, forma, plan.family);
    }
    const lote = this.lote as NonNullable<LoteWriter['lote']>;
    this.count(takes);
    yield* detailLines(this.ctx, lote.number, lote.forma, item, () => ++lote.records);
    lote.sum += item.payment.amountCents;
  }

  /** The last lote's trailer and the file trailer. */
  *end(): Generator<string> {
    if (!this.lote) fail('payments', 'at least one payment is required');
    yield this.close(this.lote);
    this.lote = null;
    this.count(1);
    yield fileTrailer(this.ctx.bankCode, this.lotes, this.records);
  }

  private close(lote: NonNullable<LoteWriter['lote']>): string {
    this.count(1);
    return loteTrailer(this.ctx.bankCode, lote.number, lote.records + 2, lote.sum);
  }

  private count(records: number): void {
    this.records += records;
    if (this.records > MAX_RECORDS_PER_FILE)
      fail('payments', 'make more records than a file holds (999999): split them into several files');
  }
}

/**
 * A remittance written as its payments arrive, for more of them than a caller would hold in memory: each payment
 * is checked once by `check`, which tells which lote it goes in, and handed to `add` in the order of those
 * ranks (the order of `writePaymentRemittance`'s lotes; in each lote, the order given). The writer keeps the open
 * lote's totals only. The field a payment fails on is named as `payments[index]`, as the whole-file writer does.
 */
export class RemittanceStream {
  private readonly ctx: Ctx;
  private readonly file: LoteWriter;
  private lastRank = 0;

  constructor(header: RemittanceHeader) {
    this.ctx = prepareContext(header);
    this.file = new LoteWriter(this.ctx);
  }

  /**
   * Checks a payment as the file needs it: the rank of its lote in the file (0 first), and the payment as checked,
   * plain data (JSON as it is) to hand to `add` when its turn comes.
   */
  check(payment: RemittancePayment, index: number): { rank: number; checked: CheckedPayment } {
    const { key, prepared } = preparePayment(payment, index, this.ctx);
    return { rank: LOTE_PLAN.findIndex((plan) => plan.key === key), checked: { lote: key, prepared } };
  }

  /** The payment's records (with a lote's trailer and the next one's header where it opens a lote). */
  *add({ lote, prepared }: CheckedPayment): Generator<string> {
    const rank = LOTE_PLAN.findIndex((plan) => plan.key === lote);
    if (rank < this.lastRank)
      throw new Error(
        `RemittanceStream: payments[${prepared.index}] comes after a lote that follows its own`,
      );
    this.lastRank = rank;
    yield* this.file.add(LOTE_PLAN[rank] as LotePlan, prepared);
  }

  /** The last lote's trailer and the file trailer. */
  end(): Generator<string> {
    return this.file.end();
  }
}

/** A payment `RemittanceStream.check` found fit for the file, with its lote: plain data. */
export interface CheckedPayment {
  lote: LoteKey;
  prepared: PreparedPayment;
}

/** A remittance's file and lote data, without its payments (`RemittanceStream` takes those one by one). */
export type RemittanceHeader = Omit<PaymentRemittanceInput, 'payments'>;

/** The records a payment takes: O or N alone for a bill or guide, J + J-52 for a boleto, A + B otherwise. */
function recordsOf(item: PreparedPayment): number {
  if (item.payment.forma === 'tribute') return 1;
  return item.payment.forma === 'boleto' && barcodeInfo(item.barcode!).kind === 'arrecadacao' ? 1 : 2;
}

/** The lotes a forma's payments fill, as LoteWriter cuts them (for the record count checked before writing). */
function splitIntoLotes(items: PreparedPayment[]): PreparedPayment[][] {
  const lotes: PreparedPayment[][] = [];
  let records = MAX_RECORDS_PER_LOTE;
  for (const item of items) {
    if (records + recordsOf(item) > MAX_RECORDS_PER_LOTE) {
      lotes.push([]);
      records = 0;
    }
    lotes.at(-1)?.push(item);
    records += recordsOf(item);
  }
  return lotes;
}

/** FEBRABAN 240 v10.x: a detail's sequence in its lote has five digits, the file trailer's record count six. */
const MAX_RECORDS_PER_LOTE = 99_999;
const MAX_RECORDS_PER_FILE = 999_999;

/**
 * Records gathered into pieces of a file of about `size` characters, CRLF after each record: what a file written as
 * it is made (a batch's chunks, a return, a bench's file) sends on at a time. `add` answers a piece when one is
 * full; `end` the rest (null when nothing is left).
 */
export class RecordChunks {
  private records: string[] = [];
  private chars = 0;

  constructor(private readonly size = 1 << 20) {}

  add(records: Iterable<string>): string | null {
    for (const record of records) {
      this.records.push(record);
      this.chars += record.length + 2;
    }
    return this.chars >= this.size ? this.take() : null;
  }

  end(): string | null {
    return this.records.length > 0 ? this.take() : null;
  }

  private take(): string {
    const text = `${this.records.join('\r\n')}\r\n`;
    this.records = [];
    this.chars = 0;
    return text;
  }
}

/** The whole remittance as text: CRLF after every line, ASCII only. */
export function writePaymentRemittance(input: PaymentRemittanceInput): string {
  const lines = [...remittanceLines(input)];
  return `${lines.join('\r\n')}\r\n`;
}

// ---- context and validation ----------------------------------------------------------------------------

interface Ctx {
  bankCode: string;
  /** The paying bank's dialect (dialects.ts): its layouts and version numbers. */
  dialect: Dialect;
  company: PayingCompany;
  companyDocument: string;
  fileSequence: number;
  date: string;
  time: string;
  paymentDate: string;
}

function fail(field: string, message: string): never {
  throw new Cnab240InputError(field, message);
}

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(field, 'is required');
  return value;
}

function requireDigits(value: unknown, field: string, max: number): string {
  const text = requireText(value, field).replace(/[\s.\-/]/g, '');
  if (!/^\d+$/.test(text)) fail(field, `must contain only digits, got "${value}"`);
  if (text.length > max) fail(field, `must have at most ${max} digits, got ${text.length}`);
  return text;
}

function requireDocument(value: unknown, field: string): string {
  const doc = requireDigits(value, field, 14);
  if (!isValidDocument(doc)) {
    fail(field, `"${value}" is not a valid CPF (11 digits) or CNPJ (14 digits)`);
  }
  return doc;
}

/** A barcode or linha digitável as its 44-digit barcode, or the reader's reason naming the field. */
function requireBarcode(value: unknown, field: string): string {
  const text = requireText(value, field);
  try {
    return toBarcode(text);
  } catch (e) {
    fail(field, (e as Error).message);
  }
}

function requireDate(value: unknown, field: string): string {
  const text = requireText(value, field);
  try {
    toCnabDate(text);
  } catch {
    fail(field, `must be a YYYY-MM-DD date, got "${text}"`);
  }
  return text;
}

function optionalDigit(value: string | undefined, field: string): void {
  if (value !== undefined && !/^[0-9A-Za-z]?$/.test(value)) fail(field, 'must be one digit or letter');
}

function requireCents(value: unknown, field: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    fail(field, 'must be an integer number of cents');
  if (value < 0 || (!allowZero && value === 0))
    fail(field, `must be ${allowZero ? '>= 0' : '> 0'}, got ${value}`);
  if (value > 999_999_999_999_99) fail(field, 'is too large for the file');
  return value;
}

function formatGeneratedAt(at: Date | string): { date: string; time: string } {
  if (at instanceof Date) {
    if (Number.isNaN(at.getTime())) fail('generatedAt', 'is an invalid Date');
    const c = brasiliaClock(at);
    return { date: `${c.day}${c.month}${c.year}`, time: `${c.hour}${c.minute}${c.second}` };
  }
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(at);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) {
    fail('generatedAt', `must be a Date or YYYY-MM-DDTHH:MM[:SS], got "${at}"`);
  }
  return { date: toCnabDate(requireDate(m[1], 'generatedAt')), time: `${m[2]}${m[3]}${m[4] ?? '00'}` };
}

function prepareContext(input: RemittanceHeader): Ctx {
  if (!input || typeof input !== 'object') fail('input', 'is required');
  const c = input.company;
  if (!c || typeof c !== 'object') fail('company', 'is required');
  requireText(c.name, 'company.name');
  const bankCode = requireDigits(c.bankCode, 'company.bankCode', 3).padStart(3, '0');
  requireText(c.bankName, 'company.bankName');
  requireDigits(c.agency, 'company.agency', 5);
  requireDigits(c.account, 'company.account', 12);
  optionalDigit(c.agencyDigit, 'company.agencyDigit');
  optionalDigit(c.accountDigit, 'company.accountDigit');
  if (c.convenio !== undefined && c.convenio.length > 20)
    fail('company.convenio', 'must have at most 20 characters');
  if (!Number.isInteger(input.fileSequence) || input.fileSequence < 1 || input.fileSequence > 999_999) {
    fail('fileSequence', `must be an integer from 1 to 999999, got ${input.fileSequence}`);
  }
  const dialect = input.dialect ? DIALECTS[input.dialect] : dialectForBank(bankCode);
  // a dialect whose convênio is a number (Caixa's 6 digits, Banco do Brasil's 9 before its 0126; a header that
  // takes it as a number) refuses anything else by name
  const convenioField = fieldNamed(dialect.fileHeader, 'convenio');
  const convenioDigits =
    dialect.convenio?.digits ??
    (convenioField?.kind === 'num' ? convenioField.to - convenioField.from + 1 : null);
  if (
    convenioDigits !== null &&
    c.convenio !== undefined &&
    !new RegExp(`^\\d{1,${convenioDigits}}$`).test(c.convenio)
  )
    fail('company.convenio', `must be at most ${convenioDigits} digits in ${dialect.name}'s layout`);
  const { date, time } = formatGeneratedAt(input.generatedAt);
  const paymentDate = requireDate(input.paymentDate, 'paymentDate');
  return {
    bankCode,
    dialect,
    company: c,
    companyDocument: requireDocument(c.document, 'company.document'),
    fileSequence: input.fileSequence,
    date,
    time,
    paymentDate: toCnabDate(paymentDate),
  };
}

function validateBank(bank: PayeeBankAccount | undefined, field: string): void {
  if (!bank || typeof bank !== 'object')
    fail(field, 'payee bank data (bankCode, agency, account, accountDigit) is required');
  requireDigits(bank.bankCode, `${field}.bankCode`, 3);
  requireDigits(bank.agency, `${field}.agency`, 5);
  requireDigits(bank.account, `${field}.account`, 12);
  requireText(bank.accountDigit, `${field}.accountDigit`);
  optionalDigit(bank.accountDigit, `${field}.accountDigit`);
  optionalDigit(bank.agencyDigit, `${field}.agencyDigit`);
  if (bank.accountType !== undefined && !['checking', 'savings', 'payment'].includes(bank.accountType)) {
    fail(`${field}.accountType`, 'must be checking, savings or payment');
  }
}

function normalizePixKey(key: string, type: PixKeyType, field: string): string {
  const k = key.trim();
  switch (type) {
    case 'cpf': {
      const d = k.replace(/[.-]/g, '');
      if (!isValidCpf(d)) fail(field, `"${key}" is not a valid CPF key`);
      return d;
    }
    case 'cnpj': {
      const d = k.replace(/[.\-/]/g, '');
      if (!isValidCnpj(d)) fail(field, `"${key}" is not a valid CNPJ key`);
      return d;
    }
    case 'email':
      if (!/^[\x21-\x7e]+@[\x21-\x7e]+\.[\x21-\x7e]+$/.test(k) || k.length > 77)
        fail(field, `"${key}" is not a valid e-mail key`);
      return k.toLowerCase();
    case 'phone': {
      const d = k.replace(/[\s()-]/g, '');
      const m = /^(\+55)?(\d{10,11})$/.exec(d) ?? /^\+(\d{8,15})$/.exec(d);
      if (!m) fail(field, `"${key}" is not a valid phone key (+55 and 10-11 digits)`);
      return d.startsWith('+') ? d : `+55${d}`;
    }
    case 'random':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k)) {
        fail(field, `"${key}" is not a valid random key (UUID)`);
      }
      return k.toLowerCase();
    default:
      fail(
        field.replace(/pixKey$/, 'pixKeyType'),
        `must be cpf, cnpj, email, phone or random, got "${type}"`,
      );
  }
}

function groupPayments(
  input: PaymentRemittanceInput,
  ownBank: string,
  dialect: Dialect,
): Map<LoteKey, PreparedPayment[]> {
  const groups = new Map<LoteKey, PreparedPayment[]>();
  const ctx = { bankCode: ownBank, dialect };
  input.payments.forEach((payment, index) => {
    const { key, prepared } = preparePayment(payment, index, ctx);
    const list = groups.get(key) ?? [];
    list.push(prepared);
    groups.set(key, list);
  });
  return groups;
}

/** A payment checked and readied for the file, and the lote it goes in; a failure names `payments[index]`. */
function preparePayment(
  payment: RemittancePayment,
  index: number,
  { bankCode: ownBank, dialect }: Pick<Ctx, 'bankCode' | 'dialect'>,
): { key: LoteKey; prepared: PreparedPayment } {
  const digits = dialect.seuNumeroDigits;
  const f = `payments[${index}]`;
  if (!payment || typeof payment !== 'object') fail(f, 'is required');
  const seu = requireText(payment.seuNumero, `${f}.seuNumero`);
  if (seu.length > 20)
    fail(`${f}.seuNumero`, `must have at most 20 characters, got ${seu.length} ("${seu}")`);
  if (/[^\x20-\x7e]/.test(seu)) {
    fail(`${f}.seuNumero`, 'must be plain ASCII (it must come back unchanged in the return)');
  }
  if (digits !== undefined && !new RegExp(`^\\d{1,${digits}}$`).test(seu))
    fail(
      `${f}.seuNumero`,
      `must be a number of at most ${digits} digits in ${dialect.name}'s layout, got "${seu}"`,
    );
  requireCents(payment.amountCents, `${f}.amountCents`);
  requireText(payment.payeeName, `${f}.payeeName`);
  const utility =
    payment.forma === 'tribute' ||
    (payment.forma === 'boleto' && digitsOnly(String(payment.barcode ?? '')).startsWith('8'));
  const payeeDocument =
    utility && !payment.payeeDocument ? '' : requireDocument(payment.payeeDocument, `${f}.payeeDocument`);
  const prepared: PreparedPayment = { index, payment, payeeDocument };
  switch (payment.forma) {
    case 'ted':
    case 'doc':
      validateBank(payment.bank, `${f}.bank`);
      return { key: payment.forma, prepared };
    case 'pix': {
      if (payment.pixKey !== undefined && payment.pixKey !== '') {
        if (payment.pixKeyType === undefined) fail(`${f}.pixKeyType`, 'is required with a pixKey');
        prepared.pixKeyType = payment.pixKeyType;
        prepared.pixKey = normalizePixKey(payment.pixKey, payment.pixKeyType, `${f}.pixKey`);
      } else if (payment.bank) {
        validateBank(payment.bank, `${f}.bank`);
      } else {
        fail(`${f}.pixKey`, 'a PIX payment needs a pixKey (with pixKeyType) or the payee bank data');
      }
      if (payment.message !== undefined && payment.message.length > 60)
        fail(`${f}.message`, 'must have at most 60 characters');
      return { key: 'pix', prepared };
    }
    case 'boleto': {
      const barcode = requireBarcode(payment.barcode, `${f}.barcode`);
      prepared.barcode = barcode;
      if (payment.dueDate !== undefined) requireDate(payment.dueDate, `${f}.dueDate`);
      if (payment.faceValueCents !== undefined) requireCents(payment.faceValueCents, `${f}.faceValueCents`);
      if (payment.discountCents !== undefined)
        requireCents(payment.discountCents, `${f}.discountCents`, true);
      if (payment.fineCents !== undefined) requireCents(payment.fineCents, `${f}.fineCents`, true);
      const info = barcodeInfo(barcode);
      if (info.kind === 'arrecadacao') return { key: 'arrecadacao', prepared };
      return { key: info.bankCode === ownBank ? 'boleto-own' : 'boleto-other', prepared };
    }
    case 'tribute':
      return { key: prepareTribute(payment, prepared, f, dialect), prepared };
    default:
      fail(
        `${f}.forma`,
        `must be pix, ted, doc, boleto or tribute, got "${(payment as { forma?: unknown }).forma}"`,
      );
  }
}

/** A tax guide's data checked, and its lote: N where the dialect has the tribute's layout, else O by barcode. */
function prepareTribute(
  payment: TributePayment,
  prepared: PreparedPayment,
  f: string,
  dialect: Dialect,
): LoteKey {
  if (!['darf', 'gps', 'fgts'].includes(payment.tribute))
    fail(`${f}.tribute`, `must be darf, gps or fgts, got "${payment.tribute}"`);
  if (!/^\d{4}$/.test(String(payment.revenueCode ?? '')))
    fail(`${f}.revenueCode`, `must be 4 digits, got "${payment.revenueCode ?? ''}"`);
  if (payment.contributorDocument !== undefined && payment.contributorDocument !== '')
    prepared.contributorDocument = requireDocument(payment.contributorDocument, `${f}.contributorDocument`);
  if (payment.fineCents !== undefined) requireCents(payment.fineCents, `${f}.fineCents`, true);
  if (payment.interestCents !== undefined) requireCents(payment.interestCents, `${f}.interestCents`, true);
  if (payment.otherEntitiesCents !== undefined)
    requireCents(payment.otherEntitiesCents, `${f}.otherEntitiesCents`, true);
  if (principalOf(payment) <= 0)
    fail(`${f}.amountCents`, 'must be more than the fine, interest and other entities together');
  switch (payment.tribute) {
    case 'darf':
      requireDate(payment.period, `${f}.period`);
      if (payment.dueDate !== undefined) requireDate(payment.dueDate, `${f}.dueDate`);
      if (payment.reference !== undefined && payment.reference !== '')
        requireDigits(payment.reference, `${f}.reference`, 17);
      return 'darf';
    case 'gps':
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(String(payment.period ?? '')))
        fail(`${f}.period`, `must be the competência as YYYY-MM, got "${payment.period ?? ''}"`);
      return 'gps';
    case 'fgts': {
      const barcode = requireBarcode(payment.barcode, `${f}.barcode`);
      if (barcodeInfo(barcode).kind !== 'arrecadacao')
        fail(`${f}.barcode`, 'an FGTS guide has an arrecadação barcode (starting with 8)');
      if (payment.fgtsIdentifier !== undefined && payment.fgtsIdentifier !== '')
        requireDigits(payment.fgtsIdentifier, `${f}.fgtsIdentifier`, 16);
      prepared.barcode = barcode;
      return dialect.tributes.fgts ? 'fgts' : 'arrecadacao';
    }
  }
}

/** A tribute's principal: the amount less what the record carries apart (fine, interest, other entities). */
function principalOf(p: TributePayment): number {
  return p.amountCents - (p.fineCents ?? 0) - (p.interestCents ?? 0) - (p.otherEntitiesCents ?? 0);
}

// ---- records ------------------------------------------------------------------------------------------

/** The convênio as the dialect's headers write it (Banco do Brasil's: 9 digits, then 0126); blank without one. */
function convenioText(dialect: Dialect, convenio: string | undefined): string {
  if (!convenio) return '';
  const rule = dialect.convenio;
  return rule?.suffix ? `${convenio.padStart(rule.digits, '0')}${rule.suffix}` : convenio;
}

/** The paying company as file and lote headers carry it. */
function company(ctx: Ctx) {
  const c = ctx.company;
  return {
    bank: ctx.bankCode,
    company_document_type: documentType(ctx.companyDocument),
    company_document: ctx.companyDocument,
    convenio: convenioText(ctx.dialect, c.convenio),
    agency: c.agency,
    agency_digit: c.agencyDigit ?? '',
    account: c.account,
    account_digit: c.accountDigit ?? '',
    agency_account_digit: c.accountDigit ?? '', // Itaú's DAC (72); blank in FEBRABAN's layout
    company_name: c.name,
  };
}

function fileHeader(ctx: Ctx): string {
  return writeRecord(ctx.dialect.fileHeader, {
    ...company(ctx),
    bank_name: ctx.company.bankName,
    direction: 1, // remessa
    date: ctx.date,
    time: ctx.time,
    file_sequence: ctx.fileSequence, // NSA (Itaú's header has none)
    layout_version: ctx.dialect.versions.file,
  });
}

function loteHeader(ctx: Ctx, lote: number, forma: string, family: 'A' | 'J' | 'O' | 'N'): string {
  const addr = ctx.company.address ?? {};
  const zip = digitsOnly(addr.zip);
  const versions = ctx.dialect.versions;
  return writeRecord(ctx.dialect.loteHeader, {
    ...company(ctx),
    lote,
    service: family === 'O' || family === 'N' ? 22 : 20, // 20 pagamento a fornecedores, 22 contas e tributos
    forma,
    layout_version: family === 'A' ? versions.loteA : family === 'J' ? versions.loteJ : versions.loteO,
    street: addr.street,
    number: digitsOnly(addr.number).slice(0, 5),
    complement: addr.complement,
    city: addr.city,
    // FEBRABAN splits the CEP in 5 + 3; Itaú writes its 8 digits in one field
    zip: ctx.dialect.id === 'itau-sispag' ? zip.slice(0, 8) : zip.slice(0, 5),
    zip_suffix: zip.slice(5, 8),
    state: addr.state,
    payment_method: family === 'A' ? '01' : '', // forma de pagamento do serviço: débito em conta
  });
}

function* detailLines(
  ctx: Ctx,
  lote: number,
  forma: string,
  item: PreparedPayment,
  nextSeq: () => number,
): Generator<string> {
  const p = item.payment;
  if (p.forma === 'tribute') {
    // an FGTS guide in a layout without its segment N travels as a utility bill, by its barcode
    if (p.tribute === 'fgts' && !ctx.dialect.tributes.fgts)
      yield segmentO(ctx, lote, nextSeq(), { ...p, forma: 'boleto', barcode: item.barcode! }, item.barcode!);
    else yield segmentN(ctx, lote, nextSeq(), p, item);
    return;
  }
  if (p.forma === 'boleto') {
    const barcode = item.barcode!;
    const info = barcodeInfo(barcode);
    if (info.kind === 'arrecadacao') {
      yield segmentO(ctx, lote, nextSeq(), p, barcode);
      return;
    }
    yield segmentJ(ctx, lote, nextSeq(), p, barcode, info.valueCents, info.dueFactor);
    yield segmentJ52(ctx, lote, nextSeq(), p, item.payeeDocument);
    return;
  }
  yield segmentA(ctx, lote, nextSeq(), forma, item);
  yield segmentB(ctx, lote, nextSeq(), item);
}

function segmentA(ctx: Ctx, lote: number, seq: number, forma: string, item: PreparedPayment): string {
  const p = item.payment as TransferPayment | PixPayment;
  const byKey = item.pixKey !== undefined;
  const bank = byKey ? undefined : p.bank;
  const camara = forma === '45' ? CAMARA.pix : forma === '03' ? CAMARA.doc : CAMARA.ted;
  const savings = bank?.accountType === 'savings';
  return writeRecord(
    ctx.dialect.segmentA,
    {
      camara,
      payee_bank: bank?.bankCode ?? 0,
      payee_agency: bank?.agency ?? 0,
      payee_agency_digit: bank?.agencyDigit ?? '',
      payee_account: bank?.account ?? 0,
      payee_account_digit: bank?.accountDigit ?? '',
      payee_agency_account: bank
        ? itauPayeeAgencyAccount(bank.bankCode.padStart(3, '0'), bank.agency, bank.account, bank.accountDigit)
        : '',
      payee_document: item.payeeDocument, // Itaú's segment A carries it (204-217); FEBRABAN's leaves it to B
      payee_name: p.payeeName,
      seu_numero: p.seuNumero,
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      doc_purpose: forma === '03' ? '01' : '', // crédito em conta
      ted_purpose: forma === '41' ? '00005' : '', // pagamento a fornecedores
      complementary_purpose: bank ? (savings ? 'PP' : 'CC') : '', // the kind of account
    },
    detail(ctx, lote, seq),
  );
}

/** Bank, lote and sequence: the start of every detail record (record type and segment are the layout's). */
const detail = (ctx: Ctx, lote: number, sequence: number) => ({ bank: ctx.bankCode, lote, sequence });

function segmentB(ctx: Ctx, lote: number, seq: number, item: PreparedPayment): string {
  const p = item.payment as TransferPayment | PixPayment;
  const payeeDocumentType = documentType(item.payeeDocument);
  if (p.forma === 'pix') {
    return writeRecord(
      SEGMENT_B_PIX,
      {
        payee_document_type: payeeDocumentType,
        payee_document: item.payeeDocument,
        pix_initiation: item.pixKeyType ? PIX_INITIATION[item.pixKeyType] : PIX_INITIATION.bank,
        message: p.message ?? '', // informação entre usuários
        pix_key: item.pixKey ?? '',
      },
      detail(ctx, lote, seq),
    );
  }
  return writeRecord(
    SEGMENT_B,
    {
      payee_document_type: payeeDocumentType,
      payee_document: item.payeeDocument,
      due_date: ctx.paymentDate,
      document_amount: p.amountCents,
    },
    detail(ctx, lote, seq),
  );
}

function segmentJ(
  ctx: Ctx,
  lote: number,
  seq: number,
  p: BoletoPayment,
  barcode: string,
  barcodeValue: number,
  factor: number,
): string {
  const paymentIso = `${ctx.paymentDate.slice(4)}-${ctx.paymentDate.slice(2, 4)}-${ctx.paymentDate.slice(0, 2)}`;
  const due = p.dueDate ?? dueDateFromFactor(factor, paymentIso) ?? paymentIso;
  return writeRecord(
    ctx.dialect.segmentJ,
    {
      barcode,
      payee_name: p.payeeName,
      due_date: toCnabDate(due),
      face_value: p.faceValueCents ?? (barcodeValue > 0 ? barcodeValue : p.amountCents),
      discount: p.discountCents ?? 0, // desconto + abatimento
      fine: p.fineCents ?? 0, // mora + multa
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

function segmentJ52(ctx: Ctx, lote: number, seq: number, p: BoletoPayment, payeeDocument: string): string {
  return writeRecord(
    SEGMENT_J52,
    {
      payer_document_type: documentType(ctx.companyDocument),
      payer_document: ctx.companyDocument,
      payer_name: ctx.company.name,
      payee_document_type: documentType(payeeDocument),
      payee_document: payeeDocument,
      payee_name: p.payeeName,
    },
    detail(ctx, lote, seq),
  );
}

function segmentO(ctx: Ctx, lote: number, seq: number, p: BoletoPayment, barcode: string): string {
  const paymentIso = `${ctx.paymentDate.slice(4)}-${ctx.paymentDate.slice(2, 4)}-${ctx.paymentDate.slice(0, 2)}`;
  return writeRecord(
    ctx.dialect.segmentO,
    {
      barcode: ctx.dialect.arrecadacaoAsLinha ? barcodeToLinha(barcode) : barcode,
      payee_name: p.payeeName, // the concessionária
      due_date: toCnabDate(p.dueDate ?? paymentIso), // the payment date only when none is known
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

/** `YYYY-MM-DD` or `YYYY-MM` as segment N writes it: DDMMAAAA, or MMAAAA for a competência. */
function tributeDate(iso: string | undefined): string {
  if (!iso) return '';
  return iso.length === 7 ? `${iso.slice(5, 7)}${iso.slice(0, 4)}` : toCnabDate(iso);
}

function segmentN(ctx: Ctx, lote: number, seq: number, p: TributePayment, item: PreparedPayment): string {
  const tribute = ctx.dialect.tributes[p.tribute];
  if (!tribute) throw new Cnab240InputError(`payments[${item.index}].tribute`, `has no segment N here`);
  const contributor = item.contributorDocument ?? ctx.companyDocument;
  const types = ctx.dialect.contributorTypes;
  return writeRecord(
    tribute.layout,
    {
      tribute_code: tribute.code,
      revenue_code: p.revenueCode,
      contributor_document_type: contributor.length === 11 ? types.cpf : types.cnpj,
      contributor_document: contributor,
      contributor_name: p.contributorName ?? ctx.company.name,
      period: tributeDate(p.period),
      reference: p.reference ?? '',
      principal: principalOf(p),
      fine: p.fineCents ?? 0,
      interest: p.interestCents ?? 0,
      other_entities: p.otherEntitiesCents ?? 0,
      monetary_update: (p.fineCents ?? 0) + (p.interestCents ?? 0), // GPS: atualização monetária
      due_date: tributeDate(p.dueDate),
      barcode: item.barcode ? barcodeToLinha(item.barcode) : '', // Itaú's FGTS: the 48-digit linha
      fgts_identifier: p.fgtsIdentifier ?? '',
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

export function loteTrailer(
  bank: string,
  lote: number,
  records: number,
  sumCents: number,
  occurrences = '',
): string {
  return writeRecord(LOTE_TRAILER, { bank, lote, records, amount: sumCents, occurrences });
}

export function fileTrailer(bank: string, lotes: number, records: number): string {
  return writeRecord(FILE_TRAILER, { bank, lotes, records });
}
