/**
 * Invoices (cobranças): a draft is created in the open financial period, then issued: one "gateway call" that
 * registers a boleto and a PIX BR Code for the invoice's total. `draft -> issued -> paid | canceled`; `overdue`
 * is a list filter (issued, due before today in America/Sao_Paulo).
 *
 * Boleto free field (campo livre, 25 digits):
 *   - Itaú (bank 341): the bank's layout, `itauFreeField` with carteira 109: carteira(3) nosso número(8) DAC(1)
 *     agência(4) conta(5) DAC(1) "000".
 *   - Bradesco (237, carteira 09), Santander (033, carteira 101), Sicoob (756, carteira 1, modalidade 01) and
 *     Banrisul (041):
 *     each bank's own layout (domain/boleto/banks.ts), the beneficiary code taken from the account number;
 *   - any other bank, a generic layout of the sandbox's own: nosso número(11) agência(4) conta(10), the conta
 *     being every digit of the account number with its check digit (an `X` read as 0), zero-padded on the left.
 * The nosso número comes from a per-condominium sequence (8 digits for Itaú, 11 for the generic layout).
 */

import { randomBytes } from 'node:crypto';
import {
  bancoDoBrasilFreeField,
  banrisulFreeField,
  bradescoFreeField,
  caixaFreeField,
  interFreeField,
  safraFreeField,
  santanderFreeField,
  sicoobFreeField,
  sicrediFreeField,
} from '../../domain/boleto/banks.js';
import { buildBoleto, itauFreeField, nossoNumero } from '../../domain/boleto/index.js';
import { type IsoDate, monthOf, todayIn } from '../../domain/dates.js';
import { boletoRefusals, invoiceTotalCents, issuesBoleto } from '../../domain/invoices.js';
import { centsToDecimal, centsToText, decimalToCents } from '../../domain/money.js';
import type { FieldErrors, InvoiceCreate, InvoicePaymentRecord } from '../../domain/request-bodies.js';
import { monotonicUlids } from '../../domain/ulids.js';
import { buildPixPayload, generateTxid } from '../../formats/pix/index.js';
import { storedFrom } from '../db/stored.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import {
  type AccountEntry,
  type BankAccount,
  type CondominiumRecord,
  INVOICE_STORAGE,
  type Invoice,
  type InvoicePayment,
} from '../model.js';
import { recordEntry } from './entries.js';
import { domainRule, invalidState, notFound, validationFailed } from './errors.js';
import { itemRefusals, revenueParts } from './invoice-items.js';
import { periodStateOf } from './periods.js';
import { accountFor, openStatementLine } from './statement-lines.js';

const newPublicId = monotonicUlids();

/** The carteira the sandbox registers Itaú boletos under ("109", direta eletrônica sem emissão). */
export const ITAU_CARTEIRA = '109';

import { digitsOnly } from '../../domain/digits.js';
import type { InvoiceFilterState } from '../../domain/invoices.js';

export { INVOICE_FILTER_STATES, type InvoiceFilterState } from '../../domain/invoices.js';

export interface InvoiceFilters {
  state?: InvoiceFilterState | undefined;
  unit_id?: number | undefined;
  party_id?: number | undefined;
  due_from?: IsoDate | undefined;
  due_to?: IsoDate | undefined;
}

/** Issued and past due on `today` (a boleto due today can still be paid today). */
export function isOverdue(inv: Invoice, today: IsoDate): boolean {
  return inv.state === 'issued' && inv.due_date < today;
}

export function listInvoices(tx: Tx, f: InvoiceFilters, today: IsoDate, page: PageRequest): PageOf<Invoice> {
  const w = tx.invoices
    .where()
    .eq('unit_id', f.unit_id)
    .eq('party_id', f.party_id)
    .gte('due_date', f.due_from)
    .lte('due_date', f.due_to);
  // overdue: issued and due before today (isOverdue)
  if (f.state === 'overdue') w.eq('state', 'issued').lt('due_date', today);
  else w.eq('state', f.state);
  return tx.invoices.page(w, ['due_date', 'public_id'], page);
}

export function findInvoice(tx: Tx, publicId: string): Invoice {
  const inv = tx.invoices.get(publicId);
  if (!inv) throw notFound('invoice');
  return inv;
}

export function createInvoice(tx: Tx, body: InvoiceCreate, now: Date): Invoice {
  const fields: FieldErrors = {};
  if (!tx.units.get(body.unit_id)) fields.unit_id = ['does not exist in this condominium'];
  if (!tx.bankAccounts.get(body.bank_account_id)) {
    fields.bank_account_id = ['does not exist in this condominium'];
  }
  const expected = invoiceTotalCents(body);
  if (decimalToCents(body.total) !== expected) {
    fields.total = [
      `must equal subtotal + fine_amount + interest_amount + monetary_correction_amount - discount_amount = ${centsToText(expected)}`,
    ];
  }
  const today = todayIn(now);
  for (const [name, messages] of Object.entries({
    ...boletoRefusals(body, today),
    ...itemRefusals(tx, body.items, body.subtotal),
  }))
    fields[name] = [...(fields[name] ?? []), ...messages];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  if (periodStateOf(tx, today, today) !== 'open') {
    throw domainRule('period_closed', `the financial period ${monthOf(today)} is closed`, undefined, {
      params: { period: monthOf(today) },
    });
  }
  const invoice = invoiceRecord(body, {
    public_id: newPublicId(now.getTime()),
    billing_type: body.billing_type ?? 'BOLETO_PIX',
    period: monthOf(today),
    created_at: now.toISOString(),
  });
  return tx.invoices.insert(invoice);
}

/**
 * A new invoice: every field its create body names, by name (db/stored.ts: reais as cents), then what the server
 * decides; a draft with no payment yet.
 */
export function invoiceRecord(
  body: Partial<InvoiceCreate>,
  decided: Pick<Invoice, 'public_id' | 'billing_type' | 'period' | 'created_at'>,
): Invoice {
  return {
    ...storedFrom(INVOICE_STORAGE, body),
    state: 'draft',
    issued_at: null,
    paid_at: null,
    payment: null,
    items: body.items ?? null,
    ...decided,
  } as Invoice;
}

/** Digits of an account number or agency (`12345-6` -> `123456`; a check digit `X` counts as 0). */
function digitsOf(text: string): string {
  return digitsOnly(text.replace(/[xX]/g, '0'));
}

/** The last `width` digits, zero-padded on the left. */
function lastDigits(digits: string, width: number): string {
  return digits.padStart(width, '0').slice(-width);
}

/** The check digit written after a dash (`0089755-1` -> `1`), 0 when there is none. */
function checkDigitOf(text: string): string {
  return digitsOf(text.split('-')[1] ?? '').slice(-1) || '0';
}

/**
 * The free field and the nosso número of a boleto registered at `account` with sequence `sequence`, in the
 * layout of the account's bank; `year` (two digits) is the year of issue, which Sicredi's nosso número carries.
 */
export function boletoFreeField(
  account: BankAccount,
  sequence: number,
  year = todayIn(new Date()).slice(2, 4),
): { freeField: string; nossoNumero: string } {
  const agency = lastDigits(digitsOf(account.agency.split('-')[0] ?? ''), 4);
  if (account.bank_code === '341') {
    const nn = nossoNumero(sequence, 8);
    const conta = lastDigits(digitsOf(account.account_number.split('-')[0] ?? ''), 5);
    return {
      freeField: itauFreeField({ carteira: ITAU_CARTEIRA, nossoNumero: nn, agencia: agency, conta }),
      nossoNumero: nn,
    };
  }
  // A real account's beneficiary code (convênio, código do cliente) is the bank's to give; the sandbox takes the
  // account number's digits for it, so each account's boletos are laid out as its bank lays them out.
  const accountDigits = digitsOf(account.account_number);
  const conta = lastDigits(digitsOf(account.account_number.split('-')[0] ?? ''), 7);
  switch (account.bank_code) {
    case '001':
      // a convênio of 7 digits, carteira 17 (cobrança simples), the layout of most of BB's current convênios
      return bancoDoBrasilFreeField({
        convenio: lastDigits(accountDigits, 7),
        sequence,
        carteira: '17',
      });
    case '104':
      return caixaFreeField({ beneficiario: lastDigits(accountDigits, 6), sequence });
    case '748':
      // Sicredi's nosso número holds a 5-digit sequence within the year; a sandbox that issues more wraps round
      return sicrediFreeField({
        cooperativa: agency,
        posto: '01',
        beneficiario: lastDigits(accountDigits, 5),
        year,
        byte: 2,
        sequence: sequence % 100_000,
      });
    case '077':
      return interFreeField({
        numeroDocumento: sequence % 10_000_000,
        conta: lastDigits(digitsOf(account.account_number.split('-')[0] ?? ''), 10),
      });
    case '422':
      return safraFreeField({
        agencia: agency,
        agenciaDv: checkDigitOf(account.agency),
        conta: lastDigits(digitsOf(account.account_number.split('-')[0] ?? ''), 8),
        contaDv: checkDigitOf(account.account_number),
        nossoNumero: sequence,
      });
    case '237':
      return bradescoFreeField({ agencia: agency, carteira: '09', nossoNumero: sequence, conta });
    case '033':
      return santanderFreeField({
        beneficiario: lastDigits(accountDigits, 7),
        nossoNumero: sequence,
        carteira: '101',
      });
    case '041':
      return banrisulFreeField({
        agencia: agency,
        beneficiario: lastDigits(accountDigits, 7),
        nossoNumero: sequence,
      });
    case '756':
      return sicoobFreeField({
        carteira: '1',
        cooperativa: agency,
        modalidade: '01',
        cliente: lastDigits(accountDigits, 7),
        nossoNumero: sequence,
      });
  }
  const nn = nossoNumero(sequence, 11);
  return { freeField: nn + agency + lastDigits(accountDigits, 10), nossoNumero: nn };
}

/** The city of an address written `street, number - district, City - UF, CEP`; São Paulo when unreadable. */
export function cityOf(address: string): string {
  const m = /,\s*([^,]+?)\s*-\s*[A-Z]{2}\s*(?:,|$)/.exec(address);
  return m?.[1] ?? 'Sao Paulo';
}

/**
 * The "gateway call": a boleto (nosso número `sequence`, the condominium's next) and a PIX BR Code (the
 * condominium's CNPJ as key) for the invoice's total and due date. Changes nothing.
 */
export function paymentOptions(
  condo: Pick<CondominiumRecord, 'name' | 'document' | 'address'>,
  account: BankAccount,
  sequence: number,
  inv: Invoice,
  txid: string = generateTxid(),
  pdfId: string = randomBytes(16).toString('hex'),
): InvoicePayment {
  const pix = inv.billing_type === 'BOLETO' ? null : pixCharge(condo, inv, txid);
  if (!issuesBoleto(inv.billing_type)) return { boleto: null, pix };
  const { freeField, nossoNumero: nn } = boletoFreeField(account, sequence);
  const boleto = buildBoleto({
    bankCode: account.bank_code,
    dueDate: inv.due_date,
    amountCents: inv.total_cents,
    freeField,
  });
  return {
    boleto: {
      barcode: boleto.barcode,
      linha_digitavel: boleto.linhaDigitavel,
      nosso_numero: nn,
      pdf_id: pdfId,
    },
    pix,
  };
}

/** The PIX BR Code of an invoice: the condominium's CNPJ as key, the total, a txid. */
function pixCharge(
  condo: Pick<CondominiumRecord, 'name' | 'document' | 'address'>,
  inv: Invoice,
  txid: string,
): { payload: string; txid: string } {
  const payload = buildPixPayload({
    key: condo.document,
    merchantName: condo.name.replace(/^Condom[íi]nio\s+/i, ''),
    merchantCity: cityOf(condo.address),
    amountCents: inv.total_cents,
    txid,
  });
  return { payload, txid };
}

/** An issued invoice by its boleto's PDF id (the public boleto URL), or undefined. */
export function findByBoletoPdf(tx: Tx, pdfId: string): Invoice | undefined {
  return tx.invoices.first(tx.invoices.where().sql("json_extract(payment, '$.boleto.pdf_id') = ?", pdfId));
}

/** draft -> issued, with its payment options. */
export function issueInvoice(tx: Tx, inv: Invoice, now: Date, txid?: string): Invoice {
  if (inv.state !== 'draft')
    throw invalidState(`invoice is ${inv.state}; only a draft can be issued`, {
      resource: 'invoice',
      action: 'issue',
      state: inv.state,
    });
  const account = tx.bankAccounts.get(inv.bank_account_id);
  if (!account) throw validationFailed({ bank_account_id: ['no longer exists in this condominium'] });
  // Checked at create; an invoice stored before that rule still gets a 422 here, never a 500.
  const refusals = boletoRefusals(
    { billing_type: inv.billing_type, due_date: inv.due_date, total: centsToDecimal(inv.total_cents) },
    todayIn(now),
  );
  if (Object.keys(refusals).length > 0) throw validationFailed(refusals);
  const condo = tx.condo;
  inv.payment = paymentOptions(condo, account, condo.nosso_numero_sequence + 1, inv, txid);
  if (inv.payment.boleto) condo.nosso_numero_sequence += 1; // a PIX-only invoice takes no nosso número
  inv.state = 'issued';
  inv.issued_at = now.toISOString();
  return inv;
}

/**
 * issued -> paid on `paidAt` (the day the money arrived). No ledger entry here: whoever learns of the
 * payment (a statement's reconciliation, the seed) decides what to record.
 */
export function settleInvoice(inv: Invoice, paidAt: IsoDate): Invoice {
  if (inv.state !== 'issued')
    throw invalidState(`invoice is ${inv.state}; only an issued invoice can be paid`, {
      resource: 'invoice',
      action: 'pay',
      state: inv.state,
    });
  inv.state = 'paid';
  inv.paid_at = paidAt;
  return inv;
}

/**
 * An issued invoice paid as the bank says (a statement credit reconciled with it): the invoice becomes `paid`
 * and the revenue is recorded on the account that received it, already reconciled (which moves its balance).
 */
export function settleByBankCredit(
  tx: Tx,
  inv: Invoice,
  credit: {
    date: IsoDate;
    bankAccountId: number;
    now: Date;
    /** what was received, when it is not the total (a late payer's fine and interest) */
    amountCents?: number;
    /** the statement line it was, and the rule that found it (#35) */
    statementLineId?: string | null;
    ruleId?: string | null;
  },
): AccountEntry[] {
  settleInvoice(inv, credit.date);
  // each part to its own account (#67): the composition's, then what came beyond it (a fine, interest)
  const entries = revenueParts(tx, inv, credit.amountCents ?? inv.total_cents).map((part) =>
    recordEntry(tx, credit.now, {
      type: 'revenue',
      chart_of_accounts_id: part.chart_of_accounts_id,
      bank_account_id: credit.bankAccountId,
      unit_id: inv.unit_id,
      supplier_id: null,
      amount_cents: part.cents,
      description: `Cobrança ${inv.public_id} (${inv.period})${part.name ? `: ${part.name}` : ''}`,
      payee: null,
      document_number: inv.payment?.boleto?.nosso_numero ?? null,
      payment_method: 'statement',
      due_at: inv.due_date,
      paid_at: credit.date,
      source: 'statement',
      transfer_id: null,
      reconciled: true,
      statement_line_id: credit.statementLineId ?? null,
      rule_id: credit.ruleId ?? null,
    }),
  );
  return entries;
}

/**
 * An issued invoice's payment as the statement shows it (#35, an extension): a resident's PIX a rule found by the
 * payer's CPF. At least the invoice's total (a late payer pays more); the revenue booked is what was received, and
 * the statement line it names is accounted for.
 */
export function recordInvoicePayment(tx: Tx, inv: Invoice, body: InvoicePaymentRecord, now: Date): Invoice {
  const fields: FieldErrors = {};
  const account = tx.bankAccounts.get(body.bank_account_id ?? inv.bank_account_id);
  if (!account) fields.bank_account_id = ['does not exist in this condominium'];
  const cents = decimalToCents(body.amount);
  if (cents < inv.total_cents)
    fields.amount = [
      `${body.amount} is less than the invoice's total ${centsToDecimal(inv.total_cents)}: it does not settle it`,
    ];
  const line =
    account && body.statement_line_id
      ? openStatementLine(tx, body.statement_line_id, {
          bankAccountId: account.id,
          type: 'revenue',
          cents,
          fields,
        })
      : null;
  if (Object.keys(fields).length > 0 || !account) throw validationFailed(fields);
  const entries = settleByBankCredit(tx, inv, {
    date: body.paid_at,
    bankAccountId: account.id,
    now,
    amountCents: cents,
    statementLineId: line?.movement.id ?? null,
    ruleId: body.rule_id ?? null,
  });
  if (line) accountFor(tx, line, entries, now);
  return inv;
}

/**
 * draft or issued -> canceled (#67, an extension: a billing run replaced); a paid invoice is not, and a canceled
 * one is already.
 */
export function cancelInvoice(inv: Invoice): Invoice {
  if (inv.state !== 'draft' && inv.state !== 'issued')
    throw invalidState(`invoice is ${inv.state}; only a draft or an issued invoice can be canceled`, {
      resource: 'invoice',
      action: 'cancel',
      state: inv.state,
    });
  inv.state = 'canceled';
  return inv;
}

/** An issued invoice settled by an agreement (#70): renegotiated, with the agreement and the time; once only. */
export function renegotiateInvoice(inv: Invoice, agreement: string, now: Date): Invoice {
  if (inv.state === 'renegotiated' && inv.agreement === agreement) return inv;
  if (inv.state !== 'issued')
    throw invalidState(`invoice is ${inv.state}; only an issued invoice can be settled by an agreement`, {
      resource: 'invoice',
      action: 'renegotiate',
      state: inv.state,
    });
  inv.state = 'renegotiated';
  inv.agreement = agreement;
  inv.renegotiated_at = now.toISOString();
  return inv;
}

export function issuedPaymentOf(inv: Invoice): InvoicePayment {
  if (!inv.payment) throw notFound('payment_options');
  return inv.payment;
}
