/**
 * A DDA file as a bank writes it (layouts/dda.ts): the boletos registered against a company's CNPJ, in lotes of
 * segments G with their H and Y. condo reads these files; the sandbox writes them to play the bank, in the
 * bank's own variant (Itaú's lote header differs), and the tests read them back.
 */
import { toCnabDate } from './fields.js';
import {
  DDA_CHARGES,
  DDA_LOTE_HEADER,
  DDA_LOTE_HEADER_ITAU,
  type DdaChargeFields,
  FILE_HEADER,
  type Layout,
  SEGMENT_G,
  SEGMENT_H,
  SEGMENT_Y03,
  SEGMENT_Y51,
  writeRecord,
  Y51_INVOICE_FIELDS,
  Y51_INVOICES,
} from './layouts.js';
import { fileTrailer, loteTrailer } from './remittance-records.js';

export interface DdaCharge {
  /** 1 an amount (cents), 2 a percentage (value in hundredths of a percent), as FEBRABAN codes them. */
  code: string;
  date?: string | undefined;
  valueCents: number;
}

export interface DdaBoletoInput {
  /** The 44-digit barcode. */
  barcode: string;
  beneficiary: { document: string; name: string };
  dueDate: string;
  amountCents: number;
  documentNumber?: string | undefined;
  issueDate?: string | undefined;
  paymentDeadline?: string | undefined;
  interestPerDayCents?: number | undefined;
  discount?: DdaCharge | undefined;
  fine?: DdaCharge | undefined;
  rebateCents?: number | undefined;
  /** The bank's own number for the title (Bradesco writes it in H). */
  nossoNumero?: string | undefined;
  guarantor?: { document: string; name: string } | undefined;
  payer?: { document: string; name: string } | undefined;
  invoices?: ReadonlyArray<{ number: string; amountCents: number; date: string }> | undefined;
  /** 01 a new title (default), 02 a change... */
  movement?: string | undefined;
}

export interface DdaFileInput {
  bankCode: string;
  bankName: string;
  company: {
    name: string;
    document: string;
    agency: string;
    account: string;
    accountDigit?: string | undefined;
    convenio?: string | undefined;
  };
  /** YYYY-MM-DDTHH:MM:SS, the bank's clock. */
  generatedAt: string;
  fileSequence: number;
  boletos: Iterable<DdaBoletoInput>;
  /** The most detail records a lote holds: 99,999, what its five-digit sequence counts (a test asks for fewer). */
  maxLoteDetails?: number;
}

const docType = (document: string) => (document.length === 11 ? 1 : 2);
const dateOrZeros = (date: string | undefined) => (date ? toCnabDate(date) : '00000000');

/** A lote's details are numbered in five digits: a lote holds at most this many. */
const MAX_LOTE_DETAILS = 99_999;

/**
 * The file's lines, written as the boletos come (a day's DDA of a large condominium is held by no one); a boleto's
 * records stay in one lote, and a new lote opens before the sequence would pass 99,999.
 */
export function* ddaLines(input: DdaFileInput): Generator<string> {
  const bank = input.bankCode;
  const c = input.company;
  const [date = '', time = ''] = input.generatedAt.split('T');
  const company = {
    bank,
    company_document_type: docType(c.document),
    company_document: c.document,
    convenio: c.convenio ?? '',
    agency: c.agency,
    account: c.account,
    account_digit: c.accountDigit ?? '',
    company_name: c.name,
  };
  yield writeRecord(FILE_HEADER, {
    ...company,
    bank_name: input.bankName,
    direction: 2, // retorno: the bank's file
    date: toCnabDate(date),
    time: time.replaceAll(':', '').slice(0, 6),
    file_sequence: input.fileSequence,
    layout_version: 84,
  });
  const loteHeader = bank === '341' ? DDA_LOTE_HEADER_ITAU : DDA_LOTE_HEADER;
  const most = input.maxLoteDetails ?? MAX_LOTE_DETAILS;
  let lote = 1;
  let sequence = 0;
  let sum = 0;
  let fileRecords = 1; // the file header
  yield writeRecord(loteHeader, { ...company, lote });
  for (const b of input.boletos) {
    const records = boletoRecords(b);
    if (sequence > 0 && sequence + records.length > most) {
      // a lote's header and trailer count among its records
      yield loteTrailer(bank, lote, sequence + 2, sum);
      fileRecords += sequence + 2;
      lote++;
      sequence = 0;
      sum = 0;
      yield writeRecord(loteHeader, { ...company, lote });
    }
    for (const [layout, values] of records)
      yield writeRecord(layout, values, { bank, lote, sequence: ++sequence });
    sum += b.amountCents;
  }
  yield loteTrailer(bank, lote, sequence + 2, sum);
  fileRecords += sequence + 2;
  yield fileTrailer(bank, lote, fileRecords + 1);
}

type RecordValues = Record<string, string | number>;

/** A discount's or fine's fields; a charge not given is written as none (code 0, zeros). */
function chargeValues(fields: DdaChargeFields, given: DdaCharge | undefined): RecordValues {
  return {
    [fields.code]: given?.code ?? '0',
    [fields.date]: dateOrZeros(given?.date),
    [fields.value]: given?.valueCents ?? 0,
  };
}

/** A boleto's records: its G, then H when it has something to say, Y-03 for its payer, Y-51 for its invoices. */
function boletoRecords(b: DdaBoletoInput): [Layout, RecordValues][] {
  const movement = b.movement ?? '01';
  const out: [Layout, RecordValues][] = [
    [
      SEGMENT_G,
      {
        movement,
        barcode: b.barcode,
        beneficiary_document_type: docType(b.beneficiary.document),
        beneficiary_document: b.beneficiary.document,
        beneficiary_name: b.beneficiary.name,
        due_date: toCnabDate(b.dueDate),
        amount: b.amountCents,
        document_number: b.documentNumber ?? '',
        issue_date: dateOrZeros(b.issueDate),
        interest_per_day: b.interestPerDayCents ?? 0,
        ...chargeValues(DDA_CHARGES.discount_1, b.discount),
        payment_deadline: dateOrZeros(b.paymentDeadline ?? b.dueDate),
      },
    ],
  ];
  if (b.fine || b.rebateCents || b.nossoNumero || b.guarantor)
    out.push([
      SEGMENT_H,
      {
        movement,
        guarantor_document_type: b.guarantor ? docType(b.guarantor.document) : 0,
        guarantor_document: b.guarantor?.document ?? 0,
        guarantor_name: b.guarantor?.name ?? '',
        ...chargeValues(DDA_CHARGES.discount_2, undefined),
        ...chargeValues(DDA_CHARGES.discount_3, undefined),
        ...chargeValues(DDA_CHARGES.fine, b.fine),
        rebate: b.rebateCents ?? 0,
        nosso_numero: b.nossoNumero ?? '',
      },
    ]);
  if (b.payer)
    out.push([
      SEGMENT_Y03,
      {
        movement,
        payer_document_type: docType(b.payer.document),
        payer_document: b.payer.document,
        payer_name: b.payer.name,
      },
    ]);
  const invoices = b.invoices ?? [];
  for (let i = 0; i < invoices.length; i += Y51_INVOICES) {
    const values: RecordValues = { movement };
    invoices.slice(i, i + Y51_INVOICES).forEach((invoice, k) => {
      const fields = Y51_INVOICE_FIELDS[k] as (typeof Y51_INVOICE_FIELDS)[number];
      values[fields.number] = invoice.number;
      values[fields.amount] = invoice.amountCents;
      values[fields.date] = toCnabDate(invoice.date);
    });
    out.push([SEGMENT_Y51, values]);
  }
  return out;
}

/** A whole DDA file in memory, CRLF after every record, as banks write it. */
export function writeDdaFile(input: DdaFileInput): string {
  let out = '';
  for (const line of ddaLines(input)) out += `${line}\r\n`;
  return out;
}
