// The records of a payment remittance (writer.ts orders them): the file and lote headers, segments A+B for
// PIX/TED/DOC, J+J-52 for boletos, O for arrecadação barcodes, N for tax guides, and the trailers the DDA and
// return writers share.

import { barcodeToLinha } from '../../domain/boleto/index.js';
import { digitsOnly } from '../../domain/digits.js';
import type { PixKeyType } from '../../domain/pix-keys.js';
import { barcodeInfo, dueDateFromFactor } from './barcode.js';
import { CAMARA } from './codes.js';
import type { Dialect } from './dialects.js';
import { documentType, toCnabDate } from './fields.js';
import {
  FILE_TRAILER,
  itauPayeeAgencyAccount,
  LOTE_TRAILER,
  SEGMENT_B,
  SEGMENT_B_PIX,
  SEGMENT_J52,
  writeRecord,
} from './layouts.js';
import {
  type BoletoPayment,
  Cnab240InputError,
  type Ctx,
  type PixPayment,
  type PreparedPayment,
  principalOf,
  type TransferPayment,
  type TributePayment,
} from './remittance-input.js';

const PIX_INITIATION: Record<PixKeyType | 'bank', string> = {
  phone: '01',
  email: '02',
  cpf: '03',
  cnpj: '03',
  random: '04',
  bank: '05',
};

// ---- records ------------------------------------------------------------------------------------------

/** The convênio as the dialect's headers write it (Banco do Brasil's: 9 digits, then 0126); blank without one. */
function convenioText(dialect: Dialect, convenio: string | undefined): string {
  if (!convenio) return '';
  const rule = dialect.convenio;
  return rule?.suffix ? `${convenio.padStart(rule.digits, '0')}${rule.suffix}` : convenio;
}

/** The paying company as file and lote headers carry it. */
export function company(ctx: Ctx) {
  const c = ctx.company;
  return {
    bank: ctx.bankCode,
    company_document_type: documentType(ctx.companyDocument),
    company_document: ctx.companyDocument,
    convenio: convenioText(ctx.dialect, c.convenio),
    agency: c.agency,
    agency_digit: c.agencyDigit ?? '',
    account: c.account,
    account_digit: c.accountDigit ?? '',
    agency_account_digit: c.accountDigit ?? '', // Itaú's DAC (72); blank in FEBRABAN's layout
    company_name: c.name,
  };
}

export function fileHeader(ctx: Ctx): string {
  return writeRecord(ctx.dialect.fileHeader, {
    ...company(ctx),
    bank_name: ctx.company.bankName,
    direction: 1, // remessa
    date: ctx.date,
    time: ctx.time,
    file_sequence: ctx.fileSequence, // NSA (Itaú's header has none)
    layout_version: ctx.dialect.versions.file,
  });
}

export function loteHeader(ctx: Ctx, lote: number, forma: string, family: 'A' | 'J' | 'O' | 'N'): string {
  const addr = ctx.company.address ?? {};
  const zip = digitsOnly(addr.zip);
  const versions = ctx.dialect.versions;
  return writeRecord(ctx.dialect.loteHeader, {
    ...company(ctx),
    lote,
    service: family === 'O' || family === 'N' ? 22 : 20, // 20 pagamento a fornecedores, 22 contas e tributos
    forma,
    layout_version: family === 'A' ? versions.loteA : family === 'J' ? versions.loteJ : versions.loteO,
    street: addr.street,
    number: digitsOnly(addr.number).slice(0, 5),
    complement: addr.complement,
    city: addr.city,
    // FEBRABAN splits the CEP in 5 + 3; Itaú writes its 8 digits in one field
    zip: ctx.dialect.id === 'itau-sispag' ? zip.slice(0, 8) : zip.slice(0, 5),
    zip_suffix: zip.slice(5, 8),
    state: addr.state,
    payment_method: family === 'A' ? '01' : '', // forma de pagamento do serviço: débito em conta
  });
}

export function* detailLines(
  ctx: Ctx,
  lote: number,
  forma: string,
  item: PreparedPayment,
  nextSeq: () => number,
): Generator<string> {
  const p = item.payment;
  if (p.forma === 'tribute') {
    // an FGTS guide in a layout without its segment N travels as a utility bill, by its barcode
    if (p.tribute === 'fgts' && !ctx.dialect.tributes.fgts)
      yield segmentO(ctx, lote, nextSeq(), { ...p, forma: 'boleto', barcode: item.barcode! }, item.barcode!);
    else yield segmentN(ctx, lote, nextSeq(), p, item);
    return;
  }
  if (p.forma === 'boleto') {
    const barcode = item.barcode!;
    const info = barcodeInfo(barcode);
    if (info.kind === 'arrecadacao') {
      yield segmentO(ctx, lote, nextSeq(), p, barcode);
      return;
    }
    yield segmentJ(ctx, lote, nextSeq(), p, barcode, info.valueCents, info.dueFactor);
    yield segmentJ52(ctx, lote, nextSeq(), p, item.payeeDocument);
    return;
  }
  yield segmentA(ctx, lote, nextSeq(), forma, item);
  yield segmentB(ctx, lote, nextSeq(), item);
}

function segmentA(ctx: Ctx, lote: number, seq: number, forma: string, item: PreparedPayment): string {
  const p = item.payment as TransferPayment | PixPayment;
  const byKey = item.pixKey !== undefined;
  const bank = byKey ? undefined : p.bank;
  const camara = forma === '45' ? CAMARA.pix : forma === '03' ? CAMARA.doc : CAMARA.ted;
  const savings = bank?.accountType === 'savings';
  return writeRecord(
    ctx.dialect.segmentA,
    {
      camara,
      payee_bank: bank?.bankCode ?? 0,
      payee_agency: bank?.agency ?? 0,
      payee_agency_digit: bank?.agencyDigit ?? '',
      payee_account: bank?.account ?? 0,
      payee_account_digit: bank?.accountDigit ?? '',
      payee_agency_account: bank
        ? itauPayeeAgencyAccount(bank.bankCode.padStart(3, '0'), bank.agency, bank.account, bank.accountDigit)
        : '',
      payee_document: item.payeeDocument, // Itaú's segment A carries it (204-217); FEBRABAN's leaves it to B
      payee_name: p.payeeName,
      seu_numero: p.seuNumero,
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      doc_purpose: forma === '03' ? '01' : '', // crédito em conta
      ted_purpose: forma === '41' ? '00005' : '', // pagamento a fornecedores
      complementary_purpose: bank ? (savings ? 'PP' : 'CC') : '', // the kind of account
    },
    detail(ctx, lote, seq),
  );
}

/** Bank, lote and sequence: the start of every detail record (record type and segment are the layout's). */
export const detail = (ctx: Ctx, lote: number, sequence: number) => ({ bank: ctx.bankCode, lote, sequence });

function segmentB(ctx: Ctx, lote: number, seq: number, item: PreparedPayment): string {
  const p = item.payment as TransferPayment | PixPayment;
  const payeeDocumentType = documentType(item.payeeDocument);
  if (p.forma === 'pix') {
    return writeRecord(
      SEGMENT_B_PIX,
      {
        payee_document_type: payeeDocumentType,
        payee_document: item.payeeDocument,
        pix_initiation: item.pixKeyType ? PIX_INITIATION[item.pixKeyType] : PIX_INITIATION.bank,
        message: p.message ?? '', // informação entre usuários
        pix_key: item.pixKey ?? '',
      },
      detail(ctx, lote, seq),
    );
  }
  return writeRecord(
    SEGMENT_B,
    {
      payee_document_type: payeeDocumentType,
      payee_document: item.payeeDocument,
      due_date: ctx.paymentDate,
      document_amount: p.amountCents,
    },
    detail(ctx, lote, seq),
  );
}

function segmentJ(
  ctx: Ctx,
  lote: number,
  seq: number,
  p: BoletoPayment,
  barcode: string,
  barcodeValue: number,
  factor: number,
): string {
  const paymentIso = `${ctx.paymentDate.slice(4)}-${ctx.paymentDate.slice(2, 4)}-${ctx.paymentDate.slice(0, 2)}`;
  const due = p.dueDate ?? dueDateFromFactor(factor, paymentIso) ?? paymentIso;
  return writeRecord(
    ctx.dialect.segmentJ,
    {
      barcode,
      payee_name: p.payeeName,
      due_date: toCnabDate(due),
      face_value: p.faceValueCents ?? (barcodeValue > 0 ? barcodeValue : p.amountCents),
      discount: p.discountCents ?? 0, // desconto + abatimento
      fine: p.fineCents ?? 0, // mora + multa
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

function segmentJ52(ctx: Ctx, lote: number, seq: number, p: BoletoPayment, payeeDocument: string): string {
  return writeRecord(
    SEGMENT_J52,
    {
      payer_document_type: documentType(ctx.companyDocument),
      payer_document: ctx.companyDocument,
      payer_name: ctx.company.name,
      payee_document_type: documentType(payeeDocument),
      payee_document: payeeDocument,
      payee_name: p.payeeName,
    },
    detail(ctx, lote, seq),
  );
}

function segmentO(ctx: Ctx, lote: number, seq: number, p: BoletoPayment, barcode: string): string {
  const paymentIso = `${ctx.paymentDate.slice(4)}-${ctx.paymentDate.slice(2, 4)}-${ctx.paymentDate.slice(0, 2)}`;
  return writeRecord(
    ctx.dialect.segmentO,
    {
      barcode: ctx.dialect.arrecadacaoAsLinha ? barcodeToLinha(barcode) : barcode,
      payee_name: p.payeeName, // the concessionária
      due_date: toCnabDate(p.dueDate ?? paymentIso), // the payment date only when none is known
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

/** `YYYY-MM-DD` or `YYYY-MM` as segment N writes it: DDMMAAAA, or MMAAAA for a competência. */
function tributeDate(iso: string | undefined): string {
  if (!iso) return '';
  return iso.length === 7 ? `${iso.slice(5, 7)}${iso.slice(0, 4)}` : toCnabDate(iso);
}

function segmentN(ctx: Ctx, lote: number, seq: number, p: TributePayment, item: PreparedPayment): string {
  const tribute = ctx.dialect.tributes[p.tribute];
  if (!tribute) throw new Cnab240InputError(`payments[${item.index}].tribute`, `has no segment N here`);
  const contributor = item.contributorDocument ?? ctx.companyDocument;
  const types = ctx.dialect.contributorTypes;
  return writeRecord(
    tribute.layout,
    {
      tribute_code: tribute.code,
      revenue_code: p.revenueCode,
      contributor_document_type: contributor.length === 11 ? types.cpf : types.cnpj,
      contributor_document: contributor,
      contributor_name: p.contributorName ?? ctx.company.name,
      period: tributeDate(p.period),
      reference: p.reference ?? '',
      principal: principalOf(p),
      fine: p.fineCents ?? 0,
      interest: p.interestCents ?? 0,
      other_entities: p.otherEntitiesCents ?? 0,
      monetary_update: (p.fineCents ?? 0) + (p.interestCents ?? 0), // GPS: atualização monetária
      due_date: tributeDate(p.dueDate),
      barcode: item.barcode ? barcodeToLinha(item.barcode) : '', // Itaú's FGTS: the 48-digit linha
      fgts_identifier: p.fgtsIdentifier ?? '',
      payment_date: ctx.paymentDate,
      amount: p.amountCents,
      seu_numero: p.seuNumero,
    },
    detail(ctx, lote, seq),
  );
}

export function loteTrailer(
  bank: string,
  lote: number,
  records: number,
  sumCents: number,
  occurrences = '',
): string {
  return writeRecord(LOTE_TRAILER, { bank, lote, records, amount: sumCents, occurrences });
}

export function fileTrailer(bank: string, lotes: number, records: number): string {
  return writeRecord(FILE_TRAILER, { bank, lotes, records });
}
