/**
 * Parts of records FEBRABAN defines and every dialect's layouts reuse (febraban.ts, itau.ts, caixa.ts): the start
 * of a detail, a transfer's payee and value, the company's account and inscription, the headers' first fields.
 */
import { f, type LayoutField } from './record.js';

/** Positions 1-14 of every detail record: bank, lote, record type 3, sequence, segment. */
export const detailStart = (segment: string): LayoutField[] => [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num'),
  f(8, 8, 'record_type', 'num', 3),
  f(9, 13, 'sequence', 'num'),
  f(14, 14, 'segment', 'alpha', segment),
];

/** Segment A's movement, câmara and the payee's bank, agência, conta and name (15-73), FEBRABAN's and Caixa's. */
export function transferPayee(): LayoutField[] {
  return [
    f(15, 15, 'movement_type', 'num', 0),
    f(16, 17, 'instruction', 'num', 0),
    f(18, 20, 'camara', 'num'),
    f(21, 23, 'payee_bank', 'num'),
    f(24, 28, 'payee_agency', 'num'),
    f(29, 29, 'payee_agency_digit', 'alpha'),
    f(30, 41, 'payee_account', 'num'),
    f(42, 42, 'payee_account_digit', 'alpha'),
    f(43, 43, 'payee_agency_account_digit', 'blank'),
    f(44, 73, 'payee_name', 'alpha'),
  ];
}

/** Segment A's payment date, currency and amount (94-134), FEBRABAN's and Caixa's. */
export const transferValue = (): LayoutField[] => [
  f(94, 101, 'payment_date', 'num'),
  f(102, 104, 'currency', 'alpha', 'BRL'),
  f(105, 119, 'currency_quantity', 'zeros'),
  f(120, 134, 'amount', 'num'),
];

/** Segment A's real date and amount (the return's), information 2 and DOC purpose (155-219), FEBRABAN's and Caixa's. */
export const transferSettlement = (): LayoutField[] => [
  f(155, 162, 'paid_date', 'zeros'),
  f(163, 177, 'paid_amount', 'zeros'),
  f(178, 217, 'information_2', 'blank'),
  f(218, 219, 'doc_purpose', 'alpha'),
];

/** The paying company's account, as file and lote headers carry it (33-72). */
export const companyAccount = (): LayoutField[] => [
  ...companyDocument(),
  f(33, 52, 'convenio', 'alpha'),
  ...companyBankAccount(),
];

/** The paying company's inscription (18-32). */
export function companyDocument(): LayoutField[] {
  return [f(18, 18, 'company_document_type', 'num'), f(19, 32, 'company_document', 'num')];
}

/** The paying company's agência and conta with their digits, and its name (53-102). */
export function companyBankAccount(): LayoutField[] {
  return [
    f(53, 57, 'agency', 'num'),
    f(58, 58, 'agency_digit', 'alpha'),
    f(59, 70, 'account', 'num'),
    f(71, 71, 'account_digit', 'alpha'),
    f(72, 72, 'agency_account_digit', 'blank'),
    f(73, 102, 'company_name', 'alpha'),
  ];
}

/** The first positions of a file header: bank, lote 0000, record type 0 (1-8). */
export function fileHeaderStart(): LayoutField[] {
  return [f(1, 3, 'bank', 'num'), f(4, 7, 'lote', 'num', 0), f(8, 8, 'record_type', 'num', 0)];
}

/** FEBRABAN's file header from the bank's name to the company's reserve (103-211), Caixa's too. */
export function fileHeaderBody(): LayoutField[] {
  return [
    f(103, 132, 'bank_name', 'alpha'),
    f(133, 142, 'cnab_133', 'blank'),
    f(143, 143, 'direction', 'num'),
    f(144, 151, 'date', 'num'),
    f(152, 157, 'time', 'num'),
    f(158, 163, 'file_sequence', 'num'),
    f(164, 166, 'layout_version', 'num'),
    f(167, 171, 'density', 'num', 1600),
    f(172, 191, 'bank_reserved', 'blank'),
    f(192, 211, 'company_reserved', 'blank'),
  ];
}

/** Positions 1-17 of a lote header: bank, lote, type 1, operation, service, forma, layout version. */
export const loteHeaderStart = (): LayoutField[] => [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num'),
  f(8, 8, 'record_type', 'num', 1),
  f(9, 9, 'operation', 'alpha', 'C'),
  f(10, 11, 'service', 'num'),
  f(12, 13, 'forma', 'num'),
  f(14, 16, 'layout_version', 'num'),
  f(17, 17, 'cnab_17', 'blank'),
];

/** The paying company's address in a lote header (143-212); the CEP that follows differs by dialect. */
export const companyAddress = (): LayoutField[] => [
  f(143, 172, 'street', 'alpha'),
  f(173, 177, 'number', 'num'),
  f(178, 192, 'complement', 'alpha'),
  f(193, 212, 'city', 'alpha'),
];
