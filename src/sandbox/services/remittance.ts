import { digitsOnly } from '../../domain/digits.js';
import { payableTotalCents } from '../../domain/payables.js';
import type { PayableTribute } from '../../domain/tributes.js';
import type {
  Cnab240InputError,
  PayeeBankAccount,
  PayingCompany,
  RemittancePayment,
  TributePayment,
} from '../../formats/cnab240/index.js';
import type { Payable, Supplier, SupplierBank } from '../model.js';
import { domainRule } from './errors.js';

/** The total a payable's payment carries: amount + fine + interest - discount, in cents. */
export const payableTotal = (p: Payable): number => payableTotalCents(p);

/** `12345-6` -> account 12345, digit 6; `28410-X` -> digit X; without a dash the last character is the digit. */
export function splitAccount(text: string): { account: string; digit: string } {
  const clean = text.trim();
  const dash = clean.lastIndexOf('-');
  if (dash > 0) return { account: digitsOnly(clean.slice(0, dash)), digit: clean.slice(dash + 1) };
  return { account: clean.slice(0, -1), digit: clean.slice(-1) };
}

/** "Rua X, 450 - Bairro, Cidade - UF, 14021-620" into the lote header's address fields (best effort). */
export function addressOf(text: string): PayingCompany['address'] {
  const m = /^(.+?),\s*(\d+)\s*(?:-\s*[^,]*)?,\s*(.+?)\s*-\s*([A-Z]{2}),\s*(\d{5}-?\d{3})\s*$/.exec(text);
  if (!m) return undefined;
  return { street: m[1], number: m[2], city: m[3], state: m[4], zip: m[5] };
}

function payeeBank(bank: SupplierBank): PayeeBankAccount {
  const agency = splitAccount(bank.agency.includes('-') ? bank.agency : `${bank.agency}-`);
  const { account, digit } = splitAccount(bank.account);
  return {
    bankCode: bank.code,
    agency: agency.account,
    ...(agency.digit ? { agencyDigit: agency.digit } : {}),
    account,
    accountDigit: digit,
    accountType: bank.account_type,
  };
}

/** One payable as a payment of the remittance, under the seu número the return will quote. */
export function remittancePaymentOf(
  p: Payable,
  supplier: Supplier | undefined,
  seuNumero: string,
): RemittancePayment {
  const base = {
    seuNumero,
    amountCents: payableTotal(p),
    payeeName: p.payee_name ?? supplier?.name ?? '',
    payeeDocument: supplier?.document ?? '',
  };
  if (p.tribute) return tributeOf(p, p.tribute, base);
  switch (p.forma_pagamento) {
    case 'pix':
      if (supplier?.pix_key) {
        return {
          ...base,
          forma: 'pix',
          pixKey: supplier.pix_key,
          ...(supplier.pix_key_type ? { pixKeyType: supplier.pix_key_type } : {}),
          message: p.description.slice(0, 60),
        };
      }
      return {
        ...base,
        forma: 'pix',
        ...(supplier?.bank ? { bank: payeeBank(supplier.bank) } : {}),
        message: p.description.slice(0, 60),
      };
    case 'boleto':
      return {
        ...base,
        forma: 'boleto',
        barcode: p.document_number ?? '',
        // An arrecadação slip (8…) has no due-date factor: its segment O carries the payable's due date. A boleto
        // de cobrança's segment J reads its own from the barcode.
        ...(digitsOnly(p.document_number).startsWith('8') ? { dueDate: p.due_date } : {}),
        ...(p.discount_amount ? { discountCents: p.discount_amount } : {}),
        ...((p.fine_amount ?? 0) + (p.interest_amount ?? 0) > 0
          ? { fineCents: (p.fine_amount ?? 0) + (p.interest_amount ?? 0) }
          : {}),
      };
    default:
      return {
        ...base,
        forma: p.forma_pagamento as 'ted' | 'doc',
        bank: supplier?.bank
          ? payeeBank(supplier.bank)
          : (undefined as unknown as PayeeBankAccount) /* the writer names the missing bank */,
      };
  }
}

/**
 * A tax guide as the writer takes it: the payable's amount is the principal, its fine and interest apart (the
 * writer's amount is the total); the contributor is the condominium unless the guide names another.
 */
function tributeOf(
  p: Payable,
  t: PayableTribute,
  base: { seuNumero: string; amountCents: number; payeeName: string },
): TributePayment {
  return {
    ...base,
    forma: 'tribute',
    tribute: t.kind,
    revenueCode: t.revenue_code,
    ...(t.contributor_document ? { contributorDocument: t.contributor_document } : {}),
    ...(t.period ? { period: t.period } : {}),
    ...(t.reference ? { reference: t.reference } : {}),
    dueDate: p.due_date,
    ...(p.fine_amount ? { fineCents: p.fine_amount } : {}),
    ...(p.interest_amount ? { interestCents: p.interest_amount } : {}),
    ...(t.other_entities_amount ? { otherEntitiesCents: t.other_entities_amount } : {}),
    ...(p.document_number ? { barcode: p.document_number } : {}),
    ...(t.fgts_identifier ? { fgtsIdentifier: t.fgts_identifier } : {}),
  };
}

/** The writer's field (`payments[2].bank.account`) as the payable's own field. */
const FIELD_NAMES: [RegExp, string][] = [
  [/^seuNumero/, 'public_id'],
  [/^amountCents/, 'amount'],
  [/^payeeName/, 'payee_name'],
  [/^payeeDocument/, 'supplier.document'],
  [/^bank\.bankCode/, 'supplier.bank.code'],
  [/^bank\.agency/, 'supplier.bank.agency'],
  [/^bank\.account/, 'supplier.bank.account'],
  [/^bank/, 'supplier.bank'],
  [/^pixKeyType/, 'supplier.pix_key_type'],
  [/^pixKey/, 'supplier.pix_key'],
  [/^barcode/, 'document_number'],
  [/^tribute/, 'tribute.kind'],
  [/^revenueCode/, 'tribute.revenue_code'],
  [/^contributorDocument/, 'tribute.contributor_document'],
  [/^period/, 'tribute.period'],
  [/^reference/, 'tribute.reference'],
  [/^otherEntitiesCents/, 'tribute.other_entities_amount'],
  [/^fgtsIdentifier/, 'tribute.fgts_identifier'],
  [/^interestCents/, 'interest_amount'],
  [/^message/, 'description'],
  [/^dueDate/, 'due_date'],
  [/^discountCents/, 'discount_amount'],
  [/^fineCents/, 'fine_amount'],
  [/^faceValueCents/, 'amount'],
  [/^forma/, 'forma_pagamento'],
];

export function notRemittable(err: Cnab240InputError, payableId: string | undefined): Error {
  const m = /^payments\[(\d+)\]\.?(.*)$/.exec(err.field);
  const detail = err.message.slice(err.field.length + 2);
  if (!m) {
    // the paying company or the file itself: the condominium's or its payment account's data
    return domainRule('not_remittable', `the remittance cannot be written: ${err.message}`, {
      [err.field]: [detail],
    });
  }
  const inner = m[2] ?? '';
  const field = FIELD_NAMES.find(([re]) => re.test(inner))?.[1] ?? (inner || 'payable');
  const id = payableId ?? `#${m[1]}`;
  return domainRule(
    'not_remittable',
    `payable ${id} cannot be written to the remittance: ${field} ${detail}`,
    {
      [`payables.${id}.${field}`]: [detail],
    },
  );
}
