/**
 * DDA ("Débito Direto Autorizado"; Itaú's "Varredura de Sacado - Boleto Eletrônico"): a CNAB 240 return in which
 * the bank lists the boletos registered against the company's CNPJ. Its lotes are operation I, service 03, layout
 * 022; each boleto is a segment G (the title), an optional H (guarantor, more discounts, fine, rebate) and optional
 * Ys (Y03 the payer, Y51 invoices).
 *
 * Positions as Bradesco's sample file (s2way/cnab240-nodejs) and Itaú's records carry them, checked against ACBr's
 * reader (which reads discount 1 from 114 and never reads H: both not repeated here). The lote header differs by
 * bank: Bradesco keeps the payment header's 14-digit CNPJ at 19-32, Itaú writes 15 digits at 19-33 (the
 * collection header's shape), which moves what follows by one.
 */
import { companyAccount, detailStart, loteHeaderStart } from './parts.js';
import { f, type LayoutField, layout } from './record.js';

const ddaLoteStart = (): LayoutField[] =>
  loteHeaderStart().map((field) => {
    if (field.name === 'operation') return f(9, 9, 'operation', 'alpha', 'I');
    if (field.name === 'service') return f(10, 11, 'service', 'num', 3);
    if (field.name === 'forma') return f(12, 13, 'forma', 'blank');
    if (field.name === 'layout_version') return f(14, 16, 'layout_version', 'num', 22);
    return field;
  });

/** A DDA lote header, FEBRABAN's and Bradesco's: the company as the payment lote header names it (18-102). */
export const DDA_LOTE_HEADER = layout('DDA lote header', [
  ...ddaLoteStart(),
  ...companyAccount(),
  f(103, 240, 'cnab_103', 'blank'),
]);

/** Itaú's DDA lote header: a 15-digit CNPJ (19-33), then the account and name one position on. */
export const DDA_LOTE_HEADER_ITAU = layout('DDA lote header (Itaú)', [
  ...ddaLoteStart().map((field) => (field.name === 'forma' ? f(12, 13, 'forma', 'zeros') : field)),
  f(18, 18, 'company_document_type', 'num'),
  f(19, 33, 'company_document', 'num'),
  f(34, 53, 'convenio', 'alpha'),
  f(54, 58, 'agency', 'num'),
  f(59, 59, 'agency_digit', 'alpha'),
  f(60, 71, 'account', 'num'),
  f(72, 72, 'account_digit', 'alpha'),
  f(73, 73, 'agency_account_digit', 'alpha'),
  f(74, 103, 'company_name', 'alpha'),
  f(104, 240, 'cnab_104', 'blank'),
]);

/** What every DDA detail says after its segment: a blank and the movement code (15-17). */
const ddaDetailStart = (segment: string): LayoutField[] => [
  ...detailStart(segment),
  f(15, 15, 'cnab_15', 'blank'),
  f(16, 17, 'movement', 'num'),
];

/** A discount's or fine's three fields by their names, made once (the reader reads them on every boleto). */
export interface DdaChargeFields {
  code: string;
  date: string;
  value: string;
}
const chargeFields = (name: string): DdaChargeFields => ({
  code: `${name}_code`,
  date: `${name}_date`,
  value: `${name}_value`,
});
/** Discount 1 (segment G), discounts 2 and 3 and the fine (segment H). */
export const DDA_CHARGES = {
  discount_1: chargeFields('discount_1'),
  discount_2: chargeFields('discount_2'),
  discount_3: chargeFields('discount_3'),
  fine: chargeFields('fine'),
} as const;

/** A discount, a fine: its code (1 an amount, 2 a percentage...), its date and its value (2 decimals). */
const charge = (at: number, fields: DdaChargeFields): LayoutField[] => [
  f(at, at, fields.code, 'alpha'),
  f(at + 1, at + 8, fields.date, 'num'),
  f(at + 9, at + 23, fields.value, 'num'),
];

/** Segment G: the boleto, as its beneficiary registered it. */
export const SEGMENT_G = layout('G (DDA)', [
  ...ddaDetailStart('G'),
  f(18, 61, 'barcode', 'num'),
  f(62, 62, 'beneficiary_document_type', 'num'),
  f(63, 77, 'beneficiary_document', 'num'),
  f(78, 107, 'beneficiary_name', 'alpha'),
  f(108, 115, 'due_date', 'num'),
  f(116, 130, 'amount', 'num'),
  f(131, 145, 'currency_quantity', 'zeros'),
  f(146, 147, 'currency', 'num', 9),
  f(148, 162, 'document_number', 'alpha'),
  f(163, 167, 'collecting_agency', 'num'),
  f(168, 168, 'collecting_agency_digit', 'alpha'),
  f(169, 178, 'city', 'alpha'),
  f(179, 179, 'wallet', 'alpha'),
  f(180, 181, 'title_kind', 'num'),
  f(182, 189, 'issue_date', 'num'),
  f(190, 204, 'interest_per_day', 'num'),
  ...charge(205, DDA_CHARGES.discount_1),
  f(229, 229, 'protest_code', 'alpha'),
  f(230, 231, 'protest_days', 'num'),
  f(232, 239, 'payment_deadline', 'num'),
  f(240, 240, 'cnab_240', 'alpha'),
]);

/** Segment H: the guarantor (sacador avalista), discounts 2 and 3, the fine, the rebate, the bank's own number. */
export const SEGMENT_H = layout('H (DDA)', [
  ...ddaDetailStart('H'),
  f(18, 18, 'guarantor_document_type', 'num'),
  f(19, 33, 'guarantor_document', 'num'),
  f(34, 73, 'guarantor_name', 'alpha'),
  ...charge(74, DDA_CHARGES.discount_2),
  ...charge(98, DDA_CHARGES.discount_3),
  ...charge(122, DDA_CHARGES.fine),
  f(146, 160, 'rebate', 'num'),
  f(161, 180, 'nosso_numero', 'alpha'),
  f(181, 200, 'cnab_181', 'blank'),
  f(201, 240, 'message', 'alpha'),
]);

/** Segment Y, optional record 03: the payer (the company the boleto is drawn on). */
export const SEGMENT_Y03 = layout('Y-03 (DDA)', [
  ...ddaDetailStart('Y'),
  f(18, 19, 'optional_record', 'num', 3),
  f(20, 20, 'payer_document_type', 'num'),
  f(21, 35, 'payer_document', 'num'),
  f(36, 75, 'payer_name', 'alpha'),
  f(76, 115, 'address', 'alpha'),
  f(116, 130, 'district', 'alpha'),
  f(131, 135, 'zip', 'num'),
  f(136, 138, 'zip_suffix', 'alpha'),
  f(139, 153, 'city', 'alpha'),
  f(154, 155, 'state', 'alpha'),
  f(156, 240, 'cnab_156', 'blank'),
]);

/** How many invoices a Y-51 names, each as number (15), amount (15) and issue date (8). */
export const Y51_INVOICES = 5;

/** The Y-51 invoices' fields by their names, in order. */
export const Y51_INVOICE_FIELDS = Array.from({ length: Y51_INVOICES }, (_, i) => ({
  number: `invoice_${i + 1}_number`,
  amount: `invoice_${i + 1}_amount`,
  date: `invoice_${i + 1}_date`,
}));

/** Segment Y, optional record 51: the invoices (notas fiscais) the boleto charges. */
export const SEGMENT_Y51 = layout('Y-51 (DDA)', [
  ...ddaDetailStart('Y'),
  f(18, 19, 'optional_record', 'num', 51),
  ...Y51_INVOICE_FIELDS.flatMap((fields, i) => {
    const at = 20 + i * 38;
    return [
      f(at, at + 14, fields.number, 'alpha'),
      f(at + 15, at + 29, fields.amount, 'num'),
      f(at + 30, at + 37, fields.date, 'num'),
    ];
  }),
  f(210, 240, 'cnab_210', 'blank'),
]);
