/** Caixa's SIACC record layouts, where Caixa differs from FEBRABAN (febraban.ts has the rest). */
import {
  companyBankAccount,
  companyDocument,
  detailStart,
  fileHeaderBody,
  fileHeaderStart,
  transferPayee,
  transferSettlement,
  transferValue,
} from './parts.js';
import { f, layout } from './record.js';

// ---- Caixa, SIACC ---------------------------------------------------------------------------------------
// Caixa, "Leiaute de arquivo — Pagamento de salários, pagamento/crédito a fornecedor e autopagamento, padrão
// CNAB 240", v032 micro (Feb/2024): file layout 080. Read from RJ-SMTR/api-cct@37f66e5 (its licence not
// stated in what was read; layout facts only), which implements that version for Rio de Janeiro's payments
// through Caixa, and a Caixa file of another tool (corpus: marcodpt__cnab/caixa.txt) that agrees.

/**
 * Caixa's file header: where FEBRABAN has a 20-position convênio, the convênio of 6 digits (33-38), the
 * transmission parameter (39-40), the client's environment (41: P production, T test), Caixa's (42), the
 * application's origin (43-45) and version (46-49); a VAN field at 226-228.
 */
export const FILE_HEADER_CAIXA = layout('file header (Caixa)', [
  ...fileHeaderStart(),
  f(9, 17, 'cnab_9', 'blank'),
  ...companyDocument(),
  f(33, 38, 'convenio', 'num'),
  f(39, 40, 'transmission_parameter', 'zeros'),
  f(41, 41, 'client_environment', 'alpha', 'P'),
  f(42, 42, 'caixa_environment', 'blank'),
  f(43, 45, 'application_origin', 'blank'),
  f(46, 49, 'application_version', 'zeros'),
  f(50, 52, 'cnab_50', 'blank'),
  ...companyBankAccount(),
  ...fileHeaderBody(),
  f(212, 225, 'cnab_212', 'blank'),
  f(226, 228, 'van', 'zeros'),
  f(229, 240, 'cnab_229', 'blank'),
]);

/**
 * Caixa's segment A: the company's document number is 6 digits (74-79, then blanks to 92 and the kind of
 * account at 93), Caixa's own number 9 (135-143), then installment fields (147-154); no TED purpose (220-229 are
 * FEBRABAN's reserve).
 */
export const SEGMENT_A_CAIXA = layout('A (Caixa)', [
  ...detailStart('A'),
  ...transferPayee(),
  f(74, 79, 'seu_numero', 'num'),
  f(80, 92, 'cnab_80', 'blank'),
  f(93, 93, 'account_kind', 'blank'),
  ...transferValue(),
  f(135, 143, 'nosso_numero', 'blank'),
  f(144, 146, 'cnab_144', 'blank'),
  f(147, 148, 'installments', 'zeros'),
  f(149, 149, 'block', 'blank'),
  f(150, 150, 'installment_form', 'zeros'),
  f(151, 152, 'installment_day', 'blank'),
  f(153, 154, 'installment_number', 'zeros'),
  ...transferSettlement(),
  f(220, 229, 'cnab_220', 'blank'),
  f(230, 230, 'payee_notice', 'num', 0),
  f(231, 240, 'occurrences', 'blank'),
]);
