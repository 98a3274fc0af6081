/**
 * CNAB 240 record layouts as tables: every field of a record once, with FEBRABAN's 1-based inclusive positions
 * (Layout Padrão FEBRABAN 240 posições, v10.x, "Pagamento de Títulos de Cobrança / Pagamentos através de
 * Crédito em Conta, Cheque, OP, DOC, TED"), its name and its kind. The writer fills them, the reader extracts
 * from them and the return writer patches them, so a position is written in one place.
 *
 * A bank whose layout moves fields has layouts of its own under the same field names (Itaú's SISPAG, below:
 * complete records, written and read), or a `variant` naming the fields it moves, for reading only. Which bank
 * writes which is decided in dialects.ts.
 */
import { FormatError } from '../errors.js';
import { alpha, num, RECORD_LENGTH } from './fields.js';

/**
 * `num`: digits, zero-padded; `alpha`: folded upper-case text, space-padded; `raw`: verbatim text (a PIX key);
 * `blank` and `zeros`: fillers; a field with `value` always holds it.
 */
export type FieldKind = 'num' | 'alpha' | 'raw' | 'blank' | 'zeros';

export interface LayoutField {
  from: number;
  to: number;
  name: string;
  kind: FieldKind;
  value?: string | number;
}

export interface Layout {
  name: string;
  fields: readonly LayoutField[];
  byName: ReadonlyMap<string, LayoutField>;
}

/** A complete record layout: its fields must cover 1..240 in order, without gaps or overlaps. */
export function layout(name: string, fields: readonly LayoutField[]): Layout {
  let next = 1;
  for (const f of fields) {
    if (f.from !== next || f.to < f.from)
      throw new FormatError(
        `internal: layout ${name}: ${f.name} at ${f.from}-${f.to}, expected to start at ${next}`,
      );
    next = f.to + 1;
  }
  if (next !== RECORD_LENGTH + 1)
    throw new FormatError(`internal: layout ${name} ends at ${next - 1}, not 240`);
  return readingLayout(name, fields);
}

/**
 * The fields a reader takes from a record it never writes (collection segments, companions): named positions,
 * without the whole-record check of `layout`.
 */
export function readingLayout(name: string, fields: readonly LayoutField[]): Layout {
  return { name, fields, byName: new Map(fields.map((f) => [f.name, f])) };
}

/** A bank's reading of a layout: the named fields it moves or adds, the rest as the base has them. */
export function variant(base: Layout, name: string, moved: readonly LayoutField[]): Layout {
  const byName = new Map(base.byName);
  for (const f of moved) byName.set(f.name, f);
  return { name, fields: base.fields, byName };
}

const f = (from: number, to: number, name: string, kind: FieldKind, value?: string | number): LayoutField =>
  value === undefined ? { from, to, name, kind } : { from, to, name, kind, value };

/** Positions 1-14 of every detail record: bank, lote, record type 3, sequence, segment. */
const detailStart = (segment: string): LayoutField[] => [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num'),
  f(8, 8, 'record_type', 'num', 3),
  f(9, 13, 'sequence', 'num'),
  f(14, 14, 'segment', 'alpha', segment),
];

/** Segment A's movement, câmara and the payee's bank, agência, conta and name (15-73), FEBRABAN's and Caixa's. */
function transferPayee(): LayoutField[] {
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
const transferValue = (): LayoutField[] => [
  f(94, 101, 'payment_date', 'num'),
  f(102, 104, 'currency', 'alpha', 'BRL'),
  f(105, 119, 'currency_quantity', 'zeros'),
  f(120, 134, 'amount', 'num'),
];

/** Segment A's real date and amount (the return's), information 2 and DOC purpose (155-219), FEBRABAN's and Caixa's. */
const transferSettlement = (): LayoutField[] => [
  f(155, 162, 'paid_date', 'zeros'),
  f(163, 177, 'paid_amount', 'zeros'),
  f(178, 217, 'information_2', 'blank'),
  f(218, 219, 'doc_purpose', 'alpha'),
];

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
export function readItauPayeeAgencyAccount(text: string): { agency: string; account: string } {
  return { agency: text.slice(0, 5).trim(), account: `${text.slice(6, 18)}${text.slice(19, 20)}`.trim() };
}

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

/** The paying company's account, as file and lote headers carry it (33-72). */
const companyAccount = (): LayoutField[] => [
  ...companyDocument(),
  f(33, 52, 'convenio', 'alpha'),
  ...companyBankAccount(),
];

/** The paying company's inscription (18-32). */
function companyDocument(): LayoutField[] {
  return [f(18, 18, 'company_document_type', 'num'), f(19, 32, 'company_document', 'num')];
}

/** The paying company's agência and conta with their digits, and its name (53-102). */
function companyBankAccount(): LayoutField[] {
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
function fileHeaderStart(): LayoutField[] {
  return [f(1, 3, 'bank', 'num'), f(4, 7, 'lote', 'num', 0), f(8, 8, 'record_type', 'num', 0)];
}

/** FEBRABAN's file header from the bank's name to the company's reserve (103-211), Caixa's too. */
function fileHeaderBody(): LayoutField[] {
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

/** Header de arquivo (record type 0). */
export const FILE_HEADER = layout('file header', [
  ...fileHeaderStart(),
  f(9, 17, 'cnab_9', 'blank'),
  ...companyAccount(),
  ...fileHeaderBody(),
  f(212, 240, 'cnab_212', 'blank'),
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

/** Positions 1-17 of a lote header: bank, lote, type 1, operation, service, forma, layout version. */
const loteHeaderStart = (): LayoutField[] => [
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
const companyAddress = (): LayoutField[] => [
  f(143, 172, 'street', 'alpha'),
  f(173, 177, 'number', 'num'),
  f(178, 192, 'complement', 'alpha'),
  f(193, 212, 'city', 'alpha'),
];

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
  f(214, 223, 'reasons', 'alpha'),
]);

/** Cobrança, segment U (retorno): what was paid, and when. */
export const SEGMENT_U = readingLayout('U', [
  f(78, 92, 'paid_amount', 'num'),
  f(138, 145, 'paid_date', 'num'),
]);

/** Segment Z: the bank's authentication of a payment. */
export const SEGMENT_Z = readingLayout('Z', [f(15, 78, 'authentication', 'alpha')]);

function fieldOf(l: Layout, name: string): LayoutField {
  const at = l.byName.get(name);
  if (!at) throw new FormatError(`internal: layout ${l.name} has no field ${name}`);
  return at;
}

/** A named field of a record, as text (positions from the layout). */
export function read(l: Layout, rec: string, name: string): string {
  const at = fieldOf(l, name);
  return rec.slice(at.from - 1, at.to);
}

/** A record's fields by name: `const at = fieldsOf(SEGMENT_J, rec); at('barcode')`. */
export const fieldsOf =
  (l: Layout, rec: string) =>
  (name: string): string =>
    read(l, rec, name);

/** A record from its layout and the values of its fields; a value that does not fit names the field. */
export function writeRecord(
  l: Layout,
  values: Readonly<Record<string, string | number | null | undefined>>,
  /** Fields every record of a kind shares (a detail's bank, lote and sequence), kept apart from `values`:
   *  spreading them into each record's literal made writing a remittance three times slower. */
  common?: Readonly<Record<string, string | number>>,
): string {
  let out = '';
  for (const field of l.fields) {
    const width = field.to - field.from + 1;
    const given = field.value ?? values[field.name] ?? common?.[field.name];
    switch (field.kind) {
      case 'blank':
        out += ' '.repeat(width);
        break;
      case 'zeros':
        out += '0'.repeat(width);
        break;
      case 'num':
        out += num(given ?? 0, width, field.name);
        break;
      case 'alpha':
        out += alpha(given == null ? '' : String(given), width);
        break;
      case 'raw':
        out += String(given ?? '')
          .slice(0, width)
          .padEnd(width, ' ');
        break;
    }
  }
  return out;
}

/** The record with the named fields replaced; each value must fill its field exactly. */
export function patchRecord(l: Layout, rec: string, values: Readonly<Record<string, string>>): string {
  let out = rec;
  for (const [name, value] of Object.entries(values)) {
    const at = fieldOf(l, name);
    if (value.length !== at.to - at.from + 1)
      throw new FormatError(
        `internal: ${l.name}.${name} (${at.from}-${at.to}) got ${value.length} characters`,
      );
    out = out.slice(0, at.from - 1) + value + out.slice(at.to);
  }
  return out;
}
