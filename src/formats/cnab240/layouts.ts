/**
 * CNAB 240 record layouts as tables: every field of a record once, with FEBRABAN's 1-based inclusive positions
 * (Layout Padrão FEBRABAN 240 posições, v10.x, "Pagamento de Títulos de Cobrança / Pagamentos através de
 * Crédito em Conta, Cheque, OP, DOC, TED"), its name and its kind. The writer fills them, the reader extracts
 * from them and the return writer patches them, so a position is written in one place.
 *
 * A bank's variant is an override of the fields it moves, by name, for reading (`variant`): Itaú's SISPAG
 * puts the payee's CPF/CNPJ in segment A at 204-217, its own nosso número in J at 216-230, and writes segment O
 * with a 48-digit barcode (Itaú SISPAG manual, "Pagamento de contas de concessionárias e tributos com código de
 * barras", segmento O).
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

/** Crédito em conta, DOC, TED, PIX by bank data (segment A). */
export const SEGMENT_A = layout('A', [
  ...detailStart('A'),
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
  f(74, 93, 'seu_numero', 'alpha'),
  f(94, 101, 'payment_date', 'num'),
  f(102, 104, 'currency', 'alpha', 'BRL'),
  f(105, 119, 'currency_quantity', 'zeros'),
  f(120, 134, 'amount', 'num'),
  f(135, 154, 'nosso_numero', 'blank'),
  f(155, 162, 'paid_date', 'zeros'),
  f(163, 177, 'paid_amount', 'zeros'),
  f(178, 217, 'information_2', 'blank'),
  f(218, 219, 'doc_purpose', 'alpha'),
  f(220, 224, 'ted_purpose', 'alpha'),
  f(225, 226, 'complementary_purpose', 'alpha'),
  f(227, 229, 'cnab_227', 'blank'),
  f(230, 230, 'payee_notice', 'num', 0),
  f(231, 240, 'occurrences', 'blank'),
]);

/** Itaú SISPAG reads the payee's CPF/CNPJ at 204-217 of segment A. */
export const SEGMENT_A_ITAU = variant(SEGMENT_A, 'A (Itaú)', [f(204, 217, 'payee_document', 'num')]);

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

/** Itaú SISPAG writes its own nosso número at 216-230 of segment J. */
export const SEGMENT_J_ITAU = variant(SEGMENT_J, 'J (Itaú)', [f(216, 230, 'nosso_numero', 'alpha')]);

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
 * Itaú's segment O (its 48-digit linha, the currency at 104-106 says REA or BRL): read field by field; its
 * amounts and dates sit where the generic layout has others.
 */
export const SEGMENT_O_ITAU = variant(SEGMENT_O, 'O (Itaú)', [
  f(18, 65, 'barcode', 'num'),
  f(66, 95, 'payee_name', 'alpha'),
  f(96, 103, 'due_date', 'num'),
  f(104, 106, 'currency', 'alpha'),
  f(122, 136, 'amount', 'num'),
  f(137, 144, 'payment_date', 'num'),
  f(145, 159, 'paid_amount', 'num'),
  f(175, 194, 'seu_numero', 'alpha'),
  f(216, 230, 'nosso_numero', 'alpha'),
]);

/** Tributos sem código de barras (segment N), the fields common to every tribute. */
export const SEGMENT_N = layout('N', [
  ...detailStart('N'),
  f(15, 15, 'movement_type', 'num', 0),
  f(16, 17, 'instruction', 'num', 0),
  f(18, 37, 'seu_numero', 'alpha'),
  f(38, 57, 'nosso_numero', 'alpha'),
  f(58, 87, 'payee_name', 'alpha'),
  f(88, 95, 'payment_date', 'num'),
  f(96, 110, 'amount', 'num'),
  f(111, 230, 'tribute', 'alpha'),
  f(231, 240, 'occurrences', 'blank'),
]);

/** The paying company's account, as file and lote headers carry it (33-72). */
const companyAccount = (): LayoutField[] => [
  f(18, 18, 'company_document_type', 'num'),
  f(19, 32, 'company_document', 'num'),
  f(33, 52, 'convenio', 'alpha'),
  f(53, 57, 'agency', 'num'),
  f(58, 58, 'agency_digit', 'alpha'),
  f(59, 70, 'account', 'num'),
  f(71, 71, 'account_digit', 'alpha'),
  f(72, 72, 'agency_account_digit', 'blank'),
  f(73, 102, 'company_name', 'alpha'),
];

/** Header de arquivo (record type 0). */
export const FILE_HEADER = layout('file header', [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num', 0),
  f(8, 8, 'record_type', 'num', 0),
  f(9, 17, 'cnab_9', 'blank'),
  ...companyAccount(),
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
  f(212, 240, 'cnab_212', 'blank'),
]);

/** Itaú SISPAG's file header: its layout version at 15-17, and no NSA of FEBRABAN's kind. */
export const FILE_HEADER_ITAU = variant(FILE_HEADER, 'file header (Itaú)', [
  f(15, 17, 'layout_version', 'num'),
]);

/** Header de lote of a payment lote (record type 1). */
export const LOTE_HEADER = layout('lote header', [
  f(1, 3, 'bank', 'num'),
  f(4, 7, 'lote', 'num'),
  f(8, 8, 'record_type', 'num', 1),
  f(9, 9, 'operation', 'alpha', 'C'),
  f(10, 11, 'service', 'num'),
  f(12, 13, 'forma', 'num'),
  f(14, 16, 'layout_version', 'num'),
  f(17, 17, 'cnab_17', 'blank'),
  ...companyAccount(),
  f(103, 142, 'message', 'blank'),
  f(143, 172, 'street', 'alpha'),
  f(173, 177, 'number', 'num'),
  f(178, 192, 'complement', 'alpha'),
  f(193, 212, 'city', 'alpha'),
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
  f(214, 223, 'reasons', 'alpha'),
]);

/** Cobrança, segment U (retorno): what was paid, and when. */
export const SEGMENT_U = readingLayout('U', [
  f(78, 92, 'paid_amount', 'num'),
  f(138, 145, 'paid_date', 'num'),
]);

/** Segment Z: the bank's authentication of a payment. */
export const SEGMENT_Z = readingLayout('Z', [f(15, 78, 'authentication', 'alpha')]);

/** The payment detail layouts by segment, as a bank writes them. */
export function paymentLayout(segment: 'A' | 'J' | 'O' | 'N', bankCode: string | null): Layout;
export function paymentLayout(segment: string, bankCode: string | null): Layout | undefined;
export function paymentLayout(segment: string, bankCode: string | null): Layout | undefined {
  const itau = bankCode === '341';
  switch (segment) {
    case 'A':
      return itau ? SEGMENT_A_ITAU : SEGMENT_A;
    case 'J':
      return itau ? SEGMENT_J_ITAU : SEGMENT_J;
    case 'O':
      return SEGMENT_O;
    case 'N':
      return SEGMENT_N;
    default:
      return undefined;
  }
}

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
): string {
  let out = '';
  for (const field of l.fields) {
    const width = field.to - field.from + 1;
    const given = field.value ?? values[field.name];
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
