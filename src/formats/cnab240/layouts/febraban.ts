/**
 * FEBRABAN's record layouts (Layout Padrão FEBRABAN 240 posições, v10.x, "Pagamento de Títulos de Cobrança /
 * Pagamentos através de Crédito em Conta, Cheque, OP, DOC, TED"): the ones most banks write and read, and the
 * parts other dialects share (itau.ts, caixa.ts). Which bank writes which is decided in ../dialects.ts.
 */
import {
  companyAccount,
  companyAddress,
  detailStart,
  fileHeaderBody,
  fileHeaderStart,
  loteHeaderStart,
  transferPayee,
  transferSettlement,
  transferValue,
} from './parts.js';
import { f, type LayoutField, layout, readingLayout, variant } from './record.js';

/** Crédito em conta, DOC, TED, PIX by bank data (segment A). */
export const SEGMENT_A = layout('A', [
  ...detailStart('A'),
  ...transferPayee(),
  f(74, 93, 'seu_numero', 'alpha'),
  ...transferValue(),
  f(135, 154, 'nosso_numero', 'blank'),
  ...transferSettlement(),
  f(220, 224, 'ted_purpose', 'alpha'),
  f(225, 226, 'complementary_purpose', 'alpha'),
  f(227, 229, 'cnab_227', 'blank'),
  f(230, 230, 'payee_notice', 'num', 0),
  f(231, 240, 'occurrences', 'blank'),
]);

/** Segment B of a PIX transfer (forma 45): how it is initiated, the payee's document and the key. */
export const SEGMENT_B_PIX = layout('B (PIX)', [
  ...detailStart('B'),
  f(15, 17, 'pix_initiation', 'alpha'),
  f(18, 18, 'payee_document_type', 'num'),
  f(19, 32, 'payee_document', 'num'),
  f(33, 67, 'txid', 'blank'),
  f(68, 127, 'message', 'alpha'),
  f(128, 226, 'pix_key', 'raw'), // verbatim: a key's case matters
  f(227, 232, 'siape', 'blank'),
  f(233, 240, 'ispb', 'blank'),
]);

/** Segment B of a transfer by bank data: the payee's document and address (the address left blank). */
export const SEGMENT_B = layout('B', [
  ...detailStart('B'),
  f(15, 17, 'pix_initiation', 'blank'),
  f(18, 18, 'payee_document_type', 'num'),
  f(19, 32, 'payee_document', 'num'),
  f(33, 62, 'street', 'blank'),
  f(63, 67, 'number', 'zeros'),
  f(68, 82, 'complement', 'blank'),
  f(83, 97, 'district', 'blank'),
  f(98, 117, 'city', 'blank'),
  f(118, 122, 'zip', 'zeros'),
  f(123, 125, 'zip_suffix', 'blank'),
  f(126, 127, 'state', 'blank'),
  f(128, 135, 'due_date', 'num'),
  f(136, 150, 'document_amount', 'num'),
  f(151, 165, 'rebate', 'zeros'),
  f(166, 180, 'discount', 'zeros'),
  f(181, 195, 'mora', 'zeros'),
  f(196, 210, 'fine', 'zeros'),
  f(211, 225, 'payee_document_code', 'blank'),
  f(226, 226, 'notice', 'num', 0),
  f(227, 232, 'siape', 'blank'),
  f(233, 240, 'ispb', 'blank'),
]);

/** Títulos de cobrança, a boleto (segment J). */
export const SEGMENT_J = layout('J', [
  ...detailStart('J'),
  f(15, 15, 'movement_type', 'num', 0),
  f(16, 17, 'instruction', 'num', 0),
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
  f(203, 222, 'nosso_numero', 'blank'),
  f(223, 224, 'currency', 'num', 9),
  f(225, 230, 'cnab_225', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);

/** Segment J-52: payer, beneficiary and drawer of the boleto. */
export const SEGMENT_J52 = layout('J52', [
  ...detailStart('J'),
  f(15, 15, 'cnab_15', 'blank'),
  f(16, 17, 'instruction', 'num', 0),
  f(18, 19, 'optional_record', 'num', 52),
  f(20, 20, 'payer_document_type', 'num'),
  f(21, 35, 'payer_document', 'num'),
  f(36, 75, 'payer_name', 'alpha'),
  f(76, 76, 'payee_document_type', 'num'),
  f(77, 91, 'payee_document', 'num'),
  f(92, 131, 'payee_name', 'alpha'),
  f(132, 132, 'drawer_document_type', 'num', 0),
  f(133, 147, 'drawer_document', 'zeros'),
  f(148, 187, 'drawer_name', 'blank'),
  f(188, 240, 'cnab_188', 'blank'),
]);

/** Contas e tributos com código de barras (segment O). */
export const SEGMENT_O = layout('O', [
  ...detailStart('O'),
  f(15, 15, 'movement_type', 'num', 0),
  f(16, 17, 'instruction', 'num', 0),
  f(18, 61, 'barcode', 'num'),
  f(62, 91, 'payee_name', 'alpha'),
  f(92, 99, 'due_date', 'num'),
  f(100, 107, 'payment_date', 'num'),
  f(108, 122, 'amount', 'num'),
  f(123, 142, 'seu_numero', 'alpha'),
  f(143, 162, 'nosso_numero', 'blank'),
  f(163, 230, 'cnab_163', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);

// ---- Tributos (segment N) ---------------------------------------------------------------------------------
// A tax guide paid by its data rather than a barcode (DARF, GPS). FEBRABAN's segment N (v10.11, "Pagamento de
// Tributos e Impostos sem código de barras") has the common fields first and the tribute's own in 111-230 (its
// Anexo C: N1 GPS, N2 DARF); the contributor's kind of document there is FEBRABAN's tribute table (1 CNPJ, 2 CPF),
// not the inscrição table of the other records (1 CPF, 2 CNPJ). Read with eduardordm/cnab240's segmentos/v86
// and EficazFramework.SPED's Febraban Registro3N, which agree.

/** Segment N's fields common to every tribute, FEBRABAN's (the tribute's own are 111-230). */
const tributeStart = (): LayoutField[] => [
  ...detailStart('N'),
  f(15, 15, 'movement_type', 'num', 0),
  f(16, 17, 'instruction', 'num', 0),
  f(18, 37, 'seu_numero', 'alpha'),
  f(38, 57, 'nosso_numero', 'alpha'),
  f(58, 87, 'contributor_name', 'alpha'),
  f(88, 95, 'payment_date', 'num'),
  f(96, 110, 'amount', 'num'),
];

/** The contributor as FEBRABAN's tribute data carries it (111-134), with the tribute's code at 133-134. */
const tributeContributor = (): LayoutField[] => [
  f(111, 116, 'revenue_code', 'num'),
  f(117, 118, 'contributor_document_type', 'num'),
  f(119, 132, 'contributor_document', 'num'),
  f(133, 134, 'tribute_code', 'num'),
];

/** Segment N, read by the common fields and the tribute's code whatever the tribute. */
export const SEGMENT_N = readingLayout('N', [
  ...tributeStart(),
  ...tributeContributor(),
  f(231, 240, 'occurrences', 'blank'),
]);

/** N1, GPS (forma 17): the competência as MMAAAA, the INSS value, other entities' and the monetary update. */
export const SEGMENT_N_GPS = layout('N (GPS)', [
  ...tributeStart(),
  ...tributeContributor(),
  f(135, 140, 'period', 'num'),
  f(141, 155, 'principal', 'num'),
  f(156, 170, 'other_entities', 'num'),
  f(171, 185, 'monetary_update', 'num'),
  f(186, 230, 'cnab_186', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);

/** N2, DARF (forma 16): the período de apuração, reference, principal, fine, interest and due date. */
export const SEGMENT_N_DARF = layout('N (DARF)', [
  ...tributeStart(),
  ...tributeContributor(),
  f(135, 142, 'period', 'num'),
  f(143, 159, 'reference', 'num'),
  f(160, 174, 'principal', 'num'),
  f(175, 189, 'fine', 'num'),
  f(190, 204, 'interest', 'num'),
  f(205, 212, 'due_date', 'num'),
  f(213, 230, 'cnab_213', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);

/** Header de arquivo (record type 0). */
export const FILE_HEADER = layout('file header', [
  ...fileHeaderStart(),
  f(9, 17, 'cnab_9', 'blank'),
  ...companyAccount(),
  ...fileHeaderBody(),
  f(212, 240, 'cnab_212', 'blank'),
]);

/** Header de lote of a payment lote (record type 1). */
export const LOTE_HEADER = layout('lote header', [
  ...loteHeaderStart(),
  ...companyAccount(),
  f(103, 142, 'message', 'blank'),
  ...companyAddress(),
  f(213, 217, 'zip', 'num'),
  f(218, 220, 'zip_suffix', 'alpha'),
  f(221, 222, 'state', 'alpha'),
  f(223, 224, 'payment_method', 'alpha'),
  f(225, 230, 'cnab_225', 'blank'),
  f(231, 240, 'occurrences', 'blank'),
]);

/** A collection lote header widens the company's inscription to 15 digits (19-33). */
export const LOTE_HEADER_COLLECTION = variant(LOTE_HEADER, 'lote header (cobrança)', [
  f(19, 33, 'company_document', 'num'),
]);

/** Trailer de lote (record type 5). */
export const LOTE_TRAILER = layout('lote trailer', [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num'),
  f(8, 8, 'record_type', 'num', 5),
  f(9, 17, 'cnab_9', 'blank'),
  f(18, 23, 'records', 'num'),
  f(24, 41, 'amount', 'num'),
  f(42, 59, 'currency_quantity', 'zeros'),
  f(60, 65, 'debit_notice', 'zeros'),
  f(66, 230, 'cnab_66', 'blank'),
  f(231, 240, 'occurrences', 'alpha'),
]);

/** Trailer de arquivo (record type 9). */
export const FILE_TRAILER = layout('file trailer', [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num', 9999),
  f(8, 8, 'record_type', 'num', 9),
  f(9, 17, 'cnab_9', 'blank'),
  f(18, 23, 'lotes', 'num'),
  f(24, 29, 'records', 'num'),
  f(30, 35, 'accounts_to_reconcile', 'zeros'),
  f(36, 240, 'cnab_36', 'blank'),
]);

/** What every detail record starts with (1-14), a J-52's mark (18-19) and a payment's occurrences (231-240). */
export const DETAIL = readingLayout('detail', [
  ...detailStart(''),
  f(18, 19, 'optional_record', 'num'),
  f(18, 61, 'barcode', 'num'),
  f(231, 240, 'occurrences', 'alpha'),
]);

/** Cobrança, segment P (remessa): the title. */
export const SEGMENT_P = readingLayout('P', [
  f(38, 57, 'nosso_numero', 'alpha'),
  f(63, 77, 'seu_numero', 'alpha'),
  f(78, 85, 'due_date', 'num'),
  f(86, 100, 'face_value', 'num'),
  f(110, 117, 'issue_date', 'num'),
]);

/** Cobrança, segment Q (remessa): the payer. */
export const SEGMENT_Q = readingLayout('Q', [
  f(18, 18, 'payer_document_type', 'num'),
  f(19, 33, 'payer_document', 'num'),
  f(34, 73, 'payer_name', 'alpha'),
]);

/** Cobrança, segment T (retorno): the title, the payer, the movement and its reasons. */
export const SEGMENT_T = readingLayout('T', [
  f(16, 17, 'movement', 'num'),
  f(38, 57, 'nosso_numero', 'alpha'),
  f(59, 73, 'seu_numero', 'alpha'),
  f(74, 81, 'due_date', 'num'),
  f(82, 96, 'face_value', 'num'),
  f(133, 133, 'payer_document_type', 'num'),
  f(134, 148, 'payer_document', 'num'),
  f(149, 188, 'payer_name', 'alpha'),
  f(199, 213, 'tariff', 'num'),
  f(214, 223, 'reasons', 'alpha'),
]);

/**
 * Cobrança, segment U (retorno): what a liquidation paid and credited, and when (FEBRABAN V08.6: juros/multa/
 * encargos 18-32, desconto 33-47, abatimento 48-62, IOF 63-77, valor pago 78-92, valor líquido 93-107, outras
 * despesas 108-122, outros créditos 123-137, data da ocorrência 138-145, data do crédito 146-153).
 */
export const SEGMENT_U = readingLayout('U', [
  f(18, 32, 'charges', 'num'),
  f(33, 47, 'discount', 'num'),
  f(48, 62, 'rebate', 'num'),
  f(63, 77, 'iof', 'num'),
  f(78, 92, 'paid_amount', 'num'),
  f(93, 107, 'net_credit', 'num'),
  f(108, 122, 'other_expenses', 'num'),
  f(123, 137, 'other_credits', 'num'),
  f(138, 145, 'paid_date', 'num'),
  f(146, 153, 'credit_date', 'num'),
]);

/** Segment Z: the bank's authentication of a payment. */
export const SEGMENT_Z = readingLayout('Z', [f(15, 78, 'authentication', 'alpha')]);
