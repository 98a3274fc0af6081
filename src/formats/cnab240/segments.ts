// The detail records of a CNAB 240 file, one reader per segment: a main segment (A, J, O, N of a payment; P, T of
// a collection) starts an item, and the companions that follow it (B, J-52, Q, U, Z) add to that item. Each
// reader gets the record and what it needs of the file around it (the dialect, the bank, the lote's forma) and
// reports what its checks find; the reader (reader.ts) keeps the file's state and decides which runs.

import { isValidCnpjDigitsAt } from '../../domain/documents.js';
import {
  barcodeCheck,
  camaraProblems,
  ddaBarcodeProblems,
  documentProblem,
  type Problem,
  titleValueProblem,
} from './checks.js';
import {
  classifyOccurrences,
  decodePaymentOccurrences,
  type PaymentOutcome,
  type ReturnOccurrence,
} from './codes.js';
import type { CollectionSettlement, MovementKind } from './collection.js';
import { readSegmentP, readSegmentT, readSegmentU } from './collection-segments.js';
import { type Dialect, ITAU_SISPAG, type TributeKind, tributeOfRecord } from './dialects.js';
import { allDigits, cents, cnabDateAt, cpfCnpjOfType, fromCnabDate, intAt, trimOrNull } from './fields.js';

export { cpfCnpjOfType };

import {
  cut,
  DDA_CHARGES,
  type DdaChargeFields,
  DETAIL,
  fieldNamed,
  fieldsOf,
  type Layout,
  read,
  readItauPayeeAgencyAccount,
  SEGMENT_B_PIX,
  SEGMENT_G,
  SEGMENT_H,
  SEGMENT_J52,
  SEGMENT_O,
  SEGMENT_O_ITAU,
  SEGMENT_Q,
  SEGMENT_Y03,
  SEGMENT_Y51,
  SEGMENT_Z,
  type Span,
  spanOf,
  spansFor,
  spansOf,
  Y51_INVOICE_FIELDS,
} from './layouts.js';

export interface CnabItem {
  line: number;
  batch: number;
  segment: string;
  forma: string | null;
  seu_numero: string | null;
  nosso_numero: string | null;
  payee_name: string | null;
  payee_document: string | null;
  /**
   * `agency` and `account` as the file holds them, digits run together; `number` and `digit` apart where the
   * layout has fields for them (FEBRABAN's), so a person reads 9384756-1 (#53)
   */
  payee_bank: {
    bank_code: string;
    agency: string;
    account: string;
    agency_parts?: { number: string; digit: string };
    account_parts?: { number: string; digit: string };
  } | null;
  /** Segment A's câmara centralizadora (P001): 018 TED, 700 DOC, 009 PIX, 000 at the paying bank; null elsewhere. */
  camara: string | null;
  pix_key: string | null;
  /** How segment B says the key was given (15-17): phone, email, document (CPF/CNPJ) or random. */
  pix_key_type: 'phone' | 'email' | 'document' | 'random' | null;
  payer_name: string | null;
  payer_document: string | null;
  barcode: string | null;
  amount_cents: number | null;
  face_value_cents: number | null;
  paid_amount_cents: number | null;
  date: string | null;
  due_date: string | null;
  paid_date: string | null;
  occurrences: ReturnOccurrence[];
  /** What the occurrences mean for the item; null when it has none (as in a remessa). */
  status: PaymentOutcome | null;
  authentication: string | null;
  /** A tax guide paid by its data (segment N): which tribute, its revenue code, contributor and period. */
  tribute: CnabTribute | null;
  /**
   * A boleto a DDA file lists (segment G and its H and Y): what it charges besides its amount. Only on a DDA
   * file's items; its beneficiary is `payee_*`, its title `amount_cents`, `due_date` and `barcode`.
   */
  dda?: CnabDdaBoleto;
  /**
   * A collection return's title (segments T and U, #71): its movement (T 16-17) and what it means, the day a
   * liquidation was credited (U 146-153), and U's amounts. Only a liquidation has `paid_date` and `credit_date`;
   * only a liquidation is `status: "paid"`, a refusal `"rejected"`, any other movement none.
   */
  movement?: string | null;
  movement_kind?: MovementKind | null;
  credit_date?: string | null;
  settlement?: CollectionSettlement;
}

/** A discount or fine of a DDA boleto: its code (1 an amount, 2 a percentage, ...), date and value (cents). */
export interface CnabDdaCharge {
  code: string;
  date: string | null;
  value_cents: number | null;
}

export interface CnabDdaBoleto {
  /** The movement code (16-17): 01 a new title, 02 a change, ... as the bank numbers them. */
  movement: string | null;
  /** The beneficiary's own number for the title (número do documento). */
  document_number: string | null;
  issue_date: string | null;
  /** The last day the boleto may be paid. */
  payment_deadline: string | null;
  interest_per_day_cents: number | null;
  /** Discounts 1 (G), 2 and 3 (H) that have a code. */
  discounts: CnabDdaCharge[];
  fine: CnabDdaCharge | null;
  rebate_cents: number | null;
  guarantor: { document: string | null; name: string | null } | null;
  /** Y-03: the payer the boleto is drawn on. */
  payer: { document: string | null; name: string | null } | null;
  /** Y-51: the invoices it charges. */
  invoices: Array<{ number: string; amount_cents: number | null; date: string | null }>;
}

export interface CnabTribute {
  /** darf, gps or fgts; null for a tribute this reader does not know by its code. */
  kind: TributeKind | null;
  /** The tribute's code as the record carries it (FEBRABAN 16 DARF, 17 GPS; Itaú 01 GPS, 02 DARF, 11 FGTS). */
  code: string;
  revenue_code: string | null;
  contributor_document: string | null;
  /** DARF: período de apuração, YYYY-MM-DD; GPS: competência, YYYY-MM. */
  period: string | null;
}

/** What a segment's reader needs of the file around the record. */
export interface SegmentContext {
  /** how the details are laid out (FEBRABAN's, Itaú's SISPAG, Caixa's SIACC...), as the header says */
  dialect: Dialect;
  /** the file's bank, as its first record says */
  bank: string | null;
  /** the lote's forma de lançamento */
  forma: string | null;
  /** what a check found on this record, said as warnings */
  report(...problems: Array<Problem | null>): void;
}

/** Reads a segment's record into the item it starts or adds to. */
type SegmentReader = (rec: string, item: CnabItem, ctx: SegmentContext) => void;

/** Segment A's fields every dialect has, and those of FEBRABAN's bank account and Itaú's (its payee's document). */
const A_FIELDS = spansFor([
  'payee_bank',
  'payee_name',
  'seu_numero',
  'payment_date',
  'amount',
  'nosso_numero',
  'paid_date',
  'paid_amount',
  'camara',
]);
const A_FEBRABAN_ACCOUNT = spansFor([
  'payee_agency',
  'payee_agency_digit',
  'payee_account',
  'payee_account_digit',
  'payee_agency_account_digit',
]);
const A_ITAU = spansFor(['payee_agency_account', 'payee_document']);

/** Crédito em conta, DOC, TED, PIX by bank data: the payee's bank, the amounts and dates. */
function segmentA(rec: string, item: CnabItem, ctx: SegmentContext): void {
  const itau = ctx.dialect === ITAU_SISPAG;
  const layout = ctx.dialect.segmentA;
  // the fields' spans, looked up once a layout (every segment A of a big file passes here, #73)
  const at = A_FIELDS(layout);
  // no object spread: every segment A passes here, and a spread costs what the rest of the line does
  if (itau) {
    const own = A_ITAU(layout);
    const account = readItauPayeeAgencyAccount(cut(rec, own.payee_agency_account));
    item.payee_bank = {
      bank_code: cut(rec, at.payee_bank),
      agency: account.agency,
      account: account.account,
      agency_parts: account.agency_parts,
      account_parts: account.account_parts,
    };
    item.payee_document = cpfCnpjOfType(null, cut(rec, own.payee_document));
  } else {
    const bank = A_FEBRABAN_ACCOUNT(layout);
    const [agency, agencyDigit] = [cut(rec, bank.payee_agency), cut(rec, bank.payee_agency_digit)];
    const [account, accountDigit] = [cut(rec, bank.payee_account), cut(rec, bank.payee_account_digit)];
    const bothDigit = cut(rec, bank.payee_agency_account_digit);
    item.payee_bank = {
      bank_code: cut(rec, at.payee_bank),
      agency: `${agency}${agencyDigit}`.trim(),
      account: `${account}${accountDigit}${bothDigit}`.trim(),
      agency_parts: { number: agency, digit: agencyDigit.trim() },
      account_parts: { number: account, digit: `${accountDigit}${bothDigit}`.trim() },
    };
  }
  item.payee_name = trimmedAt(rec, at.payee_name);
  item.seu_numero = trimmedAt(rec, at.seu_numero);
  item.date = dateAt(rec, at.payment_date);
  item.amount_cents = centsAt(rec, at.amount);
  item.nosso_numero = trimmedAt(rec, at.nosso_numero);
  item.paid_date = dateAt(rec, at.paid_date);
  const paid = centsAt(rec, at.paid_amount);
  item.paid_amount_cents = paid ? paid : null;
  const camara = cut(rec, at.camara);
  item.camara = camara.trim() === '' ? null : camara;
  const problems = camaraProblems(ctx.forma, camara, item.payee_bank.bank_code, ctx.bank);
  if (problems.length > 0) ctx.report(...problems);
}

/** Títulos de cobrança, a boleto: its barcode, face value and what was paid. */
function segmentJ(rec: string, item: CnabItem, ctx: SegmentContext): void {
  const at = fieldsOf(ctx.dialect.segmentJ, rec);
  item.barcode = trimOrNull(at('barcode'));
  item.payee_name = trimOrNull(at('payee_name'));
  item.due_date = fromCnabDate(at('due_date'));
  item.face_value_cents = cents(at('face_value'));
  item.date = fromCnabDate(at('payment_date'));
  const paid = cents(at('amount'));
  item.amount_cents = paid ? paid : item.face_value_cents;
  item.seu_numero = trimOrNull(at('seu_numero'));
  item.nosso_numero = trimOrNull(at('nosso_numero'));
  ctx.report(barcodeCheck(item.barcode));
  ctx.report(titleValueProblem(item.face_value_cents, cents(at('discount')), cents(at('fine')), paid));
}

/** Contas e tributos com código de barras (Itaú's own layout when its currency field says so). */
function segmentO(rec: string, item: CnabItem, ctx: SegmentContext): void {
  const itauO = ctx.dialect === ITAU_SISPAG && /^(REA|BRL)$/.test(read(SEGMENT_O_ITAU, rec, 'currency'));
  const at = fieldsOf(itauO ? SEGMENT_O_ITAU : SEGMENT_O, rec);
  item.barcode = trimOrNull(at('barcode'));
  item.payee_name = trimOrNull(at('payee_name'));
  item.due_date = fromCnabDate(at('due_date'));
  item.amount_cents = cents(at('amount'));
  item.date = fromCnabDate(at('payment_date'));
  item.seu_numero = trimOrNull(at('seu_numero'));
  item.nosso_numero = trimOrNull(at('nosso_numero'));
  if (itauO) {
    const paid = cents(at('paid_amount'));
    item.paid_amount_cents = paid ? paid : null;
  } else ctx.report(barcodeCheck(item.barcode));
}

/**
 * Segment N: the common fields, and the tribute's own where its code names a layout of the file's dialect (an
 * Itaú file's N has its tribute code at 18-19, FEBRABAN's at 133-134).
 */
function segmentN(rec: string, item: CnabItem, ctx: SegmentContext): void {
  const { dialect } = ctx;
  const { code, kind, layout } = tributeOfRecord(dialect, rec);
  const at = fieldsOf(layout, rec);
  const has = (name: string) => fieldNamed(layout, name) !== undefined;
  item.seu_numero = trimOrNull(at('seu_numero'));
  item.nosso_numero = trimOrNull(at('nosso_numero'));
  if (has('contributor_name')) item.payer_name = trimOrNull(at('contributor_name'));
  if (has('payment_date')) item.date = fromCnabDate(at('payment_date'));
  if (has('amount')) item.amount_cents = cents(at('amount'));
  if (has('due_date')) item.due_date = fromCnabDate(at('due_date'));
  if (has('barcode')) item.barcode = trimOrNull(at('barcode'));
  const document = has('contributor_document') ? at('contributor_document') : '';
  // the dialect's tribute table as the inscrição table's 1 CPF, 2 CNPJ (a blank type reads as 0: neither)
  const type = has('contributor_document_type') ? Number(at('contributor_document_type')) : Number.NaN;
  const types = dialect.contributorTypes;
  item.payer_document = cpfCnpjOfType(
    type === Number(types.cpf) ? '1' : type === Number(types.cnpj) ? '2' : null,
    document,
  );
  const period = has('period') ? at('period').trim() : '';
  item.tribute = {
    kind,
    code,
    revenue_code: trimOrNull(at('revenue_code').replace(/^0+(?=\d{4}$)/, '')),
    contributor_document: item.payer_document,
    period: /^\d{6}$/.test(period)
      ? `${period.slice(2)}-${period.slice(0, 2)}`
      : /^\d{8}$/.test(period)
        ? fromCnabDate(period)
        : null,
  };
}

// A DDA file lists its boletos by the hundred thousand, three records each: their fields are cut at spans looked up
// once, here, not found by name on every record (a tenth of the read, profiled)
const G = spansOf(SEGMENT_G, [
  'movement',
  'barcode',
  'beneficiary_document_type',
  'beneficiary_document',
  'beneficiary_name',
  'due_date',
  'amount',
  'document_number',
  'issue_date',
  'interest_per_day',
  'payment_deadline',
]);
const H = spansOf(SEGMENT_H, [
  'guarantor_document_type',
  'guarantor_document',
  'guarantor_name',
  'rebate',
  'nosso_numero',
]);
const Y_KIND = spanOf(DETAIL, 'optional_record');
const Y03 = spansOf(SEGMENT_Y03, ['payer_document_type', 'payer_document', 'payer_name']);

/** A discount's or fine's three fields, where the segment that carries it has them. */
interface ChargeSpans {
  code: Span;
  date: Span;
  value: Span;
}
const chargeSpans = (l: Layout, fields: DdaChargeFields): ChargeSpans => ({
  code: spanOf(l, fields.code),
  date: spanOf(l, fields.date),
  value: spanOf(l, fields.value),
});
const DISCOUNT_1 = chargeSpans(SEGMENT_G, DDA_CHARGES.discount_1);
const DISCOUNT_2 = chargeSpans(SEGMENT_H, DDA_CHARGES.discount_2);
const DISCOUNT_3 = chargeSpans(SEGMENT_H, DDA_CHARGES.discount_3);
const FINE = chargeSpans(SEGMENT_H, DDA_CHARGES.fine);

/**
 * `cents(cut(rec, span))` read in place, for a field of at most 15 digits (every amount here): the usual one, all
 * digits, needs no slice; anything else is read as cut.
 */
const centsAt = (rec: string, span: Span): number | null => intAt(rec, span.start + 1, span.end);

/** `fromCnabDate(cut(rec, span))` read in place. */
const dateAt = (rec: string, span: Span): string | null => cnabDateAt(rec, span.start);

/**
 * `trimOrNull(cut(rec, span))` with one slice, not two: the blanks that pad a field are counted off in place (a
 * big file's names and numbers pass here by the hundred thousand, #73); a field that starts or ends with anything
 * but printable ASCII is trimmed as `trim()` does.
 */
function trimmedAt(rec: string, span: Span): string | null {
  let start = span.start;
  let end = Math.min(span.end, rec.length);
  while (start < end && rec.charCodeAt(start) === 32) start++;
  while (end > start && rec.charCodeAt(end - 1) === 32) end--;
  if (start === end) return null;
  const first = rec.charCodeAt(start);
  const last = rec.charCodeAt(end - 1);
  if (first <= 32 || first >= 127 || last <= 32 || last >= 127) return trimOrNull(rec.slice(start, end));
  return rec.slice(start, end);
}

/** A discount or fine as G and H write it: none when its code and value are blank or zero. */
function charge(rec: string, at: ChargeSpans): CnabDdaCharge | null {
  const code = cut(rec, at.code).trim();
  const value = centsAt(rec, at.value);
  if ((code === '' || code === '0') && !value) return null;
  return { code, date: dateAt(rec, at.date), value_cents: value };
}

/**
 * A DDA boleto (segment G): the beneficiary is the payee, the title's amount and due date are the item's; the
 * record is checked against its own barcode. Itaú leaves the nosso número out of H: its barcode's free field
 * carries it (carteira, then 8 digits).
 */
function segmentG(rec: string, item: CnabItem, ctx: SegmentContext): void {
  const barcode = trimmedAt(rec, G.barcode);
  item.barcode = barcode;
  item.payee_document = beneficiaryDocument(rec, ctx);
  item.payee_name = trimmedAt(rec, G.beneficiary_name);
  item.due_date = dateAt(rec, G.due_date);
  item.amount_cents = centsAt(rec, G.amount);
  item.face_value_cents = item.amount_cents;
  item.date = dateAt(rec, G.issue_date);
  if (barcode?.startsWith('341') && barcode.length === 44 && allDigits(barcode))
    item.nosso_numero = barcode.slice(22, 30);
  const discount = charge(rec, DISCOUNT_1);
  item.dda = {
    movement: trimmedAt(rec, G.movement),
    document_number: trimmedAt(rec, G.document_number),
    issue_date: item.date,
    payment_deadline: dateAt(rec, G.payment_deadline),
    interest_per_day_cents: centsAt(rec, G.interest_per_day),
    discounts: discount ? [discount] : [],
    fine: null,
    rebate_cents: null,
    guarantor: null,
    payer: null,
    invoices: [],
  };
  const problems = ddaBarcodeProblems(barcode, item.due_date, item.amount_cents);
  if (problems.length > 0) ctx.report(...problems);
}

/**
 * Segment G's beneficiary, normalized (cpfCnpjOfType) and its check digits checked (documentProblem). The usual
 * one, a CNPJ of fifteen digits, is read in one pass where it lies; any other as those two read it.
 */
function beneficiaryDocument(rec: string, ctx: SegmentContext): string | null {
  const { start, end } = G.beneficiary_document;
  if (rec.charCodeAt(G.beneficiary_document_type.start) === CNPJ_TYPE && digitsAt(rec, start, end)) {
    if (isValidCnpjDigitsAt(rec, end - 14)) return rec.slice(end - 14, end);
  }
  const documentType = cut(rec, G.beneficiary_document_type);
  const document = cut(rec, G.beneficiary_document);
  ctx.report(documentProblem(documentType, document.trim(), 'beneficiary'));
  return cpfCnpjOfType(documentType, document);
}

const CNPJ_TYPE = 0x32; // '2'

/** Whether `rec` has digits from `start` to `end` (0-based, exclusive), not all of them zeros. */
function digitsAt(rec: string, start: number, end: number): boolean {
  let zeros = true;
  for (let i = start; i < end; i++) {
    const c = rec.charCodeAt(i);
    if (c !== 48) {
      if (!(c > 48 && c <= 57)) return false;
      zeros = false;
    }
  }
  return !zeros;
}

/** Segment H of a DDA boleto: the guarantor, discounts 2 and 3, the fine, the rebate and the bank's number. */
function segmentH(rec: string, item: CnabItem): void {
  const dda = item.dda;
  if (!dda) return;
  const name = trimmedAt(rec, H.guarantor_name);
  const document = cpfCnpjOfType(cut(rec, H.guarantor_document_type), cut(rec, H.guarantor_document));
  if (name || document) dda.guarantor = { document, name };
  const second = charge(rec, DISCOUNT_2);
  if (second) dda.discounts.push(second);
  const third = charge(rec, DISCOUNT_3);
  if (third) dda.discounts.push(third);
  dda.fine = charge(rec, FINE);
  dda.rebate_cents = centsAt(rec, H.rebate) || null;
  item.nosso_numero = trimmedAt(rec, H.nosso_numero) ?? item.nosso_numero;
}

/** Segment Y of a DDA boleto: 03 the payer, 51 the invoices; other optional records are counted only. */
function segmentY(rec: string, item: CnabItem): void {
  const dda = item.dda;
  if (!dda) return;
  const kind = cut(rec, Y_KIND);
  if (kind === '03') {
    dda.payer = {
      document: cpfCnpjOfType(cut(rec, Y03.payer_document_type), cut(rec, Y03.payer_document)),
      name: trimmedAt(rec, Y03.payer_name),
    };
  } else if (kind === '51') {
    const at = fieldsOf(SEGMENT_Y51, rec);
    for (const fields of Y51_INVOICE_FIELDS) {
      const number = trimOrNull(at(fields.number));
      if (number)
        dda.invoices.push({
          number,
          amount_cents: cents(at(fields.amount)),
          date: fromCnabDate(at(fields.date)),
        });
    }
  }
}

/** The segments that start an item of a payment lote, and of a collection lote. */
export const MAIN_PAYMENT_SEGMENTS: Readonly<Record<string, SegmentReader>> = {
  A: segmentA,
  J: segmentJ,
  N: segmentN,
  O: segmentO,
};
export const MAIN_COLLECTION_SEGMENTS: Readonly<Record<string, SegmentReader>> = {
  P: readSegmentP,
  T: (rec, item, ctx) => readSegmentT(rec, item, ctx.bank),
};
/** The segment that starts a boleto of a DDA lote; its H and Y are companions (COMPANION_READERS). */
export const MAIN_DDA_SEGMENTS: Readonly<Record<string, SegmentReader>> = { G: segmentG };

/** Segment B's forma de iniciação (15-17) of a PIX by key; 05 is by bank data. */
const PIX_KEY_TYPES: Record<string, CnabItem['pix_key_type']> = {
  '01': 'phone',
  '02': 'email',
  '03': 'document',
  '04': 'random',
};

/** Segment B's fields (every payment's second record), their spans looked up once. */
const B = spansOf(SEGMENT_B_PIX, ['payee_document_type', 'payee_document', 'pix_initiation', 'pix_key']);

/** What the companions that say something of their item add to it (the others are counted only). */
export const COMPANION_READERS: Readonly<Record<string, SegmentReader>> = {
  B(rec, item, ctx) {
    const type = cut(rec, B.payee_document_type);
    const doc = cut(rec, B.payee_document);
    item.payee_document ??= cpfCnpjOfType(type, doc);
    ctx.report(documentProblem(type, doc.trim(), 'payee'));
    const initiation = cut(rec, B.pix_initiation).trim();
    if ((ctx.forma === '45' || ctx.forma === '47') && /^0[1-5]$/.test(initiation)) {
      item.pix_key = trimmedAt(rec, B.pix_key);
      item.pix_key_type = PIX_KEY_TYPES[initiation] ?? null;
    }
  },
  J52(rec, item) {
    const at = fieldsOf(SEGMENT_J52, rec);
    item.payer_document = cpfCnpjOfType(at('payer_document_type'), at('payer_document'));
    item.payer_name = trimOrNull(at('payer_name'));
    item.payee_document = cpfCnpjOfType(at('payee_document_type'), at('payee_document'));
    item.payee_name ??= trimOrNull(at('payee_name'));
  },
  Q(rec, item) {
    const at = fieldsOf(SEGMENT_Q, rec);
    item.payer_document = cpfCnpjOfType(at('payer_document_type'), at('payer_document'));
    item.payer_name = trimOrNull(at('payer_name'));
  },
  U: readSegmentU,
  Z(rec, item) {
    item.authentication = trimOrNull(read(SEGMENT_Z, rec, 'authentication'));
  },
  // a DDA boleto's companions; an H or Y after another kind of item is counted only
  H: segmentH,
  Y: segmentY,
};

/** The item a main segment starts: its fields read, its occurrences decoded and what they mean for it. */
export function readMainItem(
  line: number,
  rec: string,
  segment: string,
  batch: { number: number; forma: string | null },
  ctx: SegmentContext,
): CnabItem {
  const item: CnabItem = {
    line,
    batch: batch.number,
    segment,
    forma: batch.forma,
    seu_numero: null,
    nosso_numero: null,
    payee_name: null,
    payee_document: null,
    payee_bank: null,
    camara: null,
    pix_key: null,
    pix_key_type: null,
    payer_name: null,
    payer_document: null,
    barcode: null,
    amount_cents: null,
    face_value_cents: null,
    paid_amount_cents: null,
    date: null,
    due_date: null,
    paid_date: null,
    occurrences: [],
    status: null,
    authentication: null,
    tribute: null,
  };
  const payment = MAIN_PAYMENT_SEGMENTS[segment];
  (payment ?? MAIN_COLLECTION_SEGMENTS[segment] ?? MAIN_DDA_SEGMENTS[segment])?.(rec, item, ctx);
  if (payment) {
    const codes = read(DETAIL, rec, 'occurrences');
    if (codes.trim() !== '') {
      const bank = ctx.bank ?? '';
      item.occurrences = decodePaymentOccurrences(codes, bank);
      item.status = classifyOccurrences(
        item.occurrences.map((o) => o.code),
        bank,
      );
    }
  }
  return item;
}
