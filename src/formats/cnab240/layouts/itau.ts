/**
 * Itaú's SISPAG record layouts: complete records under FEBRABAN's field names, written and read, where Itaú moves
 * fields (febraban.ts has the rest).
 */
import { companyAddress, companyDocument, detailStart, fileHeaderStart, loteHeaderStart } from './parts.js';
import { f, type LayoutField, layout, readingLayout } from './record.js';

// ---- Itaú SISPAG ---------------------------------------------------------------------------------------
// "SISPAG — Layout de arquivos CNAB 240", Itaú Unibanco, manual v086 (file layout 080, lote layouts 040 for
// transfers and 030 for boletos and concessionárias). Checked against the records of a file Itaú accepted
// (corpus: wlrsilveira__cnab-sispag/pixcc.txt) and wlrsilveira/cnab-sispag@8305e47 (MIT), which follows v086.

/**
 * Itaú's segment A: a 3-digit movement type (15-17, no instruction), the payee's agência and conta in one
 * 20-position field (Nota 11: `0AAAA 000000CCCCCC D` at Itaú, `AAAAA CCCCCCCCCCCC D` elsewhere), the currency
 * as REA, ISPB at 105-112, a 15-position nosso número (135-149) and the payee's CPF/CNPJ at 204-217.
 */
export const SEGMENT_A_ITAU = layout('A (Itaú)', [
  ...detailStart('A'),
  f(15, 17, 'movement_type', 'num', 0),
  f(18, 20, 'camara', 'num'),
  f(21, 23, 'payee_bank', 'num'),
  f(24, 43, 'payee_agency_account', 'raw'),
  f(44, 73, 'payee_name', 'alpha'),
  f(74, 93, 'seu_numero', 'alpha'),
  f(94, 101, 'payment_date', 'num'),
  f(102, 104, 'currency', 'alpha', 'REA'),
  f(105, 112, 'ispb', 'zeros'),
  f(113, 114, 'transfer_id', 'blank'),
  f(115, 119, 'cnab_115', 'zeros'),
  f(120, 134, 'amount', 'num'),
  f(135, 149, 'nosso_numero', 'blank'),
  f(150, 154, 'cnab_150', 'blank'),
  f(155, 162, 'paid_date', 'zeros'),
  f(163, 177, 'paid_amount', 'zeros'),
  f(178, 197, 'history', 'blank'),
  f(198, 203, 'return_document', 'zeros'),
  f(204, 217, 'payee_document', 'num'),
  f(218, 219, 'doc_purpose', 'alpha'),
  f(220, 224, 'ted_purpose', 'alpha'),
  f(225, 229, 'cnab_225', 'blank'),
  f(230, 230, 'payee_notice', 'num', 0),
  f(231, 240, 'occurrences', 'blank'),
]);

/** Itaú's 20-position payee agência and conta (SISPAG Nota 11). */
export function itauPayeeAgencyAccount(bank: string, agency: string, account: string, digit: string): string {
  const dv = (digit || ' ').slice(0, 1);
  if (bank === '341' || bank === '409')
    return `0${agency.padStart(4, '0').slice(-4)} ${account.padStart(12, '0').slice(-12)} ${dv}`;
  return `${agency.padStart(5, '0').slice(-5)} ${account.padStart(12, '0').slice(-12)} ${dv}`;
}

/** Reads Itaú's 20-position agência/conta back into agência and conta with its digit. */
export function readItauPayeeAgencyAccount(text: string): {
  agency: string;
  account: string;
  agency_parts: { number: string; digit: string };
  account_parts: { number: string; digit: string };
} {
  return {
    agency: text.slice(0, 5).trim(),
    account: `${text.slice(6, 18)}${text.slice(19, 20)}`.trim(),
    // Itaú writes no agency digit; the account's digit after a blank
    agency_parts: { number: text.slice(0, 5), digit: '' },
    account_parts: { number: text.slice(6, 18), digit: text.slice(19, 20).trim() },
  };
}

/** Itaú's segment J: a 3-digit movement type, zeros at 168-182, its nosso número at 216-230, no currency. */
export const SEGMENT_J_ITAU = layout('J (Itaú)', [
  ...detailStart('J'),
  f(15, 17, 'movement_type', 'num', 0),
  f(18, 61, 'barcode', 'num'),
  f(62, 91, 'payee_name', 'alpha'),
  f(92, 99, 'due_date', 'num'),
  f(100, 114, 'face_value', 'num'),
  f(115, 129, 'discount', 'num'),
  f(130, 144, 'fine', 'num'),
  f(145, 152, 'payment_date', 'num'),
  f(153, 167, 'amount', 'num'),
  f(168, 182, 'currency_quantity', 'zeros'),
  f(183, 202, 'seu_numero', 'alpha'),
  f(203, 215, 'cnab_203', 'blank'),
  f(216, 230, 'nosso_numero', 'alpha'),
  f(231, 240, 'occurrences', 'blank'),
]);

/**
 * Itaú's segment O: the 48-digit linha (with its check digits), the currency as REA at 104-106, the amount at
 * 122-136 and the payment date after it, the seu número at 175-194, its nosso número at 216-230.
 */
export const SEGMENT_O_ITAU = layout('O (Itaú)', [
  ...detailStart('O'),
  f(15, 17, 'movement_type', 'num', 0),
  f(18, 65, 'barcode', 'num'),
  f(66, 95, 'payee_name', 'alpha'),
  f(96, 103, 'due_date', 'num'),
  f(104, 106, 'currency', 'alpha', 'REA'),
  f(107, 121, 'currency_quantity', 'zeros'),
  f(122, 136, 'amount', 'num'),
  f(137, 144, 'payment_date', 'num'),
  f(145, 159, 'paid_amount', 'zeros'),
  f(160, 162, 'cnab_160', 'blank'),
  f(163, 171, 'invoice_number', 'zeros'),
  f(172, 174, 'cnab_172', 'blank'),
  f(175, 194, 'seu_numero', 'alpha'),
  f(195, 215, 'cnab_195', 'blank'),
  f(216, 230, 'nosso_numero', 'alpha'),
  f(231, 240, 'occurrences', 'blank'),
]);

// Itaú's segment N (SISPAG v086, "Pagamento de tributos", Nota 19): a 178-position block of the tribute's own
// data at 18-195 opening with the tribute's code (01 GPS, 02 DARF, 11 FGTS), then the seu número at 196-215 and
// Itaú's nosso número at 216-230; values in 14 positions; the contributor's document type is 1 CPF, 2 CNPJ. FGTS
// guides go here with their 48-digit barcode, not in segment O. Read with wlrsilveira/cnab-sispag's
// Layout/SegmentN and EficazFramework.SPED's Itau Registro3N, which agree.

/** Itaú's segment N after the tribute's block: seu número, nosso número, occurrences. */
const itauTributeEnd = (): LayoutField[] => [
  f(196, 215, 'seu_numero', 'alpha'),
  f(216, 230, 'nosso_numero', 'alpha'),
  f(231, 240, 'occurrences', 'blank'),
];

/** Itaú's segment N before the tribute's own fields: movement type, the tribute's code and revenue code (15-23). */
const itauTributeStart = (): LayoutField[] => [
  ...detailStart('N'),
  f(15, 17, 'movement_type', 'num', 0),
  f(18, 19, 'tribute_code', 'num'),
  f(20, 23, 'revenue_code', 'num'),
];

/** Itaú's segment N read by what every tribute has: its code, seu número and nosso número. */
export const SEGMENT_N_ITAU = readingLayout('N (Itaú)', [...itauTributeStart(), ...itauTributeEnd()]);

/** Itaú's GPS (01): the contributor's identifier without a type, the collected total at 86-99. */
export const SEGMENT_N_ITAU_GPS = layout('N (Itaú, GPS)', [
  ...itauTributeStart(),
  f(24, 29, 'period', 'num'),
  f(30, 43, 'contributor_document', 'num'),
  f(44, 57, 'principal', 'num'),
  f(58, 71, 'other_entities', 'num'),
  f(72, 85, 'monetary_update', 'num'),
  f(86, 99, 'amount', 'num'),
  f(100, 107, 'payment_date', 'num'),
  f(108, 115, 'cnab_108', 'blank'),
  f(116, 165, 'company_use', 'blank'),
  f(166, 195, 'contributor_name', 'alpha'),
  ...itauTributeEnd(),
]);

/** Itaú's DARF (02): principal, fine, interest and their total at 106-119, due and payment dates. */
export const SEGMENT_N_ITAU_DARF = layout('N (Itaú, DARF)', [
  ...itauTributeStart(),
  f(24, 24, 'contributor_document_type', 'num'),
  f(25, 38, 'contributor_document', 'num'),
  f(39, 46, 'period', 'num'),
  f(47, 63, 'reference', 'num'),
  f(64, 77, 'principal', 'num'),
  f(78, 91, 'fine', 'num'),
  f(92, 105, 'interest', 'num'),
  f(106, 119, 'amount', 'num'),
  f(120, 127, 'due_date', 'num'),
  f(128, 135, 'payment_date', 'num'),
  f(136, 165, 'cnab_136', 'blank'),
  f(166, 195, 'contributor_name', 'alpha'),
  ...itauTributeEnd(),
]);

/** Itaú's FGTS (11): the guide's 48-digit barcode, its FGTS identifier and the connectivity seal. */
export const SEGMENT_N_ITAU_FGTS = layout('N (Itaú, FGTS)', [
  ...itauTributeStart(),
  f(24, 24, 'contributor_document_type', 'num'),
  f(25, 38, 'contributor_document', 'num'),
  f(39, 86, 'barcode', 'num'),
  f(87, 102, 'fgts_identifier', 'num'),
  f(103, 111, 'seal', 'zeros'),
  f(112, 113, 'seal_digit', 'zeros'),
  f(114, 143, 'contributor_name', 'alpha'),
  f(144, 151, 'payment_date', 'num'),
  f(152, 165, 'amount', 'num'),
  f(166, 195, 'cnab_166', 'blank'),
  ...itauTributeEnd(),
]);

/** Itaú's agência and conta: no agência digit (58 blank), the DAC at 72 (71 blank). */
const itauAccount = (): LayoutField[] => [
  f(53, 57, 'agency', 'num'),
  f(58, 58, 'agency_digit', 'blank'),
  f(59, 70, 'account', 'num'),
  f(71, 71, 'account_digit', 'blank'),
  f(72, 72, 'agency_account_digit', 'alpha'),
  f(73, 102, 'company_name', 'alpha'),
];

/** Itaú's file header: its layout version at 15-17, no convênio, no NSA (158-166 zeros), density zeros. */
export const FILE_HEADER_ITAU = layout('file header (Itaú)', [
  ...fileHeaderStart(),
  f(9, 14, 'cnab_9', 'blank'),
  f(15, 17, 'layout_version', 'num'),
  ...companyDocument(),
  f(33, 52, 'cnab_33', 'blank'),
  ...itauAccount(),
  f(103, 132, 'bank_name', 'alpha'),
  f(133, 142, 'cnab_133', 'blank'),
  f(143, 143, 'direction', 'num'),
  f(144, 151, 'date', 'num'),
  f(152, 157, 'time', 'num'),
  f(158, 166, 'cnab_158', 'zeros'),
  f(167, 171, 'density', 'zeros'),
  f(172, 240, 'cnab_172', 'blank'),
]);

/** Itaú's lote header: the DAC at 72, the lote's purpose and history (103-142), an 8-digit CEP at 213-220. */
export const LOTE_HEADER_ITAU = layout('lote header (Itaú)', [
  ...loteHeaderStart(),
  ...companyDocument(),
  f(33, 52, 'cnab_33', 'blank'),
  ...itauAccount(),
  f(103, 132, 'purpose', 'blank'),
  f(133, 142, 'history', 'blank'),
  ...companyAddress(),
  f(213, 220, 'zip', 'num'),
  f(221, 222, 'state', 'alpha'),
  f(223, 230, 'cnab_223', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);
