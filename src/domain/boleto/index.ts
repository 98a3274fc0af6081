/**
 * FEBRABAN boleto: the 44-digit barcode and the 47-digit "linha digitável" of a boleto de cobrança
 * (bank slip), and the validation of the 48-digit linha of an arrecadação/concessionária slip (utility bills,
 * taxes: barcodes that start with 8).
 *
 * Barcode of a boleto de cobrança (positions 1-based, as in the FEBRABAN layout):
 *   1-3   bank code (e.g. 341 Itaú)
 *   4     currency code (9 = real)
 *   5     general check digit (mod 11 over the other 43 digits; results 0, 10, 11 become 1)
 *   6-9   due-date factor (days since 1997-10-07, restarting at 1000 after 9999; 0000 = no due date)
 *   10-19 amount in cents
 *   20-44 free field ("campo livre"), 25 digits laid out by the issuing bank
 *
 * The linha digitável reorders the same digits into five fields; fields 1 to 3 carry a mod-10 check digit each:
 *   field 1: bank, currency, free field 1-5, DV  -> AAAAA.AAAAA
 *   field 2: free field 6-15, DV                  -> BBBBB.BBBBBB
 *   field 3: free field 16-25, DV                 -> CCCCC.CCCCCC
 *   field 4: the barcode's general check digit   -> D
 *   field 5: due-date factor and amount           -> EEEEEEEEEEEEEE
 *
 * Pure: no clock, no I/O. Functions that need "today" take it as a parameter.
 */
import { FormatError } from '../errors.js';
import { refusal } from '../refusals.js';
import {
  boletoDigitOf,
  parseFailure as fail,
  mod10,
  mod11Arrecadacao,
  mod11Boleto,
  type ParseError,
  requireDigits,
} from './check-digits.js';

export { mod10, mod11Arrecadacao, mod11Boleto, type ParseError } from './check-digits.js';
export * from './itau.js';

// ---------------------------------------------------------------------------------------------------------
// Dates and the due-date factor

const MS_PER_DAY = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7); // 1997-10-07, factor 0
/** Length of a factor cycle in days: 1000..9999. The second cycle began on 2025-02-22 (day 10000). */
const FACTOR_CYCLE = 9000;
/** Day 1000 after the base is 2000-07-03, the first day of the first cycle. */
const FIRST_FACTOR_DAY = 1000;

function parseIsoDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new FormatError(`invalid date '${date}': expected YYYY-MM-DD`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new FormatError(`invalid date '${date}'`);
  }
  return t;
}

function daysSinceBase(date: string): number {
  return Math.round((parseIsoDate(date) - FACTOR_BASE) / MS_PER_DAY);
}

function dateFromDays(days: number): string {
  return new Date(FACTOR_BASE + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The due-date factor of a date: days since 1997-10-07, kept in 1000..9999 by FEBRABAN's restart rule
 * (2025-02-21 is 9999, 2025-02-22 is 1000 again, and so every 9000 days). Dates before 2000-07-03 (factor
 * 1000 of the first cycle) are out of range.
 */
export function dueDateFactor(date: string): number {
  const days = daysSinceBase(date);
  if (days < FIRST_FACTOR_DAY) throw new FormatError(`due date ${date} is before 2000-07-03 (factor 1000)`);
  return FIRST_FACTOR_DAY + ((days - FIRST_FACTOR_DAY) % FACTOR_CYCLE);
}

/**
 * The middle of the cycle that began on 2025-02-22: the reference used when none is given, so that a factor
 * without context is read in the cycle in force from 2025-02-22 to 2049-10-xx.
 */
export const DEFAULT_FACTOR_REFERENCE = dateFromDays(FIRST_FACTOR_DAY + FACTOR_CYCLE + FACTOR_CYCLE / 2);

/**
 * The date of a due-date factor. A factor recurs every 9000 days, so the date is the one of the cycle nearest
 * to `referenceDate` (e.g. today, passed in by the caller); without one, the cycle begun on 2025-02-22.
 * Factor 0 means "no due date" and gives null. Throws a RangeError for 1..999 (not issued since 2000).
 */
export function factorToDate(
  factor: number,
  referenceDate: string = DEFAULT_FACTOR_REFERENCE,
): string | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) {
    throw new FormatError(`due-date factor ${factor} is not in 0..9999`);
  }
  if (factor === 0) return null;
  if (factor < FIRST_FACTOR_DAY) throw new FormatError(`due-date factor ${factor} is not in 1000..9999`);
  const ref = daysSinceBase(referenceDate);
  // Candidates: factor + k * 9000, k >= 0. Pick the one nearest the reference (the earlier one on a tie).
  const k0 = Math.max(0, Math.floor((ref - factor) / FACTOR_CYCLE));
  const before = factor + k0 * FACTOR_CYCLE;
  const after = before + FACTOR_CYCLE;
  return dateFromDays(Math.abs(after - ref) < Math.abs(ref - before) ? after : before);
}

/** Half a cycle: a factor read against today is unambiguous only within this many days of it. */
const HALF_CYCLE = FACTOR_CYCLE / 2;

/**
 * The due dates a boleto issued today can carry: those whose factor, read back against today, gives the same date
 * (FEBRABAN's restart makes a factor recur every 9000 days, so about today ± 4500 days, and never before
 * 2000-07-03). Outside it a due date would silently become another one.
 */
export function dueDateWindow(today: string): { first: string; last: string } {
  const t = daysSinceBase(today);
  return {
    first: dateFromDays(Math.max(FIRST_FACTOR_DAY, t - HALF_CYCLE)),
    last: dateFromDays(t + HALF_CYCLE - 1),
  };
}

/** null when a boleto due `date` and read back on `today` keeps its date, else why not (naming the window). */
export function dueDateOutOfWindow(date: string, today: string): string | null {
  const { first, last } = dueDateWindow(today);
  if (date >= first && date <= last) return null;
  return `a boleto due on ${date} cannot be issued: its due-date factor only reads back to dates from ${first} to ${last} (FEBRABAN's factor, today ± 4500 days)`;
}

/** The largest amount a boleto's 10-digit value field holds: R$ 99.999.999,99. */
export const MAX_BOLETO_CENTS = 9_999_999_999;

// ---------------------------------------------------------------------------------------------------------
// Boleto de cobrança

export interface BoletoInput {
  /** 3-digit bank code ("341"). */
  bankCode: string;
  /** Currency code, "9" for real (the default). */
  currency?: string;
  /** Due date YYYY-MM-DD, or null for a boleto without due date (factor 0000). */
  dueDate: string | null;
  /** Amount in cents, 0..9_999_999_999 (0 = amount filled in at payment). */
  amountCents: number;
  /** The 25-digit free field, laid out by the bank (see `itauFreeField`). */
  freeField: string;
}

export interface Boleto {
  /** The 44 digits encoded in the bars (Interleaved 2 of 5). */
  barcode: string;
  /** The 47 digits of the linha digitável, unpunctuated. */
  linhaDigitavel: string;
  /** The linha as printed: `34191.79001 01043.510047 91020.150008 1 12340000012345`. */
  formatted: string;
}

const MAX_AMOUNT_CENTS = 9_999_999_999;

/** Builds barcode and linha digitável. Throws a RangeError on invalid input. */
export function buildBoleto(input: BoletoInput): Boleto {
  const currency = input.currency ?? '9';
  requireDigits(input.bankCode, 3, 'bankCode');
  if (input.bankCode[0] === '8')
    throw new FormatError('bankCode cannot start with 8: that marks an arrecadação slip');
  requireDigits(currency, 1, 'currency');
  requireDigits(input.freeField, 25, 'freeField');
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents < 0 ||
    input.amountCents > MAX_AMOUNT_CENTS
  ) {
    throw new FormatError(
      `amountCents must be an integer in 0..${MAX_AMOUNT_CENTS}, got ${input.amountCents}`,
    );
  }
  const factor = input.dueDate === null ? 0 : dueDateFactor(input.dueDate);
  const body =
    input.bankCode +
    currency +
    String(factor).padStart(4, '0') +
    String(input.amountCents).padStart(10, '0') +
    input.freeField;
  const barcode = body.slice(0, 4) + mod11Boleto(body) + body.slice(4);
  const linhaDigitavel = barcodeToLinhaUnchecked(barcode);
  return { barcode, linhaDigitavel, formatted: formatLinhaDigitavel(linhaDigitavel) };
}

function barcodeToLinhaUnchecked(barcode: string): string {
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return f1 + mod10(f1) + f2 + mod10(f2) + f3 + mod10(f3) + barcode[4] + barcode.slice(5, 19);
}

function linhaToBarcodeUnchecked(linha: string): string {
  return (
    linha.slice(0, 4) +
    linha[32] +
    linha.slice(33, 47) +
    linha.slice(4, 9) +
    linha.slice(10, 20) +
    linha.slice(21, 31)
  );
}

/** Punctuates a 47-digit linha digitável (`AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`) or a 48-digit arrecadação linha (four groups of 11+1). */
export function formatLinhaDigitavel(linha: string): string {
  const d = onlyDigits(linha);
  if (d.length === 48) {
    return [0, 12, 24, 36].map((i) => `${d.slice(i, i + 11)}-${d[i + 11]}`).join(' ');
  }
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Parsing and validation

export interface ParseOptions {
  /** The date the factor's cycle is resolved against (usually today); see `factorToDate`. */
  referenceDate?: string;
}

export interface ParsedBoleto {
  ok: true;
  kind: 'boleto';
  bankCode: string;
  currency: string;
  /** The due-date factor as read (0 = no due date). */
  dueFactor: number;
  /** YYYY-MM-DD, or null when the factor is 0000. */
  dueDate: string | null;
  amountCents: number;
  freeField: string;
  barcode: string;
  linhaDigitavel: string;
}

/** An arrecadação / concessionária slip (utility bills, taxes), recognised by its leading 8. */
export interface ParsedArrecadacao {
  ok: true;
  kind: 'arrecadacao';
  /** Segment (digit 2): 1 prefeituras, 2 saneamento, 3 energia/gás, 4 telecom, 5 órgãos governamentais, 6 carnês/demais (CNPJ), 7 multas de trânsito, 9 uso exclusivo do banco. */
  segment: string;
  /** Value identifier (digit 3): 6 or 8 = actual value (mod 10 / mod 11), 7 or 9 = reference quantity. */
  valueType: string;
  /** The 11-digit value field in cents when `valueType` is 6 or 8; null for a reference quantity. */
  amountCents: number | null;
  /** The raw 11-digit value field. */
  value: string;
  /** Company/agency id: 4 digits, or the first 8 digits of the CNPJ in segment 6. */
  companyId: string;
  /** Everything after the company id. */
  freeField: string;
  barcode: string;
  linhaDigitavel: string;
}

export type BoletoParseResult = ParsedBoleto | ParsedArrecadacao | ParseError;

/**
 * The general check digit (position 5) a 44-digit boleto barcode should carry, worked out in place over the other
 * 43 digits; -1 when the code is not 44 digits. A day's DDA file has its barcodes checked by the hundred thousand:
 * cutting the 43 digits out of each first was most of the check's time.
 */
export function boletoBarcodeDigit(barcode: string): number {
  if (barcode.length !== 44) return -1;
  let sum = 0;
  for (let i = 0; i < 44; i++) {
    const digit = barcode.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    sum += digit * (BARCODE_WEIGHTS[i] as number);
  }
  return boletoDigitOf(sum);
}

/** Each barcode position's mod 11 weight: 2..9 repeating from the right over the 43 digits, 0 for the digit itself. */
const BARCODE_WEIGHTS: readonly number[] = (() => {
  const weights = new Array<number>(44).fill(0);
  let weight = 2;
  for (let i = 43; i >= 0; i--) {
    if (i === 4) continue;
    weights[i] = weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return weights;
})();

function onlyDigits(s: string): string {
  return s.replace(/[\s.-]/g, '');
}

function clean(s: string): { digits: string } | ParseError {
  const digits = onlyDigits(s);
  const bad = /\D/.exec(digits);
  if (bad) return fail(refusal('boleto.character', { char: bad[0], position: bad.index + 1 }));
  return { digits };
}

function boletoFromBarcode(barcode: string, options: ParseOptions): ParsedBoleto | ParseError {
  const expected = boletoBarcodeDigit(barcode);
  const got = Number(barcode[4]);
  if (got !== expected) return fail(refusal('boleto.general-digit', { got, expected, where: 'general' }));
  const dueFactor = Number(barcode.slice(5, 9));
  let dueDate: string | null;
  try {
    dueDate = factorToDate(dueFactor, options.referenceDate);
  } catch (e) {
    return fail(
      refusal('boleto.due-factor', {
        factor: dueFactor,
        range: (e as Error).message.replace(/.* not in /, ''),
      }),
    );
  }
  return {
    ok: true,
    kind: 'boleto',
    bankCode: barcode.slice(0, 3),
    currency: barcode[3]!,
    dueFactor,
    dueDate,
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19, 44),
    barcode,
    linhaDigitavel: barcodeToLinhaUnchecked(barcode),
  };
}

export interface ArrecadacaoInput {
  /**
   * FEBRABAN's segment (2nd digit): 1 prefeituras, 2 saneamento, 3 energia elétrica e gás, 4 telecomunicações,
   * 5 órgãos governamentais, 6 carnês e assemelhados (CNPJ-identified), 7 multas de trânsito, 9 uso exclusivo do banco.
   */
  segment: string;
  /** The value in the barcode; with valueType 6 or 8 it is the amount in cents. */
  amountCents: number;
  /** The collector's FEBRABAN code: 4 digits (8, the CNPJ root, in segment 6). */
  companyId: string;
  /** The collector's own field: whatever fills the barcode to 44 digits (25, or 21 in segment 6). */
  freeField: string;
  /** 3rd digit: 6 (value in reais, mod 10, the default) or 8 (value in reais, mod 11). */
  valueType?: '6' | '8';
}

/**
 * An arrecadação slip (a utility bill or tax guide, barcode starting with 8), as the collector prints it: the
 * 44-digit barcode with its general check digit (4th), and the 48-digit linha of four blocks of 11 digits, each
 * with its own check digit, mod 10 or mod 11 as the value identifier says (FEBRABAN, "Layout padrão de
 * arrecadação/recebimento com utilização do código de barras", v7).
 */
export function buildArrecadacao(input: ArrecadacaoInput): { barcode: string; linhaDigitavel: string } {
  const valueType = input.valueType ?? '6';
  const idLength = input.segment === '6' ? 8 : 4;
  if (!/^[1-79]$/.test(input.segment)) throw new RangeError(`segment ${input.segment} is not 1-7 or 9`);
  if (!new RegExp(`^\\d{${idLength}}$`).test(input.companyId))
    throw new RangeError(`companyId must have ${idLength} digits in segment ${input.segment}`);
  if (!new RegExp(`^\\d{${29 - idLength}}$`).test(input.freeField))
    throw new RangeError(`freeField must have ${29 - idLength} digits in segment ${input.segment}`);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 99_999_999_999)
    throw new RangeError('amountCents must fit in 11 digits');
  const dv = arrecadacaoDv(valueType)!;
  const body = `8${input.segment}${valueType}${String(input.amountCents).padStart(11, '0')}${input.companyId}${input.freeField}`;
  const barcode = `${body.slice(0, 3)}${dv(body)}${body.slice(3)}`;
  const linhaDigitavel = [0, 11, 22, 33]
    .map((i) => barcode.slice(i, i + 11) + dv(barcode.slice(i, i + 11)))
    .join('');
  return { barcode, linhaDigitavel };
}

/** Which modulo an arrecadação slip uses, by its third digit (value identifier). */
function arrecadacaoDv(valueType: string): ((digits: string) => number) | null {
  if (valueType === '6' || valueType === '7') return mod10;
  if (valueType === '8' || valueType === '9') return mod11Arrecadacao;
  return null;
}

function arrecadacaoFromBarcode(barcode: string): ParsedArrecadacao | ParseError {
  const valueType = barcode[2]!;
  const dv = arrecadacaoDv(valueType);
  if (!dv) return fail(refusal('boleto.value-identifier', { digit: String(valueType) }));
  const expected = dv(barcode.slice(0, 3) + barcode.slice(4));
  const got = Number(barcode[3]);
  if (got !== expected) return fail(refusal('boleto.general-digit', { got, expected, where: 'general' }));
  const segment = barcode[1]!;
  const value = barcode.slice(4, 15);
  const idLength = segment === '6' ? 8 : 4;
  const linha = [0, 11, 22, 33].map((i) => barcode.slice(i, i + 11) + dv(barcode.slice(i, i + 11))).join('');
  return {
    ok: true,
    kind: 'arrecadacao',
    segment,
    valueType,
    amountCents: valueType === '6' || valueType === '8' ? Number(value) : null,
    value,
    companyId: barcode.slice(15, 15 + idLength),
    freeField: barcode.slice(15 + idLength),
    barcode,
    linhaDigitavel: linha,
  };
}

/** Validates a 44-digit barcode (boleto de cobrança, or arrecadação when it starts with 8). */
export function parseBarcode(s: string, options: ParseOptions = {}): BoletoParseResult {
  const c = clean(s);
  if ('ok' in c) return c;
  const barcode = c.digits;
  if (barcode.length !== 44) return fail(refusal('boleto.barcode-length', { length: barcode.length }));
  return barcode[0] === '8' ? arrecadacaoFromBarcode(barcode) : boletoFromBarcode(barcode, options);
}

/**
 * Validates a linha digitável: 47 digits for a boleto de cobrança, 48 for arrecadação (starting with 8).
 * Dots, spaces and hyphens are ignored.
 */
export function parseLinhaDigitavel(s: string, options: ParseOptions = {}): BoletoParseResult {
  const c = clean(s);
  if ('ok' in c) return c;
  const linha = c.digits;
  if (linha.length === 48) {
    if (linha[0] !== '8') return fail(refusal('boleto.linha-48', {}));
    const dv = arrecadacaoDv(linha[2]!);
    if (!dv) return fail(refusal('boleto.value-identifier', { digit: String(linha[2]) }));
    for (let f = 0; f < 4; f++) {
      const block = linha.slice(f * 12, f * 12 + 11);
      const got = Number(linha[f * 12 + 11]);
      const expected = dv(block);
      if (got !== expected) return fail(refusal('boleto.field-digit', { field: f + 1, got, expected }));
    }
    const barcode = [0, 12, 24, 36].map((i) => linha.slice(i, i + 11)).join('');
    return arrecadacaoFromBarcode(barcode);
  }
  if (linha.length !== 47) return fail(refusal('boleto.linha-length', { length: linha.length }));
  const fields: Array<[number, number]> = [
    [0, 9],
    [10, 20],
    [21, 31],
  ];
  for (let f = 0; f < 3; f++) {
    const [start, end] = fields[f]!;
    const got = Number(linha[end]);
    const expected = mod10(linha.slice(start, end));
    if (got !== expected) return fail(refusal('boleto.field-digit', { field: f + 1, got, expected }));
  }
  const result = boletoFromBarcode(linhaToBarcodeUnchecked(linha), options);
  if (!result.ok) {
    const digit = result.finding;
    if (digit.code !== 'boleto.general-digit') return result;
    return fail(
      refusal('boleto.general-digit', {
        ...(digit.params as { got: number; expected: number }),
        where: 'field4',
      }),
    );
  }
  return result;
}

/** Validates any of the four forms (44-digit barcode, 47- or 48-digit linha) by length. */
export function parseBoletoCode(s: string, options: ParseOptions = {}): BoletoParseResult {
  const c = clean(s);
  if ('ok' in c) return c;
  return c.digits.length === 44 ? parseBarcode(c.digits, options) : parseLinhaDigitavel(c.digits, options);
}

/** The 44-digit barcode of a linha digitável (47 or 48 digits). Throws a RangeError if it does not validate. */
export function linhaToBarcode(linha: string): string {
  const r = parseLinhaDigitavel(linha);
  if (!r.ok) throw new FormatError(`invalid linha digitável: ${r.error}`);
  return r.barcode;
}

/** The unpunctuated linha digitável of a 44-digit barcode. Throws a RangeError if it does not validate. */
export function barcodeToLinha(barcode: string): string {
  const r = parseBarcode(barcode);
  if (!r.ok) throw new FormatError(`invalid barcode: ${r.error}`);
  return r.linhaDigitavel;
}

// ---------------------------------------------------------------------------------------------------------
// Free fields and nosso número
