/**
 * What a payment return code means at one bank, and what to do about it (`condo cnab explain`, and the advice
 * after a rejection in `batches import-return`, `payables show` and `report month`). The meanings come from the
 * tables of codes.ts: FEBRABAN's G059, and each bank's own where it differs, with their sources there.
 */
import type { Text } from '../../domain/text.js';
import type { OccurrenceClass } from './bank-occurrences.js';
import {
  BANK_NAMES,
  BANK_PAYMENT_OCCURRENCES,
  FEBRABAN_PAYMENT_OCCURRENCES,
  occurrenceClass,
} from './codes.js';

/** Whose data a refusal points at: the condominium's paying account, the boleto's digits, or the payee's. */
export type RefusalConcern = 'paying-account' | 'barcode' | 'payee' | 'unknown';

// FEBRABAN's G059 and Itaú's codes, grouped by what must be corrected (H*: the paying account's funds and
// contract; C*/Y*/I*: the barcode's digits and values; A*/B*/P*/…: the payee's account, document or PIX key)
const PAYING_ACCOUNT = new Set(['HB', 'HC', 'HD', 'HF', 'SS', 'NA', 'RJ']);
const BARCODE = new Set(['CA', 'CB', 'CC', 'CD', 'CE', 'CF', 'YA', 'IP', 'IB', 'II']);
// biome-ignore format: codes read best as a table
const PAYEE = new Set([
  'AG', 'AK', 'AL', 'AM', 'AN', 'AT', 'AZ', 'BA', 'BG', 'BI', 'CI', 'CN', 'DV', 'TI', 'ZB', 'ZI', // account, document
  'PA', 'PB', 'PC', 'PD', 'PE', 'PF', 'PG', 'PH', 'PJ', 'PK', 'PM', 'PN', // PIX: key, receiver's PSP
]);

export function refusalConcern(code: string): RefusalConcern {
  if (PAYING_ACCOUNT.has(code)) return 'paying-account';
  if (BARCODE.has(code)) return 'barcode';
  if (PAYEE.has(code)) return 'payee';
  return 'unknown';
}

export interface ReturnCodeExplanation {
  code: string;
  bank_code: string | null;
  bank_name: string | null;
  /** The code's meaning at that bank (FEBRABAN's where the bank has none of its own); null when no table has it. */
  meaning: string | null;
  /** Whose table the meaning comes from. */
  source: 'bank' | 'febraban' | 'none';
  /** FEBRABAN's meaning, where the bank's own differs from it. */
  febraban_meaning: string | null;
  class: OccurrenceClass;
  /** For a refusal: whose data to correct. */
  concern: RefusalConcern | null;
  next: Text;
}

const NEXT: Readonly<Record<OccurrenceClass, Text>> = {
  paid: {
    en: 'nothing to do: the payment was made; it shows in the statement',
    pt: 'nada a fazer: o pagamento foi feito; ele aparece no extrato',
  },
  scheduled: {
    en: 'nothing to do yet: the bank pays it on its date, and a later return says paid or refused',
    pt: 'nada a fazer ainda: o banco paga na data, e um retorno seguinte diz se pagou ou recusou',
  },
  'rejected-to-correct': {
    en: 'correct what the code names, then mark the payable again for the next remittance (condo payables mark ID)',
    pt: 'corrija o que o código aponta e marque a conta de novo para a próxima remessa (condo payables mark ID)',
  },
  'settled-do-not-pay-again': {
    en: 'do not pay it again: the bank says the bill is already settled; check the statement: paid there, delete the payable; not there, ask the bank before paying',
    pt: 'não pague de novo: o banco diz que a conta já foi liquidada; confira o extrato: paga lá, exclua a conta a pagar; não está lá, pergunte ao banco antes de pagar',
  },
  'check-the-statement': {
    en: 'no later return will say how it ended: check the statement before paying it again',
    pt: 'nenhum retorno seguinte dirá como terminou: confira o extrato antes de pagar de novo',
  },
  info: {
    en: 'a remark: it decides nothing by itself; read the other codes of the line',
    pt: 'um aviso: sozinho não decide nada; leia os outros códigos da linha',
  },
};

const CONCERN_NEXT: Readonly<Record<Exclude<RefusalConcern, 'unknown'>, Text>> = {
  'paying-account': {
    en: "the condominium's paying account: fund it or settle it with the bank, then mark the payable again",
    pt: 'a conta pagadora do condomínio: deposite ou resolva com o banco e então marque a conta de novo',
  },
  barcode: {
    en: "the boleto's barcode or its values: correct the linha digitável (condo payables update ID --document), then mark it again",
    pt: 'o código de barras do boleto ou seus valores: corrija a linha digitável (condo payables update ID --document) e marque de novo',
  },
  payee: {
    en: "the payee's account, document or PIX key: correct the supplier (condo suppliers update), then mark the payable again",
    pt: 'a conta, o documento ou a chave PIX do favorecido: corrija o fornecedor (condo suppliers update) e marque a conta de novo',
  },
};

/** A two-character return code as the bank wrote it, or null when it is not one. */
export function returnCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[0-9A-Z]{2}$/.test(code) ? code : null;
}

export function explainReturnCode(code: string, bankCode?: string | null): ReturnCodeExplanation {
  const bank = bankCode ?? undefined;
  const own = bank === undefined ? undefined : BANK_PAYMENT_OCCURRENCES[bank]?.[code];
  const febraban = FEBRABAN_PAYMENT_OCCURRENCES[code] ?? null;
  const meaning = own?.message ?? febraban;
  const cls = occurrenceClass(code, bank);
  const concern = cls === 'rejected-to-correct' ? refusalConcern(code) : null;
  return {
    code,
    bank_code: bank ?? null,
    bank_name: bank === undefined ? null : (BANK_NAMES[bank] ?? null),
    meaning,
    source: own ? 'bank' : febraban ? 'febraban' : 'none',
    febraban_meaning: own && febraban !== null && febraban !== own.message ? febraban : null,
    class: cls,
    concern,
    next: own?.next ?? (concern && concern !== 'unknown' ? CONCERN_NEXT[concern] : NEXT[cls]),
  };
}
