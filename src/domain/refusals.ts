/**
 * What the domain refuses in a person's input (#54), by code, in English and Portuguese: a date or an amount as
 * typed, a payment date that is not a business day, a boleto's code, a PIX key, a bank's agency or account, a
 * (payables.ts has a payable's own). `refusal(code, values)` makes one; an error may carry it
 * (errors.ts CondoError), and the CLI says it in the person's language by its code.
 */

import { formatDateBr } from './dates.js';
import { type Message, messageOf, type ParamsOf, said } from './message.js';

const DATE_FORMS_EN = 'DD/MM/YYYY, DD/MM, YYYY-MM-DD, today, tomorrow, +Nd or next-business-day';
const DATE_FORMS_PT = 'DD/MM/AAAA, DD/MM, AAAA-MM-DD, hoje, amanhã, +Nd ou próximo-dia-útil';

export const REFUSALS = {
  // one refusal about one field or flag: `--due: …`
  'refused.field': said(
    (p: { field: string; reason: Message }, say) => `${p.field}: ${say(p.reason)}`,
    (p, say) => `${p.field}: ${say(p.reason)}`,
  ),
  // a date as typed (date-input.ts)
  'date.two-digit-year': said(
    (p: { input: string; guess: string }) =>
      `"${p.input}": the year must have four digits (${p.guess}?): a two-digit year could be of two centuries`,
    (p) =>
      `"${p.input}": o ano deve ter quatro dígitos (${p.guess}?): um ano de dois dígitos pode ser de dois séculos`,
  ),
  'date.not-calendar': said(
    (p: { input: string }) => `"${p.input}" is not a calendar date (DD/MM/YYYY)`,
    (p) => `"${p.input}" não é uma data do calendário (DD/MM/AAAA)`,
  ),
  'date.not-calendar-next-year': said(
    (p: { input: string }) => `"${p.input}" is not a calendar date next year (DD/MM/YYYY)`,
    (p) => `"${p.input}" não é uma data do calendário no ano que vem (DD/MM/AAAA)`,
  ),
  'date.not-date': said(
    (p: { input: string }) => `"${p.input}" is not a date (use ${DATE_FORMS_EN})`,
    (p) => `"${p.input}" não é uma data (use ${DATE_FORMS_PT})`,
  ),
  // an amount as typed (money.ts parseReais)
  'reais.not-amount': said(
    (p: { input: string }) => `"${p.input}" is not an amount in reais`,
    (p) => `"${p.input}" não é um valor em reais`,
  ),
  'reais.ambiguous': said(
    (p: { input: string }) => `"${p.input}" is ambiguous: write 1234,56 or 1.234,56 (at most two decimals)`,
    (p) => `"${p.input}" é ambíguo: escreva 1234,56 ou 1.234,56 (no máximo duas casas decimais)`,
  ),
  'reais.decimals': said(
    (p: { input: string }) => `"${p.input}" has more than two decimals`,
    (p) => `"${p.input}" tem mais de duas casas decimais`,
  ),
  'reais.too-large': said(
    (p: { input: string }) => `"${p.input}" is too large`,
    (p) => `"${p.input}" é grande demais`,
  ),
  // a payment date (business-days.ts)
  'day.not-business': said(
    (p: { date: string; weekday: 'Saturday' | 'Sunday' | ''; holiday: string; next: string }) =>
      `${formatDateBr(p.date)} is ${p.holiday ? `a bank holiday (${p.holiday})` : `a ${p.weekday}`}, not a bank business day; the next one is ${formatDateBr(p.next)}`,
    (p) =>
      `${formatDateBr(p.date)} é ${p.holiday ? `feriado bancário (${p.holiday})` : p.weekday === 'Saturday' ? 'sábado' : 'domingo'}, não é dia útil bancário; o próximo é ${formatDateBr(p.next)}`,
  ),
  // a boleto's code (boleto/index.ts)
  'boleto.character': said(
    (p: { char: string; position: number }) => `unexpected character '${p.char}' at position ${p.position}`,
    (p) => `caractere inesperado '${p.char}' na posição ${p.position}`,
  ),
  'boleto.general-digit': said(
    (p: { got: number; expected: number; where: 'general' | 'field4' | 'barcode' }) =>
      `${{ general: 'general check digit', field4: 'general check digit (field 4)', barcode: 'barcode check digit' }[p.where]} is ${p.got}, expected ${p.expected}`,
    (p) =>
      `o dígito verificador ${{ general: 'geral', field4: 'geral (campo 4)', barcode: 'do código de barras' }[p.where]} é ${p.got}, esperado ${p.expected}`,
  ),
  'boleto.field-digit': said(
    (p: { field: number; got: number; expected: number }) =>
      `check digit of field ${p.field} is ${p.got}, expected ${p.expected}`,
    (p) => `o dígito verificador do campo ${p.field} é ${p.got}, esperado ${p.expected}`,
  ),
  'boleto.value-identifier': said(
    (p: { digit: string }) => `value identifier (3rd digit) is ${p.digit}, expected 6, 7, 8 or 9`,
    (p) => `o identificador de valor (3º dígito) é ${p.digit}, esperado 6, 7, 8 ou 9`,
  ),
  'boleto.barcode-length': said(
    (p: { length: number }) => `a barcode has 44 digits, got ${p.length}`,
    (p) => `um código de barras tem 44 dígitos, veio com ${p.length}`,
  ),
  'boleto.linha-length': said(
    (p: { length: number }) => `a linha digitável has 47 digits (48 for arrecadação), got ${p.length}`,
    (p) => `uma linha digitável tem 47 dígitos (48 na arrecadação), veio com ${p.length}`,
  ),
  'boleto.linha-48': said(
    () => 'a 48-digit linha digitável (arrecadação) starts with 8',
    () => 'uma linha digitável de 48 dígitos (arrecadação) começa com 8',
  ),
  'boleto.due-factor': said(
    (p: { factor: number; range: string }) => `due-date factor ${p.factor} is not in ${p.range}`,
    (p) => `o fator de vencimento ${p.factor} não está em ${p.range}`,
  ),
  'boleto.free-field': said(
    (p: { what: string; got: string; expected: string }) => `${p.what} is ${p.got}, expected ${p.expected}`,
    (p) => `${p.what} é ${p.got}, esperado ${p.expected}`,
  ),
};

export type RefusalCode = keyof typeof REFUSALS;

export const refusal = <K extends RefusalCode>(code: K, params: ParamsOf<(typeof REFUSALS)[K]>): Message =>
  messageOf(REFUSALS, code, params);

/** `--flag: <why>`: a refusal about one field or flag. */
export const refusedField = (field: string, reason: Message): Message =>
  refusal('refused.field', { field, reason });
