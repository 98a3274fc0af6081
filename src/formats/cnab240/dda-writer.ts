/**
 * A DDA file as a bank writes it (layouts/dda.ts): the boletos registered against a company's CNPJ, one lote of
 * segments G with their H and Y. condo reads these files; the sandbox writes them to play the bank, in the
 * bank's own variant (Itaú's lote header differs), and the tests read them back.
 */
import { toCnabDate } from './fields.js';
import {
  DDA_LOTE_HEADER,
  DDA_LOTE_HEADER_ITAU,
  FILE_HEADER,
  SEGMENT_G,
  SEGMENT_H,
  SEGMENT_Y03,
  SEGMENT_Y51,
  writeRecord,
  Y51_INVOICES,
} from './layouts.js';
import { fileTrailer, loteTrailer } from './writer.js';

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
}

const docType = (document: string) => (document.length === 11 ? 1 : 2);
const dateOrZeros = (date: string | undefined) => (date ? toCnabDate(date) : '00000000');

/** The file's lines, written as the boletos come (a day's DDA of a large condominium is held by no one). */
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
  yield writeRecord(bank === '341' ? DDA_LOTE_HEADER_ITAU : DDA_LOTE_HEADER, { ...company, lote: 1 });
  let records = 1; // the lote header
  let sum = 0;
  let sequence = 0;
  const detail = () => ({ bank, lote: 1, sequence: ++sequence });
  for (const b of input.boletos) {
    const movement = b.movement ?? '01';
    yield writeRecord(
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
        discount_1_code: b.discount?.code ?? '0',
        discount_1_date: dateOrZeros(b.discount?.date),
        discount_1_value: b.discount?.valueCents ?? 0,
        payment_deadline: dateOrZeros(b.paymentDeadline ?? b.dueDate),
      },
      detail(),
    );
    records++;
    sum += b.amountCents;
    if (b.fine || b.rebateCents || b.nossoNumero || b.guarantor) {
      yield writeRecord(
        SEGMENT_H,
        {
          movement,
          guarantor_document_type: b.guarantor ? docType(b.guarantor.document) : 0,
          guarantor_document: b.guarantor?.document ?? 0,
          guarantor_name: b.guarantor?.name ?? '',
          discount_2_code: '0',
          discount_2_date: '00000000',
          discount_3_code: '0',
          discount_3_date: '00000000',
          fine_code: b.fine?.code ?? '0',
          fine_date: dateOrZeros(b.fine?.date),
          fine_value: b.fine?.valueCents ?? 0,
          rebate: b.rebateCents ?? 0,
          nosso_numero: b.nossoNumero ?? '',
        },
        detail(),
      );
      records++;
    }
    if (b.payer) {
      yield writeRecord(
        SEGMENT_Y03,
        {
          movement,
          payer_document_type: docType(b.payer.document),
          payer_document: b.payer.document,
          payer_name: b.payer.name,
        },
        detail(),
      );
      records++;
    }
    const invoices = b.invoices ?? [];
    for (let i = 0; i < invoices.length; i += Y51_INVOICES) {
      const values: Record<string, string | number> = { movement };
      invoices.slice(i, i + Y51_INVOICES).forEach((invoice, k) => {
        values[`invoice_${k + 1}_number`] = invoice.number;
        values[`invoice_${k + 1}_amount`] = invoice.amountCents;
        values[`invoice_${k + 1}_date`] = toCnabDate(invoice.date);
      });
      yield writeRecord(SEGMENT_Y51, values, detail());
      records++;
    }
  }
  records++; // the lote trailer
  yield loteTrailer(bank, 1, records, sum);
  yield fileTrailer(bank, 1, records + 2);
}

/** A whole DDA file in memory, CRLF after every record, as banks write it. */
export function writeDdaFile(input: DdaFileInput): string {
  let out = '';
  for (const line of ddaLines(input)) out += `${line}\r\n`;
  return out;
}
