// What a payment remittance is made of (writer.ts writes it): the paying company, each payment by its forma, and
// each checked and prepared for its lote: digits, documents, barcodes, PIX keys and dates refused by the field
// that holds them (Cnab240InputError), the payments grouped into the lotes they go in.

import { brasiliaClock } from '../../domain/dates.js';
import { digitsOnly } from '../../domain/digits.js';
import { FormatError } from '../../domain/errors.js';
import type { PixKeyType } from '../../domain/pix-keys.js';
import { barcodeInfo, toBarcode } from './barcode.js';
import { DIALECTS, type Dialect, type DialectId, dialectForBank, type TributeKind } from './dialects.js';
import { isValidCnpj, isValidCpf, isValidDocument, toCnabDate } from './fields.js';
import { fieldNamed } from './layouts.js';

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

/** Lote kinds, in the order they are written, with their forma: fixed, or the dialect's (utility bills, tributes). */
export const LOTE_PLAN = [
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

export type LotePlan = (typeof LOTE_PLAN)[number];
type LoteKey = LotePlan['key'];

export interface PreparedPayment {
  index: number;
  payment: RemittancePayment;
  payeeDocument: string;
  barcode?: string;
  pixKey?: string;
  pixKeyType?: PixKeyType;
  contributorDocument?: string;
}

/** A payment `RemittanceStream.check` found fit for the file, with its lote: plain data. */
export interface CheckedPayment {
  lote: LoteKey;
  prepared: PreparedPayment;
}

/** A remittance's file and lote data, without its payments (`RemittanceStream` takes those one by one). */
export type RemittanceHeader = Omit<PaymentRemittanceInput, 'payments'>;

// ---- context and validation ----------------------------------------------------------------------------

export interface Ctx {
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

export function refuseField(field: string, message: string): never {
  throw new Cnab240InputError(field, message);
}

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') refuseField(field, 'is required');
  return value;
}

function requireDigits(value: unknown, field: string, max: number): string {
  const text = requireText(value, field).replace(/[\s.\-/]/g, '');
  if (!/^\d+$/.test(text)) refuseField(field, `must contain only digits, got "${value}"`);
  if (text.length > max) refuseField(field, `must have at most ${max} digits, got ${text.length}`);
  return text;
}

function requireDocument(value: unknown, field: string): string {
  const doc = requireDigits(value, field, 14);
  if (!isValidDocument(doc)) {
    refuseField(field, `"${value}" is not a valid CPF (11 digits) or CNPJ (14 digits)`);
  }
  return doc;
}

/** A barcode or linha digitável as its 44-digit barcode, or the reader's reason naming the field. */
function requireBarcode(value: unknown, field: string): string {
  const text = requireText(value, field);
  try {
    return toBarcode(text);
  } catch (e) {
    refuseField(field, (e as Error).message);
  }
}

function requireDate(value: unknown, field: string): string {
  const text = requireText(value, field);
  try {
    toCnabDate(text);
  } catch {
    refuseField(field, `must be a YYYY-MM-DD date, got "${text}"`);
  }
  return text;
}

function optionalDigit(value: string | undefined, field: string): void {
  if (value !== undefined && !/^[0-9A-Za-z]?$/.test(value)) refuseField(field, 'must be one digit or letter');
}

function requireCents(value: unknown, field: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    refuseField(field, 'must be an integer number of cents');
  if (value < 0 || (!allowZero && value === 0))
    refuseField(field, `must be ${allowZero ? '>= 0' : '> 0'}, got ${value}`);
  if (value > 999_999_999_999_99) refuseField(field, 'is too large for the file');
  return value;
}

function formatGeneratedAt(at: Date | string): { date: string; time: string } {
  if (at instanceof Date) {
    if (Number.isNaN(at.getTime())) refuseField('generatedAt', 'is an invalid Date');
    const c = brasiliaClock(at);
    return { date: `${c.day}${c.month}${c.year}`, time: `${c.hour}${c.minute}${c.second}` };
  }
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(at);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) {
    refuseField('generatedAt', `must be a Date or YYYY-MM-DDTHH:MM[:SS], got "${at}"`);
  }
  return { date: toCnabDate(requireDate(m[1], 'generatedAt')), time: `${m[2]}${m[3]}${m[4] ?? '00'}` };
}

export function prepareContext(input: RemittanceHeader): Ctx {
  if (!input || typeof input !== 'object') refuseField('input', 'is required');
  const c = input.company;
  if (!c || typeof c !== 'object') refuseField('company', 'is required');
  requireText(c.name, 'company.name');
  const bankCode = requireDigits(c.bankCode, 'company.bankCode', 3).padStart(3, '0');
  requireText(c.bankName, 'company.bankName');
  requireDigits(c.agency, 'company.agency', 5);
  requireDigits(c.account, 'company.account', 12);
  optionalDigit(c.agencyDigit, 'company.agencyDigit');
  optionalDigit(c.accountDigit, 'company.accountDigit');
  if (c.convenio !== undefined && c.convenio.length > 20)
    refuseField('company.convenio', 'must have at most 20 characters');
  if (!Number.isInteger(input.fileSequence) || input.fileSequence < 1 || input.fileSequence > 999_999) {
    refuseField('fileSequence', `must be an integer from 1 to 999999, got ${input.fileSequence}`);
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
    refuseField('company.convenio', `must be at most ${convenioDigits} digits in ${dialect.name}'s layout`);
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
    refuseField(field, 'payee bank data (bankCode, agency, account, accountDigit) is required');
  requireDigits(bank.bankCode, `${field}.bankCode`, 3);
  requireDigits(bank.agency, `${field}.agency`, 5);
  requireDigits(bank.account, `${field}.account`, 12);
  requireText(bank.accountDigit, `${field}.accountDigit`);
  optionalDigit(bank.accountDigit, `${field}.accountDigit`);
  optionalDigit(bank.agencyDigit, `${field}.agencyDigit`);
  if (bank.accountType !== undefined && !['checking', 'savings', 'payment'].includes(bank.accountType)) {
    refuseField(`${field}.accountType`, 'must be checking, savings or payment');
  }
}

function normalizePixKey(key: string, type: PixKeyType, field: string): string {
  const k = key.trim();
  switch (type) {
    case 'cpf': {
      const d = k.replace(/[.-]/g, '');
      if (!isValidCpf(d)) refuseField(field, `"${key}" is not a valid CPF key`);
      return d;
    }
    case 'cnpj': {
      const d = k.replace(/[.\-/]/g, '');
      if (!isValidCnpj(d)) refuseField(field, `"${key}" is not a valid CNPJ key`);
      return d;
    }
    case 'email':
      if (!/^[\x21-\x7e]+@[\x21-\x7e]+\.[\x21-\x7e]+$/.test(k) || k.length > 77)
        refuseField(field, `"${key}" is not a valid e-mail key`);
      return k.toLowerCase();
    case 'phone': {
      const d = k.replace(/[\s()-]/g, '');
      const m = /^(\+55)?(\d{10,11})$/.exec(d) ?? /^\+(\d{8,15})$/.exec(d);
      if (!m) refuseField(field, `"${key}" is not a valid phone key (+55 and 10-11 digits)`);
      return d.startsWith('+') ? d : `+55${d}`;
    }
    case 'random':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k)) {
        refuseField(field, `"${key}" is not a valid random key (UUID)`);
      }
      return k.toLowerCase();
    default:
      refuseField(
        field.replace(/pixKey$/, 'pixKeyType'),
        `must be cpf, cnpj, email, phone or random, got "${type}"`,
      );
  }
}

export function groupPayments(
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
export function preparePayment(
  payment: RemittancePayment,
  index: number,
  { bankCode: ownBank, dialect }: Pick<Ctx, 'bankCode' | 'dialect'>,
): { key: LoteKey; prepared: PreparedPayment } {
  const digits = dialect.seuNumeroDigits;
  const f = `payments[${index}]`;
  if (!payment || typeof payment !== 'object') refuseField(f, 'is required');
  const seu = requireText(payment.seuNumero, `${f}.seuNumero`);
  if (seu.length > 20)
    refuseField(`${f}.seuNumero`, `must have at most 20 characters, got ${seu.length} ("${seu}")`);
  if (/[^\x20-\x7e]/.test(seu)) {
    refuseField(`${f}.seuNumero`, 'must be plain ASCII (it must come back unchanged in the return)');
  }
  if (digits !== undefined && !new RegExp(`^\\d{1,${digits}}$`).test(seu))
    refuseField(
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
        if (payment.pixKeyType === undefined) refuseField(`${f}.pixKeyType`, 'is required with a pixKey');
        prepared.pixKeyType = payment.pixKeyType;
        prepared.pixKey = normalizePixKey(payment.pixKey, payment.pixKeyType, `${f}.pixKey`);
      } else if (payment.bank) {
        validateBank(payment.bank, `${f}.bank`);
      } else {
        refuseField(`${f}.pixKey`, 'a PIX payment needs a pixKey (with pixKeyType) or the payee bank data');
      }
      if (payment.message !== undefined && payment.message.length > 60)
        refuseField(`${f}.message`, 'must have at most 60 characters');
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
      refuseField(
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
    refuseField(`${f}.tribute`, `must be darf, gps or fgts, got "${payment.tribute}"`);
  if (!/^\d{4}$/.test(String(payment.revenueCode ?? '')))
    refuseField(`${f}.revenueCode`, `must be 4 digits, got "${payment.revenueCode ?? ''}"`);
  if (payment.contributorDocument !== undefined && payment.contributorDocument !== '')
    prepared.contributorDocument = requireDocument(payment.contributorDocument, `${f}.contributorDocument`);
  if (payment.fineCents !== undefined) requireCents(payment.fineCents, `${f}.fineCents`, true);
  if (payment.interestCents !== undefined) requireCents(payment.interestCents, `${f}.interestCents`, true);
  if (payment.otherEntitiesCents !== undefined)
    requireCents(payment.otherEntitiesCents, `${f}.otherEntitiesCents`, true);
  if (principalOf(payment) <= 0)
    refuseField(`${f}.amountCents`, 'must be more than the fine, interest and other entities together');
  switch (payment.tribute) {
    case 'darf':
      requireDate(payment.period, `${f}.period`);
      if (payment.dueDate !== undefined) requireDate(payment.dueDate, `${f}.dueDate`);
      if (payment.reference !== undefined && payment.reference !== '')
        requireDigits(payment.reference, `${f}.reference`, 17);
      return 'darf';
    case 'gps':
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(String(payment.period ?? '')))
        refuseField(`${f}.period`, `must be the competência as YYYY-MM, got "${payment.period ?? ''}"`);
      return 'gps';
    case 'fgts': {
      const barcode = requireBarcode(payment.barcode, `${f}.barcode`);
      if (barcodeInfo(barcode).kind !== 'arrecadacao')
        refuseField(`${f}.barcode`, 'an FGTS guide has an arrecadação barcode (starting with 8)');
      if (payment.fgtsIdentifier !== undefined && payment.fgtsIdentifier !== '')
        requireDigits(payment.fgtsIdentifier, `${f}.fgtsIdentifier`, 16);
      prepared.barcode = barcode;
      return dialect.tributes.fgts ? 'fgts' : 'arrecadacao';
    }
  }
}

/** A tribute's principal: the amount less what the record carries apart (fine, interest, other entities). */
export function principalOf(p: TributePayment): number {
  return p.amountCents - (p.fineCents ?? 0) - (p.interestCents ?? 0) - (p.otherEntitiesCents ?? 0);
}
